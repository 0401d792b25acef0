// Stateful models of object storage (material: Endpoints / Object storage; Key create rules;
// Object storage resources: Access key `secret_key` "only returned on creation"; Bucket create
// "when the bucket already exists and is owned by the caller, status 200 with that bucket"; Bucket
// remove "option `force` removes a non-empty bucket"; Object URL create: the URL permits the
// method it was made for; Bucket contents list). Objects are stored, read and removed through
// pre-signed URLs (ctx.http); the contents list of a sequence's own bucket holds exactly its objects.
import { settled } from "../../../harness/settle.ts";
import fc from "fast-check";
import { describe } from "vitest";
import { check } from "../../../harness/check.ts";
import { expectEmptyObject, expectError, expectSuccess } from "../../../harness/expect.ts";
import { TargetFailure } from "../../../harness/errors.ts";
import { expectAccepted } from "../../shared/acceptance.ts";
import {
  BUCKET_ACLS,
  CERTIFICATE,
  forceRemove,
  presign,
  PRIVATE_KEY,
  works,
} from "../../object-storage/helpers.ts";
import { freshBucket, bucketRef, type BucketRef } from "../../shared/factories.ts";
import {
  at,
  command,
  expectGone,
  expectListed,
  hasId,
  held,
  type Holds,
  often,
  pick,
  removeCommand,
  runModel,
  type Real,
} from "./model.ts";
import { specEnum } from "../../shared/enums.ts";

// ---- access keys ------------------------------------------------------------------------------

type Access = "omitted" | "empty" | "one bucket";

interface Key {
  id: string;
  label: string;
  access_key: string;
  secret_key: string;
  access: Access;
  permissions: string;
}
interface Keys {
  live: Key[];
  gone: Key[];
}
interface KR extends Real {
  bucket: BucketRef;
}

const keyName = (k: Key) => `key ${k.id}`;

/** Every live key holds its label and access_key, limited as created, and its list entry agrees with its view (suites/invariants/). */
const keyHolds: Holds<Keys, KR>[] = [
  {
    kind: "key",
    objects: (m) =>
      m.live.map((k) =>
        held(
          { keyId: k.id },
          { label: k.label, access_key: k.access_key, limited: k.access !== "omitted" },
          (e) => hasId(e, k.id),
        ),
      ),
  },
];

/** A key record from list, view or update: the model's label and access_key, limited as created, no secret. */
function expectKey(where: string, rec: any, k: Key, bucket: BucketRef): void {
  if (rec?.label !== k.label)
    throw new TargetFailure(
      `${where} of ${keyName(k)}: label ${JSON.stringify(rec?.label)}; the model holds ${JSON.stringify(k.label)}`,
    );
  if (rec?.access_key !== k.access_key)
    throw new TargetFailure(
      `${where} of ${keyName(k)}: access_key changed from ${JSON.stringify(k.access_key)} to ${JSON.stringify(rec?.access_key)}`,
    );
  const limited = k.access !== "omitted";
  if (rec?.limited !== limited)
    throw new TargetFailure(
      `${where} of ${keyName(k)} (bucket_access ${k.access}): limited is ${JSON.stringify(rec?.limited)}, not ${limited}`,
    );
  if (k.access === "one bucket" && Array.isArray(rec?.bucket_access)) {
    const shown = rec.bucket_access.map(
      (a: any) => `${a?.cluster}/${a?.bucket_name}/${a?.permissions}`,
    );
    const sent = `${bucket.clusterId}/${bucket.bucket}/${k.permissions}`;
    if (shown.length !== 1 || shown[0] !== sent)
      throw new TargetFailure(
        `${where} of ${keyName(k)}: bucket_access ${JSON.stringify(shown)}; created with ${sent}`,
      );
  }
  if (k.access === "empty" && Array.isArray(rec?.bucket_access) && rec.bucket_access.length > 0)
    throw new TargetFailure(
      `${where} of ${keyName(k)}: created with an empty bucket_access, shows ${JSON.stringify(rec.bucket_access)}`,
    );
  if (k.secret_key && JSON.stringify(rec).includes(k.secret_key))
    throw new TargetFailure(
      `${where} of ${keyName(k)} contains its secret key; it is returned only on creation`,
    );
}

async function keysAgree(m: Keys, r: KR): Promise<void> {
  // within the convergence window (harness/settle.ts): a list may catch up a little later
  await settled(r.ctx, "read-your-writes", () => keysAgreeNow(m, r));
}

async function keysAgreeNow(m: Keys, r: KR): Promise<void> {
  const items = await expectListed(
    r.ctx,
    "listKeys",
    {},
    m.live,
    m.gone,
    (item, k) => hasId(item, k.id),
    keyName,
  );
  for (const k of m.live) {
    expectKey(
      "keys list entry",
      items.find((item) => hasId(item, k.id)),
      k,
      r.bucket,
    );
    expectKey(
      "view",
      expectSuccess(await r.ctx.ops.getKey({ path: { keyId: k.id } })),
      k,
      r.bucket,
    );
  }
  for (const k of m.gone) expectGone(await r.ctx.ops.getKey({ path: { keyId: k.id } }), keyName(k));
}

const keyCommands = [
  ...often(
    fc
      .tuple(
        fc.constantFrom<Access>("omitted", "empty", "one bucket"),
        fc.constantFrom(
          ...specEnum({ schema: "BucketAccessEntry", member: "permissions" }, "x-seen-values"),
        ),
      )
      .map(([access, permissions]) =>
        command<Keys, KR>(
          `create(bucket_access ${access === "one bucket" ? `one bucket, ${permissions}` : access})`,
          () => true,
          async (m, r) => {
            const label = r.ctx.label("key", 50);
            const body: Record<string, unknown> = { label };
            if (access === "empty") body.bucket_access = [];
            if (access === "one bucket")
              body.bucket_access = [
                { cluster: r.bucket.clusterId, bucket_name: r.bucket.bucket, permissions },
              ];
            const made = await expectAccepted(
              r.ctx.fresh.create("key", "createKey", { body, label }),
            );
            if (typeof made?.secret_key !== "string" || made.secret_key === "")
              throw new TargetFailure(
                `key create answered secret_key ${JSON.stringify(made?.secret_key)}; it is returned on creation`,
              );
            const k: Key = {
              id: String(made.id),
              label,
              access_key: made.access_key!,
              secret_key: made.secret_key,
              access,
              permissions,
            };
            m.live.push(k);
            await keysAgree(m, r);
          },
        ),
      ),
  ),
  pick.map((i) =>
    command<Keys, KR>(
      `update(#${i}: label)`,
      (m) => m.live.length > 0,
      async (m, r) => {
        const k = at(m.live, i);
        k.label = r.ctx.label("key", 50);
        expectKey(
          "update answer",
          expectSuccess(
            await r.ctx.ops.updateKey({ path: { keyId: k.id }, body: { label: k.label } }),
          ),
          k,
          r.bucket,
        );
        await keysAgree(m, r);
      },
    ),
  ),
  removeCommand<Key, Keys, KR>(
    "revoke",
    async (k, r) => expectEmptyObject(await r.ctx.ops.revokeKey({ path: { keyId: k.id } })),
    keysAgree,
  ),
];

// ---- buckets and their objects ------------------------------------------------------------------

interface Bucket {
  path: BucketRef;
  /** object name → the bytes stored */
  objects: Map<string, string>;
  /** object name → the acl last set on it (a new object's acl is not shown) */
  acls: Map<string, string>;
  /** a TLS certificate is stored */
  ssl: boolean;
}
interface Buckets {
  live: Bucket[];
  gone: Bucket[];
}
interface BR extends Real {
  cluster: string;
}

const bucketName = (b: Bucket) => `bucket ${b.path.bucket}`;
const OBJECT_NAMES = ["a.txt", "b.txt", "dir/c.txt", "dir/d.txt"];

/** Every object name of a bucket's contents list, following next_marker (at most 20 answers). */
async function contents(r: Real, path: BucketRef): Promise<string[]> {
  const names: string[] = [];
  let marker: string | undefined;
  for (let i = 0; i < 20; i++) {
    const body = expectSuccess<{
      data: { name: string; is_truncated?: boolean; next_marker?: string }[];
    }>(await r.ctx.ops.listBucketObjects({ path: { ...path }, query: marker ? { marker } : {} }));
    names.push(...body.data.map((o) => o.name));
    const last = body.data.at(-1);
    if (last?.is_truncated !== true) return names;
    marker = last.next_marker || last.name;
  }
  return names;
}

/**
 * Each live bucket is viewable and listed in its cluster, its contents list holds exactly the
 * model's objects, and each object reads back through a GET URL as stored; a removed bucket is
 * neither viewable nor listed.
 */
async function bucketsAgree(m: Buckets, r: BR): Promise<void> {
  // within the convergence window (harness/settle.ts): a list may catch up a little later
  await settled(r.ctx, "read-your-writes", () => bucketsAgreeNow(m, r));
}

async function bucketsAgreeNow(m: Buckets, r: BR): Promise<void> {
  const isBucket = (item: any, b: Bucket) =>
    item?.label === b.path.bucket && item?.cluster === b.path.clusterId;
  await expectListed(
    r.ctx,
    "listClusterBuckets",
    { path: { clusterId: r.cluster } },
    m.live,
    m.gone,
    isBucket,
    bucketName,
  );
  for (const b of m.live) {
    const view = expectSuccess(await r.ctx.ops.getBucket({ path: { ...b.path } }));
    if (!isBucket(view, b))
      throw new TargetFailure(
        `view of ${bucketName(b)} answered label ${JSON.stringify(view?.label)} in cluster ${JSON.stringify(view?.cluster)}`,
      );
    const names = (await contents(r, b.path)).sort();
    const want = [...b.objects.keys()].sort();
    if (JSON.stringify(names) !== JSON.stringify(want))
      throw new TargetFailure(
        `contents of ${bucketName(b)}: ${JSON.stringify(names)}; the model holds ${JSON.stringify(want)}`,
      );
    const ssl = expectSuccess(await r.ctx.ops.getBucketSsl({ path: { ...b.path } })).ssl;
    if (ssl !== b.ssl)
      throw new TargetFailure(
        `TLS state of ${bucketName(b)}: ssl ${JSON.stringify(ssl)}; the model holds ${b.ssl}`,
      );
    for (const [name, acl] of b.acls) {
      const view = expectSuccess(
        await r.ctx.ops.getObjectAcl({ path: { ...b.path }, query: { name } }),
      );
      if (view?.acl !== acl)
        throw new TargetFailure(
          `object ACL of ${name} in ${bucketName(b)}: acl ${JSON.stringify(view?.acl)}; set to ${acl}`,
        );
    }
    for (const [name, data] of b.objects) {
      const got = await r.ctx.http("GET", await presign(r.ctx, b.path, name, "GET"));
      if (!works(got.status) || got.text !== data)
        throw new TargetFailure(
          `GET of ${name} in ${bucketName(b)} through a GET URL answered ${got.status || got.error} with ${JSON.stringify(got.text.slice(0, 60))}; stored ${JSON.stringify(data)}`,
        );
    }
  }
  for (const b of m.gone)
    expectGone(await r.ctx.ops.getBucket({ path: { ...b.path } }), bucketName(b));
}

const pickObject = fc.tuple(pick, fc.constantFrom(...OBJECT_NAMES));

async function createBucket(m: Buckets, r: BR): Promise<void> {
  const label = r.ctx.label("bkt", 63).toLowerCase();
  const made = await expectAccepted(
    r.ctx.fresh.create("bucket", "createBucket", { body: { label, cluster: r.cluster }, label }),
  );
  m.live.push({ path: bucketRef(made), objects: new Map(), acls: new Map(), ssl: false });
}

const bucketCommands = [
  fc.constant(
    command<Buckets, BR>(
      "createBucket",
      () => true,
      async (m, r) => {
        await createBucket(m, r);
        await bucketsAgree(m, r);
      },
    ),
  ),
  pick.map((i) =>
    command<Buckets, BR>(
      `createAgain(#${i})`,
      (m) => m.live.length > 0,
      async (m, r) => {
        const b = at(m.live, i);
        const res = await r.ctx.ops.createBucket({
          body: { label: b.path.bucket, cluster: b.path.clusterId },
        });
        if (res.status !== 200)
          throw new TargetFailure(
            `create of ${bucketName(b)}, which the caller owns, answered ${res.status}; the material gives status 200 with that bucket`,
          );
        expectSuccess(res);
        await bucketsAgree(m, r);
      },
    ),
  ),
  ...often(
    fc.tuple(pickObject, fc.string({ minLength: 1, maxLength: 20 })).map(([[i, name], data]) =>
      command<Buckets, BR>(
        `put(#${i}, ${name}, ${JSON.stringify(data)})`,
        (m) => m.live.length > 0,
        async (m, r) => {
          const b = at(m.live, i);
          const res = await r.ctx.http("PUT", await presign(r.ctx, b.path, name, "PUT"), {
            body: data,
            contentType: "application/octet-stream",
          });
          if (!works(res.status))
            throw new TargetFailure(
              `PUT of ${name} through a PUT URL answered ${res.status || res.error}; the URL permits PUT`,
            );
          b.objects.set(name, data);
          b.acls.delete(name); // the acl of an object stored again is not shown
          await bucketsAgree(m, r);
        },
      ),
    ),
    2,
  ),
  pickObject.map(([i, name]) =>
    command<Buckets, BR>(
      `putThroughGetUrl(#${i}, ${name})`,
      (m) => m.live.length > 0,
      async (m, r) => {
        const b = at(m.live, i);
        const res = await r.ctx.http("PUT", await presign(r.ctx, b.path, name, "GET"), {
          body: "not stored",
          contentType: "application/octet-stream",
        });
        if (works(res.status))
          throw new TargetFailure(
            `PUT of ${name} through a URL signed for GET answered ${res.status}; the URL permits GET only`,
          );
        await bucketsAgree(m, r);
      },
    ),
  ),
  pickObject.map(([i, name]) =>
    command<Buckets, BR>(
      `deleteObject(#${i}, ${name})`,
      (m) => m.live.length > 0,
      async (m, r) => {
        const b = at(m.live, i);
        const res = await r.ctx.http("DELETE", await presign(r.ctx, b.path, name, "DELETE"));
        if (!works(res.status) && b.objects.has(name))
          throw new TargetFailure(
            `DELETE of ${name} through a DELETE URL answered ${res.status || res.error}; the URL permits DELETE`,
          );
        b.objects.delete(name);
        b.acls.delete(name);
        await bucketsAgree(m, r);
      },
    ),
  ),
  fc.tuple(pick, pick, fc.constantFrom(...BUCKET_ACLS)).map(([i, j, acl]) =>
    command<Buckets, BR>(
      `setObjectAcl(#${i}, object #${j}, ${acl})`,
      (m) => m.live.some((b) => b.objects.size > 0),
      async (m, r) => {
        const b = at(
          m.live.filter((x) => x.objects.size > 0),
          i,
        );
        const name = at([...b.objects.keys()], j);
        const set = expectSuccess(
          await r.ctx.ops.updateObjectAcl({ path: { ...b.path }, body: { acl, name } }),
        );
        if (set?.acl !== acl)
          throw new TargetFailure(
            `object ACL update of ${name} to ${acl} answered acl ${JSON.stringify(set?.acl)}`,
          );
        b.acls.set(name, acl);
        await bucketsAgree(m, r);
      },
    ),
  ),
  pick.map((i) =>
    command<Buckets, BR>(
      `uploadCert(#${i})`,
      (m) => m.live.length > 0,
      async (m, r) => {
        const b = at(m.live, i);
        const res = await expectAccepted(
          r.ctx.fresh.create("bucketSsl", "uploadBucketSsl", {
            path: { ...b.path },
            body: { certificate: CERTIFICATE, private_key: PRIVATE_KEY },
            parent: { ...b.path },
          }),
        );
        if (res?.ssl !== true)
          throw new TargetFailure(
            `TLS cert upload to ${bucketName(b)} answered ssl ${JSON.stringify(res?.ssl)}`,
          );
        b.ssl = true;
        await bucketsAgree(m, r);
      },
    ),
  ),
  pick.map((i) =>
    command<Buckets, BR>(
      `deleteCert(#${i})`,
      (m) => m.live.some((b) => b.ssl),
      async (m, r) => {
        const b = at(
          m.live.filter((x) => x.ssl),
          i,
        );
        expectEmptyObject(await r.ctx.ops.deleteBucketSsl({ path: { ...b.path } }));
        b.ssl = false;
        await bucketsAgree(m, r);
      },
    ),
  ),
  // removal with and without the force option, drawn often: it ends what a sequence built
  ...often(
    fc.tuple(pick, fc.boolean()).map(([i, force]) =>
      command<Buckets, BR>(
        `remove(#${i}${force ? ", force" : ""})`,
        (m) => m.live.length > 0,
        async (m, r) => {
          const b = at(m.live, i);
          const res = force
            ? await forceRemove(r.ctx, b.path)
            : await r.ctx.ops.deleteBucket({ path: { ...b.path } });
          if (b.objects.size > 0 && !force) {
            expectError(res); // without force a non-empty bucket stays, objects and all
          } else {
            expectEmptyObject(res);
            m.live.splice(m.live.indexOf(b), 1);
            m.gone.push(b);
          }
          await bucketsAgree(m, r);
        },
      ),
    ),
    2,
  ),
];

describe("fuzz/stateful/object-storage", () => {
  check(
    {
      id: [
        "OS-KEY-1",
        "OS-KEY-2",
        "OS-KEY-3",
        "OS-KEY-4",
        "OS-KEY-5",
        "OS-KEY-6",
        "OS-KEY-7",
        "OS-KEY-8",
        "OS-KEY-9",
      ],
      op: ["createKey", "updateKey", "revokeKey", "getKey", "listKeys"],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "Key create rules: sending a non-empty bucket_access array makes a limited key restricted to those buckets with the given permissions; sending an empty array makes a limited key with access to no bucket; omitting bucket_access makes an unlimited key with access to all clusters and buckets (limited is then false).",
        "secret_key (string, only returned on creation)",
        "Key update | PUT /v4/object-storage/keys/{keyId} | object_storage:read_write | label (string) | Access key",
        "Key revoke | DELETE /v4/object-storage/keys/{keyId} | object_storage:read_write | | {}",
      ],
      effect: "creates",
      timeout: 120_000,
    },
    "access keys: after any sequence of creates (bucket_access omitted, empty or one bucket), label updates and revokes, list and views agree with the model and never show a secret key",
    async (c) => {
      const { path: bucket } = await freshBucket(c);
      await runModel<Keys, KR>(
        c,
        "stateful access keys",
        keyCommands,
        async () => ({ model: { live: [], gone: [] }, real: { ctx: c, bucket } }),
        { holds: keyHolds },
      );
    },
  );

  check(
    {
      id: [
        "OS-BUCKET-1",
        "OS-BUCKET-4",
        "OS-URL-2",
        "OS-OBJLIST-1",
        "OS-REMOVE-1",
        "OS-REMOVE-2",
        "OS-REMOVE-3",
        "OS-ACL-2",
        "OS-SSL-1",
        "OS-SSL-2",
        "OS-SSL-3",
      ],
      op: [
        "createBucket",
        "getBucket",
        "listClusterBuckets",
        "createObjectUrl",
        "listBucketObjects",
        "deleteBucket",
        "updateObjectAcl",
        "getObjectAcl",
        "uploadBucketSsl",
        "getBucketSsl",
        "deleteBucketSsl",
      ],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "Bucket; when the bucket already exists and is owned by the caller, status 200 with that bucket",
        "method (required, default GET; HTTP method the URL permits)",
        "option `force` removes a non-empty bucket",
        "Object ACL update | PUT /v4/object-storage/buckets/{clusterId}/{bucket}/object-acl | object_storage:read_write | acl (required, five values above), name (required) | Object ACL",
        "Bucket TLS state | certificate upload | | ssl true",
        "Bucket TLS state | certificate delete | | ssl false",
      ],
      effect: "creates",
      timeout: 120_000,
    },
    "buckets and objects: after any sequence of bucket creates, object PUT, GET and DELETE through pre-signed URLs, object ACL updates, TLS certificate uploads and deletes and removals, buckets, their contents, ACLs and TLS state agree with the model",
    async (c) => {
      const cluster = await c.fresh.cluster();
      // each sequence starts from one empty bucket, so the object and TLS commands apply from the first
      await runModel<Buckets, BR>(c, "stateful buckets and objects", bucketCommands, async () => {
        const model: Buckets = { live: [], gone: [] };
        await createBucket(model, { ctx: c, cluster, trace: [] });
        return {
          model,
          real: { ctx: c, cluster },
          setup: `bucket ${model.live[0].path.bucket}`,
          // cleanup removes buckets without force: the sequence empties what it filled
          end: async (m) => {
            for (const b of m.live.filter((x) => x.objects.size > 0)) await forceRemove(c, b.path);
          },
        };
      });
    },
  );
});
