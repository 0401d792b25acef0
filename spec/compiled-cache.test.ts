// A validator loaded from the cache judges as the one ajv compiles: same verdicts, same errors,
// formats included (ajv-formats', the OpenAPI ones, the spec's own).
import { describe, expect, it } from "vitest";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { compileCached } from "./compiled-cache.ts";
import { RequestValidator } from "./validate.ts";

describe("compiled validators kept as code", () => {
  it("a cached function gives the errors a fresh compile gives, formats included", () => {
    const schema = {
      type: "object",
      required: ["at", "email", "site", "n"],
      properties: {
        at: { type: "string", format: "iso-date-time" },
        email: { type: "string", format: "email" },
        site: { type: "string", format: "url" },
        n: { type: "integer", minimum: 1, maximum: 10 },
        tags: { type: "array", items: { type: "string", maxLength: 3 } },
      },
      additionalProperties: false,
    };
    const values = [
      { at: "2018-01-02T03:04:05", email: "ops@example.com", site: "https://example.com", n: 3 },
      { at: "2018-13-02T03:04:05", email: "nope", site: "example", n: 0, tags: ["abcd"], x: 1 },
      {},
      null,
    ];
    const v = new RequestValidator();
    const ajv = (v as unknown as { ajv: Ajv2020 }).ajv;
    const instance = `test:${process.pid}:${Date.now()}`;
    const fresh = ajv.compile(schema);
    const written = compileCached(ajv, instance, schema); // compiled now, its code kept
    const loaded = compileCached(ajv, instance, schema); // from the code kept
    expect(loaded).not.toBe(written);
    for (const value of values) {
      const want = [fresh(value), fresh.errors];
      expect([written(value), written.errors]).toEqual(want);
      expect([loaded(value), loaded.errors]).toEqual(want);
    }
  });
});
