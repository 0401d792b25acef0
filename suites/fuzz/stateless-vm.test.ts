// Stateless properties: compute instances (Endpoints / Compute instances (vm)). Generators:
// generators/; the properties: ./stateless.ts. Instances are billable: effect "billable".
import { statelessProperties, type Made, type Target } from "./stateless.ts";
import type { CheckContext } from "../../harness/check.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { viewKernel } from "../shared/kernels.ts";
import { loose } from "../../harness/ops.ts";
import { backupsOn } from "../shared/factories.ts";

const vm = async (c: CheckContext): Promise<Made> => {
  const v = await c.fresh.emptyInstance();
  return { vmId: v.id, path: { vmId: v.id } };
};

const vmWithDisk = async (c: CheckContext): Promise<Made> => {
  const made = await vm(c);
  const d = await c.fresh.disk(made.vmId!);
  return { ...made, diskId: d.id, path: { ...made.path, diskId: d.id } };
};

/** An instance with a disk and a config booting from it. */
const vmWithConfig = async (c: CheckContext): Promise<Made> => {
  const made = await vmWithDisk(c);
  const cfg = await c.fresh.config(made.vmId!, { devices: { sda: { disk_id: made.diskId } } });
  return { ...made, configId: cfg.id, path: { vmId: made.vmId!, configId: cfg.id } };
};

const backup = async (c: CheckContext): Promise<Made> => {
  const made = await vm(c);
  const { backupId } = await c.states.require("successful-backup", { vmId: made.vmId });
  return { ...made, path: { vmId: made.vmId!, backupId } };
};

const billable = "billable" as const;
const targets: Target[] = [
  { op: "listInstances" },
  { op: "createInstance", creates: "instance", uniqueLabel: true, effect: billable },
  { op: "getInstance", setup: vm, effect: billable },
  { op: "updateInstance", setup: vm, uniqueLabel: true, effect: billable },
  { op: "deleteInstance", setup: vm, perCase: true, effect: billable },
  { op: "listBackups", setup: vm, effect: billable },
  // the backup service on first: a target may take snapshots only where it runs (VM-SNAP-3)
  {
    op: "createSnapshot",
    setup: async (c) => {
      const m = await vmWithDisk(c);
      await backupsOn(c, m.vmId!);
      return m;
    },
    effect: billable,
  },
  {
    op: "cancelBackups",
    setup: async (c) => {
      const m = await vm(c);
      expectSuccess(await loose(c.ops).enableBackups({ path: m.path }));
      return m;
    },
    perCase: true,
    effect: billable,
  },
  { op: "enableBackups", setup: vm, perCase: true, effect: billable },
  { op: "getBackup", setup: backup, effect: billable },
  // restore onto a second instance of the same account (vm_id), overwriting it
  {
    op: "restoreBackup",
    setup: async (c) => {
      const m = await backup(c);
      const target = await c.fresh.emptyInstance();
      return { ...m, vmId: target.id };
    },
    perCase: true,
    effect: billable,
  },
  { op: "bootInstance", setup: vmWithConfig, perCase: true, effect: billable },
  {
    op: "cloneInstance",
    creates: "instance",
    setup: vmWithConfig,
    uniqueLabel: true,
    settle: true,
    effect: billable,
  },
  { op: "listConfigs", setup: vm, effect: billable },
  { op: "createConfig", creates: "config", setup: vmWithDisk, effect: billable },
  { op: "getConfig", setup: vmWithConfig, effect: billable },
  { op: "updateConfig", setup: vmWithConfig, effect: billable },
  { op: "deleteConfig", setup: vmWithConfig, perCase: true, effect: billable },
  { op: "listDisks", setup: vm, effect: billable },
  // disks go with their instance: a fresh instance per case, so its disk space never runs out
  { op: "createDisk", creates: "disk", setup: vm, perCase: true, effect: billable },
  { op: "getDisk", setup: vmWithDisk, effect: billable },
  { op: "updateDisk", setup: vmWithDisk, effect: billable },
  { op: "rescueInstance", setup: vmWithDisk, perCase: true, effect: billable },
  { op: "resizeInstance", setup: vm, perCase: true, settle: true, effect: billable },
  { op: "shutdownInstance", setup: vm, perCase: true, settle: true, effect: billable },
  { op: "getInstanceStats", setup: vm, effect: billable },
  { op: "getInstanceStatsByMonth", setup: vm, effect: billable },
  { op: "getInstanceTransfer", setup: vm, effect: billable },
  { op: "getInstanceTransferByMonth", setup: vm, effect: billable },
  { op: "listInstanceVolumes", setup: vm, effect: billable },
  { op: "listKernels" },
  {
    op: "getKernel",
    setup: async (c) => {
      const id = expectSuccess(await c.ops.listKernels({ as: "anonymous" })).data?.[0]?.id;
      if (id === undefined) c.skip("the target lists no kernel");
      return { path: { kernelId: id } };
    },
    // "kernelId string" with a slash in it: how the slash travels is not said, so the percent-encoded
    // form is tried and then the plain path segments (the hand-written suites' viewKernel)
    call: (c, opts) => viewKernel(c, String(opts.path.kernelId)),
  },
];

statelessProperties("stateless/vm", targets);
