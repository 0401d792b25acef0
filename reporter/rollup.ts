// The one ordering of outcomes: a rolled-up cell (matrix cell, requirement, area) shows its worst member.
import type { Outcome } from "../harness/model.ts";

/** A cell's state: an outcome, or `untested` when it has no member at all. */
export type CellOutcome = Outcome | "untested";

/** Worst first: fail > error > skip > pass. */
export const OUTCOME_ORDER: readonly Outcome[] = ["fail", "error", "skip", "pass"];

const rank = (o: Outcome): number => OUTCOME_ORDER.indexOf(o);

/** The worst of the members' outcomes; `untested` when there are none. */
export function worst(outcomes: Iterable<Outcome | CellOutcome>): CellOutcome {
  let best: Outcome | undefined;
  for (const o of outcomes) {
    if (o === "untested") continue;
    if (best === undefined || rank(o) < rank(best)) best = o;
  }
  return best ?? "untested";
}

/** Sort comparator: worst outcome first, `untested` last. */
export function byWorst(a: CellOutcome, b: CellOutcome): number {
  const r = (o: CellOutcome) => (o === "untested" ? OUTCOME_ORDER.length : rank(o));
  return r(a) - r(b);
}
