// Compute instances (vm): Clone rules (an existing target's running or queued actions finish first)
// and the create body's backups_enabled ("always treated as true when the account-wide backups
// setting is true"). Both need target-wide provider states (`jobs-hold`, `account-backups`), so the
// checks of this file run one after another.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectError } from "../../harness/expect.ts";
import { disksOf, instanceField, withHeldJobs } from "./helpers.ts";

describe("vm/depth serial", () => {
  check(
    { id: "VM-CLONE-3", op: ["cloneInstance", "listDisks"], effect: "billable" },
    "a clone onto an existing target with a queued action is refused, and the target gets no cloned disk",
    async (ctx) => {
      const src = await ctx.fresh.emptyInstance();
      const srcDisk = await ctx.fresh.disk(src.id, { size: 100 });
      await ctx.fresh.config(src.id, { devices: { sda: { disk_id: srcDisk.id } } });
      const target = await ctx.fresh.emptyInstance();
      const before = (await disksOf(ctx.ops, target.id)).map((d) => d.id);
      await withHeldJobs(ctx.states, async () => {
        await ctx.fresh.disk(target.id, { size: 100 }); // queued: the target now has a queued action
        expectError(
          await ctx.ops.cloneInstance({ path: { vmId: src.id }, body: { vm_id: target.id } }),
        );
      });
      // once released, the target holds its own queued disk only: nothing of the source was cloned
      await ctx.waitFor(
        "the target's queued disk",
        async () => (await disksOf(ctx.ops, target.id)).length > before.length,
      );
      const after = await disksOf(ctx.ops, target.id);
      if (after.length !== before.length + 1)
        throw new TargetFailure(
          `the target holds ${after.length} disks after the refused clone; expected ${before.length + 1} (its own queued disk only)`,
        );
    },
  );

  check(
    { id: "VM-CREATE-18", op: ["createInstance", "getInstance"], effect: "billable" },
    "with the account-wide backups setting on, an instance created with backups_enabled false has backups enabled; with it off, it has not",
    async (ctx) => {
      const enabledOf = (vmId: number) => instanceField(ctx, vmId, "backups.enabled");
      await ctx.states.require("account-backups", { enabled: true });
      try {
        const on = await ctx.fresh.emptyInstance({ backups_enabled: false });
        if ((await enabledOf(on.id)) !== true)
          throw new TargetFailure(
            `instance ${on.id} created with backups_enabled false while the account-wide setting is on shows backups.enabled ${JSON.stringify(await enabledOf(on.id))}`,
          );
      } finally {
        await ctx.states.require("account-backups", { enabled: false });
      }
      const off = await ctx.fresh.emptyInstance({ backups_enabled: false });
      if ((await enabledOf(off.id)) !== false)
        throw new TargetFailure(
          `instance ${off.id} created with backups_enabled false and the account-wide setting off shows backups.enabled ${JSON.stringify(await enabledOf(off.id))}`,
        );
    },
  );
});
