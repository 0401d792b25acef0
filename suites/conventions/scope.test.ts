// Authentication 2-3: OAuth tokens are restricted to scopes, and each endpoint's scope is in the
// Endpoints tables; a token lacking it is refused and performs nothing. Tokens hold a scope of some
// other area only (whether read_write implies read_only is not shown).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectCollection,
  expectError,
  expectStatus,
  expectSuccess,
} from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { loose } from "../../harness/ops.ts";

/** A read operation of each area and a scope that is not its area's. */
const READS: [OperationId, string][] = [
  ["getAccount", "object_storage:read_only"],
  ["listEvents", "vms:read_only"],
  ["listMaintenance", "account:read_only"],
  ["listBuckets", "vms:read_only"],
  ["listKeys", "account:read_only"],
  ["listInstances", "object_storage:read_only"],
  ["listManagedContacts", "vms:read_only"],
  ["listTickets", "object_storage:read_only"],
];

describe("conventions/scope", () => {
  for (const [op, scope] of READS) {
    check(
      { id: "CONV-AUTH-11", op },
      `${op} refuses a token holding only ${scope}`,
      async ({ ops, principals }) => {
        expectError(await loose(ops)[op]({ as: await principals.withScopes([scope]) }));
      },
    );
  }

  check(
    { id: "CONV-AUTH-11", op: ["createKey", "listKeys"], effect: "creates" },
    "key create refuses a token holding only object_storage:read_only, and no key is made",
    async ({ ops, principals, label }) => {
      const name = label("key", 50);
      const res = await ops.createKey({
        body: { label: name },
        as: await principals.withScopes(["object_storage:read_only"]),
      });
      if (res.status >= 200 && res.status < 300)
        await ops.revokeKey({ path: { keyId: res.body.id } });
      expectError(res);
      const keys = expectCollection(await ops.listKeys());
      if (keys.data.some((k: any) => k?.label === name))
        throw new TargetFailure(`key ${name} was made by a refused request`);
    },
  );

  check(
    {
      id: "CONV-AUTH-11",
      op: ["updateInstance", "createConfig", "listConfigs"],
      effect: "billable",
    },
    "instance writes refuse a token holding only vms:read_only, and change nothing",
    async ({ ops, fresh, principals, label }) => {
      const vm = await fresh.emptyInstance();
      const ro = await principals.withScopes(["vms:read_only"]);
      expectError(
        await ops.updateInstance({ path: { vmId: vm.id }, body: { label: label("vm") }, as: ro }),
      );
      expectError(
        await ops.createConfig({
          path: { vmId: vm.id },
          body: { label: label("cfg", 48), devices: {} },
          as: ro,
        }),
      );
      const configs = expectCollection(await ops.listConfigs({ path: { vmId: vm.id } }));
      if (configs.results !== 0)
        throw new TargetFailure(
          `a config create refused for lack of scope left ${configs.results} config(s) on the instance`,
        );
    },
  );

  check(
    { id: "CONV-AUTH-11", op: "createInstance", effect: "billable" },
    "instance create refuses a token holding only vms:read_only",
    async ({ ops, principals, config, label, skip }) => {
      const { region, type } = config.fixtures;
      if (!region || !type)
        return skip("fixtures region and type are needed for an instance create");
      const res = await ops.createInstance({
        body: { region, type, label: label("vm"), booted: false },
        as: await principals.withScopes(["vms:read_only"]),
      });
      if (res.status >= 200 && res.status < 300)
        await ops.deleteInstance({ path: { vmId: res.body.id } });
      expectError(res);
    },
  );

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

  check(
    { id: "CONV-AUTH-2", op: ["createKey", "listKeys"], effect: "creates" },
    "key create without a token is refused and no key is made",
    async ({ ops, label }) => {
      const name = label("key", 50);
      const res = await ops.createKey({ body: { label: name }, as: "anonymous" });
      if (res.status >= 200 && res.status < 300)
        await ops.revokeKey({ path: { keyId: res.body.id } });
      expectError(res);
      const keys = expectCollection(await ops.listKeys());
      if (keys.data.some((k: any) => k?.label === name))
        throw new TargetFailure(`key ${name} was made by a request without a token`);
    },
  );
});
