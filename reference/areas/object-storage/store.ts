// Object storage records of the reference target: buckets (with their stored objects), access keys,
// transfer usage, the platform-wide bucket label registry, and the signing of pre-signed URLs.
import { createCipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Account, State } from "../../state.ts";

export const BUCKET_ACLS = [
  "private",
  "public-read",
  "authenticated-read",
  "public-read-write",
] as const;
export const ACLS = [...BUCKET_ACLS, "custom"] as const;
export type Acl = (typeof ACLS)[number];
export const KEY_PERMISSIONS = ["read_only", "read_write"] as const;
export const URL_METHODS = ["GET", "HEAD", "PUT", "POST", "DELETE"] as const;

/** Forced removal of a bucket holding more objects than this fails (the material: not shown). */
export const FORCE_REMOVE_MAX_OBJECTS = 1000;
/** Bucket labels: DNS-compatible, as they become the first label of the bucket's hostname. */
export const BUCKET_LABEL = /^[a-z0-9](?:[a-z0-9.-]{1,61})[a-z0-9]$/;
export const OBJECT_NAME_MAX = 1024;

export interface StoredObject {
  name: string;
  size: number;
  /** null: `size` zero bytes, made on demand (objects seeded by the `bucket-objects` state) */
  data: Buffer | null;
  contentType: string;
  etag: string;
  lastModified: string;
  acl: Acl;
}

interface Sealed {
  iv: Buffer;
  tag: Buffer;
  data: Buffer;
}

export interface Bucket {
  cluster: string;
  label: string;
  created: string;
  hostname: string;
  acl: Acl;
  cors_enabled: boolean;
  account: Account;
  objects: Map<string, StoredObject>;
  bytes: number;
  /** the counts the record shows under the variant bucket-counts-lag, and when they were taken */
  tally?: { objects: number; bytes: number; at: number };
  /** object names in order, rebuilt on the first list after a change */
  sorted: string[] | null;
  /** the certificate and private key, stored encrypted (never returned) */
  tls: { certificate: Sealed; private_key: Sealed } | null;
}

export interface BucketAccess {
  cluster: string;
  bucket_name: string;
  permissions: string;
}

export interface AccessKey {
  id: number;
  label: string;
  access_key: string;
  secret_key: string;
  limited: boolean;
  bucket_access: BucketAccess[];
}

export interface OsState {
  /** by `cluster/label` */
  buckets: Map<string, Bucket>;
  keys: Map<number, AccessKey>;
  transfer: { month: string; used: number };
}

export const bucketKey = (cluster: string, label: string) => `${cluster}/${label}`;

export function osState(state: State, account: Account): OsState {
  return state.area(account, "object-storage", () => ({
    buckets: new Map(),
    keys: new Map(),
    transfer: { month: "", used: 0 },
  }));
}

/** Platform-wide: which bucket holds each label in each cluster (labels are unique per cluster). */
export function labelRegistry(state: State): Map<string, Bucket> {
  return state.globalArea("object-storage", () => new Map<string, Bucket>());
}

/** A tally of a bucket's counts lasts this long under the variant bucket-counts-lag. */
const TALLY_MS = 3_600_000;

/** The bucket record; with `tallyAt` (the target's clock, variant bucket-counts-lag) its counts are those of the last hourly tally. */
export function bucketJson(b: Bucket, tallyAt?: number) {
  if (tallyAt !== undefined && (!b.tally || tallyAt - b.tally.at >= TALLY_MS))
    b.tally = { objects: b.objects.size, bytes: b.bytes, at: tallyAt };
  const counts = tallyAt === undefined ? { objects: b.objects.size, bytes: b.bytes } : b.tally!;
  return {
    cluster: b.cluster,
    created: b.created,
    hostname: b.hostname,
    label: b.label,
    objects: counts.objects,
    size: counts.bytes,
    acl: b.acl,
    cors_enabled: b.cors_enabled,
  };
}

export function keyJson(k: AccessKey, withSecret = false, nullForAbsent = false) {
  const out: Record<string, unknown> = {
    id: k.id,
    label: k.label,
    access_key: k.access_key,
    limited: k.limited,
    // variant null-for-absent: an unlimited key has no bucket list
    bucket_access: nullForAbsent && !k.limited ? null : k.bucket_access.map((a) => ({ ...a })),
  };
  if (withSecret) out.secret_key = k.secret_key;
  return out;
}

export function removeBucket(state: State, os: OsState, b: Bucket) {
  os.buckets.delete(bucketKey(b.cluster, b.label));
  const reg = labelRegistry(state);
  if (reg.get(bucketKey(b.cluster, b.label)) === b) reg.delete(bucketKey(b.cluster, b.label));
}

// ---- stored objects --------------------------------------------------------------------------

export const md5 = (data: Buffer) => createHash("md5").update(data).digest("hex");

export function putObject(b: Bucket, o: StoredObject) {
  const old = b.objects.get(o.name);
  if (old) b.bytes -= old.size;
  else b.sorted = null;
  b.objects.set(o.name, o);
  b.bytes += o.size;
}

export function deleteObject(b: Bucket, name: string): boolean {
  const old = b.objects.get(name);
  if (!old) return false;
  b.objects.delete(name);
  b.bytes -= old.size;
  b.sorted = null;
  return true;
}

export function objectData(o: StoredObject): Buffer {
  return o.data ?? Buffer.alloc(o.size);
}

export function sortedNames(b: Bucket): string[] {
  if (!b.sorted) b.sorted = [...b.objects.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return b.sorted;
}

/** First index whose name is >= (or, with `after`, >) the given one. */
export function lowerBound(names: string[], s: string, after = false): number {
  let lo = 0;
  let hi = names.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (names[mid] < s || (after && names[mid] === s)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---- transfer usage --------------------------------------------------------------------------

export function transferOf(state: State, os: OsState) {
  const month = state.iso().slice(0, 7);
  if (os.transfer.month !== month) os.transfer = { month, used: 0 };
  return os.transfer;
}

// ---- secrets ---------------------------------------------------------------------------------

/** Per-process secret: signs pre-signed URLs and encrypts stored TLS material. */
const SECRET = randomBytes(32);

export function seal(text: string): Sealed {
  const iv = randomBytes(12);
  const c = createCipheriv("aes-256-gcm", SECRET, iv);
  const data = Buffer.concat([c.update(text, "utf8"), c.final()]);
  return { iv, tag: c.getAuthTag(), data };
}

export function signUrl(
  method: string,
  cluster: string,
  bucket: string,
  name: string,
  expires: number,
  contentType: string,
): string {
  return createHmac("sha256", SECRET)
    .update([method, cluster, bucket, name, String(expires), contentType].join("\n"))
    .digest("hex");
}

export function signatureValid(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Where a pre-signed URL carries the name: as the path after the bucket, slashes kept; a name with a
 * `.` or `..` segment, which a URL normalises away (even written %2E), goes in the query instead.
 */
export function namePath(name: string): { path: string; query?: string } {
  const segs = name.split("/");
  if (segs.some((s) => s === "." || s === "..")) return { path: "", query: name };
  return { path: `/${segs.map(encodeURIComponent).join("/")}` };
}

export function randomKey(len: number, alphabet: string): string {
  const bytes = randomBytes(len);
  let s = "";
  for (let i = 0; i < len; i++) s += alphabet[bytes[i] % alphabet.length];
  return s;
}

// ---- ACL policy XML --------------------------------------------------------------------------

const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function grant(grantee: string, permission: string) {
  return `<Grant>${grantee}<Permission>${permission}</Permission></Grant>`;
}

export function aclXml(acl: Acl, owner: string): string {
  const o = esc(owner);
  const ownerGrantee = `<Grantee ${XSI} xsi:type="CanonicalUser"><ID>${o}</ID><DisplayName>${o}</DisplayName></Grantee>`;
  const group = (uri: string) =>
    `<Grantee ${XSI} xsi:type="Group"><URI>http://acs.amazonaws.com/groups/global/${uri}</URI></Grantee>`;
  const grants = [grant(ownerGrantee, "FULL_CONTROL")];
  if (acl === "public-read" || acl === "public-read-write")
    grants.push(grant(group("AllUsers"), "READ"));
  if (acl === "public-read-write") grants.push(grant(group("AllUsers"), "WRITE"));
  if (acl === "authenticated-read") grants.push(grant(group("AuthenticatedUsers"), "READ"));
  return (
    `<?xml version="1.0" encoding="UTF-8"?><AccessControlPolicy xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
    `<Owner><ID>${o}</ID><DisplayName>${o}</DisplayName></Owner><AccessControlList>${grants.join("")}</AccessControlList></AccessControlPolicy>`
  );
}
