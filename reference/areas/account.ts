// Account and billing (the material's "Account and billing" endpoints, events excepted: see
// events.ts): account view/update/cancel, the deprecated credit card and entity-transfer
// operations, invoices, logins, maintenance, notifications, payment methods. The modules are in
// ./account/, one per resource; the records they share are in ./account/common.ts.
import type { Area } from "../area.ts";
import { accountData } from "./account/common.ts";
import { ACCOUNT_FAULTS } from "./account/faults.ts";
import { invoiceWithItems, registerInvoices } from "./account/invoices.ts";
import { loginState, registerLogins, seedOldLogin } from "./account/logins.ts";
import { maintenanceItem, registerMaintenance } from "./account/maintenance.ts";
import { notificationState, registerNotifications } from "./account/notifications.ts";
import { paidBalance, registerPayments, unpaidBalance } from "./account/payments.ts";
import { registerProfile, seedProfiles } from "./account/profile.ts";
import { registerTransfers } from "./account/transfers.ts";

export const accountArea: Area = {
  name: "account",
  register(r) {
    registerProfile(r);
    registerPayments(r);
    registerTransfers(r);
    registerInvoices(r);
    registerLogins(r);
    registerMaintenance(r);
    registerNotifications(r);
  },
  seed(state, seeded) {
    for (const a of [seeded.accountA, seeded.accountB]) accountData(state, a);
    seedProfiles(seeded);
    seedOldLogin(state, seeded);
  },
  states: {
    "unpaid-balance": unpaidBalance,
    "paid-balance": paidBalance,
    "invoice-with-items": invoiceWithItems,
    login: loginState,
    "maintenance-item": maintenanceItem,
    notification: notificationState,
  },
  faults: ACCOUNT_FAULTS,
};
