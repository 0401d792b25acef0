// The plumbline command's own modules (runner, reporter, reference, harness, spec: about 110
// TypeScript files) as one ES module, built by esbuild into dist/cli.mjs. Loading them one by one
// through tsx's loader costs every run more than a second before the first request; one bundle
// of plain JavaScript loads in a fraction of that. The suites are not in it: vitest loads them.
// The bundle is used while the files it was built from hold what they held then (a hash of their
// contents, so a checkout, an edit or an install's new file times cannot fool it); otherwise it is
// built again. The package ships it prebuilt. Where it cannot be built, the sources load through tsx.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(ROOT, "dist", "cli.mjs");
/** what the bundle was built from: the files (relative to ROOT) and the hash of their contents */
const INPUTS = join(ROOT, "dist", "cli.inputs.json");
const ENTRY = join(ROOT, "runner", "cli.ts");
const SELF = "bin/bundle.mjs";

function hashOf(contents) {
  const h = createHash("sha256");
  for (const [file, text] of [...contents].sort(([a], [b]) => (a < b ? -1 : 1)))
    h.update(`${file}\0${text}\0`);
  return h.digest("hex");
}

/** True when dist/cli.mjs was built from the files as they are now. */
function fresh() {
  try {
    statSync(OUT);
    const { hash, inputs } = JSON.parse(readFileSync(INPUTS, "utf8"));
    return hashOf(inputs.map((f) => [f, readFileSync(join(ROOT, f), "utf8")])) === hash;
  } catch {
    return false;
  }
}

export async function build() {
  const esbuild = await import("esbuild");
  // exactly what was bundled, read once by the plugin below
  const contents = new Map([[SELF, readFileSync(join(ROOT, SELF), "utf8")]]);
  const tmp = `${OUT}.${process.pid}.tmp`;
  mkdirSync(dirname(OUT), { recursive: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: tmp,
    packages: "external",
    logLevel: "error",
    plugins: [
      {
        // each module finds its neighbours (spec/openapi.yaml, reporter/html.css) from its own URL;
        // in the bundle that is dist/cli.mjs, one folder down from the root as every source is
        name: "own-url",
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const rel = relative(ROOT, args.path).split("\\").join("/");
            const text = readFileSync(args.path, "utf8");
            contents.set(rel, text);
            const here = `new URL(${JSON.stringify(`../${rel}`)}, import.meta.url).href`;
            return { contents: text.replaceAll("import.meta.url", here), loader: "ts" };
          });
        },
      },
    ],
  });
  const record = { hash: hashOf(contents), inputs: [...contents.keys()] };
  writeFileSync(`${INPUTS}.${process.pid}.tmp`, JSON.stringify(record));
  // atomic: runs started together each build, and each loads a whole file
  renameSync(tmp, OUT);
  renameSync(`${INPUTS}.${process.pid}.tmp`, INPUTS);
}

/** The URL of the module that exports `main`: the bundle, built first when stale, else the sources. */
export async function cliModule() {
  if (!fresh()) {
    try {
      await build();
    } catch {
      const { register } = await import("tsx/esm/api");
      register();
      return pathToFileURL(ENTRY).href;
    }
  }
  return pathToFileURL(OUT).href;
}

// `node bin/bundle.mjs`: build now (npm pack ships the bundle prebuilt)
if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
