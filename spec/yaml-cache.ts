// Parsed YAML kept as JSON under node_modules/.cache: every worker of a run loads the spec and the
// requirement catalog, and parsing their YAML took each worker about a second of a 2-core run
// where JSON.parse of the same takes a few milliseconds. Keyed by the text's hash, so an edited
// file is parsed afresh; where the cache cannot be written, the YAML is simply parsed every time.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { parse } from "yaml";

const CACHE_DIR = fileURLToPath(new URL("../node_modules/.cache/plumbline/", import.meta.url));

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
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // written whole under another name, then renamed: a worker reading meanwhile never sees half
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, file);
  } catch {
    // a read-only checkout: no cache
  }
  return value;
}
