// Compute instances (vm): list, create, view, update, delete; Instance (vm) with its label rules
// and alerts; the Create rules 1-8; Errors 4; the scopes of the vm section.
import { settled } from "../../harness/settle.ts";
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import {
  expectCollection,
  expectError,
  expectErrorNamingField,
  expectStatus,
  expectSuccess,
} from "../../harness/expect.ts";
import {
  configsOf,
  disksOf,
  eventually,
  expectCreateRefused,
  imageInstance,
  allInstances,
  PASS,
  instanceField,
  shownField,
  typesToJudge,
  WEAK_PASS,
} from "./helpers.ts";
import { imageFixture, regionFixture, typeFixture } from "../shared/fixtures.ts";
import { specEnum } from "../shared/enums.ts";
import { offContract } from "../../harness/ops.ts";

describe("vm/instances", () => {
  check(
    { id: "VM-CREATE-1", op: "createInstance", effect: "billable" },
    "create with region and type succeeds; the instance is viewable and listed",
    async ({ ops, fresh }) => {
      const vm = await fresh.emptyInstance();
      expectSuccess(await ops.getInstance({ path: { vmId: vm.id } }));
      const listed = await allInstances(ops);
      if (!listed.some((i) => i?.id === vm.id))
        throw new TargetFailure(`instance ${vm.id} is not in the instances list`);
    },
  );

  check(
    { id: "VM-LIST-1", op: "listInstances", effect: "billable" },
    "instances list answers the Collection envelope and includes the caller's instance",
    async ({ ops, fresh, config }) => {
      const vm = await fresh.emptyInstance();
      const res = await ops.listInstances();
      expectSuccess(res);
      expectCollection(res);
      await settled({ config }, "record of a write", async () => {
        if (!(await allInstances(ops)).some((i) => i?.id === vm.id))
          throw new TargetFailure(`instance ${vm.id} is not listed`);
      });
    },
  );

  check(
    { id: "VM-VIEW-1", op: "getInstance", effect: "billable" },
    "instance view of the caller's instance succeeds",
    async ({ ops, fresh }) => {
      const vm = await fresh.emptyInstance();
      expectSuccess(await ops.getInstance({ path: { vmId: vm.id } }));
    },
  );

  check(
    { id: "CONV-ERR-5", op: "getInstance", level: "SHOULD", area: "vm" },
    "instance view of an unknown ID answers 404",
    async ({ ops }) => {
      const res = await ops.getInstance({ path: { vmId: 2147483000 } });
      expectError(res);
      expectStatus(res, 404);
    },
  );

  check(
    {
      id: ["VM-DELETE-1", "VM-DELETE-2"],
      op: ["deleteInstance", "getInstance", "listDisks", "listConfigs", "listBackups"],
      effect: "billable",
    },
    "a deleted instance, its disks and configs are no longer reachable",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const disk = (await disksOf(ctx.ops, vm.id))[0];
      const config = (await configsOf(ctx.ops, vm.id))[0];
      expectSuccess(await ctx.ops.deleteInstance({ path: { vmId: vm.id } }));
      expectError(await ctx.ops.getInstance({ path: { vmId: vm.id } }));
      expectError(await ctx.ops.getDisk({ path: { vmId: vm.id, diskId: disk.id } }));
      expectError(await ctx.ops.getConfig({ path: { vmId: vm.id, configId: config.id } }));
      expectError(await ctx.ops.listBackups({ path: { vmId: vm.id } }));
      await settled(ctx, "delete is complete", async () => {
        if ((await allInstances(ctx.ops)).some((i) => i?.id === vm.id))
          throw new TargetFailure(`deleted instance ${vm.id} is still listed`);
      });
    },
  );

  check(
    { id: "VM-CREATE-14", op: ["createInstance", "listDisks", "listConfigs"], effect: "billable" },
    "with no image, backup or recipe the instance has no disks and no configs",
    async ({ ops, fresh }) => {
      const vm = await fresh.instance();
      const disks = expectCollection(await ops.listDisks({ path: { vmId: vm.id } }));
      const configs = expectCollection(await ops.listConfigs({ path: { vmId: vm.id } }));
      if (disks.results !== 0 || configs.results !== 0)
        throw new TargetFailure(
          `an empty instance has ${disks.results} disks and ${configs.results} configs; expected none`,
        );
    },
  );

  check(
    { id: "VM-CREATE-19", op: ["createInstance", "listDisks"], effect: "billable" },
    "swap_size without an image creates no swap disk",
    async ({ ops, fresh }) => {
      const vm = await fresh.instance({ swap_size: 512 });
      const disks = expectCollection(await ops.listDisks({ path: { vmId: vm.id } }));
      if (disks.results !== 0)
        throw new TargetFailure(
          `an instance created without an image but with swap_size has ${disks.results} disks`,
        );
    },
  );

  check(
    { id: "VM-CREATE-4", op: ["createInstance", "listConfigs", "listDisks"], effect: "billable" },
    "from an image: a default config and two disks are created",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const configs = expectCollection(await ctx.ops.listConfigs({ path: { vmId: vm.id } }));
      const disks = expectCollection(await ctx.ops.listDisks({ path: { vmId: vm.id } }));
      if (configs.results !== 1 || disks.results !== 2)
        throw new TargetFailure(
          `an image deployment has ${configs.results} configs and ${disks.results} disks; expected 1 and 2`,
        );
    },
  );

  check(
    { id: "VM-CREATE-4", op: ["createInstance", "listDisks"], effect: "billable" },
    "from an image without swap_size the swap disk is 512 MB",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const sizes = (await disksOf(ctx.ops, vm.id)).map((d) => shownField(ctx, d, "size"));
      if (!sizes.includes(512))
        throw new TargetFailure(
          `no disk of 512 MB among ${JSON.stringify(sizes)} (swap_size defaults to 512)`,
        );
    },
  );

  check(
    { id: "VM-CREATE-4", op: ["createInstance", "listDisks"], effect: "billable" },
    "from an image the swap disk is swap_size MB",
    async (ctx) => {
      const vm = await imageInstance(ctx, { swap_size: 256 });
      const sizes = (await disksOf(ctx.ops, vm.id)).map((d) => shownField(ctx, d, "size"));
      if (!sizes.includes(256))
        throw new TargetFailure(
          `no disk of 256 MB among ${JSON.stringify(sizes)} after swap_size 256`,
        );
    },
  );

  check(
    {
      id: ["VM-CREATE-5", "VM-BOOT-3"],
      op: ["createInstance", "bootInstance"],
      effect: "billable",
    },
    "an instance created from an image has booted its config: with a second config, boot without config_id uses it",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      await ctx.fresh.config(vm.id);
      expectSuccess(
        await eventually(ctx, "boot without config_id", () =>
          ctx.ops.bootInstance({ path: { vmId: vm.id }, body: {} }),
        ),
      );
    },
  );

  check(
    { id: "VM-CREATE-6", op: "createInstance", effect: "billable" },
    "a recipe without an image, with an image it does not list, or without root_pass is refused",
    async (ctx) => {
      const recipe = await ctx.fresh.recipe({ images: [imageFixture(ctx)] });
      const other = await ctx.fresh.recipe({ images: ["vm/plumbline-none"] });
      const base = { region: regionFixture(ctx), type: typeFixture(ctx), label: ctx.label("vm") };
      for (const body of [
        { ...base, recipe_id: recipe.id, root_pass: PASS },
        { ...base, recipe_id: other.id, image: imageFixture(ctx), root_pass: PASS },
        { ...base, recipe_id: recipe.id, image: imageFixture(ctx) },
      ]) {
        await expectCreateRefused(ctx.ops, await ctx.ops.createInstance({ body }));
      }
    },
  );

  check(
    { id: "VM-CREATE-6", op: "createInstance", effect: "billable" },
    "a recipe with an image it lists and root_pass is accepted",
    async (ctx) => {
      const recipe = await ctx.fresh.recipe({ images: [imageFixture(ctx)] });
      await imageInstance(ctx, { recipe_id: recipe.id });
    },
  );

  check(
    { id: "VM-CREATE-3", op: "createInstance", effect: "billable" },
    "from an image root_pass is required",
    async (ctx) => {
      const res = await ctx.ops.createInstance({
        body: {
          region: regionFixture(ctx),
          type: typeFixture(ctx),
          image: imageFixture(ctx),
          label: ctx.label("vm"),
        },
      });
      await expectCreateRefused(ctx.ops, res);
      expectErrorNamingField(res, "root_pass");
    },
  );

  check(
    {
      id: ["VM-CREATE-17", "FIELD.createInstance.root_pass"],
      op: "createInstance",
      effect: "billable",
    },
    "a weak root_pass is refused with the reason 'Password does not meet strength requirement'",
    async (ctx) => {
      const res = await ctx.ops.createInstance({
        body: {
          region: regionFixture(ctx),
          type: typeFixture(ctx),
          image: imageFixture(ctx),
          root_pass: WEAK_PASS,
          label: ctx.label("vm"),
        },
      });
      const errors = await expectCreateRefused(ctx.ops, res);
      if (!errors.some((e) => e.reason === "Password does not meet strength requirement")) {
        throw new TargetFailure(
          `no error has the reason "Password does not meet strength requirement": ${JSON.stringify(errors.map((e) => e.reason))}`,
        );
      }
    },
  );

  check(
    { id: "FIELD.createInstance.root_pass", op: "createInstance", effect: "billable" },
    "root_pass of 7 and of 128 characters is accepted",
    async (ctx) => {
      await imageInstance(ctx, { root_pass: "Ab1!xyz" });
      await imageInstance(ctx, { root_pass: `Ab1!${"x".repeat(200)}`.slice(0, 128) });
    },
  );

  check(
    { id: "FIELD.createInstance.root_pass", op: "createInstance", effect: "billable" },
    "root_pass of 6 or 129 characters is refused naming root_pass",
    async (ctx) => {
      for (const root_pass of ["Ab1!xy", `Ab1!${"x".repeat(200)}`.slice(0, 129)]) {
        const res = await ctx.ops.createInstance({
          body: {
            region: regionFixture(ctx),
            type: typeFixture(ctx),
            image: imageFixture(ctx),
            root_pass,
            label: ctx.label("vm"),
          },
        });
        await expectCreateRefused(ctx.ops, res);
        expectErrorNamingField(res, "root_pass");
      }
    },
  );

  check(
    {
      id: ["FIELD.createInstance.region", "FIELD.createInstance.type"],
      op: "createInstance",
      effect: "billable",
    },
    "create without region or without type is refused naming the missing field",
    async (ctx) => {
      const label = ctx.label("vm");
      const noRegion = await ctx.ops.createInstance({
        body: offContract({ type: typeFixture(ctx), label }),
      });
      await expectCreateRefused(ctx.ops, noRegion);
      expectErrorNamingField(noRegion, "region");
      const noType = await ctx.ops.createInstance({
        body: offContract({ region: regionFixture(ctx), label }),
      });
      await expectCreateRefused(ctx.ops, noType);
      expectErrorNamingField(noType, "type");
    },
  );

  check(
    { id: "VM-CREATE-8", op: "createInstance", effect: "billable" },
    "image and backup_id together are refused",
    async (ctx) => {
      const src = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: src.id });
      const res = await ctx.ops.createInstance({
        body: {
          region: regionFixture(ctx),
          type: typeFixture(ctx),
          image: imageFixture(ctx),
          root_pass: PASS,
          backup_id: backupId,
          label: ctx.label("vm"),
        },
      });
      await expectCreateRefused(ctx.ops, res);
    },
  );

  check(
    { id: "VM-CREATE-2", op: "createInstance", effect: "billable" },
    "a restricted user without the add_vms grant cannot create an instance",
    async (ctx) => {
      const { token } = await ctx.states.require("restricted-user", { grants: { add_vms: false } });
      const res = await ctx.ops.createInstance({
        body: { region: regionFixture(ctx), type: typeFixture(ctx), label: ctx.label("vm") },
        as: { token, name: "restricted without add_vms" },
      });
      await expectCreateRefused(ctx.ops, res);
    },
  );

  check(
    { id: "VM-CREATE-15", op: "createInstance", effect: "billable" },
    "a restricted user's create with tags does not tag the instance",
    async (ctx) => {
      const { token } = await ctx.states.require("restricted-user", { grants: { add_vms: true } });
      const tag = ctx.label("tag");
      const res = await ctx.ops.createInstance({
        body: {
          region: regionFixture(ctx),
          type: typeFixture(ctx),
          label: ctx.label("vm"),
          tags: [tag],
        },
        as: { token, name: "restricted with add_vms" },
      });
      if (res.status >= 400) return void expectError(res);
      const id = expectSuccess(res).id;
      try {
        const tags = await instanceField(ctx, id, "tags");
        if (tags.includes(tag))
          throw new TargetFailure(`a restricted user's create tagged the instance with "${tag}"`);
      } finally {
        await ctx.ops.deleteInstance({ path: { vmId: id } });
      }
    },
  );

  check(
    { id: "VM-CREATE-15", op: "updateInstance", effect: "billable" },
    "a restricted user's update of tags does not change the instance's tags",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance({ tags: [] });
      const { token } = await ctx.states.require("restricted-user", {
        grants: { vms: [{ id: vm.id, permissions: "read_write" }] },
      });
      const tag = ctx.label("tag");
      const res = await ctx.ops.updateInstance({
        path: { vmId: vm.id },
        body: { tags: [tag] },
        as: { token, name: "restricted with read_write" },
      });
      if (res.status >= 400) expectError(res);
      const tags = await instanceField(ctx, vm.id, "tags");
      if (tags.includes(tag))
        throw new TargetFailure(`a restricted user's update tagged the instance with "${tag}"`);
    },
  );

  check(
    { id: "VM-CREATE-16", op: "createInstance", effect: "billable" },
    "authorized_users naming a user without a stored SSH key is refused",
    async (ctx) => {
      const { username } = await ctx.states.require("restricted-user", { grants: {} });
      const res = await ctx.ops.createInstance({
        body: {
          region: regionFixture(ctx),
          type: typeFixture(ctx),
          image: imageFixture(ctx),
          root_pass: PASS,
          label: ctx.label("vm"),
          authorized_users: [username],
        },
      });
      await expectCreateRefused(ctx.ops, res);
    },
  );

  check(
    { id: "VM-CREATE-16", op: "createInstance", effect: "billable" },
    "authorized_users naming a user with a stored SSH key is accepted",
    async (ctx) => {
      const { username } = await ctx.states.require("ssh-key", {});
      await imageInstance(ctx, { authorized_users: [username] });
    },
  );

  check(
    { id: "VM-LABEL-1", op: "createInstance", effect: "billable" },
    "labels breaking the label rules are refused naming label",
    async (ctx) => {
      const base = ctx.label("vm", 24).replace(/[^A-Za-z0-9]+$/, "");
      const bad = [
        `${base}--x`,
        `${base}__x`,
        `${base}..x`,
        `-${base}`,
        `${base}-`,
        `_${base}`,
        `${base}.`,
        `${base} x`,
        `${base}!x`,
        "ab",
        base.padEnd(33, "x"),
      ];
      for (const label of bad) {
        const res = await ctx.ops.createInstance({
          body: { region: regionFixture(ctx), type: typeFixture(ctx), label },
        });
        await expectCreateRefused(ctx.ops, res);
        expectErrorNamingField(res, "label");
      }
    },
  );

  check(
    { id: ["VM-LABEL-1", "FIELD.createInstance.label"], op: "createInstance", effect: "billable" },
    "labels of 3 and 32 characters with dashes, underscores and periods are accepted",
    async (ctx) => {
      const base = ctx.label("vm", 20).replace(/[^A-Za-z0-9]+$/, "");
      await ctx.fresh.emptyInstance({ label: `${base}-a_b.c`.padEnd(32, "0") });
      await ctx.fresh.emptyInstance({ label: "a1b" });
    },
  );

  check(
    { id: ["VM-LABEL-1", "FIELD.updateInstance.label"], op: "updateInstance", effect: "billable" },
    "an update to a label breaking the label rules is refused naming label",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      for (const label of ["a--b", "-abc", "ab"]) {
        expectErrorNamingField(
          await ctx.ops.updateInstance({ path: { vmId: vm.id }, body: { label } }),
          "label",
        );
      }
    },
  );

  check(
    { id: "VM-LABEL-2", op: ["createInstance", "getInstance"], effect: "billable" },
    "an instance created without a label is assigned one",
    async (ctx) => {
      const vm = await ctx.fresh.create("instance", "createInstance", {
        body: { region: regionFixture(ctx), type: typeFixture(ctx) },
      });
      const label = await instanceField(ctx, vm.id, "label");
      if (typeof label !== "string" || label.length === 0)
        throw new TargetFailure(`the default label is ${JSON.stringify(label)}`);
    },
  );

  check(
    { id: "VM-ALERTS-1", op: ["createInstance", "getInstance"], effect: "billable" },
    "alerts.cpu defaults to 90 times the vCPU count, at two types",
    async (ctx) => {
      // "default 90 times the core count": judged where the core count differs
      for (const type of typesToJudge(ctx, "VM-ALERTS-1")) {
        const vm = await ctx.fresh.emptyInstance({ type });
        const view = expectSuccess(await ctx.ops.getInstance({ path: { vmId: vm.id } }));
        const cpu = shownField(ctx, view, "alerts.cpu");
        const vcpus = shownField(ctx, view, "specs.vcpus");
        if (cpu !== 90 * vcpus)
          throw new TargetFailure(
            `alerts.cpu is ${cpu} for ${vcpus} vCPUs (type ${type}); the default is ${90 * vcpus}`,
          );
      }
    },
  );

  check(
    {
      id: ["VM-ALERTS-2", "VM-UPDATE-1"],
      op: ["updateInstance", "getInstance"],
      effect: "billable",
    },
    "alerts set to 0 are accepted and shown",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const alerts = { cpu: 0, io: 0, network_in: 0, network_out: 0, transfer_quota: 0 };
      expectSuccess(await ctx.ops.updateInstance({ path: { vmId: vm.id }, body: { alerts } }));
      const shown = await instanceField(ctx, vm.id, "alerts");
      for (const [k, v] of Object.entries(alerts))
        if (shown[k] !== v)
          throw new TargetFailure(`alerts.${k} is ${shown[k]} after setting ${v}`);
    },
  );

  check(
    { id: "VM-UPDATE-1", op: ["updateInstance", "getInstance"], effect: "billable" },
    "update of label, tags, watchdog_enabled and backups.schedule shows on view, and a second update moves each back",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      // two rounds with different values each: whatever the defaults, both show a move, in both
      // directions for watchdog_enabled, and a schedule already chosen can be chosen again
      const rounds = [
        { label: "vm2", watchdog_enabled: false, day: "Monday", window: "W4" },
        { label: "vm3", watchdog_enabled: true, day: "Friday", window: "W10" },
      ] as const;
      for (const r of rounds) {
        const body = {
          label: ctx.label(r.label),
          tags: [ctx.label(`tag-${r.label}`)],
          watchdog_enabled: r.watchdog_enabled,
          backups: { schedule: { day: r.day, window: r.window } },
        };
        expectSuccess(await ctx.ops.updateInstance({ path: { vmId: vm.id }, body }));
        const view = expectSuccess(await ctx.ops.getInstance({ path: { vmId: vm.id } }));
        if (shownField(ctx, view, "label") !== body.label)
          throw new TargetFailure(`label is ${view.label}, expected ${body.label}`);
        if (!shownField(ctx, view, "tags").includes(body.tags[0]))
          throw new TargetFailure(`tags ${JSON.stringify(view.tags)} lack ${body.tags[0]}`);
        if (shownField(ctx, view, "watchdog_enabled") !== r.watchdog_enabled)
          throw new TargetFailure(
            `watchdog_enabled is ${view.watchdog_enabled} after setting ${r.watchdog_enabled}`,
          );
        const schedule = shownField(ctx, view, "backups.schedule");
        if (schedule.day !== r.day || schedule.window !== r.window)
          throw new TargetFailure(
            `backups.schedule is ${JSON.stringify(schedule)} after setting ${r.day}/${r.window}`,
          );
      }
    },
  );

  check(
    { id: "VM-BACKUPS-1", op: "getInstance", effect: "billable" },
    "backups.schedule reads Scheduling or a day Sunday..Saturday and a window W0..W22",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const schedule = await instanceField(ctx, vm.id, "backups.schedule");
      const days = specEnum<string | null>({ schema: "Instance", member: "backups.schedule.day" });
      const windows = specEnum<string | null>({
        schema: "Instance",
        member: "backups.schedule.window",
      });
      if (!days.includes(schedule.day) || !windows.includes(schedule.window))
        throw new TargetFailure(`backups.schedule is ${JSON.stringify(schedule)}`);
    },
  );

  check(
    {
      id: [
        "FIELD.updateInstance.backups.schedule.day",
        "FIELD.updateInstance.backups.schedule.window",
      ],
      op: "updateInstance",
      effect: "billable",
    },
    "a backups.schedule day or window outside its values is refused naming it",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const res = (schedule: object) =>
        ctx.ops.updateInstance({ path: { vmId: vm.id }, body: { backups: { schedule } } });
      expectErrorNamingField(await res({ day: "Funday" }), "backups.schedule.day");
      expectErrorNamingField(await res({ window: "W1" }), "backups.schedule.window");
    },
  );

  check(
    {
      id: ["FIELD.createInstance.interfaces", "VM-IFACE-1"],
      op: "createInstance",
      effect: "billable",
    },
    "create with a 4th interface is refused naming interfaces",
    async (ctx) => {
      const interfaces = [
        { purpose: "public" as const },
        ...["a", "b", "c"].map((x) => ({
          purpose: "vlan" as const,
          label: `${ctx.label("vl", 20)}-${x}`,
        })),
      ];
      const res = await ctx.ops.createInstance({
        body: {
          region: regionFixture(ctx),
          type: typeFixture(ctx),
          image: imageFixture(ctx),
          root_pass: PASS,
          label: ctx.label("vm"),
          interfaces,
        },
      });
      await expectCreateRefused(ctx.ops, res);
      expectErrorNamingField(res, "interfaces");
    },
  );
});

describe("vm/scopes", () => {
  check(
    {
      id: "VM-SCOPE-1",
      op: [
        "listInstances",
        "getInstance",
        "listConfigs",
        "listDisks",
        "listBackups",
        "getInstanceStats",
        "getInstanceTransfer",
        "listInstanceVolumes",
      ],
      effect: "billable",
    },
    "a token without any vms scope cannot read instances",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const as = await ctx.principals.withScopes(["account:read_only"]);
      const path = { vmId: vm.id };
      expectError(await ctx.ops.listInstances({ as }));
      expectError(await ctx.ops.getInstance({ path, as }));
      expectError(await ctx.ops.listConfigs({ path, as }));
      expectError(await ctx.ops.listDisks({ path, as }));
      expectError(await ctx.ops.listBackups({ path, as }));
      expectError(await ctx.ops.getInstanceStats({ path, as }));
      expectError(await ctx.ops.getInstanceTransfer({ path, as }));
      expectError(await ctx.ops.listInstanceVolumes({ path, as }));
    },
  );

  check(
    {
      id: "VM-SCOPE-1",
      op: [
        "getConfig",
        "getDisk",
        "getBackup",
        "getInstanceStatsByMonth",
        "getInstanceTransferByMonth",
      ],
      effect: "billable",
    },
    "a token without any vms scope cannot view configs, disks, backups or monthly figures",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: vm.id });
      const as = await ctx.principals.withScopes(["account:read_only"]);
      const configId = (await configsOf(ctx.ops, vm.id))[0].id;
      const diskId = (await disksOf(ctx.ops, vm.id))[0].id;
      expectError(await ctx.ops.getConfig({ path: { vmId: vm.id, configId }, as }));
      expectError(await ctx.ops.getDisk({ path: { vmId: vm.id, diskId }, as }));
      expectError(await ctx.ops.getBackup({ path: { vmId: vm.id, backupId }, as }));
      expectError(
        await ctx.ops.getInstanceStatsByMonth({ path: { vmId: vm.id, year: 2020, month: 1 }, as }),
      );
      expectError(
        await ctx.ops.getInstanceTransferByMonth({
          path: { vmId: vm.id, year: 2020, month: 1 },
          as,
        }),
      );
    },
  );

  check(
    { id: "VM-SCOPE-1", op: "listInstances" },
    "a token with vms:read_only can read instances",
    async (ctx) => {
      const as = await ctx.principals.withScopes(["vms:read_only"]);
      expectCollection(await ctx.ops.listInstances({ as }));
    },
  );

  check(
    {
      id: "VM-SCOPE-2",
      op: ["createInstance", "updateInstance", "deleteInstance", "getInstance"],
      effect: "billable",
    },
    "a token with only vms:read_only cannot create, update or delete instances, and nothing changes",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const as = await ctx.principals.withScopes(["vms:read_only"]);
      const before = expectSuccess(await ctx.ops.getInstance({ path: { vmId: vm.id } }));
      const created = await ctx.ops.createInstance({
        body: { region: regionFixture(ctx), type: typeFixture(ctx), label: ctx.label("vm") },
        as,
      });
      await expectCreateRefused(ctx.ops, created);
      expectError(
        await ctx.ops.updateInstance({
          path: { vmId: vm.id },
          body: { label: ctx.label("ro") },
          as,
        }),
      );
      expectError(await ctx.ops.deleteInstance({ path: { vmId: vm.id }, as }));
      const after = expectSuccess(await ctx.ops.getInstance({ path: { vmId: vm.id } }));
      if (after.label !== before.label)
        throw new TargetFailure(
          `the label changed from ${before.label} to ${after.label} through a read-only token`,
        );
    },
  );

  check(
    {
      id: "VM-SCOPE-2",
      op: [
        "createConfig",
        "updateConfig",
        "deleteConfig",
        "createDisk",
        "updateDisk",
        "bootInstance",
        "shutdownInstance",
        "rescueInstance",
        "resizeInstance",
        "cloneInstance",
      ],
      effect: "billable",
    },
    "a token with only vms:read_only cannot change configs or disks or run actions",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const as = await ctx.principals.withScopes(["vms:read_only"]);
      const configId = (await configsOf(ctx.ops, vm.id))[0].id;
      const diskId = (await disksOf(ctx.ops, vm.id))[0].id;
      const path = { vmId: vm.id };
      expectError(
        await ctx.ops.createConfig({ path, body: { label: ctx.label("cfg"), devices: {} }, as }),
      );
      expectError(
        await ctx.ops.updateConfig({
          path: { ...path, configId },
          body: { comments: "read-only" },
          as,
        }),
      );
      expectError(await ctx.ops.deleteConfig({ path: { ...path, configId }, as }));
      expectError(
        await ctx.ops.createDisk({ path, body: { label: ctx.label("disk"), size: 100 }, as }),
      );
      expectError(
        await ctx.ops.updateDisk({
          path: { ...path, diskId },
          body: { label: ctx.label("disk") },
          as,
        }),
      );
      expectError(await ctx.ops.bootInstance({ path, body: { config_id: configId }, as }));
      expectError(await ctx.ops.shutdownInstance({ path, as }));
      expectError(
        await ctx.ops.rescueInstance({ path, body: { devices: { sda: { disk_id: diskId } } }, as }),
      );
      expectError(await ctx.ops.resizeInstance({ path, body: { type: typeFixture(ctx) }, as }));
      expectError(
        await ctx.ops.cloneInstance({
          path,
          body: { region: regionFixture(ctx), type: typeFixture(ctx), configs: [] },
          as,
        }),
      );
      const configs = expectCollection(await ctx.ops.listConfigs({ path }));
      const disks = expectCollection(await ctx.ops.listDisks({ path }));
      if (configs.results !== 1 || disks.results !== 2)
        throw new TargetFailure(
          `read-only calls changed the instance: ${configs.results} configs, ${disks.results} disks`,
        );
    },
  );

  check(
    {
      id: "VM-SCOPE-2",
      op: ["createSnapshot", "enableBackups", "cancelBackups", "restoreBackup"],
      effect: "billable",
    },
    "a token with only vms:read_only cannot change backups",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: vm.id });
      const as = await ctx.principals.withScopes(["vms:read_only"]);
      const path = { vmId: vm.id };
      expectError(await ctx.ops.createSnapshot({ path, body: { label: "read-only" }, as }));
      expectError(await ctx.ops.enableBackups({ path, as }));
      expectError(await ctx.ops.cancelBackups({ path, as }));
      expectError(
        await ctx.ops.restoreBackup({
          path: { ...path, backupId },
          body: { vm_id: vm.id, overwrite: false },
          as,
        }),
      );
      expectSuccess(await ctx.ops.getBackup({ path: { ...path, backupId } }));
    },
  );

  check(
    { id: "CONV-AUTH-5", op: "updateInstance", level: "SHOULD", area: "vm", effect: "billable" },
    "a token lacking vms:read_write answers 401 or 403 on an instance write",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const as = await ctx.principals.withScopes(["vms:read_only"]);
      expectStatus(
        await ctx.ops.updateInstance({
          path: { vmId: vm.id },
          body: { watchdog_enabled: false },
          as,
        }),
        401,
        403,
      );
    },
  );
});
