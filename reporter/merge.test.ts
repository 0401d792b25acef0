import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assertWellFormedXml, check, fixtureChecks, fixtureReport } from "./fixtures.ts";
import { gateExitCode } from "./gate.ts";
import { renderJson } from "./json.ts";
import { mergeReports } from "./merge.ts";
import { REPORT_FILES } from "./write.ts";
import type { RunReport } from "./types.ts";
import { evidenceProblems } from "./evidence-schema.ts";

function save(dir: string, name: string, r: RunReport): string {
  const p = join(dir, name);
  writeFileSync(p, renderJson(r));
  return p;
}

describe("mergeReports", () => {
  it("joins shards of one run into one report", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-merge-"));
    const all = fixtureChecks();
    const exp = [{ id: "CONV-404-1", reason: "known" }];
    const a = fixtureReport({
      checks: all.slice(0, 3),
      expectations: exp,
      startedAt: "2025-01-01T00:00:00.000Z",
    });
    const b = fixtureReport({
      checks: all.slice(3),
      expectations: exp,
      startedAt: "2025-01-01T00:00:01.000Z",
    });
    expect(a.expectations[0].status).toBe("unmatched"); // shard 1 does not hold the check
    // each slice left something on the target: the merged report lists both, as one run would
    const left = (what: string) => ({
      what,
      reason: "a public recipe cannot be deleted",
      onPurpose: true,
    });
    a.leftOnTarget = [left("recipe 1")];
    b.leftOnTarget = [left("recipe 2")];
    const out = join(dir, "merged");
    const m = mergeReports([save(dir, "a.json", a), save(dir, "b.json", b)], out);
    expect(evidenceProblems(join(out, "conformance.json"))).toEqual([]);
    expect(m.leftOnTarget).toEqual([left("recipe 1"), left("recipe 2")]);

    expect(m.merged).toEqual({
      kind: "shards",
      sources: [join(dir, "a.json"), join(dir, "b.json")],
    });
    expect(m.targets).toHaveLength(1);
    expect(m.checks).toHaveLength(all.length);
    expect(m.totals).toEqual(fixtureReport({ expectations: exp }).totals);
    expect(m.expectations).toEqual([
      { id: "CONV-404-1", reason: "known", status: "expected-failure", checks: [4] },
    ]);
    expect(m.coverage.summary).toEqual(fixtureReport().coverage.summary);
    expect(m.startedAt).toBe("2025-01-01T00:00:00.000Z");
    expect(m.durationMs).toBe(1000 + 1234);
    expect(gateExitCode(m)).toBe(1);
    for (const f of REPORT_FILES) expect(existsSync(join(out, f))).toBe(true);
    expect(readFileSync(join(out, "conformance.md"), "utf8")).toContain("merged from 2 shards");
  });

  it("keeps the worst outcome of a check present in two shards", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-merge-"));
    const c = (outcome: "pass" | "fail") =>
      check({
        name: "x > [ACC-VIEW-1] v",
        requirementIds: ["ACC-VIEW-1"],
        operationIds: ["getAccount"],
        outcome,
        reason: outcome === "fail" ? "broke" : undefined,
      });
    const m = mergeReports(
      [
        save(dir, "a.json", fixtureReport({ checks: [c("pass")] })),
        save(dir, "b.json", fixtureReport({ checks: [c("fail")] })),
      ],
      dir,
      { write: false },
    );
    expect(m.checks.map((x) => x.outcome)).toEqual(["fail"]);
  });

  it("joins runs of two targets into one matrix with a column per target", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-merge-"));
    const ref = fixtureReport({
      checks: [
        check({
          name: "acc > [ACC-VIEW-1] view",
          requirementIds: ["ACC-VIEW-1"],
          operationIds: ["getAccount"],
          outcome: "pass",
        }),
      ],
    });
    const acme = fixtureReport({
      target: { url: "https://api.acme.test", label: "acme" },
      seed: 9,
      checks: [
        check({
          name: "acc > [ACC-VIEW-1] view",
          requirementIds: ["ACC-VIEW-1"],
          operationIds: ["getAccount"],
          outcome: "fail",
          reason: "got 500",
        }),
        check({
          name: "vm > [VM-LIST-1] list",
          requirementIds: ["VM-LIST-1"],
          operationIds: ["listInstances"],
          area: "vm",
          outcome: "pass",
        }),
      ],
      expectations: [{ id: "VM-LIST-1", reason: "was broken" }],
    });
    const out = join(dir, "merged");
    const m = mergeReports([save(dir, "ref.json", ref), save(dir, "acme.json", acme)], out);

    expect(m.merged?.kind).toBe("targets");
    expect(m.targets.map((t) => t.label)).toEqual(["reference", "acme"]);
    expect(m.matrix.targets).toEqual(["reference", "acme"]);
    expect(m.checks.map((c) => c.target)).toEqual(["reference", "acme", "acme"]);
    const row = m.matrix.rows.find((r) => r.operationId === "getAccount")!;
    expect(row.byTarget!.reference.happy.outcome).toBe("pass");
    expect(row.byTarget!.acme.happy.outcome).toBe("fail");
    expect(row.cells.happy.outcome).toBe("fail");
    expect(m.matrix.operations.byTarget).toEqual({ reference: 1, acme: 2 });
    expect(m.coverage.requirements.find((q) => q.id === "ACC-VIEW-1")!.byTarget).toEqual({
      reference: "pass",
      acme: "fail",
    });
    expect(m.totalsByTarget!.acme.MUST).toMatchObject({ pass: 1, fail: 1 });
    expect(m.expectations).toEqual([
      {
        id: "VM-LIST-1",
        reason: "was broken",
        status: "unexpected-pass",
        checks: [2],
        target: "acme",
      },
    ]);
    expect(gateExitCode(m)).toBe(1);

    const md = readFileSync(join(out, "conformance.md"), "utf8");
    expect(md).toContain("# plumbline conformance: reference vs acme");
    expect(md).toContain("| operation |  | reference | acme |");
    // eight kinds: happy, validation, state, error, auth, convention, limit, fuzz
    expect(md).toContain("| `getAccount` | `GET /v4/account` | ✅······· | ❌······· |");
    expect(md).toContain(
      "Each target's cell shows the kinds in order: happy, validation, state, error, auth, convention, limit, fuzz.",
    );
    expect(md).toMatch(/\| acme \| 1\/1\/0\/0 \|/);
    const xml = readFileSync(join(out, "junit.xml"), "utf8");
    assertWellFormedXml(xml);
    expect(xml).toContain('<testsuite name="acme/account"');
    expect(xml).toContain('<testsuite name="reference/account"');
    const html = readFileSync(join(out, "conformance.html"), "utf8");
    expect(html).toContain("<b>acme</b>");
  });

  it("tells apart two runs of one label with different seeds", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-merge-"));
    const one = check({ name: "a", operationIds: ["getAccount"], outcome: "pass" });
    const m = mergeReports(
      [
        save(dir, "1.json", fixtureReport({ checks: [one], seed: 1 })),
        save(dir, "2.json", fixtureReport({ checks: [{ ...one }], seed: 2 })),
      ],
      dir,
      { write: false },
    );
    expect(m.targets.map((t) => t.label)).toEqual(["reference (seed 1)", "reference (seed 2)"]);
  });

  it("refuses what is not a conformance.json", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-merge-"));
    writeFileSync(join(dir, "x.json"), "{}");
    expect(() => mergeReports([join(dir, "x.json")], dir)).toThrow(
      /not a plumbline conformance.json/,
    );
  });
});
