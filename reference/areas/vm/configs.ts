// Configuration profiles: list, create, view, update, delete.
import { EMPTY, ok } from "../../http.ts";
import { racePause } from "../../faults.ts";
import { paginate } from "../../paginate.ts";
import type { Ctx, Router } from "../../router.ts";
import { Fields, loosen } from "../../validate.ts";
import {
  attachVolumes,
  childOf,
  devices,
  emitVm,
  FULLVIRT_OFF,
  inner,
  interfaces,
  isKernel,
  SLOTS,
  vmFrom,
  vmOrRemoved,
  type Config,
  type VmRecord,
} from "./common.ts";
import { DEFAULT_HELPERS, newConfig } from "./lifecycle.ts";

const ROOT_DEVICE = /^\/dev\/sd[a-h]$/;
const HELPERS = [
  "devtmpfs_automount",
  "distro",
  "modules_dep",
  "network",
  "updatedb_disabled",
] as const;

export function configOf(ctx: Ctx, vm: VmRecord): Config {
  return childOf(ctx, vm, "configs", "configId", "vm-config-any-instance");
}

function configEvent(ctx: Ctx, vm: VmRecord, c: Config, action: string) {
  emitVm(ctx, vm, action, {
    id: c.id,
    label: c.label,
    type: "vm_config",
    url: `/v4/vm/instances/${vm.id}/configs/${c.id}`,
  });
}

/** Reads a create (all defaults applied) or an update (only what is given) body. */
function read(ctx: Ctx, vm: VmRecord, existing?: Config): Partial<Config> {
  const creating = existing === undefined;
  const body = ctx.json();
  const f = new Fields(body);
  const out: Partial<Config> = {};
  const label = f.string("label", { min: 1, max: 48, required: creating });
  if (label != null) out.label = label;
  const comments = f.string("comments", { nullable: true });
  if (comments !== undefined) out.comments = comments;
  const virt = f.string("virt_mode", { oneOf: ["paravirt", "fullvirt"] });
  if (virt != null) out.virt_mode = virt;
  const run = f.string("run_level", { oneOf: ["default", "single", "binbash"] });
  if (run != null) out.run_level = run;
  const kernel = f.string("kernel");
  if (kernel != null) {
    if (!isKernel(kernel)) f.fail("kernel", `unknown kernel ${kernel}`);
    else out.kernel = kernel;
  }
  if (ctx.faults.has("vm-config-memory-limit-string")) loosen(body, "memory_limit", "numeric");
  const mem = f.int("memory_limit", { min: 0 });
  if (mem != null) out.memory_limit = mem;
  // root_device: absent or invalid gives /dev/sda (not an error)
  if (f.has("root_device")) {
    const rd = body.root_device;
    out.root_device =
      typeof rd === "string" &&
      (ROOT_DEVICE.test(rd) || ctx.faults.has("vm-root-device-invalid-kept"))
        ? rd
        : "/dev/sda";
  }
  const helpers = f.object("helpers");
  if (helpers) {
    if (ctx.faults.has("vm-config-helpers-truthy"))
      for (const k of HELPERS) loosen(helpers, k, "truthy");
    const h = f.nested("helpers", helpers);
    const merged = { ...(existing?.helpers ?? DEFAULT_HELPERS()) };
    for (const k of HELPERS) {
      const v = h.bool(k);
      if (typeof v === "boolean") merged[k] = v;
    }
    out.helpers = merged;
  }
  const devs = f.object("devices", { required: creating });
  if (devs) {
    const d = devices(f, ctx, vm, "devices", devs, SLOTS);
    if (d) out.devices = d;
  }
  if (creating || f.has("interfaces")) {
    const ifs = interfaces(f, ctx, vm.region, existing?.id);
    if (ifs) out.interfaces = ifs;
  }
  // sde..sdh are unavailable in fullvirt mode
  const mode = out.virt_mode ?? existing?.virt_mode ?? "paravirt";
  const effective = out.devices ?? existing?.devices;
  if (mode === "fullvirt" && effective && !ctx.faults.has("vm-devices-fullvirt-accepted")) {
    for (const s of FULLVIRT_OFF)
      if (effective[s]) f.fail(`devices.${s}`, `slot ${s} is unavailable in fullvirt mode`);
  }
  f.done();
  return out;
}

export function registerConfigs(r: Router) {
  r.get("/v4/vm/instances/{vmId}/configs", "vms:read_only", (ctx) =>
    paginate(ctx, [...inner(vmOrRemoved(ctx, "read_only")).configs.values()], {
      pagesOffAtMultiple: ctx.faults.has("vm-configs-pages-off-at-multiple"),
    }),
  );

  r.post("/v4/vm/instances/{vmId}/configs", "vms:read_write", async (ctx) => {
    const vm = vmFrom(ctx, "read_write");
    const v = read(ctx, vm);
    // fault: the VLANs of the region counted, then a pause before the config is stored (configs
    // sent together all pass the limit)
    if (ctx.faults.has("vm-vlan-limit-race")) await racePause();
    const kernel =
      v.kernel ??
      (ctx.faults.has("vm-config-kernel-default-wrong") ? "vm/latest-32bit" : undefined);
    const memory_limit =
      v.memory_limit ??
      (ctx.variants.has("memory-limit-zero")
        ? 0
        : // a derived default answered as the RAM of the smallest type
          ctx.faults.has("vm-config-memory-default-constant")
          ? 1024
          : undefined);
    const c = newConfig(ctx.state, vm, { ...v, kernel, memory_limit, label: v.label! });
    inner(vm).configs.set(c.id, c);
    attachVolumes(ctx, vm, c.devices);
    configEvent(ctx, vm, c, "vm_config_create");
    return ok(c);
  });

  r.get("/v4/vm/instances/{vmId}/configs/{configId}", "vms:read_only", (ctx) =>
    ok(configOf(ctx, vmOrRemoved(ctx, "read_only"))),
  );

  r.put("/v4/vm/instances/{vmId}/configs/{configId}", "vms:read_write", (ctx) => {
    const vm = vmFrom(ctx, "read_write");
    const c = configOf(ctx, vm);
    const v = read(ctx, vm, c);
    // fault: an update that does not name comments clears them
    if (v.comments === undefined && ctx.faults.has("vm-config-update-resets-comments"))
      v.comments = null;
    // fault: an update that does not name interfaces puts back the default public one
    if (v.interfaces === undefined && ctx.faults.has("vm-config-update-resets-interfaces"))
      v.interfaces = [{ id: ctx.state.id(), purpose: "public", label: null, ipam_address: null }];
    Object.assign(c, v, { updated: ctx.state.iso() });
    attachVolumes(ctx, vm, c.devices);
    configEvent(ctx, vm, c, "vm_config_update");
    return ok(c);
  });

  r.delete("/v4/vm/instances/{vmId}/configs/{configId}", "vms:read_write", (ctx) => {
    const vm = vmFrom(ctx, "read_write");
    const c = configOf(ctx, vm);
    const i = inner(vm);
    i.configs.delete(c.id);
    if (i.lastBooted === c.id) i.lastBooted = null;
    configEvent(ctx, vm, c, "vm_config_delete");
    return EMPTY;
  });
}
