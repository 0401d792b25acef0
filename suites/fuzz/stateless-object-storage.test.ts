// Stateless properties: object storage (Endpoints / Object storage). Generators: generators/;
// the properties: ./stateless.ts.
import { statelessProperties, type Made, type Target } from "./stateless.ts";
import type { CheckContext } from "../../harness/check.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { CERTIFICATE, PRIVATE_KEY } from "../object-storage/helpers.ts";
import { loose } from "../../harness/ops.ts";

const bucket = async (c: CheckContext): Promise<Made> => {
  const b = await c.fresh.bucket();
  return {
    bucket: { cluster: b.cluster!, label: b.label! },
    path: { clusterId: b.cluster!, bucket: b.label! },
  };
};

/** A bucket holding one object (the object ACL operations name an existing object). */
const bucketWithObject = async (c: CheckContext): Promise<Made> => {
  const made = await bucket(c);
  const { names } = await c.states.require("bucket-objects", {
    cluster: made.bucket!.cluster,
    bucket: made.bucket!.label,
    count: 1,
    prefix: "fuzz-",
  });
  const name = String(names?.[0] ?? "fuzz-0");
  return { ...made, query: { name }, members: { name } };
};

/** Empties the bucket again, so its removal at the end of the check succeeds. */
const emptyBucket = async (c: CheckContext, made: Made): Promise<void> => {
  await c.states.require("bucket-objects", {
    cluster: made.bucket!.cluster,
    bucket: made.bucket!.label,
    count: 0,
    replace: true,
  });
};

const withCertificate = async (c: CheckContext): Promise<Made> => {
  const made = await bucket(c);
  expectSuccess(
    await loose(c.ops).uploadBucketSsl({
      path: made.path,
      body: { certificate: CERTIFICATE, private_key: PRIVATE_KEY },
    }),
  );
  return made;
};

const key = async (c: CheckContext): Promise<Made> => ({
  path: { keyId: (await c.fresh.key()).id },
});

/** Access key: the label reads back as sent (the view answers the Access key record). */
async function keyReadsBack(
  c: CheckContext,
  sent: { body?: any },
  res: { body: any },
  made: Made,
): Promise<void> {
  const id = made.path?.keyId ?? res.body?.id;
  const view = expectSuccess(await c.ops.getKey({ path: { keyId: id } }));
  if (sent.body?.label !== undefined && view.label !== sent.body.label)
    throw new TargetFailure(
      `key label: sent ${JSON.stringify(sent.body.label)}, view shows ${JSON.stringify(view.label)}`,
    );
}

const targets: Target[] = [
  {
    op: "createBucket",
    creates: "bucket",
    // Bucket: the label and cluster read back in the bucket's view
    readBack: async (c, sent) => {
      const b = sent.body as { cluster: string; label: string };
      const view = expectSuccess(
        await c.ops.getBucket({ path: { clusterId: b.cluster, bucket: b.label } }),
      );
      if (view.label !== b.label || view.cluster !== b.cluster)
        throw new TargetFailure(
          `bucket view shows ${view.cluster}/${view.label}, created ${b.cluster}/${b.label}`,
        );
    },
  },
  {
    op: "listClusterBuckets",
    setup: async (c) => ({ path: { clusterId: await c.fresh.cluster() } }),
  },
  { op: "getBucket", setup: bucket, effect: "creates" },
  { op: "deleteBucket", setup: bucket, perCase: true, effect: "creates" },
  { op: "updateBucketAccess", setup: bucket, effect: "creates" },
  { op: "modifyBucketAccess", setup: bucket, effect: "creates" },
  { op: "getObjectAcl", setup: bucketWithObject, teardown: emptyBucket, effect: "creates" },
  { op: "updateObjectAcl", setup: bucketWithObject, teardown: emptyBucket, effect: "creates" },
  { op: "listBucketObjects", setup: bucketWithObject, teardown: emptyBucket, effect: "creates" },
  { op: "createObjectUrl", setup: bucket, effect: "creates" },
  { op: "getBucketSsl", setup: bucket, effect: "creates" },
  // certificate: "Base64 PEM": a real certificate and its key (the rest of the body is generated)
  {
    op: "uploadBucketSsl",
    setup: async (c) => ({
      ...(await bucket(c)),
      members: { certificate: CERTIFICATE, private_key: PRIVATE_KEY },
    }),
    effect: "creates",
  },
  { op: "deleteBucketSsl", setup: withCertificate, perCase: true, effect: "creates" },
  { op: "getCluster", setup: async (c) => ({ path: { clusterId: await c.fresh.cluster() } }) },
  { op: "createKey", creates: "key", setup: bucket, readBack: keyReadsBack },
  { op: "getKey", setup: key, effect: "creates" },
  { op: "updateKey", setup: key, effect: "creates", readBack: keyReadsBack },
  { op: "revokeKey", setup: key, perCase: true, effect: "creates" },
];

statelessProperties("stateless/object-storage", targets);
