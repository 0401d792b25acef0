import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gateExitCode, REPORT_FILES } from "./index.ts";
import { parseReport } from "./json.ts";
import { evidenceProblems } from "./evidence-schema.ts";

describe("ConformanceReporter in a real vitest run", () => {
  const out = mkdtempSync(join(tmpdir(), "plumbline-reporter-"));
  const expectations = join(out, "expectations.yaml");
  writeFileSync(
    expectations,
    "- id: ACC-UPD-2\n  reason: known, ticket 12\n- id: ACC-VIEW-1\n  reason: was broken once\n",
  );
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--config", "reporter/fixtures/vitest.fixture.config.ts"],
    {
      cwd: join(import.meta.dirname, ".."),
      env: {
        ...process.env,
        PLUMBLINE_FIXTURE_OUT: out,
        PLUMBLINE_FIXTURE_EXPECTATIONS: expectations,
        CI: "1",
      },
      encoding: "utf8",
      timeout: 60_000,
    },
  );

  it("writes the four files; conformance.json conforms to docs/evidence.schema.json", () => {
    for (const f of REPORT_FILES)
      expect(existsSync(join(out, f)), `${f}\n${run.stderr}`).toBe(true);
    expect(evidenceProblems(join(out, "conformance.json"))).toEqual([]);
  });

  it("turns every test into a check with the right outcome and reason", () => {
    const r = parseReport(readFileSync(join(out, "conformance.json"), "utf8"));
    const by = Object.fromEntries(r.checks.map((c) => [c.name, c]));
    expect(by["[ACC-VIEW-1] view the account"]).toMatchObject({
      outcome: "pass",
      requirementIds: ["ACC-VIEW-1"],
      file: "reporter/fixtures/suite.fixture.ts",
    });
    expect(by["[ACC-UPD-2] email too long is refused"]).toMatchObject({
      outcome: "fail",
      reason: "expected a 4xx, got 200",
      expected: { reason: "known, ticket 12" },
    });
    expect(by["[VM-BOOT-3] several configs: the last booted config boots"]).toMatchObject({
      outcome: "skip",
      reason: "provider state 'held-jobs' not offered",
      area: "vm",
    });
    expect(by["[SUP-TICKET-1] harness says skip"]).toMatchObject({
      outcome: "skip",
      reason: "needs opt-in: billable",
    });
    // a generic cell's family and clause travel from the task's meta into the record
    expect(by["anonymous × getAccount: info"]).toMatchObject({
      outcome: "pass",
      level: "INFO",
      generic: "authz",
      clause: "Whether an anonymous caller may view the account is `not shown`",
    });
    expect(r.undecided).toEqual([
      {
        check: r.checks.indexOf(by["anonymous × getAccount: info"]),
        family: "authz",
      },
    ]);
    expect(by["a bare test"]).toMatchObject({
      outcome: "error",
      reason: "not declared through check()",
    });
    expect(r.observations).toEqual([
      {
        requirementId: "ACC-VIEW-1",
        note: "status",
        value: 200,
        check: r.checks.indexOf(by["[ACC-VIEW-1] view the account"]),
      },
    ]);
    expect(r.target).toEqual({ url: "http://127.0.0.1:9", label: "fixture" });
    expect(r.seed).toBe(7);
    expect(r.tool.name).toBe("plumbline");
    expect(r.apiVersion).toBe("4.106.1");
  });

  it("applies the expectations file and gates: the undeclared test makes the run incomplete (2)", () => {
    const r = parseReport(readFileSync(join(out, "conformance.json"), "utf8"));
    expect(r.expectations.map((e) => [e.id, e.status])).toEqual([
      ["ACC-UPD-2", "expected-failure"],
      ["ACC-VIEW-1", "unexpected-pass"],
    ]);
    expect(r.gate).toMatchObject({
      verdict: "error",
      exitCode: 2,
      failures: 0,
      expectedFailures: 1,
      errors: 1,
      unexpectedPasses: 1,
    });
    expect(gateExitCode(r)).toBe(2);
    expect(readFileSync(join(out, "conformance.md"), "utf8")).toContain(
      "**INCOMPLETE (exit 2, gate MUST): 1 check ended in error",
    );
  });
});
