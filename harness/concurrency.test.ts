import { describe, expect, it } from "vitest";
import {
  CheckGate,
  checksPerWorker,
  InFlight,
  inFlightFor,
  kindOf,
  nearRunWorkers,
  type Places,
  type RequestKind,
  type Sample,
  SlowWatch,
  WidenWhenSlow,
  wideChecksPerWorker,
  workerCount,
} from "./concurrency.ts";

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

/** A worker's places that turn to a far pool (counted here) once a kind of request turns slow. */
function nearWorker(share = 2) {
  const far = { made: 0, acquired: 0, released: [] as (Sample | undefined)[] };
  const gate = new CheckGate(share);
  const places = new WidenWhenSlow({
    share,
    far: (): Places => {
      far.made++;
      return {
        acquire: async () => void far.acquired++,
        release: (s) => void far.released.push(s),
      };
    },
    checks: { gate, wide: 16 },
  });
  /** one request of this kind answered in `ms` */
  const request = async (k: RequestKind, ms: number, status = 200) => {
    await places.acquire();
    places.release({ ms, status, kind: k });
  };
  return { places, far, gate, request };
}

describe("a near run's worker: its fixed share until requests turn slow, then the run's pool", () => {
  it("a fast target keeps the fixed share: no message per request, the checks as narrow as before", async () => {
    const { places, far, gate, request } = nearWorker();
    // loopback on a busy machine: now and then an answer held back past 20 ms, never most of them
    for (let i = 0; i < 2000; i++) await request(i % 3 ? "read" : "write", i % 5 === 0 ? 40 : 2);
    expect(places.widened).toBe(false);
    expect(far.made).toBe(0);
    expect(gate.limit).toBe(2);
  });

  it("a target whose writes turn slow mid-run: the worker turns to the run's pool and opens its checks wide", async () => {
    const { places, far, gate, request } = nearWorker();
    for (let i = 0; i < 300; i++) await request(i % 4 ? "read" : "write", 2);
    expect(places.widened).toBe(false);
    // from here writes take 300 ms, reads stay quick (three reads to a write): the reads alone say nothing
    let turnedAfter = 0;
    for (let i = 0; i < 200 && !places.widened; i++) {
      await request(i % 4 ? "read" : "write", i % 4 ? 2 : 300);
      turnedAfter = i + 1;
    }
    expect(places.widened).toBe(true);
    // 13 slow writes of the last 16: within the first 16 writes, about 64 requests
    expect(turnedAfter).toBeLessThanOrEqual(64);
    expect(gate.limit).toBe(16);
    // from now every request takes its place from the run's pool, told what kind it was
    await request("write", 300);
    await request("read", 2);
    expect(far.acquired).toBe(2);
    expect(far.released).toEqual([
      { ms: 300, status: 200, kind: "write" },
      { ms: 2, status: 200, kind: "read" },
    ]);
    // a race (a serial file) does not widen a pool the run shares
    expect(places.widen(8)()).toBeUndefined();
  });

  it("refusals and lost answers are not round trips: 429s, 503s and no answer never turn it", async () => {
    const { places, request } = nearWorker();
    for (let i = 0; i < 100; i++) await request("write", 500, [429, 503, 0][i % 3]);
    expect(places.widened).toBe(false);
  });

  it("places held from the fixed share when it turned go back there, the pool's to the pool", async () => {
    const { places, far, request } = nearWorker(2);
    await places.acquire(); // held across the turn
    for (let i = 0; i < 16; i++) await request("write", 300);
    expect(places.widened).toBe(true);
    await places.acquire(); // from the run's pool
    places.release({ ms: 300, status: 200 });
    places.release({ ms: 300, status: 200 });
    expect(far.acquired).toBe(1);
    expect(far.released).toHaveLength(1);
  });

  it("SlowWatch judges each kind by its own last 16 answers", () => {
    const w = new SlowWatch();
    for (let i = 0; i < 15; i++) expect(w.note("write", 300)).toBe(false);
    for (let i = 0; i < 100; i++) expect(w.note("read", 1)).toBe(false);
    expect(w.note("write", 300)).toBe(true);
    expect(kindOf("get")).toBe("read");
    expect(kindOf("HEAD")).toBe("read");
    expect(kindOf("post")).toBe("write");
    expect(kindOf("DELETE")).toBe("write");
  });

  it("a near run starts as many workers again as its own, held back; once slow each may run twice its share of the ceiling of checks", () => {
    // two cores, the default 4 in two workers: two more held back; 32 in flight at most, 16 checks a worker
    expect(nearRunWorkers(32, 4, 2)).toBe(4);
    expect(wideChecksPerWorker(32, 4, 2)).toBe(16);
    // four cores: four workers of one check each, four more held back
    expect(nearRunWorkers(32, 4, 4)).toBe(8);
    expect(wideChecksPerWorker(32, 4, 4)).toBe(8);
    // never more workers than the ceiling's own
    expect(nearRunWorkers(8, 4, 2)).toBe(2);
    expect(wideChecksPerWorker(8, 4, 2)).toBe(8);
  });

  it("a worker made after the run found its target slow takes the run's pool from its first request", async () => {
    let made = 0;
    const places = new WidenWhenSlow({
      share: 2,
      far0: true,
      far: () => {
        made++;
        return { acquire: async () => {}, release: () => {} };
      },
    });
    expect(places.widened).toBe(true);
    expect(made).toBe(1);
  });

  it("CheckGate opens wider during the run and lets the waiting through", async () => {
    const gate = new CheckGate(1);
    await gate.acquire();
    let second = false;
    const waiting = gate.acquire().then(() => (second = true));
    await Promise.resolve();
    expect(second).toBe(false);
    gate.open(4);
    await waiting;
    expect(second).toBe(true);
    gate.open(2); // never narrower
    expect(gate.limit).toBe(4);
  });
});
