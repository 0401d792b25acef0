// Instance actions: boot, shutdown, rescue, resize, clone.
import { badRequest, EMPTY, forbidden, ok } from "../../http.ts";
import type { Ctx, Router } from "../../router.ts";
import { Fields, loosen } from "../../validate.ts";
import { findRegion, findType, type InstanceType, type Region } from "../../data.ts";
import {
  asRecord,
  devices,
  diskUsage,
  inner,
  instanceLabel,
  permits,
  SLOTS,
  grantPermitsLess,
  vmFrom,
  type Config,
  type Disk,
  type VmRecord,
} from "./common.ts";
import { boot, configDisks, copyContent, newRecord, startJob, workOf } from "./lifecycle.ts";

export const MAX_CONCURRENT_CLONES = 5;

const busy = (ctx: Ctx, vmId: number) => ctx.jobs.active(vmId).length > 0;

function bootAction(ctx: Ctx) {
  const vm = vmFrom(ctx, "read_write");
  const f = new Fields(ctx.json());
  const cid = f.int("config_id", { nullable: true });
  f.done();
  const i = inner(vm);
  let config: number;
  if (typeof cid === "number") {
    if (!i.configs.has(cid))
      throw badRequest(`config ${cid} does not belong to this instance`, "config_id");
    config = cid;
  } else if (i.configs.size === 0) {
    throw badRequest("The instance has no config to boot; create a config first", "config_id");
  } else if (i.configs.size === 1) {
    config = [...i.configs.keys()][0];
  } else if (i.lastBooted !== null && i.configs.has(i.lastBooted)) {
    config = ctx.faults.has("vm-boot-first-over-last") ? [...i.configs.keys()][0] : i.lastBooted;
  } else if (ctx.faults.has("vm-boot-picks-first-config")) {
    config = [...i.configs.keys()][0];
  } else {
    throw badRequest(
      "The instance has several configs and none was last booted; config_id is required",
      "config_id",
    );
  }
  // fault: the single config booted without config_id is not remembered as the last booted one
  const single = typeof cid !== "number" && i.configs.size === 1;
  boot(
    workOf(ctx),
    vm,
    config,
    false,
    !(single && ctx.faults.has("vm-boot-single-not-remembered")),
  );
  return EMPTY;
}

function shutdown(ctx: Ctx) {
  const vm = vmFrom(ctx, "read_write");
  if (busy(ctx, vm.id) && !ctx.faults.has("vm-shutdown-busy-accepted")) {
    throw badRequest(
      "The instance has running or queued actions; shutdown can start when they finish",
    );
  }
  vm.status = "shutting_down";
  startJob(workOf(ctx), vm, "vm_shutdown", () => {
    vm.status = "offline";
    inner(vm).rescue = false;
  });
  return EMPTY;
}

/**
 * Rescue: devices in slots sda..sdg (sdh is reserved for the rescue system); the variant
 * rescue-sdh-accepted takes sdh like the other slots.
 */
function rescue(ctx: Ctx) {
  const vm = vmFrom(ctx, "read_write");
  const f = new Fields(ctx.json());
  const devs = f.object("devices");
  const slots = ctx.variants.has("rescue-sdh-accepted") ? SLOTS : SLOTS.filter((s) => s !== "sdh");
  if (devs) devices(f, ctx, vm, "devices", devs, slots);
  f.done();
  boot(workOf(ctx), vm, null, true);
  return EMPTY;
}

function resize(ctx: Ctx) {
  const vm = vmFrom(ctx, "read_write");
  grantPermitsLess(ctx, vm, "unrestricted");
  const f = new Fields(ctx.json());
  const typeId = f.string("type", { required: true });
  const type = typeId == null ? undefined : findType(typeId);
  if (typeId != null && !type) f.fail("type", `unknown type ${typeId}`);
  const auto = f.bool("allow_auto_disk_resize") ?? !ctx.faults.has("vm-resize-auto-default-false");
  f.done();
  if (inner(vm).pendingMigration && !ctx.faults.has("vm-resize-migration-unchecked")) {
    throw badRequest("The instance has a pending migration; resize can start once it is done");
  }
  if (busy(ctx, vm.id) && !ctx.faults.has("vm-resize-busy-accepted")) {
    throw badRequest(
      "The instance has running or queued actions; resize can start when they finish",
    );
  }
  if (ctx.account.balance > 0 && !ctx.faults.has("vm-resize-balance-ignored")) {
    throw badRequest("The account has an outstanding balance; pay it before resizing");
  }
  const i = inner(vm);
  const used = diskUsage(i);
  if (used > type!.disk && !ctx.faults.has("vm-resize-disk-unchecked")) {
    throw badRequest(
      `The instance's disks (${used} MB) exceed what type ${type!.id} allows (${type!.disk} MB); shrink them first`,
      "type",
    );
  }
  const wasRunning = vm.status === "running";
  const oldDisk = vm.specs.disk;
  vm.status = "resizing";
  startJob(workOf(ctx), vm, "vm_resize", () => {
    vm.type = type!.id;
    vm.specs = {
      disk: type!.disk,
      memory: type!.memory,
      transfer: type!.transfer,
      vcpus: type!.vcpus,
    };
    // auto disk resize: a single non-swap disk grows into the added space
    const data = [...i.disks.values()].filter((d) => d.filesystem !== "swap");
    if (auto && type!.disk > oldDisk && data.length === 1) {
      data[0].size += type!.disk - diskUsage(i);
      data[0].updated = ctx.state.iso();
    }
    vm.status = wasRunning ? "running" : "offline";
  });
  return EMPTY;
}

/** What is cloned: the configs (all when absent, none for []) with their disks, plus extra disks. */
function clonedContent(
  ctx: Ctx,
  source: VmRecord,
  configIds: number[] | undefined,
  diskIds: number[] | undefined,
) {
  const si = inner(source);
  const configs: Config[] =
    configIds === undefined ||
    (configIds.length === 0 && ctx.faults.has("vm-clone-empty-configs-clones-all"))
      ? [...si.configs.values()]
      : configIds.map((id) => si.configs.get(id)!);
  const disks: Disk[] = [];
  for (const c of configs)
    for (const d of configDisks(source, c)) if (!disks.includes(d)) disks.push(d);
  for (const id of diskIds ?? []) {
    const d = si.disks.get(id)!;
    if (!disks.includes(d)) disks.push(d);
  }
  return { configs, disks };
}

const hasVlan = (configs: Config[]) =>
  configs.some((c) => c.interfaces.some((x) => x.purpose === "vlan"));

/** A new target: add_vms, a type that holds the cloned disks, VLANs in its region if needed. */
function checkNewTarget(
  ctx: Ctx,
  configs: Config[],
  need: number,
  region: Region,
  type: InstanceType,
) {
  if (!ctx.user.grants.add_vms)
    throw forbidden("You need the add_vms grant to clone to a new instance");
  if (need > type.disk)
    throw badRequest(`type ${type.id} is too small for the cloned disks (${need} MB)`, "type");
  if (hasVlan(configs) && !region.vlans && !ctx.faults.has("vm-clone-vlan-region-unchecked"))
    throw badRequest(
      `region ${region.id} does not support VLANs; a VLAN-attached instance cannot be cloned there`,
      "region",
    );
}

/** An existing target: writable, idle, with room for the cloned disks, VLANs in its region if needed. */
function checkExistingTarget(ctx: Ctx, configs: Config[], need: number, t: VmRecord) {
  if (!permits(ctx.user, t.id, "read_write"))
    throw forbidden("You need read_write access to the target instance");
  if (busy(ctx, t.id) && !ctx.faults.has("vm-clone-target-busy-accepted"))
    throw badRequest(
      "The target instance has running or queued actions; they must finish first",
      "vm_id",
    );
  const allowed = findType(t.type)?.disk ?? t.specs.disk;
  if (diskUsage(inner(t)) + need > allowed)
    throw badRequest(
      `The target instance has too little free disk for the clone (${need} MB needed)`,
      "vm_id",
    );
  if (hasVlan(configs) && !findRegion(t.region)?.vlans)
    throw badRequest(`region ${t.region} does not support VLANs`, "vm_id");
}

/** At most MAX_CONCURRENT_CLONES clones of one source run at a time. */
function checkCloneLimit(ctx: Ctx, sourceId: number) {
  if (
    ctx.jobs.activeClones(sourceId).length >= MAX_CONCURRENT_CLONES &&
    !ctx.faults.has("vm-clone-limit-unenforced")
  ) {
    const e = badRequest(
      `At most ${MAX_CONCURRENT_CLONES} clones of one instance may run at a time`,
    );
    e.fixedStatus = true; // the material: "more gives HTTP 400"
    throw e;
  }
}

function clone(ctx: Ctx) {
  const source = vmFrom(ctx, "read_write");
  const si = inner(source);
  const f = new Fields(ctx.json());
  const targetId = f.int("vm_id") ?? undefined;
  if (ctx.faults.has("vm-clone-lists-lenient"))
    for (const k of ["configs", "disks"]) loosen(f.body, k, "drop", Array.isArray);
  const configIds = f.intArray("configs") ?? undefined;
  const diskIds = f.intArray("disks") ?? undefined;
  const backupsEnabled = f.bool("backups_enabled") ?? false;
  const group = f.string("group") ?? undefined;
  const label = instanceLabel(f, ctx);
  const newTarget = targetId === undefined;
  const regionId = f.string("region", { required: newTarget });
  const typeId = f.string("type", { required: newTarget });
  const region = regionId == null ? undefined : findRegion(regionId);
  const type = typeId == null ? undefined : findType(typeId);
  if (newTarget && regionId != null && !region) f.fail("region", `unknown region ${regionId}`);
  if (newTarget && typeId != null && !type) f.fail("type", `unknown type ${typeId}`);
  for (const c of configIds ?? [])
    if (!si.configs.has(c)) f.fail("configs", `config ${c} does not belong to the source instance`);
  for (const d of diskIds ?? [])
    if (!si.disks.has(d)) f.fail("disks", `disk ${d} does not belong to the source instance`);
  const target = targetId === undefined ? undefined : ctx.account.vms.get(targetId);
  if (targetId !== undefined && !target) f.fail("vm_id", `instance ${targetId} not found`);
  if (targetId !== undefined && targetId === source.id)
    f.fail("vm_id", "an instance cannot be cloned onto itself");
  f.done();

  const { configs, disks } = clonedContent(ctx, source, configIds, diskIds);
  const need = disks.reduce((n, d) => n + d.size, 0);
  if (newTarget) checkNewTarget(ctx, configs, need, region!, type!);
  else checkExistingTarget(ctx, configs, need, asRecord(target!));
  checkCloneLimit(ctx, source.id);

  let target2: ReturnType<typeof newRecord> | undefined;
  if (newTarget) {
    target2 = newRecord(ctx.state, {
      label: label ?? undefined,
      region: region!.id,
      type: type!,
      group,
      image: source.image,
      privateIp: source.ipv4.length > 1,
      tags: ctx.faults.has("vm-clone-tags-not-copied") ? [] : [...source.tags],
      backups: backupsEnabled || ctx.account.profile.backups_enabled === true,
    });
    ctx.account.vms.set(target2.id, target2);
    if (ctx.user.restricted) ctx.user.grants.vms.set(target2.id, "read_write");
  } else {
    target2 = asRecord(target!);
  }
  const t = target2;
  const wasStatus = t.status;
  t.status = "cloning";
  const job = startJob(
    workOf(ctx),
    t,
    "vm_clone",
    () => {
      copyContent(ctx.state, t, disks, configs);
      inner(t).rootPass = si.rootPass;
      t.status = newTarget ? "offline" : wasStatus === "cloning" ? "offline" : wasStatus;
    },
    source.id,
  );
  job.event.secondary_entity = {
    id: source.id,
    label: source.label,
    type: "vm",
    url: `/v4/vm/instances/${source.id}`,
  };
  return ok(t);
}

export function registerActions(r: Router) {
  r.post("/v4/vm/instances/{vmId}/boot", "vms:read_write", bootAction);
  r.post("/v4/vm/instances/{vmId}/shutdown", "vms:read_write", shutdown);
  r.post("/v4/vm/instances/{vmId}/rescue", "vms:read_write", rescue);
  r.post("/v4/vm/instances/{vmId}/resize", "vms:read_write", resize);
  r.post("/v4/vm/instances/{vmId}/clone", "vms:read_write", clone);
}
