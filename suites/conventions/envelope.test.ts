// General conventions 4-5 and Shared shapes (Collection): every list the Endpoints tables show as a
// collection, and every list taking page and page_size, answers {data, page, pages, results}; on the
// paginated ones pages agrees with results at the default page_size 100.
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { expectCollection, expectSuccess } from "../../harness/expect.ts";
import { expectConsistent } from "./helpers.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import type { SideEffect } from "../../harness/model.ts";
import { loose } from "../../harness/ops.ts";

interface ListCase {
  op: OperationId;
  /** CONV-COLL-1: records shown; CONV-COLL-2: paginated, records not shown */
  id: "CONV-COLL-1" | "CONV-COLL-2";
  paginated: boolean;
  effect?: SideEffect;
  path?: (c: CheckContext) => Promise<Record<string, string | number>>;
}

const instance = async (c: CheckContext) => ({ vmId: (await c.fresh.emptyInstance()).id });

// listClusters and listOAuthClients are in collection.test.ts
const LISTS: ListCase[] = [
  { op: "listEntityTransfers", id: "CONV-COLL-1", paginated: true },
  { op: "listEvents", id: "CONV-COLL-1", paginated: true },
  { op: "listInvoices", id: "CONV-COLL-1", paginated: true },
  {
    op: "listInvoiceItems",
    id: "CONV-COLL-1",
    paginated: true,
    effect: "creates",
    path: async (c) => ({
      invoiceId: (await c.states.require("invoice-with-items", { items: 2 })).invoiceId,
    }),
  },
  { op: "listLogins", id: "CONV-COLL-1", paginated: false },
  { op: "listMaintenance", id: "CONV-COLL-1", paginated: false },
  { op: "listNotifications", id: "CONV-COLL-1", paginated: false },
  { op: "listPaymentMethods", id: "CONV-COLL-1", paginated: true },
  { op: "listBuckets", id: "CONV-COLL-1", paginated: false },
  {
    op: "listClusterBuckets",
    id: "CONV-COLL-1",
    paginated: false,
    path: async (c) => ({ clusterId: await c.fresh.cluster() }),
  },
  { op: "listKeys", id: "CONV-COLL-1", paginated: false },
  { op: "listInstances", id: "CONV-COLL-2", paginated: true },
  { op: "listConfigs", id: "CONV-COLL-2", paginated: true, effect: "billable", path: instance },
  { op: "listDisks", id: "CONV-COLL-2", paginated: true, effect: "billable", path: instance },
  {
    op: "listInstanceVolumes",
    id: "CONV-COLL-2",
    paginated: true,
    effect: "billable",
    path: instance,
  },
  { op: "listKernels", id: "CONV-COLL-2", paginated: true },
  { op: "listManagedContacts", id: "CONV-COLL-2", paginated: true },
  { op: "listManagedCredentials", id: "CONV-COLL-2", paginated: true },
  { op: "listManagedIssues", id: "CONV-COLL-2", paginated: true },
  { op: "listManagedVmSettings", id: "CONV-COLL-2", paginated: true },
  { op: "listTickets", id: "CONV-COLL-2", paginated: true },
  {
    op: "listTicketReplies",
    id: "CONV-COLL-2",
    paginated: true,
    effect: "creates",
    path: async (c) => ({ ticketId: (await c.states.require("provider-ticket")).ticketId }),
  },
  { op: "listRecipes", id: "CONV-COLL-2", paginated: true },
];

describe("conventions/envelope", () => {
  for (const l of LISTS) {
    const ids = l.paginated ? [l.id, "CONV-COLL-3"] : [l.id];
    check(
      { id: ids, op: l.op, effect: l.effect },
      `${l.op} answers the Collection envelope${l.paginated ? ", pages agreeing with results" : ""}`,
      async (c) => {
        const res = await loose(c.ops)[l.op]({ path: l.path ? await l.path(c) : undefined });
        const coll = expectCollection(res);
        expectSuccess(res);
        if (!l.paginated) return;
        expectConsistent(coll, 100, "page 1 at the default page_size");
      },
    );
  }
});
