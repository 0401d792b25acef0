// The fuzz runner: runs a fast-check property inside a check, seeded from the run's seed, bounded by
// --fuzz-runs cases and --time-budget, and records what it did (cases, rate, the shrunk
// counterexample with its exchanges and curl) in the check's record, kind `fuzz`.
// Stateless properties (suites/fuzz/stateless*) and stateful ones (suites/fuzz/stateful/) both
// come through here, so seeds, budgets and failure reports work the same way for both.
import fc from "fast-check";
import { classify, type CheckContext } from "./check.ts";
import { currentCheck, runInCheck, type CheckRecord } from "./current.ts";
import { TargetFailure } from "./errors.ts";
import { namesField } from "./expect.ts";
import type { Exchange, FuzzRecord, Observation } from "./model.ts";

export interface FuzzOptions<T> {
  /** cases to run; default the configuration's fuzzRuns (--fuzz-runs) */
  numRuns?: number;
  /** stop generating new cases after this many ms; default the configuration's timeBudgetMs */
  timeBudgetMs?: number;
  /** remove what a case created (through `fresh`) after each case, keeping what existed before it; default true */
  cleanupEachCase?: boolean;
  /** cases always tried first (fast-check `examples`) */
  examples?: T[];
  /**
   * cases in flight at once (default 1): only for cases that touch nothing another case reads
   * (each makes its own resources, or only reads). A failure found this way is run again by
   * fast-check, one case at a time, to shrink it.
   */
  parallel?: number;
  /** the operation the property sends: its answers are the case's outcome (campaign coverage) */
  op?: string;
  /** what a case tries, for buckets and coverage: `body timeout breaks minimum`, `rule:MNG-SVC-4 …`, `valid` */
  site?: (value: T) => string | undefined;
}

export type { FuzzCampaign, ReplayCase } from "./model.ts";
import type { ReplayCase } from "./model.ts";

/** Most outcome keys and novel cases one property keeps per round (a report stays readable). */
const MAX_REACHED = 300;
const MAX_NOVEL = 40;

/** The outcome keys of one case: every answer's status and error fields, and the site's outcome. */
export function outcomeKeys(exchanges: Exchange[], op?: string, site?: string): string[] {
  const keys = new Set<string>();
  let primary: Exchange | undefined;
  for (const e of exchanges) {
    if (!e.operationId || e.status === undefined || e.status === 0) continue;
    keys.add(`status ${e.operationId} ${e.status}`);
    for (const f of errorFields(e)) keys.add(`field ${e.operationId} ${e.status} ${f}`);
    if (e.operationId === op) primary = e;
  }
  if (op && site && primary?.status) {
    const cls = `${Math.floor(primary.status / 100)}xx`;
    const member = siteMember(site);
    const named =
      cls === "4xx" &&
      member !== undefined &&
      errorFields(primary).some((f) => namesField(f, member));
    keys.add(`site ${op} ${site} ${cls}${named ? " named" : ""}`);
  }
  return [...keys];
}

function errorFields(e: Exchange): string[] {
  if (e.status === undefined || e.status < 400) return [];
  const errors = (e.responseBody as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return [
    ...new Set(
      errors
        .map((x) => (x && typeof x === "object" ? (x as { field?: unknown }).field : undefined))
        .filter((f): f is string => typeof f === "string" && f.length > 0),
    ),
  ];
}

/** The body member a site names (`body ssh.port breaks minimum` → `ssh.port`); undefined for others. */
export function siteMember(site: string): string | undefined {
  const m = /^body (\S+) (?:breaks|at) /.exec(site);
  return m?.[1];
}

/** A value that JSON keeps as it is (a request), as opposed to a command sequence. */
function isPlainJson(v: unknown): boolean {
  const proto = v !== null && typeof v === "object" ? Object.getPrototypeOf(v) : null;
  return proto === null ? v !== undefined : proto === Object.prototype || proto === Array.prototype;
}

/** A 32-bit seed per property: the run's seed and the property's name, so each property draws its own cases. */
export function propertySeed(runSeed: number, name: string): number {
  let h = (runSeed | 0) ^ 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** Keeps a check's record readable: observations from thousands of cases, once each. */
const MAX_FUZZ_OBSERVATIONS = 50;

function mergeObservations(into: Observation[], from: Observation[]): void {
  for (const o of from) {
    if (into.length >= MAX_FUZZ_OBSERVATIONS) return;
    const key = JSON.stringify([o.requirementId, o.operationId, o.note, o.value]);
    if (
      !into.some((x) => JSON.stringify([x.requirementId, x.operationId, x.note, x.value]) === key)
    )
      into.push(o);
  }
}

/**
 * Runs `predicate` over values of `arb` and throws TargetFailure with the shrunk counterexample when
 * one fails. Every case runs in its own sub-record, so the check keeps the first case's exchanges
 * (what was sent, for the report) and the exchanges of the minimal failing case (to reproduce it).
 * A case that ends in a skip or a harness error stops the property: it is not the target's fault,
 * so it is never shrunk; the check ends as skip or error with that reason.
 */
export async function fuzz<T>(
  ctx: CheckContext,
  name: string,
  arb: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  opts: FuzzOptions<T> = {},
): Promise<FuzzRecord> {
  const rec =
    currentCheck() ?? ({ requirementIds: [], exchanges: [], observations: [] } as CheckRecord);
  const seed = propertySeed(ctx.config.seed, name);
  const campaign = ctx.config.fuzzCampaign;
  const weight = (opts.op && campaign?.weights?.[opts.op]) || 1;
  const numRuns = Math.max(1, Math.round((opts.numRuns ?? ctx.config.fuzzRuns) * weight));
  const timeBudgetMs = Math.round((opts.timeBudgetMs ?? ctx.config.timeBudgetMs) * weight);
  const knownFailing = new Set(campaign?.failing?.[name] ?? []);
  const known = campaign ? new Set(campaign.known ?? []) : undefined;
  const reached: Record<string, number> = {};
  const novel: NonNullable<FuzzRecord["novel"]> = [];
  let knownSkipped = 0;
  let lastSite: string | undefined;
  const cleanup = opts.cleanupEachCase ?? true;
  let cases = 0;
  let requests = 0;
  let chain = 0;
  let firstExchanges: Exchange[] | undefined;
  let readBack: Exchange | undefined;
  let lastFailure: Exchange[] = [];
  let stopped: unknown;

  /** One case in its own sub-record (handed to `keep` first); throws only a failure of the target. */
  const runCase = async (
    value: T,
    keep: (sub: CheckRecord) => void,
    replaying = false,
  ): Promise<void> => {
    if (stopped !== undefined) return; // a skip or harness error ends the property; the rest pass untried
    const site = opts.site?.(value);
    // a campaign spends no case on a site that already has a bucket: its corpus case is replayed
    if (!replaying && site !== undefined && knownFailing.has(site)) {
      knownSkipped++;
      return;
    }
    cases++;
    const sub: CheckRecord = {
      requirementIds: rec.requirementIds,
      exchanges: [],
      observations: [],
      serial: rec.serial,
    };
    keep(sub);
    try {
      await runInCheck(sub, () => predicate(value));
    } catch (e) {
      sent(sub);
      if (classify(e).outcome !== "fail") {
        stopped = e;
        return;
      }
      lastFailure = sub.exchanges;
      lastSite = site;
      noteOutcomes(value, sub.exchanges, site, false);
      throw e;
    }
    sent(sub);
    noteOutcomes(value, sub.exchanges, site);
  };
  /** in a campaign: what the case reached, and the case itself when it reached something new */
  const noteOutcomes = (
    value: T,
    exchanges: Exchange[],
    site: string | undefined,
    passed = true,
  ) => {
    if (!known) return;
    for (const key of outcomeKeys(exchanges, opts.op, site)) {
      if (key in reached) reached[key]++;
      else if (Object.keys(reached).length < MAX_REACHED) reached[key] = 1;
      else continue;
      // a failing case is kept as a failure (the campaign's bucket), not as a reaching one
      if (
        passed &&
        reached[key] === 1 &&
        !known.has(key) &&
        novel.length < MAX_NOVEL &&
        isPlainJson(value)
      )
        novel.push({ key, value: structuredClone(value), ...(site ? { site } : {}) });
    }
  };
  /** a finished case's requests: all count; its round trips are its chain, and the longest of a
   * batch is the batch's */
  let batchLongest: number | undefined;
  const sent = (sub: CheckRecord) => {
    requests += sub.requests ?? 0;
    const rounds = sub.rounds ?? 0;
    if (batchLongest === undefined) chain += rounds;
    else batchLongest = Math.max(batchLongest, rounds);
  };
  /** What the record keeps of finished cases, in case order: the first's exchanges, observations. */
  const kept = (subs: CheckRecord[]) => {
    for (const sub of subs) {
      firstExchanges ??= sub.exchanges;
      readBack ??= readAfterWrite(sub.exchanges);
      mergeObservations(rec.observations, sub.observations);
    }
  };
  const property = fc.asyncProperty(arb, async (value) => {
    const mark = ctx.fresh.mark;
    const subs: CheckRecord[] = [];
    try {
      await runCase(value, (sub) => subs.push(sub));
    } finally {
      kept(subs);
      // only what this case made: setup the check made before fuzz() stays for the next case
      if (cleanup) await ctx.fresh.cleanup(mark).catch(() => undefined); // check.ts retries what is left at the end
    }
  });

  /**
   * A campaign's corpus cases for this property, each alone and judged alone, before any new case:
   * a plain input is sent as it is; a command sequence is found again by fast-check's seed and path.
   */
  const replaySites = new Map<string, string>();
  const replayCorpus = async (corpus: ReplayCase[]) => {
    const out: NonNullable<FuzzRecord["replayed"]> = [];
    for (const c of corpus) {
      if (stopped !== undefined) break;
      const failedBefore = lastFailure;
      let failure: Error | undefined;
      if (c.value !== undefined) {
        const site = opts.site?.(c.value as T);
        if (site) replaySites.set(c.id, site);
        const mark = ctx.fresh.mark;
        const subs: CheckRecord[] = [];
        try {
          await runCase(c.value as T, (sub) => subs.push(sub), true);
        } catch (e) {
          failure = e as Error;
        } finally {
          kept(subs);
          if (cleanup) await ctx.fresh.cleanup(mark).catch(() => undefined);
        }
      } else if (c.seed !== undefined && c.path) {
        const index = Number(c.path.split(":")[0]) || 0;
        const d = await fc.check(property, {
          seed: c.seed,
          path: c.path,
          numRuns: Math.max(numRuns, index + 1),
          endOnFailure: true,
        });
        if (d.failed)
          failure =
            d.errorInstance instanceof Error ? d.errorInstance : new Error(String(d.errorInstance));
      } else continue;
      out.push(
        stopped !== undefined
          ? { id: c.id, outcome: "skip", reason: (stopped as Error)?.message }
          : failure
            ? {
                id: c.id,
                outcome: "fail",
                reason: failure.message,
                // curl is rendered when first read: read here, before the record leaves the worker
                exchanges:
                  lastFailure !== failedBefore
                    ? lastFailure.map((e) => ({ ...e, curl: e.curl }))
                    : [],
              }
            : { id: c.id, outcome: "pass" },
      );
    }
    // a skip or harness error while replaying belongs to the replay, not to the new cases
    stopped = undefined;
    return out;
  };

  /**
   * The cases in batches of `parallel`, in order; a batch's resources are removed when the whole
   * batch is done. Stops at the first batch holding a failure (its earliest failing case), at a
   * skip or harness error, and at the time budget.
   */
  const inBatches = async (all: T[], parallel: number) => {
    for (let i = 0; i < all.length; i += parallel) {
      if (performance.now() - started > timeBudgetMs) return { interrupted: true };
      const batch = all.slice(i, i + parallel);
      const mark = ctx.fresh.mark;
      const subs: CheckRecord[] = [];
      batchLongest = 0;
      const settled = await Promise.allSettled(
        batch.map((v, j) => runCase(v, (sub) => (subs[j] = sub))),
      );
      chain += batchLongest;
      batchLongest = undefined;
      kept(subs.filter(Boolean));
      if (cleanup) await ctx.fresh.cleanup(mark).catch(() => undefined);
      if (stopped !== undefined) break;
      const failed = settled.findIndex((r) => r.status === "rejected");
      if (failed >= 0)
        return {
          interrupted: false,
          failing: [batch[failed]] as [T],
          error: (settled[failed] as PromiseRejectedResult).reason as Error,
        };
    }
    return { interrupted: false };
  };

  const started = performance.now();
  const startedAt = Date.now();
  const replayed = campaign?.replay?.[name]?.length
    ? await replayCorpus(campaign.replay[name])
    : undefined;
  const replayOnly = campaign?.replayOnly === true;
  const parallel = Math.max(1, Math.floor(opts.parallel ?? 1));
  const batched: { interrupted: boolean; failing?: [T]; error?: Error } | undefined = replayOnly
    ? { interrupted: false }
    : parallel > 1 && numRuns > 1
      ? await inBatches(
          // as fast-check counts them: the examples first, within numRuns
          [...(opts.examples ?? []), ...fc.sample(arb, { seed, numRuns })].slice(0, numRuns),
          parallel,
        )
      : undefined;
  // one case at a time through fast-check: without batches; after a batch found a failure, to
  // shrink it (that case first)
  const details =
    stopped === undefined && !replayOnly && (!batched || batched.failing)
      ? await fc.check(property, {
          seed,
          numRuns,
          examples: batched?.failing ? [batched.failing] : opts.examples?.map((e) => [e] as [T]),
          interruptAfterTimeLimit: timeBudgetMs,
          markInterruptAsFailure: false,
        })
      : {
          failed: false,
          interrupted: batched?.interrupted ?? false,
          numShrinks: 0,
          counterexample: null,
          counterexamplePath: null,
          errorInstance: null,
        };
  const durationMs = Math.max(1, performance.now() - started);
  const record: FuzzRecord = {
    property: name,
    seed,
    runSeed: ctx.config.seed,
    numRuns,
    cases,
    shrinks: details.numShrinks,
    durationMs: Math.round(durationMs),
    casesPerSecond: Math.round((cases * 1000) / durationMs),
    startedAt,
    requests,
    chain,
    interrupted: details.interrupted,
    ...(opts.op ? { op: opts.op } : {}),
  };
  if (known) {
    record.reached = reached;
    if (novel.length) record.novel = novel;
    if (knownSkipped) record.knownSkipped = knownSkipped;
  }
  if (replayed) record.replayed = replayed;
  ((rec as CheckRecord & { fuzz?: FuzzRecord[] }).fuzz ??= []).push(record);
  if (stopped !== undefined) throw stopped;
  rec.exchanges.push(...sampleOf(firstExchanges ?? [], readBack));
  // fast-check reports a case still running when the time budget ran out as a failure with no
  // counterexample: no case failed, the budget was spent (a slow target, a loaded machine)
  if (!details.failed || (details.interrupted && details.counterexample == null)) {
    // a case that failed among others in flight and passed alone: still the target's failure
    if (batched?.error) {
      rec.exchanges.push(...lastFailure);
      throw new TargetFailure(
        `${name}: a case failed while ${parallel} ran together, and passed when run alone: ${batched.error.message} [minimal input not found; input ${short(batched.failing?.[0])}]`,
      );
    }
    // a corpus case that fails again: the property fails on it (no new case failed)
    const again = replayed?.find((r) => r.outcome === "fail");
    if (again) {
      const c = campaign!.replay![name].find((r) => r.id === again.id)!;
      record.counterexample = {
        value: c.value ?? `fast-check seed ${c.seed}, path ${c.path}`,
        path: c.path ?? "",
        reason: again.reason ?? "",
        exchanges: again.exchanges ?? [],
        ...(replaySites.get(again.id) ? { site: replaySites.get(again.id) } : {}),
      };
      rec.exchanges.push(...(again.exchanges ?? []));
      throw new TargetFailure(
        `${name}: corpus case ${again.id} fails again: ${again.reason} [replay: plumbline fuzz --replay <corpus>/${again.id}.json]`,
      );
    }
    return record;
  }

  const value = details.counterexample?.[0];
  const reason =
    details.errorInstance instanceof Error
      ? details.errorInstance.message
      : String(details.errorInstance);
  record.counterexample = {
    value: plain(value),
    path: details.counterexamplePath ?? "",
    reason,
    exchanges: lastFailure,
    ...((value !== undefined && opts.site?.(value)) || lastSite
      ? { site: (value !== undefined && opts.site?.(value)) || lastSite }
      : {}),
  };
  // the minimal case's exchanges go last: the reports show the last exchange's curl first
  rec.exchanges.push(...lastFailure);
  throw new TargetFailure(
    `${name}: property failed after ${cases} cases (${details.numShrinks} shrinks); minimal input ${short(value)}; ${reason} ` +
      `[replay: --seed ${ctx.config.seed}; fast-check seed ${seed}, path ${details.counterexamplePath}]`,
  );
}

/** The first read (GET or HEAD) after the first accepted write of a case, if it read back at all. */
function readAfterWrite(exchanges: Exchange[]): Exchange | undefined {
  const isRead = (e: Exchange) => e.method === "GET" || e.method === "HEAD";
  const write = exchanges.findIndex(
    (e) => !isRead(e) && e.status !== undefined && e.status >= 200 && e.status < 300,
  );
  return write < 0 ? undefined : exchanges.slice(write + 1).find(isRead);
}

/**
 * What the report keeps of a property's cases: the first case's first ten exchanges, and the first
 * read after an accepted write of any case (a model's read-back at the end of a long sequence)
 * when those ten do not hold one, so the record shows the property looked at an effect.
 */
export function sampleOf(first: Exchange[], readBack = readAfterWrite(first)): Exchange[] {
  const head = first.slice(0, 10);
  return readBack && !head.includes(readBack) && !readAfterWrite(head) ? [...head, readBack] : head;
}

function short(v: unknown): string {
  const s = fc.stringify(v);
  return s.length > 400 ? `${s.slice(0, 400)}…` : s;
}

/** JSON values are kept as they are; anything else (a command sequence) as fast-check prints it. */
function plain(v: unknown): unknown {
  const proto = v !== null && typeof v === "object" ? Object.getPrototypeOf(v) : null;
  return proto === null || proto === Object.prototype || proto === Array.prototype
    ? v
    : fc.stringify(v);
}
