// Joins reports: shards of one run (same target and seed, vitest --shard) into one report, and runs
// against several targets into one report whose matrix has a column per target. Works from the
// conformance.json files alone: the catalog and the operation list come from the reports.
import { mergeCampaigns, type CampaignSummary } from "./campaign.ts";
import { readFileSync } from "node:fs";
import { applyExpectations } from "./expectations.ts";
import { parseReport } from "./json.ts";
import { buildReport } from "./report.ts";
import { byWorst } from "./rollup.ts";
import { writeReports } from "./write.ts";
import { sumTraffic } from "./traffic.ts";
import type {
  CatalogRequirement,
  Expectation,
  JudgedWith,
  LeftOnTarget,
  OperationRef,
  ReportCheck,
  RerunSummary,
  RunReport,
  TargetRun,
} from "./types.ts";

export interface MergeOptions {
  /** default: strict if any source was strict */
  strict?: boolean;
  /** default: the lowest gate level of the sources */
  gateLevel?: "MUST" | "SHOULD";
  /** write the merged files (default true) */
  write?: boolean;
}

interface Run {
  target: TargetRun;
  checks: ReportCheck[];
  expectations: Expectation[];
  runErrors: string[];
  /** what the run (each slice of it) left on the target, and why */
  left: LeftOnTarget[];
  sources: string[];
  /** slice indices joined so far (sharded runs) */
  slices: number[];
}

// Slices of a sharded run each start their own embedded reference (a different port), so they are
// one run by label, seed and slice count; unmarked reports are one run by URL, label and seed.
// Fuzz campaigns sharded by seed (one campaign seed per machine) are one run by label.
const runKey = (t: TargetRun, campaign = false) =>
  campaign
    ? JSON.stringify(["campaign", t.label])
    : t.shard
      ? JSON.stringify(["shards", t.label, String(t.seed), t.shard.count])
      : JSON.stringify([t.url, t.label, String(t.seed)]);

/** Splits a report into its runs (one per target; a merged report of several targets has several). */
function runsOf(r: RunReport, source: string): Run[] {
  return r.targets.map((t) => {
    const mine = (c: ReportCheck) => r.targets.length === 1 || c.target === t.label;
    return {
      target: { ...t },
      checks: r.checks.filter(mine).map(({ target: _t, expected: _e, ...c }) => c as ReportCheck),
      expectations: r.expectations
        .filter((e) => r.targets.length === 1 || e.target === t.label)
        .map(({ id, reason }) => ({ id, reason })),
      runErrors: [...r.runErrors],
      // a report of several targets does not say whose leftovers they were: the first run keeps them
      left: t === r.targets[0] ? [...(r.leftOnTarget ?? [])] : [],
      sources: [source],
      slices: t.shard ? [t.shard.index] : [],
    };
  });
}

/** Shards of one run: checks joined (a check in two shards keeps its worst outcome), time spans joined. */
function join(a: Run, b: Run): Run {
  const byKey = new Map(a.checks.map((c) => [`${c.file}\u0000${c.name}`, c]));
  for (const c of b.checks) {
    const k = `${c.file}\u0000${c.name}`;
    const old = byKey.get(k);
    if (!old || byWorst(c.outcome, old.outcome) < 0) byKey.set(k, c);
  }
  const start = Math.min(Date.parse(a.target.startedAt), Date.parse(b.target.startedAt));
  const end = Math.max(
    Date.parse(a.target.startedAt) + a.target.durationMs,
    Date.parse(b.target.startedAt) + b.target.durationMs,
  );
  const seen = new Set(a.expectations.map((e) => e.id));
  return {
    target: { ...a.target, startedAt: new Date(start).toISOString(), durationMs: end - start },
    checks: [...byKey.values()],
    expectations: [...a.expectations, ...b.expectations.filter((e) => !seen.has(e.id))],
    runErrors: [...new Set([...a.runErrors, ...b.runErrors])],
    left: [...a.left, ...b.left],
    sources: [...a.sources, ...b.sources],
    slices: [...a.slices, ...b.slices],
  };
}

/** A sharded run is whole when every slice 1..n came once; anything else is a run error (exit 2). */
function sliceProblems(run: Run): string[] {
  const count = run.target.shard?.count;
  if (!count) return [];
  const problems: string[] = [];
  for (let i = 1; i <= count; i++) {
    const n = run.slices.filter((s) => s === i).length;
    if (n === 0)
      problems.push(
        `shard ${i}/${count} of ${run.target.label} (seed ${run.target.seed}) is missing from the merge: the verdict is incomplete`,
      );
    if (n > 1)
      problems.push(
        `shard ${i}/${count} of ${run.target.label} (seed ${run.target.seed}) was given ${n} times`,
      );
  }
  return problems;
}

/**
 * What the merged checks were judged with: kept when every source was judged with the same spec,
 * catalog and Node (each shard's own configuration only when they are all the same); otherwise
 * absent, since no one answer holds for the whole (each source keeps its own).
 */
function sharedJudgedWith(reports: RunReport[]): { judgedWith?: JudgedWith } {
  const all = reports.map((r) => r.judgedWith);
  const first = all[0];
  if (!first || all.some((j) => !j)) return {};
  const key = (j: JudgedWith) => `${j.spec.sha256} ${j.catalog.sha256} ${j.node}`;
  if (all.some((j) => key(j!) !== key(first))) return {};
  const { config, ...rest } = first;
  const sameConfig = all.every((j) => JSON.stringify(j!.config) === JSON.stringify(config));
  return { judgedWith: sameConfig && config ? { ...rest, config } : rest };
}

/** Merges conformance.json files; writes the merged four files into outDir and returns the report. */
export function mergeReports(files: string[], outDir: string, opts: MergeOptions = {}): RunReport {
  if (!files.length) throw new Error("mergeReports: no report to merge");
  const reports = files.map((f) => parseReport(readFileSync(f, "utf8"), f));
  const runs = new Map<string, Run>();
  reports.forEach((r, i) => {
    for (const run of runsOf(r, files[i])) {
      const k = runKey(run.target, r.campaign !== undefined);
      const old = runs.get(k);
      runs.set(k, old ? join(old, run) : run);
    }
  });
  const list = [...runs.values()];
  for (const run of list) {
    run.runErrors.push(...sliceProblems(run));
    delete run.target.shard; // the joined slices are the whole run
  }

  // labels must tell the columns apart
  const used = new Map<string, number>();
  for (const run of list) used.set(run.target.label, (used.get(run.target.label) ?? 0) + 1);
  if (list.length > 1) {
    const taken = new Set<string>();
    for (const run of list) {
      let label = run.target.label;
      if ((used.get(label) ?? 0) > 1) label = `${label} (seed ${run.target.seed})`;
      for (let n = 2; taken.has(label); n++) label = `${run.target.label} #${n}`;
      taken.add(label);
      run.target.label = label;
    }
  }

  const multi = list.length > 1;
  const checks: ReportCheck[] = [];
  for (const run of list)
    for (const c of run.checks) checks.push(multi ? { ...c, target: run.target.label } : { ...c });
  const expectations = list.flatMap((run) =>
    applyExpectations(
      checks,
      run.expectations,
      multi ? run.target.label : undefined,
      new Date(run.target.startedAt),
    ),
  );

  const withCatalog = reports.find((r) => r.coverage.catalogAvailable);
  const catalog: CatalogRequirement[] | undefined = withCatalog?.coverage.requirements.map(
    ({ checks: _c, outcome: _o, byTarget: _b, ...q }) => q,
  );
  const opSeen = new Set<string>();
  const operations: OperationRef[] = [];
  for (const r of reports) {
    for (const row of r.matrix.rows) {
      if (!row.known || opSeen.has(row.operationId)) continue;
      opSeen.add(row.operationId);
      operations.push({
        operationId: row.operationId,
        method: row.method,
        path: row.path,
        area: row.area,
      });
    }
  }
  const total = Math.max(...reports.map((r) => r.matrix.operations.total));
  if (operations.length < total) {
    // a source listed more operations than rows survive (cannot happen with reports written by this reporter)
    throw new Error(
      `mergeReports: the sources list ${total} operations but only ${operations.length} rows were found`,
    );
  }

  const strict = opts.strict ?? reports.some((r) => r.options.strict);
  const gateLevel =
    opts.gateLevel ?? (reports.some((r) => r.options.gateLevel === "SHOULD") ? "SHOULD" : "MUST");
  const expectationsFiles = [
    ...new Set(reports.map((r) => r.options.expectationsFile).filter((f): f is string => !!f)),
  ];
  const report = buildReport({
    checks,
    targets: list.map((r) => r.target),
    options: {
      strict,
      gateLevel,
      // a flaky failure gates in the merge when it gated in any source
      ...(reports.some((r) => r.options.flaky === "fail") ? { flaky: "fail" as const } : {}),
      ...(expectationsFiles.length ? { expectationsFile: expectationsFiles.join(", ") } : {}),
    },
    operations,
    catalog,
    expectations,
    runErrors: [...new Set(list.flatMap((r) => r.runErrors))],
    toolVersion: reports[0].tool.version,
    merged: { kind: multi ? "targets" : "shards", sources: files },
    ...sharedJudgedWith(reports),
  });
  const left = list.flatMap((r) => r.left);
  if (left.length) report.leftOnTarget = left;
  const traffic = sumTraffic(reports.map((r) => r.traffic));
  if (traffic) report.traffic = traffic;
  const reruns = sumReruns(reports.map((r) => r.reruns));
  if (reruns) report.reruns = reruns;
  const campaign = mergeCampaigns(
    reports.map((r) => r.campaign).filter((c): c is CampaignSummary => c !== undefined),
  );
  if (campaign) report.campaign = campaign;
  if (opts.write !== false) writeReports(report, outDir);
  return report;
}

/** The reruns of several runs together: each run chose its own (its cap held per run). */
function sumReruns(list: (RerunSummary | undefined)[]): RerunSummary | undefined {
  const runs = list.filter((x): x is RerunSummary => x !== undefined);
  if (!runs.length) return undefined;
  const sum = (k: "failing" | "rerun" | "cut" | "flaky") => runs.reduce((n, x) => n + x[k], 0);
  const stopped = runs.find((x) => x.stopped)?.stopped;
  return {
    rounds: Math.max(...runs.map((x) => x.rounds)),
    roundsRun: Math.min(...runs.map((x) => x.roundsRun)),
    cap: runs[0].cap,
    failing: sum("failing"),
    rerun: sum("rerun"),
    cut: sum("cut"),
    flaky: sum("flaky"),
    ...(stopped ? { stopped } : {}),
  };
}
