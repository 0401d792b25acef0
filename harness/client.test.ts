// The client's two shortcuts keep their promises: a plain path joined without the URL parser goes
// exactly where the parser would send it, and an exchange rendered late shows what was sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, sealed } from "./client.ts";
import { Redactor } from "./redact.ts";
import { runInCheck, type CheckRecord } from "./current.ts";
import { serve, json, type TestServer } from "./testing.ts";

const options = { requestTimeoutMs: 2000, maxRetries: 0, maxRetryWaitMs: 0, maxBodyBytes: 1 << 16 };

describe("where a path goes", () => {
  const paths = [
    "/v4/account",
    "/v4/object-storage/buckets/us-east-1/my.bucket/object-url",
    "/v4/linode/instances/123/disks/4:5",
    "//double/slash",
    "/a/./b",
    "/a/../b",
    "/a/%2e%2e/b",
    "/trailing/.",
    "/sp ace",
    "/ünï",
    "/percent%zz",
    "/quote'd(x)*+,;=@!$&~",
    "/back\\slash",
    "/q?x=1",
    "/hash#frag",
  ];
  for (const base of ["http://127.0.0.1:4010", "http://LOCALHOST:80/api/", "https://h.example/p"])
    it(`joins as the URL parser does under ${base}`, () => {
      const c = new Client({ baseUrl: base, ...options });
      for (const p of paths) {
        const parsed = new URL(base.replace(/\/$/, "") + p);
        const got = c.url(p);
        expect({ p, href: got.href, path: got.path }).toEqual({
          p,
          href: parsed.href,
          path: parsed.pathname + parsed.search,
        });
      }
      c.close();
    });
});

describe("an exchange rendered when read", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serve((_req, res, text) =>
      json(res, 200, { got: JSON.parse(text || "null"), secret: "s3cr3t-minted-value" }),
    );
  });
  afterAll(() => server.close());

  it("shows the body as sent, masks what the answer taught, and seals to plain data", async () => {
    const c = new Client({ baseUrl: server.url, redactor: new Redactor(), ...options });
    const rec: CheckRecord = { requirementIds: ["X"], exchanges: [], observations: [] };
    const body = { label: "before", nested: { n: 1 } };
    const res = await runInCheck(rec, () => c.send({ method: "POST", path: "/echo", body }));
    body.label = "edited after the send"; // a check may reuse its object
    body.nested.n = 2;
    const plain = structuredClone(sealed(rec.exchanges[0]));
    expect(plain.requestBody).toEqual({ label: "before", nested: { n: 1 } });
    expect(plain.responseBody).toMatchObject({ got: { label: "before" }, secret: "[REDACTED]" });
    expect(plain.curl).toContain("--data-raw");
    expect(plain.curl).toContain('"label":"before"');
    expect(JSON.stringify(res.exchange)).not.toContain("s3cr3t-minted-value");
    expect(res.body.secret).toBe("s3cr3t-minted-value"); // the check itself sees the real answer
    c.close();
  });
});
