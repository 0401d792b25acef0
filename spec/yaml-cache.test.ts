// The JSON kept for a YAML file is the value the YAML parses to, and an edit is never served stale.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readYaml } from "./yaml-cache.ts";

describe("readYaml", () => {
  for (const file of ["openapi.yaml", "requirements.yaml"])
    it(`gives what parsing ${file} gives, cached or not`, () => {
      const path = new URL(file, import.meta.url).pathname;
      const parsed = parse(readFileSync(path, "utf8"));
      expect(readYaml(path)).toEqual(parsed);
      expect(readYaml(path)).toEqual(parsed); // the second read comes from the cache
    });

  it("parses an edited file afresh", () => {
    const path = join(mkdtempSync(join(tmpdir(), "plumbline-yaml-")), "x.yaml");
    writeFileSync(path, "a: 1\n");
    expect(readYaml(path)).toEqual({ a: 1 });
    writeFileSync(path, "a: 2\n");
    expect(readYaml(path)).toEqual({ a: 2 });
  });
});
