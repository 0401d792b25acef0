// Tokens from a command: what the command may do wrong is one line naming the setting; inside a
// check a 401 to a token that worked brings a new one from the command and the request once more,
// the new token reaches the reporter's secrets and no record shows it. tests/token-command.test.ts
// runs the whole program against a target whose tokens expire.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declare, runCheck } from "./check.ts";
import { loadConfig } from "./config.ts";
import { ConfigError, HarnessError } from "./errors.ts";
import {
  resolveTokenCommands,
  runTokenCommand,
  TokenCommandFailed,
  TokenRefresher,
} from "./token-command.ts";
import { FIXTURE_REQUIREMENTS, json, serve, testConfig, testWorld } from "./testing.ts";
import type { TestServer } from "./testing.ts";

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(TokenCommandFailed);
    return (e as Error).message;
  }
  throw new Error("did not fail");
};

describe("running the command", () => {
  it("returns the token it printed, without the newline", async () => {
    expect(await runTokenCommand("printf 'tok-0123456789\\n'")).toBe("tok-0123456789");
  });

  it("a failure, no output, more than a token or a hang each say so, never the output", async () => {
    expect(await failure(runTokenCommand("echo not-shown; echo 'login refused' >&2; exit 3"))).toBe(
      "the command exited with status 3 (login refused)",
    );
    expect(await failure(runTokenCommand("true"))).toBe(
      "the command printed nothing on standard output; it must print the token",
    );
    expect(await failure(runTokenCommand("echo Bearer secret-value-123"))).toBe(
      "the command printed 2 words on standard output; it must print the token alone",
    );
    const started = Date.now();
    expect(await failure(runTokenCommand("sleep 20", 300))).toBe(
      "the command did not finish within 0.3 s",
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("at start: the token in the configuration, or one line naming the setting", async () => {
    const config = testConfig("http://127.0.0.1:9", {
      tokens: {},
      tokenCommands: { admin: "echo tok-admin-at-start", secondary: "exit 4" },
    });
    await expect(resolveTokenCommands(config)).rejects.toThrow(
      new ConfigError(
        "--secondary-token-command / PLUMBLINE_SECONDARY_TOKEN_COMMAND: the command exited with status 4; fix the command or give --secondary-token",
      ),
    );
    const fine = await resolveTokenCommands({
      ...config,
      tokenCommands: { admin: config.tokenCommands.admin },
    });
    expect(fine.tokens.admin).toBe("tok-admin-at-start");
  });

  it("a fixed token and a command for one principal are refused together", () => {
    expect(() =>
      loadConfig({
        env: { PLUMBLINE_ADMIN_TOKEN: "fixed-token" },
        flags: { adminTokenCommand: "echo x" },
        file: "/dev/null",
      }),
    ).toThrow(/--admin-token .* and --admin-token-command .* are both set/);
  });
});

describe("the refresher", () => {
  const config = { tokens: { admin: "tok-start" }, tokenCommands: { admin: "the command" } };

  it("runs the command once for every request refused together, and learns the token", async () => {
    let runs = 0;
    const learned: string[] = [];
    const r = new TokenRefresher(
      config,
      (t) => learned.push(t),
      async () => `tok-new-${++runs}`,
    );
    const got = await Promise.all([1, 2, 3].map(() => r.replace("admin", "tok-start")));
    expect(got).toEqual(["tok-new-1", "tok-new-1", "tok-new-1"]);
    // a request refused with the old token after the refresh: the new one, no second run
    expect(await r.replace("admin", "tok-start")).toBe("tok-new-1");
    expect([runs, learned, r.token("admin")]).toEqual([1, ["tok-new-1"], "tok-new-1"]);
  });

  it("a new token refused before it worked, or a command failing mid-run, is a HarnessError naming the setting", async () => {
    const r = new TokenRefresher(
      config,
      () => {},
      async () => "tok-refused",
    );
    const fresh = await r.replace("admin", "tok-start");
    expect(() => r.refusedFresh("admin", fresh)).toThrow(HarnessError);
    await expect(r.replace("admin", fresh)).rejects.toThrow(
      /^the target answered 401 to the admin token --admin-token-command \/ PLUMBLINE_ADMIN_TOKEN_COMMAND printed just now/,
    );
    // once it worked, a later 401 runs the command again
    r.accepted("admin", fresh);
    const failing = new TokenRefresher(
      config,
      () => {},
      () => Promise.reject(new TokenCommandFailed("the command exited with status 1")),
    );
    await expect(failing.replace("admin", "tok-start")).rejects.toThrow(
      new HarnessError(
        "--admin-token-command / PLUMBLINE_ADMIN_TOKEN_COMMAND: the command exited with status 1, run again after the target answered 401 to the admin token; fix the command",
      ),
    );
  });
});

describe("inside a check", () => {
  // tokens of the form tok-… serve three requests each, then answer 401 quoting the token
  const USES = 3;
  const uses = new Map<string, number>();
  let server: TestServer;
  beforeAll(async () => {
    server = await serve((req, res) => {
      const token = /^Bearer (tok-\S+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      const n = (uses.get(token) ?? 0) + 1;
      uses.set(token, n);
      if (!token || n > USES)
        return json(res, 401, { errors: [{ reason: `token ${token} has expired` }] });
      json(res, 200, {});
    });
  });
  afterAll(() => server.close());
  const catalog = new Map(FIXTURE_REQUIREMENTS.map((r) => [r.id, r]));

  async function check(command: string, requests: number) {
    const ctx = {
      task: { meta: {} as Record<string, any>, file: { filepath: "suites/a/x.test.ts" } },
      skip: () => {
        throw new Error("skipped");
      },
    };
    uses.clear();
    const start = "tok-start-0123456789";
    const w = testWorld(server.url, {
      tokens: { admin: start },
      tokenCommands: { admin: command },
    });
    const statuses: number[] = [];
    let thrown: unknown;
    try {
      await runCheck(
        declare({ id: "T-MUST-1" }, catalog),
        ctx as never,
        async ({ ops }) => {
          for (let i = 0; i < requests; i++) statuses.push((await ops.getAccount()).status);
        },
        w,
        catalog,
      );
    } catch (e) {
      thrown = e;
    }
    w.client.close();
    return { meta: ctx.task.meta.plumbline, statuses, thrown, start };
  }

  it("a 401 to a token that worked: a new token, the request once more; the token only in the secrets", async () => {
    const { meta, statuses, start } = await check("echo tok-$$-$(date +%s%N)", 10);
    expect(meta.outcome).toBe("pass");
    expect(statuses).toEqual(Array(10).fill(200));
    const printed = [...uses.keys()].filter((t) => t.startsWith("tok-") && t !== start);
    expect(printed.length).toBeGreaterThanOrEqual(3); // 10 requests, 3 uses a token
    // the refused attempts are in the record, and every printed token is in the secrets only
    expect(meta.exchanges.filter((x: { status: number }) => x.status === 401).length).toBe(
      printed.length,
    );
    expect(meta.secrets).toEqual(expect.arrayContaining(printed));
    const record = JSON.stringify({ ...meta, secrets: undefined });
    for (const t of [start, ...printed]) expect(record).not.toContain(t);
  });

  it("a command failing mid-run: the check's error names the setting", async () => {
    const { meta, statuses } = await check("echo 'vault sealed' >&2; exit 2", 10);
    expect(statuses).toEqual([200, 200, 200]); // the start token served its uses, then expired
    expect(meta.outcome).toBe("error");
    expect(meta.reason).toMatch(
      /--admin-token-command \/ PLUMBLINE_ADMIN_TOKEN_COMMAND: the command exited with status 2 \(vault sealed\)/,
    );
  });
});
