// Maintenance items (served under /v4beta): made by the `maintenance-item` state on account A.
import type { ProviderState } from "../../area.ts";
import { badRequest } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import type { Ctx, Router } from "../../router.ts";
import { accountData, DAY_MS, type Entity } from "./common.ts";

/** Maintenance items whose instance is still on the caller's account (placeholders always). */
function maintenanceItems(ctx: Ctx) {
  const d = accountData(ctx.state, ctx.account);
  return d.maintenance
    .filter((m) => m.vmId === null || ctx.account.vms.has(m.vmId))
    .map((m) => {
      const vm = m.vmId === null ? undefined : ctx.account.vms.get(m.vmId);
      return {
        entity: { ...m.entity, label: vm?.label ?? m.entity.label },
        reason: m.reason,
        status: m.status,
        type: m.type,
        when: m.when,
      };
    });
}

export function registerMaintenance(r: Router) {
  r.get("/v4beta/account/maintenance", "maintenance:read_only", (ctx) =>
    paginate(ctx, maintenanceItems(ctx)),
  );
}

/**
 * `maintenance-item`: a started reboot of instance `vmId` (default: account A's first instance;
 * without one, a placeholder instance ID) a day from now.
 */
export const maintenanceItem: ProviderState = (c, p) => {
  const a = c.seeded.accountA;
  if (p.vmId !== undefined && (typeof p.vmId !== "number" || !a.vms.has(p.vmId)))
    throw badRequest("vmId must name an instance of the admin's account", "vmId");
  const vm = p.vmId !== undefined ? a.vms.get(p.vmId as number) : [...a.vms.values()][0];
  const id = vm?.id ?? c.state.id();
  const entity: Entity = {
    id,
    label: vm?.label ?? `vm-${id}`,
    type: "vm",
    url: `/v4/vm/instances/${id}`,
  };
  const when = c.state.iso(new Date(c.state.now().getTime() + DAY_MS));
  accountData(c.state, a).maintenance.push({
    vmId: vm ? vm.id : null,
    entity,
    reason: "Scheduled host maintenance for a security update.",
    status: "started",
    type: "reboot",
    when,
  });
  return { entity };
};
