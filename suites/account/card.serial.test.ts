// Account and billing: credit card add/edit (deprecated; "use POST /v4/account/payment-methods").
// Its answer is `{}` (ACCT-CARD-1). Where the card sent then shows, the Account's credit_card
// ("expiry (string, month/year form), last_four"), a payment method of type credit_card ("data
// (object: card_type string, expiry string, last_four string)"), or nowhere a client reads, the
// material does not say, so it is recorded only (ACCT-CARD-3, INFO). The card is account-wide state
// other checks change, so this file runs alone.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectEmptyObject, expectSuccess } from "../../harness/expect.ts";
import { allPages } from "../shared/pages.ts";

// not the seeded or the billing suite's card: last four, month and year all differ
const CARD = { card_number: "5555555555554444", cvv: "321", expiry_month: 3, expiry_year: 2032 };

/** A card record (the Account's credit_card, a payment method's data) showing CARD. */
const showsCard = (c: any) =>
  String(c?.last_four) === "4444" && /^0?3\/(20)?32$/.test(String(c?.expiry));

describe("account/card", () => {
  check(
    {
      id: ["ACCT-CARD-1", "ACCT-CARD-3"],
      op: ["addCreditCard", "getAccount", "listPaymentMethods"],
      effect: "destructive",
    },
    "credit card add answers {}; where the card shows afterwards (the Account's credit_card, a payment method, nowhere) is recorded",
    async (ctx) => {
      expectEmptyObject(await ctx.ops.addCreditCard({ body: CARD }));
      const account = showsCard(expectSuccess(await ctx.ops.getAccount()).credit_card);
      const methods = (await allPages(ctx.ops, "listPaymentMethods")).some(
        (p) => p?.type === "credit_card" && showsCard(p?.data),
      );
      ctx.observe(
        "ACCT-CARD-3",
        "the card added (last four 4444, expiry 3/2032) shows in",
        [account && "the Account's credit_card", methods && "a credit_card payment method"]
          .filter(Boolean)
          .join(" and ") || "neither the Account's credit_card nor the payment methods",
      );
    },
  );
});
