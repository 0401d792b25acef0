// The RunReport: one object built from the checks of a run (or of merged runs), from which every
// renderer (json, md, html, junit) and the gate read. Pure: no I/O here.
import { computeKindCells, type KindCells } from "./kinds.ts";
import {
  AREAS,
  KINDS,
  type CheckResult,
  type Kind,
  type Level,
  type Observation,
  type Outcome,
} from "../harness/model.ts";
import { worst, type CellOutcome } from "./rollup.ts";
import { evaluateGate, type GateResult, type GateOptions } from "./gate.ts";
import type { ExpectationEntry } from "./expectations.ts";
import { onlyConfirmsStatus } from "./readback.ts";

export const SCHEMA_VERSION = 1;
export const API_VERSION = "4.106.1";
export const LEVELS: Level[] = ["MUST", "SHOULD", "INFO"];
export const OUTCOMES: Outcome[] = ["pass", "fail", "skip", "error"];

/** A requirement as spec/catalog.ts gives it (only the fields the report uses). */
export interface CatalogRequirement {
  id: string;
  area: string;
  operations: string[];
  kind: string;
  level: Level;
  source: string;
  statement: string;
}

/** An operation as spec/index.ts lists it (only the fields the report uses). */
export interface OperationRef {
  operationId: string;
  method: string;
  path: string;
  area: string;
}

export interface TargetRun {
  url: string;
  label: string;
  seed: number | string;
  startedAt: string;
  durationMs: number;
  /** set on the report of one slice of a sharded run (`plumbline run --shard 2/4`) */
  shard?: { index: number; count: number };
}

/** A check as reported: the CheckResult plus, in a merged report, the target it ran against. */
export interface ReportCheck extends CheckResult {
  /** label of the target (merged reports of several targets only) */
  target?: string;
}

export type OutcomeCounts = Record<Outcome, number> & { total: number; expectedFailures: number };
export type Totals = Record<Level | "all", OutcomeCounts>;

export interface RequirementCoverage extends CatalogRequirement {
  /** indices into report.checks */
  checks: number[];
  /** worst outcome of its checks; `untested` when no check names it */
  outcome: CellOutcome;
  /** per target label (merged reports of several targets) */
  byTarget?: Record<string, CellOutcome>;
}

export interface CoverageCount {
  total: number;
  /** with at least one check that exercises it (see `exercises`) */
  exercised: number;
  percent: number;
}

export interface Coverage {
  /** false when spec/catalog.ts could not be loaded: counts are then empty */
  catalogAvailable: boolean;
  /** MUST and SHOULD requirements together */
  summary: CoverageCount;
  byLevel: Record<"MUST" | "SHOULD", CoverageCount>;
  byTarget?: Record<string, CoverageCount>;
  /** MUST/SHOULD requirement IDs no check exercised (no check at all, or only skips, errors, observations or status confirmations) */
  untested: string[];
  /** of `untested`: every check naming it was skipped */
  skippedOnly: string[];
  /** of `untested`: only INFO checks (observations) reached a verdict */
  observedOnly: string[];
  /** of `untested`: its only checks with a verdict confirmed a status (reporter/readback.ts) */
  statusOnly: string[];
  /** indices into report.checks of the checks that only confirmed a status (the audit list) */
  statusOnlyChecks: number[];
  /** requirement IDs named by checks but absent from the catalog */
  unknownIds: string[];
  /** the whole catalog, INFO included */
  requirements: RequirementCoverage[];
  /** operation × kind of rule: which ruled cells no check exercised (reporter/kinds.ts) */
  kindCells?: KindCells;
}

export interface MatrixCell {
  outcome: CellOutcome;
  /** indices into report.checks */
  checks: number[];
}

export interface MatrixRow {
  operationId: string;
  method: string;
  path: string;
  area: string;
  /** false for an operationId a check named that spec/index.ts does not list, or the area-wide row */
  known: boolean;
  /** every target together */
  cells: Record<Kind, MatrixCell>;
  /** per target label (merged reports of several targets) */
  byTarget?: Record<string, Record<Kind, MatrixCell>>;
}

export interface Matrix {
  kinds: Kind[];
  /** target labels, in order (one for a single run) */
  targets: string[];
  rows: MatrixRow[];
  operations: { total: number; exercised: number; byTarget?: Record<string, number> };
}

export interface ObservationRow extends Observation {
  /** index into report.checks */
  check: number;
  target?: string;
}

export interface ReportOptions extends GateOptions {
  expectationsFile?: string;
}

export interface RunReport {
  schemaVersion: typeof SCHEMA_VERSION;
  tool: { name: string; version: string };
  apiVersion: string;
  /** the target (for a merged report of several targets: the first; see `targets`) */
  target: { url: string; label: string };
  targets: TargetRun[];
  seed: number | string;
  startedAt: string;
  durationMs: number;
  options: ReportOptions;
  checks: ReportCheck[];
  totals: Totals;
  totalsByTarget?: Record<string, Totals>;
  coverage: Coverage;
  matrix: Matrix;
  observations: ObservationRow[];
  expectations: ExpectationEntry[];
  /** problems outside any check: unhandled errors, modules that failed to load, an interrupted run */
  runErrors: string[];
  gate: GateResult;
  merged?: { kind: "shards" | "targets"; sources: string[] };
  /** why the run stopped early (a signal, the deadline); absent when it ran to the end */
  interrupted?: string;
  /** what the run left on the target after its cleanup, and why (on purpose, or could not remove) */
  leftOnTarget?: LeftOnTarget[];
  /** the fuzz checks together (kind `fuzz`): cases, rate, and each shrunk counterexample */
  fuzz: FuzzSummary;
}

export interface FuzzSummary {
  properties: number;
  cases: number;
  /** time spent in properties (summed over checks that may have run side by side) */
  durationMs: number;
  casesPerSecond: number;
  counterexamples: {
    check: number;
    property: string;
    value: unknown;
    reason: string;
    path: string;
    curl?: string;
  }[];
}

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

export interface LeftOnTarget {
  /** the resource: type, label, path */
  what: string;
  reason: string;
  /** true for what the API never lets anyone remove (a public recipe); false for a failed removal */
  onPurpose: boolean;
}

export interface BuildInput {
  checks: ReportCheck[];
  targets: TargetRun[];
  options: ReportOptions;
  operations: OperationRef[];
  /** undefined when the catalog could not be loaded */
  catalog?: CatalogRequirement[];
  expectations?: ExpectationEntry[];
  runErrors?: string[];
  toolVersion?: string;
  merged?: RunReport["merged"];
}

const isVerdict = (o: Outcome) => o === "pass" || o === "fail";

/**
 * A check exercises the requirements it names when it reached a verdict, asserts (its level is
 * MUST or SHOULD: an INFO observation cannot fail) and looked at an effect (not only a status).
 */
export function exercises(c: ReportCheck): boolean {
  return isVerdict(c.outcome) && c.level !== "INFO" && !onlyConfirmsStatus(c);
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
    target: { url: first.url, label: first.label },
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
  return report;
}
