// A target that misbehaves in one chosen way on every request (tests/hostile-target.test.ts).
// The first GET of the clusters list and of the account answer normally, so `plumbline run`
// gets past its preflight and the checks meet the hostile answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import { randomBytes } from "node:crypto";
import { json, misbehave } from "../harness/testing.ts";

export const HOSTILE_MODES = [
  "html",
  "truncated",
  "huge",
  "deep",
  "reset",
  "stall",
  "redirect-loop",
  "wrong-type",
  "fake-gzip",
  "no-id",
  "secrets",
] as const;
export type HostileMode = (typeof HOSTILE_MODES)[number];

export interface HostileTarget {
  url: string;
  /** every secret the target minted (mode "secrets"): none may appear in any output */
  minted: string[];
  requests: number;
  close(): Promise<void>;
}

const DEEP = 20_000;

export async function startHostile(mode: HostileMode): Promise<HostileTarget> {
  const minted: string[] = [];
  const sockets = new Set<Socket>();
  const seen = new Set<string>();
  const state = { requests: 0 };
  const mint = (kind: string) => {
    const s = `${kind}-${randomBytes(12).toString("hex")}`;
    minted.push(s);
    return s;
  };
  const collection = (data: unknown[]) => ({ data, page: 1, pages: 1, results: data.length });

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    state.requests++;
    const path = (req.url ?? "/").split("?")[0];
    const key = `${req.method} ${path}`;
    if (
      (key === "GET /v4/object-storage/clusters" || key === "GET /v4/account") &&
      !seen.has(key)
    ) {
      seen.add(key);
      return json(
        res,
        200,
        key.endsWith("clusters")
          ? collection([
              {
                id: "us-east-1",
                region: "us-east",
                status: "available",
                domain: "x",
                static_site_domain: "y",
              },
            ])
          : { email: "a@example.com" },
      );
    }
    switch (mode) {
      case "html":
      case "truncated":
      case "huge":
      case "reset":
      case "redirect-loop":
        return misbehave(mode, req, res);
      case "deep":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(`{"id":1,"data":${"[".repeat(DEEP)}${"]".repeat(DEEP)}}`);
      case "stall":
        return; // never answers; the socket is closed at the end
      case "wrong-type":
        res.writeHead(200, { "content-type": "text/plain" });
        return res.end(
          JSON.stringify(req.method === "GET" ? collection([]) : { id: 1, label: "x" }),
        );
      case "fake-gzip":
        // plain JSON under a gzip header: unreadable by a client that honours the header
        return json(res, 200, req.method === "GET" ? collection([]) : { id: 1 }, {
          "content-encoding": "gzip",
        });
      case "no-id":
        if (req.method === "POST") return json(res, 200, {});
        if (req.method === "GET") return json(res, 200, collection([]));
        return json(res, 200, {});
      case "secrets": {
        // every answer carries fresh secrets, in the places a body can reach: secret keys at any
        // depth, an error reason quoting them, a header echoing them, a not-JSON text
        const a = mint("oauthsecret");
        const b = mint("secretkey");
        const c = mint("token");
        const body = {
          id: 7,
          label: "leaky",
          secret: a,
          secret_key: b,
          data: [{ token: c, nested: { client_secret: mint("clientsecret") } }],
          errors: [{ field: null, reason: `secret ${a} and key ${b} were minted` }],
        };
        return json(res, req.method === "POST" ? 200 : path.includes("2147483") ? 404 : 200, body, {
          "x-debug-echo": `${a} ${c}`,
        });
      }
    }
  };

  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => handle(req, res));
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    minted,
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
