// `plumbline report compare` on synthetic reports: the groups and the exit code of the regression gate.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Level, Outcome } from "../harness/model.ts";
import { compareReports, readReportArg } from "./compare.ts";
import { renderCompareHtml, renderCompareMarkdown } from "./compare-render.ts";
import { check, exchange, fixtureReport, HOSTILE } from "./fixtures.ts";
import { renderJson } from "./json.ts";

type Spec = [name: string, outcome: Outcome, level?: Level, known?: boolean];

function report(checks: Spec[], label = "reference") {
  return fixtureReport({
    target: { url: "http://t", label },
    checks: checks.map(([name, outcome, level, known]) =>
      check({
        name: `account > ${name}`,
        outcome,
        level: level ?? "MUST",
        ...(known ? { expected: { reason: "known" } } : {}),
        exchanges: [
          exchange("GET", "http://t/v4/one", 200, { step: 1 }),
          exchange("GET", "http://t/v4/two", outcome === "fail" ? 500 : 200, { name, outcome }),
        ],
      }),
    ),
  });
}

const names = (ps: { name: string }[]) => ps.map((p) => p.name.replace("account > ", ""));

describe("compareReports", () => {
  it("sorts every check into regressions, new failures, fixed, level changes, new and removed", () => {
    const a = report([
      ["reg", "pass"],
      ["fix", "fail"],
      ["skipped-then-failed", "skip"],
      ["level", "pass", "SHOULD"],
      ["gone", "pass"],
      ["steady", "pass"],
      ["to-error", "pass"],
    ]);
    const b = report([
      ["reg", "fail"],
      ["fix", "pass"],
      ["skipped-then-failed", "fail", "SHOULD"],
      ["level", "pass", "MUST"],
      ["added", "fail"],
      ["steady", "pass"],
      ["to-error", "error"],
    ]);
    const c = compareReports(a, b);
    expect(names(c.regressions)).toEqual(["reg"]);
    expect(names(c.newFailures)).toEqual(["added", "skipped-then-failed"]); // MUST first
    expect(names(c.fixed)).toEqual(["fix"]);
    expect(names(c.levelChanged)).toEqual(["skipped-then-failed", "level"]);
    expect(names(c.added)).toEqual(["added"]);
    expect(names(c.removed)).toEqual(["gone"]);
    expect(names(c.otherChanges)).toEqual(["to-error"]);
    // a new MUST failure: a MUST check that passed, and a new check that fails at MUST
    expect(names(c.newMustFailures)).toEqual(["reg", "added"]);
    expect(c.exitCode).toBe(1);
  });

  it("exit 0 when B only fails where A failed, at SHOULD, or as a known failure; exit 1 when a SHOULD failure becomes MUST", () => {
    const a = report([
      ["same", "fail"],
      ["should", "pass", "SHOULD"],
      ["known", "pass"],
    ]);
    const b = report([
      ["same", "fail"],
      ["should", "fail", "SHOULD"],
      ["known", "fail", "MUST", true],
    ]);
    expect(compareReports(a, b).exitCode).toBe(0);
    expect(compareReports(a, b).regressions).toHaveLength(2);
    const raised = report([["should", "fail", "SHOULD"]]);
    expect(compareReports(raised, report([["should", "fail", "MUST"]])).exitCode).toBe(1);
  });

  it("a flaky MUST failure of B counts as its gate counted it: only under --flaky fail", () => {
    const a = report([["x", "pass"]]);
    const b = report([["x", "fail"]]);
    b.checks[0]!.flaky = true;
    expect(compareReports(a, b).exitCode).toBe(0);
    expect(compareReports(a, b).regressions).toHaveLength(1);
    b.options.flaky = "fail";
    expect(compareReports(a, b).exitCode).toBe(1);
  });

  it("refuses two reports of different API versions; different targets are compared and said in the header", () => {
    const a = report([["x", "pass"]]);
    const b = report([["x", "fail"]], "staging");
    b.apiVersion = "4.200.0";
    expect(() => compareReports(a, b, ["a.json", "b.json"])).toThrow(
      "a.json is a run of API 4.106.1 and b.json of API 4.200.0: checks of different API versions cannot be compared",
    );
    b.apiVersion = a.apiVersion;
    const c = compareReports(a, b);
    expect(c.differentTargets).toBe(true);
    expect(renderCompareMarkdown(c)).toMatch(
      /\*\*different targets\*\*: A ran against reference, B against staging/,
    );
  });

  it("shows each regression's exchanges side by side: B's last and A's at the same place; escaped", () => {
    const a = report([[`reg ${HOSTILE}`, "pass"]]);
    const b = report([[`reg ${HOSTILE}`, "fail"]]);
    const md = renderCompareMarkdown(compareReports(a, b));
    expect(md.split("\n")[2]).toBe(
      "**REGRESSED: 1 new MUST failure (exit 1); 1 regression, 0 other new failures, 0 fixed**",
    );
    const section = md.slice(md.indexOf("## Regressions"));
    expect(section.indexOf("**A** (pass)")).toBeLessThan(section.indexOf("**B** (fail"));
    expect(section.match(/exchange 2 of 2:/g)).toHaveLength(2);
    expect(section).toContain("→ **500**");
    // what the target sent is escaped in text, and stays inside fences in bodies
    expect(md).toContain("### ❌ account &gt; reg &lt;/script&gt;&lt;img");
    expect(md.replace(/```json\n[^`]*```/g, "")).not.toContain("<img");
    const html = renderCompareHtml(compareReports(a, b));
    expect(html).not.toContain("<img");
    expect(html).not.toMatch(/<script/);
    // two columns: A's exchange 2 of 2 (200) beside B's (500)
    expect(html.match(/<div class="side">/g)).toHaveLength(2);
    expect(html).toMatch(
      /A: <span class="o pass">pass[\s\S]*exchange 2 of 2[\s\S]*B: <span class="o fail">fail[\s\S]*exchange 2 of 2[\s\S]*<b>500<\/b>/,
    );
  });
});

describe("readReportArg", () => {
  it("takes a conformance.json or its directory; names a missing, non-JSON or foreign file", () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-compare-"));
    writeFileSync(join(dir, "conformance.json"), renderJson(report([["x", "pass"]])));
    expect(readReportArg(dir).checks).toHaveLength(1);
    expect(readReportArg(join(dir, "conformance.json")).checks).toHaveLength(1);
    expect(() => readReportArg(join(dir, "nope"))).toThrow(
      /nope does not exist; give a conformance.json/,
    );
    writeFileSync(join(dir, "bad.json"), "{not json");
    expect(() => readReportArg(join(dir, "bad.json"))).toThrow(/bad.json: not JSON/);
    writeFileSync(join(dir, "other.json"), '{"hello": 1}');
    expect(() => readReportArg(join(dir, "other.json"))).toThrow(
      /not a plumbline conformance.json/,
    );
  });
});
