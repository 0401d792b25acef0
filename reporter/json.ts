import type { RunReport } from "./types.ts";
// conformance.json: the whole RunReport, machine-readable (INFO observations and exchanges included).

/** Compact: a full run's exchanges make it tens of megabytes, half of them indentation (jq reads it). */
export function renderJson(report: RunReport): string {
  return `${JSON.stringify(report)}\n`;
}

/** Reads a conformance.json back (for merge). */
export function parseReport(text: string, source = "conformance.json"): RunReport {
  const r = JSON.parse(text) as RunReport;
  if (!r || typeof r !== "object" || r.schemaVersion !== 1 || !Array.isArray(r.checks)) {
    throw new Error(`${source}: not a plumbline conformance.json (schemaVersion 1)`);
  }
  return r;
}
