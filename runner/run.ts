// `plumbline run`: start (or point at) the target, hand the configuration to the `conformance`
// vitest project through provide/inject, run it with the conformance reporter, clean up, gate.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Reporter } from "vitest/node";
import { LOCAL_CONCURRENCY, refuse, secretsOf, usableDir, type Config } from "../harness/config.ts";
import { BudgetSpent, ConfigError } from "../harness/errors.ts";
import { Client } from "../harness/client.ts";
import { secureContextOf } from "../harness/tls.ts";
import { commandSetting, resolveTokenCommands } from "../harness/token-command.ts";
import { buildWorld, networkOptions } from "../harness/world.ts";
import { describeEntry, Ledger } from "../harness/ledger.ts";
import { replayLedger } from "./sweep.ts";
import { suiteFilters } from "./plan.ts";
import { conformanceVitest } from "./vitest.ts";
import { asCleanup, pacerFor, Permits, servePermits } from "../harness/rate.ts";
import {
  AdaptiveInFlight,
  InFlight,
  SLOW_ROUND_TRIP_MS,
  type ConcurrencyCurve,
  type Places,
} from "../harness/concurrency.ts";
import type { ConformanceReporter, LeftOnTarget, Traffic } from "../reporter/index.ts";
import type { RunReport } from "../reporter/types.ts";
import { keepRun } from "../reporter/history-store.ts";

/** Values for fixtures the material leaves `not shown`, as the embedded reference defines them. */
/**
 * From this round trip (ms) on, the workers share the run's requests in flight instead of each
 * holding a fixed share: over a slow network a worker running one long chain would leave most of its
 * share idle. Nearer, a message to the permit service per request would cost more than it saves.
 */
export const SHARED_SLOTS_FROM_MS = 5;

export const REFERENCE_FIXTURES = {
  region: "us-east",
  type: "vm-nano-1",
  largerType: "vm-standard-2",
  image: "vm/debian12",
  cluster: "us-east-1",
};

export interface Target {
  config: Config;
  embedded: boolean;
  /** requests the embedded reference received (the bench's count of what a run sends) */
  requests?: () => number;
  close(): Promise<void>;
}

/** The configured target, or the embedded reference started in-process. */
export async function startTarget(config: Config): Promise<Target> {
  if (config.target) return { config, embedded: false, close: async () => {} };
  const { startReference, faultsFromEnv, variantsFromEnv, faultNamesError, variantNamesError } =
    await import("../reference/index.ts");
  // the embedded reference takes fault switches and legal variants from the environment
  refuse("PLUMBLINE_REFERENCE_FAULTS", faultNamesError(faultsFromEnv()));
  refuse("PLUMBLINE_REFERENCE_VARIANTS", variantNamesError(variantsFromEnv()));
  const ref = await startReference();
  return {
    embedded: true,
    requests: ref.requests,
    close: () => ref.close(),
    config: {
      ...config,
      embedded: true,
      target: ref.url,
      targetLabel: config.targetLabel === "reference" ? "reference" : config.targetLabel,
      controlUrl: config.controlUrl ?? ref.controlUrl,
      tokens: {
        ...ref.tokens,
        ...Object.fromEntries(Object.entries(config.tokens).filter(([, v]) => v)),
      },
      fixtures: {
        ...REFERENCE_FIXTURES,
        ...Object.fromEntries(Object.entries(config.fixtures).filter(([, v]) => v)),
      },
    },
  };
}

/**
 * One clear line when the target cannot be used at all: unreachable, or the admin token refused.
 * Returns the target's round trip in ms (the quicker of its two requests): it sets the checks' time
 * limits (harness/check.ts checkLimitMs).
 */
/** Reads of the account the preflight times at most (the quickest is the round trip). */
const ROUND_TRIP_SAMPLES = 4;

export async function preflight(config: Config): Promise<number> {
  const client = new Client({
    baseUrl: config.target!,
    requestTimeoutMs: Math.min(config.requestTimeoutMs, 10_000),
    maxRetries: 1,
    maxRetryWaitMs: 2000,
    maxBodyBytes: 64 * 1024,
    pacer: pacerFor(config),
    ...networkOptions(config),
  });
  try {
    const times: number[] = [];
    {
      const started = performance.now();
      const res = await client.send({ method: "GET", path: "/v4/object-storage/clusters" });
      // a TLS failure says itself what to set (harness/tls.ts)
      if (res.status === 0 && res.error?.startsWith("TLS"))
        throw new ConfigError(`target ${config.target}: ${res.error}`);
      // a TLS 1.3 server may drop a handshake it refuses without a word
      const reset =
        config.target!.startsWith("https:") &&
        !config.tls?.clientCert &&
        /reset/.test(`${res.error}`)
          ? "; if it asks for a client certificate, give one with --client-cert and --client-key"
          : "";
      if (res.status === 0)
        throw new ConfigError(
          `target ${config.target} is unreachable (${res.error}); check --target / PLUMBLINE_TARGET${reset}`,
        );
      if (res.status === 407)
        throw new ConfigError(
          `the proxy in HTTPS_PROXY / HTTP_PROXY asks for credentials (407); give them in its URL (http://user:password@proxy:port)`,
        );
      times.push(performance.now() - started);
    }
    // up to four reads of the account: a busy machine can hold one answer back past 5 ms on
    // loopback, and a near target read as far runs eight workers where two serve (twice the CPU);
    // the first below 5 ms settles it, so a far target pays three round trips more, once
    for (let i = 0; i < ROUND_TRIP_SAMPLES && config.tokens.admin; i++) {
      const started = performance.now();
      const acct = await client.send({
        method: "GET",
        path: "/v4/account",
        token: config.tokens.admin,
      });
      if (acct.status) times.push(performance.now() - started);
      if (acct.status === 401)
        throw new ConfigError(
          config.tokenCommands?.admin
            ? `the admin token ${commandSetting("admin")} printed was refused by ${config.target} (GET /v4/account answered 401); check the command`
            : `the admin token was refused by ${config.target} (GET /v4/account answered 401); check --admin-token / PLUMBLINE_ADMIN_TOKEN`,
        );
      if (!acct.status || Math.min(...times) < SHARED_SLOTS_FROM_MS) break;
    }
    // the first request also opened the connection (and its TLS): the quickest is the round trip
    return Math.min(...times);
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
  /** a target started before (a fuzz campaign's rounds share one); left running at the end */
  target?: Target;
  /** reporters in place of vitest's default one (a campaign's live line) */
  reporters?: Reporter[];
  /** the finished report, with the run's last redaction pass (a campaign gathers its rounds) */
  onReport?: (report: RunReport, scrub: (text: string) => string) => void;
}

/** Every setting that can be checked without the target, checked before any request. */
export async function checkSettings(config: Config): Promise<void> {
  usableDir(config.reportDir, "reportDir");
  usableDir(config.ledgerDir, "ledgerDir");
  if (config.historyDir) {
    const { notHistoryDir } = await import("../reporter/history-store.ts");
    refuse("--history / PLUMBLINE_HISTORY", notHistoryDir(config.historyDir));
    usableDir(config.historyDir, "historyDir");
  }
  secureContextOf(config.tls); // the PEM files: refused naming the setting when they cannot serve
  if (config.expectationsFile) {
    const { loadExpectations } = await import("../reporter/expectations.ts");
    try {
      loadExpectations(config.expectationsFile);
    } catch (e) {
      // parseExpectations names the file itself (and the entry); a read error does not
      const line = (e as Error).message.split("\n")[0];
      const named = line.startsWith(`${config.expectationsFile}: `)
        ? line
        : `${config.expectationsFile}: ${line}`;
      throw new ConfigError(
        `--expectations / PLUMBLINE_EXPECTATIONS: ${named}; fix the file (reporter/README.md shows its form)`,
      );
    }
  }
}

export async function run(initial: Config, opts: RunOptions = {}): Promise<number> {
  const say = opts.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  await checkSettings(initial);
  // tokens from commands are fetched once here and handed to the workers with the rest
  const target = opts.target ?? (await startTarget(await resolveTokenCommands(initial)));
  // the run's rate limit, request budget and 429 count, for every worker (harness/rate.ts);
  // a spent budget stops the run as its deadline does
  const { maxRps, maxRequests } = target.config;
  const permits = new Permits({ maxRps, maxRequests }, () =>
    stopper.stop(
      `request budget of ${maxRequests} reached (--max-requests / PLUMBLINE_MAX_REQUESTS)`,
    ),
  );
  // the requests in flight, as one pool for every worker when the target is far away (below)
  // (adaptive, or fixed with --concurrency fixed:N: chosen once the round trip is measured)
  let pool: Places = new InFlight(target.config.concurrency);
  // a near run's held workers (harness/concurrency.ts nearRunWorkers) wait for this: let go as
  // `far` when a worker first takes a place from the run's pool (its requests turned slow), or as
  // `drained` once no file is left for them to take from the others
  const held = letGoOnce();
  const service = await servePermits(
    permits,
    {
      acquire: () => {
        held.letGo("far");
        return pool.acquire();
      },
      release: (sample) => pool.release(sample),
    },
    () => held.promise,
  );
  const config: Config = { ...target.config, permits: service.address };
  const traffic = (): Traffic => ({
    ...(maxRps ? { maxRps } : {}),
    ...(maxRequests ? { maxRequests } : {}),
    ...(permits.limited
      ? { sent: permits.tally.sent, cleanupPastBudget: permits.tally.cleanupPastBudget }
      : {}),
    tooMany: permits.tally.tooMany,
    retried: permits.tally.retried,
    waitedMs: permits.tally.waitedMs,
    // none before the round trip is measured (a target that did not answer)
    ...(config.latencyMs === undefined ? {} : { concurrency: concurrencyCurve(config, pool) }),
  });
  const reporter = await conformanceReporter(config, say);
  // every line printed passes the run's known secrets (configured and learned by the checks)
  const log = (l: string) => say(reporter ? reporter.redactor.scrub(l) : l);
  const ledger = Ledger.forRun(config.ledgerDir, config.runId, !target.embedded);
  const stopper = new Stopper(config, log);
  try {
    try {
      // a budget the preflight alone spends stops the run before any check, as any spent budget
      const latency = await preflight(config).catch((e) => {
        if (!(e instanceof BudgetSpent)) throw e;
      });
      if (latency !== undefined) config.latencyMs = Math.round(latency * 10) / 10;
      config.sharedSlots = (config.latencyMs ?? 0) >= SHARED_SLOTS_FROM_MS;
      // nearer than 5 ms a message per request would cost more than it saves: the workers hold
      // fixed shares, of --concurrency when given, else of 4; from 5 ms on, one pool for the run,
      // adaptive unless --concurrency fixed:N. Nearer and adaptive by default, each worker's share
      // turns to the run's pool once its requests turn slow (writes answered 300 ms late behind
      // quick reads, say: harness/concurrency.ts WidenWhenSlow), which the GETs before the run miss
      if (
        !config.sharedSlots &&
        config.concurrencyMode === "adaptive" &&
        !config.concurrencyGiven
      ) {
        config.widenCeiling = config.concurrency;
        config.concurrency = LOCAL_CONCURRENCY;
      }
      if (config.concurrencyMode === "adaptive" && (config.sharedSlots || config.widenCeiling))
        pool = new AdaptiveInFlight({
          ceiling: config.widenCeiling ?? config.concurrency,
          baselineMs: config.latencyMs,
          start: LOCAL_CONCURRENCY,
        });
    } catch (e) {
      // no check can run: the one line naming what to fix, then still a verdict and four reports
      if (!(e instanceof ConfigError) || !reporter) throw e;
      log(`plumbline: ${e.message}`);
      await reporter.onTestRunEnd([], [], "failed");
      reporter.finish({ runErrors: [e.message], traffic: traffic() });
      keepInHistory(config, log);
      return 2;
    }
    ledger.start({
      runId: config.runId,
      pid: process.pid,
      target: config.target!,
      embedded: target.embedded,
      labelPrefix: config.labelPrefix,
    });
    log(
      `plumbline: run ${config.runId} against ${config.targetLabel} (${config.target}), seed ${config.seed}, labels ${config.labelPrefix}*, allowed: ${config.allow.join(", ")}${config.shard ? `, shard ${config.shard.index}/${config.shard.count}` : ""}, fuzz ${config.fuzzRuns} cases per property, round trip ${config.latencyMs} ms`,
    );

    const drain = config.widenCeiling ? drained(held) : undefined;
    const vitest = await conformanceVitest(
      config,
      [
        ...(opts.reporters ?? ["default"]),
        ...(reporter ? [reporter as Reporter] : []),
        ...(drain ? [drain.reporter] : []),
      ],
      {
        // vitest slices the files by a hash of their paths: the same slice on every machine
        ...(config.shard ? { shard: `${config.shard.index}/${config.shard.count}` } : {}),
        ...(opts.testNamePattern ? { testNamePattern: opts.testNamePattern } : {}),
      },
      drain?.files,
    );
    let failedToRun = false;
    // the invariants, the authorization matrix and the fuzz suite (at its small default budget)
    // run too; their checks skip the areas not selected themselves
    const filters = opts.filters ?? suiteFilters(config.areas);
    // stopped while vitest was still starting up: no check is started at all
    const started = stopper.reason
      ? Promise.resolve()
      : vitest.start(filters).catch((e: Error) => {
          failedToRun = true;
          log(`plumbline: the suites could not run: ${e.message}`);
        });
    stopper.arm(() => {
      // held workers let go at once: waiting at the permit service, they would hold the run's end
      // for its whole grace period
      held.letGo("drained");
      void vitest.cancelCurrentRun("keyboard-input").catch(() => {});
    });
    // once stopped, checks in flight get a grace period to finish their own cleanup, no more
    await Promise.race([started, stopper.stopped.then(() => sleep(stopper.graceMs))]);
    held.letGo("drained");
    await Promise.race([vitest.close(), sleep(stopper.graceMs)]);
    // a run stopped before vitest reported: the reporter builds its report from what finished
    if (reporter && !reporter.report)
      await reporter.onTestRunEnd(vitest.state.getTestModules(), [], "interrupted");
    // --rerun-failures: the failing checks again, same seed, before the cleanup pass (their
    // fixtures go in the run's ledger too)
    if (reporter?.report && config.rerunFailures > 0 && !stopper.reason) {
      const { rerunFailures } = await import("./rerun.ts");
      await rerunFailures({
        config,
        report: reporter.report,
        modules: vitest.state.getTestModules(),
        createVitest: (r) => conformanceVitest(config, [r]),
        stopped: () => stopper.reason,
        onStop: (cancel) => stopper.arm(cancel),
        addSecret: (secret) => reporter.redactor.add(secret),
        log,
      });
    }

    const left = await cleanupPass(config, ledger, log);
    stopper.disarm();
    if (reporter?.report) {
      const report = reporter.finish({
        leftOnTarget: left,
        interrupted: stopper.reason,
        traffic: traffic(),
      });
      keepInHistory(config, log);
      opts.onReport?.(report, (t) => reporter.redactor.scrub(t));
      const { gateExitCode } = await import("../reporter/index.ts");
      return gateExitCode(report);
    }
    if (failedToRun || stopper.reason) return 2;
    return vitest.state.getCountOfFailedTests() > 0 ? 1 : 0;
  } finally {
    stopper.disarm();
    if (target.requests && !opts.target)
      log(`plumbline: the embedded reference received ${target.requests()} requests`);
    await service.close();
    if (!opts.target) await target.close();
  }
}

/**
 * With --history: the conformance.json just written (redacted by the writer) is kept under its
 * sha256 (reporter/history-store.ts). A history that cannot be written is said, not a verdict change.
 */
function keepInHistory(config: Config, log: (l: string) => void): void {
  if (!config.historyDir) return;
  try {
    const bytes = readFileSync(join(config.reportDir, "conformance.json"));
    const kept = keepRun(config.historyDir, bytes);
    log(
      `plumbline: run kept in ${config.historyDir} as runs/${kept.id.slice(0, 12)}… (plumbline history ${config.historyDir})`,
    );
  } catch (e) {
    log(
      `plumbline: warning: the run was not kept in ${config.historyDir}: ${(e as Error).message}`,
    );
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}

/**
 * What stops a run early: SIGINT, SIGTERM or the deadline. The first stops the suites, lets
 * checks in flight finish, cleans up and writes the reports marked interrupted; a second signal
 * exits at once (what is left stays in the ledger for `plumbline sweep`).
 */
class Stopper {
  reason?: string;
  readonly stopped: Promise<void>;
  /** how long checks in flight get after a stop: long enough for a request and a cleanup */
  readonly graceMs: number;
  private resolve!: () => void;
  private onStop?: () => void;
  private timer?: NodeJS.Timeout;
  private readonly handlers: [NodeJS.Signals, () => void][] = [];

  constructor(
    private readonly config: Config,
    private readonly log: (l: string) => void,
  ) {
    this.stopped = new Promise((r) => (this.resolve = r));
    this.graceMs = Math.min(30_000, 2 * config.requestTimeoutMs + 5_000);
    for (const sig of ["SIGINT", "SIGTERM"] as const) {
      const h = () => this.stop(`stopped by ${sig}`, sig);
      process.on(sig, h);
      this.handlers.push([sig, h]);
    }
    this.timer = setTimeout(
      () =>
        this.stop(
          `deadline of ${Math.round(config.deadlineMs / 1000)} s reached (--deadline / PLUMBLINE_DEADLINE)`,
        ),
      config.deadlineMs,
    );
    this.timer.unref();
  }

  arm(onStop: () => void): void {
    this.onStop = onStop;
    if (this.reason) onStop();
  }

  stop(reason: string, signal?: NodeJS.Signals): void {
    if (this.reason) {
      if (signal) {
        this.log(
          `plumbline: ${signal} again: exiting now; what the run created stays in ${this.config.ledgerDir} for \`plumbline sweep\``,
        );
        process.exit(130);
      }
      return;
    }
    this.reason = reason;
    this.log(
      `plumbline: ${reason}: stopping the checks, cleaning up, then writing the reports (a second signal exits at once)`,
    );
    this.onStop?.();
    this.resolve();
  }

  disarm(): void {
    clearTimeout(this.timer);
    for (const [sig, h] of this.handlers) process.off(sig, h);
    this.handlers.length = 0;
  }
}

/**
 * Whatever the checks' own cleanup could not remove gets one more try (by ID, or by label for
 * creates that never reported one); returns what stays on the target and why, public recipes
 * (left on purpose) included.
 */
async function cleanupPass(
  config: Config,
  ledger: Ledger,
  log: (l: string) => void,
): Promise<LeftOnTarget[]> {
  if (!existsSync(ledger.file)) return [];
  const state = ledger.read();
  const kept = state.kept.map((k) => ({
    what: describeEntry(k),
    reason: k.reason,
    onPurpose: true,
  }));
  if (state.open.length === 0) {
    if (!state.ended) ledger.end();
    for (const k of kept) log(`plumbline: left on the target on purpose: ${k.what}: ${k.reason}`);
    return kept;
  }
  const w = buildWorld(config);
  try {
    // cleanup may go past a spent request budget; the rate limit still holds
    const replay = await asCleanup(() => replayLedger(ledger.file, w.ops));
    const left = replay.left.map((l) => ({
      ...l,
      reason: w.redactor.text(l.reason),
      onPurpose: false,
    }));
    for (const k of kept) log(`plumbline: left on the target on purpose: ${k.what}: ${k.reason}`);
    for (const l of left) log(`plumbline: could not remove ${l.what}: ${l.reason}`);
    if (left.length)
      log(
        `plumbline: ${left.length} leftovers stay in ${ledger.file}; \`plumbline sweep\` retries them`,
      );
    return [...kept, ...left];
  } finally {
    w.client.close();
  }
}

/** The reporter of reporter/index.ts; vitest's default alone when it cannot be loaded. */
async function conformanceReporter(
  config: Config,
  log: (l: string) => void,
): Promise<ConformanceReporter | undefined> {
  try {
    const { ConformanceReporter } = await import("../reporter/index.ts");
    return new ConformanceReporter({
      reportDir: config.reportDir,
      target: {
        url: config.target!,
        label: config.targetLabel,
        ...(config.targetVersion ? { version: config.targetVersion } : {}),
        ...(config.shard ? { shard: config.shard } : {}),
      },
      seed: config.seed,
      strict: config.strict,
      gateLevel: config.gateLevel,
      flaky: config.flaky,
      expectationsFile: config.expectationsFile,
      startedAt: new Date().toISOString(),
      secrets: secretsOf(config),
      config,
      writeLater: true,
      log,
    });
  } catch (e) {
    log(
      `plumbline: reporter/index.ts could not be loaded (${(e as Error).message}); using vitest's default reporter only`,
    );
    return undefined;
  }
}

/** A promise let go once, the first way told. */
function letGoOnce(): { promise: Promise<string>; letGo(how: string): void } {
  let letGo!: (how: string) => void;
  const promise = new Promise<string>((r) => (letGo = r));
  return { promise, letGo };
}

/** How long a held worker waits with nothing reported from the others before it is let go anyway. */
const HELD_IDLE_MS = 30_000;

/**
 * Lets a near run's held workers go once every parallel file has been taken by a worker (theirs
 * included): none is left for the run's own workers, so the held ones run theirs beside them. And,
 * should a file never be counted, once nothing has been reported for 30 s.
 */
function drained(held: { letGo(how: string): void }): {
  reporter: Reporter;
  /** the parallel files the run runs (told by the sequencer: a shard's, when sharded) */
  files(n: number): void;
} {
  let files = Infinity;
  let taken = 0;
  let last = performance.now();
  const idle = setInterval(() => {
    if (performance.now() - last > HELD_IDLE_MS) done();
  }, 1000);
  idle.unref();
  const done = () => {
    clearInterval(idle);
    held.letGo("drained");
  };
  return {
    files(n) {
      files = n;
      if (taken >= files) done();
    },
    reporter: {
      onTestRunStart() {
        last = performance.now();
      },
      onTestModuleQueued(m) {
        last = performance.now();
        if (m.project.name === "conformance" && ++taken >= files) done();
      },
      onTestCaseResult() {
        last = performance.now();
      },
      onTestRunEnd() {
        done();
      },
    },
  };
}

/** How the run's requests in flight moved, for the report (`traffic.concurrency`). */
function concurrencyCurve(config: Config, pool: Places): ConcurrencyCurve {
  // a near run's pool counts from the first worker whose requests turned slow
  if (pool instanceof AdaptiveInFlight && (config.sharedSlots || pool.firstUsedMs !== undefined))
    return pool.summary();
  const n = config.concurrency;
  return {
    mode: config.sharedSlots ? config.concurrencyMode : "fixed",
    ceiling: n,
    start: n,
    end: n,
    peak: n,
    curve: [],
    backOffs: [],
    backOffCount: 0,
    ...(config.sharedSlots
      ? {}
      : {
          why: `round trip ${config.latencyMs ?? "?"} ms, below ${SHARED_SLOTS_FROM_MS} ms: fixed shares per worker${config.widenCeiling ? `, no kind of request turned slow (${SLOW_ROUND_TRIP_MS} ms)` : ""}`,
        }),
  };
}
