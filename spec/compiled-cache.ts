// Compiled validators kept as code under node_modules/.cache between processes: compiling the
// document's schemas cost every worker of a run about half a second (ajv's code generation, some
// 160 schemas per worker), each run. A function is compiled once per spec, plumbline and ajv
// version: its code (ajv's standalone output) is written whole under a name hashed from all of
// them and the schema, and a later worker loads that code instead of generating it. Where the
// cache cannot be read or written, or ajv cannot write a schema as code, it compiles as before.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import standaloneCode from "ajv/dist/standalone/index.js";
import { _ } from "ajv";
import { CACHE_DIR, hashOfFiles, writeWhole } from "./disk-cache.ts";

const VALIDATORS = join(CACHE_DIR, "validators");
const requireHere = createRequire(import.meta.url);

/** The name the code gives the instance's own formats (ajv's, ajv-formats', the spec's). */
const FORMATS = "plumbline:formats";

/** The code format checks are read from in written validators: the instance's formats, at load. */
export const FORMATS_CODE = _`require(${FORMATS})`;

/** What every cached function depends on besides its schema: this code, the ajv it drives. */
let version: string | undefined | null;
function codeVersion(): string | null {
  // null where the sources are not beside this module (a bundle without them): no cache
  version ??=
    hashOfFiles([
      "spec/validate.ts",
      "spec/formats.ts",
      "spec/compiled-cache.ts",
      "node_modules/ajv/package.json",
      "node_modules/ajv-formats/package.json",
    ]) ?? null;
  return version;
}

type Standalone = (ajv: Ajv2020, fn: ValidateFunction) => string;
// CommonJS: the function arrives as the module's default under Node ESM, as .default under tsc
const standalone = ((standaloneCode as unknown as { default?: Standalone }).default ??
  standaloneCode) as unknown as Standalone;

function load(code: string, ajv: Ajv2020): ValidateFunction {
  const module = { exports: {} as unknown };
  const formats = (ajv as unknown as { formats: Record<string, unknown> }).formats;
  const require = (id: string) => (id === FORMATS ? formats : requireHere(id));
  new Function("require", "module", "exports", code)(require, module, module.exports);
  return module.exports as ValidateFunction;
}

/**
 * `ajv.compile(schema)`, or the same function's code from an earlier process. `instance` names what
 * the schema is compiled against (the instance's options and the documents added to it, by hash).
 */
export function compileCached(ajv: Ajv2020, instance: string, schema: object): ValidateFunction {
  const v = codeVersion();
  if (!v) return ajv.compile(schema);
  const key = createHash("sha256").update(v).update(instance).update(JSON.stringify(schema));
  const file = join(VALIDATORS, `${key.digest("hex").slice(0, 40)}.cjs`);
  try {
    return load(readFileSync(file, "utf8"), ajv);
  } catch {
    // not written yet (or cut short, or written by another ajv): compiled now
  }
  const fn = ajv.compile(schema);
  let code: string | undefined;
  try {
    code = standalone(ajv, fn);
  } catch {
    // a schema ajv cannot write as code: compiled every time
  }
  if (code !== undefined) writeWhole(file, code);
  return fn;
}

const hashes = new WeakMap<object, string>();
/** A short hash of a document added to an instance: part of its cached functions' names. */
export function documentHash(doc: object): string {
  let h = hashes.get(doc);
  if (h === undefined) {
    h = createHash("sha256").update(JSON.stringify(doc)).digest("hex").slice(0, 16);
    hashes.set(doc, h);
  }
  return h;
}
