// The check being run, reachable from any helper without threading it through every call:
// the client records exchanges into it, expectError records observations into it.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Exchange, FuzzRecord, Observation } from "./model.ts";

export interface CheckRecord {
  requirementIds: string[];
  exchanges: Exchange[];
  observations: Observation[];
  /** the check's file runs alone (`*.serial.test.ts`): it may change target-wide state */
  serial?: boolean;
  /** fuzz checks: what each property run did (harness/fuzz.ts) */
  fuzz?: FuzzRecord[];
  /** requests the check sent (every attempt, beyond the exchanges kept): its chain in the run's request graph */
  requests?: number;
  /** the check was cut at its time limit and its record sealed: what its body still sends is not recorded */
  closed?: boolean;
}

const storage = new AsyncLocalStorage<CheckRecord>();

export function runInCheck<T>(record: CheckRecord, fn: () => Promise<T>): Promise<T> {
  return storage.run(record, fn);
}

export function currentCheck(): CheckRecord | undefined {
  return storage.getStore();
}

/** Keeps a report readable when a test loops over many requests. */
export const MAX_EXCHANGES_PER_CHECK = 200;

export function recordExchange(x: Exchange): void {
  const rec = currentCheck();
  if (!rec || rec.closed) return;
  rec.requests = (rec.requests ?? 0) + 1;
  if (rec.exchanges.length < MAX_EXCHANGES_PER_CHECK) rec.exchanges.push(x);
}
