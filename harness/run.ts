// `plumbline run`: start (or point at) the target, hand the configuration to the `conformance`
// vitest project through provide/inject, run it with the conformance reporter, clean up, gate.
import { createVitest } from "vitest/node";
import type { Reporter } from "vitest/node";
import type { Config } from "./config.ts";
import { ConfigError } from "./errors.ts";
import { Client } from "./client.ts";
import { buildWorld } from "./world.ts";
import { Ledger, removeEntries } from "./ledger.ts";
import { CONFORMANCE_PROJECTS } from "./states.ts";

/** Values for fixtures the material leaves `not shown`, as the embedded reference defines them. */
export const REFERENCE_FIXTURES = { region: "us-east", type: "vm-nano-1", largerType: "vm-standard-2", image: "vm/debian12", cluster: "us-east-1" };

export interface Target {
  config: Config;
  embedded: boolean;
  close(): Promise<void>;
}

/** The configured target, or the embedded reference started in-process. */
export async function startTarget(config: Config): Promise<Target> {
  if (config.target) return { config, embedded: false, close: async () => {} };
  const { startReference } = await import("../reference/index.ts");
  const ref = await startReference();
  return {
    embedded: true,
    close: () => ref.close(),
    config: {
      ...config,
      target: ref.url,
      targetLabel: config.targetLabel === "reference" ? "reference" : config.targetLabel,
      controlUrl: config.controlUrl ?? ref.controlUrl,
      tokens: { ...ref.tokens, ...Object.fromEntries(Object.entries(config.tokens).filter(([, v]) => v)) },
      fixtures: { ...REFERENCE_FIXTURES, ...Object.fromEntries(Object.entries(config.fixtures).filter(([, v]) => v)) },
    },
  };
}

/** One clear line when the target cannot be used at all: unreachable, or the admin token refused. */
export async function preflight(config: Config): Promise<void> {
  const client = new Client({ baseUrl: config.target!, requestTimeoutMs: Math.min(config.requestTimeoutMs, 10_000), maxRetries: 1, maxRetryWaitMs: 2000, maxBodyBytes: 64 * 1024 });
  try {
    const res = await client.send({ method: "GET", path: "/v4/object-storage/clusters" });
    if (res.status === 0) throw new ConfigError(`target ${config.target} is unreachable (${res.error}); check --target / PLUMBLINE_TARGET`);
    if (config.tokens.admin) {
      const acct = await client.send({ method: "GET", path: "/v4/account", token: config.tokens.admin });
      if (acct.status === 401) throw new ConfigError(`the admin token was refused by ${config.target} (GET /v4/account answered 401); check --admin-token / PLUMBLINE_ADMIN_TOKEN`);
    }
  } finally {
    client.close();
  }
}

export interface RunOptions {
  log?: (line: string) => void;
  /** extra vitest file filters (default: suites/<area>/ for each configured area) */
  filters?: string[];
  /** only checks whose name matches (scripts/fuzz-faults.ts runs one operation's properties) */
  testNamePattern?: string;
}

export async function run(initial: Config, opts: RunOptions = {}): Promise<number> {
  const log = opts.log ?? ((l: string) => process.stderr.write(l + "\n"));
  const target = await startTarget(initial);
  const config = target.config;
  try {
    await preflight(config);
    const ledger = Ledger.forRun(config.ledgerDir, config.runId);
    ledger.start({ runId: config.runId, pid: process.pid, target: config.target!, embedded: target.embedded, labelPrefix: config.labelPrefix });
    log(`plumbline: run ${config.runId} against ${config.targetLabel} (${config.target}), seed ${config.seed}, labels ${config.labelPrefix}*, allowed: ${config.allow.join(", ")}, fuzz ${config.fuzzRuns} cases per property`);

    const reporter = await conformanceReporter(config, log);
    const vitest = await createVitest(
      "test",
      {
        project: CONFORMANCE_PROJECTS,
        watch: false,
        run: true,
        maxWorkers: config.concurrency,
        reporters: reporter ? ["default", reporter] : ["default"],
        passWithNoTests: true,
        ...(opts.testNamePattern ? { testNamePattern: opts.testNamePattern } : {}),
      },
      {},
    );
    // the suites read this with inject("plumbline") (harness/world.ts)
    vitest.provide("plumbline", config);
    let failedToRun = false;
    try {
      // the fuzz suite runs too, at the small default budget (its checks skip unselected areas themselves)
      const filters = opts.filters ?? [...config.areas.map((a) => `suites/${a}/`), "suites/fuzz/"];
      await vitest.start(filters);
    } catch (e) {
      failedToRun = true;
      log(`plumbline: the suites could not run: ${(e as Error).message}`);
    } finally {
      await vitest.close();
    }

    // whatever a check's own cleanup could not remove gets one more try, then is reported
    const leftovers = ledger.read().open;
    if (leftovers.length) {
      const w = buildWorld(config);
      const removal = await removeEntries(leftovers, w.ops, ledger);
      w.client.close();
      for (const f of removal.failed) log(`plumbline: could not remove ${f.entry.type} ${f.entry.label ?? ""}: ${f.reason}`);
      if (removal.failed.length === 0) ledger.end();
      else log(`plumbline: ${removal.failed.length} leftovers stay in ${ledger.file}; \`plumbline sweep\` retries them`);
    } else {
      ledger.end();
    }

    if (failedToRun) return 2;
    const report = (reporter as { report?: unknown } | undefined)?.report;
    if (!report) return vitest.state.getCountOfFailedTests() > 0 ? 1 : 0;
    const { gateExitCode } = await import("../reporter/index.ts");
    return gateExitCode(report as never);
  } finally {
    await target.close();
  }
}

/** The reporter of reporter/index.ts; vitest's default alone when it cannot be loaded. */
async function conformanceReporter(config: Config, log: (l: string) => void): Promise<Reporter | undefined> {
  try {
    const { ConformanceReporter } = await import("../reporter/index.ts");
    return new ConformanceReporter({
      reportDir: config.reportDir,
      target: { url: config.target!, label: config.targetLabel },
      seed: config.seed,
      strict: config.strict,
      gateLevel: config.gateLevel,
      expectationsFile: config.expectationsFile,
      startedAt: new Date().toISOString(),
    }) as Reporter;
  } catch (e) {
    log(`plumbline: reporter/index.ts could not be loaded (${(e as Error).message}); using vitest's default reporter only`);
    return undefined;
  }
}
