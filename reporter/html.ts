// conformance.html: one self-contained page (inline CSS and JS, no network): summary bar, heat-map
// matrix with filters, drill-down to every exchange. The report is embedded as JSON (with every
// `<`, `>`, `&` and line separator escaped, so no body can close the script element), in two
// blocks: the report without its exchanges before the page's script, the exchanges (pooled,
// reporter/pool.ts) after it, read when a card first opens; the lists below the matrix draw their
// first rows at once and the rest when the page is idle, so a run ten times larger opens as fast.
// The page's script builds the DOM with textContent only, and a Content-Security-Policy with a
// per-page nonce forbids any other script and any request.
import { campaignHtml } from "./campaign.ts";
import { poolValues } from "./pool.ts";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Exchange } from "../harness/model.ts";
import { verdictLine } from "./gate.ts";
import { OUTCOME_ORDER } from "./rollup.ts";
import {
  bodyPreview,
  cellWhere,
  checkTitle,
  FAMILY_NAMES,
  observedText,
  quoted,
  formatDuration,
  rerunsText,
  escapeHtml,
  type Preview,
} from "./text.ts";
import { backOffLines, concurrencyText, curveText, limitsText, tooManyText } from "./traffic.ts";
import type { Traffic } from "./types.ts";
import { rejudgeLine } from "./rejudge.ts";
import { convergenceHtml, racesHtml } from "./convergence.ts";
import {
  MEMBER_FILL_AIM,
  MEMBER_WORDS,
  QUESTION_HEADS,
  QUESTION_WORDS,
  memberCountsText,
  memberNotes,
  noteWhere,
} from "./members.ts";
import { GENERIC_FAMILIES, type RunReport } from "./types.ts";

const CSS = readFileSync(new URL("./html.css", import.meta.url), "utf8");
const CLIENT = readFileSync(new URL("./html-client.js", import.meta.url), "utf8");
const BODY_CAP = 8000;
const PASS_BODY_CAP = 1500;

export { escapeHtml };

/** What JSON.stringify leaves raw that must not stay so inside a <script> element. */
const SCRIPT_UNSAFE: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
  "\uFFFE": "\uFFFD",
  "\uFFFF": "\uFFFD",
};

/**
 * JSON safe inside a <script> element: nothing in it can end the element or open a comment. One
 * pass over the text (it is most of a 10 MB page): JSON.stringify already escapes control
 * characters and lone surrogates, so the noncharacters are all stripInvalidChars would change.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029\uFFFE\uFFFF]/g, (c) => SCRIPT_UNSAFE[c]);
}

export type PageExchange = Omit<Exchange, "requestBody" | "responseBody" | "curl"> & {
  /** `json`: the body was a JSON value (its text pretty-printed), not a string */
  requestBody?: Preview & { json?: true };
  responseBody?: Preview;
  /** absent: the page makes it again (pageCurl); null: the exchange had none */
  curl?: string | null;
};

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The curl line as the page's script makes it again from what the page holds (html-client.js
 * curlOf, the same steps as harness/redact.ts toCurl); undefined when it cannot (a body cut in
 * the preview). The page leaves a curl out only when this gives it back exactly.
 */
export function pageCurl(x: PageExchange): string | undefined {
  if (typeof x.method !== "string" || typeof x.url !== "string") return undefined;
  const h = x.requestHeaders as unknown;
  if (h === null || typeof h !== "object" || Array.isArray(h)) return undefined;
  const parts = ["curl", "-sS", "-i", "-X", x.method.toUpperCase(), sq(x.url)];
  for (const k of Object.keys(x.requestHeaders))
    parts.push(
      "-H",
      k.toLowerCase() === "authorization"
        ? `"Authorization: Bearer $PLUMBLINE_TOKEN"`
        : sq(`${k}: ${x.requestHeaders[k]}`),
    );
  const b = x.requestBody;
  if (b) {
    if (b.truncated) return undefined;
    let data = b.text;
    if (b.json)
      try {
        data = JSON.stringify(JSON.parse(b.text));
      } catch {
        return undefined;
      }
    parts.push("--data-raw", sq(data));
  }
  return parts.join(" ");
}

/** An exchange as the page holds it: bodies as capped previews, curl left out when the page makes it again. */
function pageExchange(
  x: Exchange,
  cap: number,
  preview: (body: unknown, cap: number) => Preview,
): PageExchange {
  const { requestBody, responseBody, ...e } = x;
  const out: PageExchange = { ...e };
  if (requestBody !== undefined)
    out.requestBody = {
      ...preview(requestBody, cap),
      ...(typeof requestBody !== "string" ? { json: true as const } : {}),
    };
  if (responseBody !== undefined) out.responseBody = preview(responseBody, cap);
  if (typeof x.curl !== "string") out.curl = null;
  else if (pageCurl(out) === x.curl) delete out.curl;
  return out;
}

/** The members of a check the page never reads: kept in conformance.json, left out of the page. */
const NOT_ON_PAGE = ["oracles", "settled", "fuzz"] as const;

/**
 * The report as the page gets it, in two parts. `data`: everything but the exchanges (each check's
 * `exchanges`, and each kept rerun's, a count), parsed as the page opens. `exchanges`: per check its
 * exchanges, bodies as capped previews (with their full size), and its kept reruns' (`r`, null for
 * none), in pooled form (reporter/pool.ts: what repeats is written once); the page parses it when
 * a check's card first opens, and expands only that check's.
 */
export function pageData(r: RunReport): { data: unknown; exchanges: unknown } {
  const x: PageExchange[][] = [];
  const reruns: (PageExchange[][] | null)[] = [];
  // a body object seen again (a report read back shares its repeated values) is previewed once
  const seen = new Map<number, WeakMap<object, Preview>>();
  const preview = (body: unknown, cap: number): Preview => {
    if (body === null || typeof body !== "object") return bodyPreview(body, cap);
    let byBody = seen.get(cap);
    if (!byBody) seen.set(cap, (byBody = new WeakMap()));
    let p = byBody.get(body);
    if (!p) byBody.set(body, (p = bodyPreview(body, cap)));
    return p;
  };
  const checks = r.checks.map((c) => {
    const cap = c.outcome === "pass" ? PASS_BODY_CAP : BODY_CAP;
    const previews = (list: Exchange[]): PageExchange[] =>
      list.map((e) => pageExchange(e, cap, preview));
    x.push(previews(c.exchanges));
    reruns.push(c.rerunEvidence ? c.rerunEvidence.map((e) => previews(e.exchanges)) : null);
    const observations = c.observations.map((o) => ({
      ...o,
      value: bodyPreview(o.value, 500).text,
    }));
    const light: Record<string, unknown> = {
      ...c,
      exchanges: c.exchanges.length,
      observations,
      ...(c.rerunEvidence
        ? { rerunEvidence: c.rerunEvidence.map((e) => ({ ...e, exchanges: e.exchanges.length })) }
        : {}),
    };
    for (const k of NOT_ON_PAGE) delete light[k];
    return light;
  });
  const observations = r.observations.map((o) => ({ ...o, value: bodyPreview(o.value, 500).text }));
  const pooled = poolValues([{ x, r: reruns }]);
  return {
    data: {
      order: OUTCOME_ORDER,
      verdictLine: verdictLine(r),
      report: { ...r, checks, observations },
    },
    exchanges: { v: pooled.roots[0], pool: pooled.pool },
  };
}

function chip(label: string, n: number, cls: string): string {
  return `<span class="chip ${cls}" title="${escapeHtml(label)}">${escapeHtml(label)} <b>${n}</b></span>`;
}

function summary(r: RunReport): string {
  const g = r.gate;
  const verdict = g.verdict === "pass" ? "PASS" : g.verdict === "fail" ? "FAIL" : "INCOMPLETE";
  const levels = (["MUST", "SHOULD", "INFO"] as const)
    .filter((l) => r.totals[l].total > 0 || l !== "INFO")
    .map((l) => {
      const t = r.totals[l];
      return `<div class="lvl"><span class="lvl-name">${l}</span>${chip("pass", t.pass, "pass")}${chip("fail", t.fail, "fail")}${chip("skip", t.skip, "skip")}${chip("error", t.error, "error")}</div>`;
    })
    .join("");
  const cov = r.coverage.catalogAvailable ? `${r.coverage.summary.percent}%` : "n/a";
  const targets = r.targets
    .map(
      (t) =>
        `<span class="tgt"><b>${escapeHtml(t.label)}</b> <code>${escapeHtml(t.url)}</code> seed <code>${escapeHtml(t.seed)}</code> · ${escapeHtml(formatDuration(t.durationMs))}</span>`,
    )
    .join("");
  const reasons = g.reasons.map((x) => `<li>${escapeHtml(x)}</li>`).join("");
  const leftLine = (l: { what: string; reason: string }) => `${l.what}: ${l.reason}`;
  // what could not be removed is a warning; what the material forbids removing folds into one line
  const stuck = (r.leftOnTarget ?? []).filter((l) => !l.onPurpose);
  const kept = (r.leftOnTarget ?? []).filter((l) => l.onPurpose);
  const warnings = [
    ...g.warningLines,
    ...r.runErrors.map((e) => `run error: ${e}`),
    ...stuck.map((l) => `left on the target (could not remove): ${leftLine(l)}`),
  ]
    .map((x) => `<li>${escapeHtml(x)}</li>`)
    .join("");
  const onPurpose = kept.length
    ? `<details class="left"><summary>${kept.length} resource${kept.length === 1 ? "" : "s"} left on the target on purpose (the material allows no removal)</summary><ul>${kept.map((l) => `<li>${escapeHtml(leftLine(l))}</li>`).join("")}</ul></details>`
    : "";
  const kc = r.coverage.kindCells;
  return `<header class="summary">
  <div class="verdict v-${g.verdict}"><div class="v-word">${verdict}</div><div class="v-exit">exit ${g.exitCode} · gate ${escapeHtml(g.gatedLevels.join("+"))}${r.options.strict ? " · strict" : ""}</div></div>
  <div class="numbers">
    <div class="levels">${levels}</div>
    <div class="big"><div class="big-n">${cov}</div><div class="big-l">requirements exercised${r.coverage.catalogAvailable ? ` (${r.coverage.summary.exercised}/${r.coverage.summary.total})` : ""}</div></div>
    <div class="big"><div class="big-n">${r.matrix.operations.exercised}<small>/${r.matrix.operations.total}</small></div><div class="big-l">operations exercised</div></div>
    ${kc ? `<div class="big" title="${escapeHtml(kc.gaps.map((g) => `${g.operationId} × ${g.kind}`).join(", ") || "no gap")}"><div class="big-n">${kc.filled}<small>/${kc.cells - kc.noRule}</small></div><div class="big-l">operation × rule-kind cells exercised${kc.gaps.length ? `, ${kc.gaps.length} gap${kc.gaps.length === 1 ? "" : "s"}` : ""}</div></div>` : ""}
    <div class="big"><div class="big-n">${r.checks.length}</div><div class="big-l">checks</div></div>
    ${r.reruns ? `<div class="big" title="${escapeHtml(rerunsText(r))}"><div class="big-n">${r.reruns.flaky}</div><div class="big-l">flaky of ${r.reruns.rerun} failing check${r.reruns.rerun === 1 ? "" : "s"} rerun ${r.reruns.roundsRun}× (--flaky ${escapeHtml(r.options.flaky ?? "warn")})${r.reruns.cut ? `, ${r.reruns.cut} not rerun (cap ${r.reruns.cap})` : ""}</div></div>` : ""}
    ${r.fuzz?.properties ? `<div class="big"><div class="big-n">${r.fuzz.cases}</div><div class="big-l">fuzz cases (${r.fuzz.casesPerSecond} per second of property time), ${r.fuzz.counterexamples.length} shrunk counterexample${r.fuzz.counterexamples.length === 1 ? "" : "s"}</div></div>` : ""}
  </div>
  <div class="meta">${targets}<span class="tgt">plumbline ${escapeHtml(r.tool.version)} · API ${escapeHtml(r.apiVersion)} · ${escapeHtml(r.startedAt)}</span>${r.traffic ? `<span class="tgt traffic">${escapeHtml(limitsText(r.traffic))} · ${escapeHtml(tooManyText(r.traffic))}</span>${inFlightHtml(r.traffic)}` : ""}${r.rejudged ? `<span class="tgt rejudged">re-judged offline from ${escapeHtml(r.rejudged.evidence)}: ${escapeHtml(rejudgeLine(r))}</span>` : ""}</div>
  ${reasons ? `<ul class="reasons">${reasons}</ul>` : ""}
  ${warnings ? `<ul class="warnings">${warnings}</ul>` : ""}
  ${onPurpose}
</header>`;
}

/** The page's glyphs (every font has them; html-client.js uses the same), ℹ for an observed cell. */
const PAGE_SYMBOL = { pass: "✓", fail: "✗", skip: "○", error: "⚠", untested: "·" };

/**
 * The generic cells the material does not decide (INFO), one table per family: written into the page
 * (every string escaped), each check's name a button the page's script opens (`data-check`), the
 * clause on hover and in its own column.
 */
export function undecidedHtml(r: RunReport): string {
  const cells = r.undecided ?? [];
  if (!cells.length) return "";
  const multi = r.targets.length > 1;
  const families = [
    ...GENERIC_FAMILIES.filter((f) => cells.some((u) => u.family === f)),
    ...new Set(cells.map((u) => u.family).filter((f) => !GENERIC_FAMILIES.includes(f))),
  ];
  const tables = families.map((f) => {
    const rows = cells
      .filter((u) => u.family === f)
      .map((u) => {
        const c = r.checks[u.check]!;
        const clause = c.clause ? quoted(c.clause) : "";
        const tip = clause ? ` title="${escapeHtml(clause)}"` : "";
        return `<tr><td><button type="button" class="linkish" data-check="${u.check}"${tip}>${escapeHtml(checkTitle(c))}</button></td><td><code>${escapeHtml(cellWhere(c))}</code></td><td class="observed ${c.outcome === "pass" ? "info" : escapeHtml(c.outcome)}" title="${escapeHtml(c.outcome === "pass" ? "observed" : `${c.outcome}${c.reason ? `: ${c.reason}` : ""}`)}">${escapeHtml(observedText(c.outcome, u.status, PAGE_SYMBOL))}</td><td class="clause"${tip}>${clause ? escapeHtml(clause) : "<em>no clause given</em>"}</td>${multi ? `<td>${escapeHtml(u.target ?? "")}</td>` : ""}</tr>`;
      });
    return `<details class="family"><summary><h3>${escapeHtml(FAMILY_NAMES[f] ?? f)} <small>${rows.length}</small></h3></summary><div class="list"><table><thead><tr><th>check</th><th>where</th><th>observed</th><th>why the material leaves it open</th>${multi ? "<th>target</th>" : ""}</tr></thead><tbody>${rows.join("")}</tbody></table></div></details>`;
  });
  return `<section id="undecided"><h2>The material does not decide <small>${cells.length} cell${cells.length === 1 ? "" : "s"}</small></h2><p class="note">Generic cells at level INFO: the material leaves their outcome open, so the target's answer is observed (ℹ, with the status it answered), never judged. Each names the material's words that leave it open (open a family to see its cells).</p>${tables.join("")}</section>`;
}

/** The member grid's glyphs (every font has them); `·` a cell no check gave. */
const MEMBER_PAGE_SYMBOL = {
  pass: "✓",
  fail: "✗",
  info: "ℹ",
  empty: "—",
  "n/a": "∅",
  missing: "·",
};

/** The member grid's classes (`.empty` is the page's "nothing here" text, so an empty cell is `.blank`). */
const MEMBER_CLASS = {
  pass: "pass",
  fail: "fail",
  info: "info",
  empty: "blank",
  "n/a": "missing",
  missing: "missing",
};

/** A kind's table is open when it has a failing cell, or when the grid is short; folded otherwise. */
const OPEN_KINDS = 4;

/**
 * Resource kind × member as a grid written into the page (every string escaped): per kind a folded
 * table (members × the four questions), its summary the counts and a strip of every cell; each
 * cell's note, level and checks on hover (`title`), its checks' cards on click (`data-checks`);
 * every fail, INFO, empty or unrecorded cell numbered to its note under the table.
 */
export function membersHtml(r: RunReport): string {
  const m = r.memberMatrix;
  if (!m) return "";
  const labels = r.targets.length > 1 ? r.targets.map((t) => t.label) : [];
  const t = m.totals;
  const silent = m.kinds.filter((k) => !m.counts[k]!.members);
  const unreached = Object.entries(m.unreached ?? {}).flatMap(([kind, idx]) =>
    idx.map((i) => {
      const c = r.checks[i]!;
      return `<li><code>${escapeHtml(kind)}</code>: a member check gave no cell: ${escapeHtml(c.outcome)}${c.reason ? `: ${escapeHtml(c.reason)}` : ""} <button type="button" class="linkish" data-checks="${i}" data-title="${escapeHtml(c.name)}">${escapeHtml(checkTitle(c))}</button>${c.target !== undefined ? ` (${escapeHtml(c.target)})` : ""}</li>`;
    }),
  );
  const kinds = m.kinds.map((kind) => {
    const n = m.counts[kind]!;
    const members = m.members[kind] ?? [];
    const { notes, of } = memberNotes(m, kind);
    const strip: string[] = [];
    const rows = members.map((member) => {
      const tds = m.questions.map((q) => {
        const cell = m.cells[kind]?.[member]?.[q];
        const o = cell?.outcome ?? "missing";
        strip.push(`<span class="sq ${MEMBER_CLASS[o]}"></span>`);
        const note = of(member, q);
        const glyph = labels.length
          ? labels.map((l) => MEMBER_PAGE_SYMBOL[cell?.byTarget?.[l] ?? "missing"]).join("")
          : MEMBER_PAGE_SYMBOL[o];
        const tip = [
          `${kind} · ${member} · ${QUESTION_HEADS[q]} (${QUESTION_WORDS[q]}): ${MEMBER_WORDS[o]}${cell?.level ? ` at ${cell.level}` : ""}`,
          ...(cell?.note !== undefined ? [cell.note] : []),
          ...labels.map((l) => `${l}: ${MEMBER_WORDS[cell?.byTarget?.[l] ?? "missing"]}`),
        ].join("\n");
        const mark = note ? `<sup>${note.n}</sup>` : "";
        if (!cell)
          return `<td class="cell"><span class="missing" title="${escapeHtml(tip)}">${glyph}${mark}</span></td>`;
        return `<td class="cell"><button type="button" class="${MEMBER_CLASS[o]}" title="${escapeHtml(tip)}" aria-label="${escapeHtml(tip)}" data-checks="${cell.checks.join(",")}" data-title="${escapeHtml(`${kind} · ${member} · ${QUESTION_HEADS[q]}`)}">${escapeHtml(glyph)}${mark}</button></td>`;
      });
      return `<tr><td class="op"><code>${escapeHtml(member)}</code></td>${tds.join("")}</tr>`;
    });
    const list = notes.map((x) => {
      const why =
        x.note !== undefined
          ? escapeHtml(x.note)
          : x.outcome === "missing"
            ? "no check gave this cell, nor a reason why it is empty"
            : "<em>no note given</em>";
      return `<li value="${x.n}"><span class="sw ${MEMBER_CLASS[x.outcome]}">${MEMBER_PAGE_SYMBOL[x.outcome]}</span> ${escapeHtml(MEMBER_WORDS[x.outcome])}${x.level && x.outcome === "fail" ? ` (${escapeHtml(x.level)})` : ""}: ${why} <span class="where">${escapeHtml(noteWhere(m, kind, x))}</span></li>`;
    });
    const open = n.fail > 0 || m.kinds.length <= OPEN_KINDS ? " open" : "";
    const head = `<summary><code>${escapeHtml(kind)}</code> <span class="mcount">${n.members} member${n.members === 1 ? "" : "s"}${n.cells ? `, ${escapeHtml(memberCountsText(n))}` : ": no cell"}</span> <span class="strip" aria-hidden="true">${strip.join("")}</span></summary>`;
    if (!members.length) return `<details class="mkind">${head}</details>`;
    return `<details class="mkind${n.fail ? " failing" : ""}"${open}>${head}<div class="matrix-wrap"><table class="matrix members"><thead><tr><th style="text-align:left">member</th>${m.questions.map((q) => `<th title="${escapeHtml(QUESTION_WORDS[q])}">${escapeHtml(QUESTION_HEADS[q])}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table></div>${list.length ? `<ol class="mnotes">${list.join("")}</ol>` : ""}</details>`;
  });
  const aim =
    t.fillRate >= MEMBER_FILL_AIM
      ? `at or above the aim of ${MEMBER_FILL_AIM}%`
      : `below the aim of ${MEMBER_FILL_AIM}%`;
  const perTarget =
    m.byTarget && labels.length
      ? `<ul>${labels
          .filter((l) => m.byTarget![l])
          .map((l) => `<li>${escapeHtml(l)}: ${escapeHtml(memberCountsText(m.byTarget![l]!))}</li>`)
          .join("")}</ul>`
      : "";
  const legend = `<span class="sw pass">✓</span>pass <span class="sw fail">✗</span>fail <span class="sw info">ℹ</span>observed (INFO) <span class="sw blank">—</span>empty <span class="sw missing">∅</span>does not apply (not counted) <span class="sw missing">·</span>not recorded`;
  return `<section id="members"><h2>Members: resource kind × member <small>${t.members} members of ${t.kinds} kind${t.kinds === 1 ? "" : "s"} · ${t.filled}/${t.cells} cells filled (${t.fillRate}%)</small></h2><p class="note">Every writable member of each kind's full subject, asked four questions: ${m.questions.map((q) => `<b>${escapeHtml(QUESTION_HEADS[q])}</b>: ${escapeHtml(QUESTION_WORDS[q])}`).join("; ")}. ${escapeHtml(memberCountsText(t))}; ${aim}.${silent.length ? ` ${silent.length} kind${silent.length === 1 ? "" : "s"} gave no cell: not counted.` : ""} A cell's note is on hover, its checks open on click; a number points to the note under its kind's table. <span class="legend">${legend}</span></p>${perTarget}${unreached.length ? `<ul class="warnings">${unreached.join("")}</ul>` : ""}${kinds.join("")}</section>`;
}

export function renderHtml(r: RunReport): string {
  const nonce = randomBytes(16).toString("base64");
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; img-src data:; connect-src 'none'; form-action 'none'; base-uri 'none'`;
  const title = `plumbline conformance: ${r.targets.map((t) => t.label).join(" vs ")} (${r.gate.verdict})`;
  if (/<\/(script|style)/i.test(CSS + CLIENT))
    throw new Error("html assets must not contain </script or </style");
  // the exchanges after the page's script: it draws the summary and the matrix before the parser
  // reaches them (they are most of the page); a card opened before they are read waits for them
  const page = pageData(r);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
${summary(r)}
<noscript><p class="noscript">The matrix and details need JavaScript; conformance.md has the same content as text.</p></noscript>
<section class="toolbar" aria-label="filters">
  <label>Area <select id="f-area"><option value="">all</option></select></label>
  <label>Level <select id="f-level"><option value="">all</option><option>MUST</option><option>SHOULD</option><option>INFO</option></select></label>
  <label>Outcome <select id="f-outcome"><option value="">all</option><option value="fail">fail</option><option value="error">error</option><option value="skip">skip</option><option value="pass">pass</option></select></label>
  <label class="grow">Search <input id="f-text" type="search" placeholder="requirement ID, operation, path, check name, reason…"></label>
  <span class="legend"><span class="sw pass">✓</span>pass <span class="sw fail">✗</span>fail <span class="sw error">⚠</span>error <span class="sw skip">○</span>skip <span class="sw untested">·</span>untested</span>
</section>
<main>
  <section><h2>Matrix <small id="matrix-note"></small></h2><div class="matrix-wrap"><table id="matrix" class="matrix"></table></div></section>
  ${r.invariants ? `<section><h2>Invariants: resource kind × invariant <small id="invariants-note"></small></h2><div class="matrix-wrap"><table id="invariants" class="matrix"></table></div></section>` : ""}
  ${membersHtml(r)}
  ${racesHtml(r)}
  ${convergenceHtml(r)}
  ${r.principals ? `<section><h2>Authorization: principal × operation <small id="principals-note"></small></h2><label>Principal <select id="f-principal"><option value="">all</option></select></label><div class="matrix-wrap"><table id="principals" class="matrix"></table></div></section>` : ""}
  ${undecidedHtml(r)}
  ${campaignHtml(r.campaign)}
  <section id="lists"></section>
</main>
<aside id="detail" class="detail" hidden aria-live="polite"><div class="detail-head"><h2 id="detail-title"></h2><button id="detail-close" type="button" title="close (Esc)">✕</button></div><div id="detail-body"></div></aside>
<script type="application/json" id="report-data">${scriptJson(page.data)}</script>
<script nonce="${nonce}">${CLIENT}</script>
<script type="application/json" id="exchange-data">${scriptJson(page.exchanges)}</script>
</body>
</html>
`;
}

/**
 * The run's requests in flight: the sentence, and the curve as a small inline SVG (the limit as a
 * line, each back-off a mark; the sampled points and every back-off in its tooltip).
 */
function inFlightHtml(t: Traffic): string {
  const text = concurrencyText(t);
  const c = t.concurrency;
  if (!text || !c) return "";
  const tip = [curveText(t, 40), ...backOffLines(t, 30)].filter(Boolean).join("\n");
  let svg = "";
  if (c.curve.length > 1) {
    const w = 240;
    const h = 36;
    const end = Math.max(1, c.curve[c.curve.length - 1][0]);
    const x = (ms: number) => ((ms / end) * w).toFixed(1);
    const y = (n: number) => (h - 2 - (n / Math.max(1, c.ceiling)) * (h - 4)).toFixed(1);
    const line = c.curve.map(([ms, limit]) => `${x(ms)},${y(limit)}`).join(" ");
    const used = c.curve.map(([ms, , n]) => `${x(ms)},${y(n)}`).join(" ");
    const cuts = c.backOffs
      .map(
        (b) =>
          `<line x1="${x(b.atMs)}" x2="${x(b.atMs)}" y1="0" y2="${h}" stroke="#c33" stroke-width="0.6"/>`,
      )
      .join("");
    svg = `<svg class="inflight" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="requests in flight over time">${cuts}<polyline fill="none" stroke="#888" stroke-width="0.8" points="${used}"/><polyline fill="none" stroke="#36c" stroke-width="1.4" points="${line}"/></svg>`;
  }
  return `<span class="tgt inflight" title="${escapeHtml(tip)}">${escapeHtml(text)} ${svg}</span>`;
}
