import { describe, expect, it } from "vitest";
import { onlyConfirmsStatus } from "./readback.ts";
import { check, exchange, fixtureReport } from "./fixtures.ts";

const op = (operationId: string, method: string, status: number, body: unknown) => ({
  ...exchange(method, `http://t/${operationId}`, status, body),
  operationId,
});
const boot = (exchanges: ReturnType<typeof op>[], extra = {}) =>
  check({
    name: "boot",
    outcome: "pass",
    kind: "state",
    operationIds: ["bootInstance"],
    requirementIds: ["VM-BOOT-3"],
    exchanges,
    ...extra,
  });

describe("onlyConfirmsStatus", () => {
  it("flags a check whose own operation answered {} and that read nothing afterwards", () => {
    expect(
      onlyConfirmsStatus(
        boot([op("createInstance", "POST", 200, { id: 1 }), op("bootInstance", "POST", 200, {})]),
      ),
    ).toBe(true);
  });
  it("a read after the operation, a record in its answer or a refusal is looking at an effect", () => {
    expect(
      onlyConfirmsStatus(
        boot([op("bootInstance", "POST", 200, {}), op("getInstance", "GET", 200, { id: 1 })]),
      ),
    ).toBe(false);
    expect(
      onlyConfirmsStatus(boot([op("bootInstance", "POST", 200, { id: 1, status: "booting" })])),
    ).toBe(false);
    expect(
      onlyConfirmsStatus(
        boot([
          op("bootInstance", "POST", 200, {}),
          op("bootInstance", "POST", 400, { errors: [] }),
        ]),
      ),
    ).toBe(false);
    expect(
      onlyConfirmsStatus(
        boot([
          {
            ...exchange("GET", "http://t/__objects/x", 200, "hi"),
            operationId: undefined as unknown as string,
          },
        ]),
      ),
    ).toBe(false);
  });
  it("skips, errors, reads and convention checks are never flagged", () => {
    const ex = [op("bootInstance", "POST", 200, {})];
    expect(onlyConfirmsStatus(boot(ex, { outcome: "skip" }))).toBe(false);
    expect(onlyConfirmsStatus(boot(ex, { kind: "convention" }))).toBe(false);
    expect(
      onlyConfirmsStatus(
        boot([op("getInstance", "GET", 200, {})], { operationIds: ["getInstance"] }),
      ),
    ).toBe(false);
  });
});

describe("requirement coverage counts only checks that could fail", () => {
  const statusOnly = boot([op("bootInstance", "POST", 200, {})], {
    name: "vm/boot > [VM-BOOT-3] boot succeeds",
  });
  const observed = check({
    name: "vm > [VM-LIST-1] observed",
    requirementIds: ["VM-LIST-1"],
    operationIds: ["listInstances"],
    area: "vm",
    level: "INFO",
    outcome: "pass",
  });
  const skipped = check({
    name: "support > [SUP-TICKET-1] open",
    requirementIds: ["SUP-TICKET-1"],
    operationIds: ["createTicket"],
    area: "support",
    outcome: "skip",
    reason: "no fixture",
  });
  const read = check({
    name: "account > [ACC-VIEW-1] view",
    requirementIds: ["ACC-VIEW-1"],
    operationIds: ["getAccount"],
    outcome: "pass",
    exchanges: [op("getAccount", "GET", 200, { email: "a@b.c" })],
  });
  const r = fixtureReport({ checks: [statusOnly, observed, skipped, read] });

  it("a status confirmation, an INFO observation and a skip exercise nothing; each is named", () => {
    expect(r.coverage.summary.exercised).toBe(1);
    expect(r.coverage.untested).toEqual(
      expect.arrayContaining(["VM-BOOT-3", "VM-LIST-1", "SUP-TICKET-1"]),
    );
    expect(r.coverage.statusOnly).toEqual(["VM-BOOT-3"]);
    expect(r.coverage.observedOnly).toEqual(["VM-LIST-1"]);
    expect(r.coverage.skippedOnly).toEqual(["SUP-TICKET-1"]);
    expect(r.coverage.statusOnlyChecks).toEqual([0]);
  });
});
