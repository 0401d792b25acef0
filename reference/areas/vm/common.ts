// Compute instances (vm): records, per-instance internals, access checks and the validators shared
// by the vm area's modules. Written from the material alone.
import { ApiError, badRequest, forbidden, notFound } from "../../http.ts";
import { intParam, type Ctx } from "../../router.ts";
import { isIpv4, type Fields } from "../../validate.ts";
import type { Account, State, User, VmCore } from "../../state.ts";
import { findRegion, findType, KERNELS, TYPES, type InstanceType } from "../../data.ts";

export type Slot = "sda" | "sdb" | "sdc" | "sdd" | "sde" | "sdf" | "sdg" | "sdh";
export const SLOTS: Slot[] = ["sda", "sdb", "sdc", "sdd", "sde", "sdf", "sdg", "sdh"];
export const FULLVIRT_OFF: Slot[] = ["sde", "sdf", "sdg", "sdh"];
export type DeviceRef = { disk_id: number } | { volume_id: number } | null;
export type Devices = Record<Slot, DeviceRef>;

export interface Alerts {
  cpu: number;
  io: number;
  network_in: number;
  network_out: number;
  transfer_quota: number;
}

export interface VmRecord extends VmCore {
  alerts: Alerts;
  backups: {
    enabled: boolean;
    available: boolean;
    last_successful: string | null;
    schedule: { day: string | null; window: string | null };
  };
  created: string;
  group: string;
  hypervisor: "kvm";
  image: string | null;
  ipv4: string[];
  ipv6: string | null;
  specs: { disk: number; memory: number; transfer: number; vcpus: number };
  status: string;
  updated: string;
  watchdog_enabled: boolean;
}

export interface Disk {
  id: number;
  label: string;
  status: "ready" | "not ready";
  size: number;
  filesystem: string;
  created: string;
  updated: string;
}

export interface Iface {
  id: number;
  purpose: "public" | "vlan";
  label: string | null;
  ipam_address: string | null;
}

export interface Config {
  id: number;
  label: string;
  comments: string | null;
  devices: Devices;
  helpers: {
    devtmpfs_automount: boolean;
    distro: boolean;
    modules_dep: boolean;
    network: boolean;
    updatedb_disabled: boolean;
  };
  interfaces: Iface[];
  kernel: string;
  memory_limit: number;
  root_device: string;
  run_level: string;
  virt_mode: string;
  created: string;
  updated: string;
}

export interface Backup {
  id: number;
  label: string | null;
  type: "auto" | "snapshot";
  status: string;
  region: string;
  available: boolean;
  configs: string[];
  disks: { label: string; size: number; filesystem: string }[];
  created: string;
  updated: string;
  finished: string | null;
}

/** What a backup holds: copies of the disks and configs, and the root password, at backup time. */
export interface BackupEntry {
  rec: Backup;
  disks: Disk[];
  configs: Config[];
  rootPass: string | null;
  vmId: number;
}

/** What the API does not show of an instance: its disks, configs, backups, boot history. */
export interface VmInternal {
  disks: Map<number, Disk>;
  configs: Map<number, Config>;
  backups: Map<number, BackupEntry>;
  lastBooted: number | null;
  rootPass: string | null;
  rescue: boolean;
  /** set by the pending-migration provider state (migrate itself is not shown) */
  pendingMigration?: boolean;
}

// Internals travel with the record (an entity transfer may move the record to another account).
const internals = new WeakMap<VmCore, VmInternal>();
export function inner(vm: VmCore): VmInternal {
  let i = internals.get(vm);
  if (!i) {
    i = {
      disks: new Map(),
      configs: new Map(),
      backups: new Map(),
      lastBooted: null,
      rootPass: null,
      rescue: false,
    };
    internals.set(vm, i);
  }
  return i;
}

/** An instance record made by another area (a test, a transfer) gets the fields this area adds. */
export function asRecord(vm: VmCore): VmRecord {
  if (!("specs" in vm)) {
    const t = findType(vm.type) ?? TYPES[0];
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
    Object.assign(vm, {
      alerts: { cpu: 90 * t.vcpus, io: 10000, network_in: 10, network_out: 10, transfer_quota: 80 },
      backups: {
        enabled: false,
        available: false,
        last_successful: null,
        schedule: { day: "Scheduling", window: "Scheduling" },
      },
      created: now,
      group: "",
      hypervisor: "kvm",
      image: null,
      ipv4: [`45.0.${(vm.id >> 8) & 255}.${vm.id & 255}`],
      ipv6: `2001:db8::${vm.id.toString(16)}/128`,
      specs: specsOf(t),
      status: "offline",
      updated: now,
      watchdog_enabled: true,
    });
  }
  return vm as VmRecord;
}

// ---- access ---------------------------------------------------------------------------------

export type Need = "read_only" | "read_write";

/** Whether the user may see (read_only) or change (read_write) the instance. */
export function permits(user: User, vmId: number, need: Need): boolean {
  if (!user.restricted) return true;
  const g = user.grants.vms.get(vmId);
  return g === "read_write" || (g === "read_only" && need === "read_only");
}

/**
 * The instance named by `{vmId}`: another account's (or an unknown) ID is 404, so existence never
 * leaks; a restricted user lacking the grant gets 403.
 */
export function vmFrom(ctx: Ctx, need: Need, param = "vmId"): VmRecord {
  const id = intParam(ctx, param);
  const vm = ctx.account.vms.get(id) ?? foreignVm(ctx, id, need);
  if (!vm) throw notFound();
  asRecord(vm);
  if (!permits(ctx.user, id, need) && !grantFault(ctx, need))
    throw forbidden(
      need === "read_write"
        ? "You need read_write access to this instance"
        : "You do not have access to this instance",
    );
  return asRecord(vm);
}

/**
 * Variant grant-permits-less ("Grants include add_vms (create or clone instances) and per-object
 * read_only or read_write", nothing of what each permits): a restricted user may not delete or
 * resize an instance whatever its grant (`"unrestricted"`), and the statistics and transfer reads
 * need a read_write grant (`"read_write"`). Call after vmFrom.
 */
export function grantPermitsLess(ctx: Ctx, vm: VmRecord, need: "unrestricted" | "read_write") {
  if (!ctx.variants.has("grant-permits-less") || !ctx.user.restricted) return;
  if (need === "unrestricted")
    throw forbidden("Only unrestricted users may delete or resize an instance");
  if (ctx.user.grants.vms.get(vm.id) !== "read_write")
    throw forbidden("You need read_write access to this instance's statistics and transfer");
}

/** Deleted instances, kept only while `vm-delete-keeps-configs` is on. */
const removedVms = new WeakMap<Account, Map<number, VmRecord>>();

/** Records a deleted instance for the `vm-delete-keeps-configs` fault (nothing while it is off). */
export function keepRemoved(ctx: Ctx, vm: VmRecord) {
  if (!ctx.faults.has("vm-delete-keeps-configs")) return;
  if (!removedVms.has(ctx.account)) removedVms.set(ctx.account, new Map());
  removedVms.get(ctx.account)!.set(vm.id, vm);
}

/** vmFrom for the reads of an instance's configs: a deleted one too under `vm-delete-keeps-configs`. */
export function vmOrRemoved(ctx: Ctx, need: Need): VmRecord {
  const gone = ctx.faults.has("vm-delete-keeps-configs")
    ? removedVms.get(ctx.account)?.get(intParam(ctx, "vmId"))
    : undefined;
  return gone ?? vmFrom(ctx, need);
}

/**
 * The config or disk named by the path parameter, among the instance's own; while `fault` is on,
 * among every instance of the account (a child found whatever parent the path names).
 */
export function childOf<K extends "configs" | "disks">(
  ctx: Ctx,
  vm: VmRecord,
  of: K,
  param: string,
  fault: string,
): VmInternal[K] extends Map<number, infer T> ? T : never {
  const id = intParam(ctx, param);
  const parents = ctx.faults.has(fault) ? [vm, ...ctx.account.vms.values()] : [vm];
  for (const p of parents) {
    const c = inner(p)[of].get(id);
    if (c) return c as never;
  }
  throw notFound();
}

/** faults authz-foreign-instance-readable / -writable: another account's instance is found too. */
function foreignVm(ctx: Ctx, id: number, need: Need): VmCore | undefined {
  const fault =
    need === "read_only" ? "authz-foreign-instance-readable" : "authz-foreign-instance-writable";
  if (!ctx.faults.has(fault)) return undefined;
  return ctx.state.accounts.map((a) => a.vms.get(id)).find(Boolean);
}

/** faults authz-grant-ignored (reads) and authz-read-only-grant-writes (a read_only grant writes). */
export function grantFault(ctx: Ctx, need: Need, id?: number): boolean {
  if (need === "read_only") return ctx.faults.has("authz-grant-ignored");
  const g = ctx.user.grants.vms.get(id ?? intParam(ctx, "vmId"));
  return g === "read_only" && ctx.faults.has("authz-read-only-grant-writes");
}

export function touch(ctx: { state: State }, rec: { updated: string }) {
  rec.updated = ctx.state.iso();
}

/** A synchronous event about an instance. */
export function emitVm(
  ctx: Ctx,
  vm: VmCore,
  action: string,
  secondary?: { id: number; label: string; type: string; url: string },
) {
  ctx.state.emit(ctx.account, {
    action,
    username: ctx.user.username,
    entity: { id: vm.id, label: vm.label, type: "vm", url: `/v4/vm/instances/${vm.id}` },
    secondary_entity: secondary ?? null,
  });
}

/** Total MB of the instance's disks. */
export const diskUsage = (i: VmInternal) => [...i.disks.values()].reduce((n, d) => n + d.size, 0);

export const specsOf = (t: InstanceType) => ({
  disk: t.disk,
  memory: t.memory,
  transfer: t.transfer,
  vcpus: t.vcpus,
});

// ---- field rules ------------------------------------------------------------------------------

/** 3..32; begins and ends alphanumeric; only alphanumerics - _ .; no two of - _ . in a row. */
export const LABEL_RULE = /^[A-Za-z0-9](?:[A-Za-z0-9]|[-_.](?=[A-Za-z0-9]))*$/;

export function instanceLabel(f: Fields, ctx: Ctx, name = "label"): string | undefined {
  const lax = ctx.faults.has("vm-label-pattern-unchecked");
  const v = f.string(name, { min: 3, max: 32, pattern: lax ? undefined : LABEL_RULE });
  // variant: labels unique on the account (an update may keep its own)
  const self = ctx.method === "PUT" ? Number(ctx.params.vmId) : undefined;
  if (
    v &&
    ctx.variants.has("vm-label-unique") &&
    [...ctx.account.vms.values()].some((x) => x.label === v && x.id !== self)
  ) {
    return f.fail(name, `the label ${v} is already used by another instance of the account`);
  }
  return v ?? undefined;
}

export const WEAK_PASSWORD = "Password does not meet strength requirement";

/** Strong = at least three of: lowercase, uppercase, digits, other characters. */
export function isStrong(p: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(p)).length;
  return classes >= 3;
}

export function rootPass(f: Fields, ctx: Ctx, required: boolean): string | undefined {
  const v = f.string("root_pass", { min: 7, max: 128, required });
  if (typeof v !== "string") return undefined;
  if (!isStrong(v) && !ctx.faults.has("vm-weak-password-accepted")) {
    f.errors.push({ field: f.path("root_pass"), reason: WEAK_PASSWORD });
    return undefined;
  }
  return v;
}

/** Instance tags: strings of 3..50 characters (the tag label rule); duplicates collapse. */
export function tagList(f: Fields): string[] | undefined {
  const tags = f.stringArray("tags");
  if (!tags) return undefined;
  if (tags.some((t) => t.length < 3 || t.length > 50)) {
    f.fail("tags", "each tag must be 3..50 characters");
    return undefined;
  }
  return [...new Set(tags)];
}

/** Only unrestricted users can add or modify tags. */
export function checkTagChange(ctx: Ctx, before: string[], after: string[] | undefined) {
  if (after === undefined || !ctx.user.restricted || ctx.faults.has("vm-restricted-tags-accepted"))
    return;
  const same = before.length === after.length && after.every((t) => before.includes(t));
  if (!same)
    throw new ApiError(403, [
      { field: "tags", reason: "Only unrestricted users can add or modify tags" },
    ]);
}

/** Names in authorized_users need an SSH key stored on the profile of that user of the account. */
export function authorizedUsers(f: Fields, ctx: Ctx): string[] | undefined {
  const names = f.stringArray("authorized_users");
  if (!names || ctx.faults.has("vm-authorized-users-unchecked")) return names ?? undefined;
  for (const n of names) {
    const u = ctx.account.users.get(n);
    if (!u || u.sshKeys.length === 0) {
      f.fail("authorized_users", `user ${n} has no SSH key stored on the profile`);
      return undefined;
    }
  }
  return names;
}

// ---- interfaces -------------------------------------------------------------------------------

const VLAN_LABEL = /^[A-Za-z0-9-]{1,64}$/;
/** ip/netmask: an IPv4 address (validate.ts) and a prefix length 0..32 */
const isCidr = (s: string) => {
  const [ip, bits, ...rest] = s.split("/");
  return (
    rest.length === 0 && bits !== undefined && /^([0-9]|[12]\d|3[0-2])$/.test(bits) && isIpv4(ip)
  );
};
export const MAX_VLANS_PER_REGION = 10;

/** VLAN labels in use in a region of the account: a VLAN exists while some config attaches it. */
export function vlansInRegion(
  account: Account,
  region: string,
  exceptConfig?: number,
): Set<string> {
  const out = new Set<string>();
  for (const vm of account.vms.values()) {
    if (vm.region !== region) continue;
    for (const c of inner(vm).configs.values()) {
      if (c.id === exceptConfig) continue;
      for (const i of c.interfaces) if (i.purpose === "vlan" && i.label) out.add(i.label);
    }
  }
  return out;
}

/**
 * Interfaces of a config (or of a create's default config): at most 3, purpose public|vlan, vlan
 * label 1..64 letters/digits/dashes, nothing but purpose on a public one, unique labels and
 * ipam_addresses, one public, VLAN-capable region, at most 10 VLANs per region.
 * Absent or empty gives the default public interface only.
 */
export function interfaces(
  f: Fields,
  ctx: Ctx,
  region: string,
  exceptConfig?: number,
): Iface[] | undefined {
  const max = ctx.faults.has("vm-interfaces-4th-accepted") ? Infinity : 3;
  const list = f.array("interfaces", { max });
  if (list === undefined && f.has("interfaces")) return undefined;
  if (!list || list.length === 0)
    return [{ id: ctx.state.id(), purpose: "public", label: null, ipam_address: null }];
  const before = f.errors.length;
  const out: Iface[] = [];
  const labels = new Set<string>();
  const ipams = new Set<string>();
  let publics = 0;
  for (const raw of list) {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
      f.fail("interfaces", "each interface must be an object");
      continue;
    }
    const i = f.nested("interfaces", raw as Record<string, unknown>);
    const purpose = i.string("purpose", { required: true, oneOf: ["public", "vlan"] });
    const label = i.string("label", { nullable: true });
    const ipam = i.string("ipam_address", { nullable: true });
    if (purpose === "public") {
      publics++;
      if (!ctx.faults.has("vm-iface-public-label-accepted")) {
        if (label) i.fail("label", "must be empty or null for a public interface");
        if (ipam) i.fail("ipam_address", "must be empty or null for a public interface");
      }
      out.push({ id: ctx.state.id(), purpose, label: null, ipam_address: null });
    } else if (purpose === "vlan") {
      if (!label) i.fail("label", "is required for a vlan interface");
      else if (!VLAN_LABEL.test(label)) i.fail("label", "1..64 ASCII letters, digits and dashes");
      else if (labels.has(label)) i.fail("label", "must be unique among the instance's interfaces");
      else labels.add(label);
      if (ipam) {
        if (!isCidr(ipam))
          i.fail("ipam_address", "must be an IPv4 address with a netmask (ip/netmask)");
        else if (ipams.has(ipam))
          i.fail("ipam_address", "must be unique among the instance's interfaces");
        else ipams.add(ipam);
      }
      out.push({ id: ctx.state.id(), purpose, label: label ?? null, ipam_address: ipam || null });
    }
  }
  if (publics > 1) f.fail("interfaces", "only one public interface per instance");
  if (labels.size > 0) {
    if (!findRegion(region)?.vlans) f.fail("interfaces", `region ${region} does not support VLANs`);
    else if (!ctx.faults.has("vm-vlan-limit-unenforced")) {
      const existing = vlansInRegion(ctx.account, region, exceptConfig);
      const fresh = [...labels].filter((l) => !existing.has(l));
      if (fresh.length && existing.size + fresh.length > MAX_VLANS_PER_REGION) {
        f.fail("interfaces.label", `at most ${MAX_VLANS_PER_REGION} VLANs per region`);
      }
    }
  }
  // fault: the list comes back sorted by label instead of in the order sent
  if (ctx.faults.has("vm-iface-order-sorted"))
    out.sort((a, b) => (a.label ?? "").localeCompare(b.label ?? ""));
  return f.errors.length > before ? undefined : out;
}

// ---- devices ----------------------------------------------------------------------------------

export const emptyDevices = (): Devices => ({
  sda: null,
  sdb: null,
  sdc: null,
  sdd: null,
  sde: null,
  sdf: null,
  sdg: null,
  sdh: null,
});

/**
 * A devices object: slots from `allowed` (others are refused by name), each null or an object with
 * disk_id or volume_id (integer or null; both set is refused), disks of this instance, volumes of
 * the account in its region and not attached elsewhere.
 */
export function devices(
  f: Fields,
  ctx: Ctx,
  vm: VmRecord,
  name: string,
  value: Record<string, unknown>,
  allowed: Slot[],
): Devices | undefined {
  const before = f.errors.length;
  const d = f.nested(name, value);
  const out = emptyDevices();
  for (const key of Object.keys(value)) {
    if (!(allowed as string[]).includes(key)) {
      d.fail(
        key,
        `slot ${key} is not available here (slots ${allowed[0]}..${allowed[allowed.length - 1]})`,
      );
      continue;
    }
    const slot = key as Slot;
    const raw = value[key];
    if (raw === null) continue;
    if (typeof raw !== "object" || Array.isArray(raw)) {
      d.fail(slot, "must be null or an object with disk_id or volume_id");
      continue;
    }
    const s = d.nested(slot, raw as Record<string, unknown>);
    const disk = s.int("disk_id", { nullable: true });
    const vol = s.int("volume_id", { nullable: true });
    if (typeof disk === "number" && typeof vol === "number") {
      d.fail(slot, "one kind per slot: disk_id or volume_id, not both");
    } else if (typeof disk === "number") {
      if (!inner(vm).disks.has(disk))
        s.fail("disk_id", `disk ${disk} does not belong to this instance`);
      else out[slot] = { disk_id: disk };
    } else if (typeof vol === "number") {
      const v = ctx.account.volumes.get(vol);
      if (!v) s.fail("volume_id", `volume ${vol} not found`);
      else if (v.region !== vm.region) s.fail("volume_id", `volume ${vol} is in another region`);
      else if (v.vm_id != null && v.vm_id !== vm.id)
        s.fail("volume_id", `volume ${vol} is attached to another instance`);
      else out[slot] = { volume_id: vol };
    }
  }
  return f.errors.length > before ? undefined : out;
}

/** Volumes named by a config's devices get attached to the instance. */
export function attachVolumes(ctx: Ctx, vm: VmRecord, devs: Devices) {
  for (const s of SLOTS) {
    const ref = devs[s];
    if (ref && "volume_id" in ref) {
      const v = ctx.account.volumes.get(ref.volume_id);
      if (v && v.vm_id !== vm.id) {
        v.vm_id = vm.id;
        v.vm_label = vm.label;
        v.updated = ctx.state.iso();
      }
    }
  }
}

export const isKernel = (k: string) => KERNELS.some((x) => x.id === k);

export function badField(field: string, reason: string) {
  return badRequest(reason, field);
}
