// The object data plane behind pre-signed URLs: /__objects/{cluster}/{bucket}/{name+}?method&expires&sig.
// PUT (or POST) stores bytes, GET and HEAD read them, DELETE removes them. A wrong signature, a method
// other than the signed one, or a URL past its expiry is refused with 403.
import { ApiError, notFound, type Reply } from "../../http.ts";
import type { Ctx, Router } from "../../router.ts";
import {
  deleteObject,
  labelRegistry,
  bucketKey,
  md5,
  objectData,
  osState,
  putObject,
  signatureValid,
  signUrl,
  transferOf,
} from "./store.ts";

export const OBJECTS_PREFIX = "/__objects";
const denied = (reason: string) => new ApiError(403, [{ field: null, reason }]);
/** `text/plain; charset=utf-8` → `text/plain` */
const mediaType = (t: string) => t.split(";")[0].trim().toLowerCase();

function serve(ctx: Ctx): Reply {
  const { cluster, bucket } = ctx.params;
  // a name whose segments a URL would normalise away (`.`, `..`) travels in the query (namePath)
  const name = ctx.params.name ?? ctx.query.get("name") ?? "";
  const signed = ctx.query.get("method") ?? "";
  const expires = ctx.query.get("expires") ?? "";
  const sig = ctx.query.get("sig") ?? "";
  const contentType = ctx.query.get("content_type") ?? "";
  if (!signed || !/^\d{1,12}$/.test(expires) || !sig)
    throw denied("Missing or malformed signature parameters");
  if (!signatureValid(sig, signUrl(signed, cluster, bucket, name, Number(expires), contentType)))
    throw denied("Signature does not match");
  const used = ctx.method;
  const methodOk = used === signed || (used === "HEAD" && signed === "GET");
  if (!methodOk && !ctx.faults.has("os-url-method-ignored"))
    throw denied(`This URL permits ${signed} only`);
  if (
    ctx.state.now().getTime() / 1000 > Number(expires) &&
    !ctx.faults.has("os-url-expiry-ignored")
  )
    throw denied("Request has expired");
  const b = labelRegistry(ctx.state).get(bucketKey(cluster, bucket));
  if (!b || osState(ctx.state, b.account).buckets.get(bucketKey(cluster, bucket)) !== b)
    throw notFound("Bucket not found");

  // cors_enabled: CORS for all origins
  const cors: Record<string, string> = b.cors_enabled
    ? { "access-control-allow-origin": "*", "access-control-expose-headers": "etag" }
    : {};
  if (used === "PUT" || used === "POST") {
    const given = ctx.headers["content-type"];
    if (contentType && given && mediaType(given) !== mediaType(contentType))
      throw denied(`This URL was signed for Content-Type ${contentType}`);
    const data = Buffer.from(ctx.raw);
    const etag = md5(data);
    putObject(b, {
      name,
      size: data.length,
      data,
      contentType: given || contentType || "application/octet-stream",
      etag,
      lastModified: ctx.state.iso(),
      acl: "private",
    });
    return {
      status: 200,
      raw: Buffer.alloc(0),
      contentType: "text/plain",
      headers: { ...cors, etag: `"${etag}"` },
    };
  }
  if (used === "DELETE") {
    deleteObject(b, name);
    return { status: 204, raw: Buffer.alloc(0), contentType: "text/plain", headers: cors };
  }
  const o = b.objects.get(name);
  if (!o) throw notFound(`Object ${name} not found`);
  if (used === "GET") transferOf(ctx.state, osState(ctx.state, b.account)).used += o.size;
  return {
    status: 200,
    raw: objectData(o),
    contentType: o.contentType,
    headers: {
      ...cors,
      etag: `"${o.etag}"`,
      "last-modified": new Date(o.lastModified).toUTCString(),
    },
  };
}

export function registerDataPlane(r: Router) {
  for (const p of [
    `${OBJECTS_PREFIX}/{cluster}/{bucket}/{name+}`,
    `${OBJECTS_PREFIX}/{cluster}/{bucket}`,
  ]) {
    r.get(p, "none", serve); // HEAD arrives here too
    r.put(p, "none", serve);
    r.post(p, "none", serve);
    r.delete(p, "none", serve);
  }
}
