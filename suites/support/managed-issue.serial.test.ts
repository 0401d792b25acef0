// Material: "Support", Ticket open rules: with managed_issue true the account must have the managed
// service enabled. Switching the managed service changes the whole account (provider state
// managed-service), so this runs alone, after the parallel checks.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectError } from "../../harness/expect.ts";
import { ticket } from "../shared/factories.ts";

describe("support/tickets with the managed service", () => {
  check(
    { id: "SUP-OPEN-4", op: "openTicket", effect: "account-wide" },
    "a managed_issue ticket is refused while the managed service is disabled and accepted once it is enabled",
    async (c) => {
      try {
        await c.states.require("managed-service", { enabled: false });
        const res = await c.ops.openTicket({
          body: {
            summary: c.label("tkt", 64),
            description: "plumbline: managed issue",
            managed_issue: true,
          },
        });
        if (res.status >= 200 && res.status < 300 && res.body?.id !== undefined)
          await c.ops.closeTicket({ path: { ticketId: res.body.id } });
        expectError(res);
        await c.states.require("managed-service", { enabled: true });
        await ticket(c, { managed_issue: true });
      } finally {
        // the state a new account starts in
        await c.states.require("managed-service", { enabled: false });
      }
    },
  );
});
