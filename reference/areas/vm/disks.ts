// Disks: list, create, view, update (delete, resize and clone of disks are not shown).
import { ok } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import type { Ctx, Router } from "../../router.ts";
import { Fields } from "../../validate.ts";
import { findImage, findType } from "../../data.ts";
import { findRecipe } from "../recipes.ts";
import {
  authorizedUsers,
  childOf,
  diskUsage,
  emitVm,
  inner,
  rootPass,
  vmFrom,
  type Disk,
  type VmRecord,
} from "./common.ts";
import { newDisk, startJob, workOf } from "./lifecycle.ts";

const FILESYSTEMS = ["raw", "swap", "ext3", "ext4", "initrd"];

function diskOf(ctx: Ctx, vm: VmRecord): Disk {
  return childOf(ctx, vm, "disks", "diskId", "vm-disk-any-instance");
}

const diskEntity = (vm: VmRecord, d: Disk) => ({
  id: d.id,
  label: d.label,
  type: "disk",
  url: `/v4/vm/instances/${vm.id}/disks/${d.id}`,
});

function create(ctx: Ctx) {
  const vm = vmFrom(ctx, "read_write");
  const f = new Fields(ctx.json());
  const size = f.int("size", { required: true, min: 1 });
  const label = f.string("label", { min: 1, max: 48 }) ?? undefined;
  const fs = f.string("filesystem", { oneOf: FILESYSTEMS }) ?? undefined;
  const imageId = f.string("image") ?? undefined;
  const image = imageId === undefined ? undefined : findImage(imageId);
  if (imageId !== undefined && !image) f.fail("image", `unknown image ${imageId}`);
  rootPass(f, ctx, imageId !== undefined);
  f.stringArray("authorized_keys");
  authorizedUsers(f, ctx);
  const recipeId = f.int("recipe_id") ?? undefined;
  if (!ctx.faults.has("vm-disk-recipe-data-any")) f.object("recipe_data");
  if (imageId === undefined && label === undefined && !f.errors.some((e) => e.field === "label")) {
    f.fail("image", "an image is required when no label is given (an empty disk needs a label)");
  }
  if (recipeId !== undefined) {
    const recipe = findRecipe(ctx.state, ctx.user, recipeId);
    if (!recipe) f.fail("recipe_id", `recipe ${recipeId} not found`);
    else if (imageId === undefined) f.fail("image", "a recipe needs a compatible image");
    else if (!recipe.images.includes(imageId))
      f.fail("image", `image ${imageId} is not compatible with recipe ${recipeId}`);
  }
  if (typeof size === "number") {
    if (image && size < image.size)
      f.fail("size", `must be at least ${image.size} MB for image ${image.id}`);
    const allowed = findType(vm.type)?.disk ?? vm.specs.disk;
    if (diskUsage(inner(vm)) + size > allowed)
      f.fail("size", `insufficient space: the instance's disks may total at most ${allowed} MB`);
  }
  f.done();
  const filesystem =
    fs ??
    image?.filesystem ??
    (ctx.faults.has("vm-disk-filesystem-default-ext3") ? "ext3" : "ext4");
  const d = newDisk(ctx.state, label ?? `${image!.id.split("/").pop()} Disk`, size!, filesystem);
  d.status = "not ready";
  inner(vm).disks.set(d.id, d);
  const job = startJob(workOf(ctx), vm, "disk_create", () => {
    d.status = "ready";
    d.updated = ctx.state.iso();
  });
  job.event.secondary_entity = diskEntity(vm, d);
  return ok(d);
}

function update(ctx: Ctx) {
  const vm = vmFrom(ctx, "read_write");
  const d = diskOf(ctx, vm);
  const f = new Fields(ctx.json());
  if (ctx.variants.has("disk-update-label-refused") && f.has("label"))
    f.fail("label", "a disk's label cannot be changed");
  const label = f.string("label", { min: 1, max: 48 }) ?? undefined;
  // variant disk-update-refuses-size: a disk's size changes only by a resize (not shown), so an
  // update naming `size` is refused ("Disk update | … | body: not shown")
  const refuseSize = ctx.variants.has("disk-update-refuses-size") && f.has("size");
  if (refuseSize) f.fail("size", "a disk's size is changed by a disk resize, not an update");
  const size = refuseSize ? undefined : (f.int("size", { min: 1 }) ?? undefined);
  if (size !== undefined) {
    const allowed = findType(vm.type)?.disk ?? vm.specs.disk;
    if (diskUsage(inner(vm)) - d.size + size > allowed)
      f.fail("size", `insufficient space: the instance's disks may total at most ${allowed} MB`);
  }
  f.done();
  if (label !== undefined) d.label = label;
  if (size !== undefined) d.size = size;
  d.updated = ctx.state.iso();
  emitVm(ctx, vm, "disk_update", diskEntity(vm, d));
  return ok(d);
}

export function registerDisks(r: Router) {
  r.get("/v4/vm/instances/{vmId}/disks", "vms:read_only", (ctx) =>
    paginate(ctx, [...inner(vmFrom(ctx, "read_only")).disks.values()], {
      resultsOfPage: ctx.faults.has("vm-disks-results-page-only"),
    }),
  );
  r.post("/v4/vm/instances/{vmId}/disks", "vms:read_write", create);
  r.get("/v4/vm/instances/{vmId}/disks/{diskId}", "vms:read_only", (ctx) =>
    ok(diskOf(ctx, vmFrom(ctx, "read_only"))),
  );
  r.put("/v4/vm/instances/{vmId}/disks/{diskId}", "vms:read_write", update);
}
