// The one way suites declare a test. A check names its requirement IDs, operation(s), kind, level
// and side-effect class; the harness fills task.meta.plumbline (the record the reporter reads),
// maps exceptions to outcomes, skips what cannot run (naming why) and cleans up what it created.
import { test, type TestContext } from "vitest";
import type { Area, CheckMeta, Kind, Level, MemberCell, SideEffect } from "./model.ts";
import { AREAS } from "./model.ts";
import { BudgetSpent, HarnessError, MissingCapability, TargetFailure } from "./errors.ts";
import { queuedMs, runInCheck } from "./current.ts";
import { operationInfo, type Ops } from "./ops.ts";
import type { OperationId } from "./operation-ids.ts";
import { Fresh } from "./fresh.ts";
import { waitFor } from "./wait.ts";
import { settings, world, type World } from "./world.ts";
import type { States } from "./states.ts";
import type { Principals } from "./principals.ts";
import type { Config } from "./config.ts";
import { type ApiResponse, sealed } from "./client.ts";
import { loadRequirements, type Requirement } from "./catalog.ts";

export interface CheckDecl {
  id: string | string[];
  op?: OperationId | OperationId[];
  kind?: Kind;
  level?: Level;
  effect?: SideEffect;
  area?: Area;
  /** the resource kind (spec/kinds.ts) a generic invariant ran on: the report's kind × invariant matrix */
  resource?: string;
  /** the principal column (harness/principals.ts `COLUMNS`) an authorization cell ran as: the report's principal × operation matrix */
  principal?: string;
  /** a generic cell's family (harness/model.ts CheckMeta.generic) */
  generic?: CheckMeta["generic"];
  /** the material's words that decide the cell, verbatim (harness/model.ts CheckMeta.clause) */
  clause?: string | string[];
  /** per-check timeout in ms (vitest's) */
  timeout?: number;
}

export interface CheckContext {
  ops: Ops;
  fresh: Fresh;
  states: States;
  principals: Principals;
  config: Config;
  /** skip with a reason naming what is missing */
  skip(reason: string): never;
  /** the check's requirement IDs, as declared (the first gives its level and kind) */
  requirementIds: readonly string[];
  /**
   * An INFO observation on this check: expect.ts's `observe`, same arguments, recorded against the
   * check's first operation unless `operationId` is given.
   */
  observe(requirementId: string, note: string, value: unknown, operationId?: string): void;
  /** one cell of the kind × member matrix (harness/model.ts MemberCell) */
  memberCell(cell: MemberCell): void;
  /** waitFor with the configured wait timeout */
  waitFor<T>(description: string, probe: () => Promise<T | undefined | false>): Promise<T>;
  /** a label with the run's prefix */
  label(kind?: string, max?: number): string;
  /**
   * A request to an absolute URL the target handed out (a pre-signed object URL), sent without a
   * token and recorded like any exchange. Raw bodies only; set contentType for them.
   */
  http(
    method: string,
    url: string,
    opts?: { body?: string | Buffer; contentType?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse>;
}

/** Static metadata of a check, known at declaration (what `plan` reads). */
export function declare(decl: CheckDecl, catalog: Map<string, Requirement> | undefined): CheckMeta {
  const ids = Array.isArray(decl.id) ? decl.id : [decl.id];
  if (ids.length === 0) throw new HarnessError("check() needs at least one requirement ID");
  const req = catalog?.get(ids[0]);
  const operationIds =
    decl.op === undefined ? (req?.operations ?? []) : Array.isArray(decl.op) ? decl.op : [decl.op];
  const opArea = operationIds[0] ? safeArea(operationIds[0]) : undefined;
  const area =
    decl.area ??
    (AREAS.includes(req?.area as Area) ? (req!.area as Area) : (opArea ?? "conventions"));
  return {
    requirementIds: ids,
    operationIds,
    area,
    kind: decl.kind ?? req?.kind ?? "convention",
    level: decl.level ?? req?.level ?? "MUST",
    sideEffect: decl.effect ?? "read-only",
    ...(decl.resource ? { resource: decl.resource } : {}),
    ...(decl.principal ? { principal: decl.principal } : {}),
    ...(decl.generic ? { generic: decl.generic } : {}),
    ...(decl.clause?.length ? { clause: joinClause(decl.clause) } : {}),
    ...(decl.level ? { levelDeclared: true as const } : {}),
    exchanges: [],
    observations: [],
  };
}

/** Clause fragments as one string: the separator the material never uses, so each is found again. */
export const CLAUSE_JOIN = " … ";
const joinClause = (c: string | string[]): string => (Array.isArray(c) ? c.join(CLAUSE_JOIN) : c);

function safeArea(op: string): Area | undefined {
  try {
    const a = operationInfo(op).area;
    return AREAS.includes(a as Area) ? (a as Area) : undefined;
  } catch {
    return undefined;
  }
}

/** Why this check cannot count as a verdict on the target, before it runs; undefined when it can run. */
export function preflight(
  meta: CheckMeta,
  config: Config,
  catalog: Map<string, Requirement> | undefined,
  catalogProblem?: string,
): { skip?: string; error?: string } {
  if (!catalog)
    return {
      error: `requirement catalog unavailable: ${catalogProblem ?? "spec/catalog.ts did not load"}`,
    };
  const unknown = meta.requirementIds.filter((id) => !catalog.has(id));
  if (unknown.length)
    return {
      error: `requirement ID${unknown.length > 1 ? "s" : ""} not in spec/requirements.yaml: ${unknown.join(", ")}`,
    };
  for (const op of meta.operationIds) {
    try {
      operationInfo(op);
    } catch {
      return { error: `operation "${op}" is not in spec/openapi.yaml` };
    }
  }
  if (!config.areas.includes(meta.area))
    return { skip: `area "${meta.area}" not selected (--areas ${config.areas.join(",")})` };
  if (!config.allow.includes(meta.sideEffect)) {
    return {
      skip: `side-effect class "${meta.sideEffect}" not allowed on this target (allowed: ${config.allow.join(", ")}; opt in with --allow ${meta.sideEffect})`,
    };
  }
  return {};
}

/** Maps what a check threw to its outcome. */
export function classify(e: unknown): { outcome: "fail" | "skip" | "error"; reason: string } {
  const err = e as Error & { code?: string };
  if (e instanceof MissingCapability || e instanceof BudgetSpent)
    return { outcome: "skip", reason: err.message };
  if (e instanceof TargetFailure || err?.name === "AssertionError")
    return { outcome: "fail", reason: err.message };
  if (e instanceof HarnessError) return { outcome: "error", reason: err.message };
  return {
    outcome: "error",
    reason: `harness error: ${err?.name ?? "Error"}: ${err?.message ?? String(e)}`,
  };
}

export function checkTitle(ids: string[], title: string): string {
  return `[${ids.join(", ")}] ${title}`;
}

/**
 * Declares a check:
 *   check({ id: "VM-BOOT-4", op: "bootInstance", effect: "billable" }, "several configs, none booted: refused", async ({ ops, fresh }) => {...})
 * A bare ID string is short for { id }.
 */
export function check(
  decl: CheckDecl | string | string[],
  title: string,
  body: (ctx: CheckContext) => Promise<void>,
): void {
  const d: CheckDecl = typeof decl === "string" || Array.isArray(decl) ? { id: decl } : decl;
  const { catalog, problem } = loadRequirements();
  const meta = declare(d, catalog);
  const limitMs = checkLimitMs(d.timeout, settings());
  // vitest's own timeout is only a backstop: the check is cut at its limit by runCheck, which then
  // cleans up and seals the record (vitest's timeout would leave the exchanges unsealed)
  test(checkTitle(meta.requirementIds, title), {
    meta: { plumbline: meta },
    // past the limit by the time the check's requests waited in the run's queue (withinLimit)
    timeout: Math.max(2 * limitMs + 60_000, BACKSTOP_MS),
  }, async (ctx) => {
    await runCheck(meta, ctx, body, world(), catalog, problem, limitMs);
  });
}

/** vitest's timeout at least: a limit moved by queue waits stays inside it. */
const BACKSTOP_MS = 60 * 60_000;

/** Base time limit of a check that declares none. */
const BASE_LIMIT_MS = 60_000;
/** Round trips a check may spend beyond its base limit: the longest checks send a few hundred requests. */
const LIMIT_ROUND_TRIPS = 1000;

/**
 * A check's time limit: `--check-timeout` when set (a check that declares a longer one keeps it);
 * otherwise its declared limit (or 60 s) plus 1,000 round trips at the latency measured before the
 * run (and 1,000 intervals of `--max-rps`), so a slow network or a low rate does not turn long
 * checks into errors.
 */
export function checkLimitMs(
  declared: number | undefined,
  config: Pick<Config, "checkTimeoutMs" | "latencyMs" | "maxRps">,
): number {
  if (config.checkTimeoutMs > 0) return Math.max(config.checkTimeoutMs, declared ?? 0);
  // under --max-rps a request may wait its slot too (at worst one interval of the run's rate)
  const perRequest = (config.latencyMs ?? 0) + (config.maxRps ? 1000 / config.maxRps : 0);
  return (declared ?? BASE_LIMIT_MS) + Math.round(LIMIT_ROUND_TRIPS * perRequest);
}

/** Runs the body, cut at the limit: the check's record is closed then (later requests are not recorded). */
function withinLimit(
  run: Promise<void>,
  limitMs: number | undefined,
  live: CheckMeta & { closed?: boolean; requests?: number },
): Promise<void> {
  if (!limitMs) return run;
  let timer: NodeJS.Timeout | undefined;
  // the limit counts the check's own time: what its requests waited for the run's pace (a target
  // limiting its rate, shared by every check) moves it on, each time it comes
  let granted = 0;
  const cut = new Promise<never>((_, reject) => {
    const expire = () => {
      const waited = queuedMs(live) - granted;
      if (waited >= 1000 && granted + waited < BACKSTOP_MS / 2) {
        granted += waited;
        timer = setTimeout(expire, waited);
        return;
      }
      live.closed = true;
      reject(
        new HarnessError(
          `the check ran past its time limit of ${(limitMs / 1000).toFixed(1)} s${granted ? ` (and ${(granted / 1000).toFixed(1)} s its requests waited for the run's pace)` : ""} after ${live.requests ?? 0} requests; the exchanges so far are kept (raise --check-timeout for a slow target)`,
        ),
      );
    };
    timer = setTimeout(expire, limitMs);
  });
  return Promise.race([run, cut]).finally(() => clearTimeout(timer));
}

/** The body of every check; exported for plumbline's own tests. */
export async function runCheck(
  meta: CheckMeta,
  ctx: Pick<TestContext, "skip" | "task">,
  body: (c: CheckContext) => Promise<void>,
  w: World,
  catalog: Map<string, Requirement> | undefined,
  catalogProblem?: string,
  limitMs?: number,
): Promise<void> {
  // task.meta is what reaches the reporter; keep one live object there
  const live: CheckMeta = { ...meta, exchanges: [], observations: [] };
  ctx.task.meta.plumbline = live;
  const pre = preflight(live, w.config, catalog, catalogProblem);
  if (pre.error) {
    live.outcome = "error";
    live.reason = pre.error;
    throw new HarnessError(pre.error);
  }
  if (pre.skip) {
    live.outcome = "skip";
    live.reason = pre.skip;
    ctx.skip(pre.skip);
  }
  const fresh = new Fresh(w);
  const c: CheckContext = {
    ops: fresh.watch(w.ops),
    fresh,
    states: w.states,
    principals: w.principals,
    config: w.config,
    skip: (reason) => {
      throw new MissingCapability(reason);
    },
    requirementIds: live.requirementIds,
    observe: (requirementId, note, value, operationId = live.operationIds[0]) => {
      live.observations.push({ requirementId, operationId, note, value });
    },
    memberCell: (cell) => {
      live.members ??= [];
      live.members.push(cell);
    },
    waitFor: (description, probe) =>
      waitFor(description, probe, { timeoutMs: w.config.waitTimeoutMs }),
    label: (kind, max) => fresh.label(kind, max),
    http: async (method, url, opts = {}) => {
      // the URLs checks follow come from the target's answers (pre-signed URLs): one a client
      // cannot use is the target's failure, not plumbline's
      if (!/^https?:\/\//.test(url))
        throw new TargetFailure(
          `the target gave ${JSON.stringify(url).slice(0, 200)} where a client needs an absolute http(s) URL to send ${method} to`,
        );
      return w.client.send({
        method,
        path: url,
        body: opts.body,
        contentType: opts.contentType,
        headers: opts.headers,
      });
    },
  };
  const learnedBefore = w.redactor.count;
  let thrown: unknown;
  try {
    const serial = /\.serial\.test\.[cm]?[jt]s$/.test(ctx.task.file?.filepath ?? "");
    await runInCheck(Object.assign(live, serial ? { serial } : {}), () =>
      withinLimit(body(c), limitMs, live),
    );
  } catch (e) {
    thrown = e;
  } finally {
    // outside the check's record: teardown requests are not part of the verdict
    const removal = await fresh.cleanup().catch((e: Error) => ({
      removed: [],
      failed: [{ entry: undefined, reason: e.message }],
      rounds: 0,
    }));
    if (removal.rounds) live.cleanupRounds = removal.rounds;
    for (const f of removal.failed) {
      live.observations.push({
        requirementId: live.requirementIds[0],
        note: "cleanup could not remove a resource",
        value: f.reason,
      });
    }
  }
  // nothing leaves the worker unredacted: exchanges (rendered now, as plain data), observations,
  // the reason, the error vitest prints
  live.exchanges = live.exchanges.map(sealed);
  for (const f of live.fuzz ?? [])
    if (f.counterexample) f.counterexample.exchanges = f.counterexample.exchanges.map(sealed);
  live.observations = live.observations.map((o) => ({
    ...o,
    note: w.redactor.text(o.note),
    value: w.redactor.body(o.value),
  }));
  const learned = w.redactor.learnedSince(learnedBefore);
  if (learned.length) live.secrets = learned; // for the reporter's last pass; it never writes them
  if (thrown === undefined) {
    live.outcome = "pass";
    return;
  }
  const { outcome, reason } = classify(thrown);
  live.outcome = outcome;
  // the check ended on a passive oracle's failure: rejudge may apply it again (reporter/rejudge.ts)
  if (outcome === "fail" && thrown instanceof TargetFailure && thrown.oracleUse !== undefined)
    live.failedOn = thrown.oracleUse;
  live.reason = w.redactor.text(reason);
  if (outcome === "skip") ctx.skip(live.reason);
  throw redactError(thrown, w);
}

/** The thrown error with its message, stack and compared values redacted (vitest prints them). */
function redactError(e: unknown, w: World): unknown {
  if (!(e instanceof Error)) return new Error(w.redactor.text(String(e)));
  const err = e as Error & Record<string, unknown>;
  err.message = w.redactor.text(err.message);
  if (err.stack) err.stack = w.redactor.text(err.stack);
  // actual, expected, details...: vitest serialises every own property of a thrown error
  for (const k of Object.keys(err))
    if (k !== "message" && k !== "stack") err[k] = w.redactor.body(err[k]);
  return err;
}
