// Requests sent together on purpose: the race oracles (suites/invariants/races.serial.test.ts)
// send several requests at once and judge that every rule a single client keeps still holds. A race
// needs two requests in flight at once: a run of `--concurrency 1` cannot send one (the check
// skips, naming the setting). A race check runs in a serial file (one check at a time, after the
// parallel ones, nothing else in flight), so it may hold the run's places, not only its worker's
// share: the run still never has more than `--concurrency` requests in flight. Its side-effect class
// is `concurrent`: allowed on the embedded reference, opt-in on a real target.
import type { CheckContext } from "./check.ts";
import { currentCheck } from "./current.ts";
import { HarnessError } from "./errors.ts";
import { world } from "./world.ts";

/**
 * Starts `n` requests at once (`send(i)` for i in 0..n-1) and answers their answers in order. At
 * most `--concurrency` of them are in flight together; the rest follow as places free up.
 */
export async function together<T>(
  ctx: Pick<CheckContext, "config" | "skip">,
  n: number,
  send: (i: number) => Promise<T>,
): Promise<T[]> {
  const places = Math.min(n, ctx.config.concurrency);
  if (places < 2)
    ctx.skip(
      `--concurrency ${ctx.config.concurrency} sends one request at a time: no two requests of a race can be in flight together (give --concurrency 2 or more)`,
    );
  const check = currentCheck();
  if (!check?.serial)
    throw new HarnessError(
      "a race is sent from a *.serial.test.ts file only: there nothing else is in flight, so it may take the run's places",
    );
  const narrow = world().client.widen(places);
  try {
    return await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  } finally {
    narrow();
  }
}
