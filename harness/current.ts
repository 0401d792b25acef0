// The check being run, reachable from any helper without threading it through every call:
// the client records exchanges into it, expectError records observations into it.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Exchange, FuzzRecord, Observation, OracleUse, Settled } from "./model.ts";

export interface CheckRecord {
  requirementIds: string[];
  exchanges: Exchange[];
  observations: Observation[];
  /** the check's file runs alone (`*.serial.test.ts`): it may change target-wide state */
  serial?: boolean;
  /** fuzz checks: what each property run did (harness/fuzz.ts) */
  fuzz?: FuzzRecord[];
  /** reads after a write waited on to converge (harness/settle.ts) */
  settled?: Settled[];
  /** requests the check sent (every attempt, beyond the exchanges kept) */
  requests?: number;
  /** of those, the ones sent while none of the check's others was in flight: its chain of round trips */
  rounds?: number;
  /** the passive oracles applied, in order (harness/oracles.ts; what `plumbline rejudge` applies again) */
  oracles?: OracleUse[];
  /** the check was cut at its time limit and its record sealed: what its body still sends is not recorded */
  closed?: boolean;
}

const storage = new AsyncLocalStorage<CheckRecord>();

/** A record run inside another's (a fuzz case's): the check's own, where its time is counted. */
const checkOf = new WeakMap<CheckRecord, CheckRecord>();

export function runInCheck<T>(record: CheckRecord, fn: () => Promise<T>): Promise<T> {
  const outer = storage.getStore();
  if (outer && outer !== record) checkOf.set(record, checkOf.get(outer) ?? outer);
  return storage.run(record, fn);
}

export function currentCheck(): CheckRecord | undefined {
  return storage.getStore();
}

/** Time each check's requests waited for a place in flight and for the run's pace, not on the wire. */
const queued = new WeakMap<CheckRecord, number>();

/** Adds to the current check's time in the run's queue (the client, before each request is sent). */
export function noteQueued(ms: number): void {
  const inner = storage.getStore();
  const rec = inner && (checkOf.get(inner) ?? inner);
  if (rec && ms > 0) queued.set(rec, (queued.get(rec) ?? 0) + ms);
}

/**
 * How long this check's requests waited in the run's queue: a target that limits its rate makes
 * a check wait for its share of the pace, which its time limit does not count (harness/check.ts).
 */
export function queuedMs(rec: CheckRecord): number {
  return queued.get(rec) ?? 0;
}

/** Keeps a report readable when a test loops over many requests. */
export const MAX_EXCHANGES_PER_CHECK = 200;

/** Past this many oracle uses a check's record stops listing them (one last use of exchange -1 says so). */
export const MAX_ORACLE_USES = 1000;

/**
 * Records that a passive oracle judged one of the current check's exchanges; returns the use's
 * index (for `failedOn`), or undefined outside a check or past the cap.
 */
export function recordOracleUse(
  oracle: string,
  x: Exchange,
  ok: boolean,
  operationId?: string,
): number | undefined {
  const rec = currentCheck();
  if (!rec || rec.closed) return undefined;
  const uses = (rec.oracles ??= []);
  if (uses.length > MAX_ORACLE_USES) return undefined;
  if (uses.length === MAX_ORACLE_USES) {
    uses.push({ oracle, exchange: -1, ok });
    return undefined;
  }
  uses.push({
    oracle,
    exchange: rec.exchanges.indexOf(x),
    ok,
    ...(operationId ? { operationId } : {}),
  });
  return uses.length - 1;
}

/** Requests of a record on the wire now (kept apart: not part of what the reporter reads). */
const onTheWire = new WeakMap<CheckRecord, number>();

/**
 * Marks a request of the current check as sent; answers the function that marks it answered. A
 * request sent while none of the check's others is in flight begins a new round trip (`rounds`).
 */
export function requestSent(): () => void {
  const rec = currentCheck();
  if (!rec) return () => undefined;
  const now = onTheWire.get(rec) ?? 0;
  if (now === 0) rec.rounds = (rec.rounds ?? 0) + 1;
  onTheWire.set(rec, now + 1);
  return () => onTheWire.set(rec, (onTheWire.get(rec) ?? 1) - 1);
}

export function recordExchange(x: Exchange): void {
  const rec = currentCheck();
  if (!rec || rec.closed) return;
  rec.requests = (rec.requests ?? 0) + 1;
  if (rec.exchanges.length < MAX_EXCHANGES_PER_CHECK) rec.exchanges.push(x);
}
