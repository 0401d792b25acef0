// Instances: list, create, view, update, delete.
import { EMPTY, forbidden, ok } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import type { Ctx, Router } from "../../router.ts";
import { Fields } from "../../validate.ts";
import {
  findImage,
  findRegion,
  findType,
  type Image,
  type InstanceType,
  type Region,
} from "../../data.ts";
import { findRecipe } from "../recipes.ts";
import {
  asRecord,
  authorizedUsers,
  checkTagChange,
  emitVm,
  emptyDevices,
  inner,
  keepRemoved,
  instanceLabel,
  interfaces,
  permits,
  grantFault,
  rootPass,
  tagList,
  grantPermitsLess,
  vmFrom,
  type BackupEntry,
  type Config,
  type Devices,
  type Iface,
  type VmRecord,
} from "./common.ts";
import { copyContent, newConfig, newDisk, newRecord, provision, workOf } from "./lifecycle.ts";

export const IMAGE_DISK_MB = 8192;
export const DAYS = [
  "Scheduling",
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
];
export const WINDOWS = ["Scheduling", ...Array.from({ length: 12 }, (_, i) => `W${i * 2}`)];

/** A backup of any instance of the account. */
export function findBackup(ctx: Ctx, id: number): { vm: VmRecord; entry: BackupEntry } | undefined {
  for (const vm of ctx.account.vms.values()) {
    const entry = inner(vm).backups.get(id);
    if (entry) return { vm: asRecord(vm), entry };
  }
  return undefined;
}

/** A recipe deployment needs a compatible, non-private image (and root_pass); never a backup. */
function checkRecipe(
  ctx: Ctx,
  f: Fields,
  recipeId: number,
  imageId: string | undefined,
  backupId: number | undefined,
) {
  const recipe = findRecipe(ctx.state, ctx.user, recipeId);
  if (!recipe) f.fail("recipe_id", `recipe ${recipeId} not found`);
  else if (backupId !== undefined) f.fail("recipe_id", "a recipe cannot be combined with a backup");
  else if (imageId === undefined) f.fail("image", "a recipe needs a compatible image");
  else if (imageId.startsWith("private/"))
    f.fail("image", "a recipe cannot be deployed with a private image");
  else if (!recipe.images.includes(imageId))
    f.fail("image", `image ${imageId} is not compatible with recipe ${recipeId}`);
}

/**
 * The backup a create restores: successful, in the instance's region, fitting its type (read_write
 * on its instance is checked after the body).
 */
function backupSource(
  ctx: Ctx,
  f: Fields,
  backupId: number,
  region: Region | undefined,
  type: InstanceType | undefined,
) {
  const source = findBackup(ctx, backupId);
  if (!source) return f.fail("backup_id", `backup ${backupId} not found`);
  const { entry } = source;
  if (entry.rec.status !== "successful" && !ctx.faults.has("vm-backup-unsuccessful-accepted")) {
    f.fail(
      "backup_id",
      `backup ${backupId} has status ${entry.rec.status}; only a successful backup can be restored`,
    );
  }
  if (region && entry.rec.region !== region.id && !ctx.faults.has("vm-backup-region-unchecked")) {
    f.fail("region", `must equal the backup's region ${entry.rec.region}`);
  }
  const need = entry.disks.reduce((n, d) => n + d.size, 0);
  if (type && need > type.disk && !ctx.faults.has("vm-backup-type-unchecked"))
    f.fail("type", `type ${type.id} is too small for the backup (${need} MB of disks)`);
  return source;
}

/**
 * An image deployment's disks and config: the image disk, 8192 MB (or the image's size if larger)
 * within what the type leaves after swap, on sda; the swap disk (if any) on sdb.
 */
function deployImage(
  ctx: Ctx,
  vm: VmRecord,
  image: Image,
  type: InstanceType,
  swap: number,
  ifaces: Iface[] | undefined,
): Config {
  const i = inner(vm);
  const mainSize = Math.min(type.disk - swap, Math.max(IMAGE_DISK_MB, image.size));
  const main = newDisk(ctx.state, `${image.id.split("/").pop()} Disk`, mainSize, image.filesystem);
  i.disks.set(main.id, main);
  const devices: Devices = { ...emptyDevices(), sda: { disk_id: main.id } };
  if (swap > 0) {
    const sw = newDisk(ctx.state, `${swap} MB Swap Image`, swap, "swap");
    i.disks.set(sw.id, sw);
    devices.sdb = { disk_id: sw.id };
  }
  const memory_limit = ctx.variants.has("memory-limit-zero") ? 0 : undefined;
  const config = newConfig(ctx.state, vm, {
    label: `My ${image.id} Disk Profile`,
    devices,
    interfaces: ifaces,
    memory_limit,
  });
  i.configs.set(config.id, config);
  return config;
}

function create(ctx: Ctx) {
  if (!ctx.user.grants.add_vms && !ctx.faults.has("vm-create-without-add-vms")) {
    throw forbidden("You need the add_vms grant to create instances");
  }
  const f = new Fields(ctx.json());
  const regionId = f.string("region", { required: true });
  const region = regionId == null ? undefined : findRegion(regionId);
  if (regionId != null && !region) f.fail("region", `unknown region ${regionId}`);
  const typeId = f.string("type", { required: true });
  const type = typeId == null ? undefined : findType(typeId);
  if (typeId != null && !type) f.fail("type", `unknown type ${typeId}`);
  const label = instanceLabel(f, ctx);
  const group = f.string("group") ?? undefined;
  const imageId = f.string("image") ?? undefined;
  const image = imageId === undefined ? undefined : findImage(imageId);
  if (imageId !== undefined && !image) f.fail("image", `unknown image ${imageId}`);
  const backupId = f.int("backup_id") ?? undefined;
  if (
    imageId !== undefined &&
    backupId !== undefined &&
    !ctx.faults.has("vm-image-and-backup-accepted")
  ) {
    f.fail("backup_id", "backup_id and image are mutually exclusive");
  }
  const recipeId = f.int("recipe_id") ?? undefined;
  f.object("recipe_data");
  if (
    recipeId !== undefined &&
    !f.has("recipe_data") &&
    ctx.faults.has("vm-recipe-data-always-required")
  )
    f.fail("recipe_data", "is required with a recipe");
  const needPass =
    (imageId !== undefined && !ctx.faults.has("vm-root-pass-not-required")) ||
    recipeId !== undefined;
  const pass = rootPass(f, ctx, needPass);
  const swapDefault = ctx.faults.has("vm-swap-default-256") ? 256 : 512;
  const swap = f.int("swap_size", { min: 0 }) ?? swapDefault;
  const booted = f.bool("booted") ?? undefined;
  const privateIp = f.bool("private_ip") ?? false;
  const backupsEnabled = f.bool("backups_enabled") ?? false;
  f.stringArray("authorized_keys");
  authorizedUsers(f, ctx);
  const tags = tagList(f) ?? [];
  const ifaces = region ? interfaces(f, ctx, region.id) : undefined;

  if (recipeId !== undefined) checkRecipe(ctx, f, recipeId, imageId, backupId);
  const source =
    backupId !== undefined && recipeId === undefined
      ? backupSource(ctx, f, backupId, region, type)
      : undefined;
  if (image && type && image.size + swap > type.disk)
    f.fail("type", `type ${type.id} has too little disk for the image and swap`);
  f.done();
  if (source && !permits(ctx.user, source.vm.id, "read_write"))
    throw forbidden("You need read_write access to the backup's instance");
  checkTagChange(ctx, [], tags);

  const vm = newRecord(ctx.state, {
    label,
    region: region!.id,
    type: type!,
    tags,
    group,
    image: imageId ?? (source ? source.vm.image : null),
    privateIp,
    backups:
      backupsEnabled ||
      (ctx.account.profile.backups_enabled === true &&
        !ctx.faults.has("vm-account-backups-ignored")),
    cpuFactor: ctx.faults.has("vm-alerts-cpu-default-100") ? 100 : 90,
  });
  // a derived default answered as the constant it gives for one core
  if (ctx.faults.has("vm-alerts-cpu-default-constant")) vm.alerts.cpu = 90;
  ctx.account.vms.set(vm.id, vm);
  if (ctx.user.restricted) ctx.user.grants.vms.set(vm.id, "read_write");
  const i = inner(vm);
  let bootConfig: number | null | false = false;
  if (image) {
    const config = deployImage(ctx, vm, image, type!, swap, ifaces);
    i.rootPass = pass ?? null;
    if (booted !== false) bootConfig = config.id;
  } else if (source) {
    copyContent(ctx.state, vm, source.entry.disks, source.entry.configs);
    i.rootPass = source.entry.rootPass;
    if (booted !== false) bootConfig = i.configs.size === 1 ? [...i.configs.keys()][0] : null;
  }
  provision(workOf(ctx), vm, bootConfig);
  return ok(vm);
}

function update(ctx: Ctx) {
  const vm = vmFrom(ctx, "read_write");
  const f = new Fields(ctx.json());
  const label = instanceLabel(f, ctx);
  const group = f.string("group") ?? undefined;
  const watchdog = f.bool("watchdog_enabled") ?? undefined;
  const tags = tagList(f);
  const alerts = f.object("alerts") ?? undefined;
  const a = alerts ? f.nested("alerts", alerts) : undefined;
  const alertValues = a && {
    cpu: a.int("cpu", { min: 0, max: 100 * vm.specs.vcpus }),
    io: a.int("io", { min: 0 }),
    network_in: a.int("network_in", { min: 0 }),
    network_out: a.int("network_out", { min: 0 }),
    transfer_quota: a.int("transfer_quota", { min: 0, max: 100 }),
  };
  const backups = f.object("backups") ?? undefined;
  let day: string | null | undefined, window: string | null | undefined;
  if (backups) {
    const b = f.nested("backups", backups);
    const schedule = b.object("schedule") ?? undefined;
    if (schedule) {
      const s = b.nested("schedule", schedule);
      day = s.string("day", { nullable: true, oneOf: DAYS });
      window = s.string("window", { nullable: true, oneOf: WINDOWS });
    }
  }
  f.done();
  checkTagChange(ctx, vm.tags, tags);
  if (label !== undefined) vm.label = label;
  if (group !== undefined) vm.group = group;
  if (watchdog !== undefined && !(ctx.faults.has("vm-watchdog-sticky-off") && !vm.watchdog_enabled))
    vm.watchdog_enabled = watchdog;
  if (tags !== undefined) vm.tags = tags;
  if (alertValues)
    for (const [k, v] of Object.entries(alertValues))
      if (typeof v === "number") vm.alerts[k as keyof typeof vm.alerts] = v;
  const unset = (v: string | null) => v === null || v === "Scheduling";
  const once = ctx.faults.has("vm-schedule-set-once");
  if (day !== undefined && !(once && !unset(vm.backups.schedule.day)))
    vm.backups.schedule.day = day;
  if (window !== undefined && !(once && !unset(vm.backups.schedule.window)))
    vm.backups.schedule.window = window;
  vm.updated = ctx.state.iso();
  emitVm(ctx, vm, "vm_update");
  return ok(vm);
}

function remove(ctx: Ctx) {
  const vm = vmFrom(ctx, "read_write");
  grantPermitsLess(ctx, vm, "unrestricted");
  const i = inner(vm);
  i.disks.clear();
  if (!ctx.faults.has("vm-delete-keeps-configs")) i.configs.clear();
  keepRemoved(ctx, vm);
  i.backups.clear();
  ctx.account.vms.delete(vm.id);
  for (const u of ctx.account.users.values()) u.grants.vms.delete(vm.id);
  for (const v of ctx.account.volumes.values()) {
    if (v.vm_id === vm.id) {
      v.vm_id = null;
      v.vm_label = null;
    }
  }
  emitVm(ctx, vm, "vm_delete");
  return EMPTY;
}

export function registerInstances(r: Router) {
  r.get("/v4/vm/instances", "vms:read_only", (ctx) =>
    paginate(
      ctx,
      [...ctx.account.vms.values()].filter(
        (v) => permits(ctx.user, v.id, "read_only") || grantFault(ctx, "read_only"),
      ),
    ),
  );
  r.post("/v4/vm/instances", "vms:read_write", create);
  r.get("/v4/vm/instances/{vmId}", "vms:read_only", (ctx) => ok(vmFrom(ctx, "read_only")));
  r.put("/v4/vm/instances/{vmId}", "vms:read_write", update);
  r.delete("/v4/vm/instances/{vmId}", "vms:read_write", remove);
}
