// General conventions 5 and Limits (page: integer >= 1, default 1), for every list that takes
// pagination: a page below 1 is refused with an error, or treated as a page >= 1; the answer never
// reports a page below 1. One check per list, derived from the spec's `page` parameters.
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { expectCollection, expectError } from "../../harness/expect.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { listOperations } from "../../spec/index.ts";
import { loadCatalog } from "../../spec/catalog.ts";
import { loose } from "../../harness/ops.ts";

const paged = listOperations().filter((o) =>
  (o.operation.parameters ?? []).some((p) => "name" in p && p.name === "page" && p.in === "query"),
);
const catalog = loadCatalog().byId;

/** Path parameters a list needs, made fresh for the check. */
async function parentOf(c: CheckContext, path: string): Promise<Record<string, string | number>> {
  if (path.includes("{vmId}")) return { vmId: (await c.fresh.emptyInstance()).id };
  if (path.includes("{ticketId}")) {
    const t = await c.fresh.create("ticket", "openTicket", {
      body: { summary: c.label("tkt", 64), description: "plumbline: page bound" },
    });
    return { ticketId: t.id };
  }
  if (path.includes("{invoiceId}"))
    return { invoiceId: (await c.states.require("invoice-with-items", { items: 1 })).invoiceId };
  return {};
}

describe("conventions/page bound", () => {
  for (const op of paged) {
    const id = catalog.has(`FIELD.${op.operationId}.page`)
      ? `FIELD.${op.operationId}.page`
      : "CONV-PAGE-2";
    const effect = op.path.includes("{vmId}")
      ? "billable"
      : op.path.includes("{ticketId}")
        ? "creates"
        : "read-only";
    check(
      {
        id: [...new Set([id, "CONV-PAGE-2"])],
        op: op.operationId as OperationId,
        effect,
        area: "conventions",
      },
      `${op.operationId}: page 0 is refused or treated as a page >= 1`,
      async (c) => {
        const res = await loose(c.ops)[op.operationId as OperationId]({
          path: await parentOf(c, op.path),
          query: { page: 0 },
        });
        // a page below 1 in the envelope is refused by expectCollection itself
        if (res.status >= 400 && res.status < 500) expectError(res);
        else expectCollection(res);
      },
    );
  }
});
