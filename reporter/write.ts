// Writes a RunReport as the four files of a report directory.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderHtml } from "./html.ts";
import { renderJson } from "./json.ts";
import { renderJunit } from "./junit.ts";
import { renderMarkdown } from "./md.ts";
import type { RunReport } from "./types.ts";

export const REPORT_FILES = [
  "conformance.json",
  "conformance.md",
  "conformance.html",
  "junit.xml",
] as const;

/**
 * Every string of a value (keys too) passed through `scrub`. What `scrub` leaves as it is stays the
 * same object: a report holds tens of MB of recorded bodies, already masked where they were taken,
 * and copying them all for the few strings this last pass changes cost a second of every run.
 */
export function scrubDeep(v: unknown, scrub: (text: string) => string): unknown {
  if (typeof v === "string") return scrub(v);
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const x = scrubDeep(v[i], scrub);
      if (x !== v[i]) (out ??= v.slice())[i] = x;
    }
    return out ?? v;
  }
  const record = v as Record<string, unknown>;
  const keys = Object.keys(record);
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const key = scrub(k);
    const x = scrubDeep(record[k], scrub);
    if (!out && (key !== k || x !== record[k])) {
      out = {};
      for (const before of keys.slice(0, i)) out[before] = record[before];
    }
    if (out) out[key] = x;
  }
  return out ?? v;
}

/**
 * Writes conformance.json, conformance.md, conformance.html and junit.xml into dir; returns their
 * paths. `scrub` masks the run's known secrets: first in every string of the report, before any
 * escaping (a secret holding a quote or a backslash is matched as it is), then as a last pass over
 * the text of the files that are not JSON. JSON text gets no such pass: a secret matched inside an
 * escape (`\n` then a secret starting with `n`) would cut the escape in two and break the file.
 */
export function writeReports(
  report: RunReport,
  dir: string,
  scrub: (text: string) => string = (t) => t,
): string[] {
  mkdirSync(dir, { recursive: true });
  const clean = scrubDeep(report, scrub) as RunReport;
  const render: Record<(typeof REPORT_FILES)[number], (r: RunReport) => string> = {
    "conformance.json": renderJson,
    "conformance.md": renderMarkdown,
    "conformance.html": renderHtml,
    "junit.xml": renderJunit,
  };
  return REPORT_FILES.map((name) => {
    const p = join(dir, name);
    const text = render[name](clean);
    writeFileSync(p, name.endsWith(".json") ? text : scrub(text));
    return p;
  });
}
