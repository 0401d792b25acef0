// Principal × operation: one cell per principal column and operation, worst check wins, failing
// operations first, the status the principal got; the Markdown and HTML show it; diff compares it.
import { describe, expect, it } from "vitest";
import { diffPrincipals } from "./diff.ts";
import { check, fixtureReport } from "./fixtures.ts";
import { renderHtml } from "./html.ts";
import { renderMarkdown } from "./md.ts";
import { computePrincipalMatrix } from "./principals.ts";

const cell = (
  principal: string,
  op: string,
  outcome: "pass" | "fail" | "skip",
  status?: number,
  level: "MUST" | "INFO" = "MUST",
  note = "error status",
) =>
  check({
    name: `${principal} × ${op}: refused`,
    outcome,
    level,
    requirementIds: ["CONV-AUTH-2"],
    operationIds: [op],
    principal,
    observations:
      status === undefined ? [] : [{ requirementId: "CONV-AUTH-2", note, value: status }],
  });

describe("computePrincipalMatrix", () => {
  it("is absent when no check names a principal", () => {
    expect(computePrincipalMatrix([check({ name: "plain", outcome: "pass" })])).toBeUndefined();
  });

  it("rolls each cell up to its worst check, columns in the harness's order, failing operations first", () => {
    const m = computePrincipalMatrix([
      cell("second-account", "getKey", "pass", 404),
      cell("anonymous", "getKey", "pass", 401),
      cell("anonymous", "listKeys", "fail", 200),
      cell(
        "restricted",
        "getAccount",
        "pass",
        200,
        "INFO",
        "restricted × getAccount: answer status",
      ),
    ])!;
    expect(m.principals).toEqual(["anonymous", "restricted", "second-account"]);
    expect(m.operations[0]).toBe("listKeys");
    expect(m.cells.getKey!["second-account"]).toMatchObject({ outcome: "pass", status: 404 });
    expect(m.cells.getAccount!.restricted).toMatchObject({ info: true, status: 200 });
    expect(m.counts).toMatchObject({ cells: 4, pass: 3, fail: 1, info: 1 });
  });

  it("renders as a Markdown table and an HTML section; diff marks a verdict change not legal, a status change legal", () => {
    const r = fixtureReport();
    r.checks.push(
      cell("anonymous", "getKey", "pass", 401),
      cell("anonymous", "listKeys", "fail", 200),
    );
    r.principals = computePrincipalMatrix(r.checks);
    const md = renderMarkdown(r);
    expect(md).toContain("## Authorization: principal × operation");
    expect(md).toMatch(/\| `listKeys` \| ❌ 200 \|/);
    expect(renderHtml(r)).toContain('id="principals"');
    const b = fixtureReport();
    b.checks.push(
      cell("anonymous", "getKey", "pass", 403),
      cell("anonymous", "listKeys", "pass", 401),
    );
    b.principals = computePrincipalMatrix(b.checks);
    const d = diffPrincipals(r, b)!;
    expect(d.map((x) => [x.operation, x.legal])).toEqual([
      ["listKeys", false],
      ["getKey", true],
    ]);
  });
});
