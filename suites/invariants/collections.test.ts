// Collections at and around exact multiples of the page size (What the service does / General
// conventions 4 and 5: "`page` the current page, `pages` the total number of pages, `results` the
// total number of results"; `page_size` 25..100; Limits). For each paginated collection a check can
// fill alone (the configs and disks of its own instance, the replies of its own ticket, the items
// of an invoice made for it), the collection is grown to 24, 25, 26, 49, 50 and 51 entries and
// walked at page_size 25 and at the entry count and one either side: every page reports `results`
// and `pages = ceil(results / page_size)`, holds what its place says, and the pages together hold
// every entry once (no gap, no repeat). Account-wide and platform lists get a check that skips,
// saying why (other checks change them meanwhile, or nothing can add to them).
import { describe } from "vitest";
import { settled } from "../../harness/settle.ts";
import { check, type CheckContext } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectCollection } from "../../harness/expect.ts";
import type { SideEffect } from "../../harness/model.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { loose } from "../../harness/ops.ts";
import { listOperations } from "../../spec/index.ts";
import { type KindName, resourceModel } from "../../spec/kinds.ts";
import { ticket } from "../shared/factories.ts";
import { skipEverywhere } from "./each.ts";
import { rowsOf, SAY } from "../shared/clauses.ts";

type Path = Record<string, string | number>;

interface Filler {
  effect: SideEffect;
  /** a new parent of the collection (an empty instance, a ticket): the list's path */
  parent?(ctx: CheckContext): Promise<Path>;
  /** grows the collection, which holds `have` entries, to `n`; answers where it is read now */
  grow(ctx: CheckContext, path: Path | undefined, have: number, n: number): Promise<Path>;
}

/** Adds entries one at a time to the collection at `path`, through its create operation. */
const adding =
  (op: OperationId, body: (ctx: CheckContext, i: number) => Record<string, unknown>) =>
  async (ctx: CheckContext, path: Path | undefined, have: number, n: number) => {
    for (let i = have; i < n; i++) {
      const res = await loose(ctx.ops)[op]({ path, body: body(ctx, i) });
      if (res.status < 200 || res.status > 299)
        throw new TargetFailure(
          `filling the collection: ${op} ${i + 1} of ${n} answered ${res.status}: ${res.text.slice(0, 200)}`,
        );
    }
    return path!;
  };

/** An empty instance (configs and disks go with it when it is deleted: Instance delete). */
const instance = async (ctx: CheckContext): Promise<Path> => ({
  vmId: (await ctx.fresh.emptyInstance()).id,
});

const FILLERS: Partial<Record<KindName, Filler>> = {
  config: {
    effect: "billable",
    parent: instance,
    grow: adding("createConfig", (ctx) => ({ label: ctx.label("cfg", 48), devices: {} })),
  },
  disk: {
    effect: "billable",
    parent: instance,
    // empty disks of 1 MB: 51 fit any type's disk
    grow: adding("createDisk", (ctx) => ({ label: ctx.label("disk", 48), size: 1 })),
  },
  reply: {
    effect: "creates",
    parent: async (ctx) => ({ ticketId: (await ticket(ctx)).id }),
    grow: adding("createTicketReply", (_ctx, i) => ({ description: `plumbline reply ${i + 1}` })),
  },
  invoiceItem: {
    effect: "creates",
    // an invoice is made with its items (provider state invoice-with-items): one per count
    grow: async (ctx, _path, _have, n) => ({
      invoiceId: Number((await ctx.states.require("invoice-with-items", { items: n })).invoiceId),
    }),
  },
};

/** Why a paginated collection gets no fill, by kind. */
function whyNot(kind: KindName, parent: KindName | undefined): string {
  if (kind === "kernel")
    return "the kernels list is the platform's: nothing a check sends adds to it, so it cannot be grown around a page size";
  if (kind === "instanceVolume")
    return "volumes are attached through a config's volume_id, and volume operations are not shown: a check cannot fill an instance's volumes list";
  return `an account-wide list${parent ? ` under a ${parent} the check does not own` : ""}: other checks add to and remove from it while this runs, so its count is not the check's own (spec/README.md: account-wide state under load)`;
}

const TOTALS = [24, 25, 26, 49, 50, 51];
const PAGE_SIZE = 25;

/** page_size 25 and the entry count and one either side, within 25..100. */
const sizesFor = (n: number) =>
  [...new Set([PAGE_SIZE, n - 1, n, n + 1])].filter((s) => s >= 25 && s <= 100);

/** An entry's identity: its ID where it shows one, else all of it. */
const keyOf = (e: any) => (e?.id !== undefined ? `id ${e.id}` : JSON.stringify(e));

/** The collection's entries, read on one page (n <= 51 < 100): results n. */
async function whole(ctx: CheckContext, op: OperationId, path: Path, n: number) {
  const c = expectCollection(
    await loose(ctx.ops)[op]({ path, query: { page: 1, page_size: 100 } }),
  );
  if (c.results !== n || c.data.length !== n)
    throw new TargetFailure(
      `${op} of ${n} entries at page_size 100: results ${c.results}, ${c.data.length} entries on page 1`,
    );
  const all = new Set(c.data.map(keyOf));
  if (all.size !== n)
    throw new TargetFailure(`${op} of ${n} entries at page_size 100: ${n - all.size} repeat`);
  return all;
}

/** Every page at one page size: results, pages, page, the entries each page holds, no repeat, no gap. */
async function walk(
  ctx: CheckContext,
  op: OperationId,
  path: Path,
  size: number,
  all: Set<string>,
): Promise<void> {
  const n = all.size;
  const pages = Math.ceil(n / size);
  const seen = new Map<string, number>();
  for (let page = 1; page <= pages; page++) {
    const at = `${op} of ${n} entries, page ${page} at page_size ${size}`;
    const c = expectCollection(
      await loose(ctx.ops)[op]({ path, query: { page, page_size: size } }),
    );
    if (c.results !== n) throw new TargetFailure(`${at}: results is ${c.results}, not ${n}`);
    if (c.pages !== pages)
      throw new TargetFailure(`${at}: pages is ${c.pages}, not ceil(${n} / ${size}) = ${pages}`);
    if (c.page !== page) throw new TargetFailure(`${at}: the envelope says page ${c.page}`);
    const holds = page < pages ? size : n - size * (pages - 1);
    if (c.data.length !== holds)
      throw new TargetFailure(`${at}: holds ${c.data.length} entries, not ${holds}`);
    for (const e of c.data) {
      const k = keyOf(e);
      if (seen.has(k))
        throw new TargetFailure(`${at}: entry ${k} repeats, first seen on page ${seen.get(k)}`);
      if (!all.has(k))
        throw new TargetFailure(`${at}: entry ${k} is not among the collection's ${n} entries`);
      seen.set(k, page);
    }
  }
  // with the counts right and no repeat, every entry was seen: no gap
}

async function exercise(ctx: CheckContext, op: OperationId, f: Filler): Promise<void> {
  let path = f.parent ? await f.parent(ctx) : undefined;
  let have = path
    ? expectCollection(await loose(ctx.ops)[op]({ path, query: { page_size: 100 } })).results
    : 0;
  for (const n of TOTALS.filter((t) => t >= have)) {
    path = await f.grow(ctx, path, have, n);
    have = n;
    const at = path;
    // the list may show the entries added a little later: each reading within the window
    const all = await settled(ctx, "collection", () => whole(ctx, op, at, n));
    for (const size of sizesFor(n))
      await settled(ctx, "collection", () => walk(ctx, op, at, size, all));
  }
}

const paged = new Set(
  listOperations()
    .filter((o) => (o.operation.parameters ?? []).some((p: any) => p?.name === "page_size"))
    .map((o) => o.operationId),
);

describe("invariants/collections", () => {
  for (const m of resourceModel().values()) {
    const op = m.ops.list.find((id) => paged.has(id)) as OperationId | undefined;
    if (!op) continue;
    const f = FILLERS[m.name];
    check(
      {
        // a kind the check cannot fill names the invariant only: its skip is no verdict on the others
        id: f ? ["CONV-COLL-6", "CONV-COLL-3", "CONV-COLL-4"] : ["CONV-COLL-6"],
        op,
        effect: f?.effect ?? "read-only",
        area: m.area,
        resource: m.name,
        generic: "invariant",
        clause: [SAY.collection, SAY.paging, ...rowsOf([op])],
        timeout: 60_000,
      },
      `${m.name}: at 24..26 and 49..51 entries, every page size around them gives pages, results and every entry once`,
      async (ctx) => (f ? exercise(ctx, op, f) : skipEverywhere(ctx, whyNot(m.name, m.parent))),
    );
  }
});
