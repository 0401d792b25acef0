// The vitest reporter: at the end of the run, every test becomes a CheckResult, the checks become
// one RunReport, and the report is written as conformance.json, .md, .html and junit.xml.
// The exit status is gateExitCode(report) (see gate.ts); the CLI sets it, vitest's own is separate.
import { readFileSync } from "node:fs";
import type { Reporter, TestCase, TestModule, Vitest } from "vitest/node";
import { AREAS, type Area, type CheckMeta } from "../harness/model.ts";
import { listOperations } from "../spec/index.ts";
import { applyExpectations, loadExpectations } from "./expectations.ts";
import { evaluateGate, gateExitCode, verdictLine } from "./gate.ts";
import { buildReport } from "./report.ts";
import { writeReports } from "./write.ts";
import { Redactor } from "../harness/redact.ts";
import { consoleTraffic } from "./traffic.ts";
import { judgedWith } from "./evidence.ts";
import type { Config } from "../harness/config.ts";
import type {
  CatalogRequirement,
  Expectation,
  LeftOnTarget,
  OperationRef,
  ReportCheck,
  RunReport,
  Traffic,
} from "./types.ts";

export { gateExitCode, verdictLine } from "./gate.ts";
export { mergeReports, type MergeOptions } from "./merge.ts";
export { writeReports, REPORT_FILES } from "./write.ts";
export { loadExpectations, parseExpectations } from "./expectations.ts";
export {
  EXIT,
  type Expectation,
  type LeftOnTarget,
  type RunReport,
  type Traffic,
} from "./types.ts";

export interface ConformanceReporterOptions {
  reportDir: string;
  /** `shard` for one slice of a sharded run */
  target: {
    url: string;
    label: string;
    version?: string;
    shard?: { index: number; count: number };
  };
  seed: number | string;
  strict: boolean;
  gateLevel: "MUST" | "SHOULD";
  /** `--flaky`: whether a flaky failure gates (set after `--rerun-failures` marks one) */
  flaky?: "fail" | "warn";
  expectationsFile?: string;
  startedAt?: string;
  /** for tests: use these instead of spec/catalog.ts and spec/index.ts */
  catalog?: CatalogRequirement[];
  operations?: OperationRef[];
  /** where the summary lines go (default: stderr); pass () => {} to keep quiet */
  log?: (line: string) => void;
  /** configured tokens: masked in every file written, with the secrets the checks learned */
  secrets?: string[];
  /** build the report at the end of the run but write it only on finish() (plumbline run adds what cleanup left) */
  writeLater?: boolean;
  /** the run's configuration: recorded in the evidence with every secret removed (reporter/evidence.ts) */
  config?: Config;
}

const MAX_REASON = 4000;
const ANSI = /\u001b\[[0-9;]*m/g;
export const NOT_DECLARED = "not declared through check()";

export function toolVersion(): string {
  try {
    return (
      JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
        version: string;
      }
    ).version;
  } catch {
    return "0.0.0";
  }
}

/** The requirement catalog from spec/catalog.ts, or the reason it could not be loaded. */
export async function loadCatalogSafe(): Promise<{
  catalog?: CatalogRequirement[];
  error?: string;
}> {
  try {
    const mod = (await import("../spec/catalog.ts")) as {
      loadCatalog(): { requirements: CatalogRequirement[] };
    };
    return { catalog: mod.loadCatalog().requirements };
  } catch (e) {
    return { error: `requirement catalog could not be loaded: ${(e as Error).message}` };
  }
}

function areaOf(file: string): Area {
  const m = /(?:^|\/)suites\/([^/]+)\//.exec(file);
  return (AREAS as readonly string[]).includes(m?.[1] ?? "") ? (m![1] as Area) : "conventions";
}

function clip(s: string): string {
  const t = s.replace(ANSI, "");
  return t.length > MAX_REASON ? `${t.slice(0, MAX_REASON)}… (${t.length} characters)` : t;
}

/** What the reporter makes of one finished vitest test. */
export function toCheckResult(tc: TestCase): ReportCheck {
  const meta = (tc.meta() as { plumbline?: CheckMeta }).plumbline;
  const result = tc.result();
  const file = tc.module.relativeModuleId;
  const durationMs = tc.diagnostic()?.duration ?? 0;
  const errorText =
    result.state === "failed" || result.state === "passed"
      ? (result.errors ?? [])
          .map((e) => e.message)
          .filter(Boolean)
          .join("\n")
      : "";
  const note = result.state === "skipped" ? result.note : undefined;

  if (!meta) {
    const skipped = result.state === "skipped";
    return {
      name: tc.fullName,
      file,
      durationMs,
      requirementIds: [],
      operationIds: [],
      area: areaOf(file),
      kind: "happy",
      level: "MUST",
      sideEffect: "read-only",
      outcome: skipped ? "skip" : "error",
      reason: skipped
        ? (note ?? "not run (skipped or filtered out before check() declared it)")
        : `${NOT_DECLARED}${errorText ? `; ${clip(errorText)}` : ""}`,
      exchanges: [],
      observations: [],
    };
  }
  // `closed` marks a check cut at its time limit inside the worker; it is no part of the record
  const {
    outcome: metaOutcome,
    reason: metaReason,
    secrets: _secrets,
    closed: _closed,
    ...rest
  } = meta as CheckMeta & { closed?: boolean };
  let outcome = metaOutcome;
  let reason = metaReason;
  if (!outcome) {
    if (result.state === "passed") outcome = "pass";
    else if (result.state === "failed") outcome = "fail";
    else if (result.state === "skipped") outcome = "skip";
    else {
      outcome = "error";
      reason ??= "did not finish (the run was interrupted)";
    }
  }
  if (!reason && outcome === "fail") reason = errorText || "failed";
  if (!reason && outcome === "skip")
    reason =
      note ??
      (tc.options.mode === "skip" || tc.options.mode === "todo"
        ? "not run (filtered out or marked skip)"
        : "skipped (no reason given)");
  if (!reason && outcome === "error") reason = errorText || "error";
  return {
    ...rest,
    exchanges: rest.exchanges ?? [],
    observations: rest.observations ?? [],
    requirementIds: rest.requirementIds ?? [],
    operationIds: rest.operationIds ?? [],
    name: tc.fullName,
    file,
    outcome,
    ...(reason ? { reason: clip(reason) } : {}),
    durationMs,
  };
}

export class ConformanceReporter implements Reporter {
  /** the report of the last finished run */
  report?: RunReport;
  /** the configured secrets and every one a check learned: the last pass over each file and console line */
  readonly redactor: Redactor;
  private startedAt: string;
  private t0 = Date.now();
  /** the spec's and catalog's hashes as the run starts (the workers load them then) */
  private readonly judgedWith: ReturnType<typeof judgedWith>;

  constructor(private readonly opts: ConformanceReporterOptions) {
    this.startedAt = opts.startedAt ?? new Date().toISOString();
    this.redactor = new Redactor(opts.secrets ?? []);
    this.judgedWith = judgedWith(opts.config);
  }

  onInit(_vitest: Vitest): void {
    this.t0 = Date.now();
    if (!this.opts.startedAt) this.startedAt = new Date().toISOString();
  }

  async onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string; name?: string }>,
    reason: "passed" | "interrupted" | "failed",
  ): Promise<void> {
    const checks: ReportCheck[] = [];
    const runErrors: string[] = [];
    for (const m of testModules) {
      for (const tc of m.children.allTests()) {
        for (const secret of (tc.meta() as { plumbline?: CheckMeta }).plumbline?.secrets ?? [])
          this.redactor.add(secret);
        checks.push(toCheckResult(tc));
      }
      for (const e of m.errors()) {
        checks.push({
          name: `${m.relativeModuleId} (module failed to load)`,
          file: m.relativeModuleId,
          durationMs: 0,
          requirementIds: [],
          operationIds: [],
          area: areaOf(m.relativeModuleId),
          kind: "happy",
          level: "MUST",
          sideEffect: "read-only",
          outcome: "error",
          reason: clip(e.message ?? String(e)),
          exchanges: [],
          observations: [],
        });
      }
    }
    for (const e of unhandledErrors)
      runErrors.push(
        `unhandled error: ${clip(`${e.name ? `${e.name}: ` : ""}${e.message ?? String(e)}`)}`,
      );
    if (reason === "interrupted") runErrors.push("the run was interrupted");

    let catalog = this.opts.catalog;
    if (!catalog) {
      const c = await loadCatalogSafe();
      catalog = c.catalog;
      if (c.error) runErrors.push(c.error);
    }
    let expectations: Expectation[] = [];
    if (this.opts.expectationsFile) {
      try {
        expectations = loadExpectations(this.opts.expectationsFile);
      } catch (e) {
        runErrors.push(`expectations file: ${(e as Error).message}`);
      }
    }
    // an entry's end date is judged at the run's start (UTC), not when the report is written
    const entries = applyExpectations(checks, expectations, undefined, new Date(this.startedAt));
    const operations =
      this.opts.operations ??
      listOperations().map(({ operationId, method, path, area }) => ({
        operationId,
        method,
        path,
        area,
      }));
    this.report = buildReport({
      checks,
      targets: [
        {
          ...this.opts.target,
          seed: this.opts.seed,
          startedAt: this.startedAt,
          durationMs: Date.now() - this.t0,
        },
      ],
      options: {
        strict: this.opts.strict,
        gateLevel: this.opts.gateLevel,
        ...(this.opts.flaky ? { flaky: this.opts.flaky } : {}),
        ...(this.opts.expectationsFile ? { expectationsFile: this.opts.expectationsFile } : {}),
      },
      operations,
      catalog,
      expectations: entries,
      runErrors,
      toolVersion: toolVersion(),
      judgedWith: this.judgedWith,
    });
    if (!this.opts.writeLater) this.finish();
  }

  /**
   * Writes the four files (once more when called again) and prints the verdict. plumbline run
   * calls it after its cleanup pass, with what was left on the target and why the run stopped.
   */
  finish(
    extra: {
      leftOnTarget?: LeftOnTarget[];
      interrupted?: string;
      runErrors?: string[];
      /** the run's limits and the target's 429s, counted by the run's permits (harness/rate.ts) */
      traffic?: Traffic;
    } = {},
  ): RunReport {
    if (!this.report) throw new Error("finish() before the run ended");
    const r = this.report;
    if (extra.leftOnTarget?.length) r.leftOnTarget = extra.leftOnTarget;
    if (extra.traffic) r.traffic = extra.traffic;
    const moreErrors = [
      ...(extra.runErrors ?? []),
      ...(extra.interrupted ? [`the run was interrupted: ${extra.interrupted}`] : []),
    ].filter((e) => !r.runErrors.includes(e));
    if (extra.interrupted) {
      r.interrupted = extra.interrupted;
      // checks the stop kept from running say so, rather than "no reason given"; one that had
      // sent requests was cut in flight
      for (const c of r.checks)
        if (
          c.outcome === "skip" &&
          /^skipped \(no reason given\)$|^The test run was aborted/.test(c.reason ?? "")
        )
          c.reason = `${c.exchanges.length ? "cut" : "not run"}: ${extra.interrupted}`;
    }
    if (moreErrors.length) {
      r.runErrors = [
        ...r.runErrors.filter((e) => !(extra.interrupted && e === "the run was interrupted")),
        ...moreErrors,
      ];
      r.gate = evaluateGate({
        checks: r.checks,
        runErrors: r.runErrors,
        expectations: r.expectations,
        options: r.options,
      });
    }
    const paths = writeReports(r, this.opts.reportDir, (t) => this.redactor.scrub(t));
    const log = (l: string) =>
      (this.opts.log ?? ((x: string) => process.stderr.write(`${x}\n`)))(this.redactor.scrub(l));
    log(`plumbline: ${verdictLine(r)}`);
    for (const w of r.gate.warningLines) log(`plumbline: warning: ${w}`);
    for (const t of consoleTraffic(r.traffic)) log(`plumbline: ${t}`);
    log(`plumbline: reports in ${paths.join(", ")} (exit status ${gateExitCode(r)})`);
    return r;
  }
}
