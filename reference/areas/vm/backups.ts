// Backups: list, snapshot create, cancel, enable, view, restore; and the successful-backup state.
import { badRequest, EMPTY, forbidden, notFound, ok } from "../../http.ts";
import { intParam, type Ctx, type Router } from "../../router.ts";
import { Fields, loosen } from "../../validate.ts";
import { findType } from "../../data.ts";
import type { State } from "../../state.ts";
import type { ProviderState } from "../../area.ts";
import {
  asRecord,
  diskUsage,
  emitVm,
  inner,
  permits,
  vmFrom,
  type BackupEntry,
  type VmRecord,
} from "./common.ts";
import { copyContent, startJob, workOf } from "./lifecycle.ts";
import { DAYS, WINDOWS } from "./instances.ts";

/** A backup: its record plus copies of the instance's disks, configs and root password now. */
export function takeBackup(
  state: State,
  vm: VmRecord,
  type: "auto" | "snapshot",
  label: string | null,
  status: string,
): BackupEntry {
  const i = inner(vm);
  const now = state.iso();
  const disks = [...i.disks.values()].map((d) => structuredClone(d));
  const configs = [...i.configs.values()].map((c) => structuredClone(c));
  const entry: BackupEntry = {
    rec: {
      id: state.id(),
      label,
      type,
      status,
      region: vm.region,
      available: status === "successful",
      configs: configs.map((c) => c.label),
      disks: disks.map((d) => ({ label: d.label, size: d.size, filesystem: d.filesystem })),
      created: now,
      updated: now,
      finished: status === "successful" ? now : null,
    },
    disks,
    configs,
    rootPass: i.rootPass,
    vmId: vm.id,
  };
  i.backups.set(entry.rec.id, entry);
  return entry;
}

function backupOf(ctx: Ctx, vm: VmRecord): BackupEntry {
  const b = inner(vm).backups.get(intParam(ctx, "backupId"));
  if (!b) throw notFound();
  return b;
}

function list(vm: VmRecord) {
  const all = [...inner(vm).backups.values()].map((b) => b.rec);
  const snaps = all.filter((b) => b.type === "snapshot");
  return {
    automatic: all.filter((b) => b.type === "auto"),
    snapshot: {
      current: snaps.filter((b) => b.status === "successful").at(-1) ?? null,
      in_progress: snaps.filter((b) => b.status !== "successful").at(-1) ?? null,
    },
  };
}

function snapshot(ctx: Ctx) {
  const vm = vmFrom(ctx, "read_write");
  const f = new Fields(ctx.json());
  const label = f.string("label", { required: true, min: 1, max: 255 });
  f.done();
  // variant snapshot-needs-backups: the row conditions a snapshot on its label only; this reading
  // takes snapshots only of an instance whose backup service runs
  if (ctx.variants.has("snapshot-needs-backups") && !vm.backups.enabled)
    throw badRequest(
      `Backups are not enabled on instance ${vm.id}; enable them before taking a snapshot`,
    );
  const i = inner(vm);
  if (!ctx.faults.has("vm-snapshot-previous-kept")) {
    for (const [id, b] of i.backups) if (b.rec.type === "snapshot") i.backups.delete(id);
  }
  const entry = takeBackup(ctx.state, vm, "snapshot", label!, "pending");
  startJob(workOf(ctx), vm, "vm_snapshot", () => {
    const now = ctx.state.iso();
    Object.assign(entry.rec, {
      status: "successful",
      available: true,
      finished: now,
      updated: now,
    });
  });
  return ok(entry.rec);
}

function restore(ctx: Ctx) {
  const vm = vmFrom(ctx, "read_write");
  const entry = backupOf(ctx, vm);
  const f = new Fields(ctx.json());
  const targetId = f.int("vm_id", { required: true });
  if (ctx.faults.has("vm-restore-overwrite-truthy")) loosen(f.body, "overwrite", "truthy");
  const overwrite = f.bool("overwrite") ?? false;
  const target = typeof targetId === "number" ? ctx.account.vms.get(targetId) : undefined;
  if (typeof targetId === "number" && !target) f.fail("vm_id", `instance ${targetId} not found`);
  f.done();
  if (entry.rec.status !== "successful")
    throw badRequest(
      `backup ${entry.rec.id} has status ${entry.rec.status}; only a successful backup can be restored`,
    );
  const t = asRecord(target!);
  if (!permits(ctx.user, t.id, "read_write"))
    throw forbidden("You need read_write access to the target instance");
  const need = entry.disks.reduce((n, d) => n + d.size, 0);
  const have = findType(t.type)?.disk ?? t.specs.disk;
  const used = overwrite ? 0 : diskUsage(inner(t));
  if (used + need > have && !ctx.faults.has("vm-restore-space-unchecked")) {
    throw badRequest(
      `Insufficient space on instance ${t.id} to restore this backup (${need} MB needed, ${have - used} MB free)`,
      "vm_id",
    );
  }
  t.status = "restoring";
  startJob(workOf(ctx), t, "backups_restore", () => {
    const ti = inner(t);
    if (
      (overwrite || ctx.faults.has("vm-restore-false-wipes")) &&
      !ctx.faults.has("vm-restore-overwrite-keeps-disks")
    ) {
      ti.disks.clear();
      ti.configs.clear();
      ti.lastBooted = null;
    }
    copyContent(ctx.state, t, entry.disks, entry.configs);
    ti.rootPass = entry.rootPass;
    t.status = "offline";
  });
  return EMPTY;
}

export function registerBackups(r: Router) {
  r.get("/v4/vm/instances/{vmId}/backups", "vms:read_only", (ctx) =>
    ok(list(vmFrom(ctx, "read_only"))),
  );
  r.post("/v4/vm/instances/{vmId}/backups", "vms:read_write", snapshot);

  r.post("/v4/vm/instances/{vmId}/backups/cancel", "vms:read_write", (ctx) => {
    const vm = vmFrom(ctx, "read_write");
    vm.backups.enabled = false;
    if (!ctx.faults.has("vm-backups-cancel-keeps-backups")) {
      inner(vm).backups.clear();
      vm.backups.available = false;
      vm.backups.last_successful = null;
    }
    vm.updated = ctx.state.iso();
    emitVm(ctx, vm, "backups_cancel");
    return EMPTY;
  });

  r.post("/v4/vm/instances/{vmId}/backups/enable", "vms:read_write", (ctx) => {
    const vm = vmFrom(ctx, "read_write");
    if (!ctx.faults.has("vm-backups-enable-noop")) vm.backups.enabled = true;
    vm.updated = ctx.state.iso();
    emitVm(ctx, vm, "backups_enable");
    return EMPTY;
  });

  r.get("/v4/vm/instances/{vmId}/backups/{backupId}", "vms:read_only", (ctx) =>
    ok(backupOf(ctx, vmFrom(ctx, "read_only")).rec),
  );
  r.post("/v4/vm/instances/{vmId}/backups/{backupId}/restore", "vms:read_write", restore);
}

/** `successful-backup` {vmId} → {backupId}: an automatic backup, successful, in the instance's region. */
export const successfulBackup: ProviderState = (c, p) => {
  const id = p.vmId;
  if (typeof id !== "number" || !Number.isInteger(id))
    throw badRequest("vmId must be an instance ID", "vmId");
  const found = c.state.accounts.map((a) => a.vms.get(id)).find((v) => v !== undefined);
  if (!found) throw badRequest(`no instance ${id}`, "vmId");
  const vm = asRecord(found);
  const entry = takeBackup(c.state, vm, "auto", null, "successful");
  // an automatic backup means the service runs and its schedule has been chosen
  vm.backups.enabled = true;
  vm.backups.available = true;
  vm.backups.last_successful = entry.rec.finished;
  const now = c.state.now();
  if (vm.backups.schedule.day === "Scheduling") vm.backups.schedule.day = DAYS[1 + now.getUTCDay()];
  if (vm.backups.schedule.window === "Scheduling")
    vm.backups.schedule.window = WINDOWS[1 + Math.floor(now.getUTCHours() / 2)];
  return { backupId: entry.rec.id };
};
