// Errors 1-2, 12 and Shared shapes (Error body): error responses carry {errors: [{field, reason}]};
// a field-level validation failure names the field (a period-separated path when nested).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectError,
  expectErrorNamingField,
  expectStatus,
  expectSuccess,
} from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import type { ApiResponse } from "../../harness/client.ts";
import { offContract } from "../../harness/ops.ts";

/** An integer ID no account holds. */
const UNKNOWN_ID = 2147483000;

/**
 * expectError already holds the Error body to its shape (field a string or null, reason a
 * string); a human-readable reason is also not blank.
 */
function expectWellFormedErrors(res: ApiResponse): { field: string | null; reason: string }[] {
  const errors = expectError(res);
  const blank = errors.find((e) => e.reason.trim() === "");
  if (blank)
    throw new TargetFailure(
      `error reason ${JSON.stringify(blank.reason)} is not a human-readable string`,
    );
  return errors;
}

describe("conventions/errors", () => {
  check(
    { id: ["CONV-ERR-3", "CONV-ERR-2"], op: "createOAuthClient" },
    "a missing required field is refused by an error naming it, with a reason",
    async ({ ops }) => {
      const res = await ops.createOAuthClient({
        body: offContract({ redirect_uri: "https://example.com/callback" }),
      });
      expectWellFormedErrors(res);
      expectErrorNamingField(res, "label");
    },
  );

  check(
    { id: ["CONV-ERR-3", "CONV-ERR-2"], op: "createBucket" },
    "a field outside its enumeration is refused by an error naming it",
    async ({ ops, fresh, label }) => {
      const res = await ops.createBucket({
        body: {
          label: label("bkt", 63).toLowerCase(),
          cluster: await fresh.cluster(),
          acl: offContract("everyone"),
        },
      });
      if (res.status >= 200 && res.status < 300)
        await ops.deleteBucket({ path: { clusterId: res.body.cluster, bucket: res.body.label } });
      expectWellFormedErrors(res);
      expectErrorNamingField(res, "acl");
    },
  );

  check(
    { id: ["CONV-ERR-3", "CONV-ERR-2"], op: "createManagedContact" },
    "a nested field of the wrong type is named by its period-separated path",
    async ({ ops, label }) => {
      const res = await ops.createManagedContact({
        body: { name: label("ct", 64), phone: { primary: offContract(5551234) } },
      });
      if (res.status >= 200 && res.status < 300)
        await ops.deleteManagedContact({ path: { contactId: res.body.id } });
      expectWellFormedErrors(res);
      expectErrorNamingField(res, "phone.primary");
    },
  );

  check(
    { id: "CONV-LEN-1", op: "createOAuthClient", kind: "validation", effect: "creates" },
    "a length inside the field table's bounds is accepted, one past them refused naming the field",
    async ({ ops, fresh, label }) => {
      // OAuth client label: 1..512 chars
      const long = label("app", 512).padEnd(512, "x");
      const client = await fresh.oauthClient({ label: long });
      if (client.label !== long)
        throw new TargetFailure(
          `a 512-character label came back as ${String(JSON.stringify(client.label ?? null)).slice(0, 80)}…`,
        );
      const res = await ops.createOAuthClient({
        body: { label: `${long}x`, redirect_uri: "https://example.com/callback" },
      });
      if (res.status >= 200 && res.status < 300)
        await ops.deleteOAuthClient({ path: { clientId: res.body.id } });
      expectErrorNamingField(res, "label");
    },
  );

  check(
    { id: "CONV-ERR-1", op: ["getKey", "getOAuthClient"] },
    "an unknown object ID is refused with a 4xx and the Error body",
    async ({ ops }) => {
      expectWellFormedErrors(await ops.getKey({ path: { keyId: UNKNOWN_ID } }));
      expectWellFormedErrors(
        await ops.getOAuthClient({ path: { clientId: "plumbline-no-such-client" } }),
      );
    },
  );

  check(
    { id: "CONV-ERR-1", op: "getAccount" },
    "an authentication failure answers the Error body",
    async ({ ops }) => {
      expectWellFormedErrors(await ops.getAccount({ as: "anonymous" }));
    },
  );

  check(
    { id: "CONV-ERR-8", op: ["getKey", "getAccount"] },
    "an error answer reports at least one {field, reason}",
    async ({ ops }) => {
      for (const res of [
        await ops.getKey({ path: { keyId: UNKNOWN_ID } }),
        await ops.getAccount({ as: "anonymous" }),
      ]) {
        if (expectError(res).length === 0)
          throw new TargetFailure(
            `${res.exchange.method} ${new URL(res.exchange.url).pathname} ${res.status}: the Error body's errors array is empty`,
          );
      }
    },
  );

  check(
    { id: "CONV-ERR-4", op: "createOAuthClient" },
    "a request refused for validation answers 400",
    async ({ ops }) => {
      expectStatus(
        await ops.createOAuthClient({
          body: offContract({ redirect_uri: "https://example.com/callback" }),
        }),
        400,
      );
    },
  );

  check(
    { id: "CONV-ERR-5", op: ["getKey", "getOAuthClient"] },
    "an unknown object ID answers 404",
    async ({ ops }) => {
      expectStatus(await ops.getKey({ path: { keyId: UNKNOWN_ID } }), 404);
      expectStatus(
        await ops.getOAuthClient({ path: { clientId: "plumbline-no-such-client" } }),
        404,
      );
    },
  );

  check(
    { id: "CONV-ERR-5", op: ["deleteOAuthClient", "getOAuthClient"], effect: "creates" },
    "a deleted object's ID answers 404",
    async ({ ops, fresh }) => {
      const client = await fresh.oauthClient();
      await ops.deleteOAuthClient({ path: { clientId: client.id } });
      expectStatus(await ops.getOAuthClient({ path: { clientId: client.id } }), 404);
    },
  );

  check(
    { id: "CONV-AUTH-10", op: ["getOAuthClient", "updateOAuthClient"], effect: "creates" },
    "another account's object is an unknown ID: 404 (or 403), and nothing of it is disclosed or changed",
    async ({ ops, fresh }) => {
      const client = await fresh.oauthClient();
      const view = await ops.getOAuthClient({ path: { clientId: client.id }, as: "secondary" });
      expectStatus(view, 404, 403);
      if (JSON.stringify(view.body ?? "").includes(client.label!))
        throw new TargetFailure("the refusal discloses the other account's client label");
      expectStatus(
        await ops.updateOAuthClient({
          path: { clientId: client.id },
          body: { label: "plumbline-not-yours" },
          as: "secondary",
        }),
        404,
        403,
      );
      const mine = expectSuccess(await ops.getOAuthClient({ path: { clientId: client.id } }));
      if (mine.label !== client.label)
        throw new TargetFailure(
          `another account's update changed the label to ${JSON.stringify(mine.label)}`,
        );
    },
  );
});
