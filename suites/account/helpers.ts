// Helpers shared by the account, oauth-clients, events and managed suites.
import { expectCollection } from "../../harness/expect.ts";
import type { Principals } from "../../harness/principals.ts";
import type { States } from "../../harness/states.ts";
import type { CallOptions, Ops } from "../../harness/ops.ts";
import { loose } from "../../harness/ops.ts";
import type { OperationId } from "../../harness/operation-ids.ts";

/** A token holding no account scope (only events:read_only). */
export const withoutAccountScope = (principals: Principals) =>
  principals.withScopes(["events:read_only"]);

/** A token holding only account:read_only (no read_write). */
export const accountReadOnly = (principals: Principals) =>
  principals.withScopes(["account:read_only"]);

/** Every item of a paginated list, page by page (at most 50 pages). */
export async function allPages(ops: Ops, op: OperationId, opts: CallOptions = {}): Promise<any[]> {
  const items: any[] = [];
  for (let page = 1; page <= 50; page++) {
    // page 1 is asked without `page` (its default), so lists that take no pagination parameter get
    // none unless they answer more than one page themselves
    const query = page === 1 ? opts.query : { ...opts.query, page };
    const c = expectCollection(await loose(ops)[op]({ ...opts, query }));
    items.push(...c.data);
    if (page >= c.pages || c.data.length === 0) break;
  }
  return items;
}

/**
 * The `oauth-token` provider state: the token exchange of {auth_url} (Authentication 6). Answers the
 * token, or undefined when the target refuses the exchange (401: deleted client, wrong or expired secret).
 */
export async function exchangeToken(
  states: States,
  params: { clientId: string; secret?: string; scopes?: string[] },
): Promise<string | undefined> {
  const answer = await states.attempt("oauth-token", params);
  return answer.refused ? undefined : String(answer.body.token);
}

/** The date 90 days before now, less a minute of slack for clocks (event retention, login history). */
export const ninetyDaysAgo = (): number => Date.now() - 90 * 86_400_000 - 60_000;
