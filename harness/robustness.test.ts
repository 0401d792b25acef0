// A target that misbehaves on purpose: every hostile answer becomes a recorded exchange with a
// reason; nothing crashes, hangs or leaks an unhandled rejection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./client.ts";
import { Redactor } from "./redact.ts";
import { runInCheck, type CheckRecord } from "./current.ts";
import { serve, json, misbehave, type TestServer } from "./testing.ts";

let server: TestServer;
const stalled: { destroy(): void }[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  server = await serve((req, res) => {
    if (req.url === "/drop-on-reuse") {
      // a kept-alive socket closed by the target just as a request arrives on it
      const socket = req.socket as typeof req.socket & { served?: boolean };
      if (socket.served) return socket.destroy();
      socket.served = true;
      return json(res, 200, { ok: true });
    }
    switch (req.url) {
      case "/not-json":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("{this is not json");
      case "/html":
        return misbehave("html", req, res);
      case "/truncated":
        return misbehave("truncated", req, res);
      case "/huge":
        return misbehave("huge", req, res);
      case "/stall":
        stalled.push(res.socket!);
        return; // never answers
      case "/reset":
        return misbehave("reset", req, res);
      case "/loop":
        return misbehave("redirect-loop", req, res);
      case "/wrong-type":
        res.writeHead(200, { "content-type": "text/plain" });
        return res.end('{"looks": "like json"}');
      case "/busy":
        return json(
          res,
          429,
          { errors: [{ field: null, reason: "slow down" }] },
          { "retry-after": "0" },
        );
      default:
        return json(res, 200, {});
    }
  });
});

afterAll(async () => {
  for (const s of stalled) s.destroy();
  await server.close();
  process.off("unhandledRejection", onUnhandled);
  expect(unhandled).toEqual([]);
});

function client(over: Partial<ConstructorParameters<typeof Client>[0]> = {}) {
  return new Client({
    baseUrl: server.url,
    requestTimeoutMs: 300,
    maxRetries: 2,
    maxRetryWaitMs: 50,
    maxBodyBytes: 64 * 1024,
    redactor: new Redactor(),
    ...over,
  });
}

async function recorded(path: string, c = client()) {
  const rec: CheckRecord = { requirementIds: ["X"], exchanges: [], observations: [] };
  const res = await runInCheck(rec, () => c.send({ method: "GET", path }));
  return { res, rec };
}

describe("hostile responses", () => {
  it("non-JSON body under a JSON content type: kept as text", async () => {
    const { res, rec } = await recorded("/not-json");
    expect(res.status).toBe(200);
    expect(res.json).toBe(false);
    expect(res.body).toBe("{this is not json");
    expect(rec.exchanges).toHaveLength(1);
  });

  it("HTML error page: status and text", async () => {
    const { res } = await recorded("/html");
    expect(res.status).toBe(502);
    expect(res.text).toContain("Bad Gateway");
  });

  it("truncated body: an exchange with an error", async () => {
    const { res, rec } = await recorded("/truncated");
    expect(res.error).toMatch(/closed mid-body|reset|aborted/);
    expect(rec.exchanges[0].error).toBeTruthy();
  });

  it("10 MB body: capped, reading stopped, reason recorded", async () => {
    const { res, rec } = await recorded("/huge");
    expect(res.status).toBe(200);
    expect(res.text.length).toBeLessThanOrEqual(64 * 1024);
    expect(res.error).toMatch(/body cut at 65536 bytes/);
    expect(String(rec.exchanges[0].responseBody).length).toBeLessThan(70 * 1024);
  });

  it("stall: times out at the configured request timeout", async () => {
    const started = Date.now();
    const { res, rec } = await recorded("/stall");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(0);
    expect(res.error).toMatch(/timeout: no complete response within 300 ms/);
    expect(rec.exchanges[0].error).toBe(res.error);
  });

  it("connection reset", async () => {
    const { res } = await recorded("/reset");
    expect(res.status).toBe(0);
    expect(res.error).toMatch(/reset|socket hang up/i);
  });

  it("a kept-alive connection the target closed: sent again once on a new one", async () => {
    const c = new Client({
      baseUrl: server.url,
      requestTimeoutMs: 2000,
      maxRetries: 0,
      maxRetryWaitMs: 0,
      maxBodyBytes: 1024,
    });
    expect((await c.send({ method: "GET", path: "/drop-on-reuse" })).status).toBe(200);
    const again = await c.send({ method: "GET", path: "/drop-on-reuse" });
    expect(again.status).toBe(200);
    c.close();
  });

  it("redirect loop: not followed", async () => {
    const { res } = await recorded("/loop");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/loop");
  });

  it("wrong content type: body kept, parsed when it is JSON anyway", async () => {
    const { res } = await recorded("/wrong-type");
    expect(res.headers["content-type"]).toMatch(/text\/plain/);
    expect(res.status).toBe(200);
  });

  it("unreachable target: refused, with a reason", async () => {
    const c = new Client({
      baseUrl: "http://127.0.0.1:1",
      requestTimeoutMs: 500,
      maxRetries: 0,
      maxRetryWaitMs: 0,
      maxBodyBytes: 1024,
    });
    const res = await c.send({ method: "GET", path: "/v4/account" });
    expect(res.status).toBe(0);
    expect(res.error).toMatch(/ECONNREFUSED/);
  });

  it("429: bounded retries, every attempt recorded", async () => {
    const { res, rec } = await recorded("/busy");
    expect(res.status).toBe(429);
    expect(rec.exchanges).toHaveLength(3); // first try + maxRetries
  });
});

describe("Content-Encoding of answers", () => {
  it("a gzip header on a plain JSON body: unreadable as sent, an error on the exchange; a real gzip body is decoded", async () => {
    const { gzipSync } = await import("node:zlib");
    const s = await serve((req, res) => {
      const real = req.url === "/real";
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(real ? gzipSync('{"ok":true}') : '{"ok":true}');
    });
    try {
      const c = new Client({
        baseUrl: s.url,
        requestTimeoutMs: 2000,
        maxRetries: 0,
        maxRetryWaitMs: 0,
        maxBodyBytes: 4096,
      });
      const fake = await c.send({ method: "GET", path: "/fake" });
      expect(fake.json).toBe(false);
      expect(fake.error).toMatch(/Content-Encoding "gzip" but the body is not gzip data/);
      const real = await c.send({ method: "GET", path: "/real" });
      expect(real.error).toBeUndefined();
      expect(real.body).toEqual({ ok: true });
      c.close();
    } finally {
      await s.close();
    }
  });

  it("jsonAnswerVerdict: MUST readable as JSON, SHOULD labelled application/json", async () => {
    const { jsonAnswerVerdict, isJsonMediaType } = await import("./content.ts");
    expect(isJsonMediaType("application/json; charset=utf-8")).toBe(true);
    expect(isJsonMediaType("application/problem+json")).toBe(true);
    expect(isJsonMediaType("text/plain")).toBe(false);
    const { res } = await recorded("/wrong-type");
    expect(jsonAnswerVerdict(res)).toEqual({
      should: 'Content-Type is "text/plain", not application/json',
    });
    const html = await recorded("/html");
    expect(jsonAnswerVerdict(html.res).must).toMatch(/not JSON \(text\/html\)/);
  });
});

describe("the breaker", () => {
  it("after 3 timeouts in a row every later request is refused at once: target not answering", async () => {
    const c = client({ requestTimeoutMs: 150, breakAfterTimeouts: 3 });
    for (let i = 0; i < 3; i++)
      expect((await c.send({ method: "GET", path: "/stall" })).error).toMatch(/timeout/);
    const started = Date.now();
    await expect(c.send({ method: "GET", path: "/" })).rejects.toThrow(
      /target not answering: 3 requests in a row/,
    );
    expect(Date.now() - started).toBeLessThan(50);
    c.close();
  });
});
