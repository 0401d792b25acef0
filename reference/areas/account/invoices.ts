// Invoices and their items (two of each are seeded per account by accountData).
import type { ProviderState } from "../../area.ts";
import { badRequest, notFound, ok } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import { intParam, type Ctx, type Router } from "../../router.ts";
import { accountData, makeInvoice, type Invoice } from "./common.ts";

function findInvoice(ctx: Ctx): Invoice {
  const id = intParam(ctx, "invoiceId");
  const inv = accountData(ctx.state, ctx.account).invoices.find((i) => i.id === id);
  if (!inv) throw notFound("Invoice not found");
  return inv;
}

/** The invoice as answered (fault account-invoice-total-without-tax: the total leaves the tax out). */
const shown = (ctx: Ctx, inv: Invoice): Invoice =>
  ctx.faults.has("account-invoice-total-without-tax") ? { ...inv, total: inv.subtotal } : inv;

export function registerInvoices(r: Router) {
  r.get("/v4/account/invoices", "account:read_only", (ctx) =>
    paginate(
      ctx,
      [...accountData(ctx.state, ctx.account).invoices]
        .sort((a, b) => b.id - a.id)
        .map((inv) => shown(ctx, inv)),
    ),
  );
  r.get("/v4/account/invoices/{invoiceId}", "account:read_only", (ctx) =>
    ok(shown(ctx, findInvoice(ctx))),
  );
  r.get("/v4/account/invoices/{invoiceId}/items", "account:read_only", (ctx) => {
    const inv = findInvoice(ctx);
    return paginate(ctx, accountData(ctx.state, ctx.account).items.get(inv.id) ?? []);
  });
}

/** `invoice-with-items`: an invoice dated now on account A with `items` items (default 3). */
export const invoiceWithItems: ProviderState = (c, p) => {
  const n = p.items === undefined ? 3 : p.items;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 500)
    throw badRequest("items must be an integer 1..500", "items");
  const d = accountData(c.state, c.seeded.accountA);
  const inv = makeInvoice(c.state, c.state.now(), n);
  d.invoices.push(inv.invoice);
  d.items.set(inv.invoice.id, inv.items);
  return { invoiceId: inv.invoice.id };
};
