// Compute instances (vm): boot with its Boot rules and Errors 7, rescue boot, shutdown, resize
// (its Resize precondition on disk allocation). The preconditions on running or queued actions
// are in busy.serial.test.ts, the one on the account balance in balance.serial.test.ts. Boot with
// and without config_id (VM-BOOT-1/2/3) and resize (VM-RESIZE-1) are in depth.test.ts, which reads
// back which config booted and the type and disks after a resize.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import type { CheckContext } from "../../harness/check.ts";
import { expectError, expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { diskAllowance, disksOf, eventually, imageInstance } from "./helpers.ts";
import { largerTypeFixture, typeFixture } from "../shared/fixtures.ts";
import { offContract } from "../../harness/ops.ts";

/** An empty instance (never booted) with `n` configs; their IDs. */
async function withConfigs(
  ctx: CheckContext,
  n: number,
): Promise<{ vmId: number; configs: number[] }> {
  const vm = await ctx.fresh.emptyInstance();
  const configs: number[] = [];
  for (let i = 0; i < n; i++) configs.push((await ctx.fresh.config(vm.id)).id);
  return { vmId: vm.id, configs };
}

describe("vm/boot", () => {
  check(
    { id: "VM-BOOT-4", op: "bootInstance", effect: "billable" },
    "boot without config_id with several configs and none booted is refused",
    async (ctx) => {
      const { vmId } = await withConfigs(ctx, 2);
      expectError(await ctx.ops.bootInstance({ path: { vmId }, body: {} }));
    },
  );

  check(
    { id: "VM-BOOT-5", op: ["bootInstance", "deleteConfig"], effect: "billable" },
    "boot without config_id after the last booted config was deleted is refused",
    async (ctx) => {
      const { vmId, configs } = await withConfigs(ctx, 3);
      expectSuccess(
        await ctx.ops.bootInstance({ path: { vmId }, body: { config_id: configs[0] } }),
      );
      expectSuccess(await ctx.ops.deleteConfig({ path: { vmId, configId: configs[0] } }));
      expectError(await ctx.ops.bootInstance({ path: { vmId }, body: {} }));
    },
  );
});

describe("vm/rescue", () => {
  check(
    { id: "VM-RESCUE-1", op: "rescueInstance", effect: "billable" },
    "rescue boot with devices in slots sda..sdg succeeds",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const [a, b] = await disksOf(ctx.ops, vm.id);
      expectSuccess(
        await ctx.ops.rescueInstance({
          path: { vmId: vm.id },
          body: { devices: { sda: { disk_id: a.id }, sdg: { disk_id: b.id } } },
        }),
      );
    },
  );

  check(
    { id: "VM-RESCUE-2", op: "rescueInstance", effect: "billable" },
    "what rescue with the reserved slot sdh gets is recorded",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const [a] = await disksOf(ctx.ops, vm.id);
      const res = await ctx.ops.rescueInstance({
        path: { vmId: vm.id },
        body: { devices: offContract({ sdh: { disk_id: a.id } }) },
      });
      ctx.observe("VM-RESCUE-2", "status of rescue naming sdh", res.status);
    },
  );
});

describe("vm/shutdown", () => {
  check(
    { id: "VM-SHUTDOWN-1", op: "shutdownInstance", effect: "billable" },
    "shutdown of an instance with no running or queued actions succeeds",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      expectSuccess(
        await eventually(ctx, "shutdown", () =>
          ctx.ops.shutdownInstance({ path: { vmId: vm.id } }),
        ),
      );
    },
  );
});

describe("vm/resize", () => {
  check(
    { id: "FIELD.resizeInstance.type", op: "resizeInstance", effect: "billable" },
    "resize without type is refused naming type",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      expectErrorNamingField(
        await ctx.ops.resizeInstance({ path: { vmId: vm.id }, body: offContract({}) }),
        "type",
      );
    },
  );

  check(
    { id: "VM-RESIZE-5", op: "resizeInstance", effect: "billable" },
    "resize to a type smaller than the disk allocation is refused",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance({ type: largerTypeFixture(ctx) });
      const disk = await diskAllowance(ctx, vm.id);
      await ctx.fresh.disk(vm.id, { size: disk - 100 });
      expectError(
        await ctx.ops.resizeInstance({ path: { vmId: vm.id }, body: { type: typeFixture(ctx) } }),
      );
    },
  );
});
