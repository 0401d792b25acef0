// `plumbline run` against a target whose tokens expire: a small proxy in front of the reference
// issues tokens (POST /__token), maps each to the reference's admin token for USES requests, then
// answers 401 quoting it. The run gets its admin token from --admin-token-command (a script asking
// the proxy); every worker refreshes its own when its token expires. The run passes, and no token
// the proxy issued appears in any report or console line. A command that fails at start is one
// line naming the setting.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReference, type ReferenceHandle } from "../reference/index.ts";
import { runPlumbline } from "./plumbline-child.ts";

const USES = 3;

interface TokenProxy {
  url: string;
  issued: string[];
  /** 401s answered to an expired token */
  expired: number;
  /** requests of the API (not for a token) */
  requests: number;
  close(): Promise<void>;
}

async function tokenProxy(ref: ReferenceHandle): Promise<TokenProxy> {
  const uses = new Map<string, number>();
  const state = { issued: [] as string[], expired: 0, requests: 0 };
  const to = new URL(ref.url);
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && req.url === "/__token") {
      const token = `tok-${randomBytes(12).toString("hex")}`;
      uses.set(token, 0);
      state.issued.push(token);
      return void res.writeHead(200, { "content-type": "text/plain" }).end(`${token}\n`);
    }
    state.requests++;
    const headers = { ...req.headers };
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (bearer && uses.has(bearer)) {
      const n = uses.get(bearer)! + 1;
      uses.set(bearer, n);
      if (n > USES) {
        state.expired++;
        res.writeHead(401, { "content-type": "application/json" });
        return void res.end(
          JSON.stringify({ errors: [{ reason: `Invalid Token: ${bearer} has expired` }] }),
        );
      }
      headers.authorization = `Bearer ${ref.tokens.admin}`;
    }
    const up = http.request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on("error", () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    issued: state.issued,
    get expired() {
      return state.expired;
    },
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

let ref: ReferenceHandle;
let proxy: TokenProxy;
let command: string;
beforeAll(async () => {
  ref = await startReference({ port: 0 });
  proxy = await tokenProxy(ref);
  // the command an operator would write: ask the token service, print the token
  const script = join(mkdtempSync(join(tmpdir(), "plb-token-")), "token.mjs");
  writeFileSync(
    script,
    `const r = await fetch(process.argv[2], { method: "POST" });
if (!r.ok) { console.error("token service answered " + r.status); process.exit(1); }
process.stdout.write(await r.text());
`,
  );
  command = `"${process.execPath}" "${script}" ${proxy.url}/__token`;
});
afterAll(async () => {
  await proxy?.close();
  await ref?.close();
});

// each spawns a run: on a loaded machine (CI runs test files side by side) that takes a while
describe("plumbline run with tokens that expire", { timeout: 120_000 }, () => {
  it(`tokens good for ${USES} requests: refreshed by the command, the run passes, no token in any report`, async () => {
    const r = await runPlumbline(
      [
        "--target",
        proxy.url,
        "--control",
        `${proxy.url}/__control`,
        "--files",
        "suites/conventions/records.test.ts",
        "--concurrency",
        "2",
        "--admin-token-command",
        command,
      ],
      { PLUMBLINE_RESTRICTED_TOKEN: ref.tokens.restricted },
    );
    expect(r.said.at(-2) ?? r.out).toMatch(/^plumbline: PASS \(exit 0/);
    expect(r.code).toBe(0);
    // one at start, and more as the workers' tokens expired
    expect(proxy.issued.length).toBeGreaterThan(2);
    expect(proxy.expired).toBeGreaterThan(0);
    const everything = r.reports() + r.out;
    for (const t of proxy.issued) expect(everything).not.toContain(t);
    // the 401s that brought a new token are in the report, their bodies masked
    expect(r.reports()).toContain("Invalid Token: [REDACTED] has expired");
  });

  it("a command that fails at start: one line naming it, exit 2, nothing sent", async () => {
    const before = proxy.requests;
    const r = await runPlumbline(
      ["--target", proxy.url, "--admin-token-command", "echo 'no session' >&2; exit 7"],
      {},
    );
    expect(r.code).toBe(2);
    expect(r.said).toEqual([
      "plumbline: --admin-token-command / PLUMBLINE_ADMIN_TOKEN_COMMAND: the command exited with status 7 (no session); fix the command or give --admin-token",
    ]);
    expect(proxy.requests).toBe(before);
  });
});
