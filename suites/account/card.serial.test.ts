// Account and billing: credit card add/edit (deprecated). Beyond its `{}` answer, the card sent is
// the account's card: the Account's credit_card (expiry in month/year form, last_four) shows it. The
// card is account-wide state other checks change, so this file runs alone.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectEmptyObject, expectSuccess } from "../../harness/expect.ts";

// not the seeded or the billing suite's card: last four, month and year all differ
const CARD = { card_number: "5555555555554444", cvv: "321", expiry_month: 3, expiry_year: 2032 };

describe("account/card", () => {
  check(
    { id: "ACCT-CARD-1", op: ["addCreditCard", "getAccount"], effect: "destructive" },
    "after credit card add the Account's credit_card shows the new card's last four digits and expiry",
    async ({ ops }) => {
      expectEmptyObject(await ops.addCreditCard({ body: CARD }));
      const card = expectSuccess(await ops.getAccount()).credit_card;
      if (String(card?.last_four) !== "4444")
        throw new TargetFailure(
          `credit_card.last_four is ${JSON.stringify(card?.last_four)}; the card added ends in 4444`,
        );
      if (!/^0?3\/(20)?32$/.test(String(card?.expiry)))
        throw new TargetFailure(
          `credit_card.expiry is ${JSON.stringify(card?.expiry)}; the card added expires 3/2032 (month/year form)`,
        );
    },
  );
});
