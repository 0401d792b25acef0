// Instance lifecycle pieces shared by create, clone, restore and the actions: new records, copies
// of disks and configs, and the asynchronous jobs (provision, boot, shutdown...).
import type { Account, State } from "../../state.ts";
import type { Jobs } from "../../jobs.ts";
import type { InstanceType } from "../../data.ts";
import {
  emptyDevices,
  inner,
  SLOTS,
  specsOf,
  type Config,
  type Devices,
  type Disk,
  type Iface,
  type VmRecord,
} from "./common.ts";

/** What asynchronous work needs: no request context survives into a job. */
export interface Work {
  state: State;
  jobs: Jobs;
  account: Account;
  username: string;
}

export function newRecord(
  state: State,
  o: {
    label?: string;
    region: string;
    type: InstanceType;
    tags: string[];
    group?: string;
    image: string | null;
    privateIp: boolean;
    backups: boolean;
    cpuFactor?: number;
  },
): VmRecord {
  const id = state.id();
  const now = state.iso();
  const ipv4 = [`45.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`];
  if (o.privateIp) ipv4.push(`192.168.${(id >> 8) & 255}.${id & 255}`);
  return {
    id,
    label: o.label ?? `vm${id}`,
    region: o.region,
    type: o.type.id,
    tags: o.tags,
    alerts: {
      cpu: (o.cpuFactor ?? 90) * o.type.vcpus,
      io: 10000,
      network_in: 10,
      network_out: 10,
      transfer_quota: 80,
    },
    backups: {
      enabled: o.backups,
      available: false,
      last_successful: null,
      schedule: { day: "Scheduling", window: "Scheduling" },
    },
    created: now,
    group: o.group ?? "",
    hypervisor: "kvm",
    image: o.image,
    ipv4,
    ipv6: `2001:db8::${id.toString(16)}/128`,
    specs: specsOf(o.type),
    status: "provisioning",
    updated: now,
    watchdog_enabled: true,
  };
}

export function newDisk(state: State, label: string, size: number, filesystem: string): Disk {
  const now = state.iso();
  return { id: state.id(), label, status: "ready", size, filesystem, created: now, updated: now };
}

export const DEFAULT_HELPERS = () => ({
  devtmpfs_automount: false,
  distro: true,
  modules_dep: true,
  network: true,
  updatedb_disabled: true,
});

export function newConfig(
  state: State,
  vm: VmRecord,
  o: Partial<Omit<Config, "id" | "created" | "updated">> & { label: string },
): Config {
  const now = state.iso();
  return {
    id: state.id(),
    label: o.label,
    comments: o.comments ?? null,
    devices: o.devices ?? emptyDevices(),
    helpers: o.helpers ?? DEFAULT_HELPERS(),
    interfaces: o.interfaces ?? [
      { id: state.id(), purpose: "public", label: null, ipam_address: null },
    ],
    kernel: o.kernel ?? "vm/latest-64bit",
    memory_limit: o.memory_limit ?? vm.specs.memory,
    root_device: o.root_device ?? "/dev/sda",
    run_level: o.run_level ?? "default",
    virt_mode: o.virt_mode ?? "paravirt",
    created: now,
    updated: now,
  };
}

/**
 * Copies disks and configs onto an instance with new IDs; device references to copied disks are
 * remapped, references to anything else (other disks, volumes) are left empty.
 */
export function copyContent(state: State, target: VmRecord, disks: Disk[], configs: Config[]) {
  const t = inner(target);
  const map = new Map<number, number>();
  for (const d of disks) {
    const copy = newDisk(state, d.label, d.size, d.filesystem);
    map.set(d.id, copy.id);
    t.disks.set(copy.id, copy);
  }
  for (const c of configs) {
    const devices: Devices = emptyDevices();
    for (const s of SLOTS) {
      const ref = c.devices[s];
      if (ref && "disk_id" in ref && map.has(ref.disk_id))
        devices[s] = { disk_id: map.get(ref.disk_id)! };
    }
    const interfaces: Iface[] = c.interfaces.map((i) => ({ ...i, id: state.id() }));
    const copy = newConfig(state, target, { ...c, devices, interfaces, helpers: { ...c.helpers } });
    copy.memory_limit = Math.min(c.memory_limit, target.specs.memory) || target.specs.memory;
    t.configs.set(copy.id, copy);
  }
}

/** Disks a config's devices refer to. */
export function configDisks(vm: VmRecord, c: Config): Disk[] {
  const i = inner(vm);
  const out: Disk[] = [];
  for (const s of SLOTS) {
    const ref = c.devices[s];
    if (ref && "disk_id" in ref) {
      const d = i.disks.get(ref.disk_id);
      if (d && !out.includes(d)) out.push(d);
    }
  }
  return out;
}

const alive = (w: Work, vm: VmRecord) => w.account.vms.get(vm.id) === vm;

export function startJob(
  w: Work,
  vm: VmRecord,
  action: string,
  work: () => void,
  cloneOf?: number,
) {
  return w.jobs.start(
    w.account,
    { vmId: vm.id, vmLabel: vm.label, action, username: w.username, cloneOf },
    () => {
      if (!alive(w, vm)) return;
      work();
      vm.updated = w.state.iso();
    },
  );
}

/** Boot job: booting, then running with that config (the last booted one from then on). */
export function boot(
  w: Work,
  vm: VmRecord,
  configId: number | null,
  rescue = false,
  remember = true,
) {
  vm.status = "booting";
  return startJob(w, vm, "vm_boot", () => {
    vm.status = "running";
    const i = inner(vm);
    i.rescue = rescue;
    if (remember && !rescue && configId !== null && i.configs.has(configId))
      i.lastBooted = configId;
  });
}

/** Provisioning job (vm_create), then a boot when asked. */
export function provision(w: Work, vm: VmRecord, bootConfig: number | null | false) {
  vm.status = "provisioning";
  startJob(w, vm, "vm_create", () => {
    vm.status = "offline";
    if (bootConfig !== false) boot(w, vm, bootConfig);
  });
}

export function workOf(ctx: {
  state: State;
  jobs: Jobs;
  account: Account;
  user: { username: string };
}): Work {
  return { state: ctx.state, jobs: ctx.jobs, account: ctx.account, username: ctx.user.username };
}
