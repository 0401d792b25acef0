// The vitest that runs (or, for `plan`, only collects) the suites: the `conformance` projects,
// started from plumbline's own folder, with the run's configuration provided to them.
import { createVitest, type Reporter, type Vitest } from "vitest/node";
import { workerCount } from "../harness/concurrency.ts";
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
): Promise<Vitest> {
  const ours = new Set([...process.listeners("SIGINT"), ...process.listeners("SIGTERM")]);
  const vitest = await createVitest(
    "test",
    {
      ...vitestLocation(),
      project: CONFORMANCE_PROJECTS,
      watch: false,
      run: true,
      // --concurrency N: N requests in flight, from a few workers each running checks concurrently
      maxWorkers: workerCount(config.concurrency),
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
  return vitest;
}
