// Every generic cell rests on the material's own words. A generic cell (harness/model.ts
// CheckMeta.generic: an authorization cell, an invariant on a kind, a fuzz property, a record
// member) is written once and asserted on every operation or kind; at MUST or SHOULD its `clause`
// is the material's text that decides its expected outcome, at INFO the text that leaves it open.
// The suite is collected, not run (runner/plan.ts: vitest declares the checks, nothing is sent):
// - every MUST and SHOULD generic cell names its clause;
// - every check of a generic suite declares its family (a cell that forgot `generic` would
//   otherwise escape the rule above);
// - every fragment of every clause (split on CLAUSE_JOIN) is in the material, verbatim once runs of
//   whitespace are one space on both sides (backticks and emphasis marks are text like any other).
// A cell counts as generic when it declares `generic`, or when its file is one of a generic
// suite's (SUITE_FAMILIES), so a forgotten declaration still needs its clause.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { CLAUSE_JOIN } from "../harness/check.ts";
import { loadConfig } from "../harness/config.ts";
import { AREAS, type CheckMeta } from "../harness/model.ts";
import { type PlannedCheck, plan } from "../runner/plan.ts";
import { findMaterial, need } from "./needs.ts";

type Family = NonNullable<CheckMeta["generic"]>;

/** The suites whose every check is a generic cell, and the family it belongs to. */
const SUITE_FAMILIES: [RegExp, Family][] = [
  [/^suites\/authz\//, "authz"],
  [/^suites\/invariants\//, "invariant"],
  [/^suites\/fuzz\//, "fuzz"],
  [/^suites\/conventions\/records\.test\.ts$/, "record"],
];

/** At least this many generic cells: fewer means the suite was not collected, not that it conforms. */
const AT_LEAST = 500;

/** The family a check declares, else the one its suite implies; undefined: not a generic cell. */
function familyOf(c: PlannedCheck): Family | undefined {
  return c.meta?.generic ?? SUITE_FAMILIES.find(([re]) => re.test(c.file))?.[1];
}

const line = (c: PlannedCheck) => `  ${c.name} (${c.file})`;
const gated = (c: PlannedCheck) => c.meta?.level === "MUST" || c.meta?.level === "SHOULD";

/** MUST and SHOULD generic cells with no clause (absent, empty or only whitespace). */
function missingClauses(checks: PlannedCheck[]): PlannedCheck[] {
  return checks.filter((c) => familyOf(c) && gated(c) && !c.meta?.clause?.trim());
}

/** Checks of a generic suite that do not declare their family. */
function undeclaredFamilies(checks: PlannedCheck[]): PlannedCheck[] {
  return checks.filter((c) => familyOf(c) && !c.meta?.generic);
}

/** Runs of whitespace as one space, ends trimmed; nothing else changes (backticks stay). */
const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** Each clause fragment not in the material, with the checks that give it. */
function fragmentsNotFound(
  checks: PlannedCheck[],
  material: string,
): { fragment: string; checks: PlannedCheck[] }[] {
  const text = collapse(material);
  const missing = new Map<string, PlannedCheck[]>();
  for (const c of checks) {
    const clause = c.meta?.clause;
    if (!clause?.trim()) continue;
    for (const raw of clause.split(CLAUSE_JOIN)) {
      const fragment = collapse(raw);
      if (fragment && text.includes(fragment)) continue;
      missing.set(fragment, [...(missing.get(fragment) ?? []), c]);
    }
  }
  return [...missing].map(([fragment, cs]) => ({ fragment, checks: cs }));
}

/** One message: how many, by file, then every one of them. */
function listing(what: string, offenders: PlannedCheck[]): string {
  const byFile = new Map<string, number>();
  for (const c of offenders) byFile.set(c.file, (byFile.get(c.file) ?? 0) + 1);
  return [
    `${offenders.length} ${what}:`,
    ...[...byFile].map(([f, n]) => `  ${f}: ${n}`),
    "",
    ...offenders.map(line),
  ].join("\n");
}

const meta = (over: Partial<CheckMeta>): CheckMeta => ({
  requirementIds: [],
  operationIds: [],
  area: "conventions",
  kind: "auth",
  level: "MUST",
  sideEffect: "read-only",
  exchanges: [],
  observations: [],
  ...over,
});

describe("the rule, on a hand-made plan", () => {
  const material =
    "Intro.\n\nA token `read_only`\nMUST NOT   change anything.\nWhat is shown is `not shown`.";
  const checks: PlannedCheck[] = [
    {
      name: "ok",
      file: "suites/authz/a.test.ts",
      meta: meta({ clause: "A token `read_only` MUST NOT change anything." }),
    },
    { name: "no clause", file: "suites/authz/a.test.ts", meta: meta({ generic: "authz" }) },
    { name: "blank", file: "suites/vm/x.test.ts", meta: meta({ generic: "record", clause: "  " }) },
    { name: "info open", file: "suites/invariants/i.test.ts", meta: meta({ level: "INFO" }) },
    { name: "plain", file: "suites/vm/x.test.ts", meta: meta({}) },
    { name: "undeclared", file: "suites/fuzz/f.test.ts" },
    {
      name: "two fragments",
      file: "suites/fuzz/f.test.ts",
      meta: meta({
        generic: "fuzz",
        clause: ["Intro.", "`not shown`", "read_only MUST"].join(CLAUSE_JOIN),
      }),
    },
  ];

  it("finds the MUST and SHOULD generic cells without a clause, declared or by their suite", () => {
    expect(missingClauses(checks).map((c) => c.name)).toEqual(["no clause", "blank"]);
    expect(undeclaredFamilies(checks).map((c) => c.name)).toEqual([
      "ok",
      "info open",
      "undeclared",
    ]);
  });

  it("finds each fragment in the material with whitespace collapsed and backticks kept", () => {
    expect(fragmentsNotFound(checks, material)).toEqual([
      { fragment: "read_only MUST", checks: [checks[6]] },
    ]);
    expect(fragmentsNotFound(checks, material.replace(/`/g, "")).map((x) => x.fragment)).toEqual([
      "A token `read_only` MUST NOT change anything.",
      "`not shown`",
    ]);
  });
});

describe("every generic cell of the suite rests on the material's words", () => {
  let planned: PlannedCheck[] = [];
  let generic: PlannedCheck[] = [];

  beforeAll(async () => {
    // every area, the full authorization matrix: every cell there is (nothing is sent)
    const config = { ...loadConfig({ env: {} }), areas: [...AREAS], matrix: "full" as const };
    planned = await plan(config);
    generic = planned.filter((c) => familyOf(c));
  }, 120_000);

  it(`collects the suite: at least ${AT_LEAST} generic cells`, () => {
    expect(planned.filter((c) => !c.meta).map(line)).toEqual([]);
    expect(
      generic.length,
      `${generic.length} generic cells of ${planned.length} checks`,
    ).toBeGreaterThanOrEqual(AT_LEAST);
  });

  it("every MUST and SHOULD generic cell names its clause", () => {
    const offenders = missingClauses(planned);
    expect(
      offenders.length,
      listing("MUST or SHOULD generic cells without a clause (check({ ..., clause }))", offenders),
    ).toBe(0);
  });

  it("every check of a generic suite declares its family", () => {
    const offenders = undeclaredFamilies(planned);
    expect(
      offenders.length,
      listing("checks of a generic suite without `generic` (check({ ..., generic }))", offenders),
    ).toBe(0);
  });

  it("every fragment of every clause is in the material, verbatim", (ctx) => {
    const material = readFileSync(need(findMaterial(), ctx), "utf8");
    const missing = fragmentsNotFound(planned, material);
    const message = [
      `${missing.length} clause fragments not found in the material (whitespace collapsed, backticks kept):`,
      ...missing.map(
        (m) =>
          `  "${m.fragment}" (${m.checks.length} check${m.checks.length === 1 ? "" : "s"}, e.g. ${m.checks[0]!.name} in ${m.checks[0]!.file})`,
      ),
    ].join("\n");
    expect(missing.length, message).toBe(0);
  });
});
