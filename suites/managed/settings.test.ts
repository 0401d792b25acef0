// Material: "Managed monitoring" (Instance settings list "one entry per instance", view, update
// with the ssh object; scopes), "Managed monitoring resources (writable fields)" (ssh: access, ip,
// port 1..65535, user <= 32) and Limits (SSH port 1..65535). Settings records are not shown:
// values sent are looked for in later views.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectCollection,
  expectError,
  expectErrorNamingField,
  expectSuccess,
} from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { accountReadOnly, vmsReadOnly } from "../shared/principals.ts";
import { expectContainsValues } from "../shared/records.ts";
import { expectPageSizeBound } from "../shared/pages.ts";

describe("managed/vm-settings", () => {
  check(
    { id: "MNG-SETTINGS-1", op: "listManagedVmSettings" },
    "the instance settings list answers the Collection envelope",
    async ({ ops }) => {
      const res = await ops.listManagedVmSettings();
      expectCollection(res);
      expectSuccess(res);
    },
  );

  check(
    { id: "FIELD.listManagedVmSettings.page_size", op: "listManagedVmSettings" },
    "instance settings list: page_size 25..100 is honoured; outside it is refused or never past 100",
    async (c) => {
      await expectPageSizeBound(c, "listManagedVmSettings");
    },
  );

  check(
    { id: "MNG-SETTINGS-2", op: "getManagedVmSettings", effect: "billable" },
    "instance settings view answers success for an instance of the account",
    async (c) => {
      const vm = await c.fresh.emptyInstance();
      expectSuccess(await c.ops.getManagedVmSettings({ path: { vmId: vm.id } }));
    },
  );

  check(
    {
      id: "MNG-SETTINGS-3",
      op: ["updateManagedVmSettings", "getManagedVmSettings"],
      effect: "billable",
    },
    "instance settings update with the ssh object succeeds and a later view shows the new values",
    async (c) => {
      const vm = await c.fresh.emptyInstance();
      const ssh = { access: false, ip: "203.0.113.77", port: 2222, user: "plbuser" };
      expectSuccess(await c.ops.updateManagedVmSettings({ path: { vmId: vm.id }, body: { ssh } }));
      expectContainsValues(
        expectSuccess(await c.ops.getManagedVmSettings({ path: { vmId: vm.id } })),
        "instance settings view",
        "203.0.113.77",
        2222,
        "plbuser",
      );
      expectSuccess(
        await c.ops.updateManagedVmSettings({
          path: { vmId: vm.id },
          body: { ssh: { ...ssh, ip: "2001:db8::7" } },
        }),
      );
      expectContainsValues(
        expectSuccess(await c.ops.getManagedVmSettings({ path: { vmId: vm.id } })),
        "instance settings view",
        "2001:db8::7",
      );
    },
  );

  check(
    {
      id: ["MNG-SETTINGS-4", "FIELD.updateManagedVmSettings.ssh.port"],
      op: ["updateManagedVmSettings", "getManagedVmSettings"],
      effect: "billable",
    },
    "ssh.port 1 and 65535 are accepted and honoured",
    async (c) => {
      const vm = await c.fresh.emptyInstance();
      for (const port of [1, 65535]) {
        expectSuccess(
          await c.ops.updateManagedVmSettings({ path: { vmId: vm.id }, body: { ssh: { port } } }),
        );
        expectContainsValues(
          expectSuccess(await c.ops.getManagedVmSettings({ path: { vmId: vm.id } })),
          "instance settings view",
          port,
        );
      }
    },
  );

  check(
    {
      id: ["MNG-SETTINGS-4", "FIELD.updateManagedVmSettings.ssh.port"],
      op: "updateManagedVmSettings",
      effect: "billable",
    },
    "ssh.port 0 and 65536 are refused naming ssh.port",
    async (c) => {
      const vm = await c.fresh.emptyInstance();
      expectErrorNamingField(
        await c.ops.updateManagedVmSettings({ path: { vmId: vm.id }, body: { ssh: { port: 0 } } }),
        "ssh.port",
      );
      expectErrorNamingField(
        await c.ops.updateManagedVmSettings({
          path: { vmId: vm.id },
          body: { ssh: { port: 65536 } },
        }),
        "ssh.port",
      );
    },
  );

  check(
    {
      id: ["FIELD.updateManagedVmSettings.ssh.user", "FIELD.updateManagedVmSettings.ssh.ip"],
      op: "updateManagedVmSettings",
      effect: "billable",
    },
    "ssh.user of 32 chars is accepted; 33 chars and an ssh.ip that is not an IP are refused naming the field",
    async (c) => {
      const vm = await c.fresh.emptyInstance();
      const path = { vmId: vm.id };
      expectSuccess(
        await c.ops.updateManagedVmSettings({ path, body: { ssh: { user: "u".repeat(32) } } }),
      );
      expectErrorNamingField(
        await c.ops.updateManagedVmSettings({ path, body: { ssh: { user: "u".repeat(33) } } }),
        "ssh.user",
      );
      expectErrorNamingField(
        await c.ops.updateManagedVmSettings({ path, body: { ssh: { ip: "not-an-ip" } } }),
        "ssh.ip",
      );
    },
  );

  check(
    { id: "MNG-SCOPE-1", op: "listManagedVmSettings" },
    "instance settings list with a token holding no account scope is refused",
    async (c) => {
      expectError(await c.ops.listManagedVmSettings({ as: await vmsReadOnly(c) }));
    },
  );

  check(
    { id: "MNG-SCOPE-3", op: "getManagedVmSettings", effect: "billable" },
    "instance settings view with a token holding no account scope is refused",
    async (c) => {
      const vm = await c.fresh.emptyInstance();
      expectError(
        await c.ops.getManagedVmSettings({ path: { vmId: vm.id }, as: await vmsReadOnly(c) }),
      );
    },
  );

  check(
    { id: "MNG-SCOPE-4", op: "getManagedVmSettings", effect: "billable" },
    "instance settings view with only account:read_only: the outcome is recorded",
    async (c) => {
      const vm = await c.fresh.emptyInstance();
      const res = await c.ops.getManagedVmSettings({
        path: { vmId: vm.id },
        as: await accountReadOnly(c),
      });
      c.observe(
        "MNG-SCOPE-4",
        "instance settings view with account:read_only answered",
        res.status,
      );
    },
  );

  check(
    {
      id: "MNG-SCOPE-2",
      op: ["updateManagedVmSettings", "getManagedVmSettings"],
      effect: "billable",
    },
    "instance settings update with only account:read_only is refused and changes nothing",
    async (c) => {
      const vm = await c.fresh.emptyInstance();
      expectError(
        await c.ops.updateManagedVmSettings({
          path: { vmId: vm.id },
          body: { ssh: { port: 2345 } },
          as: await accountReadOnly(c),
        }),
      );
      const view = expectSuccess(await c.ops.getManagedVmSettings({ path: { vmId: vm.id } }));
      if (JSON.stringify(view).includes("2345"))
        throw new TargetFailure(
          "a refused settings update was applied (port 2345 shows in the view)",
        );
    },
  );
});
