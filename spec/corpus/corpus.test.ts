// The policy against recorded-shape data: responses written like a deployed service's (offset-less
// timestamps, nulls on the members the material or the policy makes nullable, upper-case and
// 8-4-4-16 identifiers, members the material does not list) and broken ones (null on a member that
// is not nullable, a listed member left out, `{}` for a record). Each passes or fails
// checkResponse exactly as spec/README.md's policy says; README.md here describes the files.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkResponse } from "../validate.ts";

interface Case {
  case: string;
  operationId: string;
  status: number;
  verdict: "pass" | "fail";
  /** fail: the member the refusal names (in the JSON pointer or ajv's message) */
  names?: string;
  /** pass: the members null only by the policy (`x-policy-null`, reported as CONV-NULL-1), indexes as `*` */
  nulls?: string[];
  body: unknown;
}

const dir = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith(".json"));

describe("spec/corpus: recorded-shape responses judged as the policy says", () => {
  it("holds passing and failing cases", () => {
    const all = files.flatMap((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Case[]);
    expect(all.filter((c) => c.verdict === "pass").length).toBeGreaterThan(10);
    expect(all.filter((c) => c.verdict === "fail").length).toBeGreaterThan(10);
  });

  for (const file of files) {
    const cases = JSON.parse(readFileSync(join(dir, file), "utf8")) as Case[];
    describe(file, () => {
      for (const c of cases) {
        it(`${c.verdict}: ${c.case}`, () => {
          const r = checkResponse(c.operationId, c.status, c.body);
          if (c.verdict === "pass") {
            expect(r.message, c.operationId).toBeUndefined();
            expect(r.ok).toBe(true);
            expect(r.nulls ?? []).toEqual(c.nulls ?? []);
          } else {
            expect(r.ok, `${c.operationId} accepted it`).toBe(false);
            expect(`${r.pointer} ${r.message}`).toContain(c.names);
          }
        });
      }
    });
  }
});
