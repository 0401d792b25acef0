// The report's types: what conformance.json holds and every renderer, the gate and merge read.
// Declarations only: nothing here computes (report.ts builds a RunReport, gate.ts judges it).
import type { CellOutcome } from "./rollup.ts";
import type { Convergence, RaceMatrix } from "./convergence-types.ts";
import type {
  CheckMeta,
  CheckResult,
  Kind,
  Level,
  MemberCell,
  Observation,
  Outcome,
} from "../harness/model.ts";
import type { ConcurrencyCurve } from "../harness/concurrency.ts";

/**
 * conformance.json's format (docs/evidence.md says what changes it); 2 added judgedWith, oracle
 * uses, rejudged; 3 stores the exchanges' repeated values once (`pool`) and a curl the request
 * rebuilds not at all (reporter/json.ts, reporter/pool.ts)
 */
export const SCHEMA_VERSION = 3;

/** The versions a reader accepts: every one up to SCHEMA_VERSION (a newer one is refused). */
export const READABLE_SCHEMA_VERSIONS = [1, 2, 3] as const;

export const API_VERSION = "4.106.1";

export const LEVELS: Level[] = ["MUST", "SHOULD", "INFO"];

export const OUTCOMES: Outcome[] = ["pass", "fail", "skip", "error"];

/** A generic cell's family (CheckMeta.generic): a rule written once, asserted on every operation or kind. */
export type GenericFamily = NonNullable<CheckMeta["generic"]>;

/** The families in the order the reports list them. */
export const GENERIC_FAMILIES: GenericFamily[] = ["authz", "invariant", "fuzz", "record"];

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
  /** --target-version: the target's build or commit, as the user gave it */
  version?: string;
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
  /** set by `plumbline rejudge` */
  rejudge?: CheckRejudge;
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

/** Resource kind × invariant (reporter/invariants.ts): one cell per kind and invariant it ran on. */
export interface InvariantMatrix {
  /** requirement IDs of the invariants, the columns */
  invariants: string[];
  /** resource kinds (spec/kinds.ts), the rows: those with a failing cell first */
  kinds: string[];
  /** kind → invariant → cell; a missing cell is an invariant that does not apply to the kind */
  cells: Record<string, Record<string, MatrixCell>>;
  counts: { cells: number; pass: number; fail: number; error: number; skip: number };
}

/** A question of the kind × member matrix (harness/model.ts MemberCell), one column each. */
export type MemberQuestion = MemberCell["question"];

/** The columns, in order: read back after the create, after an update of it alone, kept across updates of the others, list = view. */
export const MEMBER_QUESTIONS: readonly MemberQuestion[] = ["created", "updated", "kept", "agree"];

export type MemberOutcome = MemberCell["outcome"];

/** Worst first: a cell several checks give shows the worst of them, fail > pass > info > empty. */
export const MEMBER_OUTCOME_ORDER: readonly MemberOutcome[] = [
  "fail",
  "pass",
  "info",
  "empty",
  "n/a",
];

/** One kind × member × question cell: the worst cell the checks gave, with its level and note. */
export interface MemberMatrixCell {
  outcome: MemberOutcome;
  /** the level the deciding cell was judged at */
  level?: Level;
  /** why it is empty, what failed, or what was observed (the deciding cell's, else the first given) */
  note?: string;
  /** indices into report.checks: every check that gave this cell */
  checks: number[];
  /** per target label (merged reports of several targets): that target's worst; absent: no cell there */
  byTarget?: Record<string, MemberOutcome>;
}

/** The cells of one kind (or of the whole matrix, or one target): filled, empty and not recorded. */
export interface MemberCounts {
  /** writable members with at least one cell */
  members: number;
  /** members × the four questions: the denominator */
  cells: number;
  /** cells with a verdict or an observation: pass + fail + info */
  filled: number;
  pass: number;
  fail: number;
  info: number;
  /** cells a check gave as empty, with its reason */
  empty: number;
  /** questions that do not apply to the member (n/a, with the reason): outside `cells` */
  na: number;
  /** cells no check gave at all (neither a verdict nor a reason) */
  missing: number;
  /** filled / cells, percent with one decimal (0 when there is no cell) */
  fillRate: number;
}

/**
 * Resource kind × writable member × question (reporter/members.ts): the cells the member checks
 * (suites/invariants/members.test.ts, `members` on a check) recorded for each kind's full subject.
 */
export interface MemberMatrix {
  /** MEMBER_QUESTIONS: the columns */
  questions: MemberQuestion[];
  /** resource kinds: those with a failing cell first, then by name */
  kinds: string[];
  /** kind → its members, in the order the checks first gave them */
  members: Record<string, string[]>;
  /** kind → member → question → cell; a missing question: no check gave that cell */
  cells: Record<string, Record<string, Partial<Record<MemberQuestion, MemberMatrixCell>>>>;
  /** per kind */
  counts: Record<string, MemberCounts>;
  /** every kind together */
  totals: MemberCounts & { kinds: number };
  /** kind → its member checks that gave no cell at all (skipped, or stopped before the first): indices into report.checks */
  unreached?: Record<string, number[]>;
  /** per target label (merged reports of several targets): the same counts over that target's cells */
  byTarget?: Record<string, MemberCounts>;
}

/** One principal × operation cell: its worst check, the status the principal got, INFO or a broken SHOULD. */
export interface PrincipalCell extends MatrixCell {
  /** the status the principal's request was answered with (when one request decides the cell) */
  status?: number;
  /** every check of the cell is INFO: the material does not decide it, the outcome is observed */
  info?: boolean;
  /** a refusal answered outside the status the policy SHOULD give (401/403/404) */
  should?: boolean;
}

/** Principal × operation (reporter/principals.ts): the authorization matrix of suites/authz/. */
export interface PrincipalMatrix {
  /** the principal columns (harness/principals.ts COLUMNS), in that order */
  principals: string[];
  /** operation IDs, the rows: those with a failing cell first */
  operations: string[];
  /** operation → principal → cell; a missing cell: the principal does not apply to the operation */
  cells: Record<string, Record<string, PrincipalCell>>;
  counts: {
    cells: number;
    pass: number;
    fail: number;
    error: number;
    skip: number;
    /** INFO cells that ran (their outcome observed) */
    info: number;
    /** cells whose refusal broke the status SHOULD */
    should: number;
  };
}

/**
 * A generic cell the material does not decide (reporter/undecided.ts): a check with `generic` set
 * and level INFO. Its outcome is observed, not judged; its `clause` says why the material leaves it open.
 */
export interface UndecidedCell {
  /** index into report.checks */
  check: number;
  family: GenericFamily;
  /** the status the target answered (when one request decides the cell) */
  status?: number;
  /** target label (merged reports of several targets) */
  target?: string;
}

export interface RunReport {
  schemaVersion: (typeof READABLE_SCHEMA_VERSIONS)[number];
  tool: { name: string; version: string };
  apiVersion: string;
  /** the target (for a merged report of several targets: the first; see `targets`) */
  target: { url: string; label: string; version?: string };
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
  /** resource kind × invariant; absent when no invariant check ran */
  invariants?: InvariantMatrix;
  /** resource kind × member × question (the member matrix); absent when no check recorded a member cell */
  memberMatrix?: MemberMatrix;
  /** principal × operation (the authorization matrix); absent when no authorization cell ran */
  principals?: PrincipalMatrix;
  /** the generic cells the material does not decide (INFO), by family; absent when there is none */
  undecided?: UndecidedCell[];
  /** reads after a write and their lag, per oracle and kind (reporter/convergence.ts); absent when none */
  convergence?: Convergence;
  /** resource kind × race rule (reporter/convergence.ts); absent when no race check ran */
  races?: RaceMatrix;
  /** the run's own limits and the target's 429 answers (harness/rate.ts); absent before it was counted */
  traffic?: Traffic;
  /** what the checks were judged with (reporter/evidence.ts); absent before schema 2 and when not known */
  judgedWith?: JudgedWith;
  /** set by `plumbline rejudge`: this report re-judges recorded evidence (reporter/rejudge.ts) */
  rejudged?: Rejudged;
  /** `--rerun-failures`: what was run again and what turned out flaky; absent when nothing was */
  reruns?: RerunSummary;
  /** `plumbline fuzz --duration`: the campaign's rounds, buckets, corpus replay and reach (reporter/campaign.ts) */
  campaign?: import("./campaign-types.ts").CampaignSummary;
}

/** The inputs of a verdict besides the exchanges: enough to know whether it can be judged again alike. */
export interface JudgedWith {
  /** spec/openapi.yaml (or `rejudge --spec`) as loaded: sha256 of its bytes */
  spec: { sha256: string; file?: string };
  /** spec/requirements.yaml (or `rejudge --catalog`) as loaded: sha256 of its bytes */
  catalog: { sha256: string; file?: string };
  /** Node's version (process.version) */
  node: string;
  /** the run's configuration, every secret removed (reporter/evidence.ts recordedConfig) */
  config?: Record<string, unknown>;
}

/** What `plumbline rejudge` did with each check. */
export type RejudgeStatus =
  | "same" // judged again: the verdict is the recorded one
  | "changed" // judged again: the verdict differs from the recorded one
  | "not-re-judgeable" // cannot be judged from the record (why says why); reported as skip
  | "kept"; // skip or error: kept as recorded, nothing to judge

export interface CheckRejudge {
  status: RejudgeStatus;
  /** the outcome in the evidence */
  recorded: Outcome;
  /** why it changed, or why it cannot be judged again */
  why?: string;
}

export interface Rejudged {
  /** the evidence file judged again */
  evidence: string;
  at: string;
  /** the evidence's own judgedWith and plumbline version */
  recorded: { judgedWith?: JudgedWith; tool: string };
  counts: Record<RejudgeStatus, number>;
}

/** The reruns of failing checks after the run (runner/rerun.ts). */
export interface RerunSummary {
  /** --rerun-failures K: how many more times each chosen check was to run */
  rounds: number;
  /** rounds that ran (fewer when the run was stopped) */
  roundsRun: number;
  /** at most this many checks are rerun (runner/rerun.ts MAX_RERUN_CHECKS) */
  cap: number;
  /** failing MUST and SHOULD checks of the first run */
  failing: number;
  /** of those, the checks rerun: gated ones first (MUST, then SHOULD), then in report order */
  rerun: number;
  /** failing checks the cap left out: their outcome stands, whether they are flaky is unknown */
  cut: number;
  /** rerun checks whose runs both passed and failed */
  flaky: number;
  /** why the reruns stopped before their last round (the run's stop) */
  stopped?: string;
}

/** How the run paced itself and how the target's 429 answers were met (reporter/traffic.ts renders it). */
export interface Traffic {
  /** --max-rps: requests per second at most, across the run */
  maxRps?: number;
  /** --max-requests: the run's request budget */
  maxRequests?: number;
  /**
   * requests the permits let through to the target and its control endpoint (counted when a
   * limit or budget is set; a worker the run's end stops while it waits for its slot sends nothing)
   */
  sent?: number;
  /** of `sent`: cleanup's requests after the budget was spent (cleanup may go past it) */
  cleanupPastBudget?: number;
  /** a merged report: the runs whose traffic is summed here (each held the limits on its own) */
  runs?: number;
  /** answers 429 Too Many Requests */
  tooMany: number;
  /** of those, sent again after waiting (Retry-After, within --max-retries and --max-retry-wait) */
  retried: number;
  /** the waits before those retries, in total */
  waitedMs: number;
  /**
   * the run's requests in flight: adaptive (the curve, sampled, and each back-off with its cause)
   * or fixed (harness/concurrency.ts AdaptiveInFlight)
   */
  concurrency?: ConcurrencyCurve;
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
  judgedWith?: JudgedWith;
}

// The gate (gate.ts)

export const EXIT = { PASS: 0, TARGET_FAILS: 1, INCOMPLETE: 2 } as const;

export interface GateOptions {
  strict: boolean;
  /** the lowest level that gates; SHOULD gates also when strict */
  gateLevel: "MUST" | "SHOULD";
  /** `--flaky`: a flaky failure gates (`fail`) or is reported only (`warn`, also when absent) */
  flaky?: "fail" | "warn";
}

export interface GateResult {
  verdict: "pass" | "fail" | "error";
  exitCode: 0 | 1 | 2;
  gatedLevels: Level[];
  /** gated failures the expectations file does not list */
  failures: number;
  /** failures the expectations file lists */
  expectedFailures: number;
  /** failures at levels that do not gate (SHOULD without strict) */
  warnings: number;
  errors: number;
  unexpectedPasses: number;
  /** failures whose reruns passed (gated only with --flaky fail); absent in reports before reruns */
  flaky?: number;
  /** why the verdict is what it is, one line each, most important first */
  reasons: string[];
  /** things to fix that do not gate: ungated failures, unexpected passes, unmatched expectations */
  warningLines: string[];
}

export interface GateInput {
  checks: ReportCheck[];
  runErrors: string[];
  expectations: ExpectationEntry[];
  options: GateOptions;
}

// Operation × kind of rule (kinds.ts)

export const RULE_KINDS = ["validation", "state", "error", "auth"] as const;

export type RuleKind = (typeof RULE_KINDS)[number];

export interface KindGap {
  operationId: string;
  kind: RuleKind;
  /** the requirements of that kind naming the operation, none exercised on it */
  requirements: string[];
}

export interface KindCells {
  /** operations × RULE_KINDS */
  cells: number;
  /** ruled and exercised */
  filled: number;
  /** no requirement of the kind names the operation: the material gives it no such rule */
  noRule: number;
  gaps: KindGap[];
}

// The expectations file (expectations.ts)

export interface Expectation {
  /** a check's name (its full name, or its own title) or a requirement ID */
  id: string;
  reason: string;
  /** the last day (YYYY-MM-DD, UTC) the entry waives a failure; from the next day on it has expired */
  until?: string;
  /** where the failure is tracked (an http(s) URL), shown next to the reason */
  link?: string;
}

export type ExpectationStatus =
  | "expected-failure" // a matched check failed: the entry holds
  | "unexpected-pass" // matched checks ran, none failed, at least one passed: the entry is stale
  | "not-run" // matched checks were all skipped or errored
  | "unmatched" // no check of this run matches the id
  | "expired"; // the run started after the entry's `until` date: it waives nothing, its failures gate

export interface ExpectationEntry extends Expectation {
  status: ExpectationStatus;
  /** indices into report.checks */
  checks: number[];
  /** target label (merged reports of several targets) */
  target?: string;
}
