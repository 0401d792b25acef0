// `plumbline report compare A B`: two written runs compared check by check (compare-render.ts
// writes compare.md and compare.html). What failed in B that
// passed in A (regressions), what was fixed, what changed level, new and removed checks; exit 1 when
// B has a MUST failure A did not have (the regression gate of a pull request). Run history
// (history.ts) uses the same comparison for its last two runs.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Level, Outcome } from "../harness/model.ts";
import { verdictLine } from "./gate.ts";
import { parseReport } from "./json.ts";
import { checkTitle } from "./text.ts";
import type { ReportCheck, RunReport } from "./types.ts";

/** A check as run history and compare see it: `flaky` is set by `--rerun-failures` when present. */
export type SeenCheck = ReportCheck & { flaky?: boolean };

/** One check on both sides (a side it did not run on is undefined). */
export interface CheckPair {
  key: string;
  name: string;
  area: string;
  a?: SeenCheck;
  b?: SeenCheck;
}

export interface Side {
  /** the file read */
  source: string;
  label: string;
  url: string;
  startedAt: string;
  seed: number | string;
  version: string;
  apiVersion: string;
  verdict: string;
}

export interface Comparison {
  a: Side;
  b: Side;
  /** the two reports are of different targets (allowed, said in the header) */
  differentTargets: boolean;
  /** passed in A, failed in B */
  regressions: CheckPair[];
  /** failed in B, and in A skipped, errored or not run (a new check): not a proven regression, still new */
  newFailures: CheckPair[];
  /** failed in A, passed in B */
  fixed: CheckPair[];
  /** ran on both sides at different levels */
  levelChanged: CheckPair[];
  /** in B only / in A only */
  added: CheckPair[];
  removed: CheckPair[];
  /** any other change of outcome (pass → skip, fail → error …) */
  otherChanges: CheckPair[];
  /** B's MUST failures (not known failures) that A did not have as such: each one fails the gate */
  newMustFailures: CheckPair[];
  exitCode: 0 | 1;
}

/** A check's identity across runs: its target (merged reports), its file and its full name. */
export const checkKey = (c: ReportCheck) => `${c.target ?? ""}\u0000${c.file}\u0000${c.name}`;

/** A MUST failure the run's gate counts: not a known failure, not a flaky one its gate only warned of. */
const gatedMust = (r: RunReport, c?: ReportCheck) =>
  c?.outcome === "fail" &&
  c.level === "MUST" &&
  !c.expected &&
  !(c.flaky && r.options.flaky !== "fail");

const LEVEL_ORDER: Level[] = ["MUST", "SHOULD", "INFO"];
const byLevel = (x: CheckPair, y: CheckPair) =>
  LEVEL_ORDER.indexOf((x.b ?? x.a)!.level) - LEVEL_ORDER.indexOf((y.b ?? y.a)!.level);

function sideOf(r: RunReport, source: string): Side {
  return {
    source,
    label: r.targets.map((t) => t.label).join(" + "),
    url: r.targets.map((t) => t.url).join(" + "),
    startedAt: r.startedAt,
    seed: r.seed,
    version: r.tool?.version ?? "unknown",
    apiVersion: r.apiVersion,
    verdict: verdictLine(r),
  };
}

/** B against A, check by check. Throws when the two are of different API versions. */
export function compareReports(a: RunReport, b: RunReport, sources = ["A", "B"]): Comparison {
  if (a.apiVersion !== b.apiVersion)
    throw new Error(
      `${sources[0]} is a run of API ${a.apiVersion} and ${sources[1]} of API ${b.apiVersion}: checks of different API versions cannot be compared`,
    );
  const pairs = new Map<string, CheckPair>();
  const pair = (c: SeenCheck) => {
    const key = checkKey(c);
    const p = pairs.get(key) ?? { key, name: checkTitle(c), area: c.area };
    pairs.set(key, p);
    return p;
  };
  for (const c of a.checks) pair(c).a = c;
  for (const c of b.checks) pair(c).b = c;
  const all = [...pairs.values()];
  const both = all.filter((p) => p.a && p.b);
  const moved = (from: Outcome[], to: Outcome[]) =>
    both.filter((p) => from.includes(p.a!.outcome) && to.includes(p.b!.outcome));
  const regressions = moved(["pass"], ["fail"]);
  const newFailures = [
    ...moved(["skip", "error"], ["fail"]),
    ...all.filter((p) => !p.a && p.b!.outcome === "fail"),
  ];
  const fixed = moved(["fail"], ["pass"]);
  const named = new Set([...regressions, ...newFailures, ...fixed]);
  const newMustFailures = all.filter((p) => gatedMust(b, p.b) && !gatedMust(a, p.a));
  const differentTargets =
    a.targets.map((t) => t.label).join() !== b.targets.map((t) => t.label).join();
  return {
    a: sideOf(a, sources[0]!),
    b: sideOf(b, sources[1]!),
    differentTargets,
    regressions: regressions.sort(byLevel),
    newFailures: newFailures.sort(byLevel),
    fixed: fixed.sort(byLevel),
    levelChanged: both.filter((p) => p.a!.level !== p.b!.level),
    added: all.filter((p) => !p.a).sort(byLevel),
    removed: all.filter((p) => !p.b).sort(byLevel),
    otherChanges: both.filter((p) => p.a!.outcome !== p.b!.outcome && !named.has(p)),
    newMustFailures,
    exitCode: newMustFailures.length ? 1 : 0,
  };
}

/**
 * A conformance.json given as the file or the report directory holding it; a missing, unreadable
 * or malformed one throws one line naming it.
 */
export function readReportArg(path: string): RunReport {
  const file =
    existsSync(path) && statSync(path).isDirectory() ? join(path, "conformance.json") : path;
  if (!existsSync(file))
    throw new Error(
      `${file} does not exist; give a conformance.json or the report directory holding one`,
    );
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    throw new Error(`${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? e})`);
  }
  try {
    return parseReport(text, file);
  } catch (e) {
    const why = e instanceof SyntaxError ? `not JSON (${e.message})` : (e as Error).message;
    throw new Error(`${file}: ${why}; give a conformance.json written by plumbline run`);
  }
}
