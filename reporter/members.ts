// Resource kind × member: every writable member of a kind's full subject, asked four questions
// (read back after the create, after an update naming it alone, kept across updates naming others,
// list = view). The member checks (suites/invariants/members.test.ts) record one MemberCell per
// member and question on their check (`members`, harness/model.ts); this rolls them up per kind:
// several checks giving one cell show the worst (fail > pass > info > empty), keeping its note.
// The denominator is every member a check named times the four questions: a question no check gave
// a cell for counts as not recorded (not filled, no reason). Kinds with a failing cell first.
import type { Level, MemberCell } from "../harness/model.ts";
import {
  MEMBER_OUTCOME_ORDER,
  MEMBER_QUESTIONS,
  type MemberCounts,
  type MemberMatrix,
  type MemberMatrixCell,
  type MemberOutcome,
  type MemberQuestion,
  type ReportCheck,
} from "./types.ts";

/** The questions as the reports' column heads say them. */
export const QUESTION_HEADS: Record<MemberQuestion, string> = {
  created: "created",
  updated: "updated alone",
  kept: "kept",
  agree: "list = view",
};

/** The questions in words (the legend, a cell's tooltip). */
export const QUESTION_WORDS: Record<MemberQuestion, string> = {
  created: "read back after the full create (view and list)",
  updated: "read back after an update naming it alone",
  kept: "unchanged across updates naming other members",
  agree: "the list entry equals the view",
};

/** The fill rate the issue asks of the matrix (issue 30: at least 95% of the cells filled). */
export const MEMBER_FILL_AIM = 95;

/** The glyphs of conformance.md (the page has its own, html.ts); `·` is a cell no check gave. */
export const MEMBER_SYMBOL: Record<MemberOutcome | "missing", string> = {
  pass: "✅",
  fail: "❌",
  info: "ℹ",
  empty: "—",
  "n/a": "n/a",
  missing: "·",
};

/** An outcome in words (footnotes, tooltips). */
export const MEMBER_WORDS: Record<MemberOutcome | "missing", string> = {
  pass: "pass",
  fail: "fail",
  info: "observed (INFO)",
  empty: "empty",
  "n/a": "does not apply",
  missing: "not recorded",
};

/** The file of the member checks: one of its checks that gave no cell is still listed (unreached). */
const MEMBER_SUITE = /(?:^|\/)suites\/invariants\/members\.test\.ts$/;

const rank = (o: MemberOutcome) => MEMBER_OUTCOME_ORDER.indexOf(o);
const LEVEL_RANK: Record<Level, number> = { MUST: 0, SHOULD: 1, INFO: 2 };
const levelRank = (l?: Level) => (l ? LEVEL_RANK[l] : 3);

/** Whether `b` decides a cell `a` holds: a worse outcome, or the same at a stronger level. */
function worse(b: MemberCell, a: MemberMatrixCell): boolean {
  return (
    rank(b.outcome) < rank(a.outcome) ||
    (rank(b.outcome) === rank(a.outcome) && levelRank(b.level) < levelRank(a.level))
  );
}

/** The worst of outcomes (fail > pass > info > empty). */
export function worstMember(outcomes: Iterable<MemberOutcome>): MemberOutcome | undefined {
  let w: MemberOutcome | undefined;
  for (const o of outcomes) if (w === undefined || rank(o) < rank(w)) w = o;
  return w;
}

/** Whether a check belongs to the member matrix: it recorded cells, or it is a member check of a kind. */
export function isMemberCheck(c: ReportCheck): boolean {
  return c.members !== undefined || (!!c.resource && MEMBER_SUITE.test(c.file));
}

function pct(n: number, d: number): number {
  return d === 0 ? 0 : Math.round((1000 * n) / d) / 10;
}

function zero(): MemberCounts {
  return {
    members: 0,
    cells: 0,
    filled: 0,
    pass: 0,
    fail: 0,
    info: 0,
    empty: 0,
    na: 0,
    missing: 0,
    fillRate: 0,
  };
}

function add(to: MemberCounts, from: MemberCounts): void {
  for (const k of [
    "members",
    "cells",
    "filled",
    "pass",
    "fail",
    "info",
    "empty",
    "na",
    "missing",
  ] as const)
    to[k] += from[k];
  to.fillRate = pct(to.filled, to.cells);
}

/** Counts over members × questions, each cell's outcome as `outcomeOf` reads it (undefined: not recorded). */
function countCells(
  members: string[],
  outcomeOf: (member: string, q: MemberQuestion) => MemberOutcome | undefined,
): MemberCounts {
  const n = zero();
  for (const m of members)
    for (const q of MEMBER_QUESTIONS) {
      const o = outcomeOf(m, q);
      // a question that does not apply is no cell of the denominator
      if (o === "n/a") {
        n.na++;
        continue;
      }
      n.cells++;
      if (o === undefined) n.missing++;
      else {
        n[o]++;
        if (o !== "empty") n.filled++;
      }
    }
  n.members = members.length;
  n.fillRate = pct(n.filled, n.cells);
  return n;
}

export function computeMemberMatrix(checks: ReportCheck[]): MemberMatrix | undefined {
  const cells: MemberMatrix["cells"] = {};
  const members: MemberMatrix["members"] = {};
  const unreached: Record<string, number[]> = {};
  const targets: string[] = [];
  let any = false;
  checks.forEach((c, i) => {
    if (!isMemberCheck(c)) return;
    any = true;
    const kind = c.resource ?? "(kind not named)";
    const row = (cells[kind] ??= {});
    const order = (members[kind] ??= []);
    if (c.target !== undefined && !targets.includes(c.target)) targets.push(c.target);
    const given = (c.members ?? []).filter((m) =>
      (MEMBER_QUESTIONS as readonly string[]).includes(m.question),
    );
    if (!given.length) {
      (unreached[kind] ??= []).push(i);
      return;
    }
    for (const m of given) {
      if (!order.includes(m.member)) order.push(m.member);
      const byQ = (row[m.member] ??= {});
      const old = byQ[m.question];
      if (!old) {
        byQ[m.question] = {
          outcome: m.outcome,
          ...(m.level ? { level: m.level } : {}),
          ...(m.note !== undefined ? { note: m.note } : {}),
          checks: [i],
        };
      } else {
        if (!old.checks.includes(i)) old.checks.push(i);
        if (worse(m, old)) {
          // the deciding cell's note; one of the same outcome without a note keeps the one there
          if (m.note !== undefined) old.note = m.note;
          else if (m.outcome !== old.outcome) delete old.note;
          old.outcome = m.outcome;
          if (m.level) old.level = m.level;
          else delete old.level;
        } else if (old.note === undefined && m.note !== undefined && m.outcome === old.outcome)
          old.note = m.note;
      }
      if (c.target !== undefined) {
        const cell = byQ[m.question]!;
        const t = (cell.byTarget ??= {});
        t[c.target] = worstMember([m.outcome, ...(t[c.target] ? [t[c.target]!] : [])])!;
      }
    }
  });
  if (!any) return undefined;

  const counts: MemberMatrix["counts"] = {};
  const totals = { ...zero(), kinds: 0 };
  for (const kind of Object.keys(cells)) {
    counts[kind] = countCells(members[kind]!, (m, q) => cells[kind]![m]?.[q]?.outcome);
    add(totals, counts[kind]);
    totals.kinds++;
  }
  const failing = (k: string) => (counts[k]!.fail > 0 ? 0 : 1);
  const kinds = Object.keys(cells).sort((a, b) => failing(a) - failing(b) || a.localeCompare(b));
  const matrix: MemberMatrix = {
    questions: [...MEMBER_QUESTIONS],
    kinds,
    members,
    cells,
    counts,
    totals,
  };
  if (Object.keys(unreached).length) matrix.unreached = unreached;
  if (targets.length) {
    matrix.byTarget = {};
    for (const t of targets) {
      const n = zero();
      for (const kind of kinds)
        add(
          n,
          countCells(members[kind]!, (m, q) => cells[kind]![m]?.[q]?.byTarget?.[t]),
        );
      matrix.byTarget[t] = n;
    }
  }
  return matrix;
}

/** A kind's (or the matrix's) counts in words: filled of cells, the outcomes, empty and not recorded. */
export function memberCountsText(n: MemberCounts): string {
  return `${n.filled} of ${n.cells} cells filled (${n.fillRate}%): ${n.pass} pass, ${n.fail} fail, ${n.info} INFO; ${n.empty} empty${n.missing ? `, ${n.missing} not recorded` : ""}${n.na ? `; ${n.na} questions do not apply` : ""}`;
}

/** One note of a kind's table: the cells that share an outcome, level and note, numbered in reading order. */
export interface MemberNote {
  /** 1, 2, …: the footnote's number within its kind */
  n: number;
  outcome: MemberOutcome | "missing";
  level?: Level;
  /** the note; undefined when the cells gave none */
  note?: string;
  /** the cells it stands for, "member question" */
  cells: { member: string; question: MemberQuestion }[];
}

/**
 * The notes of one kind's table: every fail, info and empty cell (pass cells carry none), and the
 * cells no check gave, grouped by outcome, level and note; `of` finds a cell's note.
 */
export function memberNotes(
  m: MemberMatrix,
  kind: string,
): { notes: MemberNote[]; of(member: string, q: MemberQuestion): MemberNote | undefined } {
  const notes: MemberNote[] = [];
  const byKey = new Map<string, MemberNote>();
  const at = new Map<string, MemberNote>();
  for (const member of m.members[kind] ?? [])
    for (const q of MEMBER_QUESTIONS) {
      const cell = m.cells[kind]?.[member]?.[q];
      const outcome = cell?.outcome ?? "missing";
      if (outcome === "pass") continue;
      const key = JSON.stringify([outcome, cell?.level ?? "", cell?.note ?? null]);
      let note = byKey.get(key);
      if (!note) {
        note = {
          n: notes.length + 1,
          outcome,
          ...(cell?.level ? { level: cell.level } : {}),
          ...(cell?.note !== undefined ? { note: cell.note } : {}),
          cells: [],
        };
        byKey.set(key, note);
        notes.push(note);
      }
      note.cells.push({ member, question: q });
      at.set(`${member}\u0000${q}`, note);
    }
  return { notes, of: (member, q) => at.get(`${member}\u0000${q}`) };
}

/**
 * Where a note's cells are, short: "every cell", "every member's kept", or the members grouped by
 * the questions they share there ("kept, list = view: a, b; updated alone: c"; a member named alone
 * when all four are).
 */
export function noteWhere(m: MemberMatrix, kind: string, note: MemberNote): string {
  const members = m.members[kind] ?? [];
  const qs = new Set(note.cells.map((c) => c.question));
  const ms = new Set(note.cells.map((c) => c.member));
  if (note.cells.length === members.length * MEMBER_QUESTIONS.length) return "every cell";
  if (ms.size === members.length && note.cells.length === members.length * qs.size)
    return `every member's ${[...qs].map((q) => QUESTION_HEADS[q]).join(", ")}`;
  const byMember = new Map<string, MemberQuestion[]>();
  for (const c of note.cells)
    byMember.set(c.member, [...(byMember.get(c.member) ?? []), c.question]);
  const byQuestions = new Map<string, string[]>();
  for (const [member, q] of byMember) {
    const key =
      q.length === MEMBER_QUESTIONS.length ? "" : q.map((x) => QUESTION_HEADS[x]).join(", ");
    byQuestions.set(key, [...(byQuestions.get(key) ?? []), member]);
  }
  return [...byQuestions]
    .map(([q, list]) => (q ? `${q}: ${list.join(", ")}` : `every question: ${list.join(", ")}`))
    .join("; ");
}
