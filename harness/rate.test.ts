// The run's permits: send times spaced 1000/N ms apart whoever asks, a budget that stops at N and
// lets only cleanup past it, the same over the loopback port as in process, and the client asking
// before every request (retries included) and telling of every 429.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asCleanup,
  heldUntilLetGo,
  LocalPacer,
  Permits,
  RemotePacer,
  RemoteSlots,
  servePermits,
} from "./rate.ts";
import { BudgetSpent } from "./errors.ts";
import { InFlight, type Sample } from "./concurrency.ts";
import { Client } from "./client.ts";
import { json, serve, type TestServer } from "./testing.ts";

describe("Permits", () => {
  it("spaces send times 1000/N ms apart; slots nobody took are gone but the last (a burst of two at most)", () => {
    let now = 0;
    const p = new Permits({ maxRps: 100 }, undefined, () => now);
    expect([0, 1, 2, 3, 4].map(() => p.take(false))).toEqual([0, 10, 20, 30, 40]);
    now = 1000; // idle for a while: the last missed slot and the current one go now, then 10 ms apart
    expect([p.take(false), p.take(false), p.take(false), p.take(false)]).toEqual([0, 0, 10, 20]);
    now = 1035; // the next free slot was 1030: a sender 5 ms late keeps it, the next is not pushed back
    expect([p.take(false), p.take(false)]).toEqual([0, 5]);
    expect(p.tally.sent).toBe(11);
  });

  it("hands out the budget, says once that it is spent, then lets only cleanup past it", () => {
    let spent = 0;
    const p = new Permits({ maxRequests: 3 }, () => spent++);
    expect([p.take(false), p.take(true), p.take(false)]).toEqual([0, 0, 0]);
    expect(spent).toBe(1);
    expect(p.take(false)).toBeUndefined();
    expect(p.take(true)).toBe(0);
    expect(p.take(false)).toBeUndefined();
    expect(spent).toBe(1);
    expect(p.tally).toMatchObject({ sent: 4, cleanupPastBudget: 1 });
  });

  it("counts 429s: retried ones with their waits, and those returned to the check", () => {
    const p = new Permits({});
    p.tooMany(1000);
    p.tooMany(250);
    p.tooMany(undefined);
    expect(p.tally).toMatchObject({ tooMany: 3, retried: 2, waitedMs: 1250 });
    expect(p.limited).toBe(false);
  });
});

describe("the permit service on a loopback port", () => {
  it("holds the rate across several workers' pacers together", async () => {
    const permits = new Permits({ maxRps: 200 });
    const service = await servePermits(permits);
    const workers = [1, 2, 3].map(() => new RemotePacer(service.address, permits.limits));
    const started = performance.now();
    // 60 requests from three workers at once, then 30 more from one: 88 gaps of 5 ms at least (the
    // first two go together)
    await Promise.all(
      workers.map(async (w) => {
        for (let i = 0; i < 20; i++) await w.permit(() => "x");
      }),
    );
    for (let i = 0; i < 30; i++) await workers[0].permit(() => "x");
    const elapsed = performance.now() - started;
    expect(permits.tally.sent).toBe(90);
    expect(elapsed).toBeGreaterThanOrEqual(88 * 5 - 1);
    expect(elapsed).toBeLessThan(10_000); // generous: a loaded machine is slow, never fast
    for (const w of workers) w.close();
    await service.close();
  });

  it("refuses a request past the budget with BudgetSpent naming it, and lets cleanup through", async () => {
    let stopped = false;
    const permits = new Permits({ maxRequests: 2 }, () => (stopped = true));
    const service = await servePermits(permits);
    const w = new RemotePacer(service.address, permits.limits);
    await w.permit(() => "GET /a");
    await w.permit(() => "GET /b");
    expect(stopped).toBe(true);
    const cut = await w.permit(() => "GET /v4/account").catch((e) => e);
    expect(cut).toBeInstanceOf(BudgetSpent);
    expect(cut.message).toBe(
      "cut: the run's request budget of 2 requests was spent before GET /v4/account was sent (--max-requests / PLUMBLINE_MAX_REQUESTS)",
    );
    await asCleanup(() => w.permit(() => "DELETE /v4/vm/instances/1"));
    await w.tooMany(1000);
    await w.tooMany(undefined);
    expect(permits.tally).toEqual({
      sent: 3,
      cleanupPastBudget: 1,
      tooMany: 2,
      retried: 1,
      waitedMs: 1000,
    });
    w.close();
    await service.close();
  });
});

describe("the run's requests in flight, one pool for every worker", () => {
  it("never more than N at once across workers, and every worker gets its turn", async () => {
    const service = await servePermits(new Permits({}), new InFlight(3));
    const workers = [1, 2, 3, 4].map(() => new RemoteSlots(service.address));
    let now = 0;
    let most = 0;
    const done: number[] = [0, 0, 0, 0];
    await Promise.all(
      workers.map(async (w, i) => {
        // worker 0 sends many side by side (a file of many checks), the others one at a time
        const lanes = i === 0 ? 6 : 1;
        await Promise.all(
          Array.from({ length: lanes }, async () => {
            for (let k = 0; k < 5; k++) {
              await w.acquire();
              most = Math.max(most, ++now);
              await new Promise((r) => setTimeout(r, 2));
              now--;
              done[i]++;
              w.release();
            }
          }),
        );
      }),
    );
    expect(most).toBe(3);
    expect(done).toEqual([30, 5, 5, 5]);
    for (const w of workers) w.close();
    await service.close();
  });

  it("a place given back tells the run's pool its round trip, its status and its kind", async () => {
    const seen: Sample[] = [];
    const pool = new InFlight(2);
    const service = await servePermits(new Permits({}), {
      acquire: () => pool.acquire(),
      release: (s) => {
        if (s) seen.push(s);
        pool.release();
      },
    });
    const w = new RemoteSlots(service.address);
    await w.acquire();
    w.release({ ms: 301.26, status: 201, kind: "write" });
    await w.acquire();
    w.release({ ms: 2, status: 429, retryAfterMs: 1000, kind: "read" });
    await w.acquire();
    w.release({ ms: 3, status: 200 });
    await w.acquire(); // the three above were read before this grant
    expect(seen).toEqual([
      { ms: 301.3, status: 201, kind: "write" },
      { ms: 2, status: 429, retryAfterMs: 1000, kind: "read" },
      { ms: 3, status: 200 },
    ]);
    w.close();
    await service.close();
  });

  it("a held worker waits until the run lets it go, and is told how; a run gone lets it go", async () => {
    let letGo!: (how: string) => void;
    const released = new Promise<string>((r) => (letGo = r));
    const service = await servePermits(new Permits({}), new InFlight(2), () => released);
    let answer: string | undefined;
    const waiting = heldUntilLetGo(service.address).then((a) => (answer = a));
    await new Promise((r) => setTimeout(r, 20));
    expect(answer).toBeUndefined();
    letGo("far");
    await waiting;
    expect(answer).toBe("far");
    // once let go, every worker asking later is answered at once
    expect(await heldUntilLetGo(service.address)).toBe("far");
    // no hold (a run that holds none back), or the service gone: drained, never a hang
    const plain = await servePermits(new Permits({}));
    expect(await heldUntilLetGo(plain.address)).toBe("drained");
    const gone = heldUntilLetGo(service.address);
    await service.close();
    await plain.close();
    expect(["far", "drained"]).toContain(await gone);
  });

  it("a worker that goes away gives its places back, held or asked for", async () => {
    const service = await servePermits(new Permits({}), new InFlight(2));
    const gone = new RemoteSlots(service.address);
    await gone.acquire();
    await gone.acquire();
    const asked = gone.acquire().catch((e: Error) => e);
    gone.close();
    expect(String(await asked)).toMatch(/pool of requests in flight at .* is gone/);
    const next = new RemoteSlots(service.address);
    await next.acquire();
    await next.acquire();
    next.close();
    await service.close();
  });
});

describe("the client and its pacer", () => {
  let server: TestServer;
  let hits = 0;
  beforeAll(async () => {
    // every third request is refused as rate limited, Retry-After 0
    server = await serve((_req, res) => {
      hits++;
      if (hits % 3 !== 0) json(res, 429, { errors: [] }, { "retry-after": "0" });
      else json(res, 200, { ok: true });
    });
  });
  afterAll(() => server.close());
  const options = { requestTimeoutMs: 2000, maxRetryWaitMs: 1000, maxBodyBytes: 1 << 16 };

  it("asks before every attempt, a retry included, and counts each 429 as retried or returned", async () => {
    hits = 0;
    const permits = new Permits({ maxRequests: 100 });
    const c = new Client({
      baseUrl: server.url,
      ...options,
      maxRetries: 2,
      pacer: new LocalPacer(permits),
    });
    expect((await c.send({ method: "GET", path: "/x" })).status).toBe(200); // 429, 429, 200
    c.close();
    const once = new Client({
      baseUrl: server.url,
      ...options,
      maxRetries: 0,
      pacer: new LocalPacer(permits),
    });
    expect((await once.send({ method: "GET", path: "/x" })).status).toBe(429); // returned as is
    once.close();
    expect(permits.tally).toEqual({
      sent: 4,
      cleanupPastBudget: 0,
      tooMany: 3,
      retried: 2,
      waitedMs: 0,
    });
  });

  it("asks nothing before a request when neither a limit nor a budget is set", async () => {
    const asked: string[] = [];
    const c = new Client({
      baseUrl: server.url,
      ...options,
      maxRetries: 0,
      pacer: {
        limited: false,
        permit: async () => void asked.push("permit"),
        tooMany: async () => void asked.push("429"),
        close() {},
      },
    });
    hits = 2;
    await c.send({ method: "GET", path: "/x" }); // the third: 200
    await c.send({ method: "GET", path: "/x" }); // 429
    expect(asked).toEqual(["429"]);
    c.close();
  });
});
