// Compute instances (vm): clone and its Clone rules (configs, disks, new or existing target, tags,
// add_vms). The concurrent-clone limit is in busy.serial.test.ts.
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
import {
  configsOf,
  disksOf,
  eventually,
  expectCreateRefused,
  imageInstance,
  instanceField,
  shownField,
} from "./helpers.ts";
import { regionFixture, typeFixture } from "../shared/fixtures.ts";

/**
 * A source deployed from the image (a default config over its two disks) plus a second config
 * using only the first disk and an extra disk no config uses.
 */
async function source(ctx: CheckContext, body: Record<string, unknown> = {}) {
  const vm = await imageInstance(ctx, body);
  const [main] = await disksOf(ctx.ops, vm.id);
  const single = await ctx.fresh.config(vm.id, { devices: { sda: { disk_id: main.id } } });
  const extra = await ctx.fresh.disk(vm.id, { size: 100 });
  return { vm, single, extra };
}

/** A clone to a new instance, registered for cleanup. */
function cloneNew(ctx: CheckContext, vmId: number, body: Record<string, unknown> = {}) {
  return ctx.fresh.create("instance", "cloneInstance", {
    path: { vmId },
    body: { region: regionFixture(ctx), type: typeFixture(ctx), label: ctx.label("cl"), ...body },
  });
}

async function counts(ctx: CheckContext, vmId: number) {
  const configs = expectCollection(await ctx.ops.listConfigs({ path: { vmId } })).results;
  const disks = expectCollection(await ctx.ops.listDisks({ path: { vmId } })).results;
  return { configs, disks };
}

describe("vm/clone", () => {
  check(
    {
      id: ["VM-CLONE-1", "VM-CLONE-4"],
      op: ["cloneInstance", "listConfigs", "listDisks"],
      effect: "billable",
    },
    "clone to a new instance without configs clones every config and their disks",
    async (ctx) => {
      const s = await source(ctx);
      const clone = await cloneNew(ctx, s.vm.id);
      expectSuccess(await ctx.ops.getInstance({ path: { vmId: clone.id } }));
      const got = await ctx.waitFor("the clone's configs", async () => {
        const c = await counts(ctx, clone.id);
        return c.configs > 0 && c;
      });
      if (got.configs !== 2 || got.disks !== 2)
        throw new TargetFailure(
          `the clone has ${got.configs} configs and ${got.disks} disks; the source's 2 configs use 2 disks`,
        );
    },
  );

  check(
    { id: "VM-CLONE-5", op: ["cloneInstance", "listConfigs"], effect: "billable" },
    "clone with an empty configs array clones no config",
    async (ctx) => {
      const s = await source(ctx);
      const clone = await cloneNew(ctx, s.vm.id, { configs: [] });
      const got = await counts(ctx, clone.id);
      if (got.configs !== 0)
        throw new TargetFailure(`the clone has ${got.configs} configs after configs []`);
    },
  );

  check(
    {
      id: ["VM-CLONE-6", "VM-CLONE-7"],
      op: ["cloneInstance", "listConfigs", "listDisks"],
      effect: "billable",
    },
    "clone with listed configs clones those and their disks, plus the listed extra disks",
    async (ctx) => {
      const s = await source(ctx);
      const one = await cloneNew(ctx, s.vm.id, { configs: [s.single.id] });
      const a = await ctx.waitFor("the clone's config", async () => {
        const c = await counts(ctx, one.id);
        return c.configs > 0 && c;
      });
      if (a.configs !== 1 || a.disks !== 1)
        throw new TargetFailure(
          `cloning one config over one disk gave ${a.configs} configs and ${a.disks} disks`,
        );
      const plus = await cloneNew(ctx, s.vm.id, { configs: [s.single.id], disks: [s.extra.id] });
      const b = await ctx.waitFor("the clone's config", async () => {
        const c = await counts(ctx, plus.id);
        return c.configs > 0 && c;
      });
      if (b.configs !== 1 || b.disks !== 2)
        throw new TargetFailure(
          `cloning one config over one disk plus one extra disk gave ${b.configs} configs and ${b.disks} disks`,
        );
    },
  );

  check(
    { id: "VM-CLONE-12", op: ["cloneInstance", "getInstance"], effect: "billable" },
    "the source's tags are copied to the clone",
    async (ctx) => {
      const tag = ctx.label("tag");
      const s = await imageInstance(ctx, { tags: [tag] });
      const clone = await cloneNew(ctx, s.id, { configs: [] });
      const tags = await instanceField(ctx, clone.id, "tags");
      if (!tags.includes(tag))
        throw new TargetFailure(
          `the clone's tags ${JSON.stringify(tags)} lack the source's "${tag}"`,
        );
    },
  );

  check(
    { id: ["VM-CLONE-8"], op: "cloneInstance", effect: "billable" },
    "clone to a new instance without region or without type is refused naming the missing field",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const noRegion = await ctx.ops.cloneInstance({
        path: { vmId: vm.id },
        body: { type: typeFixture(ctx), configs: [] },
      });
      await expectCreateRefused(ctx.ops, noRegion);
      expectErrorNamingField(noRegion, "region");
      const noType = await ctx.ops.cloneInstance({
        path: { vmId: vm.id },
        body: { region: regionFixture(ctx), configs: [] },
      });
      await expectCreateRefused(ctx.ops, noType);
      expectErrorNamingField(noType, "type");
    },
  );

  check(
    { id: "VM-CLONE-2", op: "cloneInstance", effect: "billable" },
    "clone to a new instance without the add_vms grant is refused",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      const { token } = await ctx.states.require("restricted-user", {
        grants: { add_vms: false, vms: [{ id: vm.id, permissions: "read_write" }] },
      });
      const res = await ctx.ops.cloneInstance({
        path: { vmId: vm.id },
        body: { region: regionFixture(ctx), type: typeFixture(ctx), configs: [] },
        as: { token, name: "restricted without add_vms" },
      });
      await expectCreateRefused(ctx.ops, res);
    },
  );

  check(
    { id: "VM-CLONE-11", op: "cloneInstance", effect: "billable" },
    "clone onto an unknown vm_id is refused",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      expectError(
        await ctx.ops.cloneInstance({
          path: { vmId: vm.id },
          body: { vm_id: 2147483000, configs: [] },
        }),
      );
    },
  );

  check(
    {
      id: ["VM-CLONE-9", "VM-CLONE-6"],
      op: ["cloneInstance", "getInstance", "listConfigs"],
      effect: "billable",
    },
    "clone onto an existing target clones the listed config and keeps the target's label",
    async (ctx) => {
      const s = await source(ctx);
      const target = await ctx.fresh.emptyInstance();
      const before = expectSuccess(await ctx.ops.getInstance({ path: { vmId: target.id } }));
      const body = { vm_id: target.id, configs: [s.single.id], label: ctx.label("ignored") };
      expectSuccess(
        await eventually(ctx, "clone onto the target", () =>
          ctx.ops.cloneInstance({ path: { vmId: s.vm.id }, body }),
        ),
      );
      await ctx.waitFor(
        "the target's config",
        async () => (await configsOf(ctx.ops, target.id)).length > 0,
      );
      const after = expectSuccess(await ctx.ops.getInstance({ path: { vmId: target.id } }));
      if (shownField(ctx, after, "label") !== before.label)
        throw new TargetFailure(
          `the target's label changed from ${before.label} to ${after.label}; label applies only to a new target`,
        );
    },
  );
});
