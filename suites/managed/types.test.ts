// Managed monitoring, Errors 2: every type-only request member (a JSON type and nothing more) is sent a
// value of another JSON type; the refusal names the field and nothing changes (see
// suites/conventions/field-types.ts).
import { typeChecks, labelled, view, emptyVm } from "../shared/field-types.ts";
import { allPages } from "../shared/pages.ts";
import { contact, service } from "../shared/factories.ts";

typeChecks([
  {
    op: "createManagedContact",
    effect: "creates",
    prepare: async (ctx) => ({
      body: { name: ctx.label("ct", 64), email: "ops@example.com" },
      made: async (sent) => labelled(await allPages(ctx.ops, "listManagedContacts"), "name", sent),
      undo: async (res) =>
        void (await ctx.ops.deleteManagedContact({ path: { contactId: res.body.id } })),
    }),
  },
  {
    op: "updateManagedContact",
    effect: "creates",
    prepare: async (ctx) => {
      const c = await contact(ctx);
      return {
        path: { contactId: c.id },
        body: { email: "other@example.com" },
        state: view(ctx, "getManagedContact", { contactId: c.id }),
      };
    },
  },
  {
    op: "updateManagedVmSettings",
    effect: "billable",
    prepare: async (ctx) => {
      const vm = await emptyVm(ctx);
      return {
        path: { vmId: vm.id },
        body: { ssh: { port: 2222 } },
        state: view(ctx, "getManagedVmSettings", { vmId: vm.id }),
      };
    },
  },
  {
    op: "createManagedService",
    effect: "creates",
    prepare: async (ctx) => ({
      body: {
        label: ctx.label("svc", 64),
        address: "https://example.com/health",
        service_type: "url",
        timeout: 30,
      },
      made: async (sent) => labelled(await allPages(ctx.ops, "listManagedServices"), "label", sent),
      undo: async (res) =>
        void (await ctx.ops.deleteManagedService({ path: { serviceId: res.body.id } })),
    }),
  },
  {
    op: "updateManagedService",
    effect: "creates",
    prepare: async (ctx) => {
      const s = await service(ctx);
      return {
        path: { serviceId: s.id },
        body: { timeout: 60 },
        state: view(ctx, "getManagedService", { serviceId: s.id }),
      };
    },
  },
]);
