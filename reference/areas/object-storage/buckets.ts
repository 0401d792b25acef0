// Buckets, bucket access, object ACLs, the contents list, pre-signed URLs, TLS, cancel, clusters.
import { CLUSTERS, findCluster, type Cluster } from "../../data.ts";
import { ApiError, badRequest, EMPTY, notFound, ok, unauthorized } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import type { Ctx, Router } from "../../router.ts";
import { Fields, loosen } from "../../validate.ts";
import {
  aclXml,
  ACLS,
  BUCKET_ACLS,
  BUCKET_LABEL,
  bucketJson,
  bucketKey,
  FORCE_REMOVE_MAX_OBJECTS,
  labelRegistry,
  lowerBound,
  namePath,
  OBJECT_NAME_MAX,
  osState,
  removeBucket,
  seal,
  signUrl,
  sortedNames,
  URL_METHODS,
  type Bucket,
} from "./store.ts";

const READ = "object_storage:read_only";
const WRITE = "object_storage:read_write";
const B = "/v4/object-storage/buckets/{clusterId}/{bucket}";

/** The caller's bucket named by the path; another account's bucket is 404 like a missing one. */
function bucketOf(ctx: Ctx): Bucket {
  const b = osState(ctx.state, ctx.account).buckets.get(
    bucketKey(ctx.params.clusterId, ctx.params.bucket),
  );
  if (!b) throw notFound("Bucket not found");
  return b;
}

function labelProblem(label: string): string | undefined {
  if (label.length < 3 || label.length > 63) return "length must be 3..63";
  if (!BUCKET_LABEL.test(label))
    return "only lowercase letters, digits, dashes and periods, beginning and ending with a letter or digit";
  if (/\.\.|\.-|-\./.test(label)) return "no two periods in a row, and no dash next to a period";
  if (/^\d+\.\d+\.\d+\.\d+$/.test(label)) return "must not look like an IP address";
  return undefined;
}

/** `force` as a query parameter (`?force=true`) or a JSON body field; either one true forces. */
function forceOption(ctx: Ctx): boolean {
  let force = false;
  const q = ctx.query.get("force");
  if (q !== null) {
    if (q === "true" || q === "1") force = true;
    else if (q !== "false" && q !== "0")
      throw badRequest("force must be a valid value: true or false", "force");
  }
  const f = new Fields(ctx.json());
  if (f.bool("force")) force = true;
  f.done();
  return force;
}

function objectName(ctx: Ctx): string {
  const name = ctx.query.get("name");
  if (name === null || name === "")
    throw badRequest("name must be a valid value: is required", "name");
  return name;
}

function objectOf(_ctx: Ctx, b: Bucket, name: string) {
  const o = b.objects.get(name);
  if (!o)
    throw new ApiError(404, [
      { field: "name", reason: `Object ${name} not found in bucket ${b.label}` },
    ]);
  return o;
}

function intQuery(ctx: Ctx, name: string, min: number, max: number, dflt: number): number {
  const raw = ctx.query.get(name);
  if (raw === null) return dflt;
  const n = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
  if (ctx.variants.has("page-size-clamp") && Number.isInteger(n))
    return Math.min(max, Math.max(min, n));
  if (!(n >= min && n <= max))
    throw badRequest(`${name} must be a valid value: an integer ${min}..${max}`, name);
  return n;
}

/** The `cluster-unavailable` variant lists an unavailable cluster first (it takes no buckets). */
const UNAVAILABLE: Cluster = {
  id: "ap-south-1",
  region: "ap-south",
  domain: "ap-south-1.objects.example",
  static_site_domain: "website-ap-south-1.objects.example",
  status: "unavailable",
};
const clusters = (ctx: Ctx): Cluster[] =>
  ctx.variants.has("cluster-unavailable") ? [UNAVAILABLE, ...CLUSTERS] : CLUSTERS;

/** Contents list: S3-style listing with prefix, delimiter roll-up and marker continuation. */
function listObjects(ctx: Ctx, b: Bucket) {
  const prefix = ctx.faults.has("os-objlist-prefix-ignored") ? "" : (ctx.query.get("prefix") ?? "");
  const delimiter = ctx.faults.has("os-objlist-delimiter-ignored")
    ? ""
    : (ctx.query.get("delimiter") ?? "");
  const marker = ctx.query.get("marker") ?? "";
  // variant object-list-page-50: the contents list's default page is 50 names (its bounds and
  // default are not shown: "Bounds of page_size on lists other than those named above: not shown")
  const size = intQuery(
    ctx,
    "page_size",
    1,
    100,
    ctx.variants.has("object-list-page-50") ? 50 : 100,
  );
  const inclusive = ctx.faults.has("os-objlist-marker-inclusive");
  const names = sortedNames(b);
  const owner = b.account.euuid;
  let i = Math.max(lowerBound(names, prefix), marker ? lowerBound(names, marker, !inclusive) : 0);
  const entries: Record<string, unknown>[] = [];
  let last = "";
  let truncated = false;
  for (; i < names.length; i++) {
    const name = names[i];
    if (!name.startsWith(prefix)) break; // names with the prefix are contiguous in order
    let shown = name;
    let rolled = false;
    if (delimiter) {
      const at = name.indexOf(delimiter, prefix.length);
      if (at !== -1) {
        shown = name.slice(0, at + delimiter.length);
        rolled = true;
      }
    }
    if (shown === last) continue;
    if (marker && (inclusive ? shown < marker : shown <= marker)) continue;
    if (entries.length === size) {
      truncated = true;
      break;
    }
    last = shown;
    const o = b.objects.get(name)!;
    entries.push(
      rolled
        ? { name: shown, etag: "", last_modified: o.lastModified, owner: "", size: 0 }
        : { name, etag: o.etag, last_modified: o.lastModified, owner, size: o.size },
    );
  }
  const next_marker = truncated ? last : "";
  for (const e of entries) {
    e.is_truncated = truncated;
    e.next_marker = next_marker;
  }
  return { data: entries, is_truncated: truncated, next_marker };
}

const CERT_BLOCKS =
  /^(?:-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----\s*)+$/;

/** A PEM certificate (chain), as text or Base64-encoded; the X.509 contents are not parsed. */
export function certificateOk(s: string): boolean {
  const t = s.trim();
  if (CERT_BLOCKS.test(t)) return true;
  if (!/^[A-Za-z0-9+/=\s]+$/.test(t)) return false;
  return CERT_BLOCKS.test(Buffer.from(t, "base64").toString("utf8").trim());
}

/**
 * The label of a new bucket: DNS-compatible, and free in the cluster (labels are unique per cluster
 * platform-wide; the same label in another cluster is free).
 */
function checkNewLabel(ctx: Ctx, label: string, cluster: Cluster) {
  const problem = labelProblem(label);
  if (problem) throw badRequest(`label must be a valid value: ${problem}`, "label");
  const registry = labelRegistry(ctx.state);
  if (
    registry.has(bucketKey(cluster.id, label)) &&
    !ctx.faults.has("os-bucket-label-taken-accepted")
  ) {
    throw badRequest(
      `label must be a valid value: the label ${label} is already in use in cluster ${cluster.id}`,
      "label",
    );
  }
  if (
    ctx.faults.has("os-bucket-label-global") &&
    CLUSTERS.some((c) => registry.has(bucketKey(c.id, label)))
  ) {
    throw badRequest(`label must be a valid value: the label ${label} is already in use`, "label");
  }
}

/** Create; the label of one of the caller's own buckets in the cluster answers that bucket. */
function createBucket(ctx: Ctx) {
  const f = new Fields(ctx.json());
  const acl = f.string("acl", { oneOf: BUCKET_ACLS });
  const clusterId = f.string("cluster", { required: true });
  if (ctx.faults.has("os-bucket-cors-truthy")) loosen(f.body, "cors_enabled", "truthy");
  const cors = f.bool("cors_enabled");
  const label = f.string("label", { required: true });
  const cluster = typeof clusterId === "string" ? findCluster(clusterId) : undefined;
  if (typeof clusterId === "string" && !cluster) f.fail("cluster", `no cluster ${clusterId}`);
  else if (cluster && cluster.status !== "available")
    f.fail("cluster", `cluster ${cluster.id} is unavailable`);
  f.done();
  const os = osState(ctx.state, ctx.account);
  const key = bucketKey(cluster!.id, label!);
  const own = os.buckets.get(key);
  if (own) {
    if (ctx.faults.has("os-bucket-owned-create-error"))
      throw badRequest("A bucket with this label already exists in this cluster", "label");
    return { ...ok(bucketOut(ctx, own)), fixedStatus: true }; // the material: "status 200 with that bucket"
  }
  checkNewLabel(ctx, label!, cluster!);
  const b: Bucket = {
    cluster: cluster!.id,
    label: label!,
    created: ctx.state.iso(),
    hostname: `${label}.${cluster!.domain}`,
    acl:
      (acl as Bucket["acl"] | undefined) ??
      (ctx.faults.has("os-bucket-acl-default-public") ? "public-read" : "private"),
    cors_enabled: cors ?? false,
    account: ctx.account,
    objects: new Map(),
    bytes: 0,
    sorted: null,
    tls: null,
  };
  os.buckets.set(key, b);
  const registry = labelRegistry(ctx.state);
  if (!registry.has(key)) registry.set(key, b);
  return ok(bucketOut(ctx, b));
}

/** The bucket as answered: counts of the last hourly tally under the variant bucket-counts-lag. */
const bucketOut = (ctx: Ctx, b: Bucket) =>
  bucketJson(b, ctx.variants.has("bucket-counts-lag") ? ctx.state.now().getTime() : undefined);

function listClusterBuckets(ctx: Ctx) {
  if (!findCluster(ctx.params.clusterId)) throw notFound("Cluster not found");
  const list = [...osState(ctx.state, ctx.account).buckets.values()].filter(
    (b) => b.cluster === ctx.params.clusterId,
  );
  return paginate(
    ctx,
    list.map((b) => bucketOut(ctx, b)),
  );
}

/** Remove: a non-empty bucket only with `force`, and then at most 1000 objects. */
function deleteBucket(ctx: Ctx) {
  const b = bucketOf(ctx);
  const force = forceOption(ctx);
  const count = b.objects.size;
  if (count > 0) {
    if (!force || ctx.faults.has("os-force-ignored")) {
      throw badRequest(
        `Bucket ${b.label} is not empty; remove its objects first, or send force true`,
      );
    }
    // variant force-remove-unbounded: no count makes a forced removal fail ("The number of objects
    // above which forced bucket removal fails: not shown")
    if (count > FORCE_REMOVE_MAX_OBJECTS && !ctx.variants.has("force-remove-unbounded")) {
      // fault os-force-limit-removes-anyway: the refusal stands but the bucket goes
      if (ctx.faults.has("os-force-limit-removes-anyway"))
        removeBucket(ctx.state, osState(ctx.state, ctx.account), b);
      throw badRequest(
        `Bucket ${b.label} holds ${count} objects; forced removal is limited to ${FORCE_REMOVE_MAX_OBJECTS} objects. Remove objects first, or open a support ticket.`,
      );
    }
  }
  removeBucket(ctx.state, osState(ctx.state, ctx.account), b);
  return EMPTY;
}

/** Access modify (POST) and update (PUT) are the same: each field applied when given. */
function updateAccess(ctx: Ctx) {
  const b = bucketOf(ctx);
  const f = new Fields(ctx.json());
  const acl = f.string("acl", { oneOf: ACLS });
  const cors = f.bool("cors_enabled");
  f.done();
  if (acl) b.acl = acl as Bucket["acl"];
  if (typeof cors === "boolean") b.cors_enabled = cors;
  return EMPTY;
}

function viewObjectAcl(ctx: Ctx) {
  const b = bucketOf(ctx);
  const o = objectOf(ctx, b, objectName(ctx));
  return ok({ acl: o.acl, acl_xml: aclXml(o.acl, b.account.euuid) });
}

function updateObjectAcl(ctx: Ctx) {
  const b = bucketOf(ctx);
  const f = new Fields(ctx.json());
  const acl = f.string("acl", { required: true, oneOf: ACLS }) as Bucket["acl"] | undefined;
  const name = f.string("name", { required: true, min: 1 });
  f.done();
  const o = objectOf(ctx, b, name!);
  if (!ctx.faults.has("os-object-acl-not-saved")) o.acl = acl!;
  return ok({ acl: acl!, acl_xml: aclXml(acl!, b.account.euuid) });
}

/** A pre-signed URL of the data plane (dataplane.ts) for one object and method. */
function objectUrl(ctx: Ctx) {
  const b = bucketOf(ctx);
  const f = new Fields(ctx.json());
  const name = f.string("name", { required: true, min: 1, max: OBJECT_NAME_MAX });
  // "method (required, default GET)": left out it is GET; the variant object-url-method-required
  // reads "required" instead and refuses the request
  const rawMethod = f.string("method", {
    required: ctx.variants.has("object-url-method-required"),
  });
  const unbounded = ctx.faults.has("os-url-expires-unbounded");
  const expiresIn =
    f.int(
      "expires_in",
      unbounded
        ? {}
        : { min: 360, max: ctx.faults.has("os-url-expires-day-accepted") ? 86400 : 68400 },
    ) ?? 3600;
  const contentType = f.string("content_type") ?? "";
  const method = (rawMethod ?? "GET").toUpperCase();
  if (!(URL_METHODS as readonly string[]).includes(method))
    f.fail("method", `must be one of ${URL_METHODS.join(", ")}`);
  f.done();
  const expires = Math.floor(ctx.state.now().getTime() / 1000) + expiresIn;
  const sig = signUrl(method, b.cluster, b.label, name!, expires, contentType);
  const where = namePath(name!);
  const q = new URLSearchParams({ method, expires: String(expires) });
  if (where.query !== undefined) q.set("name", where.query);
  if (contentType) q.set("content_type", contentType);
  q.set("sig", sig);
  const url = `${ctx.baseUrl}/__objects/${encodeURIComponent(b.cluster)}/${encodeURIComponent(b.label)}${where.path}?${q}`;
  return ok({ url });
}

function uploadCertificate(ctx: Ctx) {
  const b = bucketOf(ctx);
  const f = new Fields(ctx.json());
  const certificate = f.string("certificate", { required: true, min: 1 });
  const privateKey = f.string("private_key", { required: true, min: 1 });
  if (typeof certificate === "string" && certificate && !certificateOk(certificate)) {
    f.fail(
      "certificate",
      "must be a PEM certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----), as text or Base64-encoded",
    );
  }
  f.done();
  b.tls = { certificate: seal(certificate!), private_key: seal(privateKey!) };
  return ok({ ssl: true });
}

function deleteCertificate(ctx: Ctx) {
  const b = bucketOf(ctx);
  if (!ctx.faults.has("os-ssl-stays-after-delete")) b.tls = null;
  return EMPTY;
}

/** Cancel: refused while any bucket holds objects; removes every bucket and revokes every key. */
function cancelObjectStorage(ctx: Ctx) {
  const os = osState(ctx.state, ctx.account);
  const full = [...os.buckets.values()].filter((b) => b.objects.size > 0);
  if (full.length && !ctx.faults.has("os-cancel-nonempty")) {
    throw badRequest(
      `Object storage cannot be cancelled while buckets hold objects (${full.map((b) => `${b.cluster}/${b.label}`).join(", ")}); empty them first`,
    );
  }
  for (const b of [...os.buckets.values()]) removeBucket(ctx.state, os, b);
  os.keys.clear();
  return EMPTY;
}

/** A cluster as served (fault os-cluster-region-null: its region answered null). */
const clusterView = (ctx: Ctx, c: Cluster) =>
  ctx.faults.has("os-cluster-region-null") ? { ...c, region: null } : { ...c };

function listClusters(ctx: Ctx) {
  if (!ctx.principal && ctx.faults.has("os-clusters-need-auth"))
    throw unauthorized("Authentication required");
  return paginate(
    ctx,
    clusters(ctx).map((c) => clusterView(ctx, c)),
  );
}

function viewCluster(ctx: Ctx) {
  const c = clusters(ctx).find((x) => x.id === ctx.params.clusterId);
  if (!c) throw notFound("Cluster not found");
  return ok(clusterView(ctx, c));
}

export function registerBuckets(r: Router) {
  r.get("/v4/object-storage/buckets/", READ, (ctx) =>
    paginate(
      ctx,
      [...osState(ctx.state, ctx.account).buckets.values()].map((b) => bucketOut(ctx, b)),
    ),
  );
  r.post("/v4/object-storage/buckets/", WRITE, createBucket);
  r.get("/v4/object-storage/buckets/{clusterId}", READ, listClusterBuckets);
  r.get(B, READ, (ctx) => ok(bucketOut(ctx, bucketOf(ctx))));
  r.delete(B, WRITE, deleteBucket);
  r.post(`${B}/access`, WRITE, updateAccess);
  r.put(`${B}/access`, WRITE, updateAccess);
  r.get(`${B}/object-acl`, READ, viewObjectAcl);
  r.put(`${B}/object-acl`, WRITE, updateObjectAcl);
  r.get(`${B}/object-list`, READ, (ctx) => ok(listObjects(ctx, bucketOf(ctx))));
  r.post(`${B}/object-url`, WRITE, objectUrl);
  r.get(`${B}/ssl`, READ, (ctx) => ok({ ssl: bucketOf(ctx).tls !== null }));
  r.post(`${B}/ssl`, WRITE, uploadCertificate);
  r.delete(`${B}/ssl`, WRITE, deleteCertificate);
  r.post("/v4/object-storage/cancel", WRITE, cancelObjectStorage);
  r.get("/v4/object-storage/clusters", "none", listClusters);
  r.get("/v4/object-storage/clusters/{clusterId}", "none", viewCluster);
}
