// fuzz(): seeded cases that replay, the shrunk counterexample with its exchanges, skips not shrunk.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { declare, runCheck, type CheckContext } from "./check.ts";
import { fuzz, propertySeed, sampleOf, type FuzzCampaign } from "./fuzz.ts";
import { MissingCapability, TargetFailure } from "./errors.ts";
import { FIXTURE_REQUIREMENTS, json, serve, testWorld, type TestServer } from "./testing.ts";
import type { CheckMeta, Exchange } from "./model.ts";
import { offContract } from "./ops.ts";

const catalog = new Map(FIXTURE_REQUIREMENTS.map((r) => [r.id, r]));
let server: TestServer;
beforeAll(async () => {
  // answers 500 for any page above 40: the property "no 5xx" fails and shrinks to page 41
  server = await serve((req, res) => {
    const page = Number(new URL(req.url!, "http://x").searchParams.get("page") ?? 1);
    return page > 40
      ? json(res, 500, { errors: [{ reason: "boom" }] })
      : json(res, 200, { data: [], page, pages: 1, results: 0 });
  });
});
afterAll(() => server.close());

async function run(
  body: (c: CheckContext) => Promise<unknown>,
  seed = 7,
  fuzzCampaign?: FuzzCampaign,
) {
  const ctx = {
    task: { meta: {} as { plumbline?: CheckMeta }, file: { filepath: "suites/fuzz/x.test.ts" } },
    skip: ((r?: string) => {
      throw new Error(`skip ${r}`);
    }) as never,
  };
  let thrown: unknown;
  try {
    await runCheck(
      declare({ id: "T-MUST-1", kind: "fuzz" }, catalog),
      ctx as never,
      async (c) => void (await body(c)),
      testWorld(server.url, { seed, fuzzRuns: 30, timeBudgetMs: 5000, fuzzCampaign }),
      catalog,
    );
  } catch (e) {
    thrown = e;
  }
  return { meta: ctx.task.meta.plumbline!, thrown };
}

const noServerError = (c: CheckContext) =>
  fuzz(c, "pages never 5xx", fc.integer({ min: 1, max: 100 }), async (page) => {
    const res = await c.ops.listClusters({ query: offContract({ page }) });
    if (res.status >= 500) throw new TargetFailure(`page ${page}: ${res.status}`);
  });

describe("fuzz", () => {
  it("derives a distinct seed per property from the run's seed", () => {
    expect(propertySeed(1, "a")).toBe(propertySeed(1, "a"));
    expect(propertySeed(1, "a")).not.toBe(propertySeed(1, "b"));
    expect(propertySeed(1, "a")).not.toBe(propertySeed(2, "a"));
  });

  it("shrinks a failure to the minimal input and keeps its exchanges and curl", async () => {
    const { meta, thrown } = await run(noServerError);
    expect(thrown).toBeInstanceOf(TargetFailure);
    expect(meta.outcome).toBe("fail");
    const rec = meta.fuzz![0];
    expect(rec.counterexample!.value).toBe(41);
    expect(rec.counterexample!.exchanges.at(-1)!.curl).toMatch(/page=41/);
    expect(meta.exchanges.at(-1)!.url).toMatch(/page=41/);
    expect(meta.reason).toMatch(/minimal input 41.*--seed 7/);
  });

  it("cases in flight together: a failure among them is shrunk one at a time to the same minimal input", async () => {
    const inFlight = { now: 0, most: 0 };
    const { meta, thrown } = await run((c) =>
      fuzz(
        c,
        "pages never 5xx",
        fc.integer({ min: 1, max: 100 }),
        async (page) => {
          inFlight.most = Math.max(inFlight.most, ++inFlight.now);
          const res = await c.ops.listClusters({ query: offContract({ page }) });
          inFlight.now--;
          if (res.status >= 500) throw new TargetFailure(`page ${page}: ${res.status}`);
        },
        { parallel: 4 },
      ),
    );
    expect(inFlight.most).toBeGreaterThan(1);
    expect(thrown).toBeInstanceOf(TargetFailure);
    expect(meta.fuzz![0].counterexample!.value).toBe(41);
    expect(meta.reason).toMatch(/minimal input 41/);
  });

  it("cases in flight together: one that fails only beside others is still a failure, said so", async () => {
    let inFlight = 0;
    const { meta } = await run((c) =>
      fuzz(
        c,
        "alone or not",
        fc.integer({ min: 1, max: 40 }),
        async (page) => {
          inFlight++;
          const crowded = inFlight > 1;
          await c.ops.listClusters({ query: offContract({ page }) });
          inFlight--;
          if (crowded) throw new TargetFailure("answered wrongly beside another request");
        },
        { parallel: 4 },
      ),
    );
    expect(meta.outcome).toBe("fail");
    expect(meta.reason).toMatch(/passed when run alone/);
  });

  it("the same seed gives the same cases and outcome", async () => {
    const a = await run(noServerError, 99);
    const b = await run(noServerError, 99);
    expect(a.meta.fuzz![0].cases).toBe(b.meta.fuzz![0].cases);
    expect(a.meta.exchanges.map((x) => x.url)).toEqual(b.meta.exchanges.map((x) => x.url));
  });

  it("counts cases and rate when the property holds", async () => {
    const { meta } = await run((c) =>
      fuzz(
        c,
        "small pages",
        fc.integer({ min: 1, max: 40 }),
        async (page) => void (await c.ops.listClusters({ query: offContract({ page }) })),
      ),
    );
    expect(meta.outcome).toBe("pass");
    expect(meta.fuzz![0]).toMatchObject({ cases: 30, numRuns: 30, interrupted: false });
    expect(meta.fuzz![0].casesPerSecond).toBeGreaterThan(0);
  });

  it("a case the time budget cuts off is no failure", async () => {
    const { meta } = await run((c) =>
      fuzz(
        c,
        "slow target",
        fc.nat(),
        async () => void (await new Promise((r) => setTimeout(r, 300))),
        { timeBudgetMs: 50 },
      ),
    );
    expect(meta.outcome).toBe("pass");
    expect(meta.fuzz![0]).toMatchObject({ interrupted: true });
  });

  it("a skip in a case ends the property as a skip, unshrunk", async () => {
    let calls = 0;
    const { meta } = await run((c) =>
      fuzz(c, "needs a state", fc.integer(), async () => {
        calls++;
        throw new MissingCapability("no control endpoint");
      }),
    );
    expect([meta.outcome, meta.reason, calls]).toEqual(["skip", "no control endpoint", 1]);
  });
});

describe("in a campaign (config.fuzzCampaign)", () => {
  const pages = (c: CheckContext) =>
    fuzz(
      c,
      "pages never 5xx",
      fc.integer({ min: 1, max: 100 }),
      async (page) => {
        const res = await c.ops.listClusters({ query: offContract({ page }) });
        if (res.status >= 500) throw new TargetFailure(`page ${page}: ${res.status}`);
      },
      { op: "listClusters", site: (page) => (page > 40 ? `query page at high ${page}` : "valid") },
    );

  it("replays corpus cases first, each judged alone: one failing again fails the property on it", async () => {
    const { meta, thrown } = await run(pages, 7, {
      round: 1,
      known: [],
      replay: {
        "pages never 5xx": [
          { id: "a", value: 3 },
          { id: "b", value: 77 },
        ],
      },
      // every high page has a bucket: no new case is spent on them
      failing: {
        "pages never 5xx": Array.from({ length: 60 }, (_, i) => `query page at high ${i + 41}`),
      },
    });
    const rec = meta.fuzz![0];
    expect(rec.replayed).toMatchObject([
      { id: "a", outcome: "pass" },
      { id: "b", outcome: "fail", reason: "page 77: 500" },
    ]);
    expect(rec.knownSkipped).toBeGreaterThan(0);
    expect(thrown).toBeInstanceOf(TargetFailure);
    expect(meta.reason).toMatch(/corpus case b fails again/);
    expect(rec.counterexample).toMatchObject({ value: 77, site: "query page at high 77" });
  });

  it("records what the cases reached and the first case reaching each outcome not known before", async () => {
    const { meta } = await run(pages, 7, {
      round: 2,
      known: ["status listClusters 200"],
      replayOnly: true,
      replay: { "pages never 5xx": [{ id: "a", value: 3 }] },
    });
    const rec = meta.fuzz![0];
    expect(meta.outcome).toBe("pass");
    expect(rec.cases).toBe(1); // only the replayed case
    expect(rec.reached).toEqual({ "status listClusters 200": 1, "site listClusters valid 2xx": 1 });
    expect(rec.novel).toEqual([{ key: "site listClusters valid 2xx", value: 3, site: "valid" }]);
  });

  it("outside a campaign records none of it", async () => {
    const { meta } = await run(pages, 7);
    const rec = meta.fuzz![0];
    expect(rec.reached).toBeUndefined();
    expect(rec.replayed).toBeUndefined();
  });
});

describe("what the report keeps of the first case", () => {
  const ex = (method: string, status: number, url: string) => ({ method, status, url }) as Exchange;
  it("the first ten exchanges, and the first read after the first accepted write when it came later", () => {
    const writes = Array.from({ length: 12 }, (_, i) => ex("POST", 200, `/w${i}`));
    const kept = sampleOf([ex("POST", 400, "/refused"), ...writes, ex("GET", 200, "/read")]);
    expect(kept.map((e) => e.url)).toEqual([
      "/refused",
      ...writes.slice(0, 9).map((e) => e.url),
      "/read",
    ]);
    expect(sampleOf(writes)).toHaveLength(10);
  });
});
