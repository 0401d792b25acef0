// Managed contacts: whom to reach about an issue. No field is required (see the README's choices).
import { EMPTY, ok } from "../../http.ts";
import { racePause } from "../../faults.ts";
import { paginate } from "../../paginate.ts";
import type { Ctx, Router } from "../../router.ts";
import { Fields, PHONE_NUMBER } from "../../validate.ts";
import {
  callerManaged,
  EITHER,
  managedOf,
  nameRule,
  needWrite,
  R,
  recordOf,
  W,
  type Contact,
} from "./common.ts";

const PHONE = /^(?=.*\d)[0-9+().\-\s x]{1,32}$/i;

/** A new contact (`into` undefined) or `into` with the fields sent applied (a partial update). */
function contactFields(ctx: Ctx, into: Contact | undefined) {
  const f = new Fields(ctx.json());
  const name = f.string("name", { min: 2, max: 64, ...nameRule(ctx) });
  const email = f.string("email", { format: "email", max: 128 });
  // variant email-validated: a phone is digits, spaces and + - ( ) . only (no extension letter)
  const phoneRule = ctx.variants.has("email-validated") ? PHONE_NUMBER : PHONE;
  const group = f.string("group", { min: 2, max: 50, nullable: true });
  const phone = f.object("phone");
  let primary: string | null | undefined;
  let secondary: string | null | undefined;
  if (phone) {
    const p = f.nested("phone", phone);
    primary = p.string("primary", { nullable: true, max: 32, pattern: phoneRule });
    secondary = p.string("secondary", { nullable: true, max: 32, pattern: phoneRule });
  }
  f.done();
  const now = ctx.state.iso();
  // variant: "Contact fields" read as the whole contact, so what an update leaves out is cleared
  if (into && ctx.variants.has("contact-update-replaces"))
    Object.assign(into, {
      name: null,
      email: null,
      group: null,
      phone: { primary: null, secondary: null },
    });
  const c: Contact = into ?? {
    id: ctx.state.id(),
    name: null,
    email: null,
    group: null,
    phone: { primary: null, secondary: null },
    updated: now,
  };
  // fault: the name stored decomposed (NFD), as a store normalising text would
  if (name !== undefined)
    c.name =
      typeof name === "string" && ctx.faults.has("managed-contact-name-nfd")
        ? name.normalize("NFD")
        : name;
  if (email !== undefined) c.email = email;
  if (group !== undefined) c.group = group;
  if (primary !== undefined) c.phone.primary = primary;
  if (secondary !== undefined) c.phone.secondary = secondary;
  c.updated = now;
  return c;
}

export function registerContacts(r: Router) {
  r.get("/v4/managed/contacts", R, (ctx) =>
    paginate(
      ctx,
      // fault authz-foreign-contact-listable: every account's contacts are listed
      ctx.faults.has("authz-foreign-contact-listable")
        ? ctx.state.accounts.flatMap((a) => [...managedOf(ctx.state, a).contacts.values()])
        : [...callerManaged(ctx).contacts.values()],
    ),
  );
  r.post("/v4/managed/contacts", W, (ctx) => {
    const c = contactFields(ctx, undefined);
    callerManaged(ctx).contacts.set(c.id, c);
    return ok(c);
  });
  // contact view needs account:read_write (the material's scope for it), checked in the handler
  r.get("/v4/managed/contacts/{contactId}", EITHER, (ctx) => {
    if (!ctx.faults.has("managed-contact-view-read-only")) needWrite(ctx);
    return ok(recordOf(callerManaged(ctx).contacts, ctx, "contactId"));
  });
  r.put("/v4/managed/contacts/{contactId}", W, async (ctx) => {
    const contacts = callerManaged(ctx).contacts;
    const c = contactFields(ctx, recordOf(contacts, ctx, "contactId"));
    // fault: the contact written back after a pause, whether or not a delete removed it meanwhile
    if (ctx.faults.has("managed-contact-update-resurrects")) {
      await racePause();
      contacts.set(c.id, c);
    }
    return ok(c);
  });
  r.delete("/v4/managed/contacts/{contactId}", W, (ctx) => {
    const contacts = callerManaged(ctx).contacts;
    contacts.delete(recordOf(contacts, ctx, "contactId").id);
    return EMPTY;
  });
}
