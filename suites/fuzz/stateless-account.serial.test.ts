// Stateless properties of operations that change the whole account (the profile, the card, every
// event's seen mark): run alone, after the parallel checks, so no other check sees their values.
// Account cancel is left out: its valid request ends the account every other check uses.
import { statelessProperties, type Target } from "./stateless.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";

const targets: Target[] = [
  {
    op: "updateAccount",
    effect: "account-wide",
    // Account: the writable fields read back as sent (the view answers the Account record)
    readBack: async (c, sent) => {
      const view = expectSuccess(await c.ops.getAccount());
      for (const [k, v] of Object.entries((sent.body ?? {}) as Record<string, unknown>)) {
        if (typeof v === "string" && view[k] !== v) throw new TargetFailure(`account ${k}: sent ${JSON.stringify(v)}, view shows ${JSON.stringify(view[k])}`);
      }
    },
  },
  { op: "addCreditCard", effect: "destructive" },
  {
    op: "markEventSeen",
    effect: "creates",
    setup: async (c) => {
      await c.fresh.tag();
      const id = expectSuccess(await c.ops.listEvents()).data?.[0]?.id;
      if (id === undefined) c.skip("no event listed after creating a tag");
      return { path: { eventId: id } };
    },
  },
];

statelessProperties("stateless/account-wide", targets);
