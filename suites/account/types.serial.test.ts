// Account, Errors 2: every type-only member of the account update is sent a value of another JSON
// type; the refusal names the field and the member is unchanged (see
// suites/conventions/field-types.ts). Serial: the account is one record every account check writes,
// and a check running beside these could change the very member they read back.
import { typeChecks, view } from "../shared/field-types.ts";

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
