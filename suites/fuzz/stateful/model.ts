// The shared machinery of the stateful, model-based properties: commands as small objects
// (`check(model)` says when one applies, `run(model, real)` does it and compares), sequences run
// through the fuzz runner (seeded, shrunk, cleaned up after each sequence), the few
// comparisons every family makes between a list and its model, and the invariants every resource
// keeps (suites/invariants/oracles.ts) as postconditions of every step.
import fc from "fast-check";
import type { CheckContext } from "../../../harness/check.ts";
import { classify } from "../../../harness/check.ts";
import { TargetFailure } from "../../../harness/errors.ts";
import { expectError } from "../../../harness/expect.ts";
import { settled } from "../../../harness/settle.ts";
import { fuzz } from "../../../harness/fuzz.ts";
import type { ApiResponse } from "../../../harness/client.ts";
import type { CallOptions } from "../../../harness/ops.ts";
import type { OperationId } from "../../../harness/operation-ids.ts";
import { walkPages, type Walked } from "../../shared/pages.ts";
import { containsValue } from "../../shared/records.ts";
import { type KindName, resourceModel } from "../../../spec/kinds.ts";
import { expectInvariants, Lists } from "../../invariants/oracles.ts";
import type { Made } from "../../invariants/subjects.ts";

/** The real side of a sequence: the check's context, what the sequence was set up with, and what ran so far. */
export interface Real {
  ctx: CheckContext;
  /** the commands run so far in this sequence, for the failure message */
  trace: string[];
}

export type Command<M extends object, R extends Real> = fc.AsyncCommand<M, R, false>;

/** One command: its printed form (what the failure message shows), when it applies, what it does. */
export function command<M extends object, R extends Real>(
  text: string,
  applies: (m: Readonly<M>) => boolean,
  run: (m: M, r: R) => Promise<void>,
): Command<M, R> {
  return {
    check: applies,
    run: async (m, r) => {
      r.trace.push(text);
      await run(m, r);
    },
    toString: () => text,
  };
}

/**
 * Sequences per property: a whole sequence of up to ten commands is one case, worth several of a
 * stateless property's, so a fifth of --fuzz-runs, and at least 10 (fast-check draws some short
 * or empty sequences, which cost only their setup). The time budget still bounds them.
 */
export function sequences(ctx: CheckContext): number {
  return Math.max(10, Math.ceil(ctx.config.fuzzRuns / 5));
}

/**
 * The objects of one kind of the resource model the model holds, for the invariants every
 * resource keeps, checked after every step: each reads back what the model knows it holds (read
 * your writes; a member an update did not name keeps its value), and its list entry agrees with its
 * view.
 */
export interface Holds<M, R extends Real> {
  kind: KindName;
  /** each object: its path, how its list entry is known, and the members (by name) it holds */
  objects(m: M, r: R): Made[];
  /** members that change on their own between two reads (not compared) */
  volatile?: string[];
}

/** An object for `Holds.objects`: where it is, what it holds, and how its list entry is known. */
export function held(
  path: Made["path"],
  sent: Record<string, unknown>,
  matches: (entry: any) => boolean,
  parentPath: Made["parentPath"] = {},
): Made {
  return { path, parentPath, sent, record: undefined, matches };
}

export interface ModelRunOptions<M = unknown, R extends Real = Real> {
  /** longest sequence generated (default 10) */
  maxCommands?: number;
  /** sequences to run (default `sequences(ctx)`) */
  numRuns?: number;
  /** the invariants every resource keeps, as postconditions of every step */
  holds?: Holds<M, R>[];
  /** sequences in flight at once: only for a model whose every sequence starts from resources of
   * its own and reads nothing another sequence writes (harness/fuzz.ts `parallel`) */
  parallel?: number;
}

/** `c`, then the invariants on every object the model holds. */
function thenInvariants<M extends object, R extends Real>(
  c: Command<M, R>,
  holds: Holds<M, R>[],
): Command<M, R> {
  return {
    check: (m) => c.check(m),
    run: async (m, r) => {
      await c.run(m, r);
      const lists = new Lists(); // each list walked once per step, for every object
      for (const h of holds) {
        const model = resourceModel().get(h.kind)!;
        for (const made of h.objects(m, r))
          await expectInvariants(r.ctx, model, made, h.volatile, lists);
      }
    },
    toString: () => c.toString(),
  };
}

/** How a sequence starts, and what it must undo itself (what `fresh` cannot: non-empty buckets, public recipes). */
export interface Start<M, R> {
  model: M;
  real: Omit<R, "trace">;
  /** what the start made, printed before the commands in a failure (`setup: one empty bucket`) */
  setup?: string;
  end?: (model: M) => Promise<void>;
}

/**
 * Runs generated command sequences against a fresh start each (`start` sets up through `fresh`;
 * what a sequence created is removed after it). A failing sequence is shrunk by fast-check to the
 * shortest that still fails; the failure names the commands it ran, in order.
 */
export async function runModel<M extends object, R extends Real>(
  ctx: CheckContext,
  name: string,
  commands: fc.Arbitrary<Command<M, R>>[],
  start: () => Promise<Start<M, R>>,
  opts: ModelRunOptions<M, R> = {},
): Promise<void> {
  const holds = opts.holds ?? [];
  const steps = holds.length
    ? commands.map((a) => a.map((c) => thenInvariants(c, holds)))
    : commands;
  // unbiased: a few sequences must reach the full length, not start from the smallest values
  const arb = fc.noBias(fc.commands(steps, { maxCommands: opts.maxCommands ?? 10 }));
  const ran = { sequences: 0, commands: 0, longest: 0 };
  await fuzz(
    ctx,
    name,
    arb,
    async (cmds) => {
      const s = await start();
      const real = { ...s.real, trace: s.setup ? [`setup: ${s.setup}`] : [] } as unknown as R;
      try {
        await fc.asyncModelRun(() => ({ model: s.model, real }), cmds);
      } catch (e) {
        if (classify(e).outcome !== "fail") throw e;
        throw new TargetFailure(`after ${real.trace.join(" → ")}: ${(e as Error).message}`);
      } finally {
        ran.sequences++;
        const ranHere = real.trace.length - (s.setup ? 1 : 0);
        ran.commands += ranHere;
        ran.longest = Math.max(ran.longest, ranHere);
        await s.end?.(s.model).catch(() => undefined); // what it could not undo is left to cleanup
      }
    },
    // a sequence takes tens of requests: at least 10 s before generation stops
    {
      numRuns: opts.numRuns ?? sequences(ctx),
      timeBudgetMs: Math.max(ctx.config.timeBudgetMs, 10_000),
      parallel: opts.parallel,
    },
  );
  // on the check's first requirement, as its fuzz record
  ctx.observe(ctx.requirementIds[0], "command sequences run (shrinking included)", ran);
}

/**
 * The same command offered `n` times: commands that act on an existing entry do not apply to an
 * empty model, so creates are drawn more often and sequences reach their length.
 */
export function often<T>(arb: fc.Arbitrary<T>, n = 3): fc.Arbitrary<T>[] {
  return Array.from({ length: n }, () => arb);
}

/** An index drawn for a command that acts on one existing entry (taken modulo the entries there are). */
export const pick = fc.nat({ max: 9 });

/** The entry `i` points at, among `entries` (which the command's `check` made sure is not empty). */
export function at<E>(entries: readonly E[], i: number): E {
  return entries[i % entries.length];
}

/**
 * The command that removes one live entry: `remove` sends the delete and judges its answer, then
 * the entry moves from `live` to `gone` and `agree` compares the target with the model.
 */
export function removeCommand<E, M extends { live: E[]; gone: E[] }, R extends Real>(
  verb: string,
  remove: (e: E, r: R) => Promise<void>,
  agree: (m: M, r: R) => Promise<void>,
): fc.Arbitrary<Command<M, R>> {
  return pick.map((i) =>
    command<M, R>(
      `${verb}(#${i})`,
      (m) => m.live.length > 0,
      async (m, r) => {
        const e = at(m.live, i);
        await remove(e, r);
        m.live.splice(m.live.indexOf(e), 1);
        m.gone.push(e);
        await agree(m, r);
      },
    ),
  );
}

/** Every item of a paginated list (the one page walker), each page held to the page number asked. */
export function listAll(
  ctx: CheckContext,
  op: OperationId,
  opts: CallOptions = {},
): Promise<Walked> {
  return walkPages(ctx.ops, op, opts, { expectPageNumbers: true });
}

/**
 * A list the sequence owns whole (the configs and disks of its own instance):
 * its total is the model's count, all on one page. The pages for zero results is not shown.
 */
export function expectOwnTotals(
  op: string,
  list: { items: unknown[]; results: number; pages: number },
  count: number,
): void {
  if (list.results !== count)
    throw new TargetFailure(`${op}: results is ${list.results}; the model holds ${count}`);
  if (list.items.length !== count)
    throw new TargetFailure(
      `${op}: the pages hold ${list.items.length} items; the model holds ${count}`,
    );
  if (count > 0 && list.pages !== 1)
    throw new TargetFailure(
      `${op}: pages is ${list.pages} for ${count} results at the default page size of 100`,
    );
}

/**
 * Membership of the sequence's own entries in a shared list (other checks add to it in parallel, so
 * only membership is compared, never counts): every live entry is listed once, no removed one is.
 * `is(item, entry)` says whether a listed item is that entry.
 */
export function expectMembers<E>(
  op: string,
  items: unknown[],
  live: readonly E[],
  gone: readonly E[],
  is: (item: any, e: E) => boolean,
  name: (e: E) => string,
  opts: { shifting?: boolean } = {},
): void {
  for (const e of live) {
    const n = items.filter((item) => is(item, e)).length;
    // a list others reorder while its pages are walked (tickets: open first) may show an item twice
    if (n === 0 || (n > 1 && !opts.shifting))
      throw new TargetFailure(`${op}: ${name(e)} is listed ${n} times; the model holds it once`);
  }
  for (const e of gone) {
    if (items.some((item) => is(item, e)))
      throw new TargetFailure(`${op}: ${name(e)} was removed and is still listed`);
  }
}

/**
 * A shared list walked page by page and compared by membership (expectMembers). Other checks add
 * and remove items while the pages are walked, which can move an item past the page boundary: a
 * miss is read again within the convergence window before it counts. Returns the items.
 */
export async function expectListed<E>(
  ctx: CheckContext,
  op: OperationId,
  opts: CallOptions,
  live: readonly E[],
  gone: readonly E[],
  is: (item: any, e: E) => boolean,
  name: (e: E) => string,
  how: { shifting?: boolean } = {},
): Promise<any[]> {
  // read again within the convergence window (harness/settle.ts; with a window of 0, once more):
  // a list may catch up with a write a little later
  return settled(ctx, "read-your-writes", async () => {
    const walked = await listAll(ctx, op, opts);
    expectMembers(op, walked.items, live, gone, is, name, how);
    return walked.items;
  });
}

/** A view of something removed answers an error (the Error body); never a success. */
export function expectGone(res: ApiResponse, what: string): void {
  if (res.status >= 200 && res.status < 300)
    throw new TargetFailure(`${what} was removed; its view answered ${res.status}`);
  expectError(res);
}

/** `id` of a created record, as the target reports it; skips when the (not shown) body does not carry it. */
export function shownId(ctx: CheckContext, body: unknown, what: string): string {
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id !== "string" && typeof id !== "number")
    ctx.skip(
      `the ${what} create response does not carry "id" (its body is not shown in the material), so the ${what} cannot be addressed`,
    );
  return String(id);
}

/** Whether a listed record is the one with this ID (`id` as the target reports it). */
export const hasId = (item: any, id: string): boolean =>
  item !== null && typeof item === "object" && String(item.id) === id;

/**
 * Whether a listed record whose fields are not shown is the entry with this ID: by `id` when the
 * record carries one, else by the entry's unique label (a value the sequence sent).
 */
export function sameRecord(item: any, id: string, label: string): boolean {
  if (item === null || typeof item !== "object") return false;
  return "id" in item ? String(item.id) === id : containsValue(item, label);
}
