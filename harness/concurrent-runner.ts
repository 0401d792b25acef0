// vitest's runner for the conformance suites, with one change: the checks of a file run
// concurrently, as many at once as the worker's share of --concurrency (harness/concurrency.ts),
// describe blocks included (vitest's own `sequence.concurrent` is not passed to a project's workers,
// and would leave every describe block waiting for the one before). The serial files
// (`*.serial.test.ts`) change target-wide state and keep running one check after another; so do
// the account-wide checks within their file.
import { type RunnerTestCase, type RunnerTestSuite, TestRunner } from "vitest";
import { getFn } from "vitest/suite";
import {
  type CheckGate,
  checksPerWorker,
  letGo,
  wideChecksPerWorker,
  workerCheckGate,
  workerCount,
} from "./concurrency.ts";
import { heldUntilLetGo } from "./rate.ts";
import { inject } from "vitest";
import { type Config, loadConfig } from "./config.ts";

/**
 * The run's configuration as `plumbline run` provides it (a bare vitest: from the environment and
 * plumbline.config.yaml), without loading the harness: a held worker waits with none of it loaded
 * (loaded at its start, beside the run's own workers starting theirs, it cost the embedded run 7%).
 */
function settings(): Config {
  let provided: Config | undefined;
  try {
    provided = inject("plumbline");
  } catch {
    // not provided: a bare vitest
  }
  return provided ?? loadConfig();
}

const SERIAL = /\.serial\.test\.[cm]?[jt]s$/;

export default class ConcurrentChecksRunner extends TestRunner {
  constructor(config: ConstructorParameters<typeof TestRunner>[0]) {
    super(config);
    // vitest makes the worker's one limit on concurrent checks from this value when it starts its
    // first file, before any suite hook: set later, it was ignored and every worker ran vitest's
    // default of five checks, whatever --concurrency said
    const run = settings();
    const { concurrency, sharedSlots, widenCeiling } = run;
    const checks = checksPerWorker(concurrency, sharedSlots);
    this.config.maxConcurrency = checks;
    // a near run, adaptive by default: as many as the worker may run once its requests turn slow,
    // and a gate that holds it to its share until then (harness/concurrency.ts WidenWhenSlow)
    if (widenCeiling && !sharedSlots) {
      this.config.maxConcurrency = Math.max(checks, wideChecksPerWorker(widenCeiling, concurrency));
      this.gate = workerCheckGate(checks);
      // the workers past the run's own are held back before their first file (nearRunWorkers)
      const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
      this.held = poolId > workerCount(concurrency) ? run.permits : undefined;
    }
  }

  private readonly gate?: CheckGate;
  /** the permit service this worker waits at before its first file, when it is held back */
  private held?: string;

  /**
   * A held worker waits before it imports its first file (nothing of the suites loaded, no CPU
   * spent) until a worker's requests turn slow or no file is left for it to take from the others.
   */
  override async importFile(filepath: string, source: "collect" | "setup"): Promise<unknown> {
    if (source === "collect" && this.held) {
      const address = this.held;
      this.held = undefined;
      letGo(await heldUntilLetGo(address));
    }
    return super.importFile(filepath, source);
  }

  /** A check's body, with a place at the gate when there is one (its hooks and timeout as vitest's own). */
  async runTask(test: RunnerTestCase): Promise<void> {
    const fn = getFn(test);
    if (!fn) throw new Error("Test function is not found. Did you add it using `setFn`?");
    if (!this.gate) return void (await fn());
    await this.gate.acquire();
    try {
      await fn();
    } finally {
      this.gate.release();
    }
  }

  override onBeforeRunSuite(suite: RunnerTestSuite): Promise<void> {
    // the file is the outermost suite: mark its tasks once, before any of them runs
    if (!suite.suite && !SERIAL.test(suite.file?.filepath ?? "")) markConcurrent(suite);
    return super.onBeforeRunSuite(suite);
  }
}

/**
 * Marks the tasks that may run beside the others; answers whether all of them may. A check that
 * changes account-wide state (`effect: "account-wide"`: the profile, the country) runs alone within
 * its file, as before, and so does any describe block holding one: two of them at once would read
 * each other's writes.
 */
function markConcurrent(suite: RunnerTestSuite): boolean {
  let all = true;
  for (const t of suite.tasks) {
    const alone =
      t.type === "suite" ? !markConcurrent(t) : t.meta.plumbline?.sideEffect === "account-wide";
    t.concurrent = !alone;
    all &&= !alone;
  }
  return all;
}
