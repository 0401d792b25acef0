// The evidence's JSON Schema (docs/evidence.schema.json) as a check the tests call on every
// conformance.json they write: a field a writer adds without documenting it fails here.
import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ValidateFunction } from "ajv";

const SCHEMA_FILE = new URL("../docs/evidence.schema.json", import.meta.url);

let compiled: ValidateFunction | undefined;

function validate(): ValidateFunction {
  if (compiled) return compiled;
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
  });
  // ajv-formats is CommonJS: its default export arrives as the module under Node ESM
  const mod = addFormats as unknown as { default?: (a: unknown) => void };
  ((mod.default ?? addFormats) as unknown as (a: unknown) => void)(ajv);
  compiled = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, "utf8")));
  return compiled;
}

/** Where a report (parsed, or the path of a conformance.json) breaks the schema; empty when it conforms. */
export function evidenceProblems(report: unknown): string[] {
  const value = typeof report === "string" ? JSON.parse(readFileSync(report, "utf8")) : report;
  const fn = validate();
  if (fn(value)) return [];
  return (fn.errors ?? [])
    .slice(0, 10)
    .map(
      (e) =>
        `${e.instancePath || "/"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`,
    );
}
