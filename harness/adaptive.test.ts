// The run's adaptive requests in flight (harness/concurrency.ts AdaptiveInFlight): grows while the
// round trip stays flat, cuts on 429, 503, Retry-After and a rising round trip, stays within
// [1, ceiling], and paces itself after a Retry-After. A fake clock and timer: no waiting.
import { describe, expect, it } from "vitest";
import { AdaptiveInFlight, type Sample } from "./concurrency.ts";

function pool(ceiling: number, start = 4) {
  let t = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const p = new AdaptiveInFlight({
    ceiling,
    start,
    baselineMs: 50,
    now: () => t,
    later: (fn, ms) => timers.push({ at: t + ms, fn }),
  });
  const held: number[] = [];
  /**
   * keeps the pool full: as many requests as the limit, answered with `sample` after `ms` each (or
   * with the samples given in turn, after the slowest's ms)
   */
  const round = async (sample: Sample | Sample[], n = p.limit) => {
    const samples = Array.isArray(sample) ? sample : [sample];
    let granted = 0;
    const asks = Array.from({ length: n }, () => p.acquire().then(() => granted++));
    // timers the pool set (a pause, a pace) fire as the clock reaches them
    for (let i = 0; granted < n && i < 10_000; i++) {
      await Promise.resolve();
      if (granted < n && timers.length) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift()!;
        t = Math.max(t, next.at);
        next.fn();
      }
    }
    await Promise.all(asks);
    held.push(granted);
    t += Math.max(...samples.map((x) => x.ms));
    for (let i = 0; i < n; i++) p.release(samples[i % samples.length]);
  };
  return { p, round, advance: (ms: number) => (t += ms), time: () => t };
}

const ok = (ms = 50): Sample => ({ ms, status: 200 });

describe("adaptive requests in flight", () => {
  it("grows while the round trip stays flat, never past the ceiling", async () => {
    const { p, round } = pool(32);
    expect(p.limit).toBe(4);
    const seen: number[] = [];
    for (let i = 0; i < 20; i++) {
      await round(ok());
      seen.push(p.limit);
    }
    // slow start: 4 → 8 → 16 → 32, then held at the ceiling
    expect(seen.slice(0, 3)).toEqual([8, 16, 32]);
    expect(Math.max(...seen)).toBe(32);
    expect(p.summary().backOffCount).toBe(0);
  });

  it("does not grow when the run asks for less than the limit", async () => {
    const { p, round } = pool(32);
    for (let i = 0; i < 10; i++) await round(ok(), 2);
    expect(p.limit).toBe(4);
  });

  it("halves on a 429 and on a 503, one cut a window, never below 1", async () => {
    const { p, round, advance } = pool(32);
    for (let i = 0; i < 3; i++) await round(ok());
    expect(p.limit).toBe(32);
    await round({ ms: 50, status: 503 });
    // 32 answers 503 at once: one cut, not 32
    expect(p.limit).toBe(16);
    advance(1000);
    await round({ ms: 50, status: 429 });
    expect(p.limit).toBe(8);
    for (let i = 0; i < 10; i++) {
      advance(1000);
      await round({ ms: 50, status: 503 });
    }
    expect(p.limit).toBe(1);
    const s = p.summary();
    expect(s.backOffs[0]).toMatchObject({ from: 32, to: 16, cause: "503" });
    expect(s.backOffs[1]).toMatchObject({ from: 16, to: 8, cause: "429" });
    expect(s.end).toBe(1);
    // after a cut, growth is by one a window
    advance(1000);
    await round(ok());
    advance(1000);
    await round(ok());
    expect(p.limit).toBeLessThanOrEqual(3);
  });

  it("cuts on a round trip rising to twice the usual one (two windows in a row), not on one slow window", async () => {
    const { p, round } = pool(32, 16);
    await round(ok(50));
    expect(p.limit).toBe(32);
    await round(ok(300));
    await round(ok(50));
    expect(p.limit).toBe(32);
    await round(ok(300));
    await round(ok(300));
    expect(p.limit).toBe(24);
    expect(p.summary().backOffs[0].cause).toMatch(/rising round trip: 300 ms on average/);
  });

  it("more slow writes among quick reads is no queue: the mean rises, the quickest answer does not", async () => {
    const { p, round } = pool(32, 16);
    const mix = (writes: number) => Array.from({ length: 10 }, (_, i) => ok(i < writes ? 300 : 10));
    for (let i = 0; i < 3; i++) await round(mix(1));
    expect(p.limit).toBe(32);
    // six writes in ten: the mean 4 × the usual one, the quickest answer as quick as ever
    for (let i = 0; i < 6; i++) await round(mix(6));
    expect(p.limit).toBe(32);
    expect(p.summary().backOffCount).toBe(0);
    // every answer slow, the quickest too: a queue
    await round(ok(300));
    await round(ok(300));
    expect(p.limit).toBe(24);
    expect(p.summary().backOffs[0].cause).toMatch(/rising round trip/);
  });

  it("a long but flat round trip is no congestion: writes steadily at 300 ms beside 2 ms reads, in any mix", async () => {
    const { p, round } = pool(32, 16);
    const read = (ms = 2): Sample => ({ ms, status: 200, kind: "read" });
    const write = (ms = 300): Sample => ({ ms, status: 200, kind: "write" });
    for (let i = 0; i < 3; i++) await round([read(), read(), read(), write()]);
    expect(p.limit).toBe(32);
    // windows of writes alone (a fuzz check's creates, say): their mean and their quickest answer
    // are 150 × the reads', but no slower than writes were
    for (let i = 0; i < 6; i++) await round(write());
    for (let i = 0; i < 3; i++) await round([read(), write()]);
    for (let i = 0; i < 6; i++) await round(write(310));
    expect(p.summary().backOffCount).toBe(0);
    expect(p.limit).toBe(32);
    // a queue slows every kind: reads and writes both at twice their usual and more
    await round([read(150), write(900)]);
    await round([read(150), write(900)]);
    expect(p.limit).toBe(24);
    expect(p.summary().backOffs[0].cause).toMatch(
      /rising round trip: (reads|writes) \d+ ms on average/,
    );
  });

  it("a kind that turns slow alone, the other as quick as ever, is no queue at the target", async () => {
    const { p, round } = pool(32, 16);
    const mix = (writeMs: number): Sample[] => [
      { ms: 2, status: 200, kind: "read" },
      { ms: writeMs, status: 200, kind: "write" },
    ];
    for (let i = 0; i < 3; i++) await round(mix(5));
    for (let i = 0; i < 6; i++) await round(mix(300));
    expect(p.summary().backOffCount).toBe(0);
  });

  it("a Retry-After holds new grants until it passed; a second one paces them below the refused rate", async () => {
    const { p, round, time } = pool(8, 8);
    // 8 at a time at 10 ms: about 800 a second asked
    for (let i = 0; i < 20; i++) await round(ok(10));
    const before = time();
    await round({ ms: 10, status: 429, retryAfterMs: 1000 }, 1);
    // the next grant waits for the Retry-After
    await round(ok(10), 1);
    expect(time() - before).toBeGreaterThanOrEqual(1000);
    // one refusal alone (a provider state's 429) only pauses
    expect(p.summary().backOffs[0].cause).toBe("429 with Retry-After 1000 ms");
    expect(p.summary().rateCap).toBeUndefined();
    // a second within 10 s: the pool paces itself below the rate that met it
    for (let i = 0; i < 10; i++) await round(ok(10));
    await round({ ms: 10, status: 429, retryAfterMs: 1000 }, 1);
    const s = p.summary();
    expect(s.backOffCount).toBe(2);
    expect(s.rateCap).toBeGreaterThan(0);
    expect(s.rateCap).toBeLessThan(800);
    // paced: the next 20 grants take at least 20 spacings
    const from = time();
    for (let i = 0; i < 20; i++) await round(ok(0), 1);
    expect(time() - from).toBeGreaterThanOrEqual(19 * (1000 / (s.rateCap ?? 1)) - 1);
  });

  it("once paced, a 429 cuts the pace, not the requests in flight; answers sent before the cut count once", async () => {
    const { p, round, time } = pool(8, 8);
    for (let i = 0; i < 20; i++) await round(ok(10));
    await round({ ms: 10, status: 429, retryAfterMs: 1000 }, 1);
    for (let i = 0; i < 10; i++) await round(ok(10));
    await round({ ms: 10, status: 429, retryAfterMs: 1000 }, 1);
    const learned = p.summary();
    expect(learned.rateCap).toBeGreaterThan(0);
    // 3 s kept busy at the pace: the rate that meets the next refusal is the pace
    const from = time();
    while (time() - from < 3000) await round(ok(10));
    const pace = p.summary().rateCap ?? 0;
    const limit = p.limit;
    // four refusals at once, to requests sent before the cut they cause: one cut of the pace, to 90%
    // of the rate that met them (the pace: it held requests back)
    await round({ ms: 10, status: 429, retryAfterMs: 1000 }, 4);
    const s = p.summary();
    expect(p.limit).toBe(limit);
    expect(s.backOffCount).toBe(learned.backOffCount + 1);
    expect((s.rateCap ?? 0) / pace).toBeGreaterThan(0.6);
    expect((s.rateCap ?? 0) / pace).toBeLessThan(0.91);
    expect(s.backOffs.at(-1)?.cause).toMatch(
      /^429 with Retry-After 1000 ms; pace [\d.]+ → [\d.]+ requests\/s$/,
    );
    expect(s.backOffs.at(-1)?.from).toBe(s.backOffs.at(-1)?.to);
    // another within 3 s of that cut: still far above what the target allows, to 70%
    await round(ok(10), 1);
    await round({ ms: 10, status: 429, retryAfterMs: 1000 }, 1);
    expect((p.summary().rateCap ?? 0) / (s.rateCap ?? 1)).toBeCloseTo(0.7, 1);
  });

  it("a bare 503 still halves the requests in flight when paced; 429s without Retry-After teach a rate too", async () => {
    const { p, round, advance, time } = pool(8, 8);
    for (let i = 0; i < 20; i++) await round(ok(10));
    const before = time();
    await round({ ms: 10, status: 429 }, 1);
    await round(ok(10), 1);
    // no Retry-After: no pause
    expect(time() - before).toBeLessThan(100);
    for (let i = 0; i < 10; i++) await round(ok(10));
    await round({ ms: 10, status: 429 }, 1);
    const pace = p.summary().rateCap;
    expect(pace).toBeGreaterThan(0);
    advance(1000);
    const limit = p.limit;
    await round({ ms: 10, status: 503 }, 1);
    expect(p.limit).toBe(Math.max(1, Math.floor(limit / 2)));
    expect(p.summary().rateCap).toBe(pace);
  });

  it("the pace grows only while it holds requests back", async () => {
    const { p, round, advance } = pool(8, 8);
    for (let i = 0; i < 20; i++) await round(ok(10));
    await round({ ms: 10, status: 429, retryAfterMs: 1000 }, 1);
    for (let i = 0; i < 10; i++) await round(ok(10));
    await round({ ms: 10, status: 429, retryAfterMs: 1000 }, 1);
    const pace = p.summary().rateCap ?? 0;
    // a minute asking one request a second, below the pace: it stays
    for (let i = 0; i < 60; i++) {
      advance(1000);
      await round(ok(10), 1);
    }
    expect(p.summary().rateCap).toBe(pace);
    // asking more than it allows: it grows
    for (let i = 0; i < 20; i++) await round(ok(10));
    expect(p.summary().rateCap).toBeGreaterThan(pace);
  });

  it("against a target allowing 20 requests a second (429 + Retry-After beyond), settles near 20 with few 429s", async () => {
    const found = await rateWindowRun({ perSecond: 20, seconds: 300, retryAfter: true });
    // once the rate is found: a handful of 429s a minute at most, and most of the allowed rate used
    console.log(JSON.stringify(found));
    expect(found.refusedPerMinuteAfter30s).toBeLessThanOrEqual(5);
    expect(found.acceptedPerSecondAfter30s).toBeGreaterThan(0.85 * 20);
    const bare = await rateWindowRun({ perSecond: 20, seconds: 300, retryAfter: false });
    console.log(JSON.stringify(bare));
    expect(bare.refusedPerMinuteAfter30s).toBeLessThanOrEqual(6);
    expect(bare.acceptedPerSecondAfter30s).toBeGreaterThan(0.8 * 20);
  });

  it("never lets more than the limit in flight", async () => {
    const p = new AdaptiveInFlight({ ceiling: 3, start: 2 });
    let granted = 0;
    for (let i = 0; i < 5; i++) void p.acquire().then(() => granted++);
    await new Promise((r) => setTimeout(r, 5));
    expect(granted).toBe(2);
    p.release(ok());
    await new Promise((r) => setTimeout(r, 5));
    expect(granted).toBe(3);
  });
});

/**
 * A fake clock's run against a target allowing `perSecond` requests per fixed window of a second
 * (the window proxy's rule), answering 429 beyond it (with Retry-After: whole seconds to the
 * window's end, or none: the client then waits a second): 24 checks always asking, round trips of
 * 50–200 ms (a fixed sequence).
 */
async function rateWindowRun(o: { perSecond: number; seconds: number; retryAfter: boolean }) {
  let t = 0;
  let seq = 0;
  const timers: { at: number; seq: number; fn: () => void }[] = [];
  const later = (fn: () => void, ms: number) => timers.push({ at: t + ms, seq: seq++, fn });
  const p = new AdaptiveInFlight({ ceiling: 32, baselineMs: 100, now: () => t, later });
  let rnd = 1;
  const random = () => (rnd = (rnd * 48271) % 2147483647) / 2147483647;
  let window = { start: -Infinity, n: 0 };
  const refusedAt: number[] = [];
  const acceptedAt: number[] = [];
  const end = o.seconds * 1000;
  const send = async (): Promise<number | undefined> => {
    await p.acquire();
    if (t - window.start >= 1000) window = { start: t, n: 0 };
    const refused = ++window.n > o.perSecond;
    const wait = Math.max(1, Math.ceil((window.start + 1000 - t) / 1000)) * 1000;
    (refused ? refusedAt : acceptedAt).push(t);
    const ms = 50 + 150 * random();
    await new Promise<void>((r) => later(r, ms));
    p.release({
      ms,
      status: refused ? 429 : 200,
      ...(refused && o.retryAfter ? { retryAfterMs: wait } : {}),
    });
    return refused ? (o.retryAfter ? wait : 1000) : undefined;
  };
  const check = async () => {
    while (t < end) {
      const wait = await send();
      if (wait !== undefined) await new Promise<void>((r) => later(r, wait));
    }
  };
  let done = false;
  void Promise.all(Array.from({ length: 24 }, check)).then(() => (done = true));
  while (!done) {
    await new Promise<void>((r) => setImmediate(r));
    if (done || !timers.length) continue;
    timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = timers.shift()!;
    t = Math.max(t, next.at);
    next.fn();
  }
  const after = (at: number[]) => at.filter((x) => x >= 30_000 && x < end).length;
  return {
    refusedPerMinuteAfter30s: after(refusedAt) / ((end - 30_000) / 60_000),
    acceptedPerSecondAfter30s: after(acceptedAt) / ((end - 30_000) / 1000),
  };
}
