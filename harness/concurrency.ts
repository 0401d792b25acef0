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
  release(): void;
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
