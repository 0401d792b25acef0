// The shared machinery of the stateful, model-based properties: commands as small objects
// (`check(model)` says when one applies, `run(model, real)` does it and compares), sequences run
// through the fuzz runner (seeded, shrunk, cleaned up after each sequence), and the few
// comparisons every family makes between a list and its model.
import fc from "fast-check";
import type { CheckContext } from "../../../harness/check.ts";
import { classify } from "../../../harness/check.ts";
import { TargetFailure } from "../../../harness/errors.ts";
import { expectCollection, expectError } from "../../../harness/expect.ts";
import { fuzz } from "../../../harness/fuzz.ts";
import type { ApiResponse } from "../../../harness/client.ts";
import type { CallOptions } from "../../../harness/ops.ts";
import { loose } from "../../../harness/ops.ts";
import type { OperationId } from "../../../harness/operation-ids.ts";
import { holds } from "../../managed/helpers.ts";

/** The real side of a sequence: the check's context, what the sequence was set up with, and what ran so far. */
export interface Real {
  c: CheckContext;
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
export function sequences(c: CheckContext): number {
  return Math.max(10, Math.ceil(c.config.fuzzRuns / 5));
}

export interface ModelRunOptions {
  /** longest sequence generated (default 10) */
  maxCommands?: number;
  /** sequences to run (default `sequences(c)`) */
  numRuns?: number;
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
  c: CheckContext,
  name: string,
  commands: fc.Arbitrary<Command<M, R>>[],
  start: () => Promise<Start<M, R>>,
  opts: ModelRunOptions = {},
): Promise<void> {
  // unbiased: a few sequences must reach the full length, not start from the smallest values
  const arb = fc.noBias(fc.commands(commands, { maxCommands: opts.maxCommands ?? 10 }));
  const ran = { sequences: 0, commands: 0, longest: 0 };
  await fuzz(
    c,
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
      numRuns: opts.numRuns ?? sequences(c),
      timeBudgetMs: Math.max(c.config.timeBudgetMs, 10_000),
    },
  );
  c.observe("command sequences run (shrinking included)", ran);
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

/** Every item of a paginated list, page by page (at most 50 pages), each page's envelope checked. */
export async function listAll(
  c: CheckContext,
  op: OperationId,
  opts: CallOptions = {},
): Promise<{ items: any[]; results: number; pages: number }> {
  const items: any[] = [];
  let results = 0;
  let pages = 1;
  for (let page = 1; page <= 50; page++) {
    // page 1 is asked without the parameter: some lists (buckets) do not name it
    const col = expectCollection(
      await loose(c.ops)[op]({ ...opts, query: page === 1 ? opts.query : { ...opts.query, page } }),
    );
    if (col.page !== page)
      throw new TargetFailure(`${op} page ${page}: the envelope says page ${col.page}`);
    items.push(...col.data);
    ({ results, pages } = col);
    if (page >= col.pages || col.data.length === 0) break;
  }
  return { items, results, pages };
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
 * miss on a list of several pages is confirmed by a second walk before it counts. Returns the items.
 */
export async function expectListed<E>(
  c: CheckContext,
  op: OperationId,
  opts: CallOptions,
  live: readonly E[],
  gone: readonly E[],
  is: (item: any, e: E) => boolean,
  name: (e: E) => string,
  how: { shifting?: boolean } = {},
): Promise<any[]> {
  const first = await listAll(c, op, opts);
  try {
    expectMembers(op, first.items, live, gone, is, name, how);
    return first.items;
  } catch (e) {
    if (!(e instanceof TargetFailure) || first.pages <= 1) throw e;
    const again = await listAll(c, op, opts);
    expectMembers(op, again.items, live, gone, is, name, how);
    return again.items;
  }
}

/** A view of something removed answers an error (the Error body); never a success. */
export function expectGone(res: ApiResponse, what: string): void {
  if (res.status >= 200 && res.status < 300)
    throw new TargetFailure(`${what} was removed; its view answered ${res.status}`);
  expectError(res);
}

/** `id` of a created record, as the target reports it; skips when the (not shown) body does not carry it. */
export function shownId(c: CheckContext, body: unknown, what: string): string {
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id !== "string" && typeof id !== "number")
    c.skip(
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
  return "id" in item ? String(item.id) === id : holds(item, label);
}
