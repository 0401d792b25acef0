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
  /** keeps the pool full: as many requests as the limit, answered with `sample` after `ms` each */
  const round = async (sample: Sample, n = p.limit) => {
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
    t += sample.ms;
    for (let i = 0; i < n; i++) p.release(sample);
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
