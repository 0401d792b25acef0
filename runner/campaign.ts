// `plumbline fuzz --duration 1h` (or `--until 06:00`): a fuzz campaign. The properties of
// suites/fuzz/ run in rounds, each a `plumbline run` of them with its own seed derived from the
// campaign's, against one target started once, until the time is up. Between rounds: failures go
// into buckets (operation, property, requirement, member, status class) and the corpus, what the
// cases reached is added up per operation against the documented outcomes (runner/reach.ts), and
// the next round gives more cases to operations with outcomes not reached. A live line shows
// progress; the reports are written every --checkpoint and at the end, with a "Fuzz campaign"
// section (reporter/campaign.ts). `--replay <case>` sends one corpus case again.
import { appendFileSync, mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import type { Reporter, TestCase } from "vitest/node";
import type { Config } from "../harness/config.ts";
import { ConfigError } from "../harness/errors.ts";
import type { FuzzCampaign } from "../harness/fuzz.ts";
import type { CheckMeta, Exchange, FuzzRecord } from "../harness/model.ts";
import { resolveTokenCommands } from "../harness/token-command.ts";
import {
  addToBuckets,
  memberOfSite,
  statusClass,
  type Bucket,
  type CampaignRound,
  type CampaignSummary,
  type CaseRef,
  type CorpusReplay,
} from "../reporter/campaign.ts";
import type {
  CatalogRequirement,
  OperationRef,
  ReportCheck,
  RunReport,
} from "../reporter/types.ts";
import { caseId, loadCorpus, readCase, replayMap, writeCase, type CorpusCase } from "./corpus.ts";
import { coverageOf, weightsFor } from "./reach.ts";
import { checkSettings, run, startTarget } from "./run.ts";

export interface CampaignOptions {
  /** the campaign's length */
  durationMs: number;
  /** reports written at least this often while it runs (default 5 min) */
  checkpointMs?: number;
  corpusDir?: string;
  /** vitest filters: suites/fuzz/ or the --files given */
  filters: string[];
  log?: (line: string) => void;
  /** the live line's stream (default stderr); a TTY gets one line rewritten in place */
  live?: NodeJS.WriteStream;
}

export const DEFAULT_CHECKPOINT_MS = 5 * 60_000;

/** `1h`, `10m`, `90s`, `1h30m`, a bare number of seconds; undefined when it is none of these. */
export function parseDurationMs(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (/^\d+$/.test(t)) return Number(t) * 1000;
  const m = /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+)s)?$/.exec(t);
  if (!m || t === "" || (!m[1] && !m[2] && !m[3])) return undefined;
  return (Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0)) * 1000;
}

/** `--until`: `HH:MM` (today, or tomorrow when it has passed) or an ISO date-time; ms from now. */
export function untilMs(text: string, now = new Date()): number | undefined {
  const hm = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (hm) {
    const at = new Date(now);
    at.setHours(Number(hm[1]), Number(hm[2]), 0, 0);
    if (at.getTime() <= now.getTime()) at.setDate(at.getDate() + 1);
    return at.getTime() - now.getTime();
  }
  const t = Date.parse(text);
  if (!Number.isFinite(t) || t <= now.getTime()) return undefined;
  return t - now.getTime();
}

/** Round r's seed: round 1 is the campaign's own seed (a one-round campaign is `plumbline fuzz --seed`), later ones derived from it. */
export function roundSeed(campaignSeed: number, round: number): number {
  if (round <= 1) return campaignSeed;
  let h = (campaignSeed | 0) ^ 0x9e3779b9;
  h = Math.imul(h ^ round, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % 2_147_483_647;
}

/** Outcome keys a case is kept in the corpus for: statuses, error fields, documented refusals (not boundary sites). */
export function worthKeeping(key: string): boolean {
  return (
    key.startsWith("status ") ||
    key.startsWith("field ") ||
    (key.startsWith("site ") && / breaks | rule /.test(key) && / 4xx( named)?$/.test(key))
  );
}

/** The one line that sends a corpus case again. */
export function replayCommand(corpusDir: string | undefined, id: string | undefined): string {
  return id
    ? `plumbline fuzz --replay ${join(corpusDir ?? "<corpus>", `${id}.json`)}`
    : "plumbline fuzz --replay <corpus case> (no corpus given: --corpus DIR keeps it)";
}

interface Aggregate {
  check: ReportCheck;
  /** per property: the records of every round, summed into one */
  fuzz: Map<string, FuzzRecord>;
}

/** The state of a campaign between rounds (exported for tests: `absorb` is its step). */
export class CampaignState {
  readonly buckets = new Map<string, Bucket>();
  readonly reached = new Map<string, number>();
  readonly known = new Set<string>();
  /** per property, sites with a bucket (not drawn again; their corpus case is replayed) */
  readonly failing = new Map<string, Set<string>>();
  readonly rounds: CampaignRound[] = [];
  readonly checks = new Map<string, Aggregate>();
  readonly ops = new Set<string>();
  readonly corpus: Map<string, CorpusCase>;
  /** corpus cases written or changed since the last flush */
  readonly dirty = new Set<string>();
  corpusAdded = 0;
  cases = 0;
  weights: Record<string, number> = {};
  replay?: CorpusReplay;
  last?: RunReport;
  readonly scrubs: ((t: string) => string)[] = [];

  constructor(
    readonly seed: number,
    readonly corpusDir: string | undefined,
    corpus: Map<string, CorpusCase> = new Map(),
  ) {
    this.corpus = corpus;
    for (const c of corpus.values()) {
      for (const k of c.reached ?? []) this.known.add(k);
      if (c.why === "failing" && c.lastVerdict === "fail" && c.site && memberOfSite(c.site))
        this.failingOf(c.property).add(c.site);
    }
  }

  private failingOf(property: string): Set<string> {
    let s = this.failing.get(property);
    if (!s) this.failing.set(property, (s = new Set()));
    return s;
  }

  scrub = (t: string): string => this.scrubs.reduce((x, f) => f(x), t);

  /** What round r hands the properties. */
  input(round: number): FuzzCampaign {
    return {
      round,
      known: [...this.known],
      failing: Object.fromEntries([...this.failing].map(([p, s]) => [p, [...s]])),
      weights: this.weights,
      ...(round === 1 && this.corpus.size ? { replay: replayMap(this.corpus.values()) } : {}),
    };
  }

  /** One round's report into the campaign: cases, reach, buckets, corpus, the checks' aggregate. */
  absorb(
    report: RunReport,
    round: number,
    seed: number,
    durationMs: number,
    at = new Date().toISOString(),
  ): CampaignRound {
    this.last = report;
    let cases = 0;
    let failures = 0;
    let newBuckets = 0;
    const replay: CorpusReplay = this.replay ?? {
      cases: 0,
      fixed: [],
      stillFailing: [],
      passing: 0,
      regressions: [],
    };
    for (const c of report.checks) {
      this.aggregate(c);
      if (
        c.kind === "fuzz" &&
        c.generic === "fuzz" &&
        /stateless/.test(c.file) &&
        c.operationIds[0]
      )
        this.ops.add(c.operationIds[0]);
      for (const f of c.fuzz ?? []) {
        cases += f.cases;
        const op = f.op ?? c.operationIds[0] ?? "stateful";
        for (const [k, n] of Object.entries(f.reached ?? {})) {
          this.reached.set(k, (this.reached.get(k) ?? 0) + n);
        }
        for (const n of f.novel ?? []) {
          if (this.known.has(n.key) || !worthKeeping(n.key)) continue;
          this.keepReached(c, f, op, n.value, n.site, n.key, round, seed, at);
        }
        for (const k of Object.keys(f.reached ?? {})) this.known.add(k);
        for (const r of f.replayed ?? []) {
          const kept = this.corpus.get(r.id);
          if (!kept || r.outcome === "skip") continue;
          replay.cases++;
          if (kept.why === "failing")
            (r.outcome === "pass" ? replay.fixed : replay.stillFailing).push(r.id);
          else if (r.outcome === "pass") replay.passing++;
          else replay.regressions.push(r.id);
          if (r.outcome === "pass" && kept.site) this.failing.get(kept.property)?.delete(kept.site);
          kept.lastSeen = at;
          kept.lastVerdict = r.outcome;
          if (r.reason) kept.reason = r.reason;
          this.dirty.add(r.id);
        }
        if (f.counterexample) {
          failures++;
          if (this.bucket(c, f, op, round, seed, at)) newBuckets++;
        }
      }
    }
    if (replay.cases) this.replay = replay;
    this.cases += cases;
    const r: CampaignRound = {
      round,
      seed,
      cases,
      durationMs,
      failures,
      newBuckets,
      ...(report.interrupted ? { interrupted: true } : {}),
    };
    this.rounds.push(r);
    this.weights = weightsFor(this.coverage());
    return r;
  }

  coverage() {
    return coverageOf([...this.ops], this.reached, this.weights);
  }

  private keepReached(
    c: ReportCheck,
    f: FuzzRecord,
    op: string,
    value: unknown,
    site: string | undefined,
    key: string,
    round: number,
    seed: number,
    at: string,
  ): void {
    const id = caseId(op, f.property, value);
    const old = this.corpus.get(id);
    if (old) {
      if (!(old.reached ?? []).includes(key)) (old.reached ??= []).push(key);
      this.dirty.add(id);
      return;
    }
    this.corpus.set(id, {
      ...caseOf(id, op, c, f),
      why: "reached",
      reached: [key],
      ...(site ? { site } : {}),
      input: value,
      replayBy: "input",
      foundBy: { campaignSeed: this.seed, round, roundSeed: seed, propertySeed: f.seed, path: "" },
      firstSeen: at,
      lastSeen: at,
      lastVerdict: "pass",
    });
    this.corpusAdded++;
    this.dirty.add(id);
  }

  /** A failing property's counterexample into its bucket and the corpus; true for a new bucket. */
  private bucket(
    c: ReportCheck,
    f: FuzzRecord,
    op: string,
    round: number,
    seed: number,
    at: string,
  ): boolean {
    const x = f.counterexample!;
    const fromCorpus = f.replayed?.find((r) => r.outcome === "fail" && x.exchanges === r.exchanges);
    const replayedId =
      fromCorpus?.id ?? f.replayed?.find((r) => r.outcome === "fail" && x.reason === r.reason)?.id;
    const plainInput = typeof x.value !== "string" || !x.path;
    const id = replayedId ?? caseId(op, f.property, plainInput ? x.value : [f.seed, x.path]);
    const answer =
      [...x.exchanges].reverse().find((e) => e.operationId === op) ?? x.exchanges.at(-1);
    const ref: CaseRef = {
      round,
      roundSeed: seed,
      propertySeed: f.seed,
      path: x.path,
      value: x.value,
      ...(x.site ? { site: x.site } : {}),
      reason: x.reason,
      size: JSON.stringify(x.value ?? null).length,
      curl: x.exchanges.map((e) => e.curl),
      ...(this.corpusDir ? { corpusFile: `${id}.json` } : {}),
      ...(replayedId ? { replayed: true } : {}),
    };
    const member = memberOfSite(x.site);
    if (member && x.site) this.failingOf(f.property).add(x.site);
    const isNew = addToBuckets(
      this.buckets,
      {
        operation: op,
        property: f.property,
        file: c.file,
        requirementIds: c.requirementIds,
        level: c.level,
        member,
        statusClass: statusClass(answer?.status),
      },
      ref,
      at,
      (r) => replayCommand(this.corpusDir, r.corpusFile?.replace(/\.json$/, "")),
    );
    const old = this.corpus.get(id);
    if (old) {
      old.why = "failing";
      old.lastSeen = at;
      old.lastVerdict = "fail";
      old.reason = x.reason;
    } else {
      this.corpus.set(id, {
        ...caseOf(id, op, c, f),
        why: "failing",
        ...(x.site ? { site: x.site } : {}),
        input: x.value,
        replayBy: plainInput ? "input" : "path",
        foundBy: {
          campaignSeed: this.seed,
          round,
          roundSeed: seed,
          propertySeed: f.seed,
          path: x.path,
        },
        firstSeen: at,
        lastSeen: at,
        lastVerdict: "fail",
        reason: x.reason,
        requests: x.exchanges.map(requestOf),
        curl: x.exchanges.map((e) => e.curl),
      });
      this.corpusAdded++;
    }
    this.dirty.add(id);
    return isNew;
  }

  /** A check over the rounds: its failing instance if any, else its last one that ran; fuzz records summed. */
  private aggregate(c: ReportCheck): void {
    const key = `${c.file}\u0000${c.name}`;
    const old = this.checks.get(key);
    const cut = c.outcome === "skip" && /^(cut|not run):/.test(c.reason ?? "");
    const fuzz = old?.fuzz ?? new Map<string, FuzzRecord>();
    for (const f of c.fuzz ?? []) {
      const prev = fuzz.get(f.property);
      const { reached: _r, novel: _n, replayed: _p, ...slim } = f;
      if (!prev) fuzz.set(f.property, { ...slim });
      else {
        const durationMs = prev.durationMs + f.durationMs;
        const cases = prev.cases + f.cases;
        fuzz.set(f.property, {
          ...prev,
          numRuns: prev.numRuns + f.numRuns,
          cases,
          shrinks: prev.shrinks + f.shrinks,
          durationMs,
          casesPerSecond: Math.round((cases * 1000) / Math.max(1, durationMs)),
          requests: (prev.requests ?? 0) + (f.requests ?? 0),
          interrupted: prev.interrupted || f.interrupted,
          ...(prev.counterexample || !slim.counterexample
            ? {}
            : { counterexample: slim.counterexample }),
          knownSkipped: (prev.knownSkipped ?? 0) + (f.knownSkipped ?? 0) || undefined,
        });
      }
    }
    const keep =
      !old ||
      (old.check.outcome !== "fail" && c.outcome === "fail") ||
      (old.check.outcome !== "fail" && !cut && old.check.outcome !== "error") ||
      (old.check.outcome === "skip" && !cut);
    this.checks.set(key, { check: keep ? c : old.check, fuzz });
  }

  /** The checks of every round, one each, their fuzz records summed. */
  aggregatedChecks(): ReportCheck[] {
    return [...this.checks.values()].map(({ check, fuzz }) =>
      check.fuzz ? { ...check, fuzz: [...fuzz.values()] } : check,
    );
  }

  summary(opts: {
    startedAt: number;
    plannedMs: number;
    checkpointMs: number;
    partial?: boolean;
    interrupted?: string;
  }): CampaignSummary {
    const durationMs = Date.now() - opts.startedAt;
    const operations = this.coverage();
    return {
      seed: this.seed,
      startedAt: new Date(opts.startedAt).toISOString(),
      durationMs,
      plannedMs: opts.plannedMs,
      checkpointMs: opts.checkpointMs,
      cases: this.cases,
      casesPerSecond: Math.round((this.cases * 1000) / Math.max(1, durationMs)),
      rounds: this.rounds,
      buckets: [...this.buckets.values()].sort(
        (a, b) => a.operation.localeCompare(b.operation) || a.member.localeCompare(b.member),
      ),
      ...(this.corpusDir ? { corpusDir: this.corpusDir } : {}),
      corpusAdded: this.corpusAdded,
      ...(this.replay ? { replay: this.replay } : {}),
      operations,
      reachedTotal: operations.reduce((n, o) => n + o.reached.length, 0),
      documentedTotal: operations.reduce((n, o) => n + o.documented.length, 0),
      ...(opts.partial ? { partial: true } : {}),
      ...(opts.interrupted ? { interrupted: opts.interrupted } : {}),
    };
  }

  /** The corpus cases changed since the last flush, written. */
  flushCorpus(): number {
    if (!this.corpusDir) return 0;
    let n = 0;
    for (const id of this.dirty) {
      const c = this.corpus.get(id);
      if (!c) continue;
      // an input holding a secret (a card number) is masked in the file, so it cannot be sent
      // again as it is: a reaching case is not kept; a failing one is, marked, replayed by its round's seed
      const text = JSON.stringify(c.input);
      if (text !== undefined && this.scrub(text) !== text) {
        if (c.why === "reached") {
          this.corpus.delete(id);
          this.corpusAdded--;
          continue;
        }
        c.masked = true;
      }
      writeCase(this.corpusDir, c, this.scrub);
      n++;
    }
    this.dirty.clear();
    return n;
  }
}

function requestOf(e: Exchange): { method: string; url: string; body?: unknown; status?: number } {
  return {
    method: e.method,
    url: e.url,
    ...(e.requestBody !== undefined ? { body: e.requestBody } : {}),
    ...(e.status !== undefined ? { status: e.status } : {}),
  };
}

/** The campaign report: the rounds' checks joined, with the campaign's section. */
export async function campaignReport(
  state: CampaignState,
  summary: CampaignSummary,
  target: { url: string; label: string },
): Promise<RunReport | undefined> {
  const last = state.last;
  if (!last) return undefined;
  const { buildReport } = await import("../reporter/report.ts");
  const catalog: CatalogRequirement[] | undefined = last.coverage.catalogAvailable
    ? last.coverage.requirements.map(({ checks: _c, outcome: _o, byTarget: _b, ...q }) => q)
    : undefined;
  const operations: OperationRef[] = last.matrix.rows
    .filter((r) => r.known)
    .map(({ operationId, method, path, area }) => ({ operationId, method, path, area }));
  const report = buildReport({
    checks: state.aggregatedChecks(),
    targets: [
      {
        url: target.url,
        label: target.label,
        seed: state.seed,
        startedAt: summary.startedAt,
        durationMs: summary.durationMs,
      },
    ],
    options: last.options,
    operations,
    catalog,
    expectations: last.expectations,
    runErrors: summary.interrupted ? [`the campaign was stopped: ${summary.interrupted}`] : [],
    toolVersion: last.tool.version,
    ...(last.judgedWith ? { judgedWith: last.judgedWith } : {}),
  });
  report.campaign = summary;
  if (summary.interrupted) report.interrupted = summary.interrupted;
  return report;
}

/** The live line: cases, rate, failures, buckets, and what is being tried. */
class LiveLine {
  private trying = new Map<string, string>();
  roundCases = 0;
  roundFailures = 0;
  private timer?: NodeJS.Timeout;
  private lastPlain = 0;
  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly status: () => {
      cases: number;
      failures: number;
      buckets: number;
      round: number;
    },
    private readonly started: number,
    private readonly plannedMs: number,
  ) {}

  reporter(): Reporter {
    return {
      onTestCaseReady: (tc: TestCase) => {
        this.trying.set(tc.id, tc.name);
      },
      onTestCaseResult: (tc: TestCase) => {
        this.trying.delete(tc.id);
        const meta = (tc.meta() as { plumbline?: CheckMeta & { fuzz?: FuzzRecord[] } }).plumbline;
        for (const f of meta?.fuzz ?? []) this.roundCases += f.cases;
        if (tc.result().state === "failed") this.roundFailures++;
      },
    } as Reporter;
  }

  newRound(): void {
    this.roundCases = 0;
    this.roundFailures = 0;
    this.trying.clear();
  }

  text(): string {
    const s = this.status();
    const elapsed = Date.now() - this.started;
    const cases = s.cases + this.roundCases;
    const rate = Math.round((cases * 1000) / Math.max(1, elapsed));
    const clock = (ms: number) =>
      `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`;
    const trying = [...this.trying.values()][0];
    return `plumbline fuzz ${clock(elapsed)}/${clock(this.plannedMs)} round ${s.round}: ${cases} cases, ${rate}/s, ${s.failures + this.roundFailures} failing, ${s.buckets} bucket${s.buckets === 1 ? "" : "s"}${trying ? `; trying ${trying.length > 90 ? `${trying.slice(0, 90)}…` : trying}` : ""}`;
  }

  start(): void {
    const tty = this.out.isTTY;
    this.timer = setInterval(
      () => {
        if (tty) this.out.write(`\r\x1b[K${this.text().slice(0, (this.out.columns ?? 160) - 1)}`);
        else if (Date.now() - this.lastPlain >= 30_000) {
          this.lastPlain = Date.now();
          this.out.write(`${this.text()}\n`);
        }
      },
      tty ? 1000 : 5000,
    );
    this.timer.unref();
  }

  /** a line of its own, above the live one */
  say(line: string): void {
    this.out.write(this.out.isTTY ? `\r\x1b[K${line}\n` : `${line}\n`);
  }

  stop(): void {
    clearInterval(this.timer);
    if (this.out.isTTY) this.out.write("\r\x1b[K");
  }
}

/** Runs a campaign; returns the exit status (the gate on the campaign's report). */
export async function runCampaign(initial: Config, opts: CampaignOptions): Promise<number> {
  const log = opts.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  await checkSettings(initial);
  const checkpointMs = opts.checkpointMs ?? DEFAULT_CHECKPOINT_MS;
  const startedAt = Date.now();
  const end = startedAt + opts.durationMs;
  let corpus = new Map<string, CorpusCase>();
  if (opts.corpusDir) {
    const loaded = loadCorpus(opts.corpusDir);
    corpus = loaded.cases;
    for (const p of loaded.problems) log(`plumbline fuzz: warning: corpus file skipped: ${p}`);
  }
  const state = new CampaignState(initial.seed, opts.corpusDir, corpus);
  mkdirSync(initial.reportDir, { recursive: true });
  const logFile = join(initial.reportDir, "campaign.log");
  const roundLog = (l: string) => appendFileSync(logFile, `${state.scrub(l)}\n`);
  const target = await startTarget(await resolveTokenCommands(initial));
  let stopped: string | undefined;
  const onSignal = (sig: NodeJS.Signals) => () => {
    stopped ??= `stopped by ${sig}`;
  };
  const handlers = (["SIGINT", "SIGTERM"] as const).map((s) => [s, onSignal(s)] as const);
  for (const [s, h] of handlers) process.on(s, h);
  const live = new LiveLine(
    opts.live ?? process.stderr,
    () => ({
      cases: state.cases,
      failures: state.rounds.reduce((n, r) => n + r.failures, 0),
      buckets: state.buckets.size,
      round: state.rounds.length + 1,
    }),
    startedAt,
    opts.durationMs,
  );
  log(
    `plumbline fuzz: campaign seed ${initial.seed} for ${Math.round(opts.durationMs / 1000)} s against ${target.config.targetLabel} (${target.config.target}), ${initial.fuzzRuns} cases per property a round (more where outcomes are not reached), reports every ${Math.round(checkpointMs / 1000)} s in ${initial.reportDir}${opts.corpusDir ? `, corpus ${opts.corpusDir} (${corpus.size} case${corpus.size === 1 ? "" : "s"}, replayed first)` : ""}; each round's console in ${logFile}`,
  );
  live.start();
  let lastWrite = Date.now();
  const write = async (partial: boolean) => {
    const summary = state.summary({
      startedAt,
      plannedMs: opts.durationMs,
      checkpointMs,
      partial,
      ...(stopped ? { interrupted: stopped } : {}),
    });
    const report = await campaignReport(state, summary, {
      url: target.config.target!,
      label: target.config.targetLabel,
    });
    if (!report) return undefined;
    const { writeReports } = await import("../reporter/write.ts");
    writeReports(report, initial.reportDir, state.scrub);
    lastWrite = Date.now();
    return report;
  };
  try {
    for (let round = 1; !stopped; round++) {
      const remaining = end - Date.now();
      // the first round always runs (a corpus replay, a short campaign); later ones need 10 s
      if (round > 1 && remaining < 10_000) break;
      const seed = roundSeed(initial.seed, round);
      const config: Config = {
        ...target.config,
        seed,
        fuzzCampaign: state.input(round),
        deadlineMs: Math.max(10_000, Math.min(initial.deadlineMs, remaining)),
        reportDir: join(initial.reportDir, ".round"),
        historyDir: undefined,
      };
      live.newRound();
      roundLog(`--- round ${round}, seed ${seed}`);
      const began = Date.now();
      let report: RunReport | undefined;
      await run(config, {
        target: { ...target, config },
        filters: opts.filters,
        log: roundLog,
        reporters: [live.reporter()],
        onReport: (r, scrub) => {
          report = r;
          state.scrubs.push(scrub);
        },
      });
      if (!report) {
        live.say(`plumbline fuzz: round ${round} gave no report (see ${logFile}); stopping`);
        break;
      }
      const before = state.buckets.size;
      const r = state.absorb(report, round, seed, Date.now() - began);
      state.flushCorpus();
      const fresh = [...state.buckets.values()].slice(before);
      for (const b of fresh)
        live.say(
          `plumbline fuzz: new bucket in round ${round}: ${b.operation} ${b.member || "(valid request)"} ${b.statusClass} [${b.requirementIds.join(", ")}] ${b.level}; repro: ${b.replay}`,
        );
      if (round === 1 && state.replay)
        live.say(
          `plumbline fuzz: corpus replayed first: ${state.replay.fixed.length} fixed, ${state.replay.stillFailing.length} failing again, ${state.replay.regressions.length} regressions, ${state.replay.passing} passing`,
        );
      roundLog(
        `--- round ${round}: ${r.cases} cases, ${r.failures} failing, ${r.newBuckets} new buckets`,
      );
      if (report.interrupted && Date.now() < end - 1000 && !stopped) stopped = report.interrupted;
      if (Date.now() - lastWrite >= checkpointMs && Date.now() < end) await write(true);
    }
    live.stop();
    const report = await write(false);
    state.flushCorpus();
    if (!report) return 2;
    const c = report.campaign!;
    log(
      `plumbline fuzz: campaign done: ${c.rounds.length} rounds, ${c.cases} cases, ${c.casesPerSecond} cases/s, ${c.buckets.length} bucket${c.buckets.length === 1 ? "" : "s"}, documented outcomes reached ${c.reachedTotal}/${c.documentedTotal}${c.corpusDir ? `, corpus +${c.corpusAdded}` : ""}`,
    );
    const { gateExitCode, verdictLine } = await import("../reporter/index.ts");
    log(`plumbline: ${verdictLine(report)}`);
    log(
      `plumbline: reports in ${["conformance.json", "conformance.md", "conformance.html", "junit.xml"].map((f) => join(initial.reportDir, f)).join(", ")}`,
    );
    return stopped ? 2 : gateExitCode(report);
  } finally {
    live.stop();
    for (const [s, h] of handlers) process.off(s, h);
    if (target.requests)
      log(`plumbline: the embedded reference received ${target.requests()} requests`);
    await target.close();
  }
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `plumbline fuzz --replay <case>`: the case's property, sending that case alone. Exit 0 when it passes, 1 when it fails. */
export async function replayCaseFile(
  initial: Config,
  file: string,
  log: (l: string) => void,
): Promise<number> {
  let c: CorpusCase;
  try {
    c = readCase(file);
  } catch (e) {
    throw new ConfigError(`--replay ${file}: ${(e as Error).message}`);
  }
  const config: Config = {
    ...initial,
    ...(c.foundBy?.roundSeed !== undefined ? { seed: c.foundBy.roundSeed } : {}),
    fuzzCampaign: { round: 0, replayOnly: true, replay: replayMap([c]), known: [] },
  };
  log(
    `plumbline fuzz: replaying ${relative(process.cwd(), file) || file}: ${c.property} (${c.why}${c.site ? `, ${c.site}` : ""}; last ${c.lastVerdict} ${c.lastSeen})`,
  );
  let verdict: NonNullable<FuzzRecord["replayed"]>[number] | undefined;
  const code = await run(config, {
    log,
    filters: [c.file],
    // the check's own title (its name's last part: vitest joins the describe names otherwise)
    testNamePattern: escapeRegex(c.check.split(" > ").at(-1) ?? c.check),
    onReport: (r) => {
      for (const ch of r.checks)
        for (const f of ch.fuzz ?? []) verdict ??= f.replayed?.find((x) => x.id === c.id);
    },
  });
  if (!verdict) {
    log(`plumbline fuzz: the case was not sent (its check did not run; see the report)`);
    return code === 0 ? 2 : code;
  }
  log(
    verdict.outcome === "pass"
      ? `plumbline fuzz: the case passes${c.why === "failing" ? " (fixed)" : ""}`
      : `plumbline fuzz: the case ${verdict.outcome === "fail" ? "fails" : "was skipped"}: ${verdict.reason}`,
  );
  for (const e of verdict.exchanges ?? []) log(e.curl);
  return verdict.outcome === "pass" ? 0 : verdict.outcome === "fail" ? 1 : 2;
}

/** What every corpus case says of where it comes from: its operation, check and property. */
function caseOf(id: string, op: string, c: ReportCheck, f: FuzzRecord) {
  return {
    id,
    operation: op,
    check: c.name,
    property: f.property,
    file: c.file,
    requirementIds: c.requirementIds,
    level: c.level,
  };
}
