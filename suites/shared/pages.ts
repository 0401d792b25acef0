// Paginated lists: the one page walker (every page held to the Collection envelope, at most
// MAX_PAGES pages read, from both ends when there are more), what is built on it, and the page_size bound check several areas share.
import type { CheckContext } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectCollection, expectError } from "../../harness/expect.ts";
import { loose, type CallOptions, type Ops } from "../../harness/ops.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import type { As } from "../../harness/principals.ts";
import { containsValue } from "./records.ts";

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

/** Every item of a paginated list, page by page, each page's envelope checked (expectCollection). */
export async function walkPages(
  ops: Ops,
  op: OperationId,
  call: CallOptions = {},
  how: WalkOptions = {},
): Promise<Walked> {
  const items: any[] = [];
  let results = 0;
  let pages = 1;
  const read = async (page: number) => {
    const query = page === 1 && !how.askPageOne ? call.query : { ...call.query, page };
    const col = expectCollection(await loose(ops)[op]({ ...call, query }));
    if (how.expectPageNumbers && col.page !== page)
      throw new TargetFailure(`${op} page ${page}: the envelope says page ${col.page}`);
    items.push(...col.data);
    return col;
  };
  for (let page = 1; page <= MAX_PAGES; page++) {
    const col = await read(page);
    ({ results, pages } = col);
    if (page === 1 && col.pages > MAX_PAGES) {
      // more pages than the bound: read both ends, where the oldest and the newest records sit in
      // either usual order (the list's order is not shown), not only the first MAX_PAGES pages
      for (const n of bothEnds(col.pages)) await read(n);
      break;
    }
    if (page >= col.pages || col.data.length === 0) break;
  }
  return { items, results, pages };
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
  const page = async (n: number) =>
    expectCollection(
      await loose(ops)[op]({ ...call, query: n === 1 ? call.query : { ...call.query, page: n } }),
    );
  const first = await page(1);
  let hit = first.data.find(found);
  if (hit !== undefined || first.pages <= 1) return hit;
  // the last page even past MAX_PAGES (a new record of an oldest-first list is there); then the
  // pages between, within MAX_PAGES reads in all
  const last = first.pages;
  const between = Array.from({ length: Math.min(last, MAX_PAGES) - 2 }, (_, i) => i + 2);
  for (const n of [last, ...between]) {
    const col = await page(n);
    if ((hit = col.data.find(found)) !== undefined) return hit;
    // an empty page past the last one read in order ends the list; an empty last page (the list
    // shrank meanwhile) does not
    if (n !== last && col.data.length === 0) return undefined;
  }
  return undefined;
}

/** The first event `as` sees for which `found` holds (findInPages). */
export const findEvent = (ops: Ops, found: (e: any) => boolean, as?: As) =>
  findInPages(ops, "listEvents", found, { as });

/** The account's whole event list, as `as` sees it. */
export const allEvents = (ops: Ops, as?: As) => allPages(ops, "listEvents", { as });

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
