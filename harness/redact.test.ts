import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Redactor, REDACTED, toCurl } from "./redact.ts";
import { Client } from "./client.ts";
import { runInCheck, type CheckRecord } from "./current.ts";
import { json, serve } from "./testing.ts";

describe("redaction", () => {
  const r = new Redactor(["tok-123456789"]);
  it("masks secret body keys at any depth", () => {
    const body = {
      label: "x",
      root_pass: "hunter22!",
      nested: [{ card_number: "4111111111111111", cvv: "123" }],
      secret_key: "s",
      private_key: "k",
      password: "p",
      secret: "oauth",
      note: null,
    };
    expect(r.body(body)).toEqual({
      label: "x",
      root_pass: REDACTED,
      nested: [{ card_number: REDACTED, cvv: REDACTED }],
      secret_key: REDACTED,
      private_key: REDACTED,
      password: REDACTED,
      secret: REDACTED,
      note: null,
    });
  });
  it("masks Authorization and known tokens anywhere in text", () => {
    expect(
      r.headers({ Authorization: "Bearer tok-123456789", "X-Echo": "got tok-123456789" }),
    ).toEqual({ Authorization: `Bearer ${REDACTED}`, "X-Echo": `got ${REDACTED}` });
    expect(r.text("-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----")).toBe(
      REDACTED,
    );
  });
  it("curl shows the token as $PLUMBLINE_TOKEN and quotes the body", () => {
    const c = toCurl({
      method: "post",
      url: "http://t/v4/tags",
      headers: { Authorization: `Bearer ${REDACTED}`, "Content-Type": "application/json" },
      body: { label: "it's" },
    });
    expect(c).toBe(
      `curl -sS -i -X POST 'http://t/v4/tags' -H "Authorization: Bearer $PLUMBLINE_TOKEN" -H 'Content-Type: application/json' --data-raw '{"label":"it'\\''s"}'`,
    );
  });
  it("nothing secret reaches a recorded exchange, request or response", async () => {
    const server = await serve((_req, res) =>
      json(res, 200, { id: 1, secret: "plain-oauth-secret", token: "tok-123456789" }),
    );
    try {
      const client = new Client({
        baseUrl: server.url,
        requestTimeoutMs: 1000,
        maxRetries: 0,
        maxRetryWaitMs: 0,
        maxBodyBytes: 4096,
        redactor: new Redactor(["tok-123456789"]),
      });
      const rec: CheckRecord = { requirementIds: ["X"], exchanges: [], observations: [] };
      const res = await runInCheck(rec, () =>
        client.send({
          method: "POST",
          path: "/v4/x?token=tok-123456789",
          token: "tok-123456789",
          body: { password: "pw-secret-1" },
        }),
      );
      expect(res.body.secret).toBe("plain-oauth-secret"); // the test itself sees the real value
      const stored = JSON.stringify(rec.exchanges);
      for (const s of ["tok-123456789", "plain-oauth-secret", "pw-secret-1"])
        expect(stored).not.toContain(s);
      expect(rec.exchanges[0].curl).toContain("$PLUMBLINE_TOKEN");
    } finally {
      await server.close();
    }
  });
});

describe("secrets the target mints", () => {
  it("are learned from a body and masked in any later text: messages, headers, other bodies", () => {
    const r = new Redactor();
    r.learn({
      id: "c1",
      secret: "minted-oauth-secret-1",
      nested: { deeper: [{ secret_key: "minted-access-secret-2" }] },
    });
    expect(
      r.text('expected a 4xx error, got 200: {"id":"c1","secret":"minted-oauth-secret-1"}'),
    ).not.toContain("minted-oauth-secret-1");
    expect(r.headers({ "x-echo": "minted-access-secret-2" })).toEqual({ "x-echo": REDACTED });
    expect(r.body({ note: "your key is minted-access-secret-2" })).toEqual({
      note: `your key is ${REDACTED}`,
    });
    expect(r.scrub("<li>minted-oauth-secret-1</li>")).toBe(`<li>${REDACTED}</li>`);
  });
  it("placeholders and short values are not learned", () => {
    const r = new Redactor();
    r.learn({ secret: "********", token: "abc", password: REDACTED });
    expect(r.known()).toEqual([]);
  });
  it("secret keys are masked in JSON text that did not parse (a cut body)", () => {
    expect(new Redactor().text('{"label":"x","secret": "plain-sec\\"ret","data":[1,')).toBe(
      `{"label":"x","secret": "${REDACTED}","data":[1,`,
    );
  });
});

describe("bodies of any depth", () => {
  it("a body nested 20,000 levels deep is cut at depth 64, marked, and walks without a stack overflow", async () => {
    const deep = "[".repeat(20_000) + "]".repeat(20_000);
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`{"secret":"deep-minted-secret-9","data":${deep}}`);
    });
    try {
      const client = new Client({
        baseUrl: server.url,
        requestTimeoutMs: 2000,
        maxRetries: 0,
        maxRetryWaitMs: 0,
        maxBodyBytes: 1 << 20,
      });
      const rec: CheckRecord = { requirementIds: ["X"], exchanges: [], observations: [] };
      const res = await runInCheck(rec, () => client.send({ method: "GET", path: "/deep" }));
      expect(res.json).toBe(true);
      const stored = JSON.stringify(rec.exchanges[0].responseBody);
      expect(stored).toContain("…(cut at depth 64)");
      expect(stored).not.toContain("deep-minted-secret-9");
      expect(JSON.stringify(res.body)).toContain("…(cut at depth 64)");
      client.close();
    } finally {
      await server.close();
    }
  });
});

describe("scrub with many minted secrets", () => {
  it("masks every one, the longest first where two start alike, in one pass that stays fast", () => {
    const secrets = Array.from(
      { length: 1000 },
      (_, i) => `tok-${String(i).padStart(4, "0")}-secret`,
    );
    const r = new Redactor([...secrets, "tok-0007-secret-longer"]);
    expect(r.scrub("a tok-0007-secret-longer b tok-0999-secret c tok-09 d")).toBe(
      `a ${REDACTED} b ${REDACTED} c tok-09 d`,
    );
    // a report-sized text: the old alternation of a thousand literals took tens of seconds
    const big = `${"x".repeat(100)} tok-0500-secret `.repeat(100_000);
    const started = performance.now();
    const out = r.scrub(big);
    expect(out).not.toContain("tok-0500-secret");
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("the scan that skips (Wu and Manber)", () => {
  // the literal masked at each position, found by trying every literal at every position
  const naive = (secrets: string[], s: string) => {
    let out = "";
    let i = 0;
    while (i < s.length) {
      const l = secrets
        .filter((x) => x.length >= 6 && s.startsWith(x, i))
        .sort((a, b) => b.length - a.length)[0];
      if (l) {
        out += REDACTED;
        i += l.length;
      } else out += s[i++];
    }
    return out;
  };
  // a small alphabet: literals overlap, share prefixes and pairs, and sit next to each other
  const text = (min: number, max: number) =>
    fc.string({ unit: fc.constantFrom("a", "b", "c", "-"), minLength: min, maxLength: max });

  it("masks what trying every literal at every position masks, leftmost and longest first", () => {
    fc.assert(
      fc.property(
        fc.array(text(6, 10), { minLength: 1, maxLength: 6 }),
        text(0, 80),
        (secrets, s) => {
          const r = new Redactor(secrets);
          expect(r.scrub(s)).toBe(naive(secrets, s));
          // a literal learned after the index was made is found as well
          const later = new Redactor(secrets.slice(1));
          later.scrub("warm");
          later.add(secrets[0]);
          expect(later.scrub(s)).toBe(naive(secrets, s));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
