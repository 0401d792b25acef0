// reference/ is a second, independent reading of the material: it must not import the suite side
// (spec/, harness/, generators/, suites/, reporter/) nor read the OpenAPI document or the catalog.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|mts|js|mjs)$/.test(n) && !n.endsWith(".test.ts") ? [p] : [];
  });
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
// supertest is not among them: it only carries the reference's own tests' requests (testing.ts);
// the harness's client is node:http and shares no code with it
const SUITE_LIBS = ["ajv", "ajv-formats", "fast-check", "@fast-check/vitest", "openapi-types"];

describe("reference/ independence", () => {
  const files = sources(here);

  it("has sources to check", () => expect(files.length).toBeGreaterThan(5));

  it.each(files.map((f) => [relative(here, f), f]))(
    "%s imports only reference/ and plain libraries",
    (_name, file) => {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2];
        if (spec.startsWith(".")) {
          const target = resolve(dirname(file), spec);
          expect(relative(here, target).startsWith(".."), `${spec} leaves reference/`).toBe(false);
        } else {
          expect(SUITE_LIBS, `${spec} is the suite's validation stack`).not.toContain(spec);
        }
      }
      expect(text).not.toMatch(/openapi\.ya?ml|requirements\.ya?ml/);
    },
  );
});
