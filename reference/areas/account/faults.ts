// Fault switches of the account area: each breaks exactly one MUST requirement.
import type { FaultSpec } from "../../faults.ts";

export const ACCOUNT_FAULTS: FaultSpec[] = [
  {
    name: "account-field-bound-unchecked",
    requirement: "FIELD.updateAccount.address_1",
    description: "account update accepts address_1 longer than 64 characters",
  },
  {
    name: "account-text-ascii-folded",
    requirement: "CONV-RYW-2",
    description:
      "the account's profile text is kept with its combining marks dropped (`Zürich` reads `Zurich`)",
  },
  {
    name: "account-readonly-updatable",
    requirement: "ACCT-UPDATE-2",
    description: "account update takes euuid, balance and active_since from the body",
  },
  {
    name: "cancel-restricted-allowed",
    requirement: "ACCT-CANCEL-3",
    description: "a restricted user can cancel the account",
  },
  {
    name: "cancel-unpaid-allowed",
    requirement: "ACCT-CANCEL-2",
    description: "account cancel succeeds although the card cannot be charged the unpaid balance",
  },
  {
    name: "card-number-dashes-accepted",
    requirement: "ACCT-CARD-2",
    description: "credit card add accepts a card_number written with spaces or dashes",
  },
  {
    name: "transfer-expiry-not-24h",
    requirement: "ACCT-XFER-2",
    description: "entity transfers expire 48 hours after creation instead of 24",
  },
  {
    name: "transfer-is-sender-always-true",
    requirement: "ACCT-XFER-7",
    description: "is_sender is true on transfers the account receives too",
  },
  {
    name: "logins-restricted-visible",
    requirement: "ACCT-LOGIN-3",
    description: "restricted users can list and view logins",
  },
  {
    name: "cancel-comments-any-type",
    requirement: "FIELD.cancelAccount.comments",
    description: "account cancel takes `comments` of any JSON type (a number is accepted)",
  },
  {
    name: "logins-list-restricted-false",
    requirement: "ACCT-LOGIN-5",
    description: "the logins list shows restricted false for every login (the view is right)",
  },
  {
    name: "logins-not-windowed",
    requirement: "ACCT-LOGIN-4",
    description: "logins older than 90 days are listed",
  },
  {
    name: "notification-not-resolved",
    requirement: "ACCT-NOTIF-2",
    description:
      "notifications stay listed after their cause is resolved (balance paid, notice expired)",
  },
  {
    name: "account-promotion-any-type",
    requirement: "ACCT-UPDATE-5",
    description:
      "account update stores an active_promotions member of another type than string as sent (summary 12345)",
  },
  {
    name: "account-country-any-chars",
    requirement: "FIELD.updateAccount.country",
    description: "country accepts any two characters (`12`), not only letters",
  },
  {
    name: "account-invoice-total-without-tax",
    requirement: "CONV-CALC-1",
    description: "an invoice's total leaves its tax out (total equals subtotal) in list and view",
  },
  {
    name: "account-view-empty",
    requirement: "CONV-NULL-2",
    description: "account view answers {} instead of the Account record (update still answers it)",
  },
];
