// `--rerun-failures K`: after the run, each failing check runs K more times with the same seed,
// against the same target, in a vitest of its own that runs only those checks (by their vitest
// test IDs). A check whose runs both pass and fail is flaky: it keeps its first outcome, gains
// `flaky: true` and `reruns`; whether a flaky failure gates is `--flaky` (reporter/gate.ts).
import type { Reporter, TestModule, Vitest } from "vitest/node";
import type { Config } from "../harness/config.ts";
import type { CheckMeta, Outcome, RerunEvidence } from "../harness/model.ts";
import { toCheckResult } from "../reporter/index.ts";
import { evaluateGate, gatedLevels } from "../reporter/gate.ts";
import type { ReportCheck, RerunSummary, RunReport } from "../reporter/types.ts";

/** K at most: beyond five reruns a flake is as well shown as it will be. */
export const MAX_RERUN_ROUNDS = 5;
/**
 * Checks rerun at most. Flakiness is a property of a few checks; past ten failures the target (or
 * the environment) is broken rather than flaky, and rerunning every failure would multiply the
 * load on a target that may be billable. At K = 5 the cap bounds the reruns to 50 check runs, a
 * round taking about as long as its slowest check (they run side by side, --concurrency).
 */
export const MAX_RERUN_CHECKS = 10;

/**
 * The failing checks to rerun, at most `cap`: MUST and SHOULD failures (INFO never gates), those
 * that gate first (MUST, then SHOULD; not a known failure), then the rest, each in report order.
 * Returns indices into `report.checks` and how many failing checks there were.
 */
export function chooseReruns(
  report: Pick<RunReport, "checks" | "options">,
  cap = MAX_RERUN_CHECKS,
): { chosen: number[]; failing: number } {
  const levels = gatedLevels(report.options);
  const rank = (c: ReportCheck) =>
    levels.includes(c.level) && !c.expected ? (c.level === "MUST" ? 0 : 1) : 2;
  const failing = report.checks
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.outcome === "fail" && c.level !== "INFO");
  const chosen = failing
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .slice(0, cap)
    .map(({ i }) => i);
  return { chosen, failing: failing.length };
}

/**
 * Records a check's reruns on it (in place): their outcomes, `flaky` when its runs gave both a pass
 * and a fail (a skip or an error judges nothing, so it makes no flake), and the evidence kept: the
 * first rerun of each outcome that differs from the first run's, with its exchanges. Reruns that
 * ended as the first run did add only their outcome.
 */
export function recordReruns(check: ReportCheck, reruns: ReportCheck[]): void {
  check.reruns = reruns.map((r) => r.outcome);
  const verdicts = new Set<Outcome>(
    [check.outcome, ...check.reruns].filter((o) => o === "pass" || o === "fail"),
  );
  if (verdicts.size > 1) check.flaky = true;
  const kept: RerunEvidence[] = [];
  reruns.forEach((r, i) => {
    if (r.outcome === check.outcome || kept.some((k) => k.outcome === r.outcome)) return;
    kept.push({
      attempt: i + 1,
      outcome: r.outcome,
      ...(r.reason ? { reason: r.reason } : {}),
      exchanges: r.exchanges,
    });
  });
  if (kept.length) check.rerunEvidence = kept;
}

/** Where a check of the first run lives in vitest: its project, module and test ID. */
interface TestRef {
  project: string;
  moduleId: string;
  id: string;
}

/** The first run's vitest tests by report name and file (how the reporter named its checks). */
function testRefs(modules: ReadonlyArray<TestModule>): Map<string, TestRef> {
  const refs = new Map<string, TestRef>();
  for (const m of modules)
    for (const tc of m.children.allTests())
      refs.set(`${m.relativeModuleId}\n${tc.fullName}`, {
        project: tc.project.name,
        moduleId: m.moduleId,
        id: tc.id,
      });
  return refs;
}

/** Collects, for each round, the checks asked for (by test ID) as the reporter makes them. */
class RerunCollector implements Reporter {
  readonly results = new Map<string, ReportCheck>();
  constructor(
    private readonly wanted: Set<string>,
    private readonly addSecret: (s: string) => void,
  ) {}
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    for (const m of modules)
      for (const tc of m.children.allTests()) {
        if (!this.wanted.has(tc.id)) continue;
        for (const s of (tc.meta() as { plumbline?: CheckMeta }).plumbline?.secrets ?? [])
          this.addSecret(s);
        this.results.set(tc.id, toCheckResult(tc));
      }
  }
}

export interface RerunContext {
  config: Config;
  report: RunReport;
  /** the first run's test modules (vitest.state), to find each failing check's test ID */
  modules: ReadonlyArray<TestModule>;
  /** a vitest of the conformance projects, set up as the run's, reporting to `reporter` only */
  createVitest(reporter: Reporter): Promise<Vitest>;
  /** why the run was stopped (signal, deadline, budget), if it was: no further round starts */
  stopped(): string | undefined;
  /** hands over what cancels the round in flight when the run is stopped */
  onStop(cancel: () => void): void;
  /** a secret a rerun's check learned: masked in every file, as the run's */
  addSecret(secret: string): void;
  log(line: string): void;
}

/**
 * Runs the chosen failing checks `config.rerunFailures` more times, records each check's reruns,
 * sets `report.reruns` and evaluates the gate again. Fixtures are created fresh by every rerun and
 * cleaned up as in any check (the ledger is the run's: its cleanup pass comes after).
 */
export async function rerunFailures(ctx: RerunContext): Promise<RerunSummary | undefined> {
  const { report, config } = ctx;
  const rounds = Math.min(config.rerunFailures, MAX_RERUN_ROUNDS);
  const { chosen, failing } = chooseReruns(report);
  if (rounds <= 0 || chosen.length === 0) return undefined;
  const refs = testRefs(ctx.modules);
  const byIndex = new Map(
    chosen.map((i) => [i, refs.get(`${report.checks[i].file}\n${report.checks[i].name}`)]),
  );
  const summary: RerunSummary = {
    rounds,
    roundsRun: 0,
    cap: MAX_RERUN_CHECKS,
    failing,
    rerun: chosen.length,
    cut: failing - chosen.length,
    flaky: 0,
  };
  ctx.log(
    `plumbline: rerunning ${chosen.length} failing check${chosen.length === 1 ? "" : "s"} ${rounds} more time${rounds === 1 ? "" : "s"} (--rerun-failures)${summary.cut ? `; ${summary.cut} more failing left out by the cap of ${MAX_RERUN_CHECKS}` : ""}`,
  );
  const found = [...byIndex.values()].filter((r): r is TestRef => r !== undefined);
  const collector = new RerunCollector(new Set(found.map((r) => r.id)), ctx.addSecret);
  const runs = new Map<number, ReportCheck[]>(chosen.map((i) => [i, []]));
  const started = performance.now();
  let vitest: Vitest | undefined;
  try {
    vitest = await ctx.createVitest(collector);
    const v = vitest;
    // one specification per module, naming only its failing tests
    const modules = new Map<string, TestRef[]>();
    for (const r of found) {
      const key = `${r.project}\n${r.moduleId}`;
      modules.set(key, [...(modules.get(key) ?? []), r]);
    }
    const specs = [...modules.values()].map((group) =>
      v
        .getProjectByName(group[0].project)
        .createSpecification(group[0].moduleId, { testIds: group.map((r) => r.id) }),
    );
    ctx.onStop(() => void v.cancelCurrentRun("keyboard-input").catch(() => {}));
    for (let round = 1; round <= rounds; round++) {
      const stop = ctx.stopped();
      if (stop) {
        summary.stopped = stop;
        break;
      }
      collector.results.clear();
      await v.runTestSpecifications(specs);
      if (ctx.stopped()) {
        // a round the stop cut short judges nothing: its outcomes are not kept
        summary.stopped = ctx.stopped();
        break;
      }
      for (const i of chosen) {
        const ref = byIndex.get(i);
        const got = ref && collector.results.get(ref.id);
        runs.get(i)!.push(
          got ?? {
            ...report.checks[i],
            outcome: "error",
            reason: "the rerun did not reach this check (vitest found no test with its ID)",
            exchanges: [],
          },
        );
      }
      summary.roundsRun = round;
    }
  } catch (e) {
    // the first run's verdict stands; the rounds that ran are kept, and the reports say why no more
    summary.stopped = `the reruns broke off (${(e as Error).message.split("\n")[0]})`;
  } finally {
    await vitest?.close().catch(() => {});
  }
  if (summary.roundsRun > 0) for (const i of chosen) recordReruns(report.checks[i], runs.get(i)!);
  summary.flaky = chosen.filter((i) => report.checks[i].flaky).length;
  report.reruns = summary;
  report.gate = evaluateGate({
    checks: report.checks,
    runErrors: report.runErrors,
    expectations: report.expectations,
    options: report.options,
  });
  ctx.log(
    `plumbline: reruns: ${summary.flaky} of ${chosen.length} flaky (passed and failed), ${summary.roundsRun} round${summary.roundsRun === 1 ? "" : "s"} in ${((performance.now() - started) / 1000).toFixed(1)} s${summary.stopped ? `; stopped after ${summary.roundsRun} of ${rounds} rounds: ${summary.stopped}` : ""}`,
  );
  return summary;
}
