// The page walker and the search (suites/shared/pages.ts) against a hand-made paged list: every
// item once and in page order, pages read side by side counted as one round trip, and a list
// that shrinks during the walk ends it instead of failing it.
import { describe, expect, it } from "vitest";
import type { ApiResponse } from "../harness/client.ts";
import { type CheckRecord, requestSent, runInCheck } from "../harness/current.ts";
import type { Ops } from "../harness/ops.ts";
import { findInPages, SIDE_BY_SIDE, walkPages } from "../suites/shared/pages.ts";

/** A list op over `items()` (read at each request), `size` a page; counts the pages asked. */
function pagedList(items: () => number[], size = 10) {
  const asked: number[] = [];
  let inFlight = 0;
  let most = 0;
  const listEvents = async (call: { query?: { page?: number } }): Promise<ApiResponse> => {
    const page = call.query?.page ?? 1;
    asked.push(page);
    const answered = requestSent();
    most = Math.max(most, ++inFlight);
    await new Promise((r) => setTimeout(r, 1));
    inFlight--;
    answered();
    const all = items();
    const pages = Math.max(1, Math.ceil(all.length / size));
    const body = {
      data: all.slice((page - 1) * size, page * size).map((id) => ({ id })),
      page,
      pages,
      results: all.length,
    };
    return {
      operationId: "listEvents",
      status: 200,
      headers: { "content-type": "application/json" },
      body,
      text: JSON.stringify(body),
      json: true,
    } as unknown as ApiResponse;
  };
  return { ops: { listEvents } as unknown as Ops, asked, most: () => most };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const record = (): CheckRecord => ({ requirementIds: [], exchanges: [], observations: [] });

describe("walkPages", () => {
  it("answers every item once, in page order, reading pages side by side", async () => {
    const list = pagedList(() => ids(205));
    const rec = record();
    const walked = await runInCheck(rec, () => walkPages(list.ops, "listEvents"));
    expect(walked.items.map((x) => x.id)).toEqual(ids(205));
    expect(walked.pages).toBe(21);
    expect(list.most()).toBe(SIDE_BY_SIDE);
    // page 1, then 20 pages in groups of 8: 1 + 3 round trips
    expect(rec.rounds).toBe(4);
  });

  it("a list that shrinks during the walk ends it where it now ends", async () => {
    let n = 95;
    const list = pagedList(() => {
      const now = ids(n);
      n = 35; // after page 1, only four pages are left
      return now;
    });
    const walked = await walkPages(list.ops, "listEvents");
    expect(walked.items.map((x) => x.id)).toEqual(ids(35));
  });

  it("past 50 pages reads both ends", async () => {
    const list = pagedList(() => ids(1000));
    const walked = await walkPages(list.ops, "listEvents");
    expect(list.asked.slice(0, 4)).toEqual([1, 100, 2, 99]);
    expect(walked.items.length).toBe(500);
    expect(walked.items.map((x) => x.id)).toContain(1000);
  });
});

describe("findInPages", () => {
  it("reads page 1, the last page, then the pages between from both ends in turn until one holds the item", async () => {
    const list = pagedList(() => ids(300));
    expect((await findInPages(list.ops, "listEvents", (x) => x.id === 300)).id).toBe(300);
    expect(list.asked).toEqual([1, 30]);
    const again = pagedList(() => ids(300));
    expect((await findInPages(again.ops, "listEvents", (x) => x.id === 95)).id).toBe(95);
    // 1, 30, then 29, 2, 28, 3, …: page 10 holds 95, the 18th of the pages between
    expect(again.asked.slice(0, 6)).toEqual([1, 30, 29, 2, 28, 3]);
    expect(again.asked.length).toBe(2 + Math.ceil(18 / SIDE_BY_SIDE) * SIDE_BY_SIDE);
    expect(await findInPages(again.ops, "listEvents", (x) => x.id === 301)).toBeUndefined();
  });

  it("a list longer than MAX_PAGES: a record pushed a few pages from its end is still found", async () => {
    // 80 pages, oldest first; the record made a moment ago now sits on page 78
    const list = pagedList(() => ids(800));
    expect((await findInPages(list.ops, "listEvents", (x) => x.id === 775)).id).toBe(775);
  });
});
