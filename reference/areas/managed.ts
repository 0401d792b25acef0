// Managed monitoring: contacts, credentials, the support SSH key, issues, per-instance settings,
// monitored services and stats (25 operations). Records are per account; IDs of another account
// are unknown (404). Whether the managed service must be enabled: not shown — these operations are
// served either way (only a ticket with managed_issue needs it, see support.ts). The modules are
// in ./managed/, one per resource; the records they share are in ./managed/common.ts.
import type { Area, ProviderState } from "../area.ts";
import { badRequest } from "../http.ts";
import { accountEntity } from "./account/common.ts";
import { registerContacts } from "./managed/contacts.ts";
import { registerCredentials } from "./managed/credentials.ts";
import { MANAGED_FAULTS } from "./managed/faults.ts";
import { managedIssue, registerIssues } from "./managed/issues.ts";
import { registerServices } from "./managed/services.ts";
import { registerSettings } from "./managed/settings.ts";
import { registerStats } from "./managed/stats.ts";

/** `managed-service`: turns account A's managed service on or off (`enabled`). */
const managedService: ProviderState = (c, p) => {
  if (typeof p.enabled !== "boolean") throw badRequest("enabled must be a boolean", "enabled");
  const account = c.seeded.accountA;
  if (account.managedEnabled !== p.enabled) {
    account.managedEnabled = p.enabled;
    c.state.emit(account, {
      action: p.enabled ? "managed_enabled" : "managed_disabled",
      username: c.seeded.admin.username,
      entity: accountEntity(account), // the Event table lists entity without a condition
    });
  }
  return { enabled: account.managedEnabled };
};

export const managedArea: Area = {
  name: "managed",
  register(r) {
    registerContacts(r);
    registerCredentials(r);
    registerIssues(r);
    registerSettings(r);
    registerServices(r);
    registerStats(r);
  },
  faults: MANAGED_FAULTS,
  states: {
    "managed-issue": managedIssue,
    "managed-service": managedService,
  },
};
