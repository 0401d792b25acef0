// conformance.md: the verdict and the numbers first, the matrix second, details after.
// Everything that came from the target or the harness is escaped (inline text) or fenced (bodies, curl).
import { campaignMarkdown } from "./campaign.ts";
import type { Exchange, Kind } from "../harness/model.ts";
import { flakyWaived, verdictLine } from "./gate.ts";
import {
  SYMBOL,
  LEGEND,
  rerunsText,
  bodyPreview,
  checkTitle,
  cellWhere,
  FAMILY_NAMES,
  observedText,
  quoted,
  formatBytes,
  formatDuration,
  stripInvalidChars,
} from "./text.ts";
import { backOffLines, concurrencyText, curveText, limitsText, tooManyText } from "./traffic.ts";
import { rejudgeLine } from "./rejudge.ts";
import { convergenceMd, racesMd } from "./convergence.ts";
import {
  MEMBER_FILL_AIM,
  MEMBER_SYMBOL,
  MEMBER_WORDS,
  QUESTION_HEADS,
  QUESTION_WORDS,
  memberCountsText,
  memberNotes,
  noteWhere,
} from "./members.ts";
import {
  GENERIC_FAMILIES,
  type KindCells,
  LEVELS,
  type PrincipalCell,
  RULE_KINDS,
  type ReportCheck,
  type RunReport,
} from "./types.ts";

const BODY_CAP = 2000;
const VALUE_CAP = 200;

/** Inline Markdown text: no HTML, no emphasis or links, no table breaks, one line. */
export function mdText(s: unknown): string {
  return stripInvalidChars(String(s))
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/([\\`*_[\]|#~!])/g, "\\$1")
    .replace(/\r?\n|\r/g, " ");
}

/** A code span that survives any backticks inside. */
export function mdCode(s: unknown): string {
  const t = stripInvalidChars(String(s))
    .replace(/\r?\n|\r/g, " ")
    .replace(/\|/g, "\\|");
  const run = Math.max(0, ...(t.match(/`+/g) ?? []).map((m) => m.length));
  const ticks = "`".repeat(run + 1);
  return `${ticks}${run ? " " : ""}${t}${run ? " " : ""}${ticks}`;
}

/** A fenced block whose fence is longer than any backtick run in the content. */
export function mdFence(content: string, lang = ""): string {
  const t = stripInvalidChars(content);
  const run = Math.max(2, ...(t.match(/`+/g) ?? []).map((m) => m.length));
  const fence = "`".repeat(run + 1);
  return `${fence}${lang}\n${t}\n${fence}`;
}

/** A table whose columns are aligned left, centred or right as `align` says (left by default). */
export function mdTable(head: string[], rows: string[][], align?: ("l" | "c" | "r")[]): string {
  const sep = head.map((_, i) => (align?.[i] === "c" ? ":-:" : align?.[i] === "r" ? "--:" : "---"));
  return [head, sep, ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

/** The requirements of the catalog by ID, as the report carries them. */
type RequirementsById = Map<string, RunReport["coverage"]["requirements"][number]>;

/** conformance.md, section by section in reading order. */
export function renderMarkdown(r: RunReport): string {
  const reqs: RequirementsById = new Map(r.coverage.requirements.map((q) => [q.id, q]));
  return [
    ...headline(r),
    ...rejudgedSection(r),
    ...totalsSection(r),
    ...coverageLines(r),
    ...noticesSection(r),
    ...matrixSection(r),
    ...invariantsSection(r, reqs),
    ...membersSection(r),
    ...racesMd(r),
    ...convergenceMd(r),
    ...principalsSection(r),
    ...undecidedSection(r),
    ...failuresSection(r, reqs),
    ...fuzzSection(r),
    ...campaignMarkdown(r.campaign),
    ...errorsSection(r),
    ...unexpectedPassesSection(r),
    ...expiredSection(r),
    ...skippedSection(r),
    ...(r.coverage.catalogAvailable ? coverageGapsSection(r, reqs) : []),
    ...observationsSection(r),
  ].join("\n");
}

/** The title (the target, or the targets side by side), the verdict, and what ran where. */
function headline(r: RunReport): string[] {
  const multi = r.targets.length > 1;
  const title = multi ? r.targets.map((t) => t.label).join(" vs ") : r.target.label;
  return [
    `# plumbline conformance: ${mdText(title)}`,
    "",
    `**${mdText(verdictLine(r))}**`,
    "",
    ...r.targets.map(
      (t) =>
        `- ${mdText(t.label)}${t.version ? ` ${mdCode(t.version)}` : ""}: ${mdCode(t.url)} · seed ${mdCode(t.seed)} · started ${mdText(t.startedAt)} · ${formatDuration(t.durationMs)}`,
    ),
    `- plumbline ${mdText(r.tool.version)} · API ${mdText(r.apiVersion)} · ${r.checks.length} checks${r.merged ? ` · merged from ${r.merged.sources.length} ${r.merged.kind === "shards" ? "shards" : "runs"}` : ""}`,
    ...(r.traffic
      ? [
          `- ${mdText(limitsText(r.traffic))} · ${mdText(tooManyText(r.traffic))}`,
          ...[
            concurrencyText(r.traffic),
            curveText(r.traffic, 24),
            ...backOffLines(r.traffic, 20),
          ].flatMap((l) => (l === undefined ? [] : [`  - ${mdText(l)}`])),
        ]
      : []),
    ...(r.reruns ? [`- ${mdText(rerunsText(r))}`] : []),
    "",
  ];
}

/** A re-judged report (`plumbline rejudge`): its inputs against the run's, what changed, what could not be judged. */
function rejudgedSection(r: RunReport): string[] {
  const j = r.rejudged;
  if (!j) return [];
  const then = j.recorded.judgedWith;
  const row = (what: string, now: string | undefined, was: string | undefined) => [
    what,
    mdCode(now ?? "not known"),
    was === undefined ? "not recorded" : mdCode(was),
    now === was ? "same" : "**differs**",
  ];
  const listed = (status: string) => r.checks.filter((c) => c.rejudge?.status === status);
  const line = (c: (typeof r.checks)[number]) =>
    `- ${mdText(c.name)}: ${c.rejudge!.recorded} → ${c.outcome}${c.rejudge!.why ? `: ${mdText(c.rejudge!.why)}` : ""}`;
  const changed = listed("changed");
  const unjudged = listed("not-re-judgeable");
  return [
    "## Re-judged offline",
    "",
    `${mdText(rejudgeLine(r))}; evidence ${mdCode(j.evidence)}, judged again ${mdText(j.at)}.`,
    "",
    mdTable(
      ["input", "judged with now", "the run's", ""],
      [
        row("spec", r.judgedWith?.spec.sha256, then?.spec.sha256),
        row("catalog", r.judgedWith?.catalog.sha256, then?.catalog.sha256),
        row("plumbline", r.tool.version, j.recorded.tool),
      ],
    ),
    "",
    ...(changed.length ? [`**Changed (${changed.length})**`, "", ...changed.map(line), ""] : []),
    ...(unjudged.length
      ? [`**Not re-judgeable (${unjudged.length})**`, "", ...unjudged.map(line), ""]
      : []),
  ];
}

/** Outcomes by level; with several targets, one more row per target. */
function totalsSection(r: RunReport): string[] {
  const rows = (["MUST", "SHOULD", "INFO", "all"] as const).map((l) => {
    const c = r.totals[l];
    return [
      l === "all" ? "**all**" : l,
      `${c.total}`,
      `${c.pass}`,
      `${c.fail}`,
      `${c.skip}`,
      `${c.error}`,
      `${c.expectedFailures}`,
    ];
  });
  const out = [
    mdTable(
      ["level", "checks", "✅ pass", "❌ fail", "⏭ skip", "⚠ error", "known failures"],
      rows,
      ["l", "r", "r", "r", "r", "r", "r"],
    ),
    "",
  ];
  if (r.targets.length > 1 && r.totalsByTarget) out.push(...totalsByTarget(r), "");
  return out;
}

function totalsByTarget(r: RunReport): string[] {
  const rows = r.targets.map((t) => {
    const c = r.totalsByTarget![t.label];
    const cov = r.coverage.byTarget?.[t.label];
    return [
      mdText(t.label),
      `${c.MUST.pass}/${c.MUST.fail}/${c.MUST.skip}/${c.MUST.error}`,
      `${c.SHOULD.pass}/${c.SHOULD.fail}/${c.SHOULD.skip}/${c.SHOULD.error}`,
      cov ? `${cov.percent}%` : "",
      `${r.matrix.operations.byTarget?.[t.label] ?? 0} of ${r.matrix.operations.total}`,
    ];
  });
  return [
    mdTable(
      [
        "target",
        "MUST pass/fail/skip/error",
        "SHOULD pass/fail/skip/error",
        "coverage",
        "operations",
      ],
      rows,
    ),
  ];
}

/** How much of the catalog and of the operations the run exercised. */
function coverageLines(r: RunReport): string[] {
  const cov = r.coverage;
  const requirements = cov.catalogAvailable
    ? [
        `Requirement coverage: **${cov.summary.percent}%** of MUST and SHOULD requirements exercised (${cov.summary.exercised} of ${cov.summary.total}; MUST ${cov.byLevel.MUST.exercised}/${cov.byLevel.MUST.total}, SHOULD ${cov.byLevel.SHOULD.exercised}/${cov.byLevel.SHOULD.total}).`,
        "A requirement counts as exercised when a MUST or SHOULD check naming it reached a verdict and looked past the status; skips, INFO observations and status confirmations do not count.",
      ]
    : ["Requirement coverage: not computed (the requirement catalog could not be loaded)."];
  return [
    ...requirements,
    `Operations exercised: **${r.matrix.operations.exercised} of ${r.matrix.operations.total}**.`,
    "",
  ];
}

/** The gate's warnings, the run's own errors, and what stays on the target: each only if any. */
function noticesSection(r: RunReport): string[] {
  const out: string[] = [];
  if (r.gate.warningLines.length)
    out.push("Warnings:", "", ...r.gate.warningLines.map((w) => `- ⚠ ${mdText(w)}`), "");
  if (r.runErrors.length)
    out.push("Run errors:", "", ...r.runErrors.map((e) => `- ⚠ ${mdText(e)}`), "");
  if (r.leftOnTarget?.length)
    out.push(
      "Left on the target:",
      "",
      ...r.leftOnTarget.map(
        (l) =>
          `- ${l.onPurpose ? "on purpose" : "⚠ could not remove"}: ${mdText(l.what)}: ${mdText(l.reason)}`,
      ),
      "",
    );
  return out;
}

/** Operations by area against kinds of check (one column per target when several). */
function matrixSection(r: RunReport): string[] {
  const m = r.matrix;
  const multi = m.targets.length > 1;
  const head = multi ? ["operation", "", ...m.targets.map(mdText)] : ["operation", "", ...m.kinds];
  const rows: string[][] = [];
  let area = "";
  for (const row of m.rows) {
    if (row.area !== area) {
      area = row.area;
      rows.push([`**${mdText(area)}**`, "", ...head.slice(2).map(() => "")]);
    }
    const op = row.known
      ? mdCode(row.operationId)
      : row.operationId === "(area-wide)"
        ? "_not tied to one operation_"
        : `${mdCode(row.operationId)} (not in spec)`;
    const where = row.method ? mdCode(`${row.method} ${row.path}`) : "";
    const cells = multi
      ? m.targets.map((t) => m.kinds.map((k: Kind) => SYMBOL[row.byTarget![t][k].outcome]).join(""))
      : m.kinds.map((k) => SYMBOL[row.cells[k].outcome]);
    rows.push([op, where, ...cells]);
  }
  const legend = multi
    ? `${LEGEND}. Each target's cell shows the kinds in order: ${m.kinds.join(", ")}.`
    : `${LEGEND}.`;
  return [
    "## Matrix",
    "",
    legend,
    "",
    mdTable(head, rows, ["l", "l", ...head.slice(2).map(() => "c" as const)]),
    "",
  ];
}

/** Resource kind × invariant: kinds with a failing cell first; each invariant's words; skipped cells' reasons. */
function invariantsSection(r: RunReport, reqs: RequirementsById): string[] {
  const m = r.invariants;
  if (!m) return [];
  const rows = m.kinds.map((k) => [
    mdCode(k),
    ...m.invariants.map((inv) => {
      const cell = m.cells[k]?.[inv];
      return cell ? SYMBOL[cell.outcome] : "";
    }),
  ]);
  const key = m.invariants.map(
    (inv) =>
      `- ${mdCode(inv)} (${reqs.get(inv)?.level ?? "?"}): ${mdText(reqs.get(inv)?.statement ?? "")}`,
  );
  const reasons = new Map<string, string[]>();
  for (const k of m.kinds)
    for (const inv of m.invariants)
      for (const i of m.cells[k]?.[inv]?.checks ?? []) {
        const c = r.checks[i]!;
        if (c.outcome !== "skip" && c.outcome !== "error") continue;
        const why = `${c.outcome}: ${c.reason ?? "no reason given"}`;
        reasons.set(why, [...(reasons.get(why) ?? []), `${k} × ${inv}`]);
      }
  const n = m.counts;
  return [
    "## Invariants: resource kind × invariant",
    "",
    `Each invariant is written once and run on every kind of the resource model it applies to (an empty cell: it does not apply). ${n.cells} cells: ${n.pass} pass, ${n.fail} fail, ${n.error} error, ${n.skip} skipped. ${LEGEND}.`,
    "",
    mdTable(["kind", ...m.invariants.map(mdCode)], rows, [
      "l",
      ...m.invariants.map(() => "c" as const),
    ]),
    "",
    ...key,
    ...(key.length ? [""] : []),
    ...[...reasons].map(([why, cells]) => `- ${mdText(cells.join(", "))}: ${mdText(why)}`),
    ...(reasons.size ? [""] : []),
  ];
}

const NOTE_CAP = 300;
const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
const sup = (n: number) =>
  String(n)
    .split("")
    .map((d) => SUPERSCRIPT[Number(d)])
    .join("");
const capNote = (s: string) => (s.length > NOTE_CAP ? `${s.slice(0, NOTE_CAP)}…` : s);

/**
 * Resource kind × member: a line of counts, a table of kinds, then per kind a table (members ×
 * the four questions) whose fail, INFO and empty cells point to the notes under it.
 */
function membersSection(r: RunReport): string[] {
  const m = r.memberMatrix;
  if (!m) return [];
  const labels = r.targets.length > 1 ? r.targets.map((t) => t.label) : [];
  const t = m.totals;
  const silent = m.kinds.filter((k) => !m.counts[k]!.members);
  const aim =
    t.fillRate >= MEMBER_FILL_AIM
      ? `at or above the aim of ${MEMBER_FILL_AIM}%`
      : `below the aim of ${MEMBER_FILL_AIM}%`;
  const out = [
    "## Members: resource kind × member",
    "",
    `Every writable member of each kind's full subject, asked four questions: ${m.questions.map((q) => `**${QUESTION_HEADS[q]}**: ${QUESTION_WORDS[q]}`).join("; ")}. ${MEMBER_SYMBOL.pass} pass · ${MEMBER_SYMBOL.fail} fail · ${MEMBER_SYMBOL.info} observed (INFO: the material does not decide) · ${MEMBER_SYMBOL.empty} empty (no verdict could be had) · ${MEMBER_SYMBOL["n/a"]} the question does not apply (not counted) · \`${MEMBER_SYMBOL.missing}\` not recorded; a number points to the kind's note.`,
    "",
    `${t.members} members of ${t.kinds} kind${t.kinds === 1 ? "" : "s"}: ${memberCountsText(t)}; ${aim}.${silent.length ? ` ${silent.length} kind${silent.length === 1 ? "" : "s"} gave no cell (below): ${silent.length === 1 ? "its" : "their"} members are not counted.` : ""}`,
    ...(m.byTarget && labels.length
      ? [
          "",
          ...labels
            .filter((l) => m.byTarget![l])
            .map((l) => `- ${mdText(l)}: ${memberCountsText(m.byTarget![l]!)}`),
        ]
      : []),
    "",
    mdTable(
      [
        "kind",
        "members",
        "filled",
        MEMBER_SYMBOL.pass,
        MEMBER_SYMBOL.fail,
        MEMBER_SYMBOL.info,
        MEMBER_SYMBOL.empty,
        `\`${MEMBER_SYMBOL.missing}\``,
      ],
      m.kinds.map((k) => {
        const n = m.counts[k]!;
        return [
          mdCode(k),
          String(n.members),
          n.cells ? `${n.filled}/${n.cells} (${n.fillRate}%)` : "no cell",
          String(n.pass),
          String(n.fail),
          String(n.info),
          String(n.empty),
          String(n.missing),
        ];
      }),
      ["l", "r", "r", "r", "r", "r", "r", "r"],
    ),
    "",
  ];
  const unreached = Object.entries(m.unreached ?? {});
  for (const [kind, idx] of unreached)
    for (const i of idx) {
      const c = r.checks[i]!;
      out.push(
        `- ${mdCode(kind)}: a member check gave no cell: ${c.outcome}${c.reason ? `: ${mdText(capNote(c.reason))}` : ""} (${mdText(checkTitle(c))}${c.target !== undefined ? `, ${mdText(c.target)}` : ""})`,
      );
    }
  if (unreached.length) out.push("");
  for (const kind of m.kinds) {
    const n = m.counts[kind]!;
    const members = m.members[kind] ?? [];
    if (!members.length) continue;
    const { notes, of } = memberNotes(m, kind);
    const glyph = (o: keyof typeof MEMBER_SYMBOL | undefined) => MEMBER_SYMBOL[o ?? "missing"];
    const rows = members.map((member) => [
      mdCode(member),
      ...m.questions.map((q) => {
        const cell = m.cells[kind]?.[member]?.[q];
        const text = labels.length
          ? labels.map((l) => glyph(cell?.byTarget?.[l])).join("")
          : glyph(cell?.outcome);
        const note = of(member, q);
        return `${text}${note ? sup(note.n) : ""}`;
      }),
    ]);
    out.push(
      `### ${mdCode(kind)}: ${n.members} member${n.members === 1 ? "" : "s"}, ${memberCountsText(n)}`,
      "",
      ...(labels.length
        ? [`Each cell shows the targets in order: ${labels.map(mdText).join(", ")}.`, ""]
        : []),
      mdTable(["member", ...m.questions.map((q) => QUESTION_HEADS[q])], rows, [
        "l",
        ...m.questions.map(() => "c" as const),
      ]),
      "",
      ...notes.map((x) => {
        const what = `${MEMBER_SYMBOL[x.outcome]} ${MEMBER_WORDS[x.outcome]}${x.level && x.outcome === "fail" ? ` (${x.level})` : ""}`;
        const why =
          x.note !== undefined
            ? mdText(capNote(x.note))
            : x.outcome === "missing"
              ? "no check gave this cell, nor a reason why it is empty"
              : "_no note given_";
        return `- ${sup(x.n)} ${what}: ${why} (${mdText(noteWhere(m, kind, x))})`;
      }),
      ...(notes.length ? [""] : []),
    );
  }
  return out;
}

/** What one principal × operation cell shows: its outcome, `i` for INFO, `!` for a broken status SHOULD, the status. */
export function principalCellText(cell: PrincipalCell | undefined): string {
  if (!cell) return "";
  const mark = cell.info && cell.outcome === "pass" ? "ℹ" : SYMBOL[cell.outcome];
  return `${mark}${cell.should ? "!" : ""}${cell.status !== undefined ? ` ${cell.status}` : ""}`;
}

/** Principal × operation: operations with a failing cell first, every cell's status; skipped cells' reasons. */
function principalsSection(r: RunReport): string[] {
  const m = r.principals;
  if (!m) return [];
  const failing = m.operations.filter((op) =>
    Object.values(m.cells[op]!).some((c) => c.outcome === "fail" || c.outcome === "error"),
  );
  const rows = m.operations.map((op) => [
    mdCode(op),
    ...m.principals.map((p) => principalCellText(m.cells[op]?.[p])),
  ]);
  const reasons = new Map<string, string[]>();
  for (const op of m.operations)
    for (const p of m.principals)
      for (const i of m.cells[op]?.[p]?.checks ?? []) {
        const c = r.checks[i]!;
        if (c.outcome !== "skip" && c.outcome !== "error") continue;
        const why = `${c.outcome}: ${c.reason ?? "no reason given"}`;
        reasons.set(why, [...(reasons.get(why) ?? []), `${p} × ${op}`]);
      }
  const n = m.counts;
  return [
    "## Authorization: principal × operation",
    "",
    `Every principal against every operation it applies to (an empty cell: it does not apply), each cell's expectation derived from the material (suites/authz/cells.ts). ${n.cells} cells: ${n.pass} pass (${n.info} of them INFO, ℹ: the material does not decide the cell; the status observed), ${n.fail} fail, ${n.error} error, ${n.skip} skipped; ${n.should} refusals outside the status the policy SHOULD give (!). The number is the status the principal got. ${LEGEND}.`,
    "",
    ...(failing.length ? [`Failing cells in: ${failing.map(mdCode).join(", ")}.`, ""] : []),
    mdTable(["operation", ...m.principals.map(mdCode)], rows, [
      "l",
      ...m.principals.map(() => "c" as const),
    ]),
    "",
    ...[...reasons].map(([why, cells]) => `- ${mdText(cells.join(", "))}: ${mdText(why)}`),
    ...(reasons.size ? [""] : []),
  ];
}

/** The generic cells the material leaves open (INFO): one table per family, each with its clause. */
function undecidedSection(r: RunReport): string[] {
  const cells = r.undecided ?? [];
  if (!cells.length) return [];
  const multi = r.targets.length > 1;
  const families = [
    ...GENERIC_FAMILIES.filter((f) => cells.some((u) => u.family === f)),
    ...new Set(cells.map((u) => u.family).filter((f) => !GENERIC_FAMILIES.includes(f))),
  ];
  const out = [
    `## The material does not decide (${cells.length} cell${cells.length === 1 ? "" : "s"})`,
    "",
    "Generic cells at level INFO: the material leaves their outcome open, so the target's answer is observed, never judged. Each names the material's words that leave it open. ℹ: observed; the number is the status the target answered.",
    "",
  ];
  for (const f of families) {
    const mine = cells.filter((u) => u.family === f);
    out.push(
      `### ${mdText(FAMILY_NAMES[f] ?? f)} (${mine.length})`,
      "",
      mdTable(
        [
          "check",
          "where",
          "observed",
          "why the material leaves it open",
          ...(multi ? ["target"] : []),
        ],
        mine.map((u) => {
          const c = r.checks[u.check]!;
          return [
            mdText(checkTitle(c)),
            mdText(cellWhere(c)),
            observedText(c.outcome, u.status),
            c.clause ? mdText(quoted(c.clause)) : "_no clause given_",
            ...(multi ? [mdText(u.target ?? "")] : []),
          ];
        }),
        ["l", "l", "c", "l", ...(multi ? (["l"] as const) : [])],
      ),
      "",
    );
  }
  return out;
}

/** Each failure, MUST first and known failures last: its requirements, reason and last exchange. */
function failuresSection(r: RunReport, reqs: RequirementsById): string[] {
  const failed = r.checks.filter((c) => c.outcome === "fail");
  const order = (c: ReportCheck) =>
    (c.expected ? 10 : 0) + (flakyWaived(c, r.options) ? 5 : 0) + LEVELS.indexOf(c.level);
  failed.sort((a, b) => order(a) - order(b));
  const out = [`## Failures (${failed.length})`, ""];
  if (!failed.length) out.push("None.", "");
  for (const c of failed) out.push(...failure(c, reqs, r));
  return out;
}

function failure(c: ReportCheck, reqs: RequirementsById, r: RunReport): string[] {
  const tag = [c.level, c.area, c.kind, c.target, c.flaky ? "flaky" : ""]
    .filter(Boolean)
    .join(", ");
  const out = [`### ❌ ${mdText(checkTitle(c))} (${mdText(tag)})`, ""];
  if (c.reruns)
    out.push(
      `> ${c.flaky ? "Flaky" : "Not flaky"}: failed, then on ${c.reruns.length} rerun${c.reruns.length === 1 ? "" : "s"}: ${c.reruns.join(", ")}${c.flaky ? (flakyWaived(c, r.options) ? " (--flaky warn: it does not gate)" : " (--flaky fail: it gates)") : ""}`,
      "",
      ...(c.rerunEvidence ?? []).flatMap((e) => {
        const last = e.exchanges[e.exchanges.length - 1];
        return [
          `- Rerun ${e.attempt} (${e.outcome}${e.reason ? `: ${mdText(e.reason)}` : ""}): ${e.exchanges.length} exchange${e.exchanges.length === 1 ? "" : "s"}${last ? `, the last ${mdCode(`${last.method} ${last.url}`)} → ${mdText(last.error ? `no response: ${last.error}` : `${last.status ?? "?"}`)}` : ""} (all in conformance.html and conformance.json)`,
        ];
      }),
      ...(c.rerunEvidence?.length ? [""] : []),
    );
  if (c.expected)
    out.push(
      `> Known failure (expectations file${c.expected.until ? `, until ${c.expected.until}` : ""}): ${withLink(c.expected.reason, c.expected.link)}`,
      "",
    );
  if (c.expired)
    out.push(
      `> Expectation expired (its date ${c.expired.until} has passed), so this failure gates: ${withLink(c.expired.reason, c.expired.link)}`,
      "",
    );
  for (const id of c.requirementIds) {
    const q = reqs.get(id);
    out.push(`- **${mdText(id)}**${q ? `: ${mdText(q.statement)} _(${mdText(q.source)})_` : ""}`);
  }
  if (c.clause) out.push(`- The material: ${mdText(quoted(c.clause))}`);
  out.push(`- Reason: ${mdText(c.reason ?? "(none given)")}`, `- File: ${mdCode(c.file)}`, "");
  const last = c.exchanges[c.exchanges.length - 1];
  if (last) {
    if (c.exchanges.length > 1)
      out.push(
        `Last of ${c.exchanges.length} exchanges (all of them are in conformance.html and conformance.json):`,
        "",
      );
    out.push(...exchangeBlock(last));
  }
  return out;
}

/** One exchange: the request line and status, its curl, the response body (trimmed). */
export function exchangeBlock(x: Exchange): string[] {
  const out: string[] = [];
  const status = x.error ? `no response: ${x.error}` : `${x.status ?? "?"}`;
  out.push(
    `${mdCode(`${x.method} ${x.url}`)} → **${mdText(status)}** (${formatDuration(x.durationMs)})`,
    "",
  );
  // an exchange a timed-out check left unfinished may have no curl yet
  if (x.curl) out.push(mdFence(x.curl, "sh"), "");
  if (x.responseBody !== undefined) {
    const p = bodyPreview(x.responseBody, BODY_CAP);
    out.push(`Response body (${formatBytes(p.size)}${p.truncated ? ", trimmed" : ""}):`, "");
    out.push(
      mdFence(
        p.text + (p.truncated ? "\n…" : ""),
        typeof x.responseBody === "string" ? "" : "json",
      ),
      "",
    );
  }
  return out;
}

/** The properties' totals and each shrunk counterexample, with the seed that replays them. */
function fuzzSection(r: RunReport): string[] {
  const fz = r.fuzz;
  if (!fz?.properties) return [];
  const out = [
    `## Fuzzing (${fz.properties} properties)`,
    "",
    `${fz.cases} cases in ${formatDuration(fz.durationMs)} of property time, ${fz.casesPerSecond} cases per second; seed ${mdCode(r.seed)} (\`plumbline fuzz --seed ${mdText(r.seed)}\` replays them).`,
    "",
  ];
  if (!fz.counterexamples.length) out.push("Every property held.", "");
  for (const x of fz.counterexamples) {
    out.push(
      `### Shrunk counterexample: ${mdText(x.property)}`,
      "",
      `- Minimal input: ${mdCode(typeof x.value === "string" ? x.value : JSON.stringify(x.value))}`,
      `- Reason: ${mdText(x.reason)}`,
      `- fast-check path: ${mdCode(x.path)}`,
      "",
    );
    if (x.curl) out.push(mdFence(x.curl, "sh"), "");
  }
  return out;
}

/** Checks that ended in error: plumbline's or the environment's doing, listed only if any. */
function errorsSection(r: RunReport): string[] {
  const errors = r.checks.filter((c) => c.outcome === "error");
  if (!errors.length) return [];
  return [
    `## Errors (${errors.length}): plumbline or the environment, not the target`,
    "",
    mdTable(
      ["check", "reason", "file"],
      errors.map((c) => [mdText(checkTitle(c)), mdText(c.reason ?? ""), mdCode(c.file)]),
    ),
    "",
  ];
}

/** Known failures of the expectations file that passed: to remove from it. */
function unexpectedPassesSection(r: RunReport): string[] {
  const unexpected = r.expectations.filter((e) => e.status === "unexpected-pass");
  const head = [`## Unexpected passes (${unexpected.length})`, ""];
  if (!unexpected.length)
    return [...head, "None: every known failure in the expectations file still fails.", ""];
  return [
    ...head,
    "Listed as known failures, but passed: remove them from the expectations file.",
    "",
    mdTable(
      ["expectation", "reason given", "checks"],
      unexpected.map((e) => [
        mdCode(e.id) + (e.target ? ` (${mdText(e.target)})` : ""),
        withLink(e.reason, e.link),
        mdText(e.checks.map((i) => r.checks[i].name).join("; ")),
      ]),
    ),
    "",
  ];
}

/** An expectation's reason with its link next to it (a code span: the file's text, not markup). */
function withLink(reason: string, link?: string): string {
  return `${mdText(reason)}${link ? ` ${mdCode(link)}` : ""}`;
}

/** Entries of the expectations file past their date: they waived nothing in this run. */
function expiredSection(r: RunReport): string[] {
  const expired = r.expectations.filter((e) => e.status === "expired");
  if (!expired.length) return [];
  return [
    `## Expired expectations (${expired.length})`,
    "",
    "Past their `until` date (compared with the run's start, UTC): their failures gate again. Fix the target, or renew or remove the entry.",
    "",
    mdTable(
      ["expectation", "status", "until", "reason given", "checks"],
      expired.map((e) => [
        mdCode(e.id) + (e.target ? ` (${mdText(e.target)})` : ""),
        "expired",
        mdText(e.until ?? ""),
        withLink(e.reason, e.link),
        mdText(
          e.checks.map((i) => `${r.checks[i].outcome}: ${r.checks[i].name}`).join("; ") ||
            "no check of this run",
        ),
      ]),
    ),
    "",
  ];
}

/** Skipped checks grouped by reason, the most common first, five names each. */
function skippedSection(r: RunReport): string[] {
  const skipped = new Map<string, ReportCheck[]>();
  for (const c of r.checks.filter((x) => x.outcome === "skip")) {
    const k = c.reason ?? "(no reason given)";
    skipped.set(k, [...(skipped.get(k) ?? []), c]);
  }
  const head = [`## Skipped (${r.totals.all.skip})`, ""];
  if (!skipped.size) return [...head, "None.", ""];
  const rows = [...skipped.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([reason, cs]) => [
      mdText(reason),
      `${cs.length}`,
      mdText(
        cs
          .slice(0, 5)
          .map((c) => c.name)
          .join("; ") + (cs.length > 5 ? `; … ${cs.length - 5} more` : ""),
      ),
    ]);
  return [...head, mdTable(["reason", "checks", "which"], rows, ["l", "r", "l"]), ""];
}

/**
 * What the catalog says the run did not reach: untested requirements and why, those whose checks
 * were all skipped, empty operation × kind cells, status-only checks, IDs the catalog lacks.
 */
function coverageGapsSection(r: RunReport, reqs: RequirementsById): string[] {
  const cov = r.coverage;
  const out = [...untestedSection(cov, reqs)];
  if (cov.skippedOnly.length)
    out.push(
      `Requirements whose only checks were skipped (${cov.skippedOnly.length}): ${cov.skippedOnly.map(mdCode).join(", ")}.`,
      "",
    );
  if (cov.kindCells) out.push(...kindCellsSection(cov.kindCells));
  if (cov.statusOnlyChecks.length) out.push(...statusOnlySection(r));
  if (cov.unknownIds.length)
    out.push(
      `Requirement IDs named by checks but not in the catalog: ${cov.unknownIds.map(mdCode).join(", ")}.`,
      "",
    );
  return out;
}

function untestedSection(cov: RunReport["coverage"], reqs: RequirementsById): string[] {
  const head = [`## Untested requirements (${cov.untested.length})`, ""];
  if (!cov.untested.length)
    return [...head, "None: every MUST and SHOULD requirement was exercised.", ""];
  const rows = cov.untested
    .map((id) => reqs.get(id)!)
    .sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level));
  return [
    ...head,
    mdTable(
      ["requirement", "level", "area", "statement", "why"],
      rows.map((q) => [
        mdCode(q.id),
        q.level,
        mdText(q.area),
        mdText(q.statement),
        untestedWhy(cov, q),
      ]),
    ),
    "",
  ];
}

/** Checks whose operation answered an empty success and read nothing after: not counted. */
function statusOnlySection(r: RunReport): string[] {
  const ids = r.coverage.statusOnlyChecks;
  return [
    `## Checks that only confirm a status (${ids.length})`,
    "",
    "Their operation was accepted with an empty answer and nothing was read afterwards: they do not count as exercising their requirements.",
    "",
    mdTable(
      ["check", "outcome"],
      ids.map((i) => [mdText(r.checks[i].name), r.checks[i].outcome]),
    ),
    "",
  ];
}

/** INFO observations: what the target did where the material leaves it open. */
function observationsSection(r: RunReport): string[] {
  const head = [`## INFO observations (${r.observations.length})`, ""];
  if (!r.observations.length) return [...head, "None.", ""];
  const multi = r.targets.length > 1;
  const rows = r.observations.map((o) => {
    const v = bodyPreview(o.value, VALUE_CAP);
    return [
      mdCode(o.requirementId),
      o.operationId ? mdCode(o.operationId) : "",
      mdText(o.note),
      mdCode(v.text + (v.truncated ? "…" : "")),
      ...(multi ? [mdText(o.target ?? "")] : []),
    ];
  });
  return [
    ...head,
    mdTable(
      ["requirement", "operation", "observation", "value", ...(multi ? ["target"] : [])],
      rows,
    ),
    "",
  ];
}

/** The operation × kind-of-rule grid: how many ruled cells a check exercised, and the gaps. */
function kindCellsSection(k: KindCells): string[] {
  const ruled = k.cells - k.noRule;
  return [
    `## Operation × kind of rule: ${k.filled} of ${ruled} ruled cells exercised`,
    "",
    `Each operation against each kind of rule (${RULE_KINDS.join(", ")}): ${ruled} of the ${k.cells} cells have a MUST or SHOULD requirement of their area (the cross-cutting conventions are checked on samples); the other ${k.noRule} are empty because the material gives that operation no rule of that kind.`,
    "",
    ...(k.gaps.length
      ? [
          mdTable(
            ["operation", "kind", "requirements not exercised on it"],
            k.gaps.map((g) => [
              mdCode(g.operationId),
              g.kind,
              g.requirements.map(mdCode).join(", "),
            ]),
          ),
        ]
      : ["No gap: every ruled cell was exercised by a check that looked past the status."]),
    "",
  ];
}

/** Why an untested requirement is untested, in the words of the report. */
export function untestedWhy(
  cov: RunReport["coverage"],
  q: { id: string; checks: number[]; outcome: string },
): string {
  if (!q.checks.length) return "no check";
  if (cov.skippedOnly.includes(q.id)) return "only skipped";
  if (cov.observedOnly.includes(q.id)) return "only observed (INFO)";
  if (cov.statusOnly.includes(q.id)) return "only a status confirmed";
  return `only ${q.outcome}`;
}
