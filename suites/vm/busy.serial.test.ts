// Compute instances (vm): the rules that need running or queued actions — Shutdown precondition,
// Resize preconditions, the concurrent-clone limit (Clone rules, Errors 5, Limits) and Create rule 4
// (a backup that is not successful). Jobs are held through the `jobs-hold` provider state and
// released in a `finally`; the checks of this file run one after another.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectError, expectStatus, expectSuccess } from "../../harness/expect.ts";
import { expectCreateRefused, imageInstance, withHeldJobs } from "./helpers.ts";
import { regionFixture, typeFixture } from "../shared/fixtures.ts";
import { backupsOn } from "../shared/factories.ts";

describe("vm/busy", () => {
  check(
    { id: "VM-SHUTDOWN-2", op: "shutdownInstance", effect: "billable" },
    "shutdown while the instance has a queued action is refused",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      await withHeldJobs(ctx.states, async () => {
        await ctx.fresh.disk(vm.id, { size: 100 });
        expectError(await ctx.ops.shutdownInstance({ path: { vmId: vm.id } }));
      });
    },
  );

  check(
    { id: "VM-RESIZE-2", op: "resizeInstance", effect: "billable" },
    "resize while the instance has a queued action is refused",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      await withHeldJobs(ctx.states, async () => {
        await ctx.fresh.disk(vm.id, { size: 100 });
        expectError(
          await ctx.ops.resizeInstance({ path: { vmId: vm.id }, body: { type: typeFixture(ctx) } }),
        );
      });
    },
  );

  check(
    { id: "VM-CLONE-13", op: "cloneInstance", effect: "billable" },
    "5 concurrent clones of one source are accepted; a 6th answers HTTP 400",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const body = { region: regionFixture(ctx), type: typeFixture(ctx), configs: [] };
      await withHeldJobs(ctx.states, async () => {
        for (let n = 0; n < 5; n++)
          await ctx.fresh.create("instance", "cloneInstance", {
            path: { vmId: vm.id },
            body: { ...body, label: ctx.label("cl") },
          });
        const sixth = await ctx.ops.cloneInstance({
          path: { vmId: vm.id },
          body: { ...body, label: ctx.label("cl") },
        });
        await expectCreateRefused(ctx.ops, sixth);
        expectStatus(sixth, 400);
      });
    },
  );

  check(
    { id: "VM-CREATE-11", op: "createInstance", effect: "billable" },
    "create from a backup that is not successful (still being taken) is refused",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      await backupsOn(ctx, vm.id);
      await withHeldJobs(ctx.states, async () => {
        const snap = expectSuccess(
          await ctx.ops.createSnapshot({ path: { vmId: vm.id }, body: { label: "pending" } }),
        );
        const res = await ctx.ops.createInstance({
          body: {
            region: regionFixture(ctx),
            type: typeFixture(ctx),
            backup_id: snap.id,
            label: ctx.label("vm"),
          },
        });
        await expectCreateRefused(ctx.ops, res);
      });
    },
  );
});
