// The RunReport: one object built from the checks of a run (or of merged runs), from which every
// renderer (json, md, html, junit) and the gate read. Pure: no I/O here.
import { computeKindCells } from "./kinds.ts";
import { computeInvariantMatrix } from "./invariants.ts";
import { computeMemberMatrix } from "./members.ts";
import { computePrincipalMatrix } from "./principals.ts";
import { computeUndecided } from "./undecided.ts";
import { computeConvergence, computeRaces } from "./convergence.ts";
import { AREAS, KINDS, type Kind } from "../harness/model.ts";
import { worst } from "./rollup.ts";
import { evaluateGate } from "./gate.ts";
import { exercises, isVerdict, onlyConfirmsStatus } from "./readback.ts";
import {
  API_VERSION,
  SCHEMA_VERSION,
  type BuildInput,
  type CatalogRequirement,
  type Coverage,
  type CoverageCount,
  type FuzzSummary,
  type Matrix,
  type MatrixCell,
  type MatrixRow,
  type OperationRef,
  type OutcomeCounts,
  type ReportCheck,
  type RequirementCoverage,
  type RunReport,
  type Totals,
} from "./types.ts";

/** Sums the fuzz records of the checks; a counterexample keeps its last exchange's curl. */
export function computeFuzz(checks: ReportCheck[]): FuzzSummary {
  let properties = 0,
    cases = 0,
    durationMs = 0;
  const counterexamples: FuzzSummary["counterexamples"] = [];
  checks.forEach((c, i) => {
    for (const f of c.fuzz ?? []) {
      properties++;
      cases += f.cases;
      durationMs += f.durationMs;
      if (f.counterexample)
        counterexamples.push({
          check: i,
          property: f.property,
          value: f.counterexample.value,
          reason: f.counterexample.reason,
          path: f.counterexample.path,
          curl: f.counterexample.exchanges.at(-1)?.curl,
        });
    }
  });
  return {
    properties,
    cases,
    durationMs,
    casesPerSecond: durationMs ? Math.round((cases * 1000) / durationMs) : 0,
    counterexamples,
  };
}

export function emptyCounts(): OutcomeCounts {
  return { pass: 0, fail: 0, skip: 0, error: 0, total: 0, expectedFailures: 0 };
}

export function computeTotals(checks: ReportCheck[]): Totals {
  const t = {
    all: emptyCounts(),
    MUST: emptyCounts(),
    SHOULD: emptyCounts(),
    INFO: emptyCounts(),
  } as Totals;
  for (const c of checks) {
    for (const k of ["all", c.level] as const) {
      t[k][c.outcome]++;
      t[k].total++;
      if (c.outcome === "fail" && c.expected) t[k].expectedFailures++;
    }
  }
  return t;
}

function pct(n: number, d: number): number {
  return d === 0 ? 0 : Math.round((1000 * n) / d) / 10;
}

function countOf(
  reqs: RequirementCoverage[],
  checks: ReportCheck[],
  target?: string,
): CoverageCount {
  const exercised = reqs.filter((r) =>
    r.checks.some(
      (i) => exercises(checks[i]) && (target === undefined || checks[i].target === target),
    ),
  ).length;
  return { total: reqs.length, exercised, percent: pct(exercised, reqs.length) };
}

export function computeCoverage(
  checks: ReportCheck[],
  catalog: CatalogRequirement[] | undefined,
  targets: string[],
): Coverage {
  const byReq = new Map<string, number[]>();
  checks.forEach((c, i) => {
    for (const id of new Set(c.requirementIds)) byReq.set(id, [...(byReq.get(id) ?? []), i]);
  });
  const multi = targets.length > 1;
  const requirements: RequirementCoverage[] = (catalog ?? []).map((r) => {
    const idx = byReq.get(r.id) ?? [];
    const row: RequirementCoverage = {
      ...r,
      checks: idx,
      outcome: worst(idx.map((i) => checks[i].outcome)),
    };
    if (multi) {
      row.byTarget = Object.fromEntries(
        targets.map((t) => [
          t,
          worst(idx.filter((i) => checks[i].target === t).map((i) => checks[i].outcome)),
        ]),
      );
    }
    return row;
  });
  const known = new Set(requirements.map((r) => r.id));
  const gated = requirements.filter((r) => r.level === "MUST" || r.level === "SHOULD");
  const untested = gated.filter((r) => !r.checks.some((i) => exercises(checks[i])));
  const verdicts = (r: RequirementCoverage) => r.checks.filter((i) => isVerdict(checks[i].outcome));
  const cov: Coverage = {
    catalogAvailable: catalog !== undefined,
    summary: countOf(gated, checks),
    byLevel: {
      MUST: countOf(
        gated.filter((r) => r.level === "MUST"),
        checks,
      ),
      SHOULD: countOf(
        gated.filter((r) => r.level === "SHOULD"),
        checks,
      ),
    },
    untested: untested.map((r) => r.id),
    skippedOnly: untested
      .filter((r) => r.checks.length > 0 && r.checks.every((i) => checks[i].outcome === "skip"))
      .map((r) => r.id),
    observedOnly: untested
      .filter((r) => verdicts(r).length > 0 && verdicts(r).every((i) => checks[i].level === "INFO"))
      .map((r) => r.id),
    statusOnly: untested
      .filter((r) => verdicts(r).some((i) => checks[i].level !== "INFO"))
      .map((r) => r.id),
    statusOnlyChecks: checks.flatMap((c, i) => (onlyConfirmsStatus(c) ? [i] : [])),
    unknownIds:
      catalog === undefined ? [] : [...byReq.keys()].filter((id) => !known.has(id)).sort(),
    requirements,
  };
  if (multi) cov.byTarget = Object.fromEntries(targets.map((t) => [t, countOf(gated, checks, t)]));
  return cov;
}

const AREA_WIDE = "(area-wide)";

function emptyCells(): Record<Kind, MatrixCell> {
  return Object.fromEntries(
    KINDS.map((k) => [k, { outcome: "untested", checks: [] }]),
  ) as unknown as Record<Kind, MatrixCell>;
}

function areaRank(area: string): number {
  const i = (AREAS as readonly string[]).indexOf(area);
  return i < 0 ? AREAS.length : i;
}

export function computeMatrix(
  checks: ReportCheck[],
  operations: OperationRef[],
  targets: string[],
): Matrix {
  const multi = targets.length > 1;
  const rows = new Map<string, MatrixRow>();
  const newRow = (op: OperationRef, known: boolean): MatrixRow => {
    const row: MatrixRow = { ...op, known, cells: emptyCells() };
    if (multi) row.byTarget = Object.fromEntries(targets.map((t) => [t, emptyCells()]));
    return row;
  };
  for (const op of operations) rows.set(op.operationId, newRow(op, true));
  checks.forEach((c, i) => {
    const keys = c.operationIds.length ? c.operationIds : [`${AREA_WIDE} ${c.area}`];
    for (const key of new Set(keys)) {
      let row = rows.get(key);
      if (!row) {
        const areaWide = key.startsWith(AREA_WIDE);
        row = newRow(
          { operationId: areaWide ? AREA_WIDE : key, method: "", path: "", area: c.area },
          false,
        );
        rows.set(key, row);
      }
      row.cells[c.kind].checks.push(i);
      if (row.byTarget && c.target !== undefined) row.byTarget[c.target]?.[c.kind].checks.push(i);
    }
  });
  const sorted = [...rows.values()]
    .map((r, order) => ({ r, order }))
    .sort(
      (a, b) =>
        areaRank(a.r.area) - areaRank(b.r.area) ||
        a.r.area.localeCompare(b.r.area) ||
        Number(b.r.known) - Number(a.r.known) ||
        a.order - b.order,
    )
    .map(({ r }) => r);
  const fill = (cells: Record<Kind, MatrixCell>) => {
    for (const k of KINDS) cells[k].outcome = worst(cells[k].checks.map((i) => checks[i].outcome));
  };
  for (const r of sorted) {
    fill(r.cells);
    for (const cells of Object.values(r.byTarget ?? {})) fill(cells);
  }
  const exercisedBy = (t?: string) =>
    sorted.filter(
      (r) =>
        r.known &&
        KINDS.some((k) =>
          r.cells[k].checks.some(
            (i) => isVerdict(checks[i].outcome) && (t === undefined || checks[i].target === t),
          ),
        ),
    ).length;
  const m: Matrix = {
    kinds: [...KINDS],
    targets,
    rows: sorted,
    operations: { total: operations.length, exercised: exercisedBy() },
  };
  if (multi) m.operations.byTarget = Object.fromEntries(targets.map((t) => [t, exercisedBy(t)]));
  return m;
}

export function buildReport(input: BuildInput): RunReport {
  const { checks, targets, options } = input;
  const labels = targets.length > 1 ? targets.map((t) => t.label) : [targets[0]?.label ?? "target"];
  const first = targets[0] ?? {
    url: "",
    label: "target",
    seed: 0,
    startedAt: new Date(0).toISOString(),
    durationMs: 0,
  };
  const start = Math.min(...targets.map((t) => Date.parse(t.startedAt)));
  const end = Math.max(...targets.map((t) => Date.parse(t.startedAt) + t.durationMs));
  const base = {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: "plumbline", version: input.toolVersion ?? "0.0.0" },
    apiVersion: API_VERSION,
    target: {
      url: first.url,
      label: first.label,
      ...(first.version ? { version: first.version } : {}),
    },
    targets,
    seed: first.seed,
    startedAt: Number.isFinite(start) ? new Date(start).toISOString() : first.startedAt,
    durationMs: Number.isFinite(end - start) ? end - start : first.durationMs,
    options,
    checks,
    totals: computeTotals(checks),
    coverage: {
      ...computeCoverage(checks, input.catalog, labels),
      ...(input.catalog && {
        kindCells: computeKindCells(
          checks,
          input.catalog,
          input.operations.map((o) => o.operationId),
        ),
      }),
    },
    matrix: computeMatrix(checks, input.operations, labels),
    observations: checks.flatMap((c, i) =>
      c.observations.map((o) => ({
        ...o,
        check: i,
        ...(c.target !== undefined ? { target: c.target } : {}),
      })),
    ),
    expectations: input.expectations ?? [],
    runErrors: input.runErrors ?? [],
    fuzz: computeFuzz(checks),
  } as const;
  const report = { ...base, gate: evaluateGate({ ...base }) } as RunReport;
  if (targets.length > 1) {
    report.totalsByTarget = Object.fromEntries(
      labels.map((t) => [t, computeTotals(checks.filter((c) => c.target === t))]),
    );
  }
  if (input.merged) report.merged = input.merged;
  if (input.judgedWith) report.judgedWith = input.judgedWith;
  const invariants = computeInvariantMatrix(checks);
  if (invariants) report.invariants = invariants;
  const memberMatrix = computeMemberMatrix(checks);
  if (memberMatrix) report.memberMatrix = memberMatrix;
  const principals = computePrincipalMatrix(checks);
  if (principals) report.principals = principals;
  const undecided = computeUndecided(checks);
  if (undecided) report.undecided = undecided;
  const window = input.judgedWith?.config?.settleMs;
  const convergence = computeConvergence(checks, typeof window === "number" ? window : undefined);
  if (convergence) report.convergence = convergence;
  const races = computeRaces(checks);
  if (races) report.races = races;
  return report;
}
