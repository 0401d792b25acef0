// Disk (create/update fields) and the Disk create rules of Compute instances (vm); Errors 4 for a
// weak root_pass; disks list, create, view, update.
import { settled } from "../../harness/settle.ts";
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import {
  expectCollection,
  expectError,
  expectErrorNamingField,
  expectSuccess,
} from "../../harness/expect.ts";
import { disksOf, PASS, shownField, WEAK_PASS } from "./helpers.ts";
import { imageFixture } from "../shared/fixtures.ts";
import { offContract } from "../../harness/ops.ts";

describe("vm/disks", () => {
  check(
    {
      id: ["VM-DISK-1", "VM-DISK-2", "VM-DISK-3"],
      op: ["createDisk", "listDisks", "getDisk"],
      effect: "billable",
    },
    "an empty disk with size and label is created, viewable and listed",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const disk = await ctx.fresh.disk(vm.id, { size: 100 });
      expectSuccess(await ctx.ops.getDisk({ path: { vmId: vm.id, diskId: disk.id } }));
      await settled(ctx, "record of a write", async () => {
        const list = await ctx.ops.listDisks({ path: { vmId: vm.id } });
        expectSuccess(list);
        if (!expectCollection(list).data.some((d) => d?.id === disk.id))
          throw new TargetFailure(`disk ${disk.id} is not listed`);
      });
    },
  );

  check(
    { id: "VM-DISK-1", op: "createDisk", effect: "billable" },
    "a disk from the image with root_pass is created",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      await ctx.fresh.disk(vm.id, { image: imageFixture(ctx), root_pass: PASS, size: 4096 });
    },
  );

  check(
    { id: ["VM-DISK-9", "VM-DISK-10"], op: ["updateDisk", "getDisk"], effect: "billable" },
    "disk update with label: a success keeps the label; a refusal is an Error body (the update body is not shown)",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const disk = await ctx.fresh.disk(vm.id, { size: 100 });
      const label = ctx.label("disk2", 48);
      const res = await ctx.ops.updateDisk({
        path: { vmId: vm.id, diskId: disk.id },
        body: { label },
      });
      ctx.observe("VM-DISK-10", "disk update with label answered", res.status);
      if (res.status >= 400 && res.status < 500) {
        expectError(res);
        return;
      }
      expectSuccess(res);
      const view = expectSuccess(await ctx.ops.getDisk({ path: { vmId: vm.id, diskId: disk.id } }));
      if (shownField(ctx, view, "label") !== label)
        throw new TargetFailure(`label is ${JSON.stringify(view.label)} after update to ${label}`);
    },
  );

  check(
    { id: "FIELD.createDisk.size", op: "createDisk", effect: "billable" },
    "disk create without size is refused naming size",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      expectErrorNamingField(
        await ctx.ops.createDisk({
          path: { vmId: vm.id },
          body: offContract({ label: ctx.label("disk", 48) }),
        }),
        "size",
      );
    },
  );

  check(
    {
      id: ["FIELD.createDisk.label", "FIELD.createDisk.filesystem"],
      op: "createDisk",
      effect: "billable",
    },
    "a disk label of 0 or 49 characters, or a filesystem outside its values, is refused naming the field",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const path = { vmId: vm.id };
      expectErrorNamingField(
        await ctx.ops.createDisk({ path, body: { size: 100, label: "" } }),
        "label",
      );
      expectErrorNamingField(
        await ctx.ops.createDisk({ path, body: { size: 100, label: "d".repeat(49) } }),
        "label",
      );
      expectErrorNamingField(
        await ctx.ops.createDisk({
          path,
          body: { size: 100, label: ctx.label("disk", 48), filesystem: offContract("ntfs") },
        }),
        "filesystem",
      );
      if ((await disksOf(ctx.ops, vm.id)).length !== 0)
        throw new TargetFailure("a refused disk create left a disk behind");
    },
  );

  check(
    { id: "FIELD.createDisk.label", op: "createDisk", effect: "billable" },
    "disk labels of 1 and 48 characters are accepted",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      await ctx.fresh.disk(vm.id, { size: 100, label: "d" });
      await ctx.fresh.disk(vm.id, { size: 100, label: ctx.label("disk", 48).padEnd(48, "x") });
    },
  );

  check(
    { id: "VM-DISK-4", op: "createDisk", effect: "billable" },
    "disk create with neither image nor label is refused",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const errors = expectError(
        await ctx.ops.createDisk({ path: { vmId: vm.id }, body: { size: 100 } }),
      );
      ctx.observe(
        "VM-DISK-4",
        "fields named",
        errors.map((e) => e.field),
      );
    },
  );

  check(
    { id: ["VM-DISK-5", "FIELD.createDisk.root_pass"], op: "createDisk", effect: "billable" },
    "a disk from an image without root_pass, or with one of 6 or 129 characters, is refused naming root_pass",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const body = { size: 4096, image: imageFixture(ctx), label: ctx.label("disk", 48) };
      for (const extra of [
        {},
        { root_pass: "Ab1!xy" },
        { root_pass: `Ab1!${"x".repeat(200)}`.slice(0, 129) },
      ]) {
        expectErrorNamingField(
          await ctx.ops.createDisk({ path: { vmId: vm.id }, body: { ...body, ...extra } }),
          "root_pass",
        );
      }
    },
  );

  check(
    { id: "VM-DISK-8", op: "createDisk", effect: "billable" },
    "a disk with a weak root_pass is refused with the reason 'Password does not meet strength requirement'",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const errors = expectError(
        await ctx.ops.createDisk({
          path: { vmId: vm.id },
          body: {
            size: 4096,
            image: imageFixture(ctx),
            root_pass: WEAK_PASS,
            label: ctx.label("disk", 48),
          },
        }),
      );
      if (!errors.some((e) => e.reason === "Password does not meet strength requirement")) {
        throw new TargetFailure(
          `no error has the reason "Password does not meet strength requirement": ${JSON.stringify(errors.map((e) => e.reason))}`,
        );
      }
    },
  );

  check(
    { id: "VM-DISK-6", op: ["createDisk", "getDisk"], effect: "billable" },
    "an empty disk created without filesystem gets ext4",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const disk = await ctx.fresh.disk(vm.id, { size: 100 });
      const fs = shownField(
        ctx,
        expectSuccess(await ctx.ops.getDisk({ path: { vmId: vm.id, diskId: disk.id } })),
        "filesystem",
      );
      if (fs !== "ext4")
        throw new TargetFailure(`filesystem is ${JSON.stringify(fs)}; the default is ext4`);
    },
  );

  check(
    { id: "VM-DISK-6", op: ["createDisk", "getDisk"], effect: "billable" },
    "a filesystem given explicitly is used",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      for (const filesystem of ["raw", "swap", "ext3", "initrd"] as const) {
        const disk = await ctx.fresh.disk(vm.id, { size: 100, filesystem });
        const fs = shownField(
          ctx,
          expectSuccess(await ctx.ops.getDisk({ path: { vmId: vm.id, diskId: disk.id } })),
          "filesystem",
        );
        if (fs !== filesystem)
          throw new TargetFailure(
            `filesystem is ${JSON.stringify(fs)} after creating with ${filesystem}`,
          );
      }
    },
  );

  check(
    { id: "VM-DISK-7", op: "createDisk", effect: "billable" },
    "a disk deploying a recipe with an image the recipe does not list is refused",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const recipe = await ctx.fresh.recipe({ images: ["vm/plumbline-none"] });
      expectError(
        await ctx.ops.createDisk({
          path: { vmId: vm.id },
          body: {
            size: 4096,
            image: imageFixture(ctx),
            root_pass: PASS,
            label: ctx.label("disk", 48),
            recipe_id: recipe.id,
          },
        }),
      );
    },
  );
});
