import { describe, expect, it } from "vitest";
import { parseExpectations } from "./expectations.ts";
import { check, fixtureReport } from "./fixtures.ts";
import { gateExitCode } from "./gate.ts";

const pass = (name: string, level: "MUST" | "SHOULD" | "INFO" = "MUST", ids = ["X-1"]) =>
  check({ name, level, outcome: "pass", requirementIds: ids });
const fail = (name: string, level: "MUST" | "SHOULD" | "INFO" = "MUST", ids = ["X-1"]) =>
  check({ name, level, outcome: "fail", requirementIds: ids, reason: "broke" });

describe("gate", () => {
  it("passes when nothing gated fails", () => {
    const r = fixtureReport({
      checks: [pass("a"), check({ name: "s", outcome: "skip", reason: "no fixture" })],
    });
    expect(gateExitCode(r)).toBe(0);
    expect(r.gate.verdict).toBe("pass");
  });
  it("a MUST failure exits 1", () => {
    const r = fixtureReport({ checks: [pass("a"), fail("b")] });
    expect(gateExitCode(r)).toBe(1);
    expect(r.gate.reasons[0]).toBe("1 MUST failure");
  });
  it("a SHOULD failure is a warning, and gates with strict or gateLevel SHOULD", () => {
    const checks = () => [pass("a"), fail("b", "SHOULD")];
    const loose = fixtureReport({ checks: checks() });
    expect(gateExitCode(loose)).toBe(0);
    expect(loose.gate.warnings).toBe(1);
    expect(loose.gate.warningLines.join("\n")).toContain("1 SHOULD failure");
    expect(gateExitCode(fixtureReport({ checks: checks(), strict: true }))).toBe(1);
    expect(gateExitCode(fixtureReport({ checks: checks(), gateLevel: "SHOULD" }))).toBe(1);
  });
  it("INFO never gates", () => {
    expect(
      gateExitCode(fixtureReport({ checks: [pass("a"), fail("i", "INFO")], strict: true })),
    ).toBe(0);
  });
  it("an error outcome exits 2, but a target failure wins (1)", () => {
    const err = check({ name: "e", outcome: "error", reason: "harness broke" });
    const r = fixtureReport({ checks: [pass("a"), err] });
    expect(gateExitCode(r)).toBe(2);
    expect(r.gate.verdict).toBe("error");
    expect(gateExitCode(fixtureReport({ checks: [fail("b"), { ...err }] }))).toBe(1);
  });
  it("run errors and an empty run exit 2", () => {
    expect(
      gateExitCode(
        fixtureReport({ checks: [pass("a")], extra: { runErrors: ["unhandled error: boom"] } }),
      ),
    ).toBe(2);
    expect(gateExitCode(fixtureReport({ checks: [] }))).toBe(2);
  });
  it("a failure listed in the expectations file (by check name or requirement ID) does not gate", () => {
    const byName = fixtureReport({
      checks: [fail("area > b")],
      expectations: [{ id: "b", reason: "known bug #12" }],
    });
    expect(byName.checks[0].expected).toEqual({ reason: "known bug #12" });
    expect(byName.expectations[0].status).toBe("expected-failure");
    expect(gateExitCode(byName)).toBe(0);
    const byId = fixtureReport({
      checks: [fail("b", "MUST", ["VM-BOOT-3"]), fail("c")],
      expectations: [{ id: "VM-BOOT-3", reason: "r" }],
    });
    expect(gateExitCode(byId)).toBe(1); // c is not listed
    expect(byId.gate.failures).toBe(1);
    expect(byId.gate.expectedFailures).toBe(1);
  });
  it("an expected failure that passes is an unexpected pass: a warning, and a gate failure with strict", () => {
    const exp = [{ id: "X-1", reason: "was broken" }];
    const r = fixtureReport({ checks: [pass("a")], expectations: exp });
    expect(r.expectations[0].status).toBe("unexpected-pass");
    expect(r.gate.unexpectedPasses).toBe(1);
    expect(gateExitCode(r)).toBe(0);
    expect(r.gate.warningLines.join("\n")).toMatch(/unexpected pass: X-1 .*remove it/);
    const strict = fixtureReport({ checks: [pass("a")], expectations: exp, strict: true });
    expect(gateExitCode(strict)).toBe(1);
    expect(strict.gate.reasons[0]).toMatch(/^unexpected pass: X-1/);
  });
  it("expectations that match nothing, or only skipped checks, are reported but do not gate", () => {
    const r = fixtureReport({
      checks: [
        check({ name: "s", outcome: "skip", requirementIds: ["S-1"], reason: "x" }),
        pass("a"),
      ],
      expectations: [
        { id: "S-1", reason: "r" },
        { id: "NOPE-1", reason: "r" },
      ],
    });
    expect(r.expectations.map((e) => e.status)).toEqual(["not-run", "unmatched"]);
    expect(gateExitCode(r)).toBe(0);
    expect(r.gate.warningLines.join("\n")).toContain("expectation 'NOPE-1' matches no check");
  });
  it("recomputes from the checks, not from report.gate", () => {
    const r = fixtureReport({ checks: [fail("b")] });
    r.gate = { ...r.gate, exitCode: 0, verdict: "pass" };
    expect(gateExitCode(r)).toBe(1);
  });
});

describe("expectations file", () => {
  it("parses a list of { id, reason } or { expectations: [...] }", () => {
    expect(parseExpectations("- id: VM-BOOT-3\n  reason: bug 7\n")).toEqual([
      { id: "VM-BOOT-3", reason: "bug 7" },
    ]);
    expect(parseExpectations("expectations:\n  - { id: a, reason: b }\n")).toEqual([
      { id: "a", reason: "b" },
    ]);
    expect(parseExpectations("")).toEqual([]);
  });
  it("refuses entries without id or reason", () => {
    expect(() => parseExpectations("- id: a\n")).toThrow(/reason/);
    expect(() => parseExpectations("- reason: a\n")).toThrow(/id/);
    expect(() => parseExpectations("id: a\n")).toThrow(/list/);
  });
});
