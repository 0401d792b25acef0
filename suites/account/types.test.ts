// Account ("Account", "Entity transfer"), Errors 2: every type-only request member (a JSON type and
// nothing more) is sent a value of another JSON type; the refusal names the field and nothing changes
// (see suites/conventions/field-types.ts). The account's own members: types.serial.test.ts.
import { typeChecks, emptyVm } from "../shared/field-types.ts";
import { allPages } from "../shared/pages.ts";

typeChecks([
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
