// Stateless properties, two per operation that takes parameters or a body (generators/), a third
// where it has free-text members, a fourth where it has members with a meaning whose format the
// material does not give, and one per rule between members of the operation (generators/ties.ts):
//   valid   — a valid or boundary request is accepted (2xx, never a 5xx) and its answer matches the
//             spec's schema; where the material shows the record, it reads back as sent. Free text
//             comes from a conservative alphabet (ASCII letters, digits, -, _, ., a space inside):
//             the material states no character rule, so only such values are demanded (CONV-LEN-1);
//             a member whose name or note gives a meaning (an email, a phone, an address line, a
//             country code, a card number…) carries a realistic value of it, one on a length bound
//             built from one (generators/meanings.ts): a target checking the meaning conforms.
//             Where the material does not show what the request takes (a disk update's body, an
//             attachment's) the property is INFO;
//   unicode — the same with any Unicode text in the free-text members, a SHOULD (CONV-TEXT-1): a
//             target keeping its own character rules there is within the material's silence;
//   schema-only — the same with any text within the bounds in the members with a meaning whose rows
//             give a type and a length only ("email | string <= 128 chars"), a SHOULD (CONV-TEXT-1);
//   invalid — a request breaking exactly one stated constraint is refused with the Error body, and a
//             body member's error names the member (Errors 2: "a field-level validation failure
//             names the field");
//   rule    — a request breaking exactly one rule between members (one required when another is
//             given, members that exclude each other, a value that must match another resource) is
//             refused with the Error body, naming the member where the rule's requirement says which;
//             the check carries that requirement (its level is the catalog's).
// Resource IDs in paths and members naming the check's own resources come from `setup` (through
// `fresh`, so everything is ledgered and removed); what a case creates is removed after the case.
import fc from "fast-check";
import { describe } from "vitest";
import type { CheckContext } from "../../harness/check.ts";
import { skipEverywhere } from "../invariants/each.ts";
import { check, type CheckDecl } from "../../harness/check.ts";
import { fuzz } from "../../harness/fuzz.ts";
import { expectError, expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import type { ApiResponse } from "../../harness/client.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import type { ResourceType } from "../../harness/resources.ts";
import type { Area, SideEffect } from "../../harness/model.ts";
import { operationInfo, loose } from "../../harness/ops.ts";
import { currentCheck } from "../../harness/current.ts";
import { TargetFailure } from "../../harness/errors.ts";
import {
  freeTextMembers,
  generatorsFor,
  mayBreak,
  schemaOnlyMembers,
  validRequests,
  type RequestParts,
  type ViolationCase,
} from "../../generators/index.ts";
import { RULES, type Setup } from "../../generators/rules.ts";
import { targetValues } from "../shared/requests.ts";
import { LEFT_OUT, TIES, type Need } from "../../generators/ties.ts";
import { loadRequirements } from "../../harness/catalog.ts";
import { kindOfOperation } from "../../spec/kinds.ts";
import { credential } from "../shared/factories.ts";
import { schemaOnlyClause, unicodeClause, validClause, violationClause } from "./clauses.ts";

/** What a check made first: path parameters and the members that name it. */
export interface Made extends Setup {
  path?: Record<string, string | number>;
  /** query parameters and top-level body members that must name the check's resources (an existing object's name) */
  query?: Record<string, string | number>;
  members?: Record<string, unknown>;
}

export interface Target {
  op: OperationId;
  effect?: SideEffect;
  setup?(ctx: CheckContext): Promise<Made>;
  /** undoes what setup did that cleanup cannot (objects in a bucket), after the property */
  teardown?(ctx: CheckContext, made: Made): Promise<void>;
  /** made again for every case: the operation uses it up or changes it for good */
  perCase?: boolean;
  /** a create operation: what it makes is ledgered (with this type) and removed after each case */
  creates?: ResourceType;
  /** after a valid case succeeded: the record reads back as sent (where the material shows it) */
  readBack?(ctx: CheckContext, sent: RequestParts, res: ApiResponse, made: Made): Promise<void>;
  /** the verdict on a valid request's answer, when it is not a JSON record (default expectSuccess) */
  accept?(res: ApiResponse): void;
  /**
   * the material lets the target refuse it for a while: "Resize preconditions: no running or queued
   * actions", "Clone beyond 5 concurrent clones of one source instance: HTTP 400". A valid request
   * (and one breaking a body member) is sent again within the wait timeout while it is refused with
   * no error naming a field; an answer that never changes is judged as it is.
   */
  settle?: boolean;
  /**
   * labels unique on the account (instances, where the target says so; managed credentials: "label
   * (string 2..75, required on create, unique)"): a repeat may be refused, so each case's label is
   * made unique, its length and the label rules kept (a two-character label drawn at the bound
   * met another case's, and its refusal failed a valid request)
   */
  uniqueLabel?: boolean;
  /**
   * a violation whose outcome another requirement's rule states (a `supersedes` in
   * spec/requirements.yaml): judges the answer by that rule and returns true; false leaves the
   * case to the generic verdict (refused, naming the member)
   */
  judgeViolation?(ctx: CheckContext, v: ViolationCase, res: ApiResponse): Promise<boolean>;
  /**
   * no case reads anything back and no answer depends on another case: the cases may go together
   * even in a serial check (where the target's other users are quiet, not the property's own cases)
   */
  independentCases?: boolean;
  /** who sends it (default admin) */
  as?: "admin" | "secondary";
  /** sends the request instead of the plain operation call (an ID the material lets travel in more than one form) */
  call?(
    ctx: CheckContext,
    opts: { path: Record<string, string | number>; query?: Record<string, any>; body?: unknown },
  ): Promise<ApiResponse>;
  /** a raw (non-JSON) body the operation takes: an image, a multipart file */
  raw?(): { body: Buffer; contentType: string };
}

/** The request as sent: the check's own IDs in the path (unless the case breaks one) and in bound members. */
function compose(
  t: Target,
  req: RequestParts,
  made: Made,
  broken?: ViolationCase,
): { path: Record<string, string | number>; query?: Record<string, any>; body?: unknown } {
  const path = { ...(req.path as Record<string, string | number>), ...made.path };
  if (broken?.in === "path")
    path[broken.path] = (req.path as Record<string, string | number>)[broken.path];
  const query =
    req.query || made.query ? { ...(req.query as Record<string, any>), ...made.query } : undefined;
  if (broken?.in === "query" && query) {
    if (broken.path in (req.query ?? {}))
      query[broken.path] = (req.query as Record<string, any>)[broken.path];
    else delete query[broken.path];
  }
  const bind = RULES[t.op]?.bind;
  let body =
    req.body === undefined
      ? undefined
      : bind && !(broken?.in === "body")
        ? bind(structuredClone(req.body), made)
        : bindOutside(t, req.body, made, broken);
  if (body && typeof body === "object" && made.members) {
    const top = broken?.in === "body" ? broken.path.split(".")[0] : undefined;
    body = {
      ...body,
      ...Object.fromEntries(
        Object.entries(made.members).filter(([k]) => k !== top && (k in (body as object) || true)),
      ),
    };
    if (top && !(top in (req.body as object))) delete (body as Record<string, unknown>)[top];
  }
  return { path, query, body };
}

/** In a violation, members other than the broken one are still bound to the check's resources. */
function bindOutside(t: Target, body: unknown, made: Made, broken?: ViolationCase): unknown {
  const bind = RULES[t.op]?.bind;
  if (!bind || !broken) return body;
  const top = broken.path.split(".")[0];
  const copy = structuredClone(body) as Record<string, unknown>;
  if (!copy || typeof copy !== "object") return body;
  const kept = copy[top];
  const bound = bind(copy, made);
  if (top in (body as object)) bound[top] = kept;
  return bound;
}

/** A refusal naming no field: a precondition of the moment (running actions, concurrent clones), not the request's values. */
function refusedForNow(res: ApiResponse): boolean {
  if (res.status < 400 || res.status >= 500 || res.status === 404 || !res.json) return false;
  const errors = res.body?.errors;
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((e: any) => e?.field === null || e?.field === undefined)
  );
}

async function sendSettled(
  ctx: CheckContext,
  t: Target,
  req: RequestParts,
  made: Made,
  broken?: ViolationCase,
): Promise<ApiResponse> {
  if (!t.settle || (broken && broken.in !== "body")) return send(ctx, t, req, made, broken);
  let last: ApiResponse | undefined;
  try {
    return await ctx.waitFor(
      `${t.op}: an answer other than a refusal naming no field (the instance's actions to finish)`,
      async () => {
        last = undefined;
        last = await send(ctx, t, req, made, broken);
        return refusedForNow(last) ? false : last;
      },
    );
  } catch (e) {
    if (last && refusedForNow(last)) return last;
    throw e;
  }
}

let labelCount = 0;
const labelRun = Math.floor(Math.random() * 36 ** 4);
/** The label with its last characters replaced by a token unique in the run (alphanumerics only: its length and the label rules hold). */
function uniqueLabel(label: string): string {
  const token = (labelRun * 46_656 + (labelCount++ % 46_656)).toString(36).padStart(7, "0");
  const k = Math.min(label.length, token.length);
  return label.slice(0, label.length - k) + token.slice(token.length - k);
}

async function send(
  ctx: CheckContext,
  t: Target,
  req: RequestParts,
  made: Made,
  broken?: ViolationCase,
  /** a rule broken on purpose may name a label taken already (MNG-CRED-2): sent as it is */
  keepLabel = false,
): Promise<ApiResponse> {
  const opts = { ...compose(t, req, made, broken), ...(t.raw?.() ?? {}), as: t.as };
  if (
    t.uniqueLabel &&
    !keepLabel &&
    broken?.path !== "label" &&
    opts.body &&
    typeof opts.body === "object" &&
    typeof (opts.body as any).label === "string" &&
    (opts.body as any).label.length >= 2
  ) {
    opts.body = { ...(opts.body as object), label: uniqueLabel((opts.body as any).label) };
  }
  if (!t.creates) return t.call ? t.call(ctx, opts) : loose(ctx.ops)[t.op](opts);
  const body = opts.body as Record<string, unknown> | undefined;
  const label =
    typeof body?.label === "string"
      ? body.label
      : typeof body?.summary === "string"
        ? body.summary
        : typeof body?.name === "string"
          ? body.name
          : undefined;
  return ctx.fresh.attempt(t.creates, t.op, { ...opts, label, parent: made.path });
}

/** What a rule broken on purpose names (ties.ts `needs`), made when the target's setup has not. */
const NEEDS: Record<Need, (ctx: CheckContext) => Promise<Partial<Made>>> = {
  vmId: async (c) => ({ vmId: (await c.fresh.emptyInstance()).id }),
  // Create rule 4: a successful backup, of an instance in the fixture region (the request's)
  backupId: async (c) => {
    const vm = await c.fresh.emptyInstance();
    const { backupId } = await c.states.require("successful-backup", { vmId: vm.id });
    return { backupId: Number(backupId) };
  },
  // a private recipe of the account whose images hold the fixture image (fresh.recipe)
  recipeId: async (c) => ({ recipeId: Number((await c.fresh.recipe()).id) }),
  credentialLabel: async (c) => ({ credentialLabel: String((await credential(c)).label) }),
};

async function made(ctx: CheckContext, needs: Need[], have: Made): Promise<Partial<Made>> {
  const out: Partial<Made> = {};
  for (const n of needs) if (have[n] === undefined) Object.assign(out, await NEEDS[n](ctx));
  return out;
}

/** A valid request is accepted and answered as the target's `accept` (or expectSuccess) and `readBack` say. */
async function accepted(
  ctx: CheckContext,
  t: Target,
  request: RequestParts,
  made: Made,
  note: string,
): Promise<void> {
  const res = await sendSettled(ctx, t, request, made);
  try {
    if (t.accept) t.accept(res);
    else expectSuccess(res, t.op);
    await t.readBack?.(ctx, request, res, made);
  } catch (e) {
    if (e instanceof TargetFailure)
      throw new TargetFailure(`${note} request refused or answered wrongly: ${e.message}`);
    throw e;
  }
}

/** One describe per table: for each operation, the valid property, the single-violation property and one property per rule between members. */
export function statelessProperties(name: string, targets: Target[]): void {
  describe(`fuzz/${name}`, () => {
    for (const t of targets) {
      const effect = t.effect ?? (t.creates ? "creates" : "read-only");
      // the operation's area (the requirement IDs are the conventions'), so --areas selects it
      const area = operationInfo(t.op).area as Area;
      const setupOnce = async (ctx: CheckContext): Promise<Made> =>
        t.setup && !t.perCase ? t.setup(ctx) : {};
      const setupCase = async (ctx: CheckContext, once: Made): Promise<Made> =>
        t.setup && t.perCase ? t.setup(ctx) : once;

      {
        const title = `${t.op}: valid and boundary requests are accepted and answer the spec's schema`;
        check(
          {
            id: "CONV-LEN-1",
            op: t.op,
            effect,
            area,
            kind: "fuzz",
            generic: "fuzz",
            ...validClause(t.op),
            timeout: TIMEOUT,
          },
          title,
          async (ctx) => {
            const g = generatorsFor(t.op, await targetValues(ctx));
            const cases = g.boundaries
              ? fc.oneof(
                  { weight: 2, arbitrary: g.valid.map((request) => ({ request, note: "valid" })) },
                  {
                    weight: 1,
                    arbitrary: g.boundaries.map((b) => ({
                      request: b.request,
                      note: `${b.in} ${b.path} at ${b.bound} ${b.at}`,
                    })),
                  },
                )
              : g.valid.map((request) => ({ request, note: "valid" }));
            // every bound is hit once whatever the budget, then cases are drawn at random
            const examples = g.eachBoundary
              .map((a, i) => fc.sample(a, { seed: ctx.config.seed + i, numRuns: 1 })[0])
              .map((b) => ({
                request: b.request,
                note: `${b.in} ${b.path} at ${b.bound} ${b.at}`,
              }));
            const once = await setupOnce(ctx);
            await withTeardown(ctx, t, once, () =>
              fuzz(
                ctx,
                title,
                cases,
                async ({ request, note }) => {
                  const made = await setupCase(ctx, once);
                  await accepted(ctx, t, request, made, note);
                },
                { examples, parallel: parallelFor(t), op: t.op, site: (c) => c.note },
              ),
            );
          },
        );
      }

      if (freeTextMembers(t.op).length) {
        const title = `${t.op}: valid requests with any Unicode text in free-text members are accepted`;
        textCheck(t, effect, area, title, unicodeClause(t.op), async (ctx) => {
          const cases = validRequests(t.op, await targetValues(ctx), "unicode");
          const once = await setupOnce(ctx);
          await withTeardown(ctx, t, once, () =>
            fuzz(
              ctx,
              title,
              cases,
              async (request) => {
                const made = await setupCase(ctx, once);
                await accepted(ctx, t, request, made, "valid (any Unicode text)");
              },
              { parallel: parallelFor(t), op: t.op, site: () => "valid (any Unicode text)" },
            ),
          );
        });
      }

      const schemaOnly = schemaOnlyMembers(t.op);
      if (schemaOnly.length) {
        const named =
          schemaOnly.length > 4
            ? `${schemaOnly.slice(0, 4).join(", ")} and ${schemaOnly.length - 4} more`
            : schemaOnly.join(", ");
        const title = `${t.op}: valid and boundary requests with values their schema alone allows in ${named} (a type and a length in the material, no format) are accepted`;
        const mine = (path: string) => schemaOnly.includes(path.replace(/\.\d+(?=\.|$)/g, ".*"));
        textCheck(t, effect, area, title, schemaOnlyClause(t.op), async (ctx) => {
          const g = generatorsFor(t.op, await targetValues(ctx), "conservative", "schema");
          // the bounds of the members with a meaning, each once, then valid requests at random
          const own = g.eachBoundary
            .map((a, i) => ({ a, site: g.boundarySites[i] }))
            .filter(({ site }) => mine(site.path));
          const examples = own
            .map(({ a }, i) => fc.sample(a, { seed: ctx.config.seed + i, numRuns: 1 })[0])
            .map((b) => ({
              request: b.request,
              note: `${b.in} ${b.path} at ${b.bound} ${b.at}`,
            }));
          const cases = own.length
            ? fc.oneof(
                { weight: 2, arbitrary: g.valid.map((request) => ({ request, note: "valid" })) },
                {
                  weight: 1,
                  arbitrary: fc.oneof(...own.map(({ a }) => a)).map((b) => ({
                    request: b.request,
                    note: `${b.in} ${b.path} at ${b.bound} ${b.at}`,
                  })),
                },
              )
            : g.valid.map((request) => ({ request, note: "valid" }));
          const once = await setupOnce(ctx);
          await withTeardown(ctx, t, once, () =>
            fuzz(
              ctx,
              title,
              cases,
              async ({ request, note }) => {
                const made = await setupCase(ctx, once);
                await accepted(ctx, t, request, made, `${note} (schema-only values)`);
              },
              {
                examples,
                parallel: parallelFor(t),
                op: t.op,
                site: (c) => `${c.note} (schema-only values)`,
              },
            ),
          );
        });
      }

      if (mayBreak(t.op)) {
        const title = `${t.op}: a request breaking one stated constraint is refused, a body member's error naming it`;
        check(
          {
            id: ["CONV-ERR-3", "CONV-ERR-1"],
            op: t.op,
            effect,
            area,
            kind: "fuzz",
            generic: "fuzz",
            clause: violationClause(t.op),
            timeout: TIMEOUT,
          },
          title,
          async (ctx) => {
            const g = generatorsFor(t.op, await targetValues(ctx));
            if (!g.violations)
              ctx.skip(
                `${t.op}: its request has no stated constraint a single value can break (no violation site)`,
              );
            // every stated constraint is broken once whatever the budget, then cases are drawn at random
            const examples = g.eachViolation.map(
              (a, i) => fc.sample(a, { seed: ctx.config.seed + i, numRuns: 1 })[0],
            );
            const once = await setupOnce(ctx);
            await withTeardown(ctx, t, once, () =>
              fuzz(
                ctx,
                title,
                g.violations!,
                async (v) => {
                  const made = await setupCase(ctx, once);
                  const res = await sendSettled(ctx, t, v.request, made, v);
                  try {
                    if (t.judgeViolation && (await t.judgeViolation(ctx, v, res))) return;
                    if (v.in === "body") expectErrorNamingField(res, v.path);
                    else expectError(res);
                  } catch (e) {
                    if (e instanceof TargetFailure)
                      throw new TargetFailure(`${v.in} ${v.path} breaks ${v.breaks}: ${e.message}`);
                    throw e;
                  }
                },
                {
                  examples,
                  parallel: parallelFor(t),
                  op: t.op,
                  site: (v) => `${v.in} ${v.path} breaks ${v.breaks}`,
                },
              ),
            );
          },
        );
      }

      for (const rule of TIES[t.op] ?? []) {
        const title = `${t.op}: a request breaking one rule between members is refused (${rule.says})`;
        check(ruleDecl(t.op, rule.id, effect, area, rule.words), title, async (ctx) => {
          const g = generatorsFor(t.op, await targetValues(ctx));
          const r =
            g.rules.find((x) => x.says === rule.says) ??
            ctx.skip(`${t.op}: no valid request could be turned to break "${rule.says}" alone`);
          const once = await setupOnce(ctx);
          const needed = await made(ctx, r.needs, once);
          await withTeardown(ctx, t, once, () =>
            fuzz(
              ctx,
              title,
              r.cases,
              async (request) => {
                const m = { ...needed, ...(await setupCase(ctx, once)) };
                // every member bound to the check's resources, the broken rule's too
                const res = await send(ctx, t, request, m, undefined, true);
                const field = r.names?.(request.body);
                try {
                  if (field) expectErrorNamingField(res, field);
                  else expectError(res);
                } catch (e) {
                  if (e instanceof TargetFailure)
                    throw new TargetFailure(`breaks ${rule.id} (${rule.says}): ${e.message}`);
                  throw e;
                }
              },
              { op: t.op, site: () => `rule ${rule.id} ${rule.says}` },
            ),
          );
        });
      }
      // a rule no request breaks alone: a skip naming the invariant only (the rule's own
      // requirement keeps the verdicts of its hand-written checks), in the matrix only where the
      // kind has no rule a request breaks
      for (const rule of LEFT_OUT.filter((x) => x.op === t.op)) {
        const { kind } = kindOfOperation(t.op) ?? {};
        const alone = !Object.keys(TIES).some((op) => kindOfOperation(op)?.kind === kind);
        check(
          {
            ...ruleDecl(t.op, rule.id, effect, area, rule.words),
            id: "CONV-RULES-1",
            resource: alone ? kind : undefined,
          },
          `${t.op}: a request breaking one rule between members is refused (${rule.says}, ${rule.id})`,
          async (ctx) =>
            skipEverywhere(ctx, `no request breaks ${rule.id} "${rule.says}" alone: ${rule.why}`),
        );
      }
    }
  });
}

/**
 * A rule's property: the invariant (CONV-RULES-1) first, for the report's kind × invariant matrix,
 * then the rule's own requirement, whose level it takes (MUST only where the material states a refusal).
 */
function ruleDecl(
  op: OperationId,
  id: string,
  effect: SideEffect,
  area: Area,
  words: string[],
): CheckDecl {
  return {
    id: ["CONV-RULES-1", id, "CONV-ERR-1"],
    level: loadRequirements().catalog?.get(id)?.level,
    op,
    effect,
    area,
    kind: "fuzz",
    generic: "fuzz",
    clause: words,
    resource: kindOfOperation(op)?.kind,
    timeout: TIMEOUT,
  };
}

/** Cases in flight at once where no case can see another's: reads, actions on a resource each
 * case makes for itself, creates whose labels are made unique (a label another case holds at the
 * same moment may rightly be refused). Everything else one at a time, as fast-check runs it. */
const PARALLEL_CASES = 8;
function parallelFor(t: Target): number {
  if (t.independentCases) return PARALLEL_CASES;
  if (currentCheck()?.serial) return 1;
  const independent =
    operationInfo(t.op).method.toUpperCase() === "GET" ||
    (t.perCase && !t.creates) ||
    (t.creates && t.uniqueLabel);
  return independent ? PARALLEL_CASES : 1;
}

async function withTeardown(
  ctx: CheckContext,
  t: Target,
  made: Made,
  body: () => Promise<unknown>,
): Promise<void> {
  try {
    await body();
  } finally {
    if (t.teardown && !t.perCase) await t.teardown(ctx, made);
  }
}

/** Generation stops at the time budget; shrinking and setup may run past it. */
const TIMEOUT = 300_000;

/**
 * A CONV-TEXT-1 property of an operation (any Unicode text, values the schema alone allows): a
 * SHOULD with its own clause, or the level and words of the operation's valid property where the
 * material leaves that one open (a body not shown).
 */
function textCheck(
  t: Target,
  effect: SideEffect,
  area: Area,
  title: string,
  clause: string[],
  body: (ctx: CheckContext) => Promise<void>,
): void {
  const valid = validClause(t.op);
  check(
    {
      id: "CONV-TEXT-1",
      op: t.op,
      effect,
      area,
      kind: "fuzz",
      generic: "fuzz",
      level: valid.level ?? "SHOULD",
      clause: valid.level ? valid.clause : clause,
      timeout: TIMEOUT,
    },
    title,
    body,
  );
}
