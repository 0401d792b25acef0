// Two legal variants of a target whose reads catch up with its writes a little later, as a staging
// system of several processes behind a balancer, with caches and replicas, does. The material never
// says how soon a write shows in a list or in the events ("Events are records of actions taken on
// the account during the last 90 days, read by polling."):
// - `lists-lag`: a list (any answer carrying a `data` array: collections, a bucket's contents, the
//   objects carrying a tag) may answer what it answered up to LIST_LAG_MS ago, as a cache in front
//   of the lists would (not the events list: `events-lag` is its own way of being late): the answer
//   served is the oldest this caller got for the same request within
//   that time, so a write shows at most LIST_LAG_MS after it. Views stay current.
// - `events-lag`: an event shows in the list and the view EVENT_LAG_MS after its write at the latest
//   (each event after its own delay, between half that and all of it).
import type { Reply } from "./http.ts";

/** An event as this module needs it (state.ts records them and calls eventRecorded). */
type EventRecord = { id: number };

/** How far a list may lag behind the writes (`lists-lag`). */
export const LIST_LAG_MS = 500;
/** How long after its write an event may appear (`events-lag`). */
export const EVENT_LAG_MS = 1000;

interface Answer {
  at: number;
  reply: Reply;
}

const isList = (reply: Reply): boolean =>
  !reply.raw &&
  (reply.status ?? 200) < 300 &&
  Array.isArray((reply.body as { data?: unknown } | null | undefined)?.data);

/** The answers each caller got for each list request, within the lag. */
export class ListLag {
  private readonly answers = new Map<string, Answer[]>();
  private served = 0;

  constructor(private readonly lagMs = LIST_LAG_MS) {}

  /**
   * The answer to a list request: the oldest this key was answered within the lag, or the fresh
   * one. `fresh` computes it now; a refusal of it (a parent deleted since) is served as the earlier
   * list while one is within the lag.
   */
  async serve(key: string, fresh: () => Promise<Reply>): Promise<Reply> {
    const now = performance.now();
    if (++this.served % 500 === 0) this.forget(now);
    const kept = (this.answers.get(key) ?? []).filter((a) => now - a.at < this.lagMs);
    let reply: Reply;
    try {
      reply = await fresh();
    } catch (e) {
      if (kept.length) {
        this.answers.set(key, kept);
        return kept[0]!.reply;
      }
      throw e;
    }
    if (!isList(reply)) {
      this.answers.set(key, kept);
      return reply;
    }
    // a copy: the records in the body are live objects that later writes change in place
    kept.push({ at: now, reply: { ...reply, body: structuredClone(reply.body) } });
    this.answers.set(key, kept);
    return kept[0]!.reply;
  }

  /** Drops what no request can be answered with any more. */
  private forget(now: number): void {
    for (const [key, list] of this.answers)
      if (!list.some((a) => now - a.at < this.lagMs)) this.answers.delete(key);
  }

  clear(): void {
    this.answers.clear();
  }
}

/** When each event was recorded, in this process's time (the target's clock may be moved). */
const recorded = new WeakMap<EventRecord, number>();

export function eventRecorded(e: EventRecord): void {
  recorded.set(e, performance.now());
}

/** `events-lag`: whether the event has appeared yet (its delay: from half the lag to all of it, by ID). */
export function eventAppeared(e: EventRecord, now = performance.now()): boolean {
  const at = recorded.get(e);
  if (at === undefined) return true; // seeded, or recorded before the variant was on
  const delay = EVENT_LAG_MS * (0.5 + 0.5 * (((e.id * 2654435761) >>> 0) / 2 ** 32));
  return now - at >= delay;
}
