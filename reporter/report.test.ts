import { describe, expect, it } from "vitest";
import { check, fixtureReport } from "./fixtures.ts";

describe("RunReport", () => {
  const r = fixtureReport();

  it("carries the run's identity", () => {
    expect(r).toMatchObject({
      schemaVersion: 3,
      apiVersion: "4.106.1",
      tool: { name: "plumbline", version: "0.1.0" },
      seed: 42,
      target: { label: "reference" },
      durationMs: 1234,
    });
  });

  it("counts totals by level and outcome", () => {
    expect(r.totals.all).toMatchObject({ total: 6, pass: 2, fail: 2, skip: 1, error: 1 });
    expect(r.totals.MUST).toMatchObject({ total: 5, pass: 2, fail: 1, skip: 1, error: 1 });
  });

  it("counts requirement coverage against the catalog (exercised = a pass or fail check)", () => {
    const cov = r.coverage;
    expect(cov.summary).toEqual({ total: 6, exercised: 3, percent: 50 });
    expect(cov.byLevel.MUST).toEqual({ total: 5, exercised: 2, percent: 40 });
    expect(cov.untested).toEqual(["VM-BOOT-3", "VM-LIST-1", "SUP-TICKET-1"]);
    expect(cov.unknownIds).toEqual(["CONV-ENV-9"]);
    const boot = cov.requirements.find((q) => q.id === "VM-BOOT-3")!;
    expect(boot.outcome).toBe("skip");
    expect(boot.checks).toEqual([2]);
    expect(cov.requirements.find((q) => q.id === "SUP-TICKET-1")!.outcome).toBe("untested");
  });

  it("builds the operation × kind matrix, rolled up to the worst member", () => {
    const row = (id: string) => r.matrix.rows.find((x) => x.operationId === id)!;
    expect(row("bootInstance").cells.state).toEqual({ outcome: "skip", checks: [2] });
    expect(row("bootInstance").cells.error).toEqual({ outcome: "fail", checks: [4] });
    expect(row("createTicket").cells.happy.outcome).toBe("untested");
    expect(r.matrix.operations).toEqual({ total: 5, exercised: 3 });
    expect(r.matrix.rows.map((x) => x.area)).toEqual([
      "conventions",
      "account",
      "account",
      "vm",
      "vm",
      "support",
    ]);
    const two = fixtureReport({
      checks: [
        check({ name: "a", operationIds: ["getAccount"], outcome: "pass" }),
        check({ name: "b", operationIds: ["getAccount"], outcome: "error" }),
      ],
    });
    expect(two.matrix.rows.find((x) => x.operationId === "getAccount")!.cells.happy.outcome).toBe(
      "error",
    );
  });

  it("keeps an operationId the spec does not list, flagged", () => {
    const x = fixtureReport({
      checks: [check({ name: "a", operationIds: ["noSuchOp"], outcome: "pass" })],
    });
    expect(x.matrix.rows.find((row) => row.operationId === "noSuchOp")).toMatchObject({
      known: false,
      area: "account",
    });
    expect(x.matrix.operations.exercised).toBe(0);
  });

  it("collects INFO observations with their check", () => {
    expect(r.observations).toEqual([
      {
        requirementId: "VM-BOOT-INFO-1",
        operationId: "bootInstance",
        note: "event action emitted",
        value: "vm_boot",
        check: 2,
      },
    ]);
  });
});
