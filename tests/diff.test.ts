// `plumbline diff` end to end on the embedded reference: against itself with one fault switch on, it
// shows that fault's differences and nothing else (same seed both sides); against itself with every
// legal variant on, every difference it shows is marked legal.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import type { DiffReport } from "../reporter/diff.ts";
import { DIFF_FILES } from "../reporter/diff-render.ts";

const FAULT = "tag-list-skips-volumes"; // breaks TAG-LIST-1 (reference/FAULTS.md)

async function plumblineDiff(
  ...args: string[]
): Promise<{ code: number; output: string; dir: string; report?: DiffReport }> {
  const dir = mkdtempSync(join(tmpdir(), "plb-diff-"));
  let code = 0;
  let output = "";
  try {
    const r = await promisify(execFile)(
      process.execPath,
      [
        "bin/plumbline.mjs",
        "diff",
        "--seed",
        "5",
        "--report-dir",
        dir,
        "--ledger-dir",
        join(dir, "ledger"),
        ...args,
      ],
      { timeout: 280_000 },
    );
    output = r.stdout + r.stderr;
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    code = typeof err.code === "number" ? err.code : -1;
    output = `${err.stdout ?? ""}${err.stderr ?? ""}`;
  }
  const file = join(dir, "diff.json");
  return {
    code,
    output,
    dir,
    report: existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as DiffReport) : undefined,
  };
}

describe("plumbline diff", () => {
  it("reference against reference + one fault: that fault's differences and nothing else", {
    timeout: 300_000,
  }, async () => {
    const r = await plumblineDiff("--areas", "tags", "--reference-faults-b", FAULT);
    expect(r.code, r.output.slice(-3000)).toBe(1);
    for (const f of DIFF_FILES) expect(existsSync(join(r.dir, f)), f).toBe(true);
    const d = r.report!;
    expect(d.b.label).toBe(`reference + faults ${FAULT}`);
    // a legal difference (one more request while polling or paging) may come with the fault too;
    // what is not legal is exactly what the fault broke (it passes on a, fails on b), and back
    const differing = d.checks.filter((c) => c.differences.some((x) => !x.legal));
    expect(
      differing
        .map((c) => `${c.name}: ${c.outcome.a} / ${c.outcome.b}`)
        .filter((l) => !l.endsWith("pass / fail")),
    ).toEqual([]);
    const failedOnB = d.checks.filter((c) => c.outcome.b === "fail").map((c) => c.name);
    expect(differing.map((c) => c.name).sort()).toEqual(failedOnB.sort());
    expect(differing.some((c) => c.requirementIds.includes("TAG-LIST-1"))).toBe(true);
    expect(d.totals.notLegal).toBe(differing.length);
    const html = readFileSync(join(r.dir, "diff.html"), "utf8");
    expect(html).toContain("side a");
    expect(html).toContain(`reference + faults ${FAULT}`);
  });

  it("reference against reference + every legal variant: every difference is legal", {
    timeout: 300_000,
  }, async () => {
    // the matrix by classes: the false-alarm test runs the whole matrix against every variant
    const r = await plumblineDiff("--reference-variants-b", "all", "--matrix", "classes");
    const d = r.report!;
    expect(d, r.output.slice(-3000)).toBeDefined();
    const bad = d.checks.flatMap((c) =>
      c.differences
        .filter((x) => !x.legal)
        .map(
          (x) =>
            `${c.name}: ${x.kind} ${x.where}: ${JSON.stringify(x.a)} / ${JSON.stringify(x.b)} (${x.why})`,
        ),
    );
    expect(bad).toEqual([]);
    expect(d.totals.differences).toBeGreaterThan(0); // the variants do differ
    expect(r.code).toBe(0);
  });
});
