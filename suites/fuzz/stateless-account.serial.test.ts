// Stateless properties of operations that change the whole account (the profile, the card, every
// event's seen mark): run alone, after the parallel checks, so no other check sees their values.
// Account cancel is left out: its valid request ends the account every other check uses.
import { statelessProperties, type Target } from "./stateless.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { judgeUnheldPromotion } from "../account/promotions.ts";

const targets: Target[] = [
  {
    op: "updateAccount",
    effect: "account-wide",
    // Account: the writable fields read back as sent (the view answers the Account record)
    readBack: async (c, sent) => {
      const view = expectSuccess(await c.ops.getAccount());
      for (const [k, v] of Object.entries((sent.body ?? {}) as Record<string, unknown>)) {
        // "" and null are the same "no value" (policy: null for a member with no value)
        if (typeof v === "string" && view[k] !== v && !(v === "" && view[k] === null))
          throw new TargetFailure(
            `account ${k}: sent ${JSON.stringify(v)}, view shows ${JSON.stringify(view[k])}`,
          );
      }
    },
    // ACCT-UPDATE-4 and -5 supersede the promotion members' own requirements: a malformed expire_dt
    // or a member (or item) of another type is refused naming active_promotions or a path beneath
    // it, or not kept; never stored
    judgeViolation: async (c, v, res) => {
      const m = /^active_promotions\.(\d+)(?:\.([a-z_]+))?$/.exec(v.path);
      if (v.in !== "body" || !m) return false;
      const [, index, member] = m;
      const item = (v.request.body as any)?.active_promotions?.[Number(index)];
      const id = member === "expire_dt" && v.breaks !== "type" ? "ACCT-UPDATE-4" : "ACCT-UPDATE-5";
      await judgeUnheldPromotion(c.ops, res, member, [member ? item?.[member] : item], id);
      return true;
    },
  },
  // each answer is judged alone: the card is not read back, and marking seen twice is marking seen
  { op: "addCreditCard", effect: "destructive", independentCases: true },
  {
    op: "markEventSeen",
    effect: "creates",
    independentCases: true,
    setup: async (c) => {
      await c.fresh.tag();
      const id = expectSuccess(await c.ops.listEvents()).data?.[0]?.id;
      if (id === undefined) return c.skip("no event listed after creating a tag");
      return { path: { eventId: id } };
    },
  },
];

statelessProperties("stateless/account-wide", targets);
