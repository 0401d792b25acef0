// The kind × member matrix on the account (members.ts): the one account every check shares, so
// this file runs alone, after the rest (`*.serial`). One update gives every writable member a
// realistic value of its meaning; then each member alone, read back, the others kept; the profile
// is put back as it was. Material: "Writable on update: active_promotions, address_1, …".
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { resourceModel } from "../../spec/kinds.ts";
import { rowsOf } from "../shared/clauses.ts";
import { fullUpdate, judgeMembers } from "./members.ts";
import type { Made } from "./subjects.ts";

const account = resourceModel().get("account")!;

describe("invariants/members", () => {
  check(
    {
      id: ["CONV-RYW-1", "CONV-SCOPE-1"],
      op: ["updateAccount", "getAccount"],
      effect: "account-wide",
      area: account.area,
      resource: "account",
      generic: "invariant",
      clause: [
        ...rowsOf(["updateAccount", "getAccount"]),
        "Writable on update: active_promotions, address_1, address_2, city, company, country, email, first_name, last_name, phone, state, tax_id, zip.",
      ],
      timeout: 120_000,
    },
    "account: a full profile: every writable member reads back after an update of it alone and is kept across updates of the others",
    async (ctx) => {
      const before = expectSuccess(await ctx.ops.getAccount());
      const made: Made = {
        path: {},
        parentPath: {},
        sent: {},
        record: before,
        matches: () => true,
      };
      const body = await fullUpdate(ctx, account, {});
      delete body.active_promotions;
      const saved = Object.fromEntries(Object.keys(body).map((k) => [k, before[k]]));
      try {
        expectSuccess(await ctx.ops.updateAccount({ body: body as never }));
        await judgeMembers(ctx, account, made, body, [], [], {
          active_promotions:
            "granted by the provider: what an update does with a promotion the account does not hold is not shown",
        });
      } finally {
        await ctx.ops.updateAccount({ body: saved as never });
      }
    },
  );
});
