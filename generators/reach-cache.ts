// Which of an operation's generator sites some value reaches, and which rules a draw can break,
// kept under node_modules/.cache between processes (as spec/yaml-cache.ts keeps parsed YAML).
// Deciding it draws whole requests: about a third of a second in every worker that builds the
// generators of every operation, each run. The draws are seeded, so the verdicts depend only on
// the code and the spec: the cache file is named by a hash of the generators' and the spec's
// sources and of the libraries that draw, and an edit to any of them starts a new file. Where the
// cache cannot be read or written, the verdicts are simply drawn every time.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CACHE_DIR, hashOfFiles, ROOT, writeWhole } from "../spec/disk-cache.ts";

/** What the verdicts depend on: the generators, the spec and its loader, the drawing libraries. */
function sources(): string[] {
  const dir = (d: string) =>
    readdirSync(join(ROOT, d))
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .sort()
      .map((f) => `${d}/${f}`);
  return [
    ...dir("generators"),
    ...dir("spec"),
    "spec/openapi.yaml",
    "node_modules/fast-check/package.json",
    "node_modules/@faker-js/faker/package.json",
  ];
}

let store: { file: string; verdicts: Record<string, string> } | undefined | null;

function open(): typeof store {
  if (store !== undefined) return store;
  try {
    const hash = hashOfFiles(sources());
    if (!hash) throw new Error("sources not readable");
    const file = join(CACHE_DIR, `reach-${hash.slice(0, 32)}.json`);
    let verdicts: Record<string, string> = {};
    try {
      verdicts = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      // not written yet, or cut short: drawn again
    }
    store = { file, verdicts };
  } catch {
    store = null; // the sources cannot be read (a bundle without them): no cache
  }
  return store;
}

/**
 * The verdicts for `key` (one character per site or rule, in the order `draw` gives them): from the
 * cache when this code and spec decided them before, else drawn now and kept.
 */
export function reachVerdicts(key: string, draw: () => string): string {
  const s = open();
  const known = s?.verdicts[key];
  if (known !== undefined) return known;
  const drawn = draw();
  if (!s) return drawn;
  s.verdicts[key] = drawn;
  // the file as another worker may have left it meanwhile, with this verdict added
  let onDisk: Record<string, string> = {};
  try {
    onDisk = JSON.parse(readFileSync(s.file, "utf8"));
  } catch {}
  Object.assign(s.verdicts, { ...onDisk, ...s.verdicts });
  writeWhole(s.file, JSON.stringify(s.verdicts));
  return drawn;
}
