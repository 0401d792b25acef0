// End to end, as a user runs it: `plumbline run` against the embedded reference target.
// The reference conforms, so every MUST and SHOULD check passes; a fault switch that breaks a MUST
// requirement makes the gate fail; the same seed gives the same outcomes.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listLedgers, readLedger } from "../harness/ledger.ts";
import { EVERYWHERE_SKIP } from "../suites/invariants/each.ts";
import { evidenceProblems } from "../reporter/evidence-schema.ts";

interface Report {
  checks: { name: string; level: string; outcome: string; reason?: string }[];
}

function run(env: Record<string, string> = {}, ...args: string[]) {
  const dir = mkdtempSync(join(tmpdir(), "plb-e2e-"));
  const r = spawnSync(
    process.execPath,
    ["bin/plumbline.mjs", "run", "--report-dir", dir, "--ledger-dir", join(dir, "ledger"), ...args],
    {
      env: { ...process.env, ...env },
      encoding: "utf8",
      timeout: 170_000,
      // a run with a fault prints more than spawnSync's default 1 MB: past it the child is killed
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  const report = existsSync(join(dir, "conformance.json"))
    ? (JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8")) as Report)
    : undefined;
  return { status: r.status, output: r.stdout + r.stderr, dir, report };
}

describe("plumbline run against the embedded reference", () => {
  const clean = run({}, "--seed", "42");

  it("exits 0 and writes the four reports", () => {
    expect(clean.status, clean.output.slice(-3000)).toBe(0);
    for (const f of ["conformance.json", "conformance.md", "conformance.html", "junit.xml"])
      expect(existsSync(join(clean.dir, f)), f).toBe(true);
    // the evidence a full run writes conforms to its documented schema (docs/evidence.md)
    expect(evidenceProblems(clean.report)).toEqual([]);
  });

  it("passes every MUST and SHOULD check", () => {
    // a cell no target can exercise (suites/invariants/each.ts) skips on every target alike
    const bad = clean
      .report!.checks.filter(
        (c) =>
          c.level !== "INFO" &&
          c.outcome !== "pass" &&
          !(c.outcome === "skip" && c.reason?.startsWith(EVERYWHERE_SKIP)),
      )
      .map((c) => `${c.outcome}: ${c.name}: ${c.reason ?? ""}`);
    expect(bad).toEqual([]);
    expect(clean.report!.checks.length).toBeGreaterThan(10);
  });

  it("leaves nothing behind: the run's ledger is closed with nothing open", () => {
    const ledgers = listLedgers(join(clean.dir, "ledger")).map(readLedger);
    expect(ledgers).toHaveLength(1);
    expect(ledgers[0].open).toEqual([]);
    expect(ledgers[0].ended).toBe(true);
  });

  // each of these runs the whole suite once more
  it("gives the same outcomes for the same seed", { timeout: 180_000 }, () => {
    const again = run({}, "--seed", "42");
    const outcomes = (r: Report | undefined) =>
      r!.checks.map((c) => `${c.name}: ${c.outcome}`).sort();
    expect(outcomes(again.report)).toEqual(outcomes(clean.report));
  });

  it("exits non-zero when the target breaks a MUST requirement", { timeout: 180_000 }, () => {
    // the fault breaks a convention: the conventions' checks (and the matrix by classes) see it
    const broken = run(
      { PLUMBLINE_REFERENCE_FAULTS: "error-body-plain" },
      "--areas",
      "conventions",
      "--matrix",
      "classes",
    );
    expect(broken.status).toBe(1);
    expect(evidenceProblems(broken.report)).toEqual([]);
    expect(broken.report!.checks.some((c) => c.level === "MUST" && c.outcome === "fail")).toBe(
      true,
    );
  });
});
