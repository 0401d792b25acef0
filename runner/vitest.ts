// The vitest that runs (or, for `plan`, only collects) the suites: the `conformance` projects,
// started from plumbline's own folder, with the run's configuration provided to them.
import {
  BaseSequencer,
  createVitest,
  type Reporter,
  type TestSpecification,
  type Vitest,
} from "vitest/node";
import { nearRunWorkers, workerCount } from "../harness/concurrency.ts";
import type { Config } from "../harness/config.ts";
import { CONFORMANCE_PROJECTS } from "../harness/states.ts";
import { vitestLocation } from "./root.ts";

/**
 * A vitest of the `conformance` projects, started from plumbline's own folder, with the run's
 * configuration provided to the suites (they read it with inject("plumbline"), harness/world.ts).
 */
export async function conformanceVitest(
  config: Config,
  reporters: (string | Reporter)[],
  extra: { shard?: string; testNamePattern?: string } = {},
  /** a near run's held workers: told how many parallel files this run has (its shard's, when sharded) */
  onParallelFiles?: (n: number) => void,
): Promise<Vitest> {
  const ours = new Set([...process.listeners("SIGINT"), ...process.listeners("SIGTERM")]);
  const near = Boolean(config.widenCeiling && !config.sharedSlots);
  const own = workerCount(config.concurrency);
  const workers = near ? nearRunWorkers(config.widenCeiling!, config.concurrency) : own;
  const vitest = await createVitest(
    "test",
    {
      ...vitestLocation(),
      project: CONFORMANCE_PROJECTS,
      watch: false,
      run: true,
      // --concurrency N: N requests in flight, from a few workers each running checks concurrently
      // (a near run, adaptive by default, starts more, held back until its requests turn slow)
      maxWorkers: workers,
      // workers as threads of this process, not child processes: a check's record reaches the
      // reporter by postMessage, not serialised over a pipe; measured on two cores, 5% less wall
      // time and 15% less system time, and one process's memory instead of three
      // (a CPU profile per worker needs --cpu-prof, a flag of a process: then child processes)
      pool: process.env.PLUMBLINE_CPU_PROFILE_DIR ? "forks" : "threads",
      reporters,
      passWithNoTests: true,
      // for work on plumbline's own speed: each worker writes a V8 CPU profile there
      ...(process.env.PLUMBLINE_CPU_PROFILE_DIR
        ? { execArgv: ["--cpu-prof", `--cpu-prof-dir=${process.env.PLUMBLINE_CPU_PROFILE_DIR}`] }
        : {}),
      ...extra,
    },
    {},
  );
  // vitest's logger exits the process on SIGINT/SIGTERM; plumbline stops the run itself (Stopper)
  for (const sig of ["SIGINT", "SIGTERM"] as const)
    for (const l of process.listeners(sig)) if (!ours.has(l)) process.off(sig, l as () => void);
  vitest.provide("plumbline", config);
  // set on the resolved root (read when the first run starts): given with the options above, a
  // `sequence` replaced the projects' own (their groupOrder)
  if (workers > own)
    vitest.config.sequence.sequencer = heldTakeTheShortest(own, workers - own, onParallelFiles);
  return vitest;
}

/**
 * vitest's order (the longest files first, by their last run), but the held workers' first files
 * (a worker takes the next file in order; the first ones go to workers 1, 2, …) are the quickest:
 * against a quick target the held workers are let go only once no file is left, and then run those.
 */
function heldTakeTheShortest(own: number, held: number, count?: (n: number) => void) {
  return class extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const parallel = sorted.filter((s) => s.project.name === "conformance");
      // the files this run runs: a shard's, sliced before they are sorted
      count?.(parallel.length);
      if (parallel.length <= own + held) return sorted;
      const rest = parallel.slice(0, -held);
      const order = [...rest.slice(0, own), ...parallel.slice(-held), ...rest.slice(own)];
      let i = 0;
      return sorted.map((s) => (s.project.name === "conformance" ? order[i++] : s));
    }
  };
}
