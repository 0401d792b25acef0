import { defineConfig } from "vitest/config";

// Two projects: `unit` tests plumbline itself (spec, reference, harness, reporter);
// `conformance` is the suite run against a target (started by `plumbline run`).
export default defineConfig({
  test: {
    // `plumbline run` sets its own reporters; these serve `npm test`
    reporters: ["default", "./tests/plain-summary.ts"],
    // transformed modules kept under node_modules/.vitest-cache (keyed by content): each worker of a
    // run otherwise transforms the same harness, spec and suite modules again
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: [
            "tests/**/*.test.ts",
            "spec/**/*.test.ts",
            "reference/**/*.test.ts",
            "harness/**/*.test.ts",
            "runner/**/*.test.ts",
            "reporter/**/*.test.ts",
            "generators/**/*.test.ts",
          ],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "conformance",
          include: ["suites/**/*.test.ts"],
          exclude: ["suites/**/*.serial.test.ts"],
          testTimeout: 60_000,
          // checks share nothing but the harness's caches (spec, validator, catalog); each builds
          // its own resources, so one module graph per worker saves re-loading them for every file
          isolate: false,
          sequence: { groupOrder: 0 },
          // the checks of a file run concurrently too, as many as the worker's share of
          // --concurrency (harness/concurrency.ts); each builds its own resources
          runner: "./harness/concurrent-runner.ts",
        },
      },
      {
        // checks that change target-wide state (the clock, held jobs, the account's balance or
        // managed service) run after the parallel ones, one file at a time, so no check sees another's
        test: {
          name: "conformance-serial",
          include: ["suites/**/*.serial.test.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
