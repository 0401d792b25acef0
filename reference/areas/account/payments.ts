// Paying: the deprecated credit card add, the payment methods list, and the provider states that
// set the balance (cancel and notifications read it).
import type { ProviderState } from "../../area.ts";
import { badRequest, EMPTY } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import { emitByCaller, type Ctx, type Router } from "../../router.ts";
import { Fields } from "../../validate.ts";
import { accountData, accountEntity, money } from "./common.ts";

const cardType = (num: string) =>
  num.startsWith("4")
    ? "Visa"
    : /^5[1-5]/.test(num)
      ? "MasterCard"
      : /^3[47]/.test(num)
        ? "American Express"
        : "Discover";

function addCreditCard(ctx: Ctx) {
  const f = new Fields(ctx.json());
  const digits = ctx.faults.has("card-number-dashes-accepted")
    ? /^(?=(?:\D*\d){14,24}\D*$)[\d -]+$/
    : /^\d{14,24}$/;
  const raw = f.body.card_number;
  const number =
    typeof raw === "string" && !digits.test(raw)
      ? f.fail("card_number", "must be 14 to 24 digits, with no spaces or dashes")
      : f.string("card_number", { required: true });
  f.string("cvv", { required: true, pattern: /^\d{3,4}$/ });
  const month = f.int("expiry_month", { required: true, min: 1, max: 12 });
  const year = f.int("expiry_year", { required: true, min: 1000, max: 9999 });
  f.done();
  const digitsOnly = number!.replace(/\D/g, "");
  const expiry = `${String(month).padStart(2, "0")}/${year}`;
  const d = accountData(ctx.state, ctx.account);
  const last4 = digitsOnly.slice(-4);
  // variant card-not-shown: the card is kept (the balance becomes chargeable) but shows nowhere a
  // client reads; variant card-not-in-account: the Account's credit_card keeps the old card, the
  // new one shows only among the payment methods
  if (ctx.variants.has("card-not-shown")) {
    ctx.account.chargeable = true;
    emitByCaller(ctx, "credit_card_updated", accountEntity(ctx.account));
    return EMPTY;
  }
  if (!ctx.variants.has("card-not-in-account")) d.creditCard = { expiry, last_four: Number(last4) };
  const card =
    d.paymentMethods.find((p) => p.type === "credit_card" && p.is_default) ??
    d.paymentMethods.find((p) => p.type === "credit_card");
  const data = { card_type: cardType(digitsOnly), expiry, last_four: last4 };
  if (card) {
    card.data = data;
  } else {
    for (const p of d.paymentMethods) p.is_default = false;
    d.paymentMethods.push({
      id: ctx.state.id(),
      type: "credit_card",
      is_default: true,
      created: ctx.state.iso(),
      data,
    });
  }
  ctx.account.chargeable = true;
  emitByCaller(ctx, "credit_card_updated", accountEntity(ctx.account));
  return EMPTY;
}

export function registerPayments(r: Router) {
  r.post("/v4/account/credit-card", "account:read_write", addCreditCard);
  r.get("/v4/account/payment-methods", "account:read_only", (ctx) =>
    paginate(ctx, accountData(ctx.state, ctx.account).paymentMethods),
  );
}

/** `unpaid-balance`: account A owes `amount` (default 10); its card can pay it only if `chargeable`. */
export const unpaidBalance: ProviderState = (c, p) => {
  const amount = p.amount === undefined ? 10 : p.amount;
  if (typeof amount !== "number" || !(amount > 0))
    throw badRequest("amount must be a positive number", "amount");
  if (p.chargeable !== undefined && typeof p.chargeable !== "boolean")
    throw badRequest("chargeable must be a boolean", "chargeable");
  const a = c.seeded.accountA;
  a.balance = money(amount);
  a.chargeable = p.chargeable === true;
  return { balance: a.balance };
};

/** `paid-balance`: account A owes nothing and has a chargeable card. */
export const paidBalance: ProviderState = (c) => {
  const a = c.seeded.accountA;
  a.balance = 0;
  a.chargeable = true;
  return { balance: 0 };
};
