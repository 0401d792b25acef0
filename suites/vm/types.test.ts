// Compute instances (vm), Errors 2: every type-only request member (a JSON type and nothing more) is sent a
// value of another JSON type; the refusal names the field and nothing changes (see
// suites/conventions/field-types.ts).
import { typeChecks, labelled, view, emptyVm } from "../shared/field-types.ts";
import { allPages } from "../shared/pages.ts";
import { PASS } from "./helpers.ts";
import { imageFixture, regionFixture, typeFixture } from "../shared/fixtures.ts";

typeChecks([
  {
    op: "createInstance",
    effect: "billable",
    prepare: async (ctx, field) => ({
      body: {
        region: regionFixture(ctx),
        type: typeFixture(ctx),
        label: ctx.label("vm"),
        booted: false,
        ...(field.startsWith("interfaces.")
          ? { interfaces: [{ purpose: "vlan", label: "plbvlan" }] }
          : {}),
        ...(field.startsWith("recipe_") || field === "swap_size"
          ? { image: imageFixture(ctx), root_pass: PASS }
          : {}),
      },
      made: async (sent) => labelled(await allPages(ctx.ops, "listInstances"), "label", sent),
      undo: async (res) => void (await ctx.ops.deleteInstance({ path: { vmId: res.body.id } })),
    }),
  },
  {
    op: "updateInstance",
    effect: "billable",
    prepare: async (ctx) => {
      const vm = await emptyVm(ctx);
      return { path: { vmId: vm.id }, body: {}, state: view(ctx, "getInstance", { vmId: vm.id }) };
    },
  },
  {
    op: "restoreBackup",
    effect: "billable",
    prepare: async (ctx) => {
      const vm = await emptyVm(ctx);
      await ctx.fresh.disk(vm.id);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: vm.id });
      const target = await emptyVm(ctx);
      await ctx.fresh.disk(target.id);
      return {
        path: { vmId: vm.id, backupId },
        body: { vm_id: target.id, overwrite: true },
        state: async () =>
          (await allPages(ctx.ops, "listDisks", { path: { vmId: target.id } })).map((d) => d?.id),
      };
    },
  },
  {
    op: "bootInstance",
    effect: "billable",
    prepare: async (ctx) => {
      const vm = await emptyVm(ctx);
      const cfg = await ctx.fresh.config(vm.id);
      return {
        path: { vmId: vm.id },
        body: { config_id: cfg.id },
        state: view(ctx, "getInstance", { vmId: vm.id }),
      };
    },
  },
  {
    op: "cloneInstance",
    effect: "billable",
    prepare: async (ctx) => {
      const vm = await emptyVm(ctx);
      return {
        path: { vmId: vm.id },
        body: { region: regionFixture(ctx), type: typeFixture(ctx), label: ctx.label("clone") },
        made: async (sent) => labelled(await allPages(ctx.ops, "listInstances"), "label", sent),
        undo: async (res) =>
          void (
            typeof res.body?.id === "number" &&
            (await ctx.ops.deleteInstance({ path: { vmId: res.body.id } }))
          ),
      };
    },
  },
  {
    op: "createConfig",
    effect: "billable",
    prepare: async (ctx, field) => {
      const vm = await emptyVm(ctx);
      return {
        path: { vmId: vm.id },
        body: {
          label: ctx.label("cfg", 48),
          devices: {},
          ...(field.startsWith("interfaces.")
            ? { interfaces: [{ purpose: "vlan", label: "plbvlan" }] }
            : {}),
        },
        made: async (sent) =>
          labelled(
            await allPages(ctx.ops, "listConfigs", { path: { vmId: vm.id } }),
            "label",
            sent,
          ),
      };
    },
  },
  {
    op: "updateConfig",
    effect: "billable",
    prepare: async (ctx, field) => {
      const vm = await emptyVm(ctx);
      const cfg = await ctx.fresh.config(vm.id);
      return {
        path: { vmId: vm.id, configId: cfg.id },
        body: {
          comments: "plumbline",
          ...(field.startsWith("interfaces.")
            ? { interfaces: [{ purpose: "vlan", label: "plbvlan" }] }
            : {}),
        },
        state: view(ctx, "getConfig", { vmId: vm.id, configId: cfg.id }),
      };
    },
  },
  {
    op: "createDisk",
    effect: "billable",
    prepare: async (ctx) => {
      const vm = await emptyVm(ctx);
      return {
        path: { vmId: vm.id },
        body: { label: ctx.label("disk", 48), size: 1024 },
        made: async (sent) =>
          labelled(await allPages(ctx.ops, "listDisks", { path: { vmId: vm.id } }), "label", sent),
      };
    },
  },
  {
    op: "rescueInstance",
    effect: "billable",
    prepare: async (ctx) => {
      const vm = await emptyVm(ctx);
      return {
        path: { vmId: vm.id },
        body: { devices: {} },
        state: view(ctx, "getInstance", { vmId: vm.id }),
      };
    },
  },
  {
    op: "resizeInstance",
    effect: "billable",
    prepare: async (ctx) => {
      const vm = await emptyVm(ctx);
      return {
        path: { vmId: vm.id },
        body: { type: ctx.config.fixtures.largerType ?? typeFixture(ctx) },
        state: view(ctx, "getInstance", { vmId: vm.id }),
      };
    },
  },
]);
