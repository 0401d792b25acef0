// Invoices and invoice items (Resources / Invoice and invoice item; Endpoints / Account and billing).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection, expectError, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import type { Ops } from "../../harness/ops.ts";
import type { States } from "../../harness/states.ts";
import { eventsReadOnly } from "../shared/principals.ts";

/** An invoice ID of the account: the first listed, else one made by the `invoice-with-items` state. */
async function invoiceId(ops: Ops, states: States): Promise<number> {
  const listed = expectCollection(await ops.listInvoices()).data[0];
  return listed?.id ?? (await states.require("invoice-with-items", { items: 3 })).invoiceId;
}

describe("account/invoices", () => {
  check(
    { id: ["ACCT-INV-1", "ACCT-INV-4"], op: "listInvoices" },
    "invoices list answers a collection of Invoices",
    async ({ ops, observe }) => {
      const res = await ops.listInvoices();
      const c = expectCollection(res);
      expectSuccess(res);
      observe(
        "ACCT-INV-4",
        "total minus subtotal plus tax, per listed invoice",
        c.data.map((i) => Math.round((i.total - i.subtotal - i.tax) * 100) / 100),
      );
    },
  );

  check(
    { id: "ACCT-INV-2", op: "getInvoice" },
    "invoice view answers the Invoice of that ID",
    async ({ ops, states }) => {
      const id = await invoiceId(ops, states);
      const inv = expectSuccess(await ops.getInvoice({ path: { invoiceId: id } }));
      if (inv.id !== id)
        throw new TargetFailure(`view of invoice ${id} answered invoice ${inv.id}`);
    },
  );

  check(
    { id: "ACCT-INV-3", op: "listInvoiceItems" },
    "invoice items list answers a collection of Invoice items",
    async ({ ops, states }) => {
      const { invoiceId: id } = await states.require("invoice-with-items", { items: 3 });
      const res = await ops.listInvoiceItems({ path: { invoiceId: id } });
      expectCollection(res);
      expectSuccess(res);
    },
  );

  check(
    { id: "ACCT-SCOPE-1", op: ["listInvoices", "getInvoice", "listInvoiceItems"] },
    "invoice list, view and items refuse a token without any account scope",
    async ({ ops, states, principals }) => {
      const id = await invoiceId(ops, states);
      const as = await eventsReadOnly({ principals });
      expectError(await ops.listInvoices({ as }));
      expectError(await ops.getInvoice({ path: { invoiceId: id }, as }));
      expectError(await ops.listInvoiceItems({ path: { invoiceId: id }, as }));
    },
  );
});
