// vitest's runner for the conformance suites, with one change: the checks of a file run
// concurrently, as many at once as the worker's share of --concurrency (harness/concurrency.ts),
// describe blocks included (vitest's own `sequence.concurrent` is not passed to a project's workers,
// and would leave every describe block waiting for the one before). The serial files
// (`*.serial.test.ts`) change target-wide state and keep running one check after another.
import { type RunnerTestSuite, TestRunner } from "vitest";
import { checksPerWorker } from "./concurrency.ts";
import { settings } from "./world.ts";

const SERIAL = /\.serial\.test\.[cm]?[jt]s$/;

export default class ConcurrentChecksRunner extends TestRunner {
  override onBeforeRunSuite(suite: RunnerTestSuite): Promise<void> {
    // the file is the outermost suite: mark its tasks once, before any of them runs
    if (!suite.suite && !SERIAL.test(suite.file?.filepath ?? "")) {
      this.config.maxConcurrency = checksPerWorker(settings().concurrency);
      markConcurrent(suite);
    }
    return super.onBeforeRunSuite(suite);
  }
}

function markConcurrent(suite: RunnerTestSuite): void {
  for (const t of suite.tasks) {
    t.concurrent = true;
    if (t.type === "suite") markConcurrent(t);
  }
}
