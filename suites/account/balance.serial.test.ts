// Account and billing with an unpaid balance (Errors 3 and 11: account cancel; Resources /
// Notification: a notification disappears when its cause is resolved). The balance is target-wide
// state, so these checks run serially, after the parallel ones.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection, expectError, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { settle, settled } from "../../harness/settle.ts";
import type { Ops } from "../../harness/ops.ts";
import type { States } from "../../harness/states.ts";

/** Runs `body` while the account owes `amount` its card cannot pay; the balance is paid afterwards. */
async function withUnpaidBalance(states: States, body: () => Promise<void>): Promise<void> {
  await states.require("unpaid-balance", { amount: 10, chargeable: false });
  try {
    await body();
  } finally {
    await states.require("paid-balance");
  }
}

/** Each listed notification, as JSON (notifications have no ID). */
const notificationKeys = async (ops: Ops) => {
  const res = await ops.listNotifications();
  expectSuccess(res);
  return expectCollection(res).data.map((n) => JSON.stringify(n));
};

describe("account/balance", () => {
  check(
    { id: ["ACCT-CANCEL-2", "ACCT-CANCEL-4"], op: "cancelAccount", effect: "destructive" },
    "cancel while the card cannot be charged the balance is refused with an error naming no field",
    async ({ ops, states }) => {
      await withUnpaidBalance(states, async () => {
        const errors = expectError(await ops.cancelAccount({ body: {} }));
        const named = errors.filter((e) => e.field !== null && e.field !== undefined);
        if (named.length)
          throw new TargetFailure(
            `the refusal names field ${JSON.stringify(named[0].field)}; the material gives no field`,
          );
      });
    },
  );

  check(
    { id: "ACCT-NOTIF-2", op: "listNotifications", effect: "account-wide" },
    "a notification caused by an unpaid balance disappears once the balance is paid",
    async ({ ops, states, skip, config }) => {
      const before = new Set(await notificationKeys(ops));
      let caused: string[] = [];
      await withUnpaidBalance(states, async () => {
        // a notification may show a little later (the convergence window); none at all is a skip
        caused = await settle(
          { config },
          "a notification for the unpaid balance",
          async () => (await notificationKeys(ops)).filter((k) => !before.has(k)),
          (c) => (c.length ? [] : ["none shows"]),
          { oracle: "record of a write" },
        ).catch((e) => {
          if (e instanceof TargetFailure) return [];
          throw e;
        });
      });
      if (caused.length === 0) skip("the target shows no notification for an unpaid balance");
      await settled({ config }, "record of a write", async () => {
        const after = new Set(await notificationKeys(ops));
        const left = caused.filter((k) => after.has(k));
        if (left.length)
          throw new TargetFailure(
            `a notification stayed after the balance was paid: ${left[0].slice(0, 200)}`,
          );
      });
    },
  );
});
