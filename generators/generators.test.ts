// The generators against the spec's own ajv validator (spec/validate.ts), for every operation
// that takes parameters or a body: valid values pass; each single-violation value fails at exactly
// the member and keyword it claims; boundary values are valid and sit on their bounds; one seed,
// one sequence of values.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  breaksExactly,
  freeTextMembers,
  generatorsFor,
  OFFLINE_TARGET,
  onBound,
  operationsWithInput,
  pointer,
  type Part,
  validRequests,
} from "./index.ts";
import { instanceLabel } from "./rules.ts";
import { TIES } from "./ties.ts";

const RUNS = 12;
/** Rules between members the spec's schema does not hold (prose only): the validator passes their breaks. */
const PROSE_ONLY = new Set([
  "VM-IFACE-5",
  "VM-DEVICES-3",
  "MNG-SVC-4",
  "MNG-SVC-5",
  "MNG-CRED-2",
  "TAG-CREATE-2",
]);
const path = (dotted: string) => dotted.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));
const ops = operationsWithInput().map((o) => o.operationId);

describe("generators", () => {
  it("cover every operation that takes parameters or a body", () => {
    expect(ops.length).toBeGreaterThan(100);
  });

  describe.each(ops)("%s", (op) => {
    const g = generatorsFor(op);

    it("valid values pass the spec's validator", () => {
      for (const req of fc.sample(g.valid, { seed: 7, numRuns: RUNS })) {
        for (const part of g.parts)
          expect(
            g.errors(part, (req as Record<Part, unknown>)[part]),
            `${part} ${JSON.stringify(req)}`,
          ).toEqual([]);
      }
    });

    it("each violation breaks exactly the member and keyword it claims", () => {
      if (!g.violations) return;
      for (const v of fc.sample(g.violations, { seed: 7, numRuns: RUNS })) {
        const value = (v.request as Record<Part, unknown>)[v.in];
        const errors = g.errors(v.in, value);
        expect(
          breaksExactly(errors, path(v.path), v.breaks),
          `${v.in} ${v.path} ${v.breaks}: ${JSON.stringify(errors)} for ${JSON.stringify(value).slice(0, 300)}`,
        ).toBe(true);
        // the other parts of the request stay valid
        for (const part of g.parts.filter((p) => p !== v.in))
          expect(g.errors(part, (v.request as Record<Part, unknown>)[part])).toEqual([]);
      }
    });

    it("each rule between members is broken alone: every member valid on its own, the other rules kept", () => {
      for (const r of g.rules) {
        for (const req of fc.sample(r.cases, { seed: 7, numRuns: RUNS })) {
          const where = `${r.id} ${JSON.stringify(req.body).slice(0, 300)}`;
          expect(g.memberErrors("body", req.body), where).toEqual([]);
          // the schema states the rule (and then refuses the break) unless the rule is prose only
          expect(g.errors("body", req.body).length > 0, where).toBe(!PROSE_ONLY.has(r.id));
          for (const part of g.parts.filter((p) => p !== "body"))
            expect(g.errors(part, (req as Record<Part, unknown>)[part])).toEqual([]);
        }
      }
    });

    it("boundary values are valid and sit on their bounds", () => {
      if (!g.boundaries) return;
      for (const b of fc.sample(g.boundaries, { seed: 7, numRuns: RUNS })) {
        const value = (b.request as Record<Part, unknown>)[b.in];
        expect(
          onBound(g.errors(b.in, value), value, path(b.path), b.bound, b.at),
          `${b.in} ${b.path} ${b.bound} ${b.at}: ${JSON.stringify(value).slice(0, 300)}`,
        ).toBe(true);
      }
    });

    it("the same seed yields the same values", () => {
      const arb: fc.Arbitrary<unknown> = g.violations ?? g.valid;
      expect(fc.sample(arb, { seed: 99, numRuns: 5 })).toEqual(
        fc.sample(arb, { seed: 99, numRuns: 5 }),
      );
    });
  });

  it("every violation site of a body is reachable, or listed as infeasible with its reason in rules", () => {
    const g = generatorsFor("createTag");
    expect(g.violationSites.map((s) => `${s.path}:${s.keyword}`)).toEqual(
      expect.arrayContaining([
        "label:required",
        "label:minLength",
        "label:maxLength",
        "label:type",
        "vms:type",
        "domains:type",
      ]),
    );
    expect(g.boundarySites.map((s) => `${s.path}:${s.keyword}:${s.at}`)).toEqual(
      expect.arrayContaining(["label:minLength:3", "label:maxLength:50"]),
    );
  });

  it("every rule between members of ties.ts can be broken alone", () => {
    for (const [op, ties] of Object.entries(TIES)) {
      const g = generatorsFor(op);
      expect(g.infeasible.filter((s) => s.keyword === "rule")).toEqual([]);
      expect(g.rules.map((r) => r.id)).toEqual(ties.map((t) => t.id));
    }
  });

  it("a member the material does not bound is only ever broken by its JSON type", () => {
    const g = generatorsFor("createKey");
    expect(g.violationSites.filter((s) => s.path === "label").map((s) => s.keyword)).toEqual([
      "type",
    ]);
  });

  it("the instance label rule: 3..32, alphanumeric ends, no two separators in a row", () => {
    for (const s of fc.sample(instanceLabel({}), { seed: 3, numRuns: 200 })) {
      expect(s).toMatch(/^(?=.{3,32}$)[A-Za-z0-9](?:[A-Za-z0-9]|[-_.](?=[A-Za-z0-9]))*$/);
    }
  });

  it("free text is of the conservative alphabet by default, any text in the unicode mode", () => {
    const ok = /^(?:[A-Za-z0-9_.-]+(?: [A-Za-z0-9_.-]+)*)?$/;
    const texts = (mode?: "unicode") =>
      fc
        .sample(validRequests("createManagedService", OFFLINE_TARGET, mode), {
          seed: 5,
          numRuns: 200,
        })
        .flatMap((r: any) => [r.body?.label, r.body?.notes, r.body?.consultation_group])
        .filter((v): v is string => typeof v === "string");
    for (const v of texts()) expect(v).toMatch(ok);
    expect(texts("unicode").some((v) => !ok.test(v))).toBe(true);
    expect(freeTextMembers("createManagedService")).toEqual(
      expect.arrayContaining(["body.label", "body.notes"]),
    );
    expect(freeTextMembers("createTag")).toEqual([]);
  });

  it("the object URL's method is always sent (contradiction C1: required, default GET)", () => {
    for (const r of fc.sample(generatorsFor("createObjectUrl").valid, { seed: 5, numRuns: 50 }))
      expect((r.body as any).method).toMatch(/^(GET|PUT|DELETE)$/);
  });

  it("the rescue's reserved sdh is no violation site (what naming it gets is not shown)", () => {
    expect(generatorsFor("rescueInstance").violationSites.map((s) => s.path)).not.toContain(
      "devices.sdh",
    );
  });

  it("pointers escape member names", () => {
    expect(pointer(["a/b", 0, "c~d"])).toBe("/a~1b/0/c~0d");
  });
});
