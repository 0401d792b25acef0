// Account and billing: cancel (Errors 3 and 11; Authentication 5), the deprecated credit card
// add/edit, payment methods and notifications (Resources / Notification, Payment method). Checks
// that need an unpaid balance (target-wide) are in balance.serial.test.ts.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectCollection,
  expectEmptyObject,
  expectError,
  expectErrorNamingField,
  expectSuccess,
} from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { accountReadOnly, eventsReadOnly } from "../shared/principals.ts";
import { offContract } from "../../harness/ops.ts";

const CARD = { card_number: "4111111111111111", cvv: "123", expiry_month: 12, expiry_year: 2030 };

describe("account/billing", () => {
  check(
    { id: "ACCT-CANCEL-1", op: "cancelAccount", effect: "destructive" },
    "cancel by an unrestricted user with nothing owed answers survey_link",
    async ({ ops, states }) => {
      // a separate account, so the run's own principals are never cancelled
      const { token } = await states.require("second-account");
      const body = expectSuccess(
        await ops.cancelAccount({
          body: { comments: "plumbline conformance run" },
          as: { token, name: "second account" },
        }),
      );
      if (typeof body.survey_link !== "string")
        throw new TargetFailure(`survey_link is ${JSON.stringify(body.survey_link)}`);
    },
  );

  check(
    { id: "FIELD.cancelAccount.comments", op: "cancelAccount", effect: "destructive" },
    "cancel with comments that are not a string is refused naming comments, and the account stays",
    async ({ ops, states }) => {
      const { token } = await states.require("second-account");
      const as = { token, name: "second account" };
      for (const comments of [12345, ["x"], { x: 1 }, true])
        expectErrorNamingField(
          await ops.cancelAccount({ body: { comments: offContract(comments) }, as }),
          "comments",
        );
      // not cancelled by the refused requests: the account still answers its owner
      expectSuccess(await ops.getAccount({ as }));
    },
  );

  check(
    { id: ["ACCT-CANCEL-3", "ACCT-CANCEL-4"], op: "cancelAccount", effect: "destructive" },
    "a restricted user cannot cancel the account",
    async ({ ops, principals }) => {
      expectError(await ops.cancelAccount({ body: {}, as: principals.get("restricted") }));
    },
  );

  check(
    { id: "ACCT-SCOPE-2", op: ["cancelAccount", "addCreditCard"], effect: "destructive" },
    "cancel and credit card add refuse a token with only account:read_only",
    async ({ ops, principals }) => {
      const as = await accountReadOnly({ principals });
      expectError(await ops.cancelAccount({ body: {}, as }));
      expectError(await ops.addCreditCard({ body: CARD, as }));
    },
  );

  // ACCT-CARD-1 (the add answers {}) and ACCT-CARD-3 (where the card shows, recorded): card.serial.test.ts

  check(
    { id: "ACCT-CARD-2", op: "addCreditCard", effect: "destructive" },
    "a card number written with spaces or dashes is refused naming card_number",
    async ({ ops }) => {
      for (const card_number of ["4111-1111-1111-1111", "4111 1111 1111 1111"]) {
        expectErrorNamingField(
          await ops.addCreditCard({ body: { ...CARD, card_number } }),
          "card_number",
        );
      }
    },
  );

  // field, accepted values, refused values (Endpoints: credit card add/edit)
  const CARD_BOUNDS: [keyof typeof CARD, unknown[], unknown[]][] = [
    [
      "card_number",
      ["4".repeat(14), "4".repeat(24)],
      ["4".repeat(13), "4".repeat(25), 4111111111111111],
    ],
    ["cvv", ["123", "1234"], ["12", "12345", "12a"]],
    ["expiry_month", [1, 12], [0, 13, "12"]],
    ["expiry_year", [9999], [999, 10000]],
  ];
  for (const [field, good, bad] of CARD_BOUNDS) {
    check(
      { id: `FIELD.addCreditCard.${field}`, op: "addCreditCard", effect: "destructive" },
      `${field}: ${good.map(String).join(", ")} accepted; ${bad.map(String).join(", ")} or missing refused naming ${field}`,
      async ({ ops }) => {
        for (const v of good)
          expectEmptyObject(await ops.addCreditCard({ body: { ...CARD, [field]: v } }));
        for (const v of bad)
          expectErrorNamingField(await ops.addCreditCard({ body: { ...CARD, [field]: v } }), field);
        const { [field]: _left, ...missing } = CARD;
        expectErrorNamingField(await ops.addCreditCard({ body: offContract(missing) }), field);
      },
    );
  }

  check(
    { id: ["ACCT-PAY-1", "ACCT-PAY-2"], op: "listPaymentMethods" },
    "payment methods list answers a collection of Payment methods",
    async ({ ops, observe }) => {
      const res = await ops.listPaymentMethods();
      const c = expectCollection(res);
      expectSuccess(res);
      observe("ACCT-PAY-2", "payment method types", [...new Set(c.data.map((p) => p.type))]);
    },
  );

  check(
    { id: ["ACCT-NOTIF-1", "ACCT-NOTIF-3"], op: "listNotifications" },
    "notifications list answers a collection of Notifications",
    async ({ ops, observe }) => {
      const res = await ops.listNotifications();
      const c = expectCollection(res);
      expectSuccess(res);
      observe(
        "ACCT-NOTIF-3",
        "notification severities and types",
        c.data.map((n) => `${n.severity}/${n.type}`),
      );
    },
  );

  check(
    { id: "ACCT-SCOPE-1", op: ["listPaymentMethods", "listNotifications"] },
    "payment methods and notifications lists refuse a token without any account scope",
    async ({ ops, principals }) => {
      const as = await eventsReadOnly({ principals });
      expectError(await ops.listPaymentMethods({ as }));
      expectError(await ops.listNotifications({ as }));
    },
  );
});
