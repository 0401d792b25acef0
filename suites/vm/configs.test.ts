// Configuration profile (fields, defaults, devices), its Interface object and Limits (interfaces,
// VLANs); Compute instances (vm): configs list, create, view, update, delete.
import { settled } from "../../harness/settle.ts";
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import type { CheckContext } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import {
  expectCollection,
  expectError,
  expectErrorNamingField,
  expectSuccess,
} from "../../harness/expect.ts";
import type { ApiResponse } from "../../harness/client.ts";
import {
  configsOf,
  disksOf,
  imageInstance,
  instanceField,
  shownField,
  typesToJudge,
} from "./helpers.ts";
import { regionFixture, typeFixture } from "../shared/fixtures.ts";
import { offContract } from "../../harness/ops.ts";

/** A config created with `body` on a fresh empty instance, as the config view shows it. */
async function viewOfNew(ctx: CheckContext, body: Record<string, unknown>): Promise<any> {
  const vm = await ctx.fresh.emptyInstance();
  const cfg = await ctx.fresh.config(vm.id, body);
  return expectSuccess(await ctx.ops.getConfig({ path: { vmId: vm.id, configId: cfg.id } }));
}

const vlan = (label: string) => ({ purpose: "vlan" as const, label });

describe("vm/configs", () => {
  check(
    {
      id: ["VM-CONFIG-1", "VM-CONFIG-2", "VM-CONFIG-3"],
      op: ["createConfig", "listConfigs", "getConfig"],
      effect: "billable",
    },
    "config create with label and devices succeeds; the config is viewable and listed",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const cfg = await ctx.fresh.config(vm.id);
      expectSuccess(await ctx.ops.getConfig({ path: { vmId: vm.id, configId: cfg.id } }));
      await settled(ctx, "record of a write", async () => {
        const list = await ctx.ops.listConfigs({ path: { vmId: vm.id } });
        expectSuccess(list);
        if (!expectCollection(list).data.some((c) => c?.id === cfg.id))
          throw new TargetFailure(`config ${cfg.id} is not listed`);
      });
    },
  );

  check(
    { id: "VM-CONFIG-4", op: ["updateConfig", "getConfig"], effect: "billable" },
    "config update with some fields succeeds and the view shows them",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const cfg = await ctx.fresh.config(vm.id);
      const body = {
        label: ctx.label("cfg2", 48),
        comments: "plumbline",
        run_level: "single" as const,
        virt_mode: "fullvirt" as const,
      };
      expectSuccess(await ctx.ops.updateConfig({ path: { vmId: vm.id, configId: cfg.id }, body }));
      const view = expectSuccess(
        await ctx.ops.getConfig({ path: { vmId: vm.id, configId: cfg.id } }),
      );
      for (const [k, v] of Object.entries(body))
        if (shownField(ctx, view, k) !== v)
          throw new TargetFailure(
            `${k} is ${JSON.stringify(view[k])} after update to ${JSON.stringify(v)}`,
          );
    },
  );

  check(
    { id: "VM-CONFIG-5", op: ["deleteConfig", "getConfig", "listConfigs"], effect: "billable" },
    "a deleted config is no longer viewable or listed",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const cfg = await ctx.fresh.config(vm.id);
      expectSuccess(await ctx.ops.deleteConfig({ path: { vmId: vm.id, configId: cfg.id } }));
      expectError(await ctx.ops.getConfig({ path: { vmId: vm.id, configId: cfg.id } }));
      await settled(ctx, "delete is complete", async () => {
        if ((await configsOf(ctx.ops, vm.id)).some((c) => c?.id === cfg.id))
          throw new TargetFailure(`deleted config ${cfg.id} is still listed`);
      });
    },
  );

  check(
    {
      id: ["FIELD.createConfig.label", "FIELD.createConfig.devices"],
      op: "createConfig",
      effect: "billable",
    },
    "config create without label or devices, or with a label of 0 or 49 characters, is refused naming the field",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const path = { vmId: vm.id };
      expectErrorNamingField(await ctx.ops.createConfig({ path, body: { devices: {} } }), "label");
      expectErrorNamingField(
        await ctx.ops.createConfig({ path, body: { label: "", devices: {} } }),
        "label",
      );
      expectErrorNamingField(
        await ctx.ops.createConfig({
          path,
          body: { label: ctx.label("c", 48).padEnd(49, "x"), devices: {} },
        }),
        "label",
      );
      expectErrorNamingField(
        await ctx.ops.createConfig({ path, body: { label: ctx.label("cfg", 48) } }),
        "devices",
      );
      if ((await configsOf(ctx.ops, vm.id)).length !== 0)
        throw new TargetFailure("a refused config create left a config behind");
    },
  );

  check(
    { id: "FIELD.createConfig.label", op: "createConfig", effect: "billable" },
    "config labels of 1 and 48 characters are accepted",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      await ctx.fresh.config(vm.id, { label: "a" });
      await ctx.fresh.config(vm.id, { label: ctx.label("cfg", 48).padEnd(48, "x") });
    },
  );

  check(
    {
      id: [
        "FIELD.createConfig.run_level",
        "FIELD.createConfig.virt_mode",
        "FIELD.updateConfig.run_level",
        "FIELD.updateConfig.virt_mode",
        "FIELD.updateConfig.label",
      ],
      op: ["createConfig", "updateConfig"],
      effect: "billable",
    },
    "run_level, virt_mode outside their values and a too long label are refused naming the field",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const path = { vmId: vm.id };
      expectErrorNamingField(
        await ctx.ops.createConfig({
          path,
          body: { label: ctx.label("cfg", 48), devices: {}, run_level: offContract("multiuser") },
        }),
        "run_level",
      );
      expectErrorNamingField(
        await ctx.ops.createConfig({
          path,
          body: { label: ctx.label("cfg", 48), devices: {}, virt_mode: offContract("hvm") },
        }),
        "virt_mode",
      );
      const cfg = await ctx.fresh.config(vm.id);
      const up = (body: object) =>
        ctx.ops.updateConfig({ path: { ...path, configId: cfg.id }, body });
      expectErrorNamingField(await up({ run_level: "multiuser" }), "run_level");
      expectErrorNamingField(await up({ virt_mode: "hvm" }), "virt_mode");
      expectErrorNamingField(await up({ label: "x".repeat(49) }), "label");
    },
  );

  check(
    { id: "VM-CONFDEF-1", op: ["createConfig", "getConfig"], effect: "billable" },
    "a config created without kernel gets vm/latest-64bit",
    async (ctx) => {
      const kernel = shownField(ctx, await viewOfNew(ctx, {}), "kernel");
      if (kernel !== "vm/latest-64bit")
        throw new TargetFailure(
          `kernel is ${JSON.stringify(kernel)}; the default is vm/latest-64bit`,
        );
    },
  );

  check(
    { id: ["VM-CONFDEF-2", "VM-CONFDEF-3"], op: ["createConfig", "getConfig"], effect: "billable" },
    "a config created without run_level or virt_mode gets default and paravirt",
    async (ctx) => {
      const view = await viewOfNew(ctx, {});
      if (shownField(ctx, view, "run_level") !== "default")
        throw new TargetFailure(
          `run_level is ${JSON.stringify(view.run_level)}; the default is "default"`,
        );
      if (shownField(ctx, view, "virt_mode") !== "paravirt")
        throw new TargetFailure(
          `virt_mode is ${JSON.stringify(view.virt_mode)}; the default is paravirt`,
        );
    },
  );

  check(
    { id: "VM-CONFDEF-4", op: ["createConfig", "getConfig"], effect: "billable" },
    "a config created without root_device gets /dev/sda",
    async (ctx) => {
      const rootDevice = shownField(ctx, await viewOfNew(ctx, {}), "root_device");
      if (rootDevice !== "/dev/sda")
        throw new TargetFailure(
          `root_device is ${JSON.stringify(rootDevice)}; the default is /dev/sda`,
        );
    },
  );

  check(
    { id: "VM-CONFDEF-4", op: ["createConfig", "getConfig"], effect: "billable" },
    "a config created with an invalid root_device is accepted and gets /dev/sda",
    async (ctx) => {
      const rootDevice = shownField(
        ctx,
        await viewOfNew(ctx, { root_device: "not-a-device" }),
        "root_device",
      );
      if (rootDevice !== "/dev/sda")
        throw new TargetFailure(
          `root_device is ${JSON.stringify(rootDevice)} after an invalid one; expected /dev/sda`,
        );
    },
  );

  check(
    { id: "VM-CONFDEF-5", op: ["createConfig", "getConfig"], effect: "billable" },
    "a config created without memory_limit gets the instance's total RAM (or 0, no limit below it), at two types",
    async (ctx) => {
      // "default total RAM of the instance": judged where the RAM differs
      for (const type of typesToJudge(ctx, "VM-CONFDEF-5")) {
        const vm = await ctx.fresh.emptyInstance({ type });
        const memory = await instanceField(ctx, vm.id, "specs.memory");
        const cfg = await ctx.fresh.config(vm.id);
        const limit = shownField(
          ctx,
          expectSuccess(await ctx.ops.getConfig({ path: { vmId: vm.id, configId: cfg.id } })),
          "memory_limit",
        );
        // a limit of the whole RAM is no limit, and 0 is how many targets store "no limit"; both
        // give the instance all its memory
        ctx.observe(
          "VM-CONFDEF-5",
          `memory_limit of a config created without one (${type})`,
          limit,
        );
        if (limit !== memory && limit !== 0)
          throw new TargetFailure(
            `memory_limit is ${limit}; the instance of type ${type} has ${memory} MB (0 would mean no limit)`,
          );
      }
    },
  );

  check(
    { id: "VM-CONFDEF-6", op: ["createConfig", "getConfig"], effect: "billable" },
    "a config created without helpers gets devtmpfs_automount false",
    async (ctx) => {
      const v = shownField(ctx, await viewOfNew(ctx, {}), "helpers.devtmpfs_automount");
      if (v !== false)
        throw new TargetFailure(
          `helpers.devtmpfs_automount is ${JSON.stringify(v)}; the default is false`,
        );
    },
  );
});

describe("vm/configs/devices", () => {
  check(
    { id: "VM-DEVICES-1", op: "createConfig", effect: "billable" },
    "devices with a disk slot and a null slot, or an empty dictionary, are accepted",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const disk = (await disksOf(ctx.ops, vm.id))[0];
      await ctx.fresh.config(vm.id, { devices: { sda: { disk_id: disk.id }, sdb: null } });
      await ctx.fresh.config(vm.id, { devices: {} });
    },
  );

  check(
    { id: "VM-DEVICES-2", op: "createConfig", effect: "billable" },
    "a device slot with both disk_id and volume_id set is refused",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const disk = (await disksOf(ctx.ops, vm.id))[0];
      expectError(
        await ctx.ops.createConfig({
          path: { vmId: vm.id },
          body: {
            label: ctx.label("cfg", 48),
            devices: { sda: { disk_id: disk.id, volume_id: 1 } },
          },
        }),
      );
    },
  );

  check(
    { id: "VM-DEVICES-3", op: ["createConfig", "updateConfig"], effect: "billable" },
    "slots sde..sdh are accepted in paravirt mode and refused in fullvirt mode",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const disk = (await disksOf(ctx.ops, vm.id))[0];
      const devices = { sde: { disk_id: disk.id } };
      const para = await ctx.fresh.config(vm.id, { devices, virt_mode: "paravirt" });
      expectError(
        await ctx.ops.createConfig({
          path: { vmId: vm.id },
          body: { label: ctx.label("cfg", 48), devices, virt_mode: "fullvirt" },
        }),
      );
      expectError(
        await ctx.ops.updateConfig({
          path: { vmId: vm.id, configId: para.id },
          body: { virt_mode: "fullvirt" },
        }),
      );
    },
  );
});

/**
 * One interface sent three ways (config create, config update, instance create); the answers. An
 * instance the target wrongly creates is removed at once, so a failing check leaves nothing.
 */
async function withInterface(
  ctx: CheckContext,
  iface: Record<string, unknown>,
): Promise<ApiResponse[]> {
  const vm = await ctx.fresh.emptyInstance();
  const cfg = await ctx.fresh.config(vm.id);
  const created = await ctx.ops.createInstance({
    body: {
      region: regionFixture(ctx),
      type: typeFixture(ctx),
      label: ctx.label("vm"),
      interfaces: [offContract(iface)],
    },
  });
  if (created.status >= 200 && created.status < 300 && created.body?.id !== undefined)
    await ctx.ops.deleteInstance({ path: { vmId: created.body.id } });
  return [
    await ctx.ops.createConfig({
      path: { vmId: vm.id },
      body: { label: ctx.label("cfg", 48), devices: {}, interfaces: [offContract(iface)] },
    }),
    await ctx.ops.updateConfig({
      path: { vmId: vm.id, configId: cfg.id },
      body: { interfaces: [offContract(iface)] },
    }),
    created,
  ];
}

describe("vm/configs/interfaces", () => {
  check(
    {
      id: ["VM-IFACE-1", "FIELD.createConfig.interfaces", "FIELD.updateConfig.interfaces"],
      op: ["createConfig", "updateConfig"],
      effect: "billable",
    },
    "3 interfaces are accepted; a 4th is refused naming interfaces",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const l = ctx.label("vl", 40);
      const three = [{ purpose: "public" as const }, vlan(`${l}-a`), vlan(`${l}-b`)];
      const cfg = await ctx.fresh.config(vm.id, { interfaces: three });
      const four = [...three, vlan(`${l}-c`)];
      expectErrorNamingField(
        await ctx.ops.createConfig({
          path: { vmId: vm.id },
          body: { label: ctx.label("cfg", 48), devices: {}, interfaces: four },
        }),
        "interfaces",
      );
      expectErrorNamingField(
        await ctx.ops.updateConfig({
          path: { vmId: vm.id, configId: cfg.id },
          body: { interfaces: four },
        }),
        "interfaces",
      );
    },
  );

  check(
    {
      id: [
        "VM-IFACE-2",
        "FIELD.createConfig.interfaces.purpose",
        "FIELD.updateConfig.interfaces.purpose",
        "FIELD.createInstance.interfaces.purpose",
      ],
      op: ["createConfig", "updateConfig", "createInstance"],
      effect: "billable",
    },
    "an interface without purpose or with another purpose is refused naming its purpose",
    async (ctx) => {
      for (const iface of [{ label: ctx.label("vl", 40) }, { purpose: "private" }]) {
        for (const res of await withInterface(ctx, iface))
          expectErrorNamingField(res, "interfaces.purpose");
      }
    },
  );

  check(
    {
      id: [
        "VM-IFACE-3",
        "FIELD.createConfig.interfaces.label",
        "FIELD.updateConfig.interfaces.label",
        "FIELD.createInstance.interfaces.label",
      ],
      op: ["createConfig", "updateConfig", "createInstance"],
      effect: "billable",
    },
    "a vlan interface without a label, or with a label of other characters or over 64, is refused naming its label",
    async (ctx) => {
      for (const iface of [{ purpose: "vlan" }, vlan("bad_label!"), vlan("v".repeat(65))]) {
        for (const res of await withInterface(ctx, iface))
          expectErrorNamingField(res, "interfaces.label");
      }
    },
  );

  check(
    { id: "VM-IFACE-4", op: "createConfig", effect: "billable" },
    "a public interface with a label or an ipam_address is refused",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      for (const iface of [
        { purpose: "public" as const, label: ctx.label("vl", 40) },
        { purpose: "public" as const, ipam_address: "10.0.0.1/24" },
      ]) {
        expectError(
          await ctx.ops.createConfig({
            path: { vmId: vm.id },
            body: { label: ctx.label("cfg", 48), devices: {}, interfaces: [iface] },
          }),
        );
      }
    },
  );

  check(
    { id: "VM-IFACE-4", op: "createConfig", effect: "billable" },
    "a public interface with an empty or null label and ipam_address is accepted",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      await ctx.fresh.config(vm.id, {
        interfaces: [{ purpose: "public", label: null, ipam_address: null }],
      });
      await ctx.fresh.config(vm.id, {
        interfaces: [{ purpose: "public", label: "", ipam_address: "" }],
      });
    },
  );

  check(
    { id: ["VM-IFACE-5", "VM-IFACE-6"], op: "createConfig", effect: "billable" },
    "duplicate labels or ipam_addresses, and a second public interface, are refused",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const l = ctx.label("vl", 40);
      const sets = [
        [vlan(l), vlan(l)],
        [
          { ...vlan(`${l}-a`), ipam_address: "10.0.0.1/24" },
          { ...vlan(`${l}-b`), ipam_address: "10.0.0.1/24" },
        ],
        [{ purpose: "public" as const }, { purpose: "public" as const }],
      ];
      for (const interfaces of sets)
        expectError(
          await ctx.ops.createConfig({
            path: { vmId: vm.id },
            body: { label: ctx.label("cfg", 48), devices: {}, interfaces },
          }),
        );
    },
  );

  check(
    { id: "VM-IFACE-7", op: ["createConfig", "getConfig"], effect: "billable" },
    "an empty interfaces array gives one public interface",
    async (ctx) => {
      const interfaces = shownField(ctx, await viewOfNew(ctx, { interfaces: [] }), "interfaces");
      if (
        !Array.isArray(interfaces) ||
        interfaces.length !== 1 ||
        interfaces[0]?.purpose !== "public"
      ) {
        throw new TargetFailure(
          `interfaces is ${JSON.stringify(interfaces)}; expected one public interface`,
        );
      }
    },
  );
});
