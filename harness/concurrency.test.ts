import { describe, expect, it } from "vitest";
import { checksPerWorker, InFlight, inFlightFor, workerCount } from "./concurrency.ts";

describe("--concurrency N: N requests in flight at most", () => {
  it("the workers' shares add up to exactly N, for every N and any number of cores", () => {
    for (const cores of [1, 2, 4, 16])
      for (let n = 1; n <= 64; n++) {
        const workers = workerCount(n, cores);
        expect(workers).toBeGreaterThanOrEqual(1);
        expect(workers).toBeLessThanOrEqual(Math.min(n, 8));
        let sum = 0;
        for (let pool = 1; pool <= workers; pool++) sum += inFlightFor(n, pool, cores);
        expect(sum, `N=${n}`).toBe(n);
        expect(checksPerWorker(n, false, cores)).toBe(
          Math.max(...[...Array(workers)].map((_, i) => inFlightFor(n, i + 1, cores))),
        );
      }
  });

  it("up to 4 one worker per request (no more than the cores); then more files at once before more checks per file", () => {
    expect([1, 2, 4, 16, 32, 64].map((n) => workerCount(n, 4))).toEqual([1, 2, 4, 4, 8, 8]);
    expect(checksPerWorker(4, false, 4)).toBe(1);
    // two cores: two workers of two checks each at the default 4; the same past 8 in flight
    expect([1, 2, 4, 8, 16, 32].map((n) => workerCount(n, 2))).toEqual([1, 2, 2, 2, 4, 8]);
    expect(checksPerWorker(4, false, 2)).toBe(2);
    // one pool for every worker: twice the share, never more than N
    expect(checksPerWorker(32, true, 2)).toBe(8);
    expect(checksPerWorker(2, true, 2)).toBe(2);
    expect(checksPerWorker(1, true, 2)).toBe(1);
    expect(workerCount(4, 1)).toBe(1);
  });

  it("InFlight lets `size` holders through and the next one in order when one leaves", async () => {
    const gate = new InFlight(2);
    const order: number[] = [];
    await gate.acquire();
    await gate.acquire();
    const third = gate.acquire().then(() => order.push(3));
    const fourth = gate.acquire().then(() => order.push(4));
    await Promise.resolve();
    expect(order).toEqual([]);
    gate.release();
    await third;
    gate.release();
    await fourth;
    expect(order).toEqual([3, 4]);
  });

  it("InFlight widened for a race holds more at once, then as many as before once all leave", async () => {
    const gate = new InFlight(1);
    await gate.acquire();
    let second = false;
    const waiting = gate.acquire().then(() => (second = true));
    const narrow = gate.widen(3);
    await waiting;
    expect(second).toBe(true);
    await gate.acquire(); // the third of three
    let fourth = false;
    const later = gate.acquire().then(() => (fourth = true));
    await Promise.resolve();
    expect(fourth).toBe(false);
    narrow();
    for (let i = 0; i < 3; i++) gate.release(); // the three leave: back to one place, held by the fourth
    await later;
    expect(fourth).toBe(true);
    let fifth = false;
    const after = gate.acquire().then(() => (fifth = true));
    await Promise.resolve();
    expect(fifth).toBe(false);
    gate.release();
    await after;
  });
});
