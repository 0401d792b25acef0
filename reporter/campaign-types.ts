// The shapes of a fuzz campaign's report section (reporter/campaign.ts builds and renders them):
// apart, so the report's types (types.ts) name them without importing the renderer.

/** One case as a bucket keeps it: enough to send it again and to read what it was. */
export interface CaseRef {
  round: number;
  /** the round's seed (`plumbline fuzz --seed` replays the round) and the property's fast-check seed */
  roundSeed: number;
  propertySeed: number;
  /** fast-check's path of the case (empty for a corpus case replayed) */
  path: string;
  /** the property's input, as the corpus keeps it */
  value: unknown;
  site?: string;
  reason: string;
  /** the input's size (characters of its JSON): the smallest case is the bucket's repro */
  size: number;
  /** the case's requests, in order, as curl commands (token as $PLUMBLINE_TOKEN) */
  curl: string[];
  /** the corpus file holding it (relative to the corpus directory) */
  corpusFile?: string;
  /** the case came from the corpus (replayed first), not from this campaign's draws */
  replayed?: boolean;
}

/** Failures of one root-cause shape: the operation, the property (its oracle), the requirement, the member, the status class. */
export interface Bucket {
  key: string;
  operation: string;
  property: string;
  file: string;
  requirementIds: string[];
  level: string;
  /** the member path or rule the failing cases broke (`body.timeout`, `query.year`, `rule VM-CREATE-8`); empty for a valid request */
  member: string;
  /** the failing answer's status class (2xx: accepted where a refusal was due), `none` when no answer came */
  statusClass: string;
  /** failing cases found (rounds where the property failed here, corpus replays that failed again) */
  count: number;
  firstSeen: string;
  lastSeen: string;
  first: CaseRef;
  smallest: CaseRef;
  /** the one-line command sending the smallest case again */
  replay: string;
}

/** What one operation's properties reached against what the material documents for it. */
export interface OperationCoverage {
  operation: string;
  /** the documented outcomes: success, each stated constraint's refusal naming its member, each rule between members refused */
  documented: string[];
  reached: string[];
  notReached: string[];
  /** the statuses its answers had, and the members its errors named */
  statuses: number[];
  errorFields: string[];
  /** the distinct outcome keys reached (statuses, fields, sites) */
  outcomes: number;
  /** the last round's factor on its cases (feedback: more for what is not reached) */
  weight: number;
}

export interface CampaignRound {
  round: number;
  seed: number;
  cases: number;
  durationMs: number;
  /** failing properties in the round (new finds and corpus cases failing again) */
  failures: number;
  newBuckets: number;
  /** set when the round was cut (the campaign's time ran out, a signal) */
  interrupted?: boolean;
  /** the shard (campaign seed) it came from, in a merged report */
  source?: string;
}

export interface CorpusReplay {
  /** corpus cases sent first */
  cases: number;
  /** kept failing, passing now: fixed */
  fixed: string[];
  /** kept failing, failing again */
  stillFailing: string[];
  /** kept for reaching something new, passing still */
  passing: number;
  /** kept for reaching something new, failing now: a regression */
  regressions: string[];
}

export interface CampaignSummary {
  /** the campaign's seed: round r's seed is derived from it (runner/campaign.ts roundSeed) */
  seed: number;
  /** the campaign seeds of merged shards */
  seeds?: number[];
  startedAt: string;
  durationMs: number;
  /** the time asked for (--duration, --until) */
  plannedMs: number;
  checkpointMs: number;
  cases: number;
  /** cases per second of wall time, rounds' start-up included */
  casesPerSecond: number;
  rounds: CampaignRound[];
  buckets: Bucket[];
  corpusDir?: string;
  /** corpus files written by this campaign (new failing and new reaching cases) */
  corpusAdded: number;
  replay?: CorpusReplay;
  operations: OperationCoverage[];
  /** documented outcomes reached and in all, over the operations */
  reachedTotal: number;
  documentedTotal: number;
  /** why it ended before its time (a signal) */
  interrupted?: string;
  /** a checkpoint: the campaign is still running */
  partial?: boolean;
}
