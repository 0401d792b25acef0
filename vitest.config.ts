import { defineConfig } from "vitest/config";

// Two projects: `unit` tests plumbline itself (spec, reference, harness, reporter);
// `conformance` is the suite run against a target (started by `plumbline run`).
export default defineConfig({
  test: {
    // `plumbline run` sets its own reporters; these serve `npm test`
    reporters: ["default", "./tests/plain-summary.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/**/*.test.ts", "spec/**/*.test.ts", "reference/**/*.test.ts", "harness/**/*.test.ts", "reporter/**/*.test.ts", "generators/**/*.test.ts"],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "conformance",
          include: ["suites/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
