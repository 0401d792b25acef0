// The convergence table (INFO: the lag of reads after a write, per oracle and per kind) and the race
// table (resource kind × race rule), computed from the checks and written into the Markdown and HTML.
import { describe, expect, it } from "vitest";
import type { Settled } from "../harness/model.ts";
import { computeConvergence, computeRaces, percentile } from "./convergence.ts";
import { check, fixtureReport } from "./fixtures.ts";
import { renderHtml } from "./html.ts";
import { renderMarkdown } from "./md.ts";

const read = (oracle: string, lagMs: number, converged = true, kind?: string): Settled => ({
  oracle,
  lagMs,
  reads: lagMs ? 3 : 1,
  converged,
  ...(kind ? { kind } : {}),
});

describe("computeConvergence", () => {
  it("is absent when no check read after a write", () => {
    expect(computeConvergence([check({ name: "plain", outcome: "pass" })])).toBeUndefined();
  });

  it("counts the reads per oracle and kind, the ones that agreed later, and the lag's percentiles", () => {
    const a = check({ name: "a", outcome: "pass", resource: "recipe" });
    a.settled = [read("read-your-writes", 0), read("read-your-writes", 120), read("tags", 0)];
    const b = check({ name: "b", outcome: "fail" });
    b.settled = [
      read("read-your-writes", 480, true, "config"),
      read("list = view", 2010, false, "config"),
    ];
    const c = computeConvergence([a, b], 2000)!;
    expect(c.windowMs).toBe(2000);
    expect(c.all).toMatchObject({ judged: 5, lagged: 3, neverConverged: 1, p50: 120, max: 480 });
    const ryw = c.byOracle.find((r) => r.key === "read-your-writes")!;
    expect(ryw).toMatchObject({ judged: 3, lagged: 2, neverConverged: 0, p50: 120, p90: 480 });
    expect(c.byOracle.find((r) => r.key === "tags")).toMatchObject({ judged: 1, lagged: 0 });
    expect(c.byOracle.find((r) => r.key === "tags")!.p50).toBeUndefined();
    // a read without a kind of its own takes its check's
    expect(c.byKind.map((r) => r.key).sort()).toEqual(["config", "recipe"]);
    expect(c.byKind.find((r) => r.key === "config")).toMatchObject({ judged: 2, lagged: 2 });
  });

  it("takes percentiles by nearest rank", () => {
    const v = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(v, 50), percentile(v, 90), percentile(v, 99)]).toEqual([50, 90, 99]);
    expect(percentile([], 50)).toBeUndefined();
    expect(percentile([7], 99)).toBe(7);
  });
});

describe("computeRaces", () => {
  const race = (resource: string, id: string, outcome: "pass" | "fail" | "skip") =>
    check({ name: `${resource} ${id}`, outcome, requirementIds: [id], resource });

  it("is absent without race checks; rolls each kind × rule up to its worst check", () => {
    expect(computeRaces([race("recipe", "CONV-SCOPE-1", "pass")])).toBeUndefined();
    const m = computeRaces([
      race("managedCredential", "CONV-RACE-1", "pass"),
      race("managedCredential", "CONV-RACE-1", "fail"),
      race("recipe", "CONV-RACE-3", "pass"),
      race("recipe", "CONV-RACE-4", "skip"),
    ])!;
    expect(m.rules).toEqual(["CONV-RACE-1", "CONV-RACE-3", "CONV-RACE-4"]);
    expect(m.kinds).toEqual(["managedCredential", "recipe"]);
    expect(m.cells.managedCredential!["CONV-RACE-1"]!.outcome).toBe("fail");
    expect(m.cells.recipe!["CONV-RACE-4"]!.outcome).toBe("skip");
  });
});

describe("the reports", () => {
  it("write the convergence and race tables into the Markdown and the HTML page", () => {
    const r = fixtureReport();
    const a = check({
      name: "race",
      outcome: "pass",
      requirementIds: ["CONV-RACE-3"],
      resource: "managedService",
    });
    a.settled = [read("read-your-writes", 300), read("delete is complete", 0)];
    r.checks.push(a);
    r.convergence = computeConvergence(r.checks, 2000);
    r.races = computeRaces(r.checks);
    const md = renderMarkdown(r);
    expect(md).toContain("## Convergence (INFO)");
    expect(md).toMatch(/\| read-your-writes \| 1 \| 1 \| 0 \| 300 \| 300 \| 300 \| 300 \|/);
    expect(md).toContain("## Races: resource kind × race rule");
    expect(md).toMatch(/\| `managedService` \| ✅ \|/);
    const html = renderHtml(r);
    expect(html).toContain('<section id="convergence">');
    expect(html).toContain('<section id="races">');
    expect(html).toContain("partial updates");
  });
});
