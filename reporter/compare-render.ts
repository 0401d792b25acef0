// compare.md and compare.html of `plumbline report compare`: the verdict (is B worse in the gate's
// terms), both sides, the counts, then each group; every regression and new failure with its two
// runs' exchanges, A's beside B's (compare.html in two columns). Escaped as the run's own reports.
import type { Exchange } from "../harness/model.ts";
import type { CheckPair, Comparison, SeenCheck, Side } from "./compare.ts";
import { escapeHtml } from "./html.ts";
import { exchangeBlock, mdCode, mdTable, mdText } from "./md.ts";
import { bodyPreview, formatBytes, formatDuration } from "./text.ts";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The first line: is B worse than A, in the gate's terms. */
export function compareVerdict(c: Comparison): string {
  const head = c.newMustFailures.length
    ? `REGRESSED: ${plural(c.newMustFailures.length, "new MUST failure")} (exit 1)`
    : "no new MUST failure (exit 0)";
  return `${head}; ${plural(c.regressions.length, "regression")}, ${plural(c.newFailures.length, "other new failure")}, ${c.fixed.length} fixed`;
}

const outcomeOf = (c?: SeenCheck) =>
  c ? `${c.outcome}${c.flaky ? " (flaky)" : ""}${c.expected ? " (known failure)" : ""}` : "not run";

/** The exchange of A to set beside B's last: the one at the same place (same seed, same steps), else A's last. */
function besideLast(a: Exchange[], b: Exchange[]): [Exchange | undefined, Exchange | undefined] {
  const i = b.length - 1;
  return [a[i] ?? a.at(-1), b[i]];
}

function exchangesSideBySide(p: CheckPair): string[] {
  const [xa, xb] = besideLast(p.a?.exchanges ?? [], p.b?.exchanges ?? []);
  const side = (name: string, c: SeenCheck | undefined, x: Exchange | undefined) => [
    `**${name}** (${mdText(outcomeOf(c))}${c?.reason ? `: ${mdText(c.reason)}` : ""})`,
    "",
    ...(x
      ? [
          `exchange ${(c?.exchanges.indexOf(x) ?? 0) + 1} of ${c?.exchanges.length}:`,
          "",
          ...exchangeBlock(x),
        ]
      : ["no exchange recorded", ""]),
  ];
  return [...side("A", p.a, xa), ...side("B", p.b, xb)];
}

function detailed(title: string, pairs: CheckPair[]): string[] {
  if (!pairs.length) return [];
  const out = [`## ${title} (${pairs.length})`, ""];
  for (const p of pairs) {
    const c = p.b!;
    const tag = [c.level, c.area, c.kind, c.flaky ? "flaky" : ""].filter(Boolean).join(", ");
    out.push(`### ❌ ${mdText(p.name)} (${mdText(tag)})`, "", `- File: ${mdCode(c.file)}`, "");
    out.push(...exchangesSideBySide(p));
  }
  return out;
}

function listed(title: string, pairs: CheckPair[]): string[] {
  if (!pairs.length) return [];
  return [
    `## ${title} (${pairs.length})`,
    "",
    mdTable(
      ["check", "level", "A", "B"],
      pairs.map((p) => [
        mdText(p.name),
        p.a && p.b && p.a.level !== p.b.level ? `${p.a.level} → ${p.b.level}` : (p.b ?? p.a)!.level,
        mdText(outcomeOf(p.a)),
        mdText(outcomeOf(p.b)),
      ]),
    ),
    "",
  ];
}

/** The groups in the order both files show their counts. */
function groups(c: Comparison): [string, CheckPair[]][] {
  return [
    ["regressions", c.regressions],
    ["new failures", c.newFailures],
    ["fixed", c.fixed],
    ["level changed", c.levelChanged],
    ["new checks", c.added],
    ["removed checks", c.removed],
    ["other changes", c.otherChanges],
  ];
}

/** compare.md: the verdict, both sides, the counts, then each group (regressions with their exchanges). */
export function renderCompareMarkdown(c: Comparison): string {
  const sideLine = (n: string, s: Side) =>
    `- ${n}: ${mdCode(s.source)} · ${mdText(s.label)} ${mdCode(s.url)} · started ${mdText(s.startedAt)} · seed ${mdCode(s.seed)} · plumbline ${mdText(s.version)} · ${mdText(s.verdict)}`;
  return [
    `# plumbline report compare: ${mdText(c.a.label)} → ${mdText(c.b.label)}`,
    "",
    `**${mdText(compareVerdict(c))}**`,
    "",
    sideLine("A", c.a),
    sideLine("B", c.b),
    ...(c.differentTargets
      ? [
          `- **different targets**: A ran against ${mdText(c.a.label)}, B against ${mdText(c.b.label)}; the checks are compared all the same`,
        ]
      : []),
    "",
    mdTable(
      groups(c).map(([name]) => name),
      [groups(c).map(([, g]) => String(g.length))],
      groups(c).map(() => "r" as const),
    ),
    "",
    ...(c.newMustFailures.length
      ? [
          "MUST failures B has and A did not (each fails this gate):",
          "",
          ...c.newMustFailures.map((p) => `- ${mdText(p.name)} (A: ${mdText(outcomeOf(p.a))})`),
          "",
        ]
      : []),
    ...detailed("Regressions: passed in A, failed in B", c.regressions),
    ...detailed("New failures: failed in B; skipped, errored or not run in A", c.newFailures),
    ...listed("Fixed: failed in A, passed in B", c.fixed),
    ...listed("Level changed", c.levelChanged),
    ...listed("New checks (in B only)", c.added),
    ...listed("Removed checks (in A only)", c.removed),
    ...listed("Other changes of outcome", c.otherChanges),
  ].join("\n");
}

// ---- compare.html: the same, with each regression's exchanges in two columns ----

const BODY_CAP = 8000;

/** One exchange as the conformance page shows it: request line, status, curl, the answer's body. */
function exchangeHtml(x: Exchange): string {
  const status = x.error ? `no response: ${x.error}` : `${x.status ?? "?"}`;
  const body = x.responseBody === undefined ? undefined : bodyPreview(x.responseBody, BODY_CAP);
  return `<p><code>${escapeHtml(`${x.method} ${x.url}`)}</code> → <b>${escapeHtml(status)}</b> (${escapeHtml(formatDuration(x.durationMs))})</p>${x.curl ? `<pre>${escapeHtml(x.curl)}</pre>` : ""}${body ? `<p class="muted">response body (${escapeHtml(formatBytes(body.size))}${body.truncated ? ", trimmed" : ""})</p><pre>${escapeHtml(body.text)}${body.truncated ? "\n…" : ""}</pre>` : ""}`;
}

function sideHtml(name: string, c: SeenCheck | undefined, x: Exchange | undefined): string {
  const where = x && c ? `exchange ${c.exchanges.indexOf(x) + 1} of ${c.exchanges.length}` : "";
  return `<div class="side"><h4>${name}: <span class="o ${escapeHtml(c?.outcome ?? "absent")}">${escapeHtml(outcomeOf(c))}</span></h4>${c?.reason ? `<p class="reason">${escapeHtml(c.reason)}</p>` : ""}${x ? `<p class="muted">${where}</p>${exchangeHtml(x)}` : "<p class='muted'>no exchange recorded</p>"}</div>`;
}

function detailedHtml(title: string, pairs: CheckPair[]): string {
  if (!pairs.length) return "";
  return `<h2>${escapeHtml(title)} (${pairs.length})</h2>${pairs
    .map((p) => {
      const c = p.b!;
      const [xa, xb] = besideLast(p.a?.exchanges ?? [], p.b?.exchanges ?? []);
      const tag = [c.level, c.area, c.kind, c.flaky ? "flaky" : ""].filter(Boolean).join(", ");
      return `<section><h3>${escapeHtml(p.name)} <small>(${escapeHtml(tag)})</small></h3><p class="muted"><code>${escapeHtml(c.file)}</code></p><div class="cols">${sideHtml("A", p.a, xa)}${sideHtml("B", p.b, xb)}</div></section>`;
    })
    .join("")}`;
}

function listedHtml(title: string, pairs: CheckPair[]): string {
  if (!pairs.length) return "";
  return `<h2>${escapeHtml(title)} (${pairs.length})</h2><table><thead><tr><th>check</th><th>level</th><th>A</th><th>B</th></tr></thead><tbody>${pairs
    .map(
      (p) =>
        `<tr><td>${escapeHtml(p.name)}</td><td>${escapeHtml(p.a && p.b && p.a.level !== p.b.level ? `${p.a.level} → ${p.b.level}` : (p.b ?? p.a)!.level)}</td><td>${escapeHtml(outcomeOf(p.a))}</td><td>${escapeHtml(outcomeOf(p.b))}</td></tr>`,
    )
    .join("")}</tbody></table>`;
}

const CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}main{max-width:1500px;margin:0 auto;padding:1em 1.5em}
.verdict{font-size:1.15em;padding:.6em .9em;border-radius:6px;border-left:8px solid #2e7d32;background:#e8f5e9}.verdict.bad{border-color:#c62828;background:#fdecea}
table{border-collapse:collapse;background:#fff}td,th{border:1px solid #d0d5dd;padding:3px 6px;text-align:left;vertical-align:top}
section{background:#fff;border:1px solid #d0d5dd;border-radius:4px;padding:.2em .8em .6em;margin:.8em 0}.cols{display:grid;grid-template-columns:1fr 1fr;gap:1em}
.side{min-width:0}pre{background:#f0f2f5;padding:.5em;overflow:auto;max-height:24em;white-space:pre-wrap;word-break:break-word;font-size:12px}
.muted{color:#5b6472}.reason{font-size:13px}.o{padding:0 5px;border-radius:3px;color:#fff}.o.pass{background:#2e7d32}.o.fail{background:#c62828}.o.skip,.o.absent{background:#9aa3af}.o.error{background:#ef8f00}`;

/** compare.html: static, self-contained, no script and no request (its CSP allows neither). */
export function renderCompareHtml(c: Comparison): string {
  const csp = "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'";
  const side = (n: string, s: Side) =>
    `<li><b>${n}</b>: <code>${escapeHtml(s.source)}</code> · ${escapeHtml(s.label)} <code>${escapeHtml(s.url)}</code> · started ${escapeHtml(s.startedAt)} · seed <code>${escapeHtml(s.seed)}</code> · plumbline ${escapeHtml(s.version)} · ${escapeHtml(s.verdict)}</li>`;
  const counts = groups(c)
    .map(([name]) => `<th>${escapeHtml(name)}</th>`)
    .join("");
  const numbers = groups(c)
    .map(([, g]) => `<td>${g.length}</td>`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`plumbline report compare: ${c.a.label} → ${c.b.label}`)}</title><style>${CSS}</style></head>
<body><main>
<h1>plumbline report compare: ${escapeHtml(c.a.label)} → ${escapeHtml(c.b.label)}</h1>
<p class="verdict${c.newMustFailures.length ? " bad" : ""}">${escapeHtml(compareVerdict(c))}</p>
<ul>${side("A", c.a)}${side("B", c.b)}${c.differentTargets ? `<li><b>different targets</b>: A ran against ${escapeHtml(c.a.label)}, B against ${escapeHtml(c.b.label)}; the checks are compared all the same</li>` : ""}</ul>
<table><thead><tr>${counts}</tr></thead><tbody><tr>${numbers}</tr></tbody></table>
${detailedHtml("Regressions: passed in A, failed in B", c.regressions)}
${detailedHtml("New failures: failed in B; skipped, errored or not run in A", c.newFailures)}
${listedHtml("Fixed: failed in A, passed in B", c.fixed)}
${listedHtml("Level changed", c.levelChanged)}
${listedHtml("New checks (in B only)", c.added)}
${listedHtml("Removed checks (in A only)", c.removed)}
${listedHtml("Other changes of outcome", c.otherChanges)}
</main></body></html>
`;
}

export const COMPARE_FILES = ["compare.md", "compare.html", "compare.json"] as const;

/** compare.md, compare.html and compare.json (the comparison, both sides' checks included). */
export function compareFiles(c: Comparison): Record<(typeof COMPARE_FILES)[number], string> {
  return {
    "compare.md": renderCompareMarkdown(c),
    "compare.html": renderCompareHtml(c),
    "compare.json": `${JSON.stringify(c, null, 2)}\n`,
  };
}
