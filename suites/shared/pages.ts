// Paginated lists: the one page walker (every page held to the Collection envelope, at most
// MAX_PAGES pages read, from both ends when there are more), what is built on it, and the page_size bound check several areas share.
import type { CheckContext } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectCollection, expectError } from "../../harness/expect.ts";
import type { ApiResponse } from "../../harness/client.ts";
import { loose, type CallOptions, type Ops } from "../../harness/ops.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import type { As } from "../../harness/principals.ts";
import { containsValue } from "./records.ts";
import { type SettleOracle, settle, settled } from "../../harness/settle.ts";

/** Bounded: a target whose `pages` never ends cannot hold a check forever. */
export const MAX_PAGES = 50;

export interface WalkOptions {
  /**
   * Ask page 1 as `page=1` too. By default page 1 is asked without `page` (its default), so lists
   * that take no pagination parameter get none unless they answer more than one page themselves.
   */
  askPageOne?: boolean;
  /** Fail when a page's envelope names another page than the one asked (the stateful models). */
  expectPageNumbers?: boolean;
}

export interface Walked<T = any> {
  items: T[];
  /** `results` and `pages` of the last page read */
  results: number;
  pages: number;
}

/**
 * Requests a check sends side by side where none depends on another: pages once page 1 has said
 * how many there are, records made only to fill a list. Over a slow network a long list then costs a
 * few round trips, not one per page (within the run's requests in flight, as any request).
 */
export const SIDE_BY_SIDE = 8;

/**
 * Reads `numbers` in groups of SIDE_BY_SIDE, each group side by side; hands each page's answer to
 * `take` in the order given, until `take` answers false. A page past the end the list had when the
 * page before it (in that order) was read is not judged: the list shrank meanwhile.
 */
async function readInGroups(
  numbers: number[],
  read: (n: number) => Promise<ApiResponse>,
  take: (n: number, res: ApiResponse) => boolean,
): Promise<void> {
  for (let i = 0; i < numbers.length; i += SIDE_BY_SIDE) {
    const group = numbers.slice(i, i + SIDE_BY_SIDE);
    const answers = await Promise.all(group.map(read));
    for (let j = 0; j < group.length; j++) if (!take(group[j], answers[j])) return;
  }
}

/** Every item of a paginated list, page by page, each page's envelope checked (expectCollection). */
export async function walkPages(
  ops: Ops,
  op: OperationId,
  call: CallOptions = {},
  how: WalkOptions = {},
): Promise<Walked> {
  const items: any[] = [];
  const read = (page: number) =>
    loose(ops)[op]({
      ...call,
      query: page === 1 && !how.askPageOne ? call.query : { ...call.query, page },
    });
  const judge = (page: number, res: ApiResponse) => {
    const col = expectCollection(res);
    if (how.expectPageNumbers && col.page !== page)
      throw new TargetFailure(`${op} page ${page}: the envelope says page ${col.page}`);
    items.push(...col.data);
    return col;
  };
  const first = judge(1, await read(1));
  let { results, pages } = first;
  if (first.pages > MAX_PAGES) {
    // more pages than the bound: read both ends, where the oldest and the newest records sit in
    // either usual order (the list's order is not shown), not only the first MAX_PAGES pages
    await readInGroups(bothEnds(first.pages), read, (n, res) => {
      ({ results, pages } = judge(n, res));
      return true;
    });
  } else if (first.pages > 1 && first.data.length > 0) {
    // pages 2.. as page 1 counts them; a page that says there are more (the list grew) reads on
    let next = 2;
    let ended = false;
    while (!ended && next <= Math.min(pages, MAX_PAGES)) {
      const group = range(next, Math.min(pages, MAX_PAGES));
      next += group.length;
      await readInGroups(group, read, (n, res) => {
        // the list shrank: this page is past its end
        if (n > pages) ended = true;
        if (ended) return false;
        const col = judge(n, res);
        ({ results, pages } = col);
        if (n >= col.pages || col.data.length === 0) ended = true;
        return !ended;
      });
    }
  }
  return { items, results, pages };
}

/** from..to (from <= to), at most one group of SIDE_BY_SIDE. */
function range(from: number, to: number): number[] {
  return Array.from({ length: Math.min(SIDE_BY_SIDE, to - from + 1) }, (_, i) => from + i);
}

/** Pages 2..`pages` taken from both ends by turns (`pages`, 2, `pages` - 1, 3, ...), MAX_PAGES - 1 of them. */
function bothEnds(pages: number): number[] {
  const out: number[] = [];
  for (let lo = 2, hi = pages; out.length < MAX_PAGES - 1 && lo <= hi; ) {
    out.push(hi--);
    if (out.length < MAX_PAGES - 1 && lo <= hi) out.push(lo++);
  }
  return out;
}

/** The items of every page of a paginated list (walkPages). */
export async function allPages(
  ops: Ops,
  op: OperationId,
  call: CallOptions = {},
  how: WalkOptions = {},
): Promise<any[]> {
  return (await walkPages(ops, op, call, how)).items;
}

/**
 * The first item of a paginated list for which `found` holds, or undefined when no page holds one.
 * The list's order is not shown, so nothing is assumed of it; but a record just made sits first or
 * last in either usual order, so page 1 is read, then the last page, then the pages between: the
 * same answer as searching every page, without reading them all when the record is at either end.
 */
export async function findInPages(
  ops: Ops,
  op: OperationId,
  found: (item: any) => boolean,
  call: CallOptions = {},
): Promise<any | undefined> {
  const read = (n: number) =>
    loose(ops)[op]({ ...call, query: n === 1 ? call.query : { ...call.query, page: n } });
  const first = expectCollection(await read(1));
  let hit = first.data.find(found);
  if (hit !== undefined || first.pages <= 1) return hit;
  // the last page even past MAX_PAGES (a new record of an oldest-first list is there), alone; then
  // the pages between, within MAX_PAGES reads in all, side by side in groups, from both ends in
  // turn: a record made a moment ago sits near one end, and on a busy target records made since
  // push it a page or more from the end it was at (a list of more than MAX_PAGES pages held it out
  // of reach when the pages between were read from page 2 on)
  const last = expectCollection(await read(first.pages));
  if ((hit = last.data.find(found)) !== undefined) return hit;
  let pages = last.pages;
  const between: number[] = [];
  for (let lo = 2, hi = pages - 1; lo <= hi && between.length < MAX_PAGES - 2; ) {
    between.push(hi--);
    if (lo <= hi && between.length < MAX_PAGES - 2) between.push(lo++);
  }
  await readInGroups(between, read, (n, res) => {
    if (n > pages) return true; // the list shrank: this page is past its end
    const col = expectCollection(res);
    pages = Math.min(pages, col.pages);
    hit = col.data.find(found);
    return hit === undefined;
  });
  return hit;
}

/** The first event `as` sees for which `found` holds (findInPages). */
export const findEvent = (ops: Ops, found: (e: any) => boolean, as?: As) =>
  findInPages(ops, "listEvents", found, { as });

/** The account's whole event list, as `as` sees it. */
export const allEvents = (ops: Ops, as?: As) => allPages(ops, "listEvents", { as });

/** What a helper reading after a write needs of a check: its ops and the convergence window. */
type Reader = Pick<CheckContext, "ops" | "config">;

/**
 * Events of a write: the events `found` picks out, once at least `least` of them show, read again
 * within the convergence window (harness/settle.ts) while fewer do. Which operation records which
 * event is not shown (Events 4), so when the window closes first the events shown by then (maybe
 * none) are the answer, not a failure: the caller judges what it needs.
 */
export async function eventsOfWrite(
  ctx: Reader,
  found: (e: any) => boolean,
  least = 1,
  as?: As,
): Promise<any[]> {
  let last: any[] = [];
  try {
    return await settle(
      ctx,
      "events of a write",
      async () => (last = (await allEvents(ctx.ops, as)).filter(found)),
      (events) => (events.length >= least ? [] : [`${events.length} of ${least} shown`]),
      { oracle: "events of a write" },
    );
  } catch (e) {
    if (e instanceof TargetFailure) return last;
    throw e;
  }
}

/** The first event `found` picks out (findEvent), within the convergence window; undefined when none showed. */
export async function eventOfWrite(
  ctx: Reader,
  found: (e: any) => boolean,
  as?: As,
): Promise<any | undefined> {
  try {
    return await settled(ctx, "events of a write", async () => {
      const hit = await findEvent(ctx.ops, found, as);
      if (hit === undefined) throw new TargetFailure("no event shows");
      return hit;
    });
  } catch (e) {
    if (e instanceof TargetFailure) return undefined;
    throw e;
  }
}

/** Whether any page of a paginated list holds the value (a unique label, an ID) at any depth. */
export async function listContains(
  ctx: CheckContext,
  op: OperationId,
  value: unknown,
  path?: Record<string, string | number>,
  as?: As,
): Promise<boolean> {
  return (
    (await findInPages(ctx.ops, op, (d) => containsValue(d, value), { path, as })) !== undefined
  );
}

/**
 * After a write: a paginated list holds the value (`holds`, a create) or no longer does (a delete),
 * within the convergence window (harness/settle.ts): read again with back-off while it does not yet;
 * `message` is the failure when the window closes first.
 */
export async function expectListHolds(
  ctx: CheckContext,
  op: OperationId,
  value: unknown,
  holds: boolean,
  message: string,
  opts: { path?: Record<string, string | number>; as?: As; oracle?: SettleOracle } = {},
): Promise<void> {
  await settled(ctx, opts.oracle ?? "record of a write", async () => {
    if ((await listContains(ctx, op, value, opts.path, opts.as)) !== holds)
      throw new TargetFailure(message);
  });
}

/**
 * page_size at 25 and 100 is honoured; 24 and 101 are refused or clamped, never past 100 items.
 * What the target did with 24 and 101 is observed on the list's page_size requirement.
 */
export async function expectPageSizeBound(
  ctx: CheckContext,
  op: OperationId,
  path?: Record<string, string | number>,
): Promise<void> {
  const requirementId = `FIELD.${op}.page_size`;
  for (const size of [25, 100]) {
    const col = expectCollection(await loose(ctx.ops)[op]({ path, query: { page_size: size } }));
    if (col.data.length > size)
      throw new TargetFailure(`${op}: page_size ${size} answered ${col.data.length} items`);
  }
  for (const size of [24, 101]) {
    const res = await loose(ctx.ops)[op]({ path, query: { page_size: size } });
    if (res.status >= 400 && res.status < 500) {
      expectError(res);
      ctx.observe(requirementId, `${op} page_size ${size}`, "refused");
    } else {
      const col = expectCollection(res);
      if (col.data.length > 100)
        throw new TargetFailure(
          `${op}: page_size ${size} answered ${col.data.length} items, past the bound of 100`,
        );
      ctx.observe(requirementId, `${op} page_size ${size}`, "accepted (clamped or ignored)");
    }
  }
}
