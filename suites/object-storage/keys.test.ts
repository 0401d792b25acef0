// Material: Endpoints / Object storage (Keys list, Key create with label and bucket_access, Key view,
// Key update with label, Key revoke), Key create rules, Object storage resources (Access key:
// secret_key only returned on creation).
import { settled } from "../../harness/settle.ts";
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectCollection,
  expectEmptyObject,
  expectError,
  expectStatus,
  expectSuccess,
} from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { freshBucket } from "../shared/factories.ts";
import { allPages } from "../shared/pages.ts";

/** Fails when a response body carries the secret key's value anywhere. */
function expectNoSecret(where: string, body: unknown, secret: string): void {
  if (JSON.stringify(body).includes(secret))
    throw new TargetFailure(`${where} contains the secret key; it is returned only on creation`);
}

describe("object-storage/keys", () => {
  check(
    { id: "OS-KEY-1", op: "createKey", effect: "creates" },
    "key create answers the Access key with its secret_key",
    async (c) => {
      const label = c.label("key", 50);
      const res = await c.ops.createKey({ body: { label } });
      try {
        const k = expectSuccess(res);
        if (k.label !== label)
          throw new TargetFailure(`the key shows label ${JSON.stringify(k.label)}; sent ${label}`);
        for (const f of ["access_key", "secret_key"])
          if (typeof k[f] !== "string" || k[f] === "")
            throw new TargetFailure(`${f} is ${JSON.stringify(k[f])}`);
        if (!Number.isInteger(k.id)) throw new TargetFailure(`id is ${JSON.stringify(k.id)}`);
        if (typeof k.limited !== "boolean")
          throw new TargetFailure(`limited is ${JSON.stringify(k.limited)}`);
      } finally {
        // revoked whatever the verdict, so a failing check leaves no credential behind
        if (res.status >= 200 && res.status < 300 && Number.isInteger(res.body?.id))
          await c.ops.revokeKey({ path: { keyId: res.body.id } });
      }
    },
  );

  check(
    { id: "OS-KEY-2", op: ["listKeys", "getKey", "updateKey"], effect: "creates" },
    "the secret key is not returned by keys list, key view or key update",
    async (c) => {
      const k = await c.fresh.key();
      if (typeof k.secret_key !== "string" || k.secret_key === "")
        return c.skip("key create returned no secret_key to look for");
      expectNoSecret("keys list", expectSuccess(await c.ops.listKeys()), k.secret_key);
      expectNoSecret(
        "key view",
        expectSuccess(await c.ops.getKey({ path: { keyId: k.id } })),
        k.secret_key,
      );
      expectNoSecret(
        "key update",
        expectSuccess(
          await c.ops.updateKey({ path: { keyId: k.id }, body: { label: c.label("key2", 50) } }),
        ),
        k.secret_key,
      );
    },
  );

  check(
    { id: "OS-KEY-3", op: "createKey", effect: "creates" },
    "a non-empty bucket_access makes a limited key restricted to those buckets",
    async (c) => {
      const { bucket } = await freshBucket(c);
      const access = [
        { cluster: bucket.cluster, bucket_name: bucket.label, permissions: "read_only" },
      ];
      const k = await c.fresh.key({ bucket_access: access });
      if (k.limited !== true)
        throw new TargetFailure(
          `a key with bucket_access shows limited ${JSON.stringify(k.limited)}`,
        );
      const shown = (k.bucket_access ?? []).map((a: any) => ({
        cluster: a.cluster,
        bucket_name: a.bucket_name,
        permissions: a.permissions,
      }));
      if (JSON.stringify(shown) !== JSON.stringify(access))
        throw new TargetFailure(
          `bucket_access is ${JSON.stringify(k.bucket_access)}; sent ${JSON.stringify(access)}`,
        );
    },
  );

  check(
    { id: "OS-KEY-4", op: "createKey", effect: "creates" },
    "an empty bucket_access makes a limited key with access to no bucket",
    async (c) => {
      const k = await c.fresh.key({ bucket_access: [] });
      if (k.limited !== true)
        throw new TargetFailure(
          `a key with bucket_access [] shows limited ${JSON.stringify(k.limited)}`,
        );
      if (Array.isArray(k.bucket_access) && k.bucket_access.length)
        throw new TargetFailure(
          `a key with bucket_access [] shows access to ${JSON.stringify(k.bucket_access)}`,
        );
    },
  );

  check(
    { id: "OS-KEY-5", op: "createKey", effect: "creates" },
    "omitting bucket_access makes an unlimited key (limited false)",
    async (c) => {
      const k = await c.fresh.key();
      if (k.limited !== false)
        throw new TargetFailure(
          `a key without bucket_access shows limited ${JSON.stringify(k.limited)}`,
        );
    },
  );

  check(
    { id: "OS-KEY-6", op: "listKeys", effect: "creates" },
    "keys list is a collection holding the caller's keys",
    async (c) => {
      const k = await c.fresh.key();
      await settled(c, "record of a write", async () => {
        const res = await c.ops.listKeys();
        const list = expectCollection(res);
        expectSuccess(res);
        if (list.pages > 1 || !list.data.some((x: any) => x.id === k.id)) {
          // other keys of the account may fill the first page: every page is read
          if (!(await allPages(c.ops, "listKeys")).some((x: any) => x.id === k.id))
            throw new TargetFailure(`keys list lacks key ${k.id}`);
        }
      });
    },
  );

  check(
    { id: "OS-KEY-7", op: "getKey", effect: "creates" },
    "key view answers the Access key of that ID",
    async (c) => {
      const k = await c.fresh.key();
      const seen = expectSuccess(await c.ops.getKey({ path: { keyId: k.id } }));
      if (seen.id !== k.id || seen.access_key !== k.access_key || seen.label !== k.label)
        throw new TargetFailure(
          `view of key ${k.id} answered ${JSON.stringify({ id: seen.id, label: seen.label })}`,
        );
    },
  );

  check(
    { id: "CONV-ERR-5", op: "getKey", area: "object-storage", effect: "creates" },
    "key view of a revoked key answers 404",
    async (c) => {
      const k = await c.fresh.key();
      expectEmptyObject(await c.ops.revokeKey({ path: { keyId: k.id } }));
      const res = await c.ops.getKey({ path: { keyId: k.id } });
      expectError(res);
      expectStatus(res, 404);
    },
  );

  check(
    { id: "OS-KEY-8", op: ["updateKey", "getKey"], effect: "creates" },
    "key update answers the key with the new label; access_key is unchanged",
    async (c) => {
      const k = await c.fresh.key();
      const label = c.label("renamed", 50);
      const up = expectSuccess(await c.ops.updateKey({ path: { keyId: k.id }, body: { label } }));
      if (up.label !== label)
        throw new TargetFailure(`update answered label ${JSON.stringify(up.label)}; sent ${label}`);
      const seen = expectSuccess(await c.ops.getKey({ path: { keyId: k.id } }));
      if (seen.label !== label)
        throw new TargetFailure(
          `after the update the view shows label ${JSON.stringify(seen.label)}`,
        );
      if (seen.access_key !== k.access_key || up.access_key !== k.access_key)
        throw new TargetFailure("the update changed access_key");
    },
  );

  check(
    { id: "OS-KEY-9", op: ["revokeKey", "getKey", "listKeys"], effect: "creates" },
    "key revoke answers {} and the key is no longer viewable or listed",
    async (c) => {
      const k = await c.fresh.key();
      expectEmptyObject(await c.ops.revokeKey({ path: { keyId: k.id } }));
      expectError(await c.ops.getKey({ path: { keyId: k.id } }));
      await settled(c, "delete is complete", async () => {
        const list = expectCollection(await c.ops.listKeys());
        if (list.data.some((x: any) => x.id === k.id))
          throw new TargetFailure(`the revoked key ${k.id} is still listed`);
      });
    },
  );

  check(
    { id: "OS-KEY-10", op: "createKey", effect: "creates" },
    "permissions read_write is accepted in bucket_access (observed)",
    async (c) => {
      const { bucket } = await freshBucket(c);
      const k = await c.fresh.key({
        bucket_access: [
          { cluster: bucket.cluster, bucket_name: bucket.label, permissions: "read_write" },
        ],
      });
      c.observe("OS-KEY-10", "permissions shown", k.bucket_access?.[0]?.permissions);
    },
  );
});
