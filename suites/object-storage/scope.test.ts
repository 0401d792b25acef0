// Material: Endpoints / Object storage (Scope column: object_storage:read_only for reads,
// object_storage:read_write for writes), Authentication item 3. Reads are sent with a token holding
// no object_storage scope; writes with a token holding only object_storage:read_only.
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import type { CallOptions } from "../../harness/ops.ts";
import { loose } from "../../harness/ops.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { expectError, expectStatus, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { CERTIFICATE, PRIVATE_KEY } from "./helpers.ts";
import { freshBucket } from "../shared/factories.ts";
import { accountReadOnly, objectStorageReadOnly } from "../shared/principals.ts";

type Target = { path: { clusterId: string; bucket: string }; keyId: number };
type Case = [OperationId, (t: Target) => CallOptions];

/** A bucket and a key to address; the refusal must come from the scope alone. */
async function target(c: CheckContext): Promise<Target> {
  const { path } = await freshBucket(c);
  const key = await c.fresh.key();
  return { path, keyId: key.id };
}

const READS: Case[] = [
  ["listBuckets", () => ({})],
  ["listClusterBuckets", (t) => ({ path: { clusterId: t.path.clusterId } })],
  ["getBucket", (t) => ({ path: { ...t.path } })],
  ["getObjectAcl", (t) => ({ path: { ...t.path }, query: { name: "any" } })],
  ["listBucketObjects", (t) => ({ path: { ...t.path } })],
  ["getBucketSsl", (t) => ({ path: { ...t.path } })],
  ["listKeys", () => ({})],
  ["getKey", (t) => ({ path: { keyId: t.keyId } })],
  ["getObjectStorageTransfer", () => ({})],
];

const WRITES: Case[] = [
  ["createBucket", (t) => ({ body: { cluster: t.path.clusterId, label: `${t.path.bucket}-x` } })],
  ["deleteBucket", (t) => ({ path: { ...t.path } })],
  ["modifyBucketAccess", (t) => ({ path: { ...t.path }, body: { acl: "public-read" } })],
  ["updateBucketAccess", (t) => ({ path: { ...t.path }, body: { acl: "public-read" } })],
  ["updateObjectAcl", (t) => ({ path: { ...t.path }, body: { acl: "public-read", name: "any" } })],
  ["createObjectUrl", (t) => ({ path: { ...t.path }, body: { name: "any", method: "PUT" } })],
  [
    "uploadBucketSsl",
    (t) => ({ path: { ...t.path }, body: { certificate: CERTIFICATE, private_key: PRIVATE_KEY } }),
  ],
  ["deleteBucketSsl", (t) => ({ path: { ...t.path } })],
  ["createKey", (t) => ({ body: { label: `${t.path.bucket}-k` } })],
  ["updateKey", (t) => ({ path: { keyId: t.keyId }, body: { label: "renamed-by-read-only" } })],
  ["revokeKey", (t) => ({ path: { keyId: t.keyId } })],
];

/** What a refused write must leave as it was: the bucket, its TLS state, the key and its label. */
async function unchanged(
  c: CheckContext,
  t: Target,
  before: { key: any; ssl: boolean },
): Promise<void> {
  expectSuccess(await c.ops.getBucket({ path: { ...t.path } }));
  const created = await c.ops.getBucket({
    path: { clusterId: t.path.clusterId, bucket: `${t.path.bucket}-x` },
  });
  if (created.status >= 200 && created.status < 300)
    throw new TargetFailure("the refused bucket create made the bucket");
  const ssl = expectSuccess(await c.ops.getBucketSsl({ path: { ...t.path } }));
  if (ssl.ssl !== before.ssl)
    throw new TargetFailure(`the refused write changed ssl to ${ssl.ssl}`);
  const key = expectSuccess(await c.ops.getKey({ path: { keyId: t.keyId } }));
  if (key.label !== before.key.label)
    throw new TargetFailure(`the refused write changed the key label to ${key.label}`);
  const keys = expectSuccess(await c.ops.listKeys());
  if (keys.data.some((k: any) => k.label === `${t.path.bucket}-k`))
    throw new TargetFailure("the refused key create made a key");
}

describe("object-storage/scope", () => {
  for (const [op, opts] of READS) {
    check(
      { id: "OS-SCOPE-1", op, effect: "creates" },
      `${op} refuses a token without an object_storage scope`,
      async (c) => {
        const t = await target(c);
        expectError(await loose(c.ops)[op]({ ...opts(t), as: await accountReadOnly(c) }));
      },
    );
  }

  for (const [op, opts] of WRITES) {
    check(
      { id: "OS-SCOPE-2", op, effect: "creates" },
      `${op} refuses a token with only object_storage:read_only and changes nothing`,
      async (c) => {
        const t = await target(c);
        const before = {
          key: expectSuccess(await c.ops.getKey({ path: { keyId: t.keyId } })),
          ssl: false,
        };
        expectError(await loose(c.ops)[op]({ ...opts(t), as: await objectStorageReadOnly(c) }));
        await unchanged(c, t, before);
      },
    );
  }

  check(
    { id: "OS-SCOPE-2", op: "cancelObjectStorage", effect: "destructive" },
    "cancelObjectStorage refuses a token with only object_storage:read_only",
    async (c) => {
      const { path } = await freshBucket(c);
      expectError(await c.ops.cancelObjectStorage({ as: await objectStorageReadOnly(c) }));
      expectSuccess(await c.ops.getBucket({ path: { ...path } }));
    },
  );

  check(
    {
      id: "CONV-AUTH-5",
      op: ["getBucket", "createBucket"],
      area: "object-storage",
      effect: "creates",
    },
    "a token lacking the object storage scope answers 401 or 403",
    async (c) => {
      const t = await target(c);
      expectStatus(
        await c.ops.getBucket({ path: { ...t.path }, as: await accountReadOnly(c) }),
        401,
        403,
      );
      expectStatus(
        await c.ops.createBucket({
          body: { cluster: t.path.clusterId, label: `${t.path.bucket}-y` },
          as: await objectStorageReadOnly(c),
        }),
        401,
        403,
      );
    },
  );
});
