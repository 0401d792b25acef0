// Compute instances (vm): backups list, snapshot, cancel, enable, view, restore; States and
// transitions (snapshot replaces the previous one, cancel deletes every backup); Restore; Create
// rule 4 (from a backup); Errors 6. A snapshot is conditioned on its label only, yet a target may
// take them only where the backup service runs (VM-SNAP-3): the snapshot checks turn it on first.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectError, expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import {
  configsOf,
  diskAllowance,
  disksOf,
  expectCreateRefused,
  imageInstance,
  otherRegion,
  PASS,
  instanceField,
  shownField,
} from "./helpers.ts";
import { largerTypeFixture, regionFixture, typeFixture } from "../shared/fixtures.ts";
import { offContract } from "../../harness/ops.ts";
import { backupsOn } from "../shared/factories.ts";

describe("vm/backups", () => {
  check(
    { id: "VM-BKLIST-1", op: "listBackups", effect: "billable" },
    "backups list of the caller's instance succeeds",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      expectSuccess(await ctx.ops.listBackups({ path: { vmId: vm.id } }));
    },
  );

  check(
    { id: "VM-BKVIEW-1", op: "getBackup", effect: "billable" },
    "backup view of a successful backup succeeds",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: vm.id });
      expectSuccess(await ctx.ops.getBackup({ path: { vmId: vm.id, backupId } }));
    },
  );

  check(
    { id: ["VM-SNAP-1", "FIELD.createSnapshot.label"], op: "createSnapshot", effect: "billable" },
    "snapshots labelled with 1 and with 255 characters are taken (the backup service on)",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      await backupsOn(ctx, vm.id);
      expectSuccess(await ctx.ops.createSnapshot({ path: { vmId: vm.id }, body: { label: "s" } }));
      expectSuccess(
        await ctx.ops.createSnapshot({ path: { vmId: vm.id }, body: { label: "s".repeat(255) } }),
      );
    },
  );

  check(
    { id: "FIELD.createSnapshot.label", op: "createSnapshot", effect: "billable" },
    "a snapshot without label, or with one of 0 or 256 characters, is refused naming label",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      await backupsOn(ctx, vm.id);
      for (const body of [{}, { label: "" }, { label: "s".repeat(256) }])
        expectErrorNamingField(
          await ctx.ops.createSnapshot({ path: { vmId: vm.id }, body: offContract(body) }),
          "label",
        );
    },
  );

  check(
    { id: "VM-SNAP-2", op: ["createSnapshot", "getBackup"], effect: "billable" },
    "a new snapshot deletes the previous one",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      await backupsOn(ctx, vm.id);
      const first = expectSuccess(
        await ctx.ops.createSnapshot({ path: { vmId: vm.id }, body: { label: "first" } }),
      );
      const second = expectSuccess(
        await ctx.ops.createSnapshot({ path: { vmId: vm.id }, body: { label: "second" } }),
      );
      expectSuccess(await ctx.ops.getBackup({ path: { vmId: vm.id, backupId: second.id } }));
      expectError(await ctx.ops.getBackup({ path: { vmId: vm.id, backupId: first.id } }));
    },
  );

  check(
    { id: "VM-SNAP-3", op: "createSnapshot", effect: "billable" },
    "what a snapshot of an instance whose backups were never enabled gets is recorded",
    async (ctx) => {
      // disks to copy (a snapshot of nothing may rightly be refused); backups never turned on
      const vm = await imageInstance(ctx, { backups_enabled: false });
      const res = await ctx.ops.createSnapshot({
        path: { vmId: vm.id },
        body: { label: "no-backups" },
      });
      ctx.observe(
        "VM-SNAP-3",
        "a snapshot with the backup service never enabled was",
        res.status >= 200 && res.status < 300 ? "taken" : `refused ${res.status}`,
      );
      if (res.status >= 400) expectError(res);
    },
  );

  check(
    { id: "VM-BKENABLE-1", op: ["enableBackups", "getInstance"], effect: "billable" },
    "backups enable activates the backup service: the instance, created without it, then shows it on",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance({ backups_enabled: false });
      // backups.enabled is not among the material's Instance fields: skipped where not shown
      const enabled = () => instanceField(ctx, vm.id, "backups.enabled");
      const before = await enabled();
      expectSuccess(await ctx.ops.enableBackups({ path: { vmId: vm.id } }));
      const after = await enabled();
      if (after !== true)
        throw new TargetFailure(
          `after backups enable the instance shows backups.enabled ${JSON.stringify(after)} (before: ${JSON.stringify(before)})`,
        );
    },
  );

  check(
    { id: "VM-BKCANCEL-1", op: ["cancelBackups", "getBackup"], effect: "billable" },
    "backups cancel succeeds and deletes every existing backup",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      expectSuccess(await ctx.ops.enableBackups({ path: { vmId: vm.id } }));
      const { backupId } = await ctx.states.require("successful-backup", { vmId: vm.id });
      const snap = expectSuccess(
        await ctx.ops.createSnapshot({ path: { vmId: vm.id }, body: { label: "snap" } }),
      );
      expectSuccess(await ctx.ops.cancelBackups({ path: { vmId: vm.id } }));
      expectError(await ctx.ops.getBackup({ path: { vmId: vm.id, backupId } }));
      expectError(await ctx.ops.getBackup({ path: { vmId: vm.id, backupId: snap.id } }));
    },
  );

  check(
    { id: "FIELD.restoreBackup.vm_id", op: "restoreBackup", effect: "billable" },
    "restore without vm_id is refused naming vm_id",
    async (ctx) => {
      const src = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: src.id });
      expectErrorNamingField(
        await ctx.ops.restoreBackup({
          path: { vmId: src.id, backupId },
          body: offContract({ overwrite: true }),
        }),
        "vm_id",
      );
    },
  );

  check(
    { id: "VM-RESTORE-2", op: ["restoreBackup", "listDisks", "listConfigs"], effect: "billable" },
    "restore with overwrite true deletes the target's disks and configs first",
    async (ctx) => {
      const src = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: src.id });
      const target = await ctx.fresh.emptyInstance();
      const oldDisk = await ctx.fresh.disk(target.id, { size: 100 });
      const oldConfig = await ctx.fresh.config(target.id);
      expectSuccess(
        await ctx.ops.restoreBackup({
          path: { vmId: src.id, backupId },
          body: { vm_id: target.id, overwrite: true },
        }),
      );
      await ctx.waitFor("the restored disks on the target", async () =>
        (await disksOf(ctx.ops, target.id)).some((d) => d.id !== oldDisk.id),
      );
      if ((await disksOf(ctx.ops, target.id)).some((d) => d.id === oldDisk.id))
        throw new TargetFailure(
          `disk ${oldDisk.id} of the target survived a restore with overwrite true`,
        );
      if ((await configsOf(ctx.ops, target.id)).some((c) => c.id === oldConfig.id))
        throw new TargetFailure(
          `config ${oldConfig.id} of the target survived a restore with overwrite true`,
        );
    },
  );

  check(
    { id: "VM-RESTORE-3", op: "restoreBackup", effect: "billable" },
    "restore with overwrite false onto a target with too little space is refused saying so",
    async (ctx) => {
      const src = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: src.id });
      const target = await ctx.fresh.emptyInstance();
      const disk = await diskAllowance(ctx, target.id);
      await ctx.fresh.disk(target.id, { size: disk - 1 });
      const errors = expectError(
        await ctx.ops.restoreBackup({
          path: { vmId: src.id, backupId },
          body: { vm_id: target.id, overwrite: false },
        }),
      );
      if (!errors.some((e) => /insufficient|space|room|capacity/i.test(e.reason)))
        throw new TargetFailure(
          `no error reason indicates insufficient space: ${JSON.stringify(errors.map((e) => e.reason))}`,
        );
    },
  );
});

describe("vm/backups/create-from", () => {
  check(
    { id: "VM-CREATE-13", op: ["createInstance", "listDisks", "listConfigs"], effect: "billable" },
    "an instance created from a backup gets the backed-up disks and config",
    async (ctx) => {
      const src = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: src.id });
      const vm = await ctx.fresh.instance({ backup_id: backupId });
      const disks = await ctx.waitFor("the disks from the backup", async () => {
        const d = await disksOf(ctx.ops, vm.id);
        return d.length > 0 && d;
      });
      const configs = await configsOf(ctx.ops, vm.id);
      if (disks.length !== 2 || configs.length !== 1)
        throw new TargetFailure(
          `from a backup of 2 disks and 1 config the instance has ${disks.length} disks and ${configs.length} configs`,
        );
    },
  );

  check(
    { id: "VM-CREATE-12", op: "createInstance", effect: "billable" },
    "create from a backup in another region than the backup's is refused",
    async (ctx) => {
      const src = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: src.id });
      const region = await otherRegion(ctx);
      await expectCreateRefused(
        ctx.ops,
        await ctx.ops.createInstance({
          body: { region, type: typeFixture(ctx), backup_id: backupId, label: ctx.label("vm") },
        }),
      );
    },
  );

  check(
    { id: "VM-CREATE-9", op: "createInstance", effect: "billable" },
    "create from a backup with a type too small for the backup is refused",
    async (ctx) => {
      const src = await ctx.fresh.emptyInstance({ type: largerTypeFixture(ctx) });
      const big = await diskAllowance(ctx, src.id);
      const smallDisk = await diskAllowance(ctx, (await ctx.fresh.emptyInstance()).id);
      // a disk larger than the whole of the smaller type makes the backup too big for it
      await ctx.fresh.disk(src.id, { size: Math.min(big - 100, smallDisk + 1024) });
      const { backupId } = await ctx.states.require("successful-backup", { vmId: src.id });
      await expectCreateRefused(
        ctx.ops,
        await ctx.ops.createInstance({
          body: {
            region: regionFixture(ctx),
            type: typeFixture(ctx),
            backup_id: backupId,
            label: ctx.label("vm"),
          },
        }),
      );
    },
  );

  check(
    { id: "VM-CREATE-10", op: "createInstance", effect: "billable" },
    "create from a backup by a user with only read_only on the source is refused",
    async (ctx) => {
      const src = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: src.id });
      const { token } = await ctx.states.require("restricted-user", {
        grants: { add_vms: true, vms: [{ id: src.id, permissions: "read_only" }] },
      });
      const res = await ctx.ops.createInstance({
        body: {
          region: regionFixture(ctx),
          type: typeFixture(ctx),
          backup_id: backupId,
          label: ctx.label("vm"),
        },
        as: { token, name: "restricted, read_only on the source" },
      });
      await expectCreateRefused(ctx.ops, res);
    },
  );

  check(
    { id: "VM-CREATE-7", op: "createInstance", effect: "billable" },
    "a recipe combined with a backup is refused",
    async (ctx) => {
      const src = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: src.id });
      const recipe = await ctx.fresh.recipe();
      const res = await ctx.ops.createInstance({
        body: {
          region: regionFixture(ctx),
          type: typeFixture(ctx),
          backup_id: backupId,
          recipe_id: recipe.id,
          root_pass: PASS,
          label: ctx.label("vm"),
        },
      });
      await expectCreateRefused(ctx.ops, res);
    },
  );

  check(
    { id: "VM-BKVIEW-1", op: "getBackup", effect: "billable" },
    "a successful backup shows status successful",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const { backupId } = await ctx.states.require("successful-backup", { vmId: vm.id });
      const status = shownField(
        ctx,
        expectSuccess(await ctx.ops.getBackup({ path: { vmId: vm.id, backupId } })),
        "status",
      );
      if (status !== "successful")
        throw new TargetFailure(`the backup's status is ${JSON.stringify(status)}`);
    },
  );
});
