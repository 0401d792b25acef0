// Sharded runs: `plumbline run --shard i/n` on each machine, `plumbline report merge` of the slices,
// gives the verdict of the unsharded run. Proved on the embedded reference with a fault switch on,
// so the identity covers failures and a failed gate as well as passes: a subset of areas (kept small
// for speed), one unsharded run and two slices, all with the same seed.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { RunReport } from "../reporter/types.ts";
import { evidenceProblems } from "../reporter/evidence-schema.ts";

const exec = promisify(execFile);
const AREAS = "tags,recipes";
const FAULT = "tag-list-skips-volumes";
const dir = mkdtempSync(join(tmpdir(), "plb-shard-"));

async function plumbline(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const r = await exec(process.execPath, ["bin/plumbline.mjs", ...args], {
      env: { ...process.env, PLUMBLINE_REFERENCE_FAULTS: FAULT },
      timeout: 120_000,
    });
    return { code: 0, output: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof err.code === "number" ? err.code : -1,
      output: `${err.stdout ?? ""}${err.stderr ?? ""}`,
    };
  }
}
const runArgs = (out: string, ...more: string[]) => [
  "run",
  "--seed",
  "11",
  "--areas",
  AREAS,
  "--report-dir",
  join(dir, out),
  "--ledger-dir",
  join(dir, "ledger"),
  ...more,
];
const read = (out: string) =>
  JSON.parse(readFileSync(join(dir, out, "conformance.json"), "utf8")) as RunReport;

const [whole, _one, _two] = await Promise.all([
  plumbline(...runArgs("whole")),
  plumbline(...runArgs("s1", "--shard", "1/2")),
  plumbline(...runArgs("s2", "--shard", "2/2")),
]);
const merge = await plumbline(
  "report",
  "merge",
  join(dir, "s1", "conformance.json"),
  join(dir, "s2", "conformance.json"),
  "-o",
  join(dir, "merged"),
);

/** Outcome and reason of each check, by file and name: the verdict's substance. */
const verdicts = (r: RunReport) =>
  Object.fromEntries(
    r.checks.map((c) => [
      `${c.file} > ${c.name}`,
      `${c.outcome}${c.outcome === "fail" ? "" : ` ${c.reason ?? ""}`}`,
    ]),
  );
const cells = (r: RunReport) =>
  r.matrix.rows
    .map(
      (row) => `${row.operationId}: ${r.matrix.kinds.map((k) => row.cells[k].outcome).join(" ")}`,
    )
    .sort();

describe("plumbline run --shard i/n, then plumbline report merge", () => {
  it("each slice runs part of the checks, and together they hold each check once", () => {
    expect(whole.code, whole.output.slice(-2000)).toBe(1); // the fault breaks a MUST requirement
    const [a, b] = [read("s1"), read("s2")];
    expect(a.targets[0].shard).toEqual({ index: 1, count: 2 });
    expect(a.checks.length).toBeGreaterThan(0);
    expect(b.checks.length).toBeGreaterThan(0);
    const files = (r: RunReport) => new Set(r.checks.map((c) => c.file));
    expect([...files(a)].filter((f) => files(b).has(f))).toEqual([]); // file-level slices
    expect(a.checks.length + b.checks.length).toBe(read("whole").checks.length);
  });

  it("the merged slices give the unsharded verdict: outcomes per check, exit code, counts, coverage, matrix", () => {
    const [w, m] = [read("whole"), read("merged")];
    expect(m.merged?.kind).toBe("shards");
    expect(m.runErrors).toEqual([]);
    expect(verdicts(m)).toEqual(verdicts(w));
    expect(merge.code, merge.output).toBe(whole.code);
    expect(m.gate).toEqual(w.gate);
    expect(m.totals).toEqual(w.totals);
    expect(m.coverage.summary).toEqual(w.coverage.summary);
    expect(m.coverage.byLevel).toEqual(w.coverage.byLevel);
    expect(m.coverage.untested).toEqual(w.coverage.untested);
    expect(cells(m)).toEqual(cells(w));
    // the merged evidence conforms to its schema and says what the slices were judged with
    for (const r of [w, m, read("s1")]) expect(evidenceProblems(r)).toEqual([]);
    expect(m.judgedWith?.spec).toEqual(w.judgedWith!.spec);
    expect(m.judgedWith?.catalog).toEqual(w.judgedWith!.catalog);
    expect(m.checks.some((c) => c.outcome === "fail")).toBe(true);
  });

  it("a slice missing from the merge makes the verdict incomplete (exit 2), naming the slice", async () => {
    const r = await plumbline(
      "report",
      "merge",
      join(dir, "s1", "conformance.json"),
      "-o",
      join(dir, "half"),
    );
    expect(read("half").runErrors.join("\n")).toMatch(
      /shard 2\/2 of reference \(seed 11\) is missing/,
    );
    const failed = read("s1").checks.some((c) => c.level === "MUST" && c.outcome === "fail");
    expect(r.code).toBe(failed ? 1 : 2); // a failed MUST check wins over incomplete
  });
});
