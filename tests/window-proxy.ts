// A far, rate-limited target for plumbline's own tests and the bench: a loopback proxy in front of
// a target that answers each request `delayMs` late (a range: a link 50–200 ms away), writes
// (POST, PUT, PATCH, DELETE) `writeDelayMs` later still, optionally with `Connection: close`, and,
// with `window`, allows each token `window.requests` requests per
// window of `window.ms`, answering 429 with `Retry-After` (whole seconds to the window's end)
// beyond it. It counts what it forwarded and refused, per token.
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface WindowProxyOptions {
  /** each answer this late: [least, most] ms, uniformly */
  delayMs?: [number, number];
  /** writes (POST, PUT, PATCH, DELETE) answered this much later again (a target slow to write) */
  writeDelayMs?: number;
  /** answer with Connection: close (a new connection per request) */
  close?: boolean;
  /** per token: this many requests per window */
  window?: { requests: number; ms: number };
}

export interface WindowProxy {
  url: string;
  /** requests that arrived, 429s answered, per token (the Authorization header) */
  arrived: Map<string, number>;
  refused: Map<string, number>;
  /** arrival times (ms since start) of 429s */
  refusedAt: number[];
  /** the first and the last arrival (ms since start; the control endpoint's included) */
  firstAt?: number;
  lastAt?: number;
  close(): Promise<void>;
}

export async function windowProxy(
  target: string,
  o: WindowProxyOptions = {},
): Promise<WindowProxy> {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const arrived = new Map<string, number>();
  const refused = new Map<string, number>();
  const refusedAt: number[] = [];
  const windows = new Map<string, { start: number; n: number }>();
  const t0 = performance.now();
  const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
  const later = (fn: () => void, write = false) => {
    const [lo, hi] = o.delayMs ?? [0, 0];
    const ms = lo + Math.random() * (hi - lo) + (write ? (o.writeDelayMs ?? 0) : 0);
    if (ms <= 0) return fn();
    setTimeout(fn, ms);
  };
  const server = createServer((req, res) => {
    const at = performance.now() - t0;
    proxy.firstAt ??= at;
    proxy.lastAt = at;
    const token = req.headers.authorization ?? "";
    arrived.set(token, (arrived.get(token) ?? 0) + 1);
    const extra: Record<string, string> = o.close ? { connection: "close" } : {};
    if (o.window && token && !req.url?.startsWith("/__control")) {
      const now = performance.now();
      let w = windows.get(token);
      if (!w || now - w.start >= o.window.ms) windows.set(token, (w = { start: now, n: 0 }));
      if (++w.n > o.window.requests) {
        refused.set(token, (refused.get(token) ?? 0) + 1);
        refusedAt.push(now - t0);
        const wait = Math.max(1, Math.ceil((w.start + o.window.ms - now) / 1000));
        req.resume();
        return later(() =>
          res
            .writeHead(429, {
              ...extra,
              "content-type": "application/json",
              "retry-after": String(wait),
            })
            .end('{"errors":[{"reason":"Too many requests"}]}'),
        );
      }
    }
    const out = request(
      {
        hostname: to.hostname,
        port: to.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: to.host },
        agent,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (c: Buffer) => chunks.push(c));
        answer.on("end", () =>
          later(
            () => {
              const headers = { ...answer.headers, ...extra };
              delete headers["transfer-encoding"];
              res.writeHead(answer.statusCode ?? 502, headers);
              res.end(Buffer.concat(chunks));
            },
            WRITES.has(req.method ?? ""),
          ),
        );
      },
    );
    out.on("error", () => res.writeHead(502).end());
    req.pipe(out);
  });
  const proxy: WindowProxy = {
    url: "",
    arrived,
    refused,
    refusedAt,
    close: () =>
      new Promise<void>((r) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
