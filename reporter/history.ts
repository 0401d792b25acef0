// `plumbline history DIR`: what the kept runs say over time, per target. The verdict and counts
// per run, a strip per check (its outcome in each of the last N runs), a timeline per area (pass
// and fail counts per run), what changed between the last two runs (compare.ts), and the flaky
// list. Pure: history-store.ts reads the files, history-render.ts writes the page and Markdown.
import type { Outcome } from "../harness/model.ts";
import { checkKey, compareReports, type Comparison, type SeenCheck } from "./compare.ts";
import type { HistoryEntry } from "./history-store.ts";
import { checkTitle } from "./text.ts";
import type { RunReport } from "./types.ts";

/** One run's cell of a check's strip: `absent` when the check did not run in that run. */
export interface StripCell {
  outcome: Outcome | "absent";
  /** `--rerun-failures` saw the check both pass and fail inside this run */
  flaky?: boolean;
  reason?: string;
}

export interface CheckStrip {
  key: string;
  name: string;
  area: string;
  level: string;
  /** one per run of the window, oldest first */
  cells: StripCell[];
  /** every cell the same outcome (nothing to look at) */
  steady: boolean;
}

export interface AreaTimeline {
  area: string;
  /** one per run of the window, oldest first */
  counts: { pass: number; fail: number; skip: number; error: number }[];
}

export interface FlakyCheck {
  key: string;
  name: string;
  area: string;
  level: string;
  /** why it is on the list, in words */
  why: string;
  /** its outcomes over the window, oldest first */
  cells: StripCell[];
}

export interface TargetHistory {
  target: string;
  /** the window: the last N runs, oldest first */
  runs: HistoryEntry[];
  /** runs kept for the target in all */
  keptRuns: number;
  strips: CheckStrip[];
  areas: AreaTimeline[];
  flaky: FlakyCheck[];
  /** the last run against the one before (absent with a single run) */
  changes?: Comparison;
  /** the line a person reads first */
  glance: string;
  /** the latest run against the one before */
  trend: Trend;
}

export interface HistoryView {
  dir: string;
  last: number;
  targets: TargetHistory[];
  warnings: string[];
}

/**
 * What makes two runs' outcomes of a check comparable for flakiness: the same plumbline version and,
 * when the report records them (`judgedWith`, schema 2), the same spec and catalog (their sha256);
 * for a fuzz check, whose inputs come from the seed, the same seed too.
 */
function inputsOf(r: RunReport, c: SeenCheck): string {
  const judged = (
    r as { judgedWith?: { spec?: { sha256?: string }; catalog?: { sha256?: string } } }
  ).judgedWith;
  return JSON.stringify([
    r.tool?.version,
    // a target of another version answering otherwise has changed, not flaked
    r.target?.version ?? null,
    judged?.spec?.sha256 ?? null,
    judged?.catalog?.sha256 ?? null,
    c.kind === "fuzz" ? String(r.seed) : null,
  ]);
}

/** How many times a sequence of pass/fail changes. */
function flips(seq: Outcome[]): number {
  let n = 0;
  for (let i = 1; i < seq.length; i++) if (seq[i] !== seq[i - 1]) n++;
  return n;
}

/**
 * The flaky list: a check whose pass/fail outcome flips more than once among runs with the same
 * inputs (a single flip is one lasting change: a regression or a fix), or that a run marked flaky
 * itself (`--rerun-failures`).
 */
export function flakyChecks(runs: RunReport[], strips: CheckStrip[]): FlakyCheck[] {
  const out: FlakyCheck[] = [];
  const byKey = runs.map((r) => new Map(r.checks.map((c) => [checkKey(c), c as SeenCheck])));
  for (const s of strips) {
    const marked = s.cells.flatMap((c, i) => (c.flaky ? [i + 1] : []));
    const byInputs = new Map<string, Outcome[]>();
    runs.forEach((r, i) => {
      const c = byKey[i]!.get(s.key);
      const o = s.cells[i]!.outcome;
      if (!c || (o !== "pass" && o !== "fail")) return;
      const k = inputsOf(r, c);
      byInputs.set(k, [...(byInputs.get(k) ?? []), o]);
    });
    const most = Math.max(0, ...[...byInputs.values()].map(flips));
    const why = [
      ...(most >= 2 ? [`passed and failed by turns (${most} changes) with the same inputs`] : []),
      ...(marked.length
        ? [
            `marked flaky inside run${marked.length > 1 ? "s" : ""} ${marked.join(", ")} (--rerun-failures)`,
          ]
        : []),
    ];
    if (why.length)
      out.push({
        key: s.key,
        name: s.name,
        area: s.area,
        level: s.level,
        why: why.join("; "),
        cells: s.cells,
      });
  }
  return out;
}

/** The strip of every check that ran in any run of the window. */
export function checkStrips(runs: RunReport[]): CheckStrip[] {
  const strips = new Map<string, CheckStrip>();
  runs.forEach((r, i) => {
    for (const c of r.checks as SeenCheck[]) {
      const key = checkKey(c);
      let s = strips.get(key);
      if (!s) {
        s = {
          key,
          name: checkTitle(c),
          area: c.target ? `${c.target}/${c.area}` : c.area,
          level: c.level,
          cells: runs.map(() => ({ outcome: "absent" as const })),
          steady: false,
        };
        strips.set(key, s);
      }
      s.level = c.level;
      s.cells[i] = {
        outcome: c.outcome,
        ...(c.flaky ? { flaky: true } : {}),
        ...(c.reason && c.outcome !== "pass" ? { reason: c.reason } : {}),
      };
    }
  });
  const all = [...strips.values()];
  for (const s of all)
    s.steady = s.cells.every((c) => c.outcome === s.cells[0]!.outcome && !c.flaky);
  return all.sort((x, y) => x.area.localeCompare(y.area) || x.name.localeCompare(y.name));
}

/** Pass, fail, skip and error counts per area and run. */
export function areaTimelines(runs: RunReport[]): AreaTimeline[] {
  const areas = new Map<string, AreaTimeline>();
  runs.forEach((r, i) => {
    for (const c of r.checks) {
      const area = c.target ? `${c.target}/${c.area}` : c.area;
      let t = areas.get(area);
      if (!t) {
        t = { area, counts: runs.map(() => ({ pass: 0, fail: 0, skip: 0, error: 0 })) };
        areas.set(area, t);
      }
      t.counts[i]![c.outcome]++;
    }
  });
  return [...areas.values()].sort((x, y) => x.area.localeCompare(y.area));
}

/** worse / better / mixed: the verdict rose while some check regressed / same / alone: nothing to compare */
export type Trend = "worse" | "better" | "mixed" | "same" | "alone";

const VERDICT_RANK = { pass: 0, error: 1, fail: 2 } as const;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Worse: the verdict dropped, or a check passed and now fails while the verdict held; mixed: the
 * verdict rose but some check regressed; better: something fixed, nothing new failing.
 */
function trendOf(runs: HistoryEntry[], changes: Comparison | undefined): Trend {
  const [prev, last] = [runs.at(-2), runs.at(-1)!];
  if (!changes || !prev) return "alone";
  const verdict = VERDICT_RANK[last.verdict] - VERDICT_RANK[prev.verdict];
  const newFailing = changes.regressions.length + changes.newFailures.length > 0;
  if (verdict > 0 || (newFailing && verdict === 0)) return "worse";
  if (newFailing) return "mixed";
  if (changes.fixed.length > 0 || verdict < 0) return "better";
  return "same";
}

/** Is the latest run worse than the one before, and how many checks are flaky: one line. */
function glanceOf(
  runs: HistoryEntry[],
  changes: Comparison | undefined,
  trend: Trend,
  flaky: number,
): string {
  const last = runs.at(-1)!;
  const head = `latest run ${last.verdict.toUpperCase()} (${last.counts.fail} failed of ${last.counts.total})`;
  const flakyText = `${plural(flaky, "flaky check")}`;
  if (!changes)
    return `${head}; ${runs.length < 2 ? "the only run kept" : "the run before is of another API version: not compared"}; ${flakyText}`;
  const words = {
    worse: "WORSE than the run before",
    better: "better than the run before",
    mixed: "a better verdict than the run before, but some checks regressed",
    same: "no change from the run before",
    alone: "",
  }[trend];
  return `${head}: ${words} (${plural(changes.regressions.length, "regression")}, ${plural(changes.newFailures.length, "other new failure")}, ${changes.fixed.length} fixed); ${flakyText}`;
}

/** The latest run against the one before; none with one run, or when their API versions differ. */
function lastChanges(reports: RunReport[]): Comparison | undefined {
  const [a, b] = [reports.at(-2), reports.at(-1)];
  if (!a || !b || a.apiVersion !== b.apiVersion) return undefined;
  return compareReports(a, b, ["the run before", "the latest run"]);
}

/**
 * A run as history needs it: its checks' verdicts without their exchanges and observations (a full
 * run's report holds thousands of bodies; the window keeps N reports in memory at once).
 */
function slim(r: RunReport): RunReport {
  const checks = r.checks.map(({ exchanges: _x, observations: _o, fuzz: _f, ...c }) => ({
    ...c,
    exchanges: [],
    observations: [],
  }));
  return { ...r, checks, observations: [] };
}

/** One target's history over its last `last` runs (`load` reads a run's report). */
export function targetHistory(
  target: string,
  entries: HistoryEntry[],
  last: number,
  load: (e: HistoryEntry) => RunReport,
): TargetHistory {
  const window = entries.slice(-last);
  const reports = window.map((e) => slim(load(e)));
  const strips = checkStrips(reports);
  const flaky = flakyChecks(reports, strips);
  const changes = lastChanges(reports);
  const trend = trendOf(window, changes);
  return {
    target,
    runs: window,
    keptRuns: entries.length,
    strips,
    areas: areaTimelines(reports),
    flaky,
    ...(changes ? { changes } : {}),
    glance: glanceOf(window, changes, trend, flaky.length),
    trend,
  };
}

/** Every target's history; runs of a target in the order they started. */
export function buildHistory(
  dir: string,
  entries: HistoryEntry[],
  last: number,
  load: (e: HistoryEntry) => RunReport,
  warnings: string[] = [],
): HistoryView {
  const byTarget = new Map<string, HistoryEntry[]>();
  for (const e of entries) byTarget.set(e.target, [...(byTarget.get(e.target) ?? []), e]);
  const targets = [...byTarget].map(([t, es]) => targetHistory(t, es, last, load));
  return { dir, last, targets, warnings };
}
