// placeholder until the page lands
import type { RunReport } from "./report.ts";
export function renderHtml(r: RunReport): string {
  return `<!doctype html><title>plumbline</title><p>${r.checks.length} checks</p>`;
}
