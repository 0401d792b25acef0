// The house as the diagram (design.md, "Layout"): imports run one way,
//   spec → generators → harness → suites → reporter, the program (runner/) on top, reference/ beside,
// and no circle between files. Checked on every source and test file, so a helper added in the
// wrong room fails here instead of growing a second import graph.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * What each folder may import besides itself. tests/ and scripts/ stand outside the diagram; a
 * folder's own `*.test.ts` may also use tests/ (needs.ts: the material and a browser).
 */
const MAY_IMPORT: Record<string, string[]> = {
  spec: [],
  generators: ["spec"],
  harness: ["spec", "generators"],
  suites: ["spec", "generators", "harness"],
  reporter: ["spec", "harness"],
  runner: ["spec", "generators", "harness", "reporter", "reference"],
  reference: [],
  bin: ["runner"],
};

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    if (n === "node_modules" || n.startsWith(".")) return [];
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|mts|mjs)$/.test(n) ? [p] : [];
  });
}

/** Relative imports of a file, resolved to files under the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith(".")) out.push(resolve(dirname(file), spec));
  }
  return out;
}

const folderOf = (file: string) => relative(root, file).split(sep)[0];

const files = Object.keys(MAY_IMPORT).flatMap((d) => sources(join(root, d)));
const graph = new Map(files.map((f) => [f, importsOf(f)]));

/** Strongly connected components of more than one file (Tarjan): the import circles. */
function circles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(relative(root, w));
      } while (w !== v);
      if (scc.length > 1) found.push(scc);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("layout: imports run one way", () => {
  it("finds the sources", () => expect(files.length).toBeGreaterThan(100));

  it("every folder imports only the folders below it", () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      for (const t of targets) {
        const to = folderOf(t);
        const testSupport = to === "tests" && file.endsWith(".test.ts");
        if (to !== from && !MAY_IMPORT[from].includes(to) && !testSupport)
          wrong.push(`${relative(root, file)} imports ${relative(root, t)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("no import circle between files", () => expect(circles()).toEqual([]));
});
