// The four files of `plumbline diff`: diff.json (everything), diff.md, diff.html (side a and side b
// in two columns; static, no script, escaped like the conformance page) and diff-junit.xml (a check
// with a difference that is not legal is a failure; legal differences are listed in system-out).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CheckDiff, DiffReport, Difference } from "./diff.ts";
import { escapeHtml } from "./html.ts";
import { xmlEscape } from "./junit.ts";
import { mdCode, mdTable, mdText } from "./md.ts";

export const DIFF_FILES = ["diff.json", "diff.md", "diff.html", "diff-junit.xml"] as const;

const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
const side = (r: DiffReport, s: "a" | "b") => `${r[s].label} (${r[s].url})`;

export function diffVerdict(r: DiffReport): string {
  const t = r.totals;
  return `${t.checks} checks compared; ${t.differing} differ (${t.notLegal} with a difference that is not legal); ${t.differences} differences, ${t.legal} legal`;
}

export function renderDiffMarkdown(r: DiffReport): string {
  const out = [
    `# plumbline diff`,
    "",
    `- side a: ${mdText(side(r, "a"))}`,
    `- side b: ${mdText(side(r, "b"))}`,
    `- seed: ${mdText(r.seed)}`,
    `- ${mdText(diffVerdict(r))}`,
    "",
  ];
  const differing = r.checks.filter((c) => c.differences.length);
  if (!differing.length) out.push("No difference.", "");
  if (r.principals) {
    out.push(
      "## Authorization matrix: principal × operation cells that differ",
      "",
      r.principals.length
        ? mdTable(
            ["", "operation", "principal", "side a", "side b", "why"],
            r.principals.map((d) => [
              d.legal ? "legal" : "**not legal**",
              mdCode(d.operation),
              mdCode(d.principal),
              mdText(d.a),
              mdText(d.b),
              mdText(d.why),
            ]),
          )
        : "Every cell answers alike.",
      "",
    );
  }
  for (const legal of [false, true]) {
    const group = differing.filter(
      (c) =>
        c.differences.some((d) => d.legal === legal) &&
        (legal ? c.differences.every((d) => d.legal) : true),
    );
    if (!group.length) continue;
    out.push(legal ? "## Legal differences only" : "## Differences that are not legal", "");
    for (const c of group) {
      out.push(
        `### ${mdText(c.name)}`,
        "",
        `verdict: a ${mdCode(c.outcome.a)}, b ${mdCode(c.outcome.b)}`,
        "",
      );
      out.push(
        mdTable(
          ["", "where", "side a", "side b", "why"],
          c.differences.map((d) => [
            d.legal ? "legal" : "**not legal**",
            mdText(d.where),
            mdCode(show(d.a)),
            mdCode(show(d.b)),
            mdText(d.why),
          ]),
        ),
        "",
      );
    }
  }
  return out.join("\n");
}

function htmlRows(c: CheckDiff): string {
  return c.differences
    .map(
      (d: Difference) =>
        `<tr class="${d.legal ? "legal" : "bad"}"><td>${d.legal ? "legal" : "not legal"}</td><td>${escapeHtml(d.kind)}: ${escapeHtml(d.where)}</td><td><code>${escapeHtml(show(d.a))}</code></td><td><code>${escapeHtml(show(d.b))}</code></td><td>${escapeHtml(d.why)}</td></tr>`,
    )
    .join("");
}

export function renderDiffHtml(r: DiffReport): string {
  const differing = r.checks
    .filter((c) => c.differences.length)
    .sort(
      (x, y) =>
        Number(x.differences.every((d) => d.legal)) - Number(y.differences.every((d) => d.legal)),
    );
  const sections = differing
    .map(
      (c) =>
        `<section><h2>${escapeHtml(c.name)}</h2><p>verdict: side a <b>${escapeHtml(c.outcome.a)}</b>, side b <b>${escapeHtml(c.outcome.b)}</b></p><table><thead><tr><th></th><th>where</th><th>side a</th><th>side b</th><th>why</th></tr></thead><tbody>${htmlRows(c)}</tbody></table></section>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><title>plumbline diff</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse;width:100%;table-layout:fixed}td,th{border:1px solid #ccc;padding:4px;vertical-align:top;word-break:break-word}th:nth-child(1),td:nth-child(1){width:6em}th:nth-child(3),th:nth-child(4){width:28%}tr.bad td:first-child{background:#f8d7da;font-weight:bold}tr.legal td:first-child{background:#d4edda}.cols{display:grid;grid-template-columns:1fr 1fr;gap:1em}.cols div{border:1px solid #ccc;padding:.5em}</style></head><body>
<h1>plumbline diff</h1>
<div class="cols"><div><h3>side a</h3><p>${escapeHtml(side(r, "a"))}</p></div><div><h3>side b</h3><p>${escapeHtml(side(r, "b"))}</p></div></div>
<p>seed ${escapeHtml(r.seed)}: ${escapeHtml(diffVerdict(r))}</p>
${r.principals ? `<section><h2>Authorization matrix: principal × operation cells that differ</h2>${r.principals.length ? `<table><thead><tr><th></th><th>operation · principal</th><th>side a</th><th>side b</th><th>why</th></tr></thead><tbody>${r.principals.map((d) => `<tr class="${d.legal ? "legal" : "bad"}"><td>${d.legal ? "legal" : "not legal"}</td><td>${escapeHtml(d.operation)} · ${escapeHtml(d.principal)}</td><td><code>${escapeHtml(d.a)}</code></td><td><code>${escapeHtml(d.b)}</code></td><td>${escapeHtml(d.why)}</td></tr>`).join("")}</tbody></table>` : "<p>Every cell answers alike.</p>"}</section>` : ""}
${differing.length ? sections : "<p>No difference.</p>"}
</body></html>
`;
}

export function renderDiffJunit(r: DiffReport): string {
  const cases = r.checks.map((c) => {
    const bad = c.differences.filter((d) => !d.legal);
    const lines = (ds: Difference[]) =>
      ds.map((d) => `${d.kind} ${d.where}: a ${show(d.a)} | b ${show(d.b)} (${d.why})`).join("\n");
    const body = bad.length
      ? `<failure message="${xmlEscape(`${bad.length} difference(s) that are not legal`)}">${xmlEscape(lines(bad))}</failure>`
      : "";
    const legal = c.differences.filter((d) => d.legal);
    const out = legal.length
      ? `<system-out>${xmlEscape(`legal differences:\n${lines(legal)}`)}</system-out>`
      : "";
    return `  <testcase classname="${xmlEscape(`diff/${c.area}`)}" name="${xmlEscape(c.name)}">${body}${out}</testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="${xmlEscape(`plumbline diff: ${r.a.label} vs ${r.b.label}`)}" tests="${r.checks.length}" failures="${r.totals.notLegal}">\n${cases.join("\n")}\n</testsuite>\n`;
}

export function writeDiffReports(r: DiffReport, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    ["diff.json", `${JSON.stringify(r, null, 2)}\n`],
    ["diff.md", renderDiffMarkdown(r)],
    ["diff.html", renderDiffHtml(r)],
    ["diff-junit.xml", renderDiffJunit(r)],
  ];
  return files.map(([name, text]) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  });
}
