// What `npm pack` ships (package.json `files`), checked without installing it: every suite and the
// runtime around it are in, plumbline's own tests are out, and nothing shipped needs a file left
// out or a package that is only a dev dependency. scripts/pack-test.sh installs the tarball and runs it.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./needs.ts";

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The tarball's file list, as npm computes it. */
function packed(): Set<string> {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const [entry] = JSON.parse(out) as { files: { path: string }[] }[];
  return new Set(entry.files.map((f) => f.path));
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((n) => {
    const p = `${dir}/${n}`;
    return statSync(join(ROOT, p)).isDirectory() ? filesUnder(p) : [p];
  });
}

// value imports only: `import type` is erased before anything runs
const IMPORT =
  /(?:import|export)\s(?!type\s)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*(?:\/\*[^*]*\*\/\s*)?['"]([^'"]+)['"]\s*\)/g;

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (spec: string) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

describe("the packed package", () => {
  const files = packed();
  const code = [...files].filter((f) => /\.(ts|mts|mjs|js)$/.test(f));

  it("ships the command, the vitest config, the spec, the catalog and every suite file", () => {
    for (const f of [
      "package.json",
      "bin/plumbline.mjs",
      "vitest.config.ts",
      "spec/openapi.yaml",
      "spec/requirements.yaml",
      "reporter/html.css",
      "reporter/html-client.js",
      "reference/index.ts",
      "plumbline.config.example.yaml",
    ])
      expect(files, f).toContain(f);
    for (const f of filesUnder("suites")) expect(files, f).toContain(f);
  });

  it("leaves plumbline's own tests and their helpers out", () => {
    const unitTests = [...files].filter(
      (f) => f.startsWith("tests/") || (f.endsWith(".test.ts") && !f.startsWith("suites/")),
    );
    expect(unitTests).toEqual([]);
  });

  it("needs no file it leaves out and no dev dependency", () => {
    const builtins = new Set(builtinModules);
    const problems: string[] = [];
    for (const f of code) {
      const text = readFileSync(join(ROOT, f), "utf8");
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2];
        if (spec.startsWith(".")) {
          const target = relative(ROOT, resolve(dirname(join(ROOT, f)), spec));
          if (!files.has(target)) problems.push(`${f} imports ${spec}, which is not shipped`);
        } else if (!spec.startsWith("node:") && !builtins.has(spec)) {
          const name = packageOf(spec);
          if (!(name in pkg.dependencies))
            problems.push(
              `${f} imports ${spec}: ${name} is ${name in pkg.devDependencies ? "a dev dependency" : "not a dependency"}`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(code.length).toBeGreaterThan(100);
  });
});
