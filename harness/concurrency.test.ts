import { describe, expect, it } from "vitest";
import { checksPerWorker, InFlight, inFlightFor, workerCount } from "./concurrency.ts";

describe("--concurrency N: N requests in flight at most", () => {
  it("the workers' shares add up to exactly N, for every N", () => {
    for (let n = 1; n <= 64; n++) {
      const workers = workerCount(n);
      expect(workers).toBeGreaterThanOrEqual(1);
      expect(workers).toBeLessThanOrEqual(Math.min(n, 8));
      let sum = 0;
      for (let pool = 1; pool <= workers; pool++) sum += inFlightFor(n, pool);
      expect(sum, `N=${n}`).toBe(n);
      expect(checksPerWorker(n)).toBe(
        Math.max(...[...Array(workers)].map((_, i) => inFlightFor(n, i + 1))),
      );
    }
  });

  it("up to 4 one worker per request, as before; then more files at once before more checks per file", () => {
    expect([1, 2, 4, 16, 32, 64].map(workerCount)).toEqual([1, 2, 4, 4, 8, 8]);
    expect(checksPerWorker(4)).toBe(1);
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
});
