// The convergence window. The material never says how soon a write shows in a list, in an event or
// under a tag: a target whose lists catch up a few hundred milliseconds after a write conforms, one
// whose lists never catch up does not. Every oracle that reads after a write judges through
// `settle`: it reads, judges, and while the judgment does not hold reads again with back-off until
// it holds or the window (`--settle`, default 2 s) closes. Converged within the window: the check
// goes on, and how long it took is recorded on the check (`CheckMeta.settled`: the report's
// convergence table, INFO). Never converged: the failure it is without the window, naming the reads
// it waited on. A window of 0 keeps the behaviour before the window: a read at once, and once more
// before a disagreement is called. spec/README.md's policy table writes the window down as the
// judgment it is.
import { currentCheck } from "./current.ts";
import { TargetFailure } from "./errors.ts";
import type { Settled } from "./model.ts";
import { DEFAULT_SETTLE_MS, type Config } from "./config.ts";

/** The oracles that read after a write (the report's convergence table, per oracle). */
export type SettleOracle =
  | "read-your-writes"
  | "update scope"
  | "list = view"
  | "delete is complete"
  | "hierarchy"
  | "events of a write"
  | "tags"
  | "collection"
  | "record of a write";

export interface SettleOptions {
  /** which oracle judges: the report's rows */
  oracle: SettleOracle;
  /** the resource kind read (spec/kinds.ts); else the check's own `resource` */
  kind?: string;
}

/** Reads a check's settles keep at most (the lag of each; the report computes percentiles). */
export const MAX_SETTLED_PER_CHECK = 200;

/**
 * First pause between two reads; it doubles up to MAX_PAUSE_MS, never past the window's end. The
 * lag recorded is when the first agreeing read began, so it is the true lag plus at most one pause:
 * a pause of at most 100 ms keeps it within 100 ms (a lag of 0.5 s reads as 0.5 to 0.6 s).
 */
const FIRST_PAUSE_MS = 25;
const MAX_PAUSE_MS = 100;

/** The window of a configuration (a Config built before the setting existed reads the default). */
export const settleWindow = (config: Pick<Config, "settleMs"> | undefined): number =>
  config?.settleMs ?? DEFAULT_SETTLE_MS;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads until the judgment holds or the window closes. `read` takes one reading (it may itself
 * throw a TargetFailure: the reading disagrees, say an entry missing from a list); `judge` answers
 * what disagrees with the write (empty: it holds) or throws a TargetFailure. The last reading is
 * answered once the judgment holds. After the window the last failure is thrown, with the reads it
 * waited on; an error that is not the target's (a harness error, a skip) ends the wait at once.
 */
export async function settle<T>(
  ctx: { config: Pick<Config, "settleMs"> },
  description: string,
  read: () => Promise<T>,
  judge: (reading: T) => string[] | undefined | Promise<string[] | undefined> = () => [],
  opts: SettleOptions = { oracle: "record of a write" },
): Promise<T> {
  const window = settleWindow(ctx.config);
  const started = Date.now();
  let pause = FIRST_PAUSE_MS;
  let reads = 0;
  for (;;) {
    const at = Date.now() - started;
    reads++;
    let failure: TargetFailure | undefined;
    let reading: T | undefined;
    try {
      reading = await read();
      const problems = (await judge(reading)) ?? [];
      if (problems.length) failure = new TargetFailure(`${description}: ${problems.join("; ")}`);
    } catch (e) {
      if (!(e instanceof TargetFailure)) throw e;
      failure = e;
    }
    if (!failure) {
      record(opts, { lagMs: at, reads, converged: true });
      return reading as T;
    }
    const elapsed = Date.now() - started;
    // the window closed (a window of 0: the second read was the last)
    if (elapsed >= window && reads >= 2) {
      record(opts, { lagMs: elapsed, reads, converged: false });
      const waited = `read ${reads} times over ${elapsed} ms (convergence window ${window} ms, --settle)`;
      const e = new TargetFailure(`${failure.message} [${waited}]`, failure.details);
      e.oracleUse = failure.oracleUse;
      throw e;
    }
    await sleep(Math.max(0, Math.min(pause, window - elapsed)));
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  }
}

/**
 * `attempt` (reads that throw a TargetFailure while they disagree with the write) within the
 * convergence window: settle() with the judgment inside the reads.
 */
export function settled<T>(
  ctx: { config: Pick<Config, "settleMs"> },
  oracle: SettleOracle,
  attempt: () => Promise<T>,
  kind?: string,
): Promise<T> {
  return settle(ctx, oracle, attempt, undefined, { oracle, ...(kind ? { kind } : {}) });
}

function record(opts: SettleOptions, r: Omit<Settled, "oracle" | "kind">): void {
  const rec = currentCheck() as
    | (ReturnType<typeof currentCheck> & { resource?: string })
    | undefined;
  if (!rec || rec.closed) return;
  const list = (rec.settled ??= []);
  if (list.length >= MAX_SETTLED_PER_CHECK) return;
  const kind = opts.kind ?? rec.resource;
  list.push({ oracle: opts.oracle, ...(kind ? { kind } : {}), ...r });
}
