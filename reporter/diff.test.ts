// The diff's policy, one clause at a time: what two conforming implementations may differ in is
// legal; a different MUST verdict, success against refusal in a check one side fails, or a member of another type there is not.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffCheck, diffReports, shapeOf } from "./diff.ts";
import { renderDiffHtml, writeDiffReports } from "./diff-render.ts";
import { HOSTILE, check, exchange, fixtureReport } from "./fixtures.ts";

const one = (
  status: number,
  body: unknown,
  url = "http://a/v4/tags",
  outcome: "pass" | "fail" = "pass",
) =>
  check({
    name: "tags > [TAG-CREATE-1] create",
    requirementIds: ["TAG-CREATE-1"],
    outcome,
    exchanges: [exchange("POST", url, status, body)],
  });
const kinds = (a: ReturnType<typeof one>, b: ReturnType<typeof one>) =>
  diffCheck(a, b).map((d) => `${d.legal ? "legal" : "NOT"} ${d.kind}`);

describe("diff policy", () => {
  it("identical answers: no difference; values that vary between runs are not differences", () => {
    expect(diffCheck(one(200, { id: 1, label: "x" }), one(200, { id: 9, label: "y" }))).toEqual([]);
  });

  it("success statuses: any 2xx (200 against 201, 202) is legal", () => {
    expect(kinds(one(200, { label: "x" }), one(201, { label: "x" }))).toEqual(["legal status"]);
  });

  it("error statuses: any 4xx (400 against 422, 404 against 410) is legal, error reasons too", () => {
    const d = diffCheck(
      one(400, { errors: [{ field: "label", reason: "too short" }] }),
      one(422, { errors: [{ field: "label", reason: "label must be 3..50" }] }),
    );
    expect(d.map((x) => `${x.legal} ${x.kind}`)).toEqual(["true status", "true reason"]);
  });

  it("success against refusal is legal only in a check both sides pass (the check accepted both; a query bound refused or clamped)", () => {
    expect(
      kinds(
        one(200, {}),
        one(400, { errors: [{ field: "label", reason: "r" }] }, undefined, "fail"),
      ),
    ).toEqual(["NOT outcome", "NOT status"]);
    expect(kinds(one(200, {}), one(400, { errors: [{ field: "label", reason: "r" }] }))).toEqual([
      "legal status",
    ]);
    const page = "http://a/v4/vm/instances?page_size=200";
    expect(
      kinds(
        one(200, { data: [] }, page),
        one(400, { errors: [{ field: "page_size", reason: "r" }] }, page),
      ),
    ).toEqual(["legal status"]);
    expect(
      kinds(
        one(200, { data: [] }, page),
        one(400, { errors: [{ field: "page_size", reason: "r" }] }, page, "fail"),
      ),
    ).toEqual(["NOT outcome", "NOT status"]);
  });

  it("shapes: extra members, null for absent, timestamps with or without offset are legal; another type only where the check passed both", () => {
    expect(kinds(one(200, { label: "x" }), one(200, { label: "x", extra: { deep: 1 } }))).toEqual([
      "legal shape",
    ]);
    expect(
      kinds(one(200, { label: "x", note: "n" }), one(200, { label: "x", note: null })),
    ).toEqual(["legal shape"]);
    expect(
      kinds(
        one(200, { created: "2024-01-01T00:00:00Z" }),
        one(200, { created: "2024-01-01T00:00:00" }),
      ),
    ).toEqual(["legal shape"]);
    expect(kinds(one(200, { id: 1 }), one(200, { id: "1" }))).toEqual(["legal shape"]);
    expect(kinds(one(200, { id: 1 }), one(200, { id: "1" }, undefined, "fail"))).toEqual([
      "NOT outcome",
      "NOT shape",
    ]);
    expect(kinds(one(200, { data: [] }), one(200, { data: [{ id: 1 }] }))).toEqual([]); // nothing to compare in an empty list
  });

  it("a MUST verdict that differs is never legal; a SHOULD one and INFO observations that differ are", () => {
    expect(kinds(one(200, {}), one(200, {}, undefined, "fail"))).toEqual(["NOT outcome"]);
    const warn = (outcome: "pass" | "fail") =>
      check({
        name: "errors > [CONV-ERR-4] 400",
        requirementIds: ["CONV-ERR-4"],
        level: "SHOULD",
        outcome,
      });
    expect(diffCheck(warn("pass"), warn("fail")).map((d) => `${d.legal} ${d.kind}`)).toEqual([
      "true outcome",
    ]);
    const obs = (value: unknown) =>
      check({
        name: "n",
        outcome: "pass",
        observations: [{ requirementId: "X-1", note: "error status", value }],
      });
    expect(diffCheck(obs(400), obs(404)).map((d) => `${d.legal} ${d.kind}`)).toEqual([
      "true observation",
    ]);
    // labels the runs make up are not a difference
    expect(diffCheck(obs("plb-1a2b3c-tag-abcdef"), obs("plb-9f8e7d-tag-012345"))).toEqual([]);
  });

  it("shapeOf: member paths and types, array items merged", () => {
    expect(Object.fromEntries(shapeOf({ data: [{ id: 1 }, { id: 2, x: null }], page: 1 }))).toEqual(
      {
        data: "array",
        "data[]": "object",
        "data[].id": "number",
        "data[].x": "null",
        page: "number",
      },
    );
  });

  it("a check on one side only is a difference; the four files are written and escape what targets sent", () => {
    const a = fixtureReport({ checks: [one(200, { note: HOSTILE })] });
    const b = fixtureReport({
      checks: [one(200, { note: HOSTILE }), check({ name: `extra ${HOSTILE}`, outcome: "pass" })],
      target: { url: "http://b", label: "b" },
    });
    const d = diffReports(a, b);
    expect(d.totals).toMatchObject({ checks: 2, differing: 1, notLegal: 1 });
    expect(d.exitCode).toBe(1);
    const dir = mkdtempSync(join(tmpdir(), "plb-diffr-"));
    expect(writeDiffReports(d, dir)).toHaveLength(4);
    expect(renderDiffHtml(d)).not.toContain("<img");
    expect(readFileSync(join(dir, "diff-junit.xml"), "utf8")).not.toContain("<img");
  });
});
