// check(): outcomes, skips with reasons, meta for the reporter, cleanup after failure.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declare, runCheck, checkTitle, type CheckContext } from "./check.ts";
import { expectEmptyObject } from "./expect.ts";
import { TargetFailure } from "./errors.ts";
import { readLedger, ledgerPath } from "./ledger.ts";
import { FIXTURE_REQUIREMENTS, json, serve, testWorld, type TestServer } from "./testing.ts";
import type { CheckMeta } from "./model.ts";
import { noteQueued } from "./current.ts";

const catalog = new Map(FIXTURE_REQUIREMENTS.map((r) => [r.id, r]));
let server: TestServer;
const calls: string[] = [];
beforeAll(async () => {
  server = await serve((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    if (req.method === "POST" && req.url === "/v4/account/oauth-clients")
      return json(res, 200, {
        id: "c1",
        label: "x",
        public: false,
        redirect_uri: "https://e",
        secret: "s",
        status: "active",
        thumbnail_url: null,
      });
    return json(res, 200, {});
  });
});
afterAll(() => server.close());

class Skipped extends Error {}
function fakeCtx(filepath = "suites/area/file.test.ts") {
  return {
    task: { meta: {} as { plumbline?: CheckMeta }, file: { filepath } },
    skip: ((r?: string) => {
      throw new Skipped(r);
    }) as never,
  };
}
async function run(
  decl: Parameters<typeof declare>[0],
  body: (c: CheckContext) => Promise<void>,
  over = {},
  filepath?: string,
) {
  const ctx = fakeCtx(filepath);
  const w = testWorld(server.url, over);
  let thrown: unknown;
  try {
    await runCheck(declare(decl, catalog), ctx as never, body, w, catalog);
  } catch (e) {
    thrown = e;
  }
  return { meta: ctx.task.meta.plumbline!, thrown, w };
}

describe("check", () => {
  it("names the test with its IDs first", () => {
    expect(checkTitle(["VM-BOOT-3", "VM-BOOT-4"], "refused")).toBe(
      "[VM-BOOT-3, VM-BOOT-4] refused",
    );
  });

  it("takes level, kind and area from the catalog entry of the first ID", () => {
    const m = declare({ id: ["T-SHOULD-1", "T-MUST-1"] }, catalog);
    expect([m.level, m.kind, m.area, m.operationIds]).toEqual([
      "SHOULD",
      "auth",
      "account",
      ["getAccount"],
    ]);
    expect(declare({ id: "T-MUST-1", level: "INFO", effect: "creates" }, catalog)).toMatchObject({
      level: "INFO",
      sideEffect: "creates",
    });
  });

  it("passes and records exchanges in the meta", async () => {
    const { meta, thrown } = await run({ id: "T-MUST-1" }, async ({ ops }) =>
      expectEmptyObject(await ops.getAccount()),
    );
    expect(thrown).toBeUndefined();
    expect(meta.outcome).toBe("pass");
    expect(meta.exchanges).toHaveLength(1);
    expect(meta.exchanges[0].requestHeaders.Authorization).toBe("Bearer [REDACTED]");
  });

  it("records each passive oracle it applied, and the use it failed on (rejudge reads both)", async () => {
    const { meta } = await run({ id: "T-MUST-1" }, async ({ ops }) => {
      expectEmptyObject(await ops.getAccount());
      const res = await ops.createOAuthClient({ body: { label: "x", redirect_uri: "https://e" } });
      expectEmptyObject(res); // the answer is a record, not {}
    });
    expect(meta.outcome).toBe("fail");
    expect(meta.oracles).toEqual([
      { oracle: "empty-object", exchange: 0, ok: true },
      { oracle: "empty-object", exchange: 1, ok: false },
    ]);
    expect(meta.failedOn).toBe(1);
  });

  it("a check that catches an oracle's failure and fails on its own assertion has no failedOn", async () => {
    const { meta } = await run({ id: "T-MUST-1" }, async ({ ops }) => {
      const res = await ops.createOAuthClient({ body: { label: "x", redirect_uri: "https://e" } });
      try {
        expectEmptyObject(res);
      } catch {
        throw new TargetFailure("a read-back disagreed");
      }
    });
    expect(meta.oracles).toEqual([{ oracle: "empty-object", exchange: 0, ok: false }]);
    expect(meta.failedOn).toBeUndefined();
  });

  it("a TargetFailure is a fail with its reason", async () => {
    const { meta, thrown } = await run({ id: "T-MUST-1" }, async () => {
      throw new TargetFailure("broke it");
    });
    expect(thrown).toBeInstanceOf(TargetFailure);
    expect([meta.outcome, meta.reason]).toEqual(["fail", "broke it"]);
  });

  it("an unknown requirement ID is an error", async () => {
    const { meta } = await run({ id: "NOPE-1" }, async () => {});
    expect(meta.outcome).toBe("error");
    expect(meta.reason).toMatch(/not in spec\/requirements.yaml: NOPE-1/);
  });

  it("a bug in the test is an error, not a fail", async () => {
    const { meta } = await run({ id: "T-MUST-1" }, async () => {
      (undefined as any).x;
    });
    expect(meta.outcome).toBe("error");
  });

  it("a side-effect class not allowed is skipped, naming the class", async () => {
    let ran = false;
    const { meta, thrown } = await run(
      { id: "T-MUST-1", effect: "destructive" },
      async () => void (ran = true),
      { allow: ["read-only"] },
    );
    expect(ran).toBe(false);
    expect(thrown).toBeInstanceOf(Skipped);
    expect(meta.reason).toMatch(/side-effect class "destructive" not allowed/);
  });

  it("a missing principal or provider state skips naming it", async () => {
    const a = await run(
      { id: "T-MUST-1" },
      async ({ ops }) => void (await ops.getAccount({ as: "restricted" })),
    );
    expect([a.meta.outcome, a.meta.reason]).toEqual([
      "skip",
      expect.stringMatching(/principal "restricted" is not configured/),
    ]);
    const b = await run(
      { id: "T-MUST-1" },
      async ({ states }) => void (await states.require("successful-backup", { vmId: 1 })),
    );
    expect(b.meta.reason).toMatch(/provider state "successful-backup" needs a control endpoint/);
  });

  it("a target-wide provider state outside a *.serial.test.ts file is a harness error, naming the fix", async () => {
    const body = async ({ states }: CheckContext) =>
      void (await states.require("clock-advance", { seconds: 1 }));
    const parallel = await run({ id: "T-MUST-1" }, body, { controlUrl: server.url });
    expect([parallel.meta.outcome, parallel.meta.reason]).toEqual([
      "error",
      expect.stringMatching(
        /changes the whole target; a check using it belongs in a \*\.serial\.test\.ts file/,
      ),
    ]);
    const serial = await run(
      { id: "T-MUST-1" },
      body,
      { controlUrl: server.url },
      "suites/area/clock.serial.test.ts",
    );
    expect(serial.meta.outcome).toBe("pass");
  });

  it("cleans up what it created even when the check fails, and the ledger says so", async () => {
    calls.length = 0;
    const { meta, w } = await run({ id: "T-MUST-1", effect: "creates" }, async ({ fresh }) => {
      await fresh.oauthClient();
      throw new TargetFailure("after create");
    });
    expect(meta.outcome).toBe("fail");
    expect(calls).toContain("DELETE /v4/account/oauth-clients/c1");
    const led = readLedger(ledgerPath(w.config.ledgerDir, w.config.runId));
    expect(led.open).toEqual([]);
    // the created label carries the run's prefix
    expect(JSON.stringify(meta.exchanges[0].requestBody)).toContain(w.config.labelPrefix);
  });
  it("http() sends to an absolute URL without a token and records the exchange", async () => {
    const { meta, thrown } = await run({ id: "T-MUST-1" }, async ({ http }) => {
      const res = await http("PUT", `${server.url}/__objects/c/b/o?sig=x`, {
        body: "hello",
        contentType: "text/plain",
      });
      expect(res.status).toBe(200);
      await expect(http("GET", "/relative")).rejects.toThrow(/absolute/);
    });
    expect(thrown).toBeUndefined();
    expect(meta.exchanges).toHaveLength(1);
    expect(meta.exchanges[0].requestHeaders.Authorization).toBeUndefined();
    expect(calls).toContain("PUT /__objects/c/b/o?sig=x");
  });
});

describe("a check's time limit", () => {
  // what the check's requests waited for the run's pace is not its own time: the limit moves on
  it("moves on by the time the requests waited in the run's queue, and cuts a check that is slow itself", async () => {
    const ctx = fakeCtx();
    const w = testWorld(server.url);
    const body = async () => {
      // 1.3 s queued behind the run's pace (a target limiting its rate), then 0.6 s of its own
      noteQueued(1300);
      await new Promise((r) => setTimeout(r, 600));
    };
    await runCheck(
      declare({ id: "T-MUST-1" }, catalog),
      ctx as never,
      body,
      w,
      catalog,
      undefined,
      400,
    );
    expect(ctx.task.meta.plumbline!.outcome).toBe("pass");

    const slow = fakeCtx();
    await runCheck(
      declare({ id: "T-MUST-1" }, catalog),
      slow as never,
      () => new Promise((r) => setTimeout(r, 600)),
      w,
      catalog,
      undefined,
      400,
    ).catch(() => undefined);
    expect(slow.task.meta.plumbline!.outcome).toBe("error");
    expect(slow.task.meta.plumbline!.reason).toMatch(/ran past its time limit of 0\.4 s/);
  });
});
