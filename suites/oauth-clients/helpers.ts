// Helpers of the oauth-clients suite: the token exchange a client's secret is used in.
import type { States } from "../../harness/states.ts";

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
