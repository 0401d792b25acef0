// Compute instances (vm): rules whose effect only a read-back shows. Boot rules (which config a boot
// without config_id uses), Configuration profile (interface order), Restore (overwrite false keeps
// the target's content), create body (recipe_data only when the recipe needs input), Resize
// preconditions (pending migration) and the VLAN clause of the Interface object, the last two through
// provider states (harness/provider-states.md) because migrate and region capabilities are not shown.
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { settle } from "../../harness/settle.ts";
import { expectError, expectSuccess } from "../../harness/expect.ts";
import { allPages, eventOfWrite, findEvent } from "../shared/pages.ts";
import {
  configsOf,
  disksOf,
  eventually,
  expectCreateRefused,
  PASS,
  instanceField,
  shownField,
} from "./helpers.ts";
import { imageFixture, largerTypeFixture, regionFixture, typeFixture } from "../shared/fixtures.ts";

/** An offline instance with one small disk and three configs on it. */
async function threeConfigs(ctx: CheckContext) {
  const vm = await ctx.fresh.emptyInstance();
  const disk = await ctx.fresh.disk(vm.id, { size: 1024 });
  const devices = { sda: { disk_id: disk.id } };
  const [a, b, c] = [
    await ctx.fresh.config(vm.id, { devices }),
    await ctx.fresh.config(vm.id, { devices }),
    await ctx.fresh.config(vm.id, { devices }),
  ];
  return { vm, a, b, c };
}

/**
 * Waits until the instance's work has finished: no event about it is still `started` or
 * `scheduled`. Instance work may run for a while (a boot is recorded as the last booted when it
 * completes; "Resize preconditions: no running or queued actions"). The material does not show the
 * event status transitions, so a target whose events never leave `started` is not failed here: the
 * wait ends at the timeout and the check goes on.
 *
 * `boots`: the boot events seen so far (IDs), when a boot was just sent. An event may show late (the
 * convergence window, --settle): until that boot's event shows, "no started event" says nothing of
 * it, and a boot sent next would race it (the all-variants false alarm: the next boot without
 * config_id used the config booted before, the last boot not yet recorded). So first wait, within
 * the window, for a `vm_boot` event about the instance not seen before (a search that stops at the
 * first it finds, not a read of every page); a target that shows none only costs the window.
 */
async function settled(ctx: CheckContext, vmId: number, boots?: Set<unknown>): Promise<void> {
  const about = (e: any) => e?.entity?.id === vmId && (e?.entity?.type ?? "vm") === "vm";
  if (boots) {
    const seen = await eventOfWrite(
      ctx,
      (e) => about(e) && e?.action === "vm_boot" && !boots.has(e?.id),
    );
    if (seen) boots.add(seen.id);
  }
  const working = (e: any) => about(e) && (e?.status === "started" || e?.status === "scheduled");
  await ctx
    .waitFor(
      `the work on instance ${vmId} to finish (no started or scheduled event about it)`,
      async () => (await findEvent(ctx.ops, working)) === undefined,
    )
    .catch(() => undefined);
}

describe("vm/depth", () => {
  // Boot rules: the last booted config is used. Which config booted is not shown, so the check reads
  // it through the rule on a deleted last booted config: b (neither the first nor the newest) is
  // booted last; a boot without config_id must boot b again, so once b is deleted, two configs remain
  // and none was last booted: the next boot without config_id is refused. Had the target booted a or
  // c instead, that one would be the last booted and the boot would succeed.
  check(
    {
      id: ["VM-BOOT-3", "VM-BOOT-1", "VM-BOOT-5"],
      op: ["bootInstance", "deleteConfig"],
      effect: "billable",
    },
    "boot without config_id boots the last booted config: after deleting that config, the next boot without config_id is refused",
    async (ctx) => {
      // each boot finishes before the next: which config is the last booted may be recorded only
      // when its boot completes
      const { vm, a, b } = await threeConfigs(ctx);
      const boots = new Set<unknown>();
      await settled(ctx, vm.id);
      expectSuccess(
        await ctx.ops.bootInstance({ path: { vmId: vm.id }, body: { config_id: a.id } }),
      );
      await settled(ctx, vm.id, boots);
      expectSuccess(
        await ctx.ops.bootInstance({ path: { vmId: vm.id }, body: { config_id: b.id } }),
      );
      await settled(ctx, vm.id, boots);
      expectSuccess(
        await eventually(ctx, "boot without config_id after booting two configs", () =>
          ctx.ops.bootInstance({ path: { vmId: vm.id }, body: {} }),
        ),
      );
      await settled(ctx, vm.id, boots);
      expectSuccess(await ctx.ops.deleteConfig({ path: { vmId: vm.id, configId: b.id } }));
      const res = await ctx.ops.bootInstance({ path: { vmId: vm.id }, body: {} });
      if (res.status >= 200 && res.status < 300) {
        throw new TargetFailure(
          `config ${b.id} was booted last and a boot without config_id followed; once ${b.id} was deleted a boot without config_id still succeeded, so the earlier boot used another config (now the last booted)`,
        );
      }
      expectError(res);
    },
  );

  // Boot rules: "a single config is used". Read back through the last-booted rule: once a second
  // config exists, a boot without config_id succeeds only if the first boot recorded that config.
  check(
    { id: ["VM-BOOT-2", "VM-BOOT-3"], op: ["bootInstance", "createConfig"], effect: "billable" },
    "boot without config_id of the single config boots it: after a second config is added, a boot without config_id still succeeds",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const disk = await ctx.fresh.disk(vm.id, { size: 1024 });
      await ctx.fresh.config(vm.id, { devices: { sda: { disk_id: disk.id } } });
      const boots = new Set<unknown>();
      await settled(ctx, vm.id);
      expectSuccess(await ctx.ops.bootInstance({ path: { vmId: vm.id }, body: {} }));
      // the boot finishes first: the last booted config may be recorded only when it completes
      await settled(ctx, vm.id, boots);
      await ctx.fresh.config(vm.id, { devices: { sda: { disk_id: disk.id } } });
      // the first boot may be recorded as the last booted a little after it was answered (and its
      // event, which the wait above reads, may show later still): a refused boot changes nothing,
      // so it is sent again within the convergence window
      await settle(
        ctx,
        "boot without config_id",
        () => ctx.ops.bootInstance({ path: { vmId: vm.id }, body: {} }),
        (res) =>
          res.status >= 200 && res.status <= 299
            ? []
            : [
                `with two configs, the first booted through "a single config is used", a boot without config_id answered ${res.status}: the single config's boot was not recorded as the last booted`,
              ],
        { oracle: "record of a write" },
      );
    },
  );

  check(
    { id: "VM-IFACE-11", op: ["createConfig", "getConfig", "updateConfig"], effect: "billable" },
    "interfaces keep the order they were sent in (eth0, eth1, eth2) in the config's views",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const sent = [
        { purpose: "public" as const },
        { purpose: "vlan" as const, label: "zz-plumbline" },
        { purpose: "vlan" as const, label: "aa-plumbline" },
      ];
      const cfg = await ctx.fresh.config(vm.id, { interfaces: sent });
      const order = (c: any) =>
        Array.isArray(c?.interfaces)
          ? c.interfaces.map((i: any) => `${i?.purpose}:${i?.label ?? ""}`)
          : c?.interfaces;
      const want = ["public:", "vlan:zz-plumbline", "vlan:aa-plumbline"];
      const seen = order(
        expectSuccess(await ctx.ops.getConfig({ path: { vmId: vm.id, configId: cfg.id } })),
      );
      if (JSON.stringify(seen) !== JSON.stringify(want))
        throw new TargetFailure(
          `config view lists interfaces ${JSON.stringify(seen)}; sent in the order ${JSON.stringify(want)}`,
        );
      const reordered = [sent[2], sent[0], sent[1]];
      expectSuccess(
        await ctx.ops.updateConfig({
          path: { vmId: vm.id, configId: cfg.id },
          body: { interfaces: reordered },
        }),
      );
      const again = order(
        expectSuccess(await ctx.ops.getConfig({ path: { vmId: vm.id, configId: cfg.id } })),
      );
      const want2 = ["vlan:aa-plumbline", "public:", "vlan:zz-plumbline"];
      if (JSON.stringify(again) !== JSON.stringify(want2))
        throw new TargetFailure(
          `after an update the config view lists interfaces ${JSON.stringify(again)}; sent in the order ${JSON.stringify(want2)}`,
        );
    },
  );

  check(
    {
      id: ["VM-RESTORE-4", "VM-RESTORE-1"],
      op: ["restoreBackup", "listDisks", "listConfigs"],
      effect: "billable",
    },
    "restore with overwrite false keeps the target's disks and configs and adds the backup's",
    async (ctx) => {
      const src = await ctx.fresh.emptyInstance();
      await ctx.fresh.disk(src.id, { size: 1024 });
      const { backupId } = await ctx.states.require("successful-backup", { vmId: src.id });
      const target = await ctx.fresh.emptyInstance();
      const keptDisk = await ctx.fresh.disk(target.id, { size: 100 });
      const keptConfig = await ctx.fresh.config(target.id);
      expectSuccess(
        await ctx.ops.restoreBackup({
          path: { vmId: src.id, backupId },
          body: { vm_id: target.id, overwrite: false },
        }),
      );
      await ctx.waitFor("the restored disk on the target", async () =>
        (await disksOf(ctx.ops, target.id)).some((d) => d.id !== keptDisk.id),
      );
      if (!(await disksOf(ctx.ops, target.id)).some((d) => d.id === keptDisk.id))
        throw new TargetFailure(
          `disk ${keptDisk.id} of the target is gone after a restore with overwrite false`,
        );
      if (!(await configsOf(ctx.ops, target.id)).some((c) => c.id === keptConfig.id))
        throw new TargetFailure(
          `config ${keptConfig.id} of the target is gone after a restore with overwrite false`,
        );
    },
  );

  check(
    { id: "VM-CREATE-21", op: ["createInstance", "listDisks"], effect: "billable" },
    "an instance deploying a recipe that takes no input is created without recipe_data, and its disks appear",
    async (ctx) => {
      const image = imageFixture(ctx);
      const recipe = await ctx.fresh.recipe({
        images: [image],
        script: "#!/bin/sh\necho no input\n",
      });
      const vm = await ctx.fresh
        .instance({ image, root_pass: PASS, recipe_id: recipe.id })
        .catch((e: Error) => {
          throw new TargetFailure(
            `create with recipe ${recipe.id} and no recipe_data was refused: ${e.message}`,
          );
        });
      await ctx.waitFor(
        `the disks of instance ${vm.id}`,
        async () => (await disksOf(ctx.ops, vm.id)).length >= 1,
      );
    },
  );

  check(
    { id: "VM-RESIZE-3", op: ["resizeInstance", "getInstance"], effect: "billable" },
    "resize of an instance with a pending migration is refused and the instance keeps its specs",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      await ctx.states.require("pending-migration", { vmId: vm.id });
      const before = expectSuccess(await ctx.ops.getInstance({ path: { vmId: vm.id } }));
      const larger = ctx.config.fixtures.largerType ?? typeFixture(ctx);
      // no running or queued actions: the refusal comes from the pending migration alone
      await settled(ctx, vm.id);
      expectError(await ctx.ops.resizeInstance({ path: { vmId: vm.id }, body: { type: larger } }));
      const after = expectSuccess(await ctx.ops.getInstance({ path: { vmId: vm.id } }));
      if (JSON.stringify(after?.specs) !== JSON.stringify(before?.specs))
        throw new TargetFailure(
          `the refused resize changed specs from ${JSON.stringify(before?.specs)} to ${JSON.stringify(after?.specs)}`,
        );
      // the other direction: once the migration is no longer pending, the same resize is accepted
      // (retried while refused: the instance's work may still be running or queued)
      await ctx.states.require("pending-migration", { vmId: vm.id, pending: false });
      expectSuccess(
        await eventually(ctx, "resize once the migration is no longer pending", () =>
          ctx.ops.resizeInstance({ path: { vmId: vm.id }, body: { type: larger } }),
        ),
      );
    },
  );

  check(
    { id: "VM-IFACE-10", op: ["cloneInstance", "listInstances"], effect: "billable" },
    "a VLAN-attached instance cloned to a region without VLAN support does not start: refused, no instance made",
    async (ctx) => {
      const { region } = await ctx.states.require("region-without-vlans");
      const src = await ctx.fresh.emptyInstance({ region: regionFixture(ctx) });
      await ctx.fresh.config(src.id, {
        interfaces: [{ purpose: "public" }, { purpose: "vlan", label: "plumbline-vlan" }],
      });
      const label = ctx.label("clone");
      await expectCreateRefused(
        ctx.ops,
        await ctx.ops.cloneInstance({
          path: { vmId: src.id },
          body: { region, type: typeFixture(ctx), label },
        }),
      );
      const made = (await allPages(ctx.ops, "listInstances")).filter((i) => i?.label === label);
      if (made.length)
        throw new TargetFailure(
          `the refused clone made instance(s) ${made.map((i) => i.id).join(", ")} labelled ${label}`,
        );
    },
  );
  // Resize: allow_auto_disk_resize defaults to true. Three twins resized to the larger type: without
  // the field, with true, with false. The default must do what true does (whatever that is on this
  // target), and false must leave the disk alone; specs show the new type took effect.
  check(
    { id: "VM-RESIZE-1", op: ["resizeInstance", "getInstance", "getDisk"], effect: "billable" },
    "resize applies the larger type (specs.disk grows); without allow_auto_disk_resize the disk ends as with true, and false leaves it alone",
    async (ctx) => {
      const larger = largerTypeFixture(ctx);
      const resized = async (extra: Record<string, unknown>) => {
        const vm = await ctx.fresh.emptyInstance();
        const disk = await ctx.fresh.disk(vm.id, { size: 1024 });
        const specs = () => instanceField(ctx, vm.id, "specs.disk");
        const before = await specs();
        // retried while refused: the new instance's and disk's work may still be running or queued
        expectSuccess(
          await eventually(ctx, `resize of instance ${vm.id}`, () =>
            ctx.ops.resizeInstance({ path: { vmId: vm.id }, body: { type: larger, ...extra } }),
          ),
        );
        await ctx.waitFor(
          `instance ${vm.id} to show the larger type's disk allowance`,
          async () => (await specs()) > before,
        );
        return async () =>
          shownField(
            ctx,
            expectSuccess(await ctx.ops.getDisk({ path: { vmId: vm.id, diskId: disk.id } })),
            "size",
          );
      };
      const byDefault = await resized({});
      const withTrue = await resized({ allow_auto_disk_resize: true });
      const withFalse = await resized({ allow_auto_disk_resize: false });
      if ((await withFalse()) !== 1024)
        throw new TargetFailure(
          `with allow_auto_disk_resize false the 1024 MB disk became ${await withFalse()} MB`,
        );
      try {
        await ctx.waitFor(
          "the disk resized without the field to match the one resized with true",
          async () => (await byDefault()) === (await withTrue()),
        );
      } catch {
        throw new TargetFailure(
          `without allow_auto_disk_resize the disk is ${await byDefault()} MB, with true ${await withTrue()} MB: the default is not true`,
        );
      }
    },
  );
});
