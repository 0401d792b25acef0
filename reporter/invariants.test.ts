// Resource kind × invariant: one cell per kind and invariant, worst check wins, failing kinds first;
// the Markdown shows the table, each invariant's words and why a cell was skipped.
import { describe, expect, it } from "vitest";
import { computeInvariantMatrix } from "./invariants.ts";
import { check, fixtureReport } from "./fixtures.ts";
import { renderMarkdown } from "./md.ts";
import { renderHtml } from "./html.ts";
import { SYMBOL } from "./text.ts";

const inv = (resource: string, id: string, outcome: "pass" | "fail" | "skip", reason?: string) =>
  check({ name: `${resource}: ${id}`, outcome, requirementIds: [id], resource, reason });

describe("computeInvariantMatrix", () => {
  it("is absent when no check names a resource kind", () => {
    expect(computeInvariantMatrix([check({ name: "plain", outcome: "pass" })])).toBeUndefined();
  });

  it("rolls each kind × invariant up to its worst check, failing kinds first", () => {
    const m = computeInvariantMatrix([
      inv("recipe", "INV-A", "pass"),
      inv("recipe", "INV-B", "pass"),
      inv("config", "INV-A", "pass"),
      inv("config", "INV-A", "fail"),
      inv("tag", "INV-B", "skip", "no list of tags is shown"),
    ])!;
    expect(m.invariants).toEqual(["INV-A", "INV-B"]);
    expect(m.kinds).toEqual(["config", "tag", "recipe"]);
    expect(m.cells.config!["INV-A"]!.outcome).toBe("fail");
    expect(m.cells.config!["INV-B"]).toBeUndefined();
    expect(m.counts).toEqual({ cells: 4, pass: 2, fail: 1, error: 0, skip: 1 });
  });

  it("renders as a Markdown table with the skip reasons, and as an HTML section", () => {
    const r = fixtureReport();
    r.checks.push(
      inv("recipe", "CONV-PREFIX-1", "pass"),
      inv("tag", "CONV-PREFIX-1", "skip", "no list of tags is shown"),
    );
    r.invariants = computeInvariantMatrix(r.checks);
    const md = renderMarkdown(r);
    expect(md).toContain("## Invariants: resource kind × invariant");
    expect(md).toContain(`| \`tag\` | ${SYMBOL.skip} |`);
    expect(md).toContain("tag × CONV-PREFIX-1: skip: no list of tags is shown");
    expect(renderHtml(r)).toContain('<table id="invariants"');
  });
});
