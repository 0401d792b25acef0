// Shared fixtures of the support suite (material: "Support", "Support resources (writable
// fields)"). Ticket, reply and attachment records are not shown: what was sent is looked for in
// later views and lists.
import type { CheckContext } from "../../harness/check.ts";
import type { As } from "../../harness/principals.ts";

type Ctx = Pick<CheckContext, "fresh" | "label" | "principals" | "ops">;

/** Opens a ticket (closed again when the check ends: tickets cannot be deleted). */
export function ticket(c: Ctx, body: Record<string, unknown> = {}): Promise<any> {
  const summary = String(body.summary ?? c.label("tkt", 64));
  return c.fresh.create("ticket", "openTicket", { body: { summary, description: "Opened by the plumbline conformance suite; please ignore.", ...body }, label: summary });
}

/** A multipart/form-data body with one file part named `file` (the body shape is not shown). */
export function filePart(filename: string, content = "plumbline attachment\n"): { body: Buffer; contentType: string } {
  const boundary = `plumbline-${Math.random().toString(16).slice(2)}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A token holding no account scope (the support scopes), only a vm one. */
export function noAccountScope(c: Ctx): Promise<As> {
  return c.principals.withScopes(["vms:read_only"]);
}

/** A token holding account:read_only only. */
export function accountReadOnly(c: Ctx): Promise<As> {
  return c.principals.withScopes(["account:read_only"]);
}
