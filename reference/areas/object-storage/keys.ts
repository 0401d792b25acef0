// Access keys and transfer usage.
import { findCluster } from "../../data.ts";
import { EMPTY, notFound, ok } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import { intParam, type Ctx, type Router } from "../../router.ts";
import { Fields } from "../../validate.ts";
import {
  bucketKey,
  KEY_PERMISSIONS,
  keyJson,
  osState,
  randomKey,
  transferOf,
  type AccessKey,
  type BucketAccess,
} from "./store.ts";

const READ = "object_storage:read_only";
const WRITE = "object_storage:read_write";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const MIXED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function keyOf(ctx: Ctx): AccessKey {
  const id = intParam(ctx, "keyId");
  // fault authz-foreign-key-readable: a view finds another account's key too
  const foreign =
    ctx.method === "GET" && ctx.faults.has("authz-foreign-key-readable")
      ? ctx.state.accounts.map((a) => osState(ctx.state, a).keys.get(id)).find(Boolean)
      : undefined;
  const k = osState(ctx.state, ctx.account).keys.get(id) ?? foreign;
  if (!k) throw notFound("Access key not found");
  return k;
}

/** fault os-key-list-stale-after-update: what the list shows of a key, as it was before its last update */
const staleListed = new WeakMap<AccessKey, AccessKey>();
/** fault os-key-revoked-listed: revoked keys that the list keeps showing, per account */
const ghosts = new WeakMap<object, Record<string, unknown>[]>();
/** The three members of a `bucket_access` item ("array of {cluster, bucket_name, permissions}"). */
const ACCESS_MEMBERS = ["cluster", "bucket_name", "permissions"] as const;

/**
 * `bucket_access` items: each names a known `cluster`, a `bucket_name` of the caller in it, and
 * `permissions` read_only or read_write. Returns the valid items (errors go to `f`) and whether an
 * item left a member out. An item missing a member is refused naming it; under the variant
 * bucket-access-partial (or the fault os-key-partial-entry-unlimited) it is taken and grants nothing.
 */
function bucketAccess(
  ctx: Ctx,
  f: Fields,
  list: unknown[] | null | undefined,
): { access: BucketAccess[]; partial: boolean } {
  const os = osState(ctx.state, ctx.account);
  const access: BucketAccess[] = [];
  const takePartial =
    ctx.variants.has("bucket-access-partial") || ctx.faults.has("os-key-partial-entry-unlimited");
  let partial = false;
  list?.forEach((item, i) => {
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      f.fail(`bucket_access.${i}`, "must be an object with cluster, bucket_name and permissions");
      return;
    }
    const given = item as Record<string, unknown>;
    const g = f.nested(`bucket_access.${i}`, given);
    if (takePartial && ACCESS_MEMBERS.some((k) => given[k] === undefined)) {
      partial = true;
      for (const k of ACCESS_MEMBERS) g.string(k);
      return;
    }
    const cluster = g.string("cluster", { required: true });
    const bucket = g.string("bucket_name", { required: true });
    const permissions = g.string("permissions", { required: true, oneOf: KEY_PERMISSIONS });
    if (typeof cluster === "string" && !findCluster(cluster))
      g.fail("cluster", `no cluster ${cluster}`);
    else if (
      typeof cluster === "string" &&
      typeof bucket === "string" &&
      !os.buckets.has(bucketKey(cluster, bucket))
    ) {
      g.fail("bucket_name", `no bucket ${bucket} in cluster ${cluster}`);
    }
    if (cluster && bucket && permissions)
      access.push({ cluster, bucket_name: bucket, permissions });
  });
  return { access, partial };
}

/** Create: a key is limited when `bucket_access` is sent (an unlimited key shows `[]`). */
function createKey(ctx: Ctx) {
  const os = osState(ctx.state, ctx.account);
  const f = new Fields(ctx.json());
  const label = f.string("label");
  const list = f.array("bucket_access");
  const { access, partial } = bucketAccess(ctx, f, list);
  f.done();
  let limited = list !== undefined && list !== null;
  if (!limited && ctx.faults.has("os-key-limited-when-omitted")) limited = true;
  if (partial && ctx.faults.has("os-key-partial-entry-unlimited")) limited = false;
  if (limited && access.length === 0 && ctx.faults.has("os-key-empty-access-unlimited"))
    limited = false;
  const k: AccessKey = {
    id: ctx.state.id(),
    label: label ?? "",
    access_key: randomKey(20, UPPER),
    secret_key: randomKey(40, MIXED),
    limited,
    bucket_access: limited ? access : [],
  };
  os.keys.set(k.id, k);
  return ok(keyJson(k, true, ctx.variants.has("null-for-absent")));
}

function updateKey(ctx: Ctx) {
  const k = keyOf(ctx);
  const f = new Fields(ctx.json());
  const label = f.string("label");
  f.done();
  if (ctx.faults.has("os-key-list-stale-after-update")) staleListed.set(k, { ...k });
  if (typeof label === "string") k.label = label;
  // fault: a label update drops what a limited key may reach (no minimal key holds any)
  if (ctx.faults.has("os-key-update-drops-bucket-access")) k.bucket_access = [];
  return ok(keyJson(k, false, ctx.variants.has("null-for-absent")));
}

function revokeKey(ctx: Ctx) {
  const k = keyOf(ctx);
  const os = osState(ctx.state, ctx.account);
  os.keys.delete(k.id);
  if (ctx.faults.has("os-key-revoked-listed"))
    ghosts.set(os, [...(ghosts.get(os) ?? []), keyJson(k)]);
  return EMPTY;
}

export function registerKeys(r: Router) {
  r.get("/v4/object-storage/keys", READ, (ctx) =>
    paginate(
      ctx,
      [...osState(ctx.state, ctx.account).keys.values()]
        .map((k) => keyJson(staleListed.get(k) ?? k, false, ctx.variants.has("null-for-absent")))
        .concat(ghosts.get(osState(ctx.state, ctx.account)) ?? []),
    ),
  );
  r.post("/v4/object-storage/keys", WRITE, createKey);
  r.get("/v4/object-storage/keys/{keyId}", READ, (ctx) =>
    ok(
      keyJson(
        keyOf(ctx),
        ctx.faults.has("os-key-secret-in-view"),
        ctx.variants.has("null-for-absent"),
      ),
    ),
  );
  r.put("/v4/object-storage/keys/{keyId}", WRITE, updateKey);
  r.delete("/v4/object-storage/keys/{keyId}", WRITE, revokeKey);
  r.get("/v4/object-storage/transfer/", READ, (ctx) =>
    ok({ used: transferOf(ctx.state, osState(ctx.state, ctx.account)).used }),
  );
}
