// Material: "Managed monitoring" (Contacts list/create/view/update/delete, scopes) and
// "Managed monitoring resources (writable fields)" (Contact: email, group 2..50 nullable,
// name 2..64, phone). Contact records in responses are not shown: values sent are looked for in
// later views, removal is seen as an error on view and absence from the list.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectCollection,
  expectError,
  expectErrorNamingField,
  expectStatus,
  expectSuccess,
} from "../../harness/expect.ts";
import { expectAccepted } from "../shared/acceptance.ts";
import { accountReadOnly, vmsReadOnly } from "../shared/principals.ts";
import { contact } from "../shared/factories.ts";
import { expectContainsValues } from "../shared/records.ts";
import { expectListHolds, expectPageSizeBound } from "../shared/pages.ts";
import { offContract } from "../../harness/ops.ts";

describe("managed/contacts", () => {
  check(
    {
      id: "MNG-CONTACT-1",
      op: ["createManagedContact", "getManagedContact", "listManagedContacts"],
      effect: "creates",
    },
    "a contact created with name, email, group and phone is listed and its view shows the values sent",
    async (c) => {
      const name = c.label("ct", 64);
      const phone = { primary: "+1 555 0100", secondary: "+1 555 0101" };
      const ct = await expectAccepted(
        contact(c, { name, email: "oncall@example.com", group: "plumbline-ops", phone }),
      );
      const view = expectSuccess(await c.ops.getManagedContact({ path: { contactId: ct.id } }));
      expectContainsValues(
        view,
        "contact view",
        name,
        "oncall@example.com",
        "plumbline-ops",
        phone.primary,
        phone.secondary,
      );
      await expectListHolds(
        c,
        "listManagedContacts",
        name,
        true,
        `contact ${name} is not in the contacts list`,
      );
    },
  );

  check(
    { id: "MNG-CONTACT-1", op: "listManagedContacts" },
    "the contacts list answers the Collection envelope",
    async ({ ops }) => {
      const res = await ops.listManagedContacts();
      expectCollection(res);
      expectSuccess(res);
    },
  );

  check(
    { id: "MNG-CONTACT-2", op: ["updateManagedContact", "getManagedContact"], effect: "creates" },
    "a contact update succeeds and a later view shows the new values",
    async (c) => {
      const ct = await contact(c);
      const name = c.label("ct2", 64);
      expectSuccess(
        await c.ops.updateManagedContact({
          path: { contactId: ct.id },
          body: { name, email: "second@example.com", group: "night-shift" },
        }),
      );
      expectContainsValues(
        expectSuccess(await c.ops.getManagedContact({ path: { contactId: ct.id } })),
        "contact view after update",
        name,
        "second@example.com",
        "night-shift",
      );
    },
  );

  check(
    {
      id: "MNG-CONTACT-3",
      op: ["deleteManagedContact", "getManagedContact", "listManagedContacts"],
      effect: "creates",
    },
    "a deleted contact is no longer viewable or listed",
    async (c) => {
      const name = c.label("ct", 64);
      const ct = await contact(c, { name });
      expectSuccess(await c.ops.deleteManagedContact({ path: { contactId: ct.id } }));
      expectError(await c.ops.getManagedContact({ path: { contactId: ct.id } }));
      await expectListHolds(
        c,
        "listManagedContacts",
        name,
        false,
        `deleted contact ${ct.id} is still in the contacts list`,
      );
    },
  );

  check(
    { id: "FIELD.listManagedContacts.page_size", op: "listManagedContacts" },
    "contacts list: page_size 25..100 is honoured; outside it is refused or never past 100",
    async (c) => {
      await expectPageSizeBound(c, "listManagedContacts");
    },
  );

  check(
    {
      id: ["FIELD.createManagedContact.name", "FIELD.createManagedContact.group"],
      op: "createManagedContact",
      effect: "creates",
    },
    "create: name of 2 and 64 chars and group of 2 and 50 chars (or null) are accepted and shown",
    async (c) => {
      const long = c.label("ct", 64).padEnd(64, "n");
      const group = "g".repeat(50);
      const a = await expectAccepted(contact(c, { name: long, group }));
      expectContainsValues(
        expectSuccess(await c.ops.getManagedContact({ path: { contactId: a.id } })),
        "contact view",
        long,
        group,
      );
      const b = await expectAccepted(contact(c, { name: "Zq", group: "gq" }));
      expectContainsValues(
        expectSuccess(await c.ops.getManagedContact({ path: { contactId: b.id } })),
        "contact view",
        "Zq",
        "gq",
      );
      await expectAccepted(contact(c, { group: null }));
    },
  );

  check(
    { id: "FIELD.createManagedContact.name", op: "createManagedContact" },
    "create: a name of 1 or 65 chars is refused naming name",
    async ({ ops, label }) => {
      expectErrorNamingField(await ops.createManagedContact({ body: { name: "Z" } }), "name");
      expectErrorNamingField(
        await ops.createManagedContact({ body: { name: label("ct", 64).padEnd(65, "n") } }),
        "name",
      );
    },
  );

  check(
    { id: "FIELD.createManagedContact.group", op: "createManagedContact" },
    "create: a group of 1 or 51 chars is refused naming group",
    async ({ ops, label }) => {
      expectErrorNamingField(
        await ops.createManagedContact({ body: { name: label("ct", 64), group: "g" } }),
        "group",
      );
      expectErrorNamingField(
        await ops.createManagedContact({ body: { name: label("ct", 64), group: "g".repeat(51) } }),
        "group",
      );
    },
  );

  check(
    { id: "FIELD.createManagedContact.email", op: "createManagedContact" },
    "create: an email that is not an email address is refused naming email",
    async ({ ops, label }) => {
      expectErrorNamingField(
        await ops.createManagedContact({ body: { name: label("ct", 64), email: "not-an-email" } }),
        "email",
      );
    },
  );

  check(
    { id: "FIELD.createManagedContact.name", op: "createManagedContact" },
    "create: a name that is not a string is refused naming name",
    async ({ ops }) => {
      expectErrorNamingField(
        await ops.createManagedContact({ body: { name: offContract(12345) } }),
        "name",
      );
    },
  );

  check(
    {
      id: [
        "FIELD.updateManagedContact.name",
        "FIELD.updateManagedContact.group",
        "FIELD.updateManagedContact.email",
      ],
      op: "updateManagedContact",
      effect: "creates",
    },
    "update: name of 1 or 65 chars, group of 1 or 51 chars and a bad email are each refused naming the field",
    async (c) => {
      const ct = await contact(c);
      const path = { contactId: ct.id };
      expectErrorNamingField(
        await c.ops.updateManagedContact({ path, body: { name: "Z" } }),
        "name",
      );
      expectErrorNamingField(
        await c.ops.updateManagedContact({ path, body: { name: "n".repeat(65) } }),
        "name",
      );
      expectErrorNamingField(
        await c.ops.updateManagedContact({ path, body: { group: "g" } }),
        "group",
      );
      expectErrorNamingField(
        await c.ops.updateManagedContact({ path, body: { group: "g".repeat(51) } }),
        "group",
      );
      expectErrorNamingField(
        await c.ops.updateManagedContact({ path, body: { email: "nope" } }),
        "email",
      );
    },
  );

  check(
    {
      id: ["FIELD.updateManagedContact.name", "FIELD.updateManagedContact.group"],
      op: "updateManagedContact",
      effect: "creates",
    },
    "update: name of 64 chars and group of 50 chars are accepted and shown",
    async (c) => {
      const ct = await contact(c);
      const name = c.label("ct", 64).padEnd(64, "m");
      expectSuccess(
        await c.ops.updateManagedContact({
          path: { contactId: ct.id },
          body: { name, group: "h".repeat(50) },
        }),
      );
      expectContainsValues(
        expectSuccess(await c.ops.getManagedContact({ path: { contactId: ct.id } })),
        "contact view",
        name,
        "h".repeat(50),
      );
    },
  );

  check(
    { id: "MNG-SCOPE-1", op: "listManagedContacts" },
    "contacts list with a token holding no account scope is refused",
    async (c) => {
      expectError(await c.ops.listManagedContacts({ as: await vmsReadOnly(c) }));
    },
  );

  check(
    {
      id: "MNG-SCOPE-2",
      op: [
        "getManagedContact",
        "createManagedContact",
        "updateManagedContact",
        "deleteManagedContact",
      ],
      effect: "creates",
    },
    "contact view, create, update and delete with only account:read_only are refused and change nothing",
    async (c) => {
      const name = c.label("ct", 64);
      const ct = await contact(c, { name });
      const ro = await accountReadOnly(c);
      const path = { contactId: ct.id };
      expectError(await c.ops.getManagedContact({ path, as: ro }));
      expectError(await c.ops.createManagedContact({ body: { name: c.label("ct", 64) }, as: ro }));
      expectError(
        await c.ops.updateManagedContact({ path, body: { name: "read-only-rename" }, as: ro }),
      );
      expectError(await c.ops.deleteManagedContact({ path, as: ro }));
      expectContainsValues(
        expectSuccess(await c.ops.getManagedContact({ path })),
        "contact view",
        name,
      );
    },
  );

  check(
    {
      id: "CONV-AUTH-5",
      op: "getManagedContact",
      level: "SHOULD",
      area: "managed",
      effect: "creates",
    },
    "contact view with a token lacking account:read_write answers 401 or 403",
    async (c) => {
      const ct = await contact(c);
      expectStatus(
        await c.ops.getManagedContact({ path: { contactId: ct.id }, as: await accountReadOnly(c) }),
        401,
        403,
      );
    },
  );

  check(
    {
      id: "CONV-ERR-5",
      op: "getManagedContact",
      level: "SHOULD",
      area: "managed",
      effect: "creates",
    },
    "viewing a deleted contact answers 404",
    async (c) => {
      const ct = await contact(c);
      expectSuccess(await c.ops.deleteManagedContact({ path: { contactId: ct.id } }));
      const res = await c.ops.getManagedContact({ path: { contactId: ct.id } });
      expectError(res);
      expectStatus(res, 404);
    },
  );
});
