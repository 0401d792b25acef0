// Writes a RunReport as the four files of a report directory.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderHtml } from "./html.ts";
import { renderJson } from "./json.ts";
import { renderJunit } from "./junit.ts";
import { renderMarkdown } from "./md.ts";
import type { RunReport } from "./report.ts";

export const REPORT_FILES = [
  "conformance.json",
  "conformance.md",
  "conformance.html",
  "junit.xml",
] as const;

/** Writes conformance.json, conformance.md, conformance.html and junit.xml into dir; returns their paths. */
/** `scrub` is the last pass over each file's text (the run's known secrets masked). */
export function writeReports(
  report: RunReport,
  dir: string,
  scrub: (text: string) => string = (t) => t,
): string[] {
  mkdirSync(dir, { recursive: true });
  const render: Record<(typeof REPORT_FILES)[number], (r: RunReport) => string> = {
    "conformance.json": renderJson,
    "conformance.md": renderMarkdown,
    "conformance.html": renderHtml,
    "junit.xml": renderJunit,
  };
  return REPORT_FILES.map((name) => {
    const p = join(dir, name);
    writeFileSync(p, scrub(render[name](report)));
    return p;
  });
}
