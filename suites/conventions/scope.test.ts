// Authentication 2-3: OAuth tokens are restricted to scopes, and each endpoint's scope is in the
// Endpoints tables; a token lacking it SHOULD answer 401 or 403; an OAuth client's token is served
// within its scope.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectStatus, expectSuccess } from "../../harness/expect.ts";

// Every operation against a token lacking its scope (no scope of its area, or only read_only for a
// write), with the refused write read back, is a cell of the authorization matrix
// (suites/authz/matrix.ts, CONV-AUTH-11 and the areas' *-SCOPE-* requirements); what stays
// here is the status such a refusal SHOULD answer and the OAuth client scheme.
describe("conventions/scope", () => {
  check(
    { id: "CONV-AUTH-5", op: ["getAccount", "listBuckets"] },
    "a token lacking the operation's scope answers 401 or 403",
    async ({ ops, principals }) => {
      expectStatus(
        await ops.getAccount({ as: await principals.withScopes(["object_storage:read_only"]) }),
        401,
        403,
      );
      expectStatus(
        await ops.listBuckets({ as: await principals.withScopes(["account:read_only"]) }),
        401,
        403,
      );
    },
  );

  check(
    { id: "CONV-AUTH-9", op: "getAccount", effect: "creates" },
    "an OAuth token issued to a client, restricted to account:read_only, is served within its scope",
    async ({ ops, fresh, states }) => {
      const client = await fresh.oauthClient();
      const made = await states.require("oauth-token", {
        clientId: client.id,
        scopes: ["account:read_only"],
      });
      expectSuccess(
        await ops.getAccount({
          as: { token: String(made.token), name: "OAuth token with account:read_only" },
        }),
      );
    },
  );
});
