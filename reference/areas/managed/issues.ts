// Managed issues: made by the `managed-issue` provider state, which also opens the provider ticket
// the issue points to.
import type { ProviderState } from "../../area.ts";
import { ok } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import type { Router } from "../../router.ts";
import { openProviderTicket } from "../support.ts";
import { callerManaged, managedOf, R, recordOf, type Issue } from "./common.ts";

export function registerIssues(r: Router) {
  r.get("/v4/managed/issues", R, (ctx) => paginate(ctx, [...callerManaged(ctx).issues.values()]));
  r.get("/v4/managed/issues/{issueId}", R, (ctx) =>
    ok(recordOf(callerManaged(ctx).issues, ctx, "issueId")),
  );
}

/** `managed-issue`: an issue on account A about its first monitored service (if any). */
export const managedIssue: ProviderState = (c) => {
  const account = c.seeded.accountA;
  const ticket = openProviderTicket(c.state, account, {
    summary: "Managed service issue detected",
    description: "Our monitoring detected a problem with one of your monitored services.",
  });
  const services = [...managedOf(c.state, account).services.keys()].slice(0, 1);
  const issue: Issue = {
    id: c.state.id(),
    created: c.state.iso(),
    entity: {
      id: ticket.id,
      label: ticket.summary,
      type: "ticket",
      url: `/support/tickets/${ticket.id}`,
    },
    services,
  };
  managedOf(c.state, account).issues.set(issue.id, issue);
  return { issueId: issue.id };
};
