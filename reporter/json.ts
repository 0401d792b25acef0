import { READABLE_SCHEMA_VERSIONS, type RunReport, SCHEMA_VERSION } from "./types.ts";
// conformance.json: the whole RunReport, machine-readable (INFO observations and exchanges included).

/** Compact: a full run's exchanges make it tens of megabytes, half of them indentation (jq reads it). */
export function renderJson(report: RunReport): string {
  return `${JSON.stringify(report)}\n`;
}

/**
 * Reads a conformance.json back (merge, diff, rejudge): any schema version up to ours; a newer one
 * is refused naming both versions (docs/evidence.md: a reader never guesses at fields it lacks).
 */
export function parseReport(text: string, source = "conformance.json"): RunReport {
  let r: RunReport;
  try {
    r = JSON.parse(text) as RunReport;
  } catch (e) {
    throw new Error(`${source}: not JSON (${(e as Error).message}); give a conformance.json`);
  }
  const version = (r as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (!r || typeof r !== "object" || typeof version !== "number" || !Array.isArray(r.checks))
    throw new Error(`${source}: not a plumbline conformance.json (no schemaVersion and checks)`);
  if (version > SCHEMA_VERSION)
    throw new Error(
      `${source}: written by a newer plumbline (schemaVersion ${version}; this one reads up to ${SCHEMA_VERSION}); use that plumbline or a newer one`,
    );
  if (!(READABLE_SCHEMA_VERSIONS as readonly number[]).includes(version))
    throw new Error(`${source}: schemaVersion ${version} is not one plumbline writes`);
  return r;
}
