// Provider states of the vm area for preconditions the public API cannot set (harness/provider-states.md):
// a pending migration (migrate is `not shown`), a region without VLAN support, the account-wide
// backups setting (its operation is `not shown`).
import { badRequest } from "../../http.ts";
import { REGIONS } from "../../data.ts";
import type { ProviderState } from "../../area.ts";
import { asRecord, inner } from "./common.ts";

export const pendingMigration: ProviderState = (c, p) => {
  const id = p.vmId;
  if (typeof id !== "number" || !Number.isInteger(id))
    throw badRequest("vmId must be an instance ID", "vmId");
  const found = c.state.accounts.map((a) => a.vms.get(id)).find((v) => v !== undefined);
  if (!found) throw badRequest(`no instance ${id}`, "vmId");
  inner(asRecord(found)).pendingMigration = p.pending !== false;
  return { vmId: id, pending: p.pending !== false };
};

export const regionWithoutVlans: ProviderState = () => {
  const r = REGIONS.find((x) => !x.vlans);
  if (!r) throw badRequest("every region supports VLANs", "state");
  return { region: r.id };
};

/** Account A's (admin's) account-wide backups setting. */
export const accountBackups: ProviderState = (c, p) => {
  if (typeof p.enabled !== "boolean") throw badRequest("enabled must be a boolean", "enabled");
  if (p.enabled) c.seeded.accountA.profile.backups_enabled = true;
  else delete c.seeded.accountA.profile.backups_enabled;
  return { enabled: p.enabled };
};
