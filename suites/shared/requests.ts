// Valid requests of any operation, for checks that need one without fuzzing it (the invariants of
// suites/invariants/), and what the fuzz tables share: built by generators/ from spec/openapi.yaml, with the
// target's values the material leaves `not shown` (regions, types, images, kernels: the run's
// fixtures), the members naming the check's own resources bound (`RULES[op].bind`), and the two
// bodies that are not JSON (a raw image: "raw image file as body with an image content type"; an
// attachment: "file", body shape not shown, sent as multipart form data).
import fc from "fast-check";
import type { CheckContext } from "../../harness/check.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { type TargetValues, validRequests } from "../../generators/index.ts";
import { RULES, type Setup } from "../../generators/rules.ts";

/** Fixture values of the target (regions, types, images, kernels: not shown by the material). */
export async function targetValues(ctx: CheckContext): Promise<TargetValues> {
  const f = ctx.config.fixtures;
  const missing = (["region", "type", "image"] as const).filter((k) => !f[k]);
  if (missing.length)
    ctx.skip(
      `fixture ${missing.map((m) => `"${m}"`).join(", ")} not configured (set PLUMBLINE_FIXTURE_${missing[0].toUpperCase()})`,
    );
  kernels ??= ctx.ops
    .listKernels({ as: "anonymous" })
    .then((r) =>
      r.json ? (r.body?.data ?? []).map((k: any) => String(k.id)).filter(Boolean) : [],
    );
  const ks = await kernels;
  return {
    region: f.region!,
    type: f.type!,
    largerType: f.largerType,
    image: f.image!,
    cluster: await ctx.fresh.cluster(),
    kernels: ks.length ? ks : ["vm/latest-64bit"],
  };
}
let kernels: Promise<string[]> | undefined;

/** A 1x1 PNG: the thumbnail update's raw image. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A multipart/form-data body with one file part named `file` (the body shape is not shown). */
export function filePart(
  filename: string,
  content = "plumbline attachment\n",
): { body: Buffer; contentType: string } {
  const boundary = `plumbline-${Math.random().toString(16).slice(2)}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The bodies of the operations that take no JSON. */
const RAW: Partial<Record<OperationId, () => { body: Buffer; contentType: string }>> = {
  updateOAuthClientThumbnail: () => ({ body: PNG, contentType: "image/png" }),
  createTicketAttachment: () => filePart("plumbline.txt"),
};

/** The path parameters of an object as generators/ `Setup` names them, for `bind`. */
export function setupOf(path: Record<string, string | number>): Setup {
  const n = (k: string) => (path[k] === undefined ? undefined : Number(path[k]));
  return {
    vmId: n("vmId"),
    configId: n("configId"),
    diskId: n("diskId"),
    credentialId: n("credentialId"),
    bucket:
      path.clusterId !== undefined && path.bucket !== undefined
        ? { cluster: String(path.clusterId), label: String(path.bucket) }
        : undefined,
  };
}

export interface ValidRequest {
  /** the generated path parameters only (year, month); the IDs are the caller's */
  path: Record<string, string | number>;
  query?: Record<string, any>;
  body?: unknown;
  contentType?: string;
}

/** Drawn with one seed: the same request every run, so a verdict does not hang on the draw. */
const SEED = 17;

/** One valid request of `op` (generators/), its members naming resources bound to `setup`. */
export async function validRequest(
  ctx: CheckContext,
  op: OperationId,
  setup: Setup = {},
): Promise<ValidRequest> {
  const [req] = fc.sample(validRequests(op, await targetValues(ctx)), {
    seed: SEED,
    numRuns: 1,
  });
  const generated = new Set(RULES[op]?.generatedPath ?? []);
  const path = Object.fromEntries(
    Object.entries((req.path ?? {}) as Record<string, string | number>).filter(([k]) =>
      generated.has(k),
    ),
  );
  const bind = RULES[op]?.bind;
  const body = req.body !== undefined && bind ? bind(structuredClone(req.body), setup) : req.body;
  return { path, query: req.query as Record<string, any> | undefined, body, ...RAW[op]?.() };
}
