// Account ("Account", "Entity transfer"), Errors 2: every type-only request member (a JSON type and
// nothing more) is sent a value of another JSON type; the refusal names the field and nothing changes
// (see suites/conventions/field-types.ts).
import { typeChecks, view, emptyVm } from "../conventions/field-types.ts";
import { allPages } from "../account/helpers.ts";

typeChecks([
  {
    op: "updateAccount",
    effect: "account-wide",
    // a promotion member needs the list around it: one promotion, valid but for that member
    prepare: async (ctx, field) => ({
      body: field.startsWith("active_promotions.")
        ? { active_promotions: [{ summary: "plumbline" }] }
        : {},
      // other checks change the account meanwhile: read back only the member this request would change
      state: async () => (await view(ctx, "getAccount", {})())?.[field.split(".")[0]],
    }),
  },
  {
    op: "createEntityTransfer",
    effect: "billable",
    prepare: async (ctx) => {
      const vm = await emptyVm(ctx);
      return {
        body: { entities: { vms: [vm.id] } },
        state: async () =>
          (await allPages(ctx.ops, "listEntityTransfers")).filter((t) =>
            JSON.stringify(t?.entities ?? {}).includes(String(vm.id)),
          ).length,
        undo: async (res) =>
          void (await ctx.ops.cancelEntityTransfer({ path: { token: res.body.token } })),
      };
    },
  },
]);
