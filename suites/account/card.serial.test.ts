// Account and billing: credit card add/edit (deprecated; "use POST /v4/account/payment-methods").
// Beyond its `{}` answer, the card sent becomes the account's card somewhere a client reads it: the
// Account's credit_card ("expiry (string, month/year form), last_four") or a payment method of type
// credit_card ("data (object: card_type string, expiry string, last_four string)"). Which of the two
// is not said (the add is replaced by a payment method add), so either passes and which is recorded
// (ACCT-CARD-3). The card is account-wide state other checks change, so this file runs alone.
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
      id: ["ACCT-CARD-3", "ACCT-CARD-1"],
      op: ["addCreditCard", "getAccount", "listPaymentMethods"],
      effect: "destructive",
    },
    "after credit card add the card (last four digits, expiry) shows in the Account's credit_card or among its payment methods",
    async (ctx) => {
      expectEmptyObject(await ctx.ops.addCreditCard({ body: CARD }));
      const where = await ctx.waitFor(
        "the card added (last four 4444, expiry 3/2032) in the Account's credit_card or a credit_card payment method",
        async () => {
          const account = showsCard(expectSuccess(await ctx.ops.getAccount()).credit_card);
          const methods = (await allPages(ctx.ops, "listPaymentMethods")).some(
            (p) => p?.type === "credit_card" && showsCard(p?.data),
          );
          return (
            (account || methods) &&
            [account && "the Account's credit_card", methods && "a payment method"]
              .filter(Boolean)
              .join(" and ")
          );
        },
      );
      ctx.observe("ACCT-CARD-3", "the card added shows in", where);
    },
  );
});
