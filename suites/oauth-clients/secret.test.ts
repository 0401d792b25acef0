// OAuth clients: the secret and the tokens issued to a client (Resources / OAuth client `secret`;
// Authentication 7; States and transitions: secret reset, delete). The token exchange at {auth_url}
// is not shown, so it is emulated by the `oauth-token` provider state (harness/provider-states.md).
import { settled } from "../../harness/settle.ts";
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectEmptyObject, expectError, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { allPages } from "../shared/pages.ts";
import { exchangeToken } from "./helpers.ts";

describe("oauth-clients/secret", () => {
  check(
    { id: "OAUTH-SECRET-2", op: "resetOAuthClientSecret", effect: "creates" },
    "secret reset answers the client with a new plaintext secret each time",
    async ({ fresh, ops, states }) => {
      const client = await fresh.oauthClient();
      const first = expectSuccess(
        await ops.resetOAuthClientSecret({ path: { clientId: client.id } }),
      );
      const second = expectSuccess(
        await ops.resetOAuthClientSecret({ path: { clientId: client.id } }),
      );
      if (typeof second.secret !== "string" || second.secret === "")
        throw new TargetFailure(`the reset answered secret ${JSON.stringify(second.secret)}`);
      for (const before of [client.secret, first.secret]) {
        if (second.secret === before)
          throw new TargetFailure("the reset answered a secret returned before");
      }
      if (second.id !== client.id)
        throw new TargetFailure(`the reset answered client ${second.id}, not ${client.id}`);
      // plaintext: the secret it answers is the one the client now authenticates with
      if (!(await exchangeToken(states, { clientId: client.id, secret: second.secret })))
        throw new TargetFailure("the secret the reset answered does not authenticate the client");
    },
  );

  check(
    {
      id: "OAUTH-SECRET-1",
      op: ["listOAuthClients", "getOAuthClient", "updateOAuthClient"],
      effect: "creates",
    },
    "list, view and update show a redacted placeholder, never the plaintext secret",
    async ({ fresh, ops, label, config }) => {
      const client = await fresh.oauthClient();
      const plain = expectSuccess(
        await ops.resetOAuthClientSecret({ path: { clientId: client.id } }),
      ).secret;
      const viewed = expectSuccess(await ops.getOAuthClient({ path: { clientId: client.id } }));
      const updated = expectSuccess(
        await ops.updateOAuthClient({
          path: { clientId: client.id },
          body: { label: label("app2") },
        }),
      );
      const listed = await settled({ config }, "record of a write", async () => {
        const found = (await allPages(ops, "listOAuthClients")).find((x) => x.id === client.id);
        if (!found) throw new TargetFailure(`client ${client.id} is not listed`);
        return found;
      });
      for (const [where, secret] of [
        ["view", viewed.secret],
        ["update", updated.secret],
        ["list", listed.secret],
      ]) {
        if (secret === plain)
          throw new TargetFailure(`the ${where} answer shows the plaintext secret`);
      }
    },
  );

  check(
    { id: "OAUTH-SECRET-3", op: "resetOAuthClientSecret", effect: "creates" },
    "after a reset the old secret no longer authenticates the client",
    async ({ fresh, ops, states }) => {
      const client = await fresh.oauthClient();
      const old = expectSuccess(
        await ops.resetOAuthClientSecret({ path: { clientId: client.id } }),
      ).secret;
      if (!(await exchangeToken(states, { clientId: client.id, secret: old })))
        throw new TargetFailure("the secret a reset answered does not authenticate the client");
      const current = expectSuccess(
        await ops.resetOAuthClientSecret({ path: { clientId: client.id } }),
      ).secret;
      if (await exchangeToken(states, { clientId: client.id, secret: old }))
        throw new TargetFailure("the secret replaced by a reset still authenticates the client");
      if (!(await exchangeToken(states, { clientId: client.id, secret: current })))
        throw new TargetFailure("the new secret does not authenticate the client");
    },
  );

  check(
    { id: "OAUTH-SECRET-4", op: "resetOAuthClientSecret", effect: "creates" },
    "another account cannot reset the client's secret, which keeps working",
    async ({ fresh, ops, states, principals }) => {
      const secondary = principals.get("secondary");
      const client = await fresh.oauthClient();
      const secret = expectSuccess(
        await ops.resetOAuthClientSecret({ path: { clientId: client.id } }),
      ).secret;
      expectError(
        await ops.resetOAuthClientSecret({ path: { clientId: client.id }, as: secondary }),
      );
      if (!(await exchangeToken(states, { clientId: client.id, secret })))
        throw new TargetFailure("the owner's secret stopped working after another account's reset");
    },
  );

  check(
    { id: "OAUTH-DELETE-2", op: "deleteOAuthClient", effect: "creates" },
    "delete invalidates every token issued to the client and its client ID",
    async ({ fresh, ops, states }) => {
      const client = await fresh.oauthClient();
      const token = await exchangeToken(states, {
        clientId: client.id,
        scopes: ["account:read_only"],
      });
      if (!token) throw new TargetFailure("the client's ID yields no token before it is deleted");
      const as = { token, name: "token issued to the OAuth client" };
      expectSuccess(await ops.getAccount({ as }));
      expectEmptyObject(await ops.deleteOAuthClient({ path: { clientId: client.id } }));
      expectError(await ops.getAccount({ as }));
      if (await exchangeToken(states, { clientId: client.id }))
        throw new TargetFailure("the deleted client's ID still yields tokens");
    },
  );
});
