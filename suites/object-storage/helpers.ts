// Helpers of the object-storage suite: the buckets and objects a check needs, the force option,
// the pre-signed URL round trip, another account, and the test certificate.
import type { CheckContext } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";
import type { As } from "../../harness/principals.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { HarnessError, MissingCapability, TargetFailure } from "../../harness/errors.ts";
import { specEnum } from "../shared/enums.ts";
import { type BucketRef, freshBucket } from "../shared/factories.ts";
import { offContract, type RequestBody } from "../../harness/ops.ts";

type BucketAcl = NonNullable<RequestBody<"createBucket">["acl"]>;
type Acl = NonNullable<RequestBody<"updateObjectAcl">["acl"]>;

/** The canned ACLs a bucket is created with (createBucket's acl). */
export const BUCKET_ACLS = specEnum<BucketAcl>({ request: "createBucket", member: "acl" });
/** Every ACL value: the canned ones and custom (an object's ACL, a bucket's access). */
export const ACLS = specEnum<Acl>({ schema: "ObjectAcl", member: "acl" });

/** The available clusters of the target (a public list). */
export async function clusters(ctx: CheckContext): Promise<string[]> {
  const res = await ctx.ops.listClusters({ as: "anonymous" });
  const ids = res.json
    ? (res.body?.data ?? [])
        .filter((x: any) => x?.status === "available")
        .map((x: any) => String(x.id))
    : [];
  return ids;
}

/** Stores `count` objects named `{prefix}{n}` through the provider state `bucket-objects`. */
export async function fill(
  ctx: CheckContext,
  path: BucketRef,
  count: number,
  prefix = "obj-",
): Promise<void> {
  await ctx.states.require("bucket-objects", {
    cluster: path.clusterId,
    bucket: path.bucket,
    count,
    prefix,
  });
}

/** Removes every object of the bucket (provider state `bucket-objects` with `replace`), so cleanup can remove it. */
export async function empty(ctx: CheckContext, path: BucketRef): Promise<void> {
  await ctx.states.require("bucket-objects", {
    cluster: path.clusterId,
    bucket: path.bucket,
    count: 0,
    replace: true,
  });
}

/**
 * Bucket remove with the force option. Where the option is sent is not shown (OS-REMOVE-5), so it is
 * sent both as the query parameter `force=true` and as the body field `force: true`.
 */
export function forceRemove(ctx: CheckContext, path: BucketRef, as?: As): Promise<ApiResponse> {
  return ctx.ops.deleteBucket({
    path: { ...path },
    query: offContract({ force: true }),
    body: offContract({ force: true }),
    as,
  });
}

/** A pre-signed URL for `name` permitting `method`. */
export async function presign(
  ctx: CheckContext,
  path: BucketRef,
  name: string,
  method: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const body = expectSuccess<{ url: string }>(
    await ctx.ops.createObjectUrl({ path: { ...path }, body: { name, method, ...extra } }),
  );
  return body.url;
}

/** Stores an object through a PUT URL; fails when the data plane refuses it. */
export async function putObject(
  ctx: CheckContext,
  path: BucketRef,
  name: string,
  data: string,
): Promise<void> {
  const res = await ctx.http("PUT", await presign(ctx, path, name, "PUT"), {
    body: data,
    contentType: "application/octet-stream",
  });
  if (res.status < 200 || res.status > 299)
    throw new TargetFailure(
      `PUT through a pre-signed PUT URL answered ${res.status || res.error}; the URL permits PUT`,
    );
}

/** Object names the contents list shows (the whole first answer). */
export async function listedNames(
  ctx: CheckContext,
  path: BucketRef,
  query: Record<string, string | number> = {},
): Promise<string[]> {
  const body = expectSuccess<{ data: { name: string }[] }>(
    await ctx.ops.listBucketObjects({ path: { ...path }, query }),
  );
  return body.data.map((o) => o.name);
}

/** A fresh, separate account (provider state `second-account`), for checks that change a whole account. */
export async function otherAccount(ctx: CheckContext): Promise<As> {
  const made = await ctx.states.require("second-account");
  if (typeof made.token !== "string")
    throw new HarnessError("provider state second-account answered no token");
  return { token: made.token, name: "a second account" };
}

/** Creates a bucket as another principal; the caller removes it (fresh cleans up as admin only). */
export async function bucketAs(
  ctx: CheckContext,
  as: As,
  body: Record<string, unknown> = {},
): Promise<BucketRef> {
  const cluster = body.cluster ?? (await ctx.fresh.cluster());
  const label = ctx.label("bkt", 63).toLowerCase();
  const res = await ctx.ops.createBucket({
    body: { label, cluster: cluster as string, ...body },
    as,
  });
  // the material's own valid body: a bucket the target did not make is its failure, named
  if (res.status < 200 || res.status > 299)
    throw new TargetFailure(
      `setup: the bucket fixture ${label} was not created: createBucket as another principal answered ${res.status}: ${res.text.slice(0, 200)}`,
    );
  return { clusterId: String(cluster), bucket: label };
}

/** Skips unless the bucket record shows `acl` (the material's Bucket record does not list it). */
export function recordAcl(bucket: any): string {
  if (typeof bucket?.acl !== "string")
    throw new MissingCapability(
      "the Bucket record does not show acl (not among the material's Bucket fields), so the bucket's acl cannot be observed",
    );
  return bucket.acl;
}

/** A throwaway self-signed certificate (CN plumbline.example) and its key, for the TLS operations. */
export const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBjzCCATWgAwIBAgIUIHbKR3JQ76zVauY6/Yh15HBuVdcwCgYIKoZIzj0EAwIw
HDEaMBgGA1UEAwwRcGx1bWJsaW5lLmV4YW1wbGUwIBcNMjYxMTIxMDUxODExWhgP
MjEyNjEwMjgwNTE4MTFaMBwxGjAYBgNVBAMMEXBsdW1ibGluZS5leGFtcGxlMFkw
EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAESkDR+Pa39+/aJECcSSUOh7uLLELrxurM
H1Z3rnsmdfozcgddpIrBo9OWMeh4WU1Eajfyo1vYhLzxRx7z9ybfwKNTMFEwHQYD
VR0OBBYEFC1VH5Tiotcn+eK6GCrE/9Pkg6PsMB8GA1UdIwQYMBaAFC1VH5Tiotcn
+eK6GCrE/9Pkg6PsMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSAAwRQIg
XuvtSS1Q1c5BVo0SUE8zuSEwfwmfEvBHd3r4WmPsHAACIQDUVe6C5rjZYd9coGWW
qlhHjpSOBbsqdvZPpDSb+TEXQw==
-----END CERTIFICATE-----
`;
export const PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgX/bST8PhgVFRfqTe
bTCOM4CckRHru87Uxd+f2Pgq0yKhRANCAARKQNH49rf379okQJxJJQ6Hu4ssQuvG
6swfVneueyZ1+jNyB12kisGj05Yx6HhZTURqN/KjW9iEvPFHHvP3Jt/A
-----END PRIVATE KEY-----
`;

/** A fresh bucket (created with `create`); the body runs, then the bucket is removed with force (objects and all). */
export async function withBucket(
  ctx: CheckContext,
  body: (path: BucketRef) => Promise<void>,
  create: Record<string, unknown> = {},
): Promise<void> {
  const { path } = await freshBucket(ctx, create);
  try {
    await body(path);
  } finally {
    await forceRemove(ctx, path);
  }
}

export const works = (status: number) => status >= 200 && status < 300;
