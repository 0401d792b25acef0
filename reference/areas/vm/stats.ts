// Statistics, network transfer, attached volumes and kernels.
import { ApiError, notFound, ok, unauthorized } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import type { Ctx, Router } from "../../router.ts";
import { KERNELS } from "../../data.ts";
import { grantPermitsLess, vmFrom, type VmRecord } from "./common.ts";

const KERNEL_RECORDS = KERNELS.map((k) => ({
  ...k,
  xen: false,
  pvops: k.id !== "vm/direct-disk",
  built: "2024-05-01T00:00:00Z",
}));

function pathInt(ctx: Ctx, name: string): number {
  const raw = ctx.params[name] ?? "";
  if (!/^-?\d{1,6}$/.test(raw))
    throw new ApiError(400, [{ field: name, reason: `${name} must be a valid value: an integer` }]);
  return Number(raw);
}

/**
 * year/month of the by-month operations: month 1..12, year within bounds, and never a future month.
 */
function yearMonth(
  ctx: Ctx,
  minYear: number,
  maxYear: number,
  monthChecked: boolean,
): { year: number; month: number } {
  const year = pathInt(ctx, "year");
  const month = pathInt(ctx, "month");
  const errors = [];
  if (year < minYear || year > maxYear)
    errors.push({ field: "year", reason: `year must be a valid value: ${minYear}..${maxYear}` });
  if (monthChecked && (month < 1 || month > 12))
    errors.push({ field: "month", reason: "month must be a valid value: 1..12" });
  if (errors.length) throw new ApiError(400, errors);
  const now = ctx.state.now();
  if (year * 12 + (month - 1) > now.getUTCFullYear() * 12 + now.getUTCMonth()) {
    throw new ApiError(400, [
      { field: "month", reason: "month must be a valid value: the current or a past month" },
    ]);
  }
  return { year, month };
}

type Series = [number, number][];

/** Deterministic sample series: `n` points `step` ms apart ending at `end`; flat zero when offline. */
function series(
  vm: VmRecord,
  end: number,
  step: number,
  n: number,
  scale: number,
  salt: number,
): Series {
  const out: Series = [];
  const on = vm.status !== "offline";
  for (let k = n - 1; k >= 0; k--) {
    const t = end - k * step;
    out.push([
      t,
      on ? (((vm.id * 31 + salt * 17 + Math.floor(t / step) * 7) % 100) * scale) / 100 : 0,
    ]);
  }
  return out;
}

function stats(vm: VmRecord, end: number, step: number, n: number, title: string) {
  const s = (scale: number, salt: number) => series(vm, end, step, n, scale, salt);
  return {
    title,
    cpu: s(vm.specs.vcpus * 20, 1),
    io: { io: s(50, 2), swap: s(2, 3) },
    netv4: { in: s(2000, 4), out: s(1500, 5), private_in: s(100, 6), private_out: s(100, 7) },
    netv6: { in: s(500, 8), out: s(400, 9), private_in: s(0, 10), private_out: s(0, 11) },
  };
}

const DAY = 86_400_000;

export function registerStats(r: Router) {
  r.get("/v4/vm/instances/{vmId}/stats", "vms:read_only", (ctx) => {
    const vm = vmFrom(ctx, "read_only");
    grantPermitsLess(ctx, vm, "read_write");
    const step = 15 * 60_000;
    const end = Math.floor(ctx.state.now().getTime() / step) * step;
    return ok(stats(vm, end, step, 96, `${vm.label} - past 24 hours`));
  });

  r.get("/v4/vm/instances/{vmId}/stats/{year}/{month}", "vms:read_only", (ctx) => {
    const vm = vmFrom(ctx, "read_only");
    grantPermitsLess(ctx, vm, "read_write");
    const now = ctx.state.now();
    const { year, month } = yearMonth(
      ctx,
      2000,
      now.getUTCFullYear(),
      !ctx.faults.has("vm-stats-month-unchecked"),
    );
    const current = year === now.getUTCFullYear() && month === now.getUTCMonth() + 1;
    // the current month covers the past 30 days; a past month its own days
    const end = current ? Math.floor(now.getTime() / DAY) * DAY : Date.UTC(year, month, 1) - DAY;
    const days = current ? 30 : new Date(Date.UTC(year, month, 0)).getUTCDate();
    return ok(stats(vm, end, DAY, days, `${vm.label} - ${year}-${String(month).padStart(2, "0")}`));
  });

  r.get("/v4/vm/instances/{vmId}/transfer", "vms:read_only", (ctx) => {
    const vm = vmFrom(ctx, "read_only");
    grantPermitsLess(ctx, vm, "read_write");
    const used = vm.status === "offline" ? 0 : (vm.id % 97) * 1_048_576;
    return ok({ used, quota: vm.specs.transfer, billable: 0 });
  });

  r.get("/v4/vm/instances/{vmId}/transfer/{year}/{month}", "vms:read_only", (ctx) => {
    const vm = vmFrom(ctx, "read_only");
    grantPermitsLess(ctx, vm, "read_write");
    const { year, month } = yearMonth(
      ctx,
      ctx.faults.has("vm-transfer-year-unbounded") ? 0 : 2000,
      ctx.faults.has("vm-transfer-year-unbounded") ? 9999 : 2037,
      true,
    );
    const created = new Date(vm.created);
    const before = year * 12 + month - 1 < created.getUTCFullYear() * 12 + created.getUTCMonth();
    const bytes_in = before ? 0 : ((vm.id * 13 + month) % 89) * 1_048_576;
    const bytes_out = before ? 0 : ((vm.id * 7 + month) % 83) * 1_048_576;
    return ok({ bytes_in, bytes_out, bytes_total: bytes_in + bytes_out });
  });

  r.get("/v4/vm/instances/{vmId}/volumes", "vms:read_only", (ctx) => {
    const vm = vmFrom(ctx, "read_only");
    return paginate(
      ctx,
      [...ctx.account.volumes.values()].filter((v) => v.vm_id === vm.id),
    );
  });

  r.get("/v4/vm/kernels", "none", (ctx) => {
    if (ctx.faults.has("vm-kernels-need-auth") && !ctx.principal)
      throw unauthorized("Authentication required");
    return paginate(ctx, KERNEL_RECORDS);
  });

  r.get("/v4/vm/kernels/{kernelId+}", "none", (ctx) => {
    if (ctx.variants.has("kernel-id-unencoded-only") && /%2f/i.test(ctx.path)) throw notFound();
    const k = KERNEL_RECORDS.find((x) => x.id === ctx.params.kernelId);
    if (!k) throw notFound();
    return ok(k);
  });
}
