// Stateless properties of operations that change the whole account (the profile, the card, every
// event's seen mark): run alone, after the parallel checks, so no other check sees their values.
// Account cancel is left out: its valid request ends the account every other check uses.
import { statelessProperties, type Target } from "./stateless.ts";
import { expectError, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";

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
    // ACCT-UPDATE-4 supersedes FIELD.updateAccount.active_promotions.expire_dt: a malformed
    // expire_dt is refused naming active_promotions or a path beneath it, or not kept; never stored
    judgeViolation: async (c, v, res) => {
      if (v.in !== "body" || !/^active_promotions\.(\d+\.)?expire_dt$/.test(v.path)) return false;
      if (res.status >= 400 && res.status < 500) {
        const fields = expectError(res).map((e) => e.field);
        if (!fields.some((f) => typeof f === "string" && /^active_promotions(\.|$)/.test(f)))
          throw new TargetFailure(
            `the refusal names ${JSON.stringify(fields)}, not active_promotions or a path beneath it (ACCT-UPDATE-4)`,
          );
        return true;
      }
      expectSuccess(res);
      const sent = ((v.request.body as any)?.active_promotions ?? [])
        .map((p: any) => p?.expire_dt)
        .filter((x: unknown) => x !== undefined && x !== null)
        .map((x: unknown) => JSON.stringify(x));
      const kept = (expectSuccess(await c.ops.getAccount()).active_promotions ?? []).filter(
        (p: any) => p && "expire_dt" in p && sent.includes(JSON.stringify(p.expire_dt)),
      );
      if (kept.length)
        throw new TargetFailure(
          `the account keeps a promotion whose expire_dt is ${JSON.stringify(kept[0].expire_dt)}, not a date-time (ACCT-UPDATE-4)`,
        );
      return true;
    },
  },
  { op: "addCreditCard", effect: "destructive" },
  {
    op: "markEventSeen",
    effect: "creates",
    setup: async (c) => {
      await c.fresh.tag();
      const id = expectSuccess(await c.ops.listEvents()).data?.[0]?.id;
      if (id === undefined) return c.skip("no event listed after creating a tag");
      return { path: { eventId: id } };
    },
  },
];

statelessProperties("stateless/account-wide", targets);
