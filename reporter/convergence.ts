// Two tables of issue 31, computed from the checks' records and written into every report:
// - Convergence (INFO): every read after a write a check judged within the convergence window
//   (harness/settle.ts, `CheckMeta.settled`): per oracle and per resource kind, how many judgments,
//   how many agreed only on a later read (the lag), and the lag's percentiles; a judgment that never
//   agreed within the window is the check's failure, counted here too.
// - Races: resource kind × race rule (CONV-RACE-1 unique value, -2 stated limit, -3 partial updates,
//   -4 a delete racing an update; suites/invariants/races.serial.test.ts), each cell its checks' worst.
import type { Settled } from "../harness/model.ts";
import type { Convergence, ConvergenceRow, RaceMatrix } from "./convergence-types.ts";
import { worst } from "./rollup.ts";
import { escapeHtml, LEGEND, SYMBOL } from "./text.ts";
import type { ReportCheck, RunReport } from "./types.ts";

/** The value at percentile `p` of sorted values (nearest rank). */
export function percentile(sorted: number[], p: number): number | undefined {
  if (!sorted.length) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function row(key: string, settles: Settled[]): ConvergenceRow {
  const lags = settles
    .filter((s) => s.converged && s.lagMs > 0)
    .map((s) => s.lagMs)
    .sort((a, b) => a - b);
  const never = settles.filter((s) => !s.converged).length;
  return {
    key,
    judged: settles.length,
    lagged: lags.length + never,
    neverConverged: never,
    ...(lags.length
      ? {
          p50: percentile(lags, 50),
          p90: percentile(lags, 90),
          p99: percentile(lags, 99),
          max: lags.at(-1),
        }
      : {}),
  };
}

function grouped(settles: Settled[], by: (s: Settled) => string): ConvergenceRow[] {
  const groups = new Map<string, Settled[]>();
  for (const s of settles) {
    const k = by(s);
    const g = groups.get(k);
    if (g) g.push(s);
    else groups.set(k, [s]);
  }
  return [...groups.entries()]
    .map(([k, g]) => row(k, g))
    .sort((a, b) => b.lagged - a.lagged || b.judged - a.judged || a.key.localeCompare(b.key));
}

/** The convergence table; undefined when no check judged a read after a write. */
export function computeConvergence(
  checks: ReportCheck[],
  windowMs?: number,
): Convergence | undefined {
  const settles = checks.flatMap((c) =>
    (c.settled ?? []).map((s) => ({ ...s, kind: s.kind ?? c.resource })),
  );
  if (!settles.length) return undefined;
  return {
    ...(windowMs !== undefined ? { windowMs } : {}),
    all: row("all", settles),
    byOracle: grouped(settles, (s) => s.oracle),
    byKind: grouped(settles, (s) => s.kind ?? "(no kind)"),
  };
}

export type { Convergence, ConvergenceRow, RaceMatrix };

// ---- races ------------------------------------------------------------------------------------

export const RACE_RULES: Record<string, string> = {
  "CONV-RACE-1": "unique value",
  "CONV-RACE-2": "stated limit",
  "CONV-RACE-3": "partial updates",
  "CONV-RACE-4": "delete vs update",
};

/** Resource kind × race rule; undefined when no race check ran. */
export function computeRaces(checks: ReportCheck[]): RaceMatrix | undefined {
  const cells: RaceMatrix["cells"] = {};
  const rules = new Set<string>();
  checks.forEach((c, i) => {
    const rule = c.requirementIds.find((id) => id in RACE_RULES);
    if (!rule || !c.resource) return;
    rules.add(rule);
    ((cells[c.resource] ??= {})[rule] ??= { outcome: "untested", checks: [] }).checks.push(i);
  });
  if (!rules.size) return undefined;
  for (const r of Object.values(cells))
    for (const cell of Object.values(r))
      cell.outcome = worst(cell.checks.map((i) => checks[i]!.outcome));
  return { rules: [...rules].sort(), kinds: Object.keys(cells).sort(), cells };
}

// ---- Markdown ---------------------------------------------------------------------------------

const ms = (n: number | undefined) => (n === undefined ? "—" : `${n}`);
const table = (head: string[], rows: string[][]) =>
  [head, head.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
const cells = (r: ConvergenceRow) => [
  `${r.judged}`,
  `${r.lagged}`,
  `${r.neverConverged}`,
  ms(r.p50),
  ms(r.p90),
  ms(r.p99),
  ms(r.max),
];
const HEAD = [
  "reads judged",
  "agreed later",
  "never within the window",
  "lag p50 ms",
  "p90",
  "p99",
  "max",
];

export function convergenceMd(r: RunReport): string[] {
  const c = r.convergence;
  if (!c) return [];
  const window =
    c.windowMs !== undefined
      ? `the convergence window (\`--settle\`) of ${c.windowMs} ms`
      : "the convergence window (`--settle`)";
  return [
    "## Convergence (INFO)",
    "",
    `Every read after a write (read-your-writes, list = view, delete is complete, hierarchy, events of a write, tags) is read again within ${window} while it disagrees with the write. ${c.all.judged} reads judged, ${c.all.lagged} agreed only on a later read, ${c.all.neverConverged} never did (those checks failed). Lag percentiles are of the reads that agreed later. How soon a write shows is not shown in the material: this is observed, never a verdict.`,
    "",
    table(
      ["oracle", ...HEAD],
      c.byOracle.map((x) => [x.key, ...cells(x)]),
    ),
    "",
    table(
      ["kind", ...HEAD],
      c.byKind.map((x) => [`\`${x.key}\``, ...cells(x)]),
    ),
    "",
  ];
}

export function racesMd(r: RunReport): string[] {
  const m = r.races;
  if (!m) return [];
  return [
    "## Races: resource kind × race rule",
    "",
    `Requests sent together on purpose (side-effect class \`concurrent\`): a rule a single client keeps must hold for several at once. ${LEGEND}.`,
    "",
    table(
      ["kind", ...m.rules.map((id) => `${RACE_RULES[id]} (\`${id}\`)`)],
      m.kinds.map((k) => [
        `\`${k}\``,
        ...m.rules.map((id) => (m.cells[k]?.[id] ? SYMBOL[m.cells[k]![id]!.outcome] : "")),
      ]),
    ),
    "",
  ];
}

// ---- HTML -------------------------------------------------------------------------------------

/** The page's glyphs (every font has them; the Markdown's emoji are not in every browser's fonts). */
const PAGE_SYMBOL: Record<string, string> = {
  pass: "✓",
  fail: "✗",
  skip: "○",
  error: "⚠",
  untested: "·",
};

const tr = (cls: string, values: string[]) =>
  `<tr>${values.map((v, i) => `<td${i === 0 ? ` class="${cls}"` : ""}>${escapeHtml(v)}</td>`).join("")}</tr>`;

export function convergenceHtml(r: RunReport): string {
  const c = r.convergence;
  if (!c) return "";
  const head = `<thead><tr><th></th>${HEAD.map((h) => `<th>${escapeHtml(h)}</th>`).join("")}</tr></thead>`;
  const part = (title: string, rows: ConvergenceRow[]) =>
    `<table class="convergence"><caption>${escapeHtml(title)}</caption>${head}<tbody>${rows.map((x) => tr("key", [x.key, ...cells(x)])).join("")}</tbody></table>`;
  return `<section id="convergence"><h2>Convergence <small>INFO · ${c.all.judged} reads judged, ${c.all.lagged} agreed later, ${c.all.neverConverged} never within the window${c.windowMs !== undefined ? ` of ${c.windowMs} ms` : ""}</small></h2><p class="note">Every read after a write is read again within the convergence window (<code>--settle</code>) while it disagrees with the write; the lag (percentiles of the reads that agreed later) is observed, never a verdict: the material does not say how soon a write shows.</p><div class="list">${part("by oracle", c.byOracle)}${part("by resource kind", c.byKind)}</div></section>`;
}

export function racesHtml(r: RunReport): string {
  const m = r.races;
  if (!m) return "";
  const head = `<thead><tr><th>kind</th>${m.rules.map((id) => `<th title="${escapeHtml(id)}">${escapeHtml(RACE_RULES[id] ?? id)}</th>`).join("")}</tr></thead>`;
  const rows = m.kinds.map((k) => {
    const tds = m.rules.map((id) => {
      const cell = m.cells[k]?.[id];
      if (!cell) return "<td></td>";
      const first = r.checks[cell.checks[0]!]!;
      return `<td class="cell ${escapeHtml(cell.outcome)}" title="${escapeHtml(`${cell.outcome}: ${first.name}${first.reason ? ` — ${first.reason}` : ""}`)}"><button type="button" class="linkish" data-checks="${cell.checks.join(",")}" data-title="${escapeHtml(`${k} × ${RACE_RULES[id] ?? id}`)}">${escapeHtml(PAGE_SYMBOL[cell.outcome] ?? cell.outcome)}</button></td>`;
    });
    return `<tr><td><code>${escapeHtml(k)}</code></td>${tds.join("")}</tr>`;
  });
  return `<section id="races"><h2>Races: resource kind × race rule <small>${m.kinds.length} kinds</small></h2><p class="note">Requests sent together on purpose (side-effect class <code>concurrent</code>): N creates with one unique value, N requests past a stated limit, two updates naming different members, a delete racing an update.</p><div class="matrix-wrap"><table class="matrix races">${head}<tbody>${rows.join("")}</tbody></table></div></section>`;
}
