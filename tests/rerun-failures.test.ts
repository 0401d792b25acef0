// --rerun-failures end to end: narrow runs against the embedded reference with a fault that fires
// at a rate (flaky on purpose) and one that always fires. One worker, one check at a time
// (--concurrency 1), so the reference's seeded draws fall on the same requests every time: with
// fault seed 3 and five reruns, every failing check of errors.test.ts both fails and passes. (If
// the suite file changes, pick the seed again: run the command below and read conformance.md.)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { evidenceProblems } from "../reporter/evidence-schema.ts";
import { describe, expect, it } from "vitest";
import { evaluateGate, gateExitCode } from "../reporter/gate.ts";
import { parseReport } from "../reporter/json.ts";
import type { RunReport } from "../reporter/types.ts";
import { runPlumbline } from "./plumbline-child.ts";

const NARROW = [
  "--files",
  "suites/conventions/errors.test.ts",
  "--concurrency",
  "1",
  "--seed",
  "1",
];
/** The run's conformance.json, checked against the evidence schema (docs/evidence.schema.json). */
const read = (dir: string): RunReport => {
  const text = readFileSync(join(dir, "conformance.json"), "utf8");
  expect(evidenceProblems(JSON.parse(text))).toEqual([]);
  return parseReport(text);
};
const failing = (r: RunReport) => r.checks.filter((c) => c.outcome === "fail");

describe("--rerun-failures", () => {
  it("a fault at a rate: the failing checks are rerun, marked flaky, and the gate follows --flaky", {
    timeout: 120_000,
  }, async () => {
    const run = await runPlumbline([...NARROW, "--flaky", "fail"], {
      PLUMBLINE_REFERENCE_FAULTS: "error-body-plain~0.5",
      PLUMBLINE_REFERENCE_FAULT_SEED: "3",
      PLUMBLINE_RERUN_FAILURES: "5",
    });
    const r = read(run.dir);
    const failed = failing(r);
    expect(failed.length).toBeGreaterThan(1);
    for (const c of failed) {
      // the first outcome stays; five reruns, at least one of them passed
      expect(c.reruns).toHaveLength(5);
      expect(c.reruns).toContain("pass");
      expect(c.flaky).toBe(true);
      // the first rerun that passed is kept with its exchanges (secrets masked as in any check)
      const kept = c.rerunEvidence?.find((e) => e.outcome === "pass");
      expect(kept?.attempt).toBe(c.reruns!.indexOf("pass") + 1);
      expect(kept?.exchanges.length).toBeGreaterThan(0);
      for (const x of kept!.exchanges)
        if (x.requestHeaders.Authorization)
          expect(x.requestHeaders.Authorization).toBe("Bearer [REDACTED]");
    }
    const keptHeaders = failed.flatMap((c) =>
      (c.rerunEvidence ?? []).flatMap((e) => e.exchanges.map((x) => x.requestHeaders)),
    );
    expect(keptHeaders.some((h) => h.Authorization === "Bearer [REDACTED]")).toBe(true);
    expect(r.reruns).toMatchObject({ rounds: 5, roundsRun: 5, cut: 0, flaky: failed.length });
    // --flaky fail: the flaky MUST failures gate, and the reason says they are flaky
    expect(run.code).toBe(1);
    expect(r.options.flaky).toBe("fail");
    expect(r.gate.reasons[0]).toMatch(/^\d+ MUST failures? \(\d+ flaky, gated by --flaky fail\)$/);
    // --flaky warn on the same evidence: reported, not gated
    const warn = { ...r, options: { ...r.options, flaky: "warn" as const } };
    expect(gateExitCode(warn)).toBe(0);
    expect(evaluateGate(warn).reasons[0]).toMatch(
      /^\d+ flaky MUST failures? not gated \(failed, then passed on a rerun; --flaky warn\)$/,
    );
    // every report says so
    const md = readFileSync(join(run.dir, "conformance.md"), "utf8");
    expect(md).toContain(
      `- reruns (--rerun-failures 5): ${failed.length} failing checks run 5 more times, ${failed.length} flaky (--flaky fail)`,
    );
    expect(readFileSync(join(run.dir, "junit.xml"), "utf8")).toContain(
      "(--flaky fail)</system-out>",
    );
    expect(run.said.join("\n")).toContain(
      `plumbline: reruns: ${failed.length} of ${failed.length} flaky (passed and failed), 5 rounds in `,
    );
  });

  it("a fault that always fires is not flaky: it fails every rerun and gates", {
    timeout: 120_000,
  }, async () => {
    const run = await runPlumbline([...NARROW, "--rerun-failures", "1"], {
      PLUMBLINE_REFERENCE_FAULTS: "error-body-plain",
    });
    const r = read(run.dir);
    const failed = failing(r);
    expect(failed.length).toBeGreaterThan(1);
    for (const c of failed) {
      expect(c.reruns).toEqual(["fail"]);
      expect(c.flaky).toBeUndefined();
      expect(c.rerunEvidence).toBeUndefined();
    }
    expect(r.reruns).toMatchObject({ rounds: 1, roundsRun: 1, flaky: 0 });
    expect(run.code).toBe(1);
    expect(r.gate.reasons[0]).toMatch(/^\d+ MUST failures?$/);
  });
});
