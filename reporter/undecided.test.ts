// Generic cells in the reports: `generic` and `clause` kept on each check through the evidence,
// merge and rejudge; the cells the material does not decide (INFO) listed by family in the JSON,
// Markdown and HTML reports with their clause; the clause on hover in the page.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validator } from "../spec/validate.ts";
import { evidenceProblems } from "./evidence-schema.ts";
import {
  CATALOG,
  check,
  exchange,
  fixtureChecks,
  fixtureReport,
  HOSTILE,
  OPERATIONS,
} from "./fixtures.ts";
import { renderHtml, undecidedHtml } from "./html.ts";
import { parseReport, renderJson } from "./json.ts";
import { renderMarkdown } from "./md.ts";
import { mergeReports } from "./merge.ts";
import { rejudgeReport } from "./rejudge.ts";
import type { ReportCheck, RunReport } from "./types.ts";
import { computeUndecided } from "./undecided.ts";

const OPEN = "Whether a restricted user may view the account is `not shown`";
const DECIDES = "A restricted user … MUST be refused";

/** An authorization cell: its principal, operation, level, outcome and the status it got. */
const authz = (
  principal: string,
  op: string,
  level: "MUST" | "INFO",
  status: number,
  clause?: string,
): ReportCheck =>
  check({
    name: `${principal} × ${op}: ${level === "INFO" ? "info" : "refused"}`,
    outcome: "pass",
    level,
    levelDeclared: true,
    kind: "auth",
    requirementIds: ["CONV-AUTH-2"],
    operationIds: [op],
    principal,
    generic: "authz",
    ...(clause ? { clause } : {}),
    exchanges: [{ ...exchange("GET", "http://t/v4/account", status, {}), operationId: op }],
  });

const invariant = (resource: string, level: "MUST" | "INFO", clause?: string): ReportCheck =>
  check({
    name: `invariants > [ACC-VIEW-1] ${resource}: a second delete is 404`,
    outcome: level === "INFO" ? "skip" : "pass",
    reason: level === "INFO" ? "no such kind on this target" : undefined,
    level,
    levelDeclared: true,
    requirementIds: ["ACC-VIEW-1"],
    operationIds: ["getAccount"],
    resource,
    generic: "invariant",
    ...(clause ? { clause } : {}),
  });

function genericChecks(): ReportCheck[] {
  return [
    ...fixtureChecks(),
    authz("anonymous", "getAccount", "MUST", 401, DECIDES),
    authz("restricted", "getAccount", "INFO", 200, OPEN),
    authz("second-account", "updateAccount", "INFO", 404),
    invariant("config", "MUST", DECIDES),
    invariant("tag", "INFO", "the order of tags is `not shown`"),
    check({
      name: "fuzz > [ACC-UPD-2] updateAccount: a wrong type is refused",
      outcome: "pass",
      level: "INFO",
      levelDeclared: true,
      kind: "fuzz",
      requirementIds: ["ACC-UPD-2"],
      operationIds: ["updateAccount"],
      generic: "fuzz",
      clause: "an email's form is not given",
    }),
  ];
}

describe("computeUndecided", () => {
  it("lists every generic INFO check by family, then operation or kind, then principal; none: absent", () => {
    const checks = genericChecks();
    const u = computeUndecided(checks)!;
    expect(u.map((x) => [x.family, checks[x.check]!.name, x.status])).toEqual([
      ["authz", "restricted × getAccount: info", 200],
      ["authz", "second-account × updateAccount: info", 404],
      ["invariant", "invariants > [ACC-VIEW-1] tag: a second delete is 404", undefined],
      ["fuzz", "fuzz > [ACC-UPD-2] updateAccount: a wrong type is refused", undefined],
    ]);
    // a MUST generic cell is decided; an INFO check with no family is an observation, not a cell
    expect(computeUndecided(fixtureChecks())).toBeUndefined();
    expect(fixtureReport().undecided).toBeUndefined();
  });
});

describe("generic cells in the evidence", () => {
  const r = fixtureReport({ checks: genericChecks() });

  it("keeps generic and clause on each check and conforms to the schema", () => {
    const back = parseReport(renderJson(r));
    expect(evidenceProblems(back)).toEqual([]);
    const restricted = back.checks.find((c) => c.principal === "restricted")!;
    expect(restricted).toMatchObject({ generic: "authz", clause: OPEN, level: "INFO" });
    expect(back.undecided).toHaveLength(4);
    expect(back.undecided![0]).toEqual({
      check: back.checks.indexOf(restricted),
      family: "authz",
      status: 200,
    });
    // the schema knows the values: a family that is none of the four is refused
    const bad = structuredClone(back) as RunReport;
    (bad.checks[0] as { generic?: string }).generic = "other";
    expect(evidenceProblems(bad).join("\n")).toMatch(
      /\/checks\/0\/generic must be equal to one of/,
    );
  });

  it("merge of two targets keeps them, each undecided cell naming its target", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-undecided-"));
    const files = ["alpha", "beta"].map((label) => {
      const p = join(dir, `${label}.json`);
      writeFileSync(
        p,
        renderJson(
          fixtureReport({ checks: genericChecks(), target: { url: `http://${label}`, label } }),
        ),
      );
      return p;
    });
    const m = mergeReports(files, dir);
    expect(evidenceProblems(join(dir, "conformance.json"))).toEqual([]);
    expect(m.undecided).toHaveLength(8);
    expect(new Set(m.undecided!.map((u) => u.target))).toEqual(new Set(["alpha", "beta"]));
    expect(m.checks.filter((c) => c.clause === OPEN).map((c) => c.target)).toEqual([
      "alpha",
      "beta",
    ]);
    const md = readFileSync(join(dir, "conformance.md"), "utf8");
    expect(md).toContain("## The material does not decide (8 cells)");
    expect(md).toMatch(/\| restricted × getAccount \| ℹ 200 \| .* \| alpha \|/);
  });

  it("rejudge keeps them and lists the undecided cells again", () => {
    const again = rejudgeReport(parseReport(renderJson(r)), {
      validator: validator(),
      catalog: CATALOG,
      operations: OPERATIONS,
      judgedWith: { spec: { sha256: "a" }, catalog: { sha256: "b" }, node: process.version },
      toolVersion: "0.1.0",
      evidenceFile: "conformance.json",
    });
    expect(again.checks.find((c) => c.principal === "restricted")).toMatchObject({
      generic: "authz",
      clause: OPEN,
    });
    expect(again.undecided?.map((u) => u.family)).toEqual(["authz", "authz", "invariant", "fuzz"]);
  });
});

describe("the material does not decide, rendered", () => {
  const checks = genericChecks();
  const hostile = authz("restricted", "updateAccount", "INFO", 200, `open: ${HOSTILE} | x`);
  const r = fixtureReport({ checks: [...checks, hostile] });
  const md = renderMarkdown(r);
  const html = renderHtml(r);

  it("Markdown: after the authorization matrix, a table per family with the clause", () => {
    expect(md).toContain("## The material does not decide (5 cells)");
    const at = md.indexOf("## The material does not decide");
    expect(at).toBeGreaterThan(md.indexOf("## Authorization: principal × operation"));
    expect(at).toBeLessThan(md.indexOf("## Failures"));
    const section = md.slice(at, md.indexOf("## Failures"));
    expect(section).toContain("### authorization cells (principal × operation) (3)");
    expect(section).toContain("### invariants (resource kind × invariant) (1)");
    expect(section).toContain("### fuzz properties (1)");
    expect(section).toContain(
      "| \\[CONV-AUTH-2\\] restricted × getAccount: info | restricted × getAccount | ℹ 200 | “Whether a restricted user may view the account is \\`not shown\\`” |",
    );
    // a skipped cell shows its outcome; a cell with no clause says so
    expect(section).toMatch(
      /\| tag · getAccount \| ⏭ \| “the order of tags is \\`not shown\\`” \|/,
    );
    expect(section).toContain("| second-account × updateAccount | ℹ 404 | _no clause given_ |");
    // a MUST cell is decided: not listed
    expect(section).not.toContain("anonymous × getAccount");
    // the target's or the suite's text stays inside its cell
    const row = section.split("\n").find((l) => l.includes("open: "))!;
    expect(row).not.toContain("<img");
    expect(row).toContain("&lt;/script&gt;&lt;img src=x");
    expect(row).toContain("\\| x”");
    expect(row.split(/(?<!\\)\|/).length).toBe(6);
  });

  it("Markdown: a failing generic cell quotes the material it rests on", () => {
    const failing = fixtureReport({
      checks: [{ ...authz("anonymous", "getAccount", "MUST", 200, DECIDES), outcome: "fail" }],
    });
    expect(renderMarkdown(failing)).toContain(
      "- The material: “A restricted user … MUST be refused”",
    );
  });

  it("HTML: a section after the authorization matrix, every string escaped, the clause on hover", () => {
    const section = undecidedHtml(r);
    expect(html).toContain(section);
    expect(html.indexOf('id="undecided"')).toBeGreaterThan(html.indexOf('id="principals"'));
    expect(section).toContain("The material does not decide <small>5 cells</small>");
    expect(section).toContain('<button type="button" class="linkish" data-check="');
    // the clause is the row's title and its own cell
    const q = "“Whether a restricted user may view the account is `not shown`”";
    expect(section).toContain(`title="${q}">[CONV-AUTH-2] restricted × getAccount: info</button>`);
    expect(section).toContain(`<td class="clause" title="${q}">${q}</td>`);
    expect(section).toContain('<td class="observed info" title="observed">ℹ 200</td>');
    expect(section).toContain(
      '<td class="observed skip" title="skip: no such kind on this target">○</td>',
    );
    // hostile text: escaped in the attribute and in the text, never raw
    expect(section).not.toContain("<img");
    expect(section).not.toContain("</script>");
    expect(section).toContain(
      'title="“open: &lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;',
    );
    expect(html.match(/<script\b/g)).toHaveLength(3); // the report, our script, the exchanges
    // the page's script has every check's clause for the cells' tooltips and the drill-down
    const data = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(
      html,
    )![1]!;
    const page = JSON.parse(data).report as RunReport;
    expect(page.checks.find((c) => c.clause === OPEN)?.generic).toBe("authz");
    expect(page.undecided).toHaveLength(5);
    // no undecided cell: no section
    expect(undecidedHtml(fixtureReport())).toBe("");
    expect(renderHtml(fixtureReport())).not.toContain('id="undecided"');
  });
});
