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

/**
 * Checks a worker of a near run may run at once once its requests turn slow (WidenWhenSlow): twice
 * its share of the ceiling, as with the run's one pool from the start (checksPerWorker), so that the
 * run's adaptive pool, not the checks, limits what is in flight.
 */
export function wideChecksPerWorker(
  ceiling: number,
  concurrency: number,
  cores = availableParallelism(),
): number {
  return Math.min(ceiling, 2 * Math.ceil(ceiling / nearRunWorkers(ceiling, concurrency, cores)));
}

/**
 * The workers a near run, adaptive by default, starts: its own (workerCount) and as many again, up
 * to the ceiling's, held back (harness/concurrent-runner.ts) until a worker's requests turn slow,
 * or until no file is left for them to take from the others. A worker runs one file at a time and a
 * file lasts as long as its longest chain of round trips: over a slow link two workers, however
 * many checks each runs, wait on two chains at a time.
 */
export function nearRunWorkers(
  ceiling: number,
  concurrency: number,
  cores = availableParallelism(),
): number {
  const own = workerCount(concurrency, cores);
  return Math.max(own, Math.min(workerCount(ceiling, cores), 2 * own));
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
  /**
   * the kind of request (`read`, `write`: kindOf): round trips are judged against those of the same
   * kind, so that writes a target always answers in 300 ms are no rising round trip beside 2 ms reads
   */
  kind?: RequestKind;
}

/** Reads and writes: a target may answer each at its own steady pace. */
export type RequestKind = "read" | "write";

/** The kind of a request by its method: GET, HEAD and OPTIONS read, the others write. */
export function kindOf(method: string): RequestKind {
  const m = method.toUpperCase();
  return m === "GET" || m === "HEAD" || m === "OPTIONS" ? "read" : "write";
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

/** One kind of request's answers in the adaptive pool's window, and its usual round trip. */
interface KindRoundTrips {
  count: number;
  sum: number;
  min: number;
  /** a slow average of windows' means of this kind */
  usualMs?: number;
  /** a slow average of windows' quickest answers of this kind */
  usualMinMs?: number;
  /** the window just closed, until the usual follows it */
  window?: { mean: number; quickest: number; usual: number; usualMin: number };
}

/** A mean round trip this many times the run's usual one (and 5 ms more) is a rising round trip. */
const RISING = 2;
/** The most points the curve keeps; past it every other one goes and the spacing doubles. */
const CURVE_POINTS = 240;
/** A refusal while paced: the pace to this share of the rate that met it (near the target's limit)… */
const PACE_CUT = 0.9;
/** …or to this share when the last cut was less than PACE_FAR_MS before (still far above it). */
const PACE_CUT_FAR = 0.7;
const PACE_FAR_MS = 3000;
/**
 * Each second the pace held a request back without a refusal, it grows by this share: quickly
 * while below most of the rate last refused, slowly up to it (its neighbourhood is where the target
 * refuses: a probe about every half a minute), faster past it (the limit moved: find it again).
 */
const PACE_GROW_FAR = 0.05;
const PACE_GROW_NEAR = 0.003;
const PACE_GROW_PAST = 0.02;
/** Below this share of the rate last refused, the pace grows quickly. */
const PACE_NEAR = 0.85;

/**
 * The run's requests in flight, adaptive (a gradient AIMD, as TCP Vegas and Netflix's
 * concurrency-limits): the limit starts low and doubles each window (as many answers as the limit)
 * while the round trip stays flat and the pool was full (slow start), then grows by one a window;
 * a 429 or a 503 halves it, a round trip twice the usual one (the window's mean and its quickest
 * answer both: a mix with more slow writes raises the mean alone) cuts it by a quarter, never below
 * 1 nor above the ceiling, at most one cut a window (answers to requests sent before a cut say
 * nothing new). A Retry-After holds every new grant until it has passed (the client's own retry
 * waits as long).
 *
 * A target that limits a rate (per token, say) is met with a rate, not with fewer in flight: a
 * second refusal (429, or 503 with Retry-After) to a request sent after the first, within 10 s,
 * and the pool paces its grants at 90% of the rate it was sending at (grants per second while not
 * paused); from then a refusal cuts the pace, not the requests in flight: to 90% of the rate that
 * met it, 70% when the last cut was under 3 s before; only refusals to requests sent after the last
 * cut count. While the pace holds requests back and no refusal comes, it grows each second: 5%
 * below 85% of the rate last refused, 0.3% up to it, 2% past it. Against a target allowing N
 * requests per second, the run settles a little below N and meets a refusal about every half minute.
 */
export class AdaptiveInFlight implements Places {
  private limitF: number;
  private inUse = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly now: () => number;
  private readonly later: (fn: () => void, ms: number) => void;
  private readonly t0: number;
  private threshold: number;
  /** answers in this window; whether the pool was full during it */
  private windowCount = 0;
  private windowFull = false;
  /** per kind of request (Sample.kind; "" when not told): this window's answers and the usual */
  private readonly kinds = new Map<string, KindRoundTrips>();
  /** the run's usual round trip, all kinds together: a slow average of windows' means */
  private usualMs?: number;
  private windowSum = 0;
  private risingWindows = 0;
  private holdUntil = 0;
  private pausedUntil = 0;
  /** the pauses a Retry-After asked for, latest last: [from, until] (left out of a rate measured) */
  private readonly pauses: [number, number][] = [];
  private lastRefusal = -Infinity;
  /** grants per second, once refusals showed the target limits a rate */
  private pace?: number;
  /** the rate (per second) that met the last refusal */
  private refusedRate = 0;
  /** when the pace was last cut: refusals to requests sent before say nothing new */
  private paceCutAt = -Infinity;
  /** the pace held a request back since it last grew */
  private paceHeld = false;
  /** when the pace last held a request back */
  private heldAt = -Infinity;
  private nextGrant = 0;
  private paceGrownAt = 0;
  private readonly grants: number[] = [];
  /** ms since the pool was made when it granted its first place (a near run's workers come late) */
  private firstGrantMs?: number;
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

  /** The learned rate (requests per second), when refusals set one. */
  get rateCap(): number | undefined {
    return this.pace;
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

  /** When the pool granted its first place (ms since it was made); undefined: never used. */
  get firstUsedMs(): number | undefined {
    return this.firstGrantMs;
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
      ...(this.pace ? { rateCap: Math.round(this.pace * 10) / 10 } : {}),
    };
  }

  private pump(): void {
    while (this.waiting.length && this.inUse < this.limit) {
      const now = this.now();
      if (this.pace) this.growPace(now);
      const at = Math.max(this.pausedUntil, this.pace ? this.nextGrant : 0);
      if (at > now) {
        if (this.pace && this.nextGrant > now) {
          this.paceHeld = true;
          this.heldAt = now;
        }
        if (!this.timer) {
          this.timer = true;
          this.later(() => {
            this.timer = false;
            this.pump();
          }, at - now);
        }
        return;
      }
      if (this.pace) this.nextGrant = Math.max(now, this.nextGrant) + 1000 / this.pace;
      this.inUse++;
      if (this.inUse >= this.limit) this.windowFull = true;
      this.grants.push(now);
      this.firstGrantMs ??= Math.round(now - this.t0);
      if (this.grants.length > 4096) this.grants.splice(0, 2048);
      this.waiting.shift()!();
    }
    this.point();
  }

  private learn(s: Sample): void {
    const now = this.now();
    const refused = s.status === 429 || s.status === 503;
    if (refused || s.retryAfterMs !== undefined) {
      if (s.retryAfterMs !== undefined && s.retryAfterMs > 0)
        this.pauseUntil(now, now + s.retryAfterMs);
      const cause = `${s.status || "no answer"}${s.retryAfterMs !== undefined ? ` with Retry-After ${Math.round(s.retryAfterMs)} ms` : ""}`;
      // a rate refused: a 429 (Retry-After or none), or a 503 that names a wait (an overloaded
      // target's bare 503 asks for fewer in flight)
      const rateRefused = s.status === 429 || (s.status === 503 && s.retryAfterMs !== undefined);
      const sentAt = now - s.ms;
      if (rateRefused && this.pace) {
        // paced: the refusal says the pace is too quick, not that too many are in flight
        if (sentAt >= this.paceCutAt)
          this.backOff(now, this.limit, this.limit, cause + this.cutPace(now, sentAt));
        return;
      }
      let paced = "";
      if (rateRefused && sentAt >= this.lastRefusal) {
        // a refusal again, to a request sent after the last one, within 10 s: the target limits a
        // rate, learn it (one alone, a provider state's 429 say, only pauses)
        if (now - this.lastRefusal < 10_000) paced = this.cutPace(now, sentAt);
        this.lastRefusal = now;
      }
      this.cut(0.5, cause + paced, now);
      return;
    }
    if (s.status === 0) return;
    this.windowCount++;
    this.windowSum += s.ms;
    const key = s.kind ?? "";
    let k = this.kinds.get(key);
    if (!k) this.kinds.set(key, (k = { count: 0, sum: 0, min: Infinity }));
    k.count++;
    k.sum += s.ms;
    k.min = Math.min(k.min, s.ms);
    if (this.windowCount < Math.max(4, this.limit)) return;
    const mean = this.windowSum / this.windowCount;
    const full = this.windowFull;
    this.windowCount = 0;
    this.windowSum = 0;
    this.windowFull = this.inUse >= this.limit;
    const usual = this.usualMs ?? Math.max(mean, this.opts.baselineMs ?? 0);
    // each kind against its own usual: a queue at the target slows every answer of every kind, the
    // quickest too; more slow writes among quick reads raise the window's mean alone, and writes
    // that always take 300 ms are not slower than usual (they are compared with writes)
    let kindsSeen = 0;
    let kindsRising = 0;
    let worst = "";
    for (const [name, r] of this.kinds) {
      if (r.count === 0) continue;
      kindsSeen++;
      const kMean = r.sum / r.count;
      // a kind seen for the first time sets its usual: its first window is no rise
      const kUsual = r.usualMs ?? Math.max(kMean, this.opts.baselineMs ?? 0);
      const kUsualMin = r.usualMinMs ?? Math.max(r.min, this.opts.baselineMs ?? 0);
      const rising = kMean > RISING * kUsual + 5 && r.min > RISING * kUsualMin + 5;
      if (rising) {
        kindsRising++;
        worst ||= `${name ? `${name}s ` : ""}${Math.round(kMean)} ms on average against a usual ${Math.round(kUsual)} ms`;
      }
      r.window = { mean: kMean, quickest: r.min, usual: kUsual, usualMin: kUsualMin };
      r.count = 0;
      r.sum = 0;
      r.min = Infinity;
    }
    this.risingWindows = kindsSeen > 0 && kindsRising === kindsSeen ? this.risingWindows + 1 : 0;
    // the slow average follows a target whose pace changes for good, a window at a time
    const follow = (rate: number, keep: number) => {
      this.usualMs = usual * keep + mean * rate;
      for (const r of this.kinds.values()) {
        if (!r.window) continue;
        const w = r.window;
        r.usualMs = w.usual * keep + w.mean * rate;
        r.usualMinMs = w.usualMin * keep + w.quickest * rate;
        r.window = undefined;
      }
    };
    // two windows in a row: one slow write among quick reads is not a queue at the target
    if (this.risingWindows >= 2) {
      this.risingWindows = 0;
      follow(0.05, 0.95);
      this.cut(0.75, `rising round trip: ${worst}`, now);
      return;
    }
    if (this.risingWindows > 0) {
      follow(0.05, 0.95);
      return;
    }
    follow(0.1, 0.9);
    // grow only when the pool was full: a run asking for less says nothing about the target
    if (!full || now < this.holdUntil) return;
    const before = this.limit;
    this.limitF =
      this.limitF < this.threshold ? Math.min(this.threshold, this.limitF * 2) : this.limitF + 1;
    this.limitF = Math.min(this.opts.ceiling, this.limitF);
    this.peak = Math.max(this.peak, this.limit);
    if (this.limit !== before) this.point(true);
  }

  private pauseUntil(now: number, until: number): void {
    if (until <= this.pausedUntil) return;
    const last = this.pauses[this.pauses.length - 1];
    if (last && last[1] >= now) last[1] = until;
    else this.pauses.push([now, until]);
    if (this.pauses.length > 16) this.pauses.shift();
    this.pausedUntil = until;
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
    for (const r of this.kinds.values()) {
      r.count = 0;
      r.sum = 0;
      r.min = Infinity;
    }
    this.windowFull = false;
    this.backOff(now, from, this.limit, cause);
  }

  private backOff(now: number, from: number, to: number, cause: string): void {
    this.backOffCount++;
    if (this.backOffs.length < 100)
      this.backOffs.push({ atMs: Math.round(now - this.t0), from, to, cause });
    this.point(true);
  }

  /**
   * Grants per second in the second before `until`, the time a Retry-After held them left out
   * (a pause is no measure of the rate the target allows), and the ms it was measured over.
   */
  private sendingRate(until: number): { rate: number; overMs: number } {
    const from = until - 1000;
    let paused = 0;
    for (const [a, b] of this.pauses) paused += Math.max(0, Math.min(b, until) - Math.max(a, from));
    let n = 0;
    for (let i = this.grants.length - 1; i >= 0 && this.grants[i] > from; i--)
      if (this.grants[i] <= until) n++;
    const overMs = 1000 - paused;
    return { rate: (n * 1000) / Math.max(250, overMs), overMs };
  }

  /**
   * The target refused a rate: pace the grants below the rate that met the refusal, further below
   * when the last cut was recent (the pace is still far above what the target allows). The rate
   * that met it: the pace when it held requests back in the second before (or too little time
   * was left out of a pause to measure), else the rate the pool was sending at (the run asked for
   * less than the pace), never above the pace. Answers the back-off's words.
   */
  private cutPace(now: number, sentAt: number): string {
    const sending = this.sendingRate(sentAt);
    const met = !this.pace
      ? Math.max(sending.rate, 1)
      : sentAt - this.heldAt < 1000 || sending.overMs < 500
        ? this.pace
        : Math.min(this.pace, Math.max(sending.rate, 1));
    const factor = now - this.paceCutAt < PACE_FAR_MS ? PACE_CUT_FAR : PACE_CUT;
    const from = this.pace;
    this.refusedRate = met;
    this.pace = Math.max(0.5, met * factor);
    this.paceCutAt = now;
    this.paceGrownAt = now;
    this.paceHeld = false;
    const r = (x: number) => Math.round(x * 10) / 10;
    return `; pace ${from ? `${r(from)} → ` : ""}${r(this.pace)} requests/s`;
  }

  /** Each second the pace held a request back without a refusal, the pace grows (PACE_GROW_*). */
  private growPace(now: number): void {
    if (!this.pace || now - this.paceGrownAt < 1000) return;
    this.paceGrownAt += Math.floor((now - this.paceGrownAt) / 1000) * 1000;
    // a run asking for less than the pace says nothing about the target (one step however long
    // the pace went unused)
    if (!this.paceHeld) return;
    this.paceHeld = false;
    const grow =
      this.pace < PACE_NEAR * this.refusedRate
        ? PACE_GROW_FAR
        : this.pace < this.refusedRate
          ? PACE_GROW_NEAR
          : PACE_GROW_PAST;
    this.pace *= 1 + grow;
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

/**
 * From this round trip (ms) on, in most of a kind's recent answers, a near run's worker counts its
 * target as far (WidenWhenSlow). Above the 5 ms the run measures before it starts: a worker busy
 * with its own checks holds an answer on loopback back by a few ms, seldom by 20 in most of 16.
 */
export const SLOW_ROUND_TRIP_MS = 20;
/** The answers of each kind a worker judges by: its last this many. */
const WATCHED = 16;
/** Of them, at most this many quicker than SLOW_ROUND_TRIP_MS: the kind has turned slow. */
const QUICK_AT_MOST = 3;

/**
 * Whether a kind of request has turned slow: 13 of its last 16 answers took 20 ms or more (its
 * quickest quarter is that slow, so no busy moment of the worker's own made it so). Judged per kind:
 * writes a target answers in 300 ms turn a run slow however quick its reads are.
 */
export class SlowWatch {
  private readonly rings = new Map<string, { ms: number[]; n: number }>();

  /** One answer of this kind; answers whether the kind has turned slow. */
  note(kind: string, ms: number): boolean {
    let r = this.rings.get(kind);
    if (!r) this.rings.set(kind, (r = { ms: new Array<number>(WATCHED).fill(0), n: 0 }));
    r.ms[r.n % WATCHED] = ms;
    r.n++;
    if (r.n < WATCHED) return false;
    let quick = 0;
    for (const x of r.ms) if (x < SLOW_ROUND_TRIP_MS) quick++;
    return quick <= QUICK_AT_MOST;
  }
}

/** A worker's checks at once: a limit that may be opened wider during the run, never narrowed. */
export class CheckGate {
  private inUse = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private size: number) {}

  get limit(): number {
    return this.size;
  }

  async acquire(): Promise<void> {
    if (this.inUse < this.size) {
      this.inUse++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inUse--;
  }

  /** At most `size` at once from now on. */
  open(size: number): void {
    this.size = Math.max(this.size, size);
    while (this.waiting.length && this.inUse < this.size) {
      this.inUse++;
      this.waiting.shift()!();
    }
  }
}

const CHECK_GATE = Symbol.for("plumbline.checkGate");

/**
 * The worker's gate on its checks at once (one per worker thread): the runner takes a place before
 * each check's body (harness/concurrent-runner.ts), WidenWhenSlow opens it when requests turn slow.
 */
export function workerCheckGate(size: number): CheckGate {
  const g = globalThis as { [CHECK_GATE]?: CheckGate };
  g[CHECK_GATE] ??= new CheckGate(size);
  return g[CHECK_GATE];
}

export interface WidenOptions {
  /** the worker's fixed share of requests in flight while its target answers quickly */
  share: number;
  /** the run already found its target slow (a held worker let go for it): the run's pool at once */
  far0?: boolean;
  /** the run's adaptive pool, reached once the requests turn slow (RemoteSlots, harness/rate.ts) */
  far: () => Places;
  /** the worker's checks at once, and how many once the requests turn slow */
  checks?: { gate: CheckGate; wide: number };
  /** told once, when the worker turns to the run's pool */
  onWiden?: (why: string) => void;
}

/**
 * A near run's places in flight for one worker (the default, adaptive, below a 5 ms round trip):
 * the worker's fixed share, as cheap as InFlight (no message per request), while its answers are
 * quick; once one kind of request has turned slow (SlowWatch: writes answered 300 ms late, say), the
 * worker takes its places from the run's adaptive pool instead (one message per request, small
 * beside such a round trip) and opens its checks at once wide, so the pool, which grows while each
 * kind's round trip stays flat and is cut on 429, 503 and Retry-After, sets what is in flight. The
 * turn is one way: a target found slow stays so for the run.
 */
export class WidenWhenSlow extends InFlight {
  private far?: Places;
  /** places held from the run's pool (given back there first) */
  private farHeld = 0;
  private readonly watch = new SlowWatch();

  constructor(private readonly o: WidenOptions) {
    super(o.share);
    if (o.far0) this.turn(undefined, "the run found its target slow");
  }

  /** The worker takes its places from the run's pool. */
  get widened(): boolean {
    return this.far !== undefined;
  }

  override widen(size: number): () => void {
    // the run's pool is shared: a race in a serial file (nothing else in flight) takes its places
    return this.far ? () => undefined : super.widen(size);
  }

  override async acquire(): Promise<void> {
    if (!this.far) return super.acquire();
    await this.far.acquire();
    this.farHeld++;
  }

  override release(s?: Sample): void {
    if (this.farHeld > 0) {
      this.farHeld--;
      this.far!.release(s);
    } else super.release();
    if (this.far || !s || s.status === 0 || s.status === 429 || s.status === 503) return;
    if (this.watch.note(s.kind ?? "", s.ms)) this.turn(s.kind);
  }

  close(): void {
    this.far?.close?.();
  }

  private turn(kind: string | undefined, why?: string): void {
    this.far = this.o.far();
    if (this.o.checks) this.o.checks.gate.open(this.o.checks.wide);
    this.o.onWiden?.(
      why ?? `${kind ? `${kind}s` : "requests"} answered in ${SLOW_ROUND_TRIP_MS} ms or more`,
    );
  }
}

const LET_GO = Symbol.for("plumbline.letGo");

/**
 * How a held worker was let go (harness/concurrent-runner.ts): `far` when the run found its target
 * slow (its places then come from the run's pool at once), `drained` when no file was left to take
 * from the others; undefined while held, or when the worker was never held.
 */
export function letGo(how?: "far" | "drained"): "far" | "drained" | undefined {
  const g = globalThis as { [LET_GO]?: "far" | "drained" };
  if (how) g[LET_GO] = how;
  return g[LET_GO];
}
