// Helpers of the object-storage suite: the buckets and objects a check needs, the force option,
// the pre-signed URL round trip, and the tokens that lack the area's scopes.
import type { CheckContext } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";
import type { As } from "../../harness/principals.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { HarnessError, MissingCapability, TargetFailure } from "../../harness/errors.ts";
import { offContract } from "../../harness/ops.ts";

export const BUCKET_ACLS = [
  "private",
  "public-read",
  "authenticated-read",
  "public-read-write",
] as const;
export const ACLS = [...BUCKET_ACLS, "custom"] as const;

export interface BucketRef {
  clusterId: string;
  bucket: string;
}

// a member the create answer left out fails at the first call that sends it (harness/ops.ts fillPath)
export const ref = (b: { cluster?: string; label?: string }): BucketRef => ({
  clusterId: b.cluster!,
  bucket: b.label!,
});

/** A token holding no object_storage scope (reads must refuse it). */
export const noAreaScope = (c: CheckContext): Promise<As> =>
  c.principals.withScopes(["account:read_only"]);
/** A token holding object_storage:read_only only (writes must refuse it). */
export const readOnly = (c: CheckContext, user: "admin" | "secondary" = "admin"): Promise<As> =>
  c.principals.withScopes(["object_storage:read_only"], user);

/** A fresh bucket and the path parameters that address it. */
export async function freshBucket(
  c: CheckContext,
  body: Record<string, unknown> = {},
): Promise<{ bucket: any; path: BucketRef }> {
  const bucket = await c.fresh.bucket(body);
  return { bucket, path: ref(bucket) };
}

/** The available clusters of the target (a public list). */
export async function clusters(c: CheckContext): Promise<string[]> {
  const res = await c.ops.listClusters({ as: "anonymous" });
  const ids = res.json
    ? (res.body?.data ?? [])
        .filter((x: any) => x?.status === "available")
        .map((x: any) => String(x.id))
    : [];
  return ids;
}

/** Stores `count` objects named `{prefix}{n}` through the provider state `bucket-objects`. */
export async function fill(
  c: CheckContext,
  path: BucketRef,
  count: number,
  prefix = "obj-",
): Promise<void> {
  await c.states.require("bucket-objects", {
    cluster: path.clusterId,
    bucket: path.bucket,
    count,
    prefix,
  });
}

/** Removes every object of the bucket (provider state `bucket-objects` with `replace`), so cleanup can remove it. */
export async function empty(c: CheckContext, path: BucketRef): Promise<void> {
  await c.states.require("bucket-objects", {
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
export function forceRemove(c: CheckContext, path: BucketRef, as?: As): Promise<ApiResponse> {
  return c.ops.deleteBucket({
    path: { ...path },
    query: offContract({ force: true }),
    body: offContract({ force: true }),
    as,
  });
}

/** A pre-signed URL for `name` permitting `method`. */
export async function presign(
  c: CheckContext,
  path: BucketRef,
  name: string,
  method: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const body = expectSuccess<{ url: string }>(
    await c.ops.createObjectUrl({ path: { ...path }, body: { name, method, ...extra } }),
  );
  return body.url;
}

/** Stores an object through a PUT URL; fails when the data plane refuses it. */
export async function putObject(
  c: CheckContext,
  path: BucketRef,
  name: string,
  data: string,
): Promise<void> {
  const res = await c.http("PUT", await presign(c, path, name, "PUT"), {
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
  c: CheckContext,
  path: BucketRef,
  query: Record<string, string | number> = {},
): Promise<string[]> {
  const body = expectSuccess<{ data: { name: string }[] }>(
    await c.ops.listBucketObjects({ path: { ...path }, query }),
  );
  return body.data.map((o) => o.name);
}

/** A fresh, separate account (provider state `second-account`), for checks that change a whole account. */
export async function otherAccount(c: CheckContext): Promise<As> {
  const made = await c.states.require("second-account");
  if (typeof made.token !== "string")
    throw new HarnessError("provider state second-account answered no token");
  return { token: made.token, name: "a second account" };
}

/** Creates a bucket as another principal; the caller removes it (fresh cleans up as admin only). */
export async function bucketAs(
  c: CheckContext,
  as: As,
  body: Record<string, unknown> = {},
): Promise<BucketRef> {
  const cluster = body.cluster ?? (await c.fresh.cluster());
  const label = c.label("bkt", 63).toLowerCase();
  const res = await c.ops.createBucket({
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
  c: CheckContext,
  body: (path: BucketRef) => Promise<void>,
  create: Record<string, unknown> = {},
): Promise<void> {
  const { path } = await freshBucket(c, create);
  try {
    await body(path);
  } finally {
    await forceRemove(c, path);
  }
}

export const works = (status: number) => status >= 200 && status < 300;
