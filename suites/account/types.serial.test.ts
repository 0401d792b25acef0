// Account, Errors 2: every type-only member of the account update is sent a value of another JSON
// type; the refusal names the field and the member is unchanged (see
// suites/conventions/field-types.ts). Serial: the account is one record every account check writes,
// and a check running beside these could change the very member they read back. A promotion's
// members are judged apart (ACCT-UPDATE-5 supersedes their type requirements): a value of another
// type is refused naming active_promotions or beneath it, or not kept (./promotions.ts).
import { check } from "../../harness/check.ts";
import { loadCatalog } from "../../spec/catalog.ts";
import { typeChecks, view, wrongValue } from "../shared/field-types.ts";
import { judgeUnheldPromotion } from "./promotions.ts";

typeChecks([
  {
    op: "updateAccount",
    effect: "account-wide",
    // a promotion member needs the list around it: one promotion, valid but for that member
    prepare: async (ctx, field) => ({
      body: field.startsWith("active_promotions.")
        ? { active_promotions: [{ summary: "plumbline" }] }
        : {},
      // only the member this request would change is read back; the file runs serially, so no
      // other check's update of the account (accepted where a variant allows it) lands between
      state: async () => (await view(ctx, "getAccount", {})())?.[field.split(".")[0]],
    }),
  },
]);

/** The promotion members ACCT-UPDATE-5 supersedes the type requirements of, with their types. */
const PROMOTION_MEMBERS = loadCatalog()
  .requirements.filter((r) => r.jsonTypes && /superseded by ACCT-UPDATE-5\)$/.test(r.statement))
  .map((r) => ({ member: r.field!.split(".").at(-1)!, types: r.jsonTypes! }));

check(
  { id: "ACCT-UPDATE-5", op: ["updateAccount", "getAccount"], effect: "account-wide" },
  "a promotion member of another JSON type is refused naming active_promotions, or not kept",
  async (ctx) => {
    for (const { member, types } of PROMOTION_MEMBERS) {
      const wrong = wrongValue(types);
      const res = await ctx.ops.updateAccount({
        body: { active_promotions: [{ summary: "plumbline", [member]: wrong }] as any },
      });
      ctx.observe(
        "ACCT-UPDATE-5",
        `a promotion ${member} sent ${JSON.stringify(wrong)} was`,
        await judgeUnheldPromotion(ctx.ops, res, member, [wrong], "ACCT-UPDATE-5"),
      );
    }
  },
);
