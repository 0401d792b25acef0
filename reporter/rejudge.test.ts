// rejudgeCheck's rules on recorded checks, one each: what stands, what changes, what cannot be
// judged from the record (tests/rejudge.test.ts does the same on a real recorded run).
import { describe, expect, it } from "vitest";
import type { OracleUse } from "../harness/model.ts";
import { REDACTED } from "../harness/redact.ts";
import { loadOpenApi } from "../spec/index.ts";
import { Validator, validator } from "../spec/validate.ts";
import { check, exchange, fixtureReport } from "./fixtures.ts";
import { rejudgeCheck, rejudgeReport } from "./rejudge.ts";

const same = validator();
// the Error body's reason at most 12 characters: a tightened copy of the spec
const doc = structuredClone(loadOpenApi()) as any;
doc.components.schemas.Error.properties.errors.items.properties.reason.maxLength = 12;
const tight = new Validator(doc);

const error = (reason: string) =>
  exchange("GET", "http://t/v4/x", 404, { errors: [{ field: null, reason }] });
const SHORT = "not found";
const LONG = "this object was not found";
const use = (exchange: number, ok: boolean): OracleUse => ({ oracle: "error-body", exchange, ok });

describe("rejudgeCheck", () => {
  it("a pass whose oracles still hold stays a pass; one that now fails one fails, naming it", () => {
    const c = check({
      name: "a",
      outcome: "pass",
      exchanges: [error(SHORT), error(LONG)],
      oracles: [use(0, true), use(1, true)],
    });
    expect(rejudgeCheck(c, same)).toEqual({
      outcome: "pass",
      rejudge: { status: "same", recorded: "pass" },
    });
    const r = rejudgeCheck(c, tight);
    expect(r).toMatchObject({ outcome: "fail", rejudge: { status: "changed", recorded: "pass" } });
    expect(r.reason).toMatch(
      /^GET \/v4\/x 404: not the Error body .*must NOT have more than 12 characters/,
    );
    expect(r.rejudge.why).toMatch(/^now fails error-body on exchange 1:/);
  });

  it("a failure on an oracle that still fires stays a failure; one that now holds is not re-judgeable", () => {
    const broken = exchange("GET", "http://t/v4/x", 404, { errors: "nope" });
    const stays = check({
      name: "b",
      outcome: "fail",
      reason: "old words",
      exchanges: [broken],
      oracles: [use(0, false)],
      failedOn: 0,
    });
    expect(rejudgeCheck(stays, same)).toMatchObject({
      outcome: "fail",
      rejudge: { status: "same" },
    });
    expect(rejudgeCheck(stays, same).reason).toMatch(/not the Error body/);
    // recorded against the tightened spec, judged with the usual one: the failure is gone
    const held = check({
      name: "c",
      outcome: "fail",
      exchanges: [error(LONG)],
      oracles: [use(0, false)],
      failedOn: 0,
    });
    const r = rejudgeCheck(held, same);
    expect(r).toMatchObject({
      outcome: "skip",
      rejudge: { status: "not-re-judgeable", recorded: "fail" },
    });
    expect(r.reason).toMatch(
      /^not re-judgeable: it failed error-body on exchange 0, which now holds; the check stopped there/,
    );
  });

  it("a failure on a live assertion stays; an oracle before it that now fires fails it there instead", () => {
    const c = check({
      name: "d",
      outcome: "fail",
      reason: "the read-back disagreed",
      exchanges: [error(LONG)],
      oracles: [use(0, true)],
    });
    expect(rejudgeCheck(c, same)).toMatchObject({
      outcome: "fail",
      reason: "the read-back disagreed",
      rejudge: { status: "same" },
    });
    const r = rejudgeCheck(c, tight);
    expect(r).toMatchObject({ outcome: "fail", rejudge: { status: "same", recorded: "fail" } });
    expect(r.reason).toMatch(/more than 12 characters/);
  });

  it("a check that went on past an oracle's failure is not re-judgeable when any oracle judges differently", () => {
    const c = check({
      name: "e",
      outcome: "fail",
      reason: "live",
      exchanges: [exchange("GET", "http://t/v4/x", 404, { errors: 1 }), error(LONG)],
      oracles: [use(0, false), use(1, true)],
    });
    expect(rejudgeCheck(c, same).rejudge.status).toBe("same");
    expect(rejudgeCheck(c, tight).reason).toMatch(
      /the record shows the check went on past an oracle's failure/,
    );
  });

  it("what the record lacks is not re-judgeable: an exchange not kept, a body cut, a value masked as a secret, a fuzz property", () => {
    const notKept = check({ name: "f", outcome: "pass", exchanges: [], oracles: [use(-1, true)] });
    expect(rejudgeCheck(notKept, same).reason).toMatch(/its exchange was not kept/);
    const cut = check({
      name: "g",
      outcome: "pass",
      exchanges: [
        exchange("GET", "http://t/v4/x", 404, `{"errors": [… [cut: 99999 bytes received]`),
      ],
      oracles: [use(0, true)],
    });
    expect(rejudgeCheck(cut, same).reason).toMatch(/its body was cut when recorded/);
    const masked = check({
      name: "h",
      outcome: "pass",
      exchanges: [error(`${REDACTED}${REDACTED}`)],
      oracles: [use(0, true)],
    });
    expect(rejudgeCheck(masked, same).rejudge.status).toBe("same");
    expect(rejudgeCheck(masked, tight).reason).toMatch(/a value the record masks as a secret/);
    const fuzz = check({ name: "i", outcome: "pass", kind: "fuzz" });
    expect(rejudgeCheck(fuzz, same).reason).toMatch(/a fuzz property's cases are not all recorded/);
  });

  it("skips and errors are kept as recorded", () => {
    for (const outcome of ["skip", "error"] as const)
      expect(rejudgeCheck(check({ name: "j", outcome, reason: "why" }), tight)).toEqual({
        outcome,
        reason: "why",
        rejudge: { status: "kept", recorded: outcome },
      });
  });
});

describe("rejudgeReport", () => {
  it("takes levels from the given catalog unless the check named its own, and counts what became of each check", () => {
    const evidence = fixtureReport();
    const [first, second] = evidence.checks;
    const catalog = evidence.coverage.requirements.map(({ checks: _c, outcome: _o, ...q }) => ({
      ...q,
      level: "SHOULD" as const,
    }));
    second.levelDeclared = true;
    const r = rejudgeReport(evidence, {
      validator: same,
      catalog,
      operations: evidence.matrix.rows.filter((row) => row.known),
      judgedWith: {
        spec: { sha256: "a".repeat(64) },
        catalog: { sha256: "b".repeat(64) },
        node: process.version,
      },
      toolVersion: "9.9.9",
      evidenceFile: "e.json",
      now: new Date(0),
    });
    expect(r.checks[0].level).toBe(
      catalog.find((q) => q.id === first.requirementIds[0]) ? "SHOULD" : first.level,
    );
    expect(r.checks[1].level).toBe(second.level);
    expect(r.rejudged).toMatchObject({
      evidence: "e.json",
      at: "1970-01-01T00:00:00.000Z",
      recorded: { tool: "0.1.0" },
    });
    const c = r.rejudged!.counts;
    expect(c.same + c.changed + c["not-re-judgeable"] + c.kept).toBe(evidence.checks.length);
    expect(r.tool.version).toBe("9.9.9");
  });
});
