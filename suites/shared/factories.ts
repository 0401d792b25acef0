// Records several areas create for a check, through `fresh` (labelled with the run's prefix,
// written to the ledger, removed when the check ends): managed contacts, credentials and services
// (material: "Managed monitoring resources (writable fields)"), tickets ("Support resources") and
// buckets with their path; and the backup service a snapshot may need (compute instances).
import type { CheckContext } from "../../harness/check.ts";
import { expectSuccess } from "../../harness/expect.ts";

/** A managed contact with a unique name. */
export function contact(ctx: CheckContext, body: Record<string, unknown> = {}): Promise<any> {
  const name = ctx.label("ct", 64);
  return ctx.fresh.create("managedContact", "createManagedContact", {
    body: { name, email: "ops@example.com", ...body },
    label: name,
  });
}

/** A managed credential with a unique label. */
export function credential(ctx: CheckContext, body: Record<string, unknown> = {}): Promise<any> {
  const label = ctx.label("cred", 75);
  return ctx.fresh.create("managedCredential", "createManagedCredential", {
    body: { label, password: "Plumbline-s3cret!", username: "monitor", ...body },
    label,
  });
}

/** A url service on a public host: no region (Service rules). */
export function service(ctx: CheckContext, body: Record<string, unknown> = {}): Promise<any> {
  const label = ctx.label("svc", 64);
  return ctx.fresh.create("managedService", "createManagedService", {
    body: {
      label,
      address: "https://example.com/health",
      service_type: "url",
      timeout: 30,
      ...body,
    },
    label: String(body.label ?? label),
  });
}

/** Opens a ticket (closed again when the check ends: tickets cannot be deleted). */
export function ticket(ctx: CheckContext, body: Record<string, unknown> = {}): Promise<any> {
  const summary = String(body.summary ?? ctx.label("tkt", 64));
  return ctx.fresh.create("ticket", "openTicket", {
    body: {
      summary,
      description: "Opened by the plumbline conformance suite; please ignore.",
      ...body,
    },
    label: summary,
  });
}

/** The path parameters that address a bucket. */
export interface BucketRef {
  clusterId: string;
  bucket: string;
}

// a member the create answer left out fails at the first call that sends it (harness/ops.ts fillPath)
export const bucketRef = (b: { cluster?: string; label?: string }): BucketRef => ({
  clusterId: b.cluster!,
  bucket: b.label!,
});

/** A fresh bucket and the path parameters that address it. */
export async function freshBucket(
  ctx: CheckContext,
  body: Record<string, unknown> = {},
): Promise<{ bucket: any; path: BucketRef }> {
  const bucket = await ctx.fresh.bucket(body);
  return { bucket, path: bucketRef(bucket) };
}

/**
 * Turns an instance's backup service on before the check takes a snapshot: the row conditions a
 * snapshot on its label only ("Snapshot create | label (string 1..255, required)"), and a target
 * may take snapshots only where backups run (VM-SNAP-3, INFO); "Backups enable" has no condition.
 * A refused enable is VM-BKENABLE-1's verdict: here the check skips, naming it.
 */
export async function backupsOn(ctx: CheckContext, vmId: number): Promise<void> {
  const res = await ctx.ops.enableBackups({ path: { vmId } });
  if (res.status >= 400)
    ctx.skip(
      `backups enable of instance ${vmId} was refused (${res.status}), and a snapshot may need the backup service (VM-SNAP-3)`,
    );
  expectSuccess(res);
}
