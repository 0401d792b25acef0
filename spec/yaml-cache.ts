// Parsed YAML kept as JSON under node_modules/.cache: every worker of a run loads the spec and the
// requirement catalog, and parsing their YAML took each worker about a second of a 2-core run
// where JSON.parse of the same takes a few milliseconds. Keyed by the text's hash, so an edited
// file is parsed afresh; where the cache cannot be written, the YAML is simply parsed every time.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { CACHE_DIR, writeWhole } from "./disk-cache.ts";

/** The YAML file's value, as `yaml`'s parse gives it (the files it serves are plain JSON data). */
export function readYaml(path: string): unknown {
  const text = readFileSync(path, "utf8");
  const file = join(CACHE_DIR, `${createHash("sha256").update(text).digest("hex")}.json`);
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    // not cached yet (or a cache file cut short): parse and keep it
  }
  const value = parse(text);
  writeWhole(file, JSON.stringify(value));
  return value;
}
