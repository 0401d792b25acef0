// Shared fixtures and observations of the managed suite (also used by support and recipes) (material: "Managed monitoring" and
// "Managed monitoring resources (writable fields)"). Record bodies are not shown by the material,
// so effects are read as behaviour: a value sent shows up somewhere in a later view, a deleted
// record answers an error, a list's `results` counts it.
import type { CheckContext } from "../../harness/check.ts";
import { HarnessError, MissingCapability, TargetFailure } from "../../harness/errors.ts";
import { expectCollection, expectError } from "../../harness/expect.ts";
import type { As } from "../../harness/principals.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { allPages } from "../account/helpers.ts";
import { loose } from "../../harness/ops.ts";

type Ctx = Pick<CheckContext, "fresh" | "label" | "principals" | "config" | "ops">;

export function contact(c: Ctx, body: Record<string, unknown> = {}): Promise<any> {
  const name = c.label("ct", 64);
  return c.fresh.create("managedContact", "createManagedContact", {
    body: { name, email: "ops@example.com", ...body },
    label: name,
  });
}

export function credential(c: Ctx, body: Record<string, unknown> = {}): Promise<any> {
  const label = c.label("cred", 75);
  return c.fresh.create("managedCredential", "createManagedCredential", {
    body: { label, password: "Plumbline-s3cret!", username: "monitor", ...body },
    label,
  });
}

/** A url service on a public host: no region (Service rules). */
export function service(c: Ctx, body: Record<string, unknown> = {}): Promise<any> {
  const label = c.label("svc", 64);
  return c.fresh.create("managedService", "createManagedService", {
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

/** A create through `fresh` whose refusal is the target's failure (the check is about acceptance). */
export async function accepted<T>(made: Promise<T>): Promise<T> {
  try {
    return await made;
  } catch (e) {
    if (e instanceof HarnessError && e.message.startsWith("setup: "))
      throw new TargetFailure(`refused: ${e.message.slice(7)}`);
    throw e;
  }
}

/** The configured region (for a private-IP service address). */
export function region(c: Ctx): string {
  const r = c.config.fixtures.region;
  if (!r)
    throw new MissingCapability(
      'fixture "region" is not configured (set PLUMBLINE_FIXTURE_REGION or fixtures.region)',
    );
  return r;
}

/** A token holding no account scope (the managed and support scopes), only a vm one. */
export function noAccountScope(c: Ctx): Promise<As> {
  return c.principals.withScopes(["vms:read_only"]);
}

/** A token holding account:read_only only. */
export function accountReadOnly(c: Ctx): Promise<As> {
  return c.principals.withScopes(["account:read_only"]);
}

/** Whether `value` is one of the leaves of `record` (any depth, any field name). */
export function holds(record: unknown, value: unknown): boolean {
  if (record === value) return true;
  if (record && typeof record === "object")
    return Object.values(record).some((v) => holds(v, value));
  return false;
}

/** Fails unless every value is a leaf of the record: the record reflects what was sent. */
export function expectHolds(record: unknown, what: string, ...values: unknown[]): void {
  const missing = values.filter((v) => !holds(record, v));
  if (missing.length)
    throw new TargetFailure(
      `${what} does not show the value(s) sent: ${JSON.stringify(missing)}; got ${JSON.stringify(record).slice(0, 300)}`,
    );
}

/** Every string leaf of a record. */
export function strings(record: unknown): string[] {
  if (typeof record === "string") return [record];
  if (record && typeof record === "object") return Object.values(record).flatMap(strings);
  return [];
}

/** Whether any page of a paginated list holds the value (a unique label, an ID). */
export async function listed(
  c: Ctx,
  op: OperationId,
  value: unknown,
  path?: Record<string, string | number>,
  as?: As,
): Promise<boolean> {
  return (await allPages(c.ops, op, { path, as })).some((d) => holds(d, value));
}

/** page_size at 25 and 100 is honoured; 24 and 101 are refused or clamped, never past 100 items. */
export async function expectPageSizeBound(
  c: Ctx,
  op: OperationId,
  observe: CheckContext["observe"],
  path?: Record<string, string | number>,
): Promise<void> {
  for (const size of [25, 100]) {
    const col = expectCollection(await loose(c.ops)[op]({ path, query: { page_size: size } }));
    if (col.data.length > size)
      throw new TargetFailure(`${op}: page_size ${size} answered ${col.data.length} items`);
  }
  for (const size of [24, 101]) {
    const res = await loose(c.ops)[op]({ path, query: { page_size: size } });
    if (res.status >= 400 && res.status < 500) {
      expectError(res);
      observe(`${op} page_size ${size}`, "refused");
    } else {
      const col = expectCollection(res);
      if (col.data.length > 100)
        throw new TargetFailure(
          `${op}: page_size ${size} answered ${col.data.length} items, past the bound of 100`,
        );
      observe(`${op} page_size ${size}`, "accepted (clamped or ignored)");
    }
  }
}
