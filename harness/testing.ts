// Helpers for plumbline's own tests: a loopback server, a world around it, a fixture catalog.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "./config.ts";
import { buildWorld, type World } from "./world.ts";
import type { Requirement } from "./catalog.ts";

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<TestServer> {
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => handler(req, res, body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** The broken answers a hostile target gives (harness/robustness.test.ts, tests/hostile-server.ts). */
export type Misbehaviour = "html" | "truncated" | "huge" | "reset" | "redirect-loop";

export function misbehave(kind: Misbehaviour, req: IncomingMessage, res: ServerResponse): void {
  switch (kind) {
    case "html":
      res.writeHead(502, { "content-type": "text/html" });
      return void res.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
    case "truncated":
      // a Content-Length promising more than arrives before the socket closes
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      res.write('{"data": [1, 2,');
      return void setTimeout(() => res.socket?.destroy(), 10);
    case "huge": {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(1024 * 1024, "a");
      for (let i = 0; i < 10; i++) res.write(chunk);
      return void res.end();
    }
    case "reset":
      return void req.socket.destroy();
    case "redirect-loop":
      res.writeHead(302, { location: req.url ?? "/" });
      return void res.end();
  }
}

export function testConfig(target: string, over: Partial<Config> = {}): Config {
  const base = loadConfig({ env: {}, flags: { target } });
  return {
    ...base,
    ledgerDir: mkdtempSync(join(tmpdir(), "plb-ledger-")),
    requestTimeoutMs: 2000,
    tokens: { admin: "admin-secret-token" },
    ...over,
  };
}

export function testWorld(target: string, over: Partial<Config> = {}): World {
  return buildWorld(testConfig(target, over));
}

export const FIXTURE_REQUIREMENTS: Requirement[] = [
  {
    id: "T-MUST-1",
    area: "conventions",
    operations: ["listClusters"],
    kind: "convention",
    level: "MUST",
    source: "General conventions",
    statement: "a MUST",
  },
  {
    id: "T-SHOULD-1",
    area: "account",
    operations: ["getAccount"],
    kind: "auth",
    level: "SHOULD",
    source: "Authentication",
    statement: "a SHOULD",
  },
];
