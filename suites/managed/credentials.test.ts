// Material: "Managed monitoring" (Credentials list/create/view/update/revoke, the username and
// password update, scopes; "The credential update operation changes the label only") and
// "Managed monitoring resources (writable fields)" (Credential: label 2..75 required unique,
// password required, username <= 5000). Credential records are not shown: labels are observed
// through uniqueness and later views, removal through an error on view.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectCollection,
  expectError,
  expectErrorNamingField,
  expectSuccess,
} from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectAccepted } from "../shared/acceptance.ts";
import { accountReadOnly, vmsReadOnly } from "../shared/principals.ts";
import { credential } from "../shared/factories.ts";
import { expectContainsValues, containsValue } from "../shared/records.ts";
import { expectListHolds, expectPageSizeBound } from "../shared/pages.ts";
import { offContract } from "../../harness/ops.ts";

describe("managed/credentials", () => {
  check(
    {
      id: "MNG-CRED-1",
      op: ["createManagedCredential", "getManagedCredential", "listManagedCredentials"],
      effect: "creates",
    },
    "a credential created with label, password and username is listed and viewable",
    async (c) => {
      const label = c.label("cred", 75);
      const cr = await expectAccepted(credential(c, { label }));
      expectContainsValues(
        expectSuccess(await c.ops.getManagedCredential({ path: { credentialId: cr.id } })),
        "credential view",
        label,
      );
      await expectListHolds(
        c,
        "listManagedCredentials",
        label,
        true,
        `credential ${label} is not in the credentials list`,
      );
    },
  );

  check(
    { id: "MNG-CRED-1", op: "createManagedCredential", effect: "creates" },
    "a credential created with label and password only (no username) is accepted",
    async (c) => {
      const label = c.label("cred", 75);
      await expectAccepted(
        c.fresh.create("managedCredential", "createManagedCredential", {
          body: { label, password: "Plumbline-s3cret!" },
          label,
        }),
      );
    },
  );

  check(
    { id: "MNG-CRED-1", op: "listManagedCredentials" },
    "the credentials list answers the Collection envelope",
    async ({ ops }) => {
      const res = await ops.listManagedCredentials();
      expectCollection(res);
      expectSuccess(res);
    },
  );

  check(
    { id: "FIELD.listManagedCredentials.page_size", op: "listManagedCredentials" },
    "credentials list: page_size 25..100 is honoured; outside it is refused or never past 100",
    async (c) => {
      await expectPageSizeBound(c, "listManagedCredentials");
    },
  );

  check(
    { id: "MNG-CRED-2", op: "createManagedCredential", effect: "creates" },
    "a second credential with a label already in use is refused",
    async (c) => {
      const label = c.label("cred", 75);
      await credential(c, { label });
      const res = await c.ops.createManagedCredential({
        body: { label, password: "Another-s3cret!" },
      });
      if (res.status >= 200 && res.status < 300) {
        // remove the duplicate the target should not have made
        if (res.body?.id !== undefined)
          await c.ops.revokeManagedCredential({ path: { credentialId: res.body.id } });
      }
      expectError(res);
    },
  );

  check(
    {
      id: ["MNG-CRED-7", "MNG-CRED-2"],
      op: ["updateManagedCredential", "getManagedCredential", "createManagedCredential"],
      effect: "creates",
    },
    "credential update with a new label succeeds: the view shows it, the old label is free again and the new one taken",
    async (c) => {
      const old = c.label("cred", 75);
      const cr = await credential(c, { label: old });
      const renamed = c.label("cred2", 75);
      expectSuccess(
        await c.ops.updateManagedCredential({
          path: { credentialId: cr.id },
          body: { label: renamed },
        }),
      );
      expectContainsValues(
        expectSuccess(await c.ops.getManagedCredential({ path: { credentialId: cr.id } })),
        "credential view after update",
        renamed,
      );
      await expectAccepted(credential(c, { label: old }));
      const dup = await c.ops.createManagedCredential({
        body: { label: renamed, password: "Another-s3cret!" },
      });
      if (dup.status >= 200 && dup.status < 300 && dup.body?.id !== undefined)
        await c.ops.revokeManagedCredential({ path: { credentialId: dup.body.id } });
      expectError(dup);
    },
  );

  check(
    {
      id: "MNG-CRED-3",
      op: ["updateManagedCredential", "getManagedCredential"],
      effect: "creates",
    },
    "credential update changes the label only: a username sent with it is not applied",
    async (c) => {
      const cr = await credential(c, { username: "monitor" });
      const label = c.label("cred3", 75);
      const res = await c.ops.updateManagedCredential({
        path: { credentialId: cr.id },
        body: offContract({ label, username: "plumbline-changed-user" }),
      });
      if (res.status >= 400 && res.status < 500) return void expectError(res); // refusing the extra field also changes nothing
      expectSuccess(res);
      const view = expectSuccess(
        await c.ops.getManagedCredential({ path: { credentialId: cr.id } }),
      );
      if (containsValue(view, "plumbline-changed-user"))
        throw new TargetFailure("credential update (label only) changed the username");
    },
  );

  check(
    {
      id: "MNG-CRED-4",
      op: ["updateManagedCredentialUsernamePassword", "getManagedCredential"],
      effect: "creates",
    },
    "credential username and password update with password and username: the view shows the new username; password alone is taken too",
    async (c) => {
      const cr = await credential(c, { username: "monitor" });
      expectSuccess(
        await c.ops.updateManagedCredentialUsernamePassword({
          path: { credentialId: cr.id },
          body: { password: "Fresh-s3cret!", username: "monitor2" },
        }),
      );
      const view = expectSuccess(
        await c.ops.getManagedCredential({ path: { credentialId: cr.id } }),
      );
      if (!containsValue(view, "monitor2"))
        throw new TargetFailure(
          `after the username and password update to monitor2 the credential shows username ${JSON.stringify(view.username)}`,
        );
      expectSuccess(
        await c.ops.updateManagedCredentialUsernamePassword({
          path: { credentialId: cr.id },
          body: { password: "Fresh-s3cret-2!" },
        }),
      );
    },
  );

  check(
    {
      id: "FIELD.updateManagedCredentialUsernamePassword.password",
      op: "updateManagedCredentialUsernamePassword",
      effect: "creates",
    },
    "credential username and password update without password is refused naming password",
    async (c) => {
      const cr = await credential(c);
      expectErrorNamingField(
        await c.ops.updateManagedCredentialUsernamePassword({
          path: { credentialId: cr.id },
          body: offContract({ username: "monitor2" }),
        }),
        "password",
      );
    },
  );

  check(
    {
      id: "FIELD.updateManagedCredentialUsernamePassword.username",
      op: "updateManagedCredentialUsernamePassword",
      effect: "creates",
    },
    "credential username and password update: a username of 5000 chars is accepted, 5001 refused naming username",
    async (c) => {
      const cr = await credential(c);
      const path = { credentialId: cr.id };
      expectSuccess(
        await c.ops.updateManagedCredentialUsernamePassword({
          path,
          body: { password: "Fresh-s3cret!", username: "u".repeat(5000) },
        }),
      );
      expectErrorNamingField(
        await c.ops.updateManagedCredentialUsernamePassword({
          path,
          body: { password: "Fresh-s3cret!", username: "u".repeat(5001) },
        }),
        "username",
      );
    },
  );

  check(
    {
      id: "MNG-CRED-5",
      op: ["revokeManagedCredential", "getManagedCredential", "listManagedCredentials"],
      effect: "creates",
    },
    "a revoked credential is no longer viewable or listed",
    async (c) => {
      const label = c.label("cred", 75);
      const cr = await credential(c, { label });
      expectSuccess(await c.ops.revokeManagedCredential({ path: { credentialId: cr.id } }));
      expectError(await c.ops.getManagedCredential({ path: { credentialId: cr.id } }));
      await expectListHolds(
        c,
        "listManagedCredentials",
        label,
        false,
        `revoked credential ${label} is still listed`,
      );
    },
  );

  check(
    { id: "MNG-CRED-6", op: ["getManagedCredential", "listManagedCredentials"], effect: "creates" },
    "whether credential responses echo the password is recorded",
    async (c) => {
      const cr = await credential(c, { password: "Plumbline-echo-s3cret!" });
      const view = expectSuccess(
        await c.ops.getManagedCredential({ path: { credentialId: cr.id } }),
      );
      c.observe(
        "MNG-CRED-6",
        "credential view holds the password sent",
        containsValue(view, "Plumbline-echo-s3cret!"),
      );
    },
  );

  check(
    {
      id: ["FIELD.createManagedCredential.label", "FIELD.createManagedCredential.username"],
      op: "createManagedCredential",
      effect: "creates",
    },
    "create: labels of 2 and 75 chars and a username of 5000 chars are accepted",
    async (c) => {
      await expectAccepted(credential(c, { label: c.label("cred", 75).padEnd(75, "l") }));
      await expectAccepted(credential(c, { label: c.label("c", 75).slice(-2) }));
      await expectAccepted(credential(c, { username: "u".repeat(5000) }));
    },
  );

  check(
    { id: "FIELD.createManagedCredential.label", op: "createManagedCredential" },
    "create: a label of 1 or 76 chars, or none, is refused naming label",
    async ({ ops, label }) => {
      expectErrorNamingField(
        await ops.createManagedCredential({ body: { label: "x", password: "Plumbline-s3cret!" } }),
        "label",
      );
      expectErrorNamingField(
        await ops.createManagedCredential({
          body: { label: label("cred", 75).padEnd(76, "l"), password: "Plumbline-s3cret!" },
        }),
        "label",
      );
      expectErrorNamingField(
        await ops.createManagedCredential({ body: offContract({ password: "Plumbline-s3cret!" }) }),
        "label",
      );
    },
  );

  check(
    { id: "FIELD.createManagedCredential.password", op: "createManagedCredential" },
    "create: a credential without password is refused naming password",
    async ({ ops, label }) => {
      expectErrorNamingField(
        await ops.createManagedCredential({ body: offContract({ label: label("cred", 75) }) }),
        "password",
      );
    },
  );

  check(
    { id: "FIELD.createManagedCredential.username", op: "createManagedCredential" },
    "create: a username of 5001 chars is refused naming username",
    async ({ ops, label }) => {
      expectErrorNamingField(
        await ops.createManagedCredential({
          body: {
            label: label("cred", 75),
            password: "Plumbline-s3cret!",
            username: "u".repeat(5001),
          },
        }),
        "username",
      );
    },
  );

  check(
    { id: "FIELD.updateManagedCredential.label", op: "updateManagedCredential", effect: "creates" },
    "update: a label of 75 chars is accepted; 1 or 76 chars are refused naming label",
    async (c) => {
      const cr = await credential(c);
      const path = { credentialId: cr.id };
      expectSuccess(
        await c.ops.updateManagedCredential({
          path,
          body: { label: c.label("cred", 75).padEnd(75, "k") },
        }),
      );
      expectErrorNamingField(
        await c.ops.updateManagedCredential({ path, body: { label: "x" } }),
        "label",
      );
      expectErrorNamingField(
        await c.ops.updateManagedCredential({ path, body: { label: "k".repeat(76) } }),
        "label",
      );
    },
  );

  check(
    { id: "MNG-SCOPE-1", op: "listManagedCredentials" },
    "credentials list with a token holding no account scope is refused",
    async (c) => {
      expectError(await c.ops.listManagedCredentials({ as: await vmsReadOnly(c) }));
    },
  );

  check(
    {
      id: "MNG-SCOPE-2",
      op: [
        "getManagedCredential",
        "createManagedCredential",
        "updateManagedCredential",
        "updateManagedCredentialUsernamePassword",
        "revokeManagedCredential",
      ],
      effect: "creates",
    },
    "credential view, create, update, username/password update and revoke with only account:read_only are refused",
    async (c) => {
      const label = c.label("cred", 75);
      const cr = await credential(c, { label });
      const ro = await accountReadOnly(c);
      const path = { credentialId: cr.id };
      expectError(await c.ops.getManagedCredential({ path, as: ro }));
      expectError(
        await c.ops.createManagedCredential({
          body: { label: c.label("cred", 75), password: "Plumbline-s3cret!" },
          as: ro,
        }),
      );
      expectError(
        await c.ops.updateManagedCredential({ path, body: { label: c.label("ro", 75) }, as: ro }),
      );
      expectError(
        await c.ops.updateManagedCredentialUsernamePassword({
          path,
          body: { password: "Read-only-s3cret!" },
          as: ro,
        }),
      );
      expectError(await c.ops.revokeManagedCredential({ path, as: ro }));
      expectContainsValues(
        expectSuccess(await c.ops.getManagedCredential({ path })),
        "credential view",
        label,
      );
    },
  );
});
