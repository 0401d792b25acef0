// Operation × kind of rule: a ruled cell is filled only by a check that exercised a rule of that kind
// on that operation; conventions rule no cell; a cell without a rule is counted apart.
import { describe, expect, it } from "vitest";
import { computeKindCells } from "./kinds.ts";
import { check, exchange } from "./fixtures.ts";
import type { CatalogRequirement } from "./types.ts";

const req = (id: string, area: string, kind: string, ops: string[]): CatalogRequirement => ({
  id,
  area,
  kind,
  operations: ops,
  level: "MUST",
  source: "s",
  statement: "s",
});
const CATALOG = [
  req("A-VAL-1", "account", "validation", ["updateAccount"]),
  req("A-STATE-1", "account", "state", ["updateAccount", "getAccount"]),
  req("CONV-ERR-1", "conventions", "error", ["updateAccount", "getAccount"]),
];
const refused = [exchange("PUT", "/v4/account", 400, { errors: [] })];

describe("computeKindCells", () => {
  it("counts filled, gaps and cells the material gives no rule", () => {
    const checks = [
      check({
        name: "a refused update",
        outcome: "pass",
        requirementIds: ["A-VAL-1"],
        operationIds: ["updateAccount"],
        exchanges: refused,
      }),
      // the state rule on getAccount ran only as a skip: a gap; on updateAccount nothing at all
      check({
        name: "skipped",
        outcome: "skip",
        requirementIds: ["A-STATE-1"],
        operationIds: ["getAccount"],
      }),
    ];
    const k = computeKindCells(checks, CATALOG, ["updateAccount", "getAccount"]);
    expect(k).toEqual({
      cells: 8,
      filled: 1,
      noRule: 5, // error only by a convention, auth nowhere, getAccount validation
      gaps: [
        { operationId: "updateAccount", kind: "state", requirements: ["A-STATE-1"] },
        { operationId: "getAccount", kind: "state", requirements: ["A-STATE-1"] },
      ],
    });
  });

  it("a check that only confirmed a status fills no cell", () => {
    const accepted = [exchange("PUT", "/v4/account", 200, {})];
    accepted[0].operationId = "updateAccount";
    const k = computeKindCells(
      [
        check({
          name: "status only",
          outcome: "pass",
          kind: "validation",
          requirementIds: ["A-VAL-1"],
          operationIds: ["updateAccount"],
          exchanges: accepted,
        }),
      ],
      CATALOG,
      ["updateAccount"],
    );
    expect(k.gaps.map((g) => g.kind)).toEqual(["validation", "state"]);
  });
});
