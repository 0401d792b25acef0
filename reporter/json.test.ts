// conformance.json in pooled form (schema 3): written and read back, the report is the one written
// (byte for byte as plain JSON), on the fixtures, on generated reports with hostile bodies, and
// with the recipe docs/evidence.md gives; a broken pool is refused in one line.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Exchange } from "../harness/model.ts";
import { evidenceProblems } from "./evidence-schema.ts";
import { check, exchange, fixtureReport, HOSTILE, listReport, withCurl } from "./fixtures.ts";
import { parseReport, renderJson } from "./json.ts";
import { PoolReader, poolValues } from "./pool.ts";
import { SCHEMA_VERSION, type RunReport } from "./types.ts";

/** The report as a plain JSON writer and reader would give it back. */
const plain = (r: RunReport) => JSON.stringify({ ...r, schemaVersion: SCHEMA_VERSION });

describe("conformance.json: pooled values", () => {
  it("the fixtures come back as written, byte for byte as plain JSON", () => {
    const r = fixtureReport();
    r.checks[0]!.exchanges.push(exchange("GET", "http://x/v4/a", 200, { hostile: HOSTILE }));
    const text = renderJson(r);
    expect(evidenceProblems(JSON.parse(text))).toEqual([]);
    const back = parseReport(text);
    expect(JSON.stringify(back)).toBe(plain(r));
    expect(back.schemaVersion).toBe(SCHEMA_VERSION);
    expect((back as { pool?: unknown }).pool).toBeUndefined();
  });

  it("a report whose pages repeat list items is much smaller, and comes back whole", () => {
    const r = listReport(200);
    const text = renderJson(r);
    const flat = JSON.stringify(r);
    expect(text.length * 4).toBeLessThan(flat.length);
    expect(evidenceProblems(JSON.parse(text))).toEqual([]);
    const stored = JSON.parse(text) as { pool: unknown[]; checks: { exchanges: object[] }[] };
    expect(stored.pool.length).toBeGreaterThan(0);
    // a curl the request rebuilds is not stored; method, URL and status are written out
    const x = stored.checks.at(-1)!.exchanges[0] as Record<string, unknown>;
    expect(x).not.toHaveProperty("curl");
    expect(x).toMatchObject({ method: "GET", status: 200 });
    expect(JSON.stringify(parseReport(text))).toBe(plain(r));
  });

  it("a curl the request does not rebuild is kept; a missing one stays missing", () => {
    const r = fixtureReport();
    const odd = exchange("POST", "http://x/v4/a", 200, {});
    odd.curl = "curl -sS -i -X POST 'http://x/v4/a' --data-binary '@body.bin'";
    const none = withCurl({ method: "GET", url: "http://x", requestHeaders: {}, durationMs: 1 });
    delete (none as Partial<Exchange>).curl;
    r.checks[0]!.exchanges.push(odd, none);
    const back = parseReport(renderJson(r));
    expect(back.checks[0]!.exchanges.at(-2)!.curl).toBe(odd.curl);
    expect(back.checks[0]!.exchanges.at(-1)).not.toHaveProperty("curl");
    expect(JSON.stringify(back)).toBe(plain(r));
  });

  it("bodies that look like references, runs or escapes come back as they were", () => {
    const long = `{"data":[${Array.from({ length: 80 }, (_, i) => `{"id":${i % 9},"x":"abcdefghijklmnopqrstuvwxyz"}`).join(",")}]`;
    const hostile = [
      { $pool: 3 },
      { $pool: 0 },
      { $lit: { $pool: 1 } },
      { $cat: ["a", "b"] },
      { $cat: [[1], [2]] },
      { ["__proto__"]: { $pool: 2 } },
      JSON.parse('{"__proto__": {"polluted": true}}'),
      long,
      `${long}… [cut: 99999 bytes received]`,
      Array.from({ length: 64 }, (_, i) => ({ id: i % 5, pad: "0123456789abcdef" })),
      // members JSON leaves out; objects of many members differing in one (runs of members)
      { $pool: 3, gone: undefined },
      ...Array.from({ length: 6 }, (_, i) => ({
        $cat: "x",
        a: "same value, long enough to pool",
        ["__proto__"]: { polluted: true },
        id: i,
        $lit: { $pool: i },
        b: ["same", "array", "of", "words"],
        $pool: "y",
        c: { nested: "same value, long enough to pool" },
      })),
    ];
    const r = fixtureReport();
    for (const body of [...hostile, ...hostile])
      r.checks[0]!.exchanges.push(
        withCurl({
          method: "PUT",
          url: "http://x/v4/b",
          requestHeaders: { $pool: "7" } as Record<string, string>,
          requestBody: body,
          status: 200,
          responseHeaders: { $lit: "x" } as Record<string, string>,
          responseBody: { wrapped: body, again: [body, body] },
          durationMs: 1,
        }),
      );
    const text = renderJson(r);
    expect(evidenceProblems(JSON.parse(text))).toEqual([]);
    const back = parseReport(text);
    expect(JSON.stringify(back)).toBe(plain(r));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(back.checks[0]!.exchanges.at(-4)!.requestBody)).toBe(
      Object.prototype,
    );
  });

  it("any report comes back as written (generated exchanges, hostile values)", () => {
    const key = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom("$pool", "$lit", "$cat", "__proto__", "data", "id"),
    );
    const leaf = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom("},{", '{"a":1},{"a":1},{"a":1}', "x".repeat(2100)),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    );
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc.array(tie("value"), { maxLength: 20 }),
        fc.dictionary(key, tie("value"), { maxKeys: 4 }),
        fc.constantFrom({ $pool: 0 }, { $cat: ["a"] }, { $lit: {} }, [1, 2, 3, 4, 5, 6, 7, 8]),
      ),
    }));
    // free headers, or headers drawn from a few names and values (they repeat in part: runs)
    const headers = fc.oneof(
      fc.dictionary(key, fc.string({ maxLength: 30 }), { maxKeys: 4 }),
      fc.dictionary(
        fc.constantFrom("content-type", "date", "x-id", "$cat", "$pool", "__proto__", "a", "b"),
        fc.constantFrom("application/json; charset=utf-8", "Sat, 28 Nov 2026", "1", "2", "3"),
        { minKeys: 3, maxKeys: 8 },
      ),
    );
    const ex = fc.record(
      {
        method: fc.constantFrom("GET", "POST", "delete"),
        url: fc.string({ maxLength: 30 }),
        requestHeaders: headers,
        requestBody: value,
        status: fc.integer({ min: 100, max: 599 }),
        responseHeaders: headers,
        responseBody: value,
        durationMs: fc.nat(),
      },
      { requiredKeys: ["method", "url", "requestHeaders", "durationMs"] },
    );
    const withOrWithoutCurl = fc
      .tuple(ex, fc.constantFrom("rebuilt", "other", "none"))
      .map(([x, how]) =>
        how === "rebuilt"
          ? withCurl(x as Exchange)
          : how === "other"
            ? { ...(x as Exchange), curl: "curl 'elsewhere'" }
            : (x as Exchange),
      );
    fc.assert(
      fc.property(
        fc.array(fc.array(withOrWithoutCurl, { maxLength: 6 }), { maxLength: 6 }),
        (lists) => {
          const r = fixtureReport();
          // repeats on purpose: every list twice, the second time in another check
          for (const [i, xs] of [...lists, ...lists].entries())
            r.checks.push(check({ name: `generated ${i}`, outcome: "fail", exchanges: xs }));
          const text = renderJson(r);
          // the stored form, whatever was pooled, is one the schema documents
          expect(evidenceProblems(JSON.parse(text))).toEqual([]);
          const back = parseReport(text);
          expect(JSON.stringify(back)).toBe(plain(r));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("the recipe in docs/evidence.md expands a written report to the plain one", () => {
    const doc = readFileSync(new URL("../docs/evidence.md", import.meta.url), "utf8");
    const section = doc.slice(doc.indexOf("## Pooled values"));
    const recipe = /```js\n([\s\S]*?)```/.exec(section)?.[1];
    expect(recipe).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), "plb-pool-recipe-"));
    writeFileSync(join(dir, "expand.mjs"), recipe!);
    const r = listReport(30);
    r.checks[1]!.exchanges.push(
      withCurl({
        method: "POST",
        url: "http://x/it's",
        requestHeaders: { $pool: "1", b: "it's" } as Record<string, string>,
        requestBody: { $cat: [[1]], s: "x".repeat(3000) },
        durationMs: 1,
      }),
    );
    writeFileSync(join(dir, "conformance.json"), renderJson(r));
    const out = execFileSync(
      process.execPath,
      [join(dir, "expand.mjs"), join(dir, "conformance.json")],
      {
        encoding: "utf8",
        maxBuffer: 1 << 28,
      },
    );
    expect(out).toBe(`${plain(r)}\n`);
  });

  it("a broken pool is refused in one line naming the file", () => {
    const text = renderJson(listReport(3));
    const stored = JSON.parse(text) as { pool: unknown[] };
    expect(stored.pool.length).toBeGreaterThan(0);
    expect(() => parseReport(JSON.stringify({ ...stored, pool: [] }), "a.json")).toThrow(
      /^a\.json: pool: \{"\$pool": \d+\} names no entry \(the pool has 0\)$/,
    );
    const { pool: _pool, ...without } = stored;
    expect(() => parseReport(JSON.stringify(without), "b.json")).toThrow(
      /^b\.json: schemaVersion 3 without its pool$/,
    );
    expect(() => new PoolReader([{ $pool: 0 }]).expand({ $pool: 0 })).toThrow(/refers to itself/);
  });

  it("an object or string seen once is written out, not pooled", () => {
    const { roots, pool } = poolValues([
      { a: "x".repeat(100) },
      "y".repeat(100),
      { a: "x".repeat(100) },
    ]);
    expect(pool).toEqual([{ a: "x".repeat(100) }]);
    expect(roots).toEqual([{ $pool: 0 }, "y".repeat(100), { $pool: 0 }]);
  });
});
