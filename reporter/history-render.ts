// history.md and history.html of `plumbline history`: per target, the line to read first (is the
// latest run worse than the one before, how many checks are flaky), the flaky list, what changed
// between the last two runs, the runs, a timeline per area and a strip per check. The page is
// static and self-contained: CSS strips and inline SVG timelines, no script, no request (its
// Content-Security-Policy allows neither); every text from a report is escaped.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { CheckPair } from "./compare.ts";
import type { HistoryEntry } from "./history-store.ts";
import type {
  AreaTimeline,
  CheckStrip,
  FlakyCheck,
  HistoryView,
  StripCell,
  TargetHistory,
} from "./history.ts";
import { escapeHtml } from "./html.ts";
import { mdCode, mdTable, mdText } from "./md.ts";
import { SYMBOL } from "./text.ts";
import { writeAtomic } from "./history-store.ts";

export const HISTORY_FILES = ["history.html", "history.md"] as const;

const cellSymbol = (c: StripCell) =>
  c.outcome === "absent" ? "·" : `${SYMBOL[c.outcome]}${c.flaky ? "~" : ""}`;
const stripText = (cells: StripCell[]) => cells.map(cellSymbol).join("");
const runName = (e: HistoryEntry, i: number) =>
  `run ${i + 1} · ${e.startedAt} · seed ${e.seed} · plumbline ${e.version}`;

// ---- Markdown ----

function mdRuns(t: TargetHistory): string[] {
  return [
    `### Runs (${t.runs.length} shown of ${t.keptRuns} kept)`,
    "",
    mdTable(
      [
        "#",
        "started",
        "plumbline",
        "seed",
        "verdict",
        "pass",
        "fail",
        "skip",
        "error",
        "flaky",
        "run file",
      ],
      t.runs.map((e, i) => [
        String(i + 1),
        mdText(e.startedAt),
        mdText(e.version),
        mdCode(e.seed),
        e.verdict === "pass" ? "PASS" : e.verdict === "fail" ? "**FAIL**" : "INCOMPLETE",
        String(e.counts.pass),
        String(e.counts.fail),
        String(e.counts.skip),
        String(e.counts.error),
        String(e.flaky),
        mdCode(`runs/${e.id.slice(0, 12)}….json.gz`),
      ]),
      ["r", "l", "l", "l", "l", "r", "r", "r", "r", "r", "l"],
    ),
    "",
  ];
}

function mdPairs(title: string, pairs: CheckPair[], flaky: Set<string>): string[] {
  if (!pairs.length) return [];
  return [
    `${title}:`,
    "",
    ...pairs.map(
      (p) =>
        `- ${mdText(p.name)} (${(p.b ?? p.a)!.level}${flaky.has(p.key) ? ", flaky" : ""})${p.b?.reason && p.b.outcome === "fail" ? `: ${mdText(p.b.reason.split("\n")[0]!.slice(0, 200))}` : ""}`,
    ),
    "",
  ];
}

function mdChanges(t: TargetHistory): string[] {
  const c = t.changes;
  if (!c) return [];
  const flaky = new Set(t.flaky.map((f) => f.key));
  const none = !c.regressions.length && !c.newFailures.length && !c.fixed.length;
  return [
    "### Changed since the run before",
    "",
    ...(none ? ["No check changed between passing and failing.", ""] : []),
    ...mdPairs("Regressions (passed, now fail)", c.regressions, flaky),
    ...mdPairs("New failures (skipped, errored or not run before)", c.newFailures, flaky),
    ...mdPairs("Fixed (failed, now pass)", c.fixed, flaky),
  ];
}

function mdFlaky(flaky: FlakyCheck[]): string[] {
  return [
    `### Flaky checks (${flaky.length})`,
    "",
    ...(flaky.length
      ? [
          mdTable(
            ["check", "level", "runs (oldest → latest)", "why"],
            flaky.map((f) => [mdText(f.name), f.level, mdCode(stripText(f.cells)), mdText(f.why)]),
          ),
        ]
      : ["None: no check passed and failed by turns, none was marked flaky inside a run."]),
    "",
  ];
}

function mdAreas(areas: AreaTimeline[]): string[] {
  return [
    "### Areas: passed / failed per run (oldest → latest)",
    "",
    mdTable(
      ["area", "pass/fail per run"],
      areas.map((a) => [mdText(a.area), a.counts.map((c) => `${c.pass}/${c.fail}`).join(" · ")]),
    ),
    "",
  ];
}

function mdStrips(strips: CheckStrip[]): string[] {
  const moving = strips.filter((s) => !s.steady);
  const steady = strips.length - moving.length;
  return [
    `### Checks whose outcome changed (${moving.length}; ${steady} the same in every run)`,
    "",
    ...(moving.length
      ? [
          mdTable(
            ["check", "level", "runs (oldest → latest)"],
            moving.map((s) => [mdText(s.name), s.level, mdCode(stripText(s.cells))]),
          ),
          "",
          "✅ pass · ❌ fail · ⏭ skip · ⚠ error · `·` not run · `~` marked flaky inside the run",
        ]
      : ["None."]),
    "",
  ];
}

export function renderHistoryMarkdown(h: HistoryView): string {
  const out = [
    "# plumbline run history",
    "",
    `${h.targets.reduce((n, t) => n + t.keptRuns, 0)} runs kept in ${mdCode(h.dir)}; the last ${h.last} of each target shown.`,
    "",
    ...h.warnings.map((w) => `- warning: ${mdText(w)}`),
    ...(h.warnings.length ? [""] : []),
  ];
  if (!h.targets.length) out.push("No run kept yet.", "");
  for (const t of h.targets)
    out.push(
      `## ${mdText(t.target)}`,
      "",
      `**${mdText(t.glance)}**`,
      "",
      ...mdChanges(t),
      ...mdFlaky(t.flaky),
      ...mdRuns(t),
      ...mdAreas(t.areas),
      ...mdStrips(t.strips),
    );
  return out.join("\n");
}

// ---- HTML ----

const CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
main{max-width:1360px;margin:0 auto;padding:1em 1.5em}h1{margin:.3em 0}h2{margin:1.2em 0 .4em;border-bottom:2px solid #d0d5dd}
h3{margin:1em 0 .4em}.muted{color:#5b6472}.glance{font-size:1.15em;padding:.6em .9em;border-radius:6px;border-left:8px solid #8a94a6;background:#fff}
.glance.worse{border-color:#c62828;background:#fdecea}.glance.mixed{border-color:#ef8f00;background:#fff4e0}.glance.better{border-color:#2e7d32;background:#e8f5e9}
table{border-collapse:collapse;background:#fff}td,th{border:1px solid #d0d5dd;padding:3px 6px;text-align:left;vertical-align:middle}
td.n{text-align:right;font-variant-numeric:tabular-nums}.name{word-break:break-word}.why{width:30%;font-size:12px;word-break:break-word}
table.list{width:100%}
.strip{display:inline-flex;gap:2px;vertical-align:middle}.cell{display:inline-block;width:14px;height:18px;border-radius:2px;box-sizing:border-box}
.pass{background:#2e7d32}.fail{background:#c62828}.skip{background:#9aa3af}.error{background:#ef8f00}.absent{background:#fff;border:1px dashed #9aa3af}
.cell.flaky{background-image:repeating-linear-gradient(45deg,transparent 0 3px,rgba(255,255,255,.65) 3px 5px)}
.v{display:inline-block;padding:0 6px;border-radius:3px;color:#fff;font-weight:600}.v.pass{background:#2e7d32}.v.fail{background:#c62828}.v.error{background:#ef8f00}
.areas{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:.6em}.area{background:#fff;border:1px solid #d0d5dd;border-radius:4px;padding:.4em .6em}
.area h4{margin:0 0 .2em;font-size:13px}details{margin:.3em 0}summary{cursor:pointer}.legend .cell{margin:0 3px 0 10px;vertical-align:middle}
code{font-size:12px}
svg .pass{fill:#2e7d32}svg .fail{fill:#c62828}svg .skip{fill:#9aa3af}svg .error{fill:#ef8f00}`;

function stripHtml(cells: StripCell[], runs: HistoryEntry[]): string {
  return `<span class="strip">${cells
    .map((c, i) => {
      const tip = `${runName(runs[i]!, i)}: ${c.outcome === "absent" ? "not run" : c.outcome}${c.flaky ? " (marked flaky inside the run)" : ""}${c.reason ? ` · ${c.reason.split("\n")[0]!.slice(0, 300)}` : ""}`;
      return `<span class="cell ${c.outcome}${c.flaky ? " flaky" : ""}" title="${escapeHtml(tip)}"></span>`;
    })
    .join("")}</span>`;
}

/** A timeline of one area: a stacked bar per run (pass, fail, error, skip), scaled to the area's largest run. */
function timelineSvg(a: AreaTimeline, runs: HistoryEntry[]): string {
  const bar = 14;
  const gap = 4;
  const h = 44;
  const max = Math.max(1, ...a.counts.map((c) => c.pass + c.fail + c.skip + c.error));
  const bars = a.counts
    .map((c, i) => {
      let y = h;
      const x = i * (bar + gap);
      const parts = (["pass", "fail", "error", "skip"] as const).map((o) => {
        const ph = (c[o] / max) * h;
        y -= ph;
        return ph > 0
          ? `<rect x="${x}" y="${y.toFixed(1)}" width="${bar}" height="${ph.toFixed(1)}" class="${o}"/>`
          : "";
      });
      const tip = `${runName(runs[i]!, i)}: ${c.pass} pass, ${c.fail} fail, ${c.skip} skip, ${c.error} error`;
      return `<g><title>${escapeHtml(tip)}</title><rect x="${x}" y="0" width="${bar}" height="${h}" fill="#f0f2f5"/>${parts.join("")}</g>`;
    })
    .join("");
  const w = a.counts.length * (bar + gap);
  return `<svg role="img" aria-label="${escapeHtml(`${a.area}: pass and fail counts per run`)}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${bars}</svg>`;
}

/** Rows of a table, the first `shown` at once and the rest behind one "n more" (the page stays a glance). */
function capped(rows: string[], shown = 10): string {
  const head = `<table class="list"><tbody>${rows.slice(0, shown).join("")}</tbody></table>`;
  const rest = rows.slice(shown);
  return rest.length
    ? `${head}<details><summary>${rest.length} more</summary><table class="list"><tbody>${rest.join("")}</tbody></table></details>`
    : head;
}

function htmlPairs(
  title: string,
  pairs: CheckPair[],
  t: TargetHistory,
  flaky: Set<string>,
): string {
  if (!pairs.length) return "";
  const strips = new Map(t.strips.map((s) => [s.key, s]));
  return `<h4>${escapeHtml(title)} (${pairs.length})</h4>${capped(
    pairs.map((p) => {
      const s = strips.get(p.key);
      const reason = p.b?.outcome === "fail" ? (p.b.reason ?? "") : (p.a?.reason ?? "");
      return `<tr><td>${s ? stripHtml(s.cells, t.runs) : ""}</td><td>${escapeHtml((p.b ?? p.a)!.level)}${flaky.has(p.key) ? " · <b>flaky</b>" : ""}</td><td class="name">${escapeHtml(p.name)}</td><td class="why muted">${escapeHtml(reason.split("\n")[0]!.slice(0, 300))}</td></tr>`;
    }),
  )}`;
}

function htmlTarget(t: TargetHistory): string {
  const c = t.changes;
  const flakyKeys = new Set(t.flaky.map((f) => f.key));
  const flaky = t.flaky.length
    ? capped(
        t.flaky.map(
          (f) =>
            `<tr><td>${stripHtml(f.cells, t.runs)}</td><td>${escapeHtml(f.level)}</td><td class="name">${escapeHtml(f.name)}</td><td class="why muted">${escapeHtml(f.why)}</td></tr>`,
        ),
        20,
      )
    : `<p>None: no check passed and failed by turns, none was marked flaky inside a run.</p>`;
  const changes = c
    ? c.regressions.length + c.newFailures.length + c.fixed.length
      ? htmlPairs("Regressions: passed, now fail", c.regressions, t, flakyKeys) +
        htmlPairs("New failures: skipped, errored or not run before", c.newFailures, t, flakyKeys) +
        htmlPairs("Fixed: failed, now pass", c.fixed, t, flakyKeys)
      : "<p>No check changed between passing and failing.</p>"
    : "<p>Nothing to compare with.</p>";
  const runs = `<table><thead><tr><th>#</th><th>started</th><th>plumbline</th><th>seed</th><th>verdict</th><th>pass</th><th>fail</th><th>skip</th><th>error</th><th>flaky</th><th>run file</th></tr></thead><tbody>${t.runs
    .map(
      (e, i) =>
        `<tr><td class="n">${i + 1}</td><td>${escapeHtml(e.startedAt)}</td><td>${escapeHtml(e.version)}</td><td><code>${escapeHtml(e.seed)}</code></td><td><span class="v ${escapeHtml(e.verdict)}">${e.verdict === "pass" ? "PASS" : e.verdict === "fail" ? "FAIL" : "INCOMPLETE"}</span></td><td class="n">${e.counts.pass}</td><td class="n">${e.counts.fail}</td><td class="n">${e.counts.skip}</td><td class="n">${e.counts.error}</td><td class="n">${e.flaky}</td><td><code title="${escapeHtml(e.id)}">runs/${escapeHtml(e.id.slice(0, 12))}…</code></td></tr>`,
    )
    .join("")}</tbody></table>`;
  const areas = `<div class="areas">${t.areas
    .map((a) => {
      const l = a.counts.at(-1)!;
      return `<div class="area"><h4>${escapeHtml(a.area)} <span class="muted">latest: ${l.pass} pass, ${l.fail} fail</span></h4>${timelineSvg(a, t.runs)}</div>`;
    })
    .join("")}</div>`;
  const byArea = new Map<string, CheckStrip[]>();
  for (const s of t.strips) byArea.set(s.area, [...(byArea.get(s.area) ?? []), s]);
  const rows = (ss: CheckStrip[]) =>
    `<table class="list"><tbody>${ss.map((s) => `<tr><td>${stripHtml(s.cells, t.runs)}</td><td>${escapeHtml(s.level)}</td><td class="name">${escapeHtml(s.name)}</td></tr>`).join("")}</tbody></table>`;
  const strips = [...byArea]
    .map(([area, ss]) => {
      const moving = ss.filter((s) => !s.steady);
      const steady = ss.filter((s) => s.steady);
      return `<details${moving.length ? " open" : ""}><summary><b>${escapeHtml(area)}</b>: ${moving.length} changed, ${steady.length} the same in every run</summary>${moving.length ? rows(moving) : ""}${steady.length ? `<details><summary>${steady.length} the same in every run</summary>${rows(steady)}</details>` : ""}</details>`;
    })
    .join("");
  return `<section><h2>${escapeHtml(t.target)}</h2>
<p class="glance ${t.trend}">${escapeHtml(t.glance)}</p>
<h3>Changed since the run before</h3>${changes}
<h3>Flaky checks (${t.flaky.length})</h3>${flaky}
<h3>Runs (${t.runs.length} shown of ${t.keptRuns} kept)</h3>${runs}
<h3>Areas: pass and fail per run</h3>${areas}
<h3>Checks: one cell per run, oldest to latest</h3>${strips}</section>`;
}

export function renderHistoryHtml(h: HistoryView): string {
  const csp =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'";
  const legend = `<p class="legend">${(["pass", "fail", "skip", "error", "absent"] as const)
    .map((o) => `<span class="cell ${o}"></span>${o === "absent" ? "not run" : o}`)
    .join("")}<span class="cell fail flaky"></span>marked flaky inside the run</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>plumbline run history</title><style>${CSS}</style></head>
<body><main>
<h1>plumbline run history</h1>
<p class="muted">${h.targets.reduce((n, t) => n + t.keptRuns, 0)} runs kept in <code>${escapeHtml(h.dir)}</code>; the last ${h.last} of each target shown. Hover a cell for its run and reason.</p>
${h.warnings.length ? `<ul>${h.warnings.map((w) => `<li>warning: ${escapeHtml(w)}</li>`).join("")}</ul>` : ""}
${legend}
${h.targets.length ? h.targets.map(htmlTarget).join("\n") : "<p>No run kept yet.</p>"}
</main></body></html>
`;
}

/** Writes history.html and history.md into dir (each atomically); returns their paths. */
export function writeHistory(h: HistoryView, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    ["history.html", renderHistoryHtml(h)],
    ["history.md", renderHistoryMarkdown(h)],
  ];
  return files.map(([name, text]) => {
    writeAtomic(join(dir, name), text);
    return join(dir, name);
  });
}
