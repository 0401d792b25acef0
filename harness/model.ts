// The one record every check produces. The harness writes it into the vitest task's meta
// (`task.meta.plumbline`); the reporter reads only this. Keep both sides on these types.
import { AREAS, type Area } from "../spec/areas.ts";

export type Level = "MUST" | "SHOULD" | "INFO";
export type Kind =
  | "happy"
  | "validation"
  | "state"
  | "error"
  | "auth"
  | "convention"
  | "limit"
  | "fuzz";
/** pass; fail = the target broke a requirement; skip = something missing, named in `reason`;
 *  error = plumbline or the environment broke (never counted against the target). */
export type Outcome = "pass" | "fail" | "skip" | "error";
/** `concurrent`: the check sends requests together on purpose (a race), alone in its worker */
export type SideEffect =
  | "read-only"
  | "creates"
  | "billable"
  | "destructive"
  | "account-wide"
  | "concurrent";

// the areas are the spec's (its tags plus the conventions), re-exported: the reporter reads them here
export { AREAS, type Area };
export const KINDS: Kind[] = [
  "happy",
  "validation",
  "state",
  "error",
  "auth",
  "convention",
  "limit",
  "fuzz",
];

/** One HTTP request and its answer, secrets already redacted. */
export interface Exchange {
  operationId?: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: unknown;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: unknown;
  durationMs: number;
  /** set when no response came (timeout, reset, refused) */
  error?: string;
  curl: string;
}

/**
 * One cell of the kind × member matrix: a writable member of a full subject, and one question about
 * it. `empty` cells say why no verdict could be had (the record does not show the member, the kind
 * has no update, the target refused the value); `info` cells were observed where the material does
 * not decide.
 */
export interface MemberCell {
  member: string;
  /** created: read back after the full create; updated: after an update naming it alone; kept:
   *  unchanged across updates naming other members; agree: the list entry equals the view */
  question: "created" | "updated" | "kept" | "agree";
  /** n/a: the question does not apply to the member (the kind has no update, the member is not an
   *  update member, no view or no list to compare), said in `note`; not in the fill rate */
  outcome: "pass" | "fail" | "empty" | "info" | "n/a";
  /** the level the cell was judged at (MUST, or SHOULD where the kind's update may replace) */
  level?: Level;
  /** why a cell is empty, what failed, or what was observed */
  note?: string;
}

/**
 * One read-after-write that a check waited on (harness/settle.ts): how long after the write the
 * judgment first held (`lagMs`, 0 when the first read agreed), over how many reads; `converged`
 * false when the window (`--settle`) closed first (the check then failed on it).
 */
export interface Settled {
  /** the oracle that judged the reads: read-your-writes, list = view, delete is complete, … */
  oracle: string;
  /** the resource kind read (spec/kinds.ts), when the oracle knows it; else the check's */
  kind?: string;
  lagMs: number;
  reads: number;
  converged: boolean;
}

/** An INFO observation: what the target did where the material says `not shown`. */
export interface Observation {
  requirementId: string;
  operationId?: string;
  note: string;
  value: unknown;
}

/** What one property of a fuzz check did (harness/fuzz.ts). */
export interface FuzzRecord {
  /** the property's name (its check title, or a name inside a check) */
  property: string;
  /** fast-check's seed for this property, derived from the run's seed and the name */
  seed: number;
  /** the run's seed (`--seed` replays it) */
  runSeed: number;
  /** cases asked for (--fuzz-runs) */
  numRuns: number;
  /** cases run (fewer when the time budget stopped it; shrink attempts included) */
  cases: number;
  shrinks: number;
  durationMs: number;
  casesPerSecond: number;
  /** when the property began (ms since the epoch): fuzzing's share of the run's time line */
  startedAt?: number;
  /** requests the cases sent, all of them */
  requests?: number;
  /** of those, the longest run of round trips that waited on each other: per batch of cases run
   * together its longest case, per case alone all of it (the bench's request graph) */
  chain?: number;
  /** the time budget stopped generation before numRuns */
  interrupted: boolean;
  /** the minimal failing input, after shrinking; `site` what it tried (a member path and keyword, a rule) */
  counterexample?: {
    value: unknown;
    path: string;
    reason: string;
    exchanges: Exchange[];
    site?: string;
  };
  /** the operation the property sends (its stateless properties; a stateful one sends many) */
  op?: string;
  /** in a campaign (runner/campaign.ts): the outcomes the cases reached, each key with its count
   * (`status <op> <code>`, `field <op> <code> <member>`, `site <op> <site> <class>[ named]`) */
  reached?: Record<string, number>;
  /** in a campaign: the first case reaching each outcome the campaign did not know (plain JSON inputs) */
  novel?: { key: string; value: unknown; site?: string }[];
  /** in a campaign: the corpus cases sent first, each with its verdict */
  replayed?: {
    id: string;
    outcome: "pass" | "fail" | "skip";
    reason?: string;
    exchanges?: Exchange[];
  }[];
  /** in a campaign: cases not sent because their site already has a bucket (its corpus case is replayed) */
  knownSkipped?: number;
}

/** Stored in vitest's task.meta under the key `plumbline`. */
export interface CheckMeta {
  requirementIds: string[];
  operationIds: string[];
  area: Area;
  kind: Kind;
  level: Level;
  sideEffect: SideEffect;
  /** the resource kind (spec/kinds.ts) a generic invariant ran on */
  resource?: string;
  /** the principal column an authorization cell ran as (with its first operation: the principal × operation matrix) */
  principal?: string;
  /**
   * A generic cell (an authorization cell, an invariant on a kind, a fuzz property, a record
   * member): a rule written once and asserted anew on every operation or kind it runs on.
   */
  generic?: "authz" | "invariant" | "fuzz" | "record";
  /**
   * The material's words the cell rests on, verbatim (fragments joined by " … "): for a MUST or
   * SHOULD cell the clause that decides its expected outcome; for an INFO cell the words that leave
   * it open. tests/clauses.test.ts finds each fragment in the material.
   */
  clause?: string;
  /** the member matrix (suites/invariants/members.test.ts): one cell per writable member and question */
  members?: MemberCell[];
  /** the harness's own verdict when it knows better than vitest (skip with reason, error) */
  outcome?: Outcome;
  reason?: string;
  exchanges: Exchange[];
  observations: Observation[];
  /**
   * Secrets the check's target minted (learned from bodies), handed to the reporter in memory for
   * one last masking pass over every file it writes; stripped before anything is written.
   */
  secrets?: string[];
  /** fuzz checks: one record per property run */
  fuzz?: FuzzRecord[];
  /** the reads after a write the check waited on to converge (harness/settle.ts); capped */
  settled?: Settled[];
  /** requests the check sent, every attempt */
  requests?: number;
  /**
   * Of those, the round trips the check waited on: requests sent while none of its others was in
   * flight (pages read side by side count once). The check's chain in the bench's request graph.
   */
  rounds?: number;
  /** removals of the check's cleanup that ran one after another (harness/ledger.ts removeEntries) */
  cleanupRounds?: number;
  /**
   * The passive oracles (harness/oracles.ts) the check applied, in order: what `plumbline rejudge`
   * applies again to the recorded exchanges. Absent when it applied none.
   */
  oracles?: OracleUse[];
  /** the check ended on the failure of this oracle use (an index into `oracles`) */
  failedOn?: number;
  /** set when the check named its level itself (not the catalog's level of its first ID) */
  levelDeclared?: true;
}

/** One application of a passive oracle to one exchange of the check. */
export interface OracleUse {
  /** harness/oracles.ts ORACLE_NAMES */
  oracle: string;
  /** index into the check's exchanges; -1 when that exchange was not kept (past the cap, or after the check was cut) */
  exchange: number;
  /** the operation whose schema judged the body, when not the exchange's own */
  operationId?: string;
  ok: boolean;
}

/** What the reporter makes of one finished test. */
export interface CheckResult extends Omit<CheckMeta, "outcome" | "secrets"> {
  name: string;
  file: string;
  outcome: Outcome;
  durationMs: number;
  /** set by the expectations file: a known failure, with its reason (and its link, its end date) */
  expected?: { reason: string; link?: string; until?: string };
  /** an expectations entry matched this failure but its `until` date had passed: the failure gates */
  expired?: { reason: string; until: string; link?: string };
  /** `--rerun-failures`: its runs both passed and failed (`outcome` stays the first run's) */
  flaky?: true;
  /** `--rerun-failures`: the outcome of each rerun, in order (same seed, fresh fixtures) */
  reruns?: Outcome[];
  /** the first rerun of each outcome that differs from the first run's, with its exchanges */
  rerunEvidence?: RerunEvidence[];
}

/** One rerun kept for the report: it ended differently from the first run. */
export interface RerunEvidence {
  /** 1 for the first rerun */
  attempt: number;
  outcome: Outcome;
  reason?: string;
  exchanges: Exchange[];
}

declare module "vitest" {
  interface TaskMeta {
    plumbline?: CheckMeta;
  }
}

/**
 * What a fuzz campaign (`plumbline fuzz --duration`, runner/campaign.ts) hands the properties of one
 * round through the configuration (`config.fuzzCampaign`). Absent in `run` and a plain `fuzz`:
 * then nothing below happens and nothing more is recorded.
 */
export interface FuzzCampaign {
  round: number;
  /** corpus cases sent first, per property name: each judged alone (passes: fixed; fails: still there) */
  replay?: Record<string, ReplayCase[]>;
  /** only the replayed cases, no new ones (`plumbline fuzz --replay <case>`) */
  replayOnly?: boolean;
  /** outcome keys reached before (earlier rounds, the corpus): a case reaching another is kept as novel */
  known?: string[];
  /** per property, sites that already have a bucket: not sent again (their corpus case is replayed instead) */
  failing?: Record<string, string[]>;
  /** per operation, the factor on the cases and the time budget of its properties (feedback) */
  weights?: Record<string, number>;
}

/** A corpus case as a round replays it: its input, or (not plain JSON: a command sequence) fast-check's seed and path. */
export interface ReplayCase {
  id: string;
  value?: unknown;
  seed?: number;
  path?: string;
}
