// `--concurrency N` means N requests in flight at most. A run spreads them over a few worker
// threads (each holds the harness, spec and validators in memory) and, inside each worker, over
// checks running concurrently: over a slow network the run then waits on N round trips at once,
// not on one per worker, while memory stays that of at most eight workers.
import { availableParallelism } from "node:os";

/** Workers a run starts at most; more requests in flight come from concurrent checks. */
export const MAX_WORKERS = 8;
/** Checks in flight per worker before a run starts more workers than four. */
const CHECKS_PER_WORKER = 4;

/**
 * The workers of a run with this concurrency: one per request up to four, or up to the
 * machine's cores where it has fewer (each worker loads the harness, spec and validators again, and
 * on two cores four busy workers and the embedded reference measured 20–25% slower than two
 * workers running two checks each); then one per four requests up to eight. A worker runs one file
 * at a time, and a file's checks seldom fill more than a few places (one long chain holds its
 * worker), so past that more files at once buy more than more checks per file; a worker costs
 * memory, so no more than eight.
 */
export function workerCount(concurrency: number, cores = availableParallelism()): number {
  const wanted = Math.max(Math.min(4, cores), Math.ceil(concurrency / CHECKS_PER_WORKER));
  return Math.max(1, Math.min(concurrency, wanted, MAX_WORKERS));
}

/**
 * Requests (and checks) one worker may have in flight: the run's concurrency shared out over its
 * workers, so that the shares add up to exactly N. `poolId` is vitest's VITEST_POOL_ID (1-based).
 */
export function inFlightFor(
  concurrency: number,
  poolId: number,
  cores = availableParallelism(),
): number {
  const workers = workerCount(concurrency, cores);
  const extra = (poolId - 1) % workers < concurrency % workers ? 1 : 0;
  return Math.max(1, Math.floor(concurrency / workers) + extra);
}

/**
 * Checks a worker runs at once (vitest's maxConcurrency): its share of the requests in flight; twice
 * that when the workers share one pool of them (served with the permits, harness/rate.ts), so that a worker whose file
 * has many checks takes the places a worker running one long chain leaves idle.
 */
export function checksPerWorker(
  concurrency: number,
  sharedSlots = false,
  cores = availableParallelism(),
): number {
  const share = Math.ceil(concurrency / workerCount(concurrency, cores));
  return sharedSlots ? Math.min(concurrency, 2 * share) : share;
}

/** Places for requests in flight: taken before a request, given back after it. */
export interface Places {
  acquire(): Promise<void>;
  /** `sample`: what the request's round trip said (the adaptive pool learns from it) */
  release(sample?: Sample): void;
  close?(): void;
}

/** At most `size` holders at once; the others wait in order. */
export class InFlight implements Places {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(private size: number) {
    this.free = size;
  }
  /**
   * Holds at least `size` places until the function answered is called (harness/race.ts: a check
   * that runs alone in the run sends its race with the run's places, not its worker's share).
   */
  widen(size: number): () => void {
    const extra = Math.max(0, size - this.size);
    this.size += extra;
    for (let i = 0; i < extra; i++) this.release();
    return () => {
      this.size -= extra;
      this.free -= extra; // below 0 until the extra holders give their places back
    };
  }
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/** What one request's round trip told the run's pool of requests in flight. */
export interface Sample {
  /** the round trip in ms (the target's answer, not the wait for a place) */
  ms: number;
  /** the answer's status; 0 when none came */
  status: number;
  /** the answer's Retry-After in ms, when it had one */
  retryAfterMs?: number;
}

/** A cut of the requests in flight, and why (the report's back-offs). */
export interface BackOff {
  /** ms since the run's pool was made */
  atMs: number;
  from: number;
  to: number;
  cause: string;
}

/** How the run's requests in flight moved (the report's `traffic.concurrency`). */
export interface ConcurrencyCurve {
  mode: "adaptive" | "fixed";
  /** --concurrency: the ceiling (adaptive) or the fixed value */
  ceiling: number;
  /** where the limit started */
  start: number;
  /** the limit at the end */
  end: number;
  /** the highest limit reached */
  peak: number;
  /** sampled: [ms since the pool was made, the limit, requests in flight] */
  curve: [number, number, number][];
  /** every cut, with its cause (the first 100) */
  backOffs: BackOff[];
  /** all cuts, those past the first 100 included */
  backOffCount: number;
  /** the learned request rate the pool held to after a 429 or 503 asked it to wait, at the end (per second) */
  rateCap?: number;
  /** why the run held a fixed number (a near target: no pool) */
  why?: string;
}

export interface AdaptiveOptions {
  /** --concurrency N: never more in flight */
  ceiling: number;
  /** the round trip measured before the run (ms) */
  baselineMs?: number;
  /** where the limit starts (default: 4, or the ceiling when lower) */
  start?: number;
  now?: () => number;
  /** sets a timer (tests pass a fake one) */
  later?: (fn: () => void, ms: number) => void;
}

/** A mean round trip this many times the run's usual one (and 5 ms more) is a rising round trip. */
const RISING = 2;
/** The most points the curve keeps; past it every other one goes and the spacing doubles. */
const CURVE_POINTS = 240;

/**
 * The run's requests in flight, adaptive (a gradient AIMD, as TCP Vegas and Netflix's
 * concurrency-limits): the limit starts low and doubles each window (as many answers as the limit)
 * while the round trip stays flat and the pool was full (slow start), then grows by one a window;
 * a 429 or a 503 halves it, a mean round trip twice the usual one cuts it by a quarter, never below
 * 1 nor above the ceiling, at most one cut a window (answers to requests sent before a cut say
 * nothing new). A Retry-After holds every new grant until it has passed (the client's own retry
 * waits as long); a second within 10 s and the pool paces its grants at 70% of the rate that met
 * the refusal, growing by half a request per second each second without one up to that rate and by
 * a tenth past it: against a target that allows N requests per second, the run finds N and stays
 * below it, meeting a refusal about every dozen seconds.
 */
export class AdaptiveInFlight implements Places {
  private limitF: number;
  private inUse = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly now: () => number;
  private readonly later: (fn: () => void, ms: number) => void;
  private readonly t0: number;
  private threshold: number;
  /** answers in this window, their round trips summed, the most in flight during it */
  private windowCount = 0;
  private windowSum = 0;
  private windowFull = false;
  /** the run's usual round trip: a slow average of windows' means */
  private usualMs?: number;
  private risingWindows = 0;
  private holdUntil = 0;
  private pausedUntil = 0;
  private lastRefusal = -Infinity;
  /** grants per second when the target last refused */
  private refusedRate = 0;
  /** grants spaced this far apart (ms) once a refusal asked for a wait */
  private rate?: number;
  private nextGrant = 0;
  private rateGrownAt = 0;
  private readonly grants: number[] = [];
  private timer = false;
  private peak: number;
  private readonly start: number;
  private readonly curve: [number, number, number][] = [];
  private curveEvery = 1000;
  private readonly backOffs: BackOff[] = [];
  private backOffCount = 0;

  constructor(private readonly opts: AdaptiveOptions) {
    this.now = opts.now ?? (() => performance.now());
    this.later = opts.later ?? ((fn, ms) => setTimeout(fn, ms).unref());
    this.t0 = this.now();
    this.start = Math.max(1, Math.min(opts.ceiling, opts.start ?? 4));
    this.limitF = this.start;
    this.peak = this.start;
    this.threshold = opts.ceiling;
    this.point();
  }

  /** The requests in flight allowed now. */
  get limit(): number {
    return Math.max(1, Math.min(this.opts.ceiling, Math.floor(this.limitF)));
  }

  /** The learned rate (requests per second), when a refusal set one. */
  get rateCap(): number | undefined {
    return this.rate;
  }

  acquire(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.pump();
    });
  }

  release(sample?: Sample): void {
    this.inUse--;
    if (sample) this.learn(sample);
    this.pump();
  }

  /** The curve and the cuts, for the report. */
  summary(): ConcurrencyCurve {
    this.point(true);
    return {
      mode: "adaptive",
      ceiling: this.opts.ceiling,
      start: this.start,
      end: this.limit,
      peak: this.peak,
      curve: [...this.curve],
      backOffs: [...this.backOffs],
      backOffCount: this.backOffCount,
      ...(this.rate ? { rateCap: Math.round((1000 / this.rate) * 10) / 10 } : {}),
    };
  }

  private pump(): void {
    while (this.waiting.length && this.inUse < this.limit) {
      const now = this.now();
      const at = Math.max(this.pausedUntil, this.rate ? this.nextGrant : 0);
      if (at > now) {
        if (!this.timer) {
          this.timer = true;
          this.later(() => {
            this.timer = false;
            this.pump();
          }, at - now);
        }
        return;
      }
      if (this.rate) {
        this.growRate(now);
        this.nextGrant = Math.max(now, this.nextGrant) + this.rate;
      }
      this.inUse++;
      if (this.inUse >= this.limit) this.windowFull = true;
      this.grants.push(now);
      if (this.grants.length > 4096) this.grants.splice(0, 2048);
      this.waiting.shift()!();
    }
    this.point();
  }

  private learn(s: Sample): void {
    const now = this.now();
    const refused = s.status === 429 || s.status === 503;
    if (refused || s.retryAfterMs !== undefined) {
      if (s.retryAfterMs !== undefined && s.retryAfterMs > 0) {
        this.pausedUntil = Math.max(this.pausedUntil, now + s.retryAfterMs);
        // a refusal again within 10 s of the last: the target limits a rate, learn it (one alone,
        // a provider state's 429 say, only pauses)
        if (now >= this.holdUntil && now - this.lastRefusal < 10_000) this.learnRate(now);
        if (now >= this.holdUntil) this.lastRefusal = now;
      }
      const cause = `${s.status || "no answer"}${s.retryAfterMs !== undefined ? ` with Retry-After ${Math.round(s.retryAfterMs)} ms` : ""}`;
      this.cut(0.5, cause, now);
      return;
    }
    if (s.status === 0) return;
    this.windowCount++;
    this.windowSum += s.ms;
    if (this.windowCount < Math.max(4, this.limit)) return;
    const mean = this.windowSum / this.windowCount;
    const full = this.windowFull;
    this.windowCount = 0;
    this.windowSum = 0;
    this.windowFull = this.inUse >= this.limit;
    const usual = this.usualMs ?? Math.max(mean, this.opts.baselineMs ?? 0);
    this.risingWindows = mean > RISING * usual + 5 ? this.risingWindows + 1 : 0;
    // two windows in a row: one slow write among quick reads is not a queue at the target
    if (this.risingWindows >= 2) {
      this.risingWindows = 0;
      // the slow average follows a target whose pace changes for good, a window at a time
      this.usualMs = usual + (mean - usual) * 0.05;
      this.cut(
        0.75,
        `rising round trip: ${Math.round(mean)} ms on average against a usual ${Math.round(usual)} ms`,
        now,
      );
      return;
    }
    if (this.risingWindows > 0) {
      this.usualMs = usual + (mean - usual) * 0.05;
      return;
    }
    this.usualMs = usual * 0.9 + mean * 0.1;
    // grow only when the pool was full: a run asking for less says nothing about the target
    if (!full || now < this.holdUntil) return;
    const before = this.limit;
    this.limitF =
      this.limitF < this.threshold ? Math.min(this.threshold, this.limitF * 2) : this.limitF + 1;
    this.limitF = Math.min(this.opts.ceiling, this.limitF);
    this.peak = Math.max(this.peak, this.limit);
    if (this.limit !== before) this.point(true);
  }

  private cut(factor: number, cause: string, now: number): void {
    // one cut a window: answers to requests sent before it say nothing new
    if (now < this.holdUntil) return;
    const from = this.limit;
    this.limitF = Math.max(1, this.limitF * factor);
    this.threshold = Math.max(1, this.limitF);
    this.holdUntil = now + Math.max(2 * (this.usualMs ?? this.opts.baselineMs ?? 10), 50);
    this.windowCount = 0;
    this.windowSum = 0;
    this.windowFull = false;
    this.backOffCount++;
    if (this.backOffs.length < 100)
      this.backOffs.push({ atMs: Math.round(now - this.t0), from, to: this.limit, cause });
    this.point(true);
  }

  /** Grants at 70% of the rate the target just refused; the first refusal's wait starts it. */
  private learnRate(now: number): void {
    let n = 0;
    for (let i = this.grants.length - 1; i >= 0 && this.grants[i] > now - 1000; i--) n++;
    this.refusedRate = n;
    const perSecond = Math.max(1, n * 0.7);
    const spacing = 1000 / perSecond;
    this.rate = this.rate ? Math.max(this.rate, spacing) : spacing;
    this.rateGrownAt = now;
  }

  /**
   * For each second without a refusal: half a request per second more below the rate last refused
   * (carefully near the target's limit), a tenth more past it (the limit moved: find it again).
   */
  private growRate(now: number): void {
    if (!this.rate || now - this.rateGrownAt < 1000) return;
    const seconds = Math.floor((now - this.rateGrownAt) / 1000);
    this.rateGrownAt += seconds * 1000;
    let perSecond = 1000 / this.rate;
    for (let i = 0; i < Math.min(seconds, 600); i++)
      perSecond += perSecond < this.refusedRate ? 0.5 : Math.max(0.5, perSecond * 0.1);
    this.rate = 1000 / perSecond;
  }

  private point(force = false): void {
    const t = Math.round(this.now() - this.t0);
    const last = this.curve[this.curve.length - 1];
    if (last && !force && t - last[0] < this.curveEvery) return;
    if (last && last[0] === t) this.curve.pop();
    this.curve.push([t, this.limit, this.inUse]);
    if (this.curve.length > CURVE_POINTS) {
      // keep the first, then every other: a long run's curve stays this size
      const kept = this.curve.filter((_, i) => i % 2 === 0);
      this.curve.splice(0, this.curve.length, ...kept);
      this.curveEvery *= 2;
    }
  }
}
