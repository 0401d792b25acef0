// Material: "Managed monitoring" (Services list/create/view/update/delete/disable/enable, scopes,
// "Service rules"), "Managed monitoring resources (writable fields)" (Service fields and bounds),
// "States and transitions" (disable: monitoring temporarily disabled; enable: monitoring enabled)
// and Limits (service timeout 1..255). Service records and the list body are not shown: values sent
// are looked for in later views and in the list body.
import { settled } from "../../harness/settle.ts";
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectError, expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectAccepted } from "../shared/acceptance.ts";
import { accountReadOnly, vmsReadOnly } from "../shared/principals.ts";
import { expectContainsValues, containsValue, stringLeaves } from "../shared/records.ts";
import { regionFixture } from "../shared/fixtures.ts";
import { service } from "../shared/factories.ts";
import { offContract } from "../../harness/ops.ts";

/** A view without its date-time values: what the service's state looks like. */
function stateOf(view: unknown): string {
  return JSON.stringify(view, (_k, v) =>
    typeof v === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(v) ? undefined : v,
  );
}

describe("managed/services", () => {
  check(
    {
      id: "MNG-SVC-1",
      op: ["createManagedService", "getManagedService", "listManagedServices"],
      effect: "creates",
    },
    "a service created with address, label, service_type and timeout is listed and viewable",
    async (c) => {
      const label = c.label("svc", 64);
      const svc = await expectAccepted(
        service(c, {
          label,
          address: "https://example.com/plumbline",
          service_type: "url",
          timeout: 30,
        }),
      );
      expectContainsValues(
        expectSuccess(await c.ops.getManagedService({ path: { serviceId: svc.id } })),
        "service view",
        label,
        "https://example.com/plumbline",
      );
      await settled(c, "record of a write", async () => {
        const list = expectSuccess(await c.ops.listManagedServices());
        if (!containsValue(list, label))
          throw new TargetFailure(`service ${label} is not in the services list`);
      });
    },
  );

  check(
    { id: "MNG-SVC-1", op: "createManagedService", effect: "creates" },
    "a tcp service with every optional field is accepted and shown",
    async (c) => {
      const credLabel = c.label("cred", 75);
      const cred = await c.fresh.create("managedCredential", "createManagedCredential", {
        body: { label: credLabel, password: "Plumbline-s3cret!" },
        label: credLabel,
      });
      const label = c.label("svc", 64);
      const body = {
        label,
        address: "https://203.0.113.10:8443",
        service_type: "tcp",
        timeout: 10,
        body: "pong",
        consultation_group: "on-call",
        credentials: [cred.id],
        notes: "watched by plumbline",
      };
      const svc = await expectAccepted(service(c, body));
      expectContainsValues(
        expectSuccess(await c.ops.getManagedService({ path: { serviceId: svc.id } })),
        "service view",
        label,
        "tcp",
        10,
        "pong",
        "on-call",
        "watched by plumbline",
      );
    },
  );

  check(
    { id: "MNG-SVC-2", op: ["updateManagedService", "getManagedService"], effect: "creates" },
    "a service update with a subset of fields succeeds and a later view shows the new values",
    async (c) => {
      const svc = await service(c);
      const label = c.label("svc2", 64);
      expectSuccess(
        await c.ops.updateManagedService({
          path: { serviceId: svc.id },
          body: { label, timeout: 45 },
        }),
      );
      expectContainsValues(
        expectSuccess(await c.ops.getManagedService({ path: { serviceId: svc.id } })),
        "service view after update",
        label,
        45,
      );
      expectSuccess(
        await c.ops.updateManagedService({
          path: { serviceId: svc.id },
          body: { notes: "second note" },
        }),
      );
      expectContainsValues(
        expectSuccess(await c.ops.getManagedService({ path: { serviceId: svc.id } })),
        "service view after update",
        label,
        "second note",
      );
    },
  );

  check(
    {
      id: "MNG-SVC-3",
      op: ["deleteManagedService", "getManagedService", "listManagedServices"],
      effect: "creates",
    },
    "a deleted service is no longer viewable or listed",
    async (c) => {
      const label = c.label("svc", 64);
      const svc = await service(c, { label });
      expectSuccess(await c.ops.deleteManagedService({ path: { serviceId: svc.id } }));
      expectError(await c.ops.getManagedService({ path: { serviceId: svc.id } }));
      await settled(c, "delete is complete", async () => {
        if (containsValue(expectSuccess(await c.ops.listManagedServices()), label))
          throw new TargetFailure(`deleted service ${label} is still listed`);
      });
    },
  );

  check(
    { id: "MNG-SVC-7", op: "disableManagedService", effect: "creates" },
    "disable on a monitored service succeeds",
    async (c) => {
      const svc = await service(c);
      expectSuccess(await c.ops.disableManagedService({ path: { serviceId: svc.id } }));
    },
  );

  check(
    { id: "MNG-SVC-8", op: ["disableManagedService", "enableManagedService"], effect: "creates" },
    "enable on a service whose monitoring was disabled succeeds",
    async (c) => {
      const svc = await service(c);
      expectSuccess(await c.ops.disableManagedService({ path: { serviceId: svc.id } }));
      expectSuccess(await c.ops.enableManagedService({ path: { serviceId: svc.id } }));
    },
  );

  check(
    { id: "MNG-SVC-12", op: "enableManagedService", effect: "creates" },
    "what enable of a service that is monitored (never disabled) answers is recorded",
    async (c) => {
      // "enable operation | service not monitored | monitoring enabled": from a monitored service
      // the move is not described, so success and refusal both conform
      const svc = await service(c);
      const res = await c.ops.enableManagedService({ path: { serviceId: svc.id } });
      c.observe(
        "MNG-SVC-12",
        "enable of a monitored service",
        res.status >= 200 && res.status < 300 ? `accepted ${res.status}` : `refused ${res.status}`,
      );
      if (res.status >= 400) expectError(res);
    },
  );

  check(
    {
      id: ["MNG-SVC-11", "MNG-SVC-9"],
      op: ["disableManagedService", "enableManagedService", "getManagedService"],
      effect: "creates",
    },
    "whether the service view shows the monitoring state set by disable and enable is recorded",
    async (c) => {
      const svc = await service(c);
      const path = { serviceId: svc.id };
      const view = async () => expectSuccess(await c.ops.getManagedService({ path }));
      const monitored = await view();
      expectSuccess(await c.ops.disableManagedService({ path }));
      const disabled = await view();
      expectSuccess(await c.ops.enableManagedService({ path }));
      const enabled = await view();
      c.observe("MNG-SVC-11", "view changed with disable / with enable", {
        disable: stateOf(disabled) !== stateOf(monitored),
        enable: stateOf(enabled) !== stateOf(disabled),
      });
      c.observe("MNG-SVC-9", "service view: monitored / disabled / enabled again", {
        monitored,
        disabled,
        enabled,
      });
    },
  );

  check(
    { id: "MNG-SVC-4", op: "createManagedService" },
    "a service whose address is a private IP and no region is refused",
    async ({ ops, label }) => {
      expectError(
        await ops.createManagedService({
          body: {
            label: label("svc", 64),
            address: "https://10.0.0.5/health",
            service_type: "url",
            timeout: 30,
          },
        }),
      );
      expectError(
        await ops.createManagedService({
          body: {
            label: label("svc", 64),
            address: "https://192.168.1.20/health",
            service_type: "url",
            timeout: 30,
          },
        }),
      );
    },
  );

  check(
    { id: "MNG-SVC-4", op: ["createManagedService", "getManagedService"], effect: "creates" },
    "a service whose address is a private IP is accepted with a region",
    async (c) => {
      const r = regionFixture(c);
      const svc = await expectAccepted(
        service(c, { address: "https://10.0.0.5/health", region: r }),
      );
      expectContainsValues(
        expectSuccess(await c.ops.getManagedService({ path: { serviceId: svc.id } })),
        "service view",
        r,
      );
    },
  );

  check(
    { id: "MNG-SVC-4", op: "updateManagedService", effect: "creates" },
    "an update moving the address to a private IP without a region is refused",
    async (c) => {
      const svc = await service(c);
      expectError(
        await c.ops.updateManagedService({
          path: { serviceId: svc.id },
          body: { address: "https://172.16.4.4/health" },
        }),
      );
    },
  );

  check(
    { id: "MNG-SVC-5", op: "createManagedService" },
    "a service whose address is not a private IP is refused when it sets region",
    async (c) => {
      const res = await c.ops.createManagedService({
        body: {
          label: c.label("svc", 64),
          address: "https://example.com/health",
          service_type: "url",
          timeout: 30,
          region: regionFixture(c),
        },
      });
      if (res.status >= 200 && res.status < 300 && res.body?.id !== undefined)
        await c.ops.deleteManagedService({ path: { serviceId: res.body.id } });
      expectError(res);
    },
  );

  check(
    { id: "MNG-SVC-5", op: "updateManagedService", effect: "creates" },
    "an update setting region on a service whose address is not a private IP is refused",
    async (c) => {
      const svc = await service(c);
      expectError(
        await c.ops.updateManagedService({
          path: { serviceId: svc.id },
          body: { region: regionFixture(c) },
        }),
      );
    },
  );

  check(
    { id: "MNG-SVC-6", op: ["createManagedService", "getManagedService"], effect: "creates" },
    "query parameters of the address are kept and its URL fragment is dropped",
    async (c) => {
      const svc = await expectAccepted(
        service(c, {
          address: "https://example.com/status?probe=plumbline&x=1#plumbline-fragment",
        }),
      );
      const view = expectSuccess(await c.ops.getManagedService({ path: { serviceId: svc.id } }));
      if (stringLeaves(view).some((s) => s.includes("plumbline-fragment")))
        throw new TargetFailure("the address fragment #plumbline-fragment was stored");
      if (!stringLeaves(view).some((s) => s.includes("probe=plumbline&x=1")))
        throw new TargetFailure("the address query parameters probe=plumbline&x=1 were not kept");
    },
  );

  check(
    { id: "MNG-SVC-6", op: ["updateManagedService", "getManagedService"], effect: "creates" },
    "update: query parameters of the address are kept and its URL fragment is dropped",
    async (c) => {
      const svc = await service(c);
      expectSuccess(
        await c.ops.updateManagedService({
          path: { serviceId: svc.id },
          body: {
            address: "https://example.com/ready?probe=plumbline-update#plumbline-fragment-2",
          },
        }),
      );
      const view = expectSuccess(await c.ops.getManagedService({ path: { serviceId: svc.id } }));
      if (stringLeaves(view).some((s) => s.includes("plumbline-fragment-2")))
        throw new TargetFailure("the address fragment #plumbline-fragment-2 was stored");
      if (!stringLeaves(view).some((s) => s.includes("probe=plumbline-update")))
        throw new TargetFailure("the address query parameter probe=plumbline-update was not kept");
    },
  );

  check(
    {
      id: ["MNG-SVC-10", "FIELD.createManagedService.timeout"],
      op: ["createManagedService", "getManagedService"],
      effect: "creates",
    },
    "create: a timeout of 1 and of 255 seconds is accepted and honoured",
    async (c) => {
      for (const timeout of [1, 255]) {
        const svc = await expectAccepted(service(c, { timeout }));
        expectContainsValues(
          expectSuccess(await c.ops.getManagedService({ path: { serviceId: svc.id } })),
          "service view",
          timeout,
        );
      }
    },
  );

  check(
    { id: ["MNG-SVC-10", "FIELD.createManagedService.timeout"], op: "createManagedService" },
    "create: a timeout of 0 or 256 seconds, or none, is refused naming timeout",
    async ({ ops, label }) => {
      const base = { address: "https://example.com/health", service_type: "url" as const };
      expectErrorNamingField(
        await ops.createManagedService({ body: { ...base, label: label("svc", 64), timeout: 0 } }),
        "timeout",
      );
      expectErrorNamingField(
        await ops.createManagedService({
          body: { ...base, label: label("svc", 64), timeout: 256 },
        }),
        "timeout",
      );
      expectErrorNamingField(
        await ops.createManagedService({ body: { ...base, label: label("svc", 64) } }),
        "timeout",
      );
    },
  );

  check(
    {
      id: ["MNG-SVC-10", "FIELD.updateManagedService.timeout"],
      op: "updateManagedService",
      effect: "creates",
    },
    "update: a timeout of 255 is accepted; 0 and 256 are refused naming timeout",
    async (c) => {
      const svc = await service(c);
      const path = { serviceId: svc.id };
      expectSuccess(await c.ops.updateManagedService({ path, body: { timeout: 255 } }));
      expectErrorNamingField(
        await c.ops.updateManagedService({ path, body: { timeout: 0 } }),
        "timeout",
      );
      expectErrorNamingField(
        await c.ops.updateManagedService({ path, body: { timeout: 256 } }),
        "timeout",
      );
    },
  );

  check(
    { id: "FIELD.createManagedService.label", op: "createManagedService", effect: "creates" },
    "create: labels of 3 and 64 chars are accepted; 2, 65 chars or none are refused naming label",
    async (c) => {
      await expectAccepted(service(c, { label: c.label("s", 64).slice(-3) }));
      await expectAccepted(service(c, { label: c.label("svc", 64).padEnd(64, "s") }));
      const base = {
        address: "https://example.com/health",
        service_type: "url" as const,
        timeout: 30,
      };
      expectErrorNamingField(
        await c.ops.createManagedService({ body: { ...base, label: "ab" } }),
        "label",
      );
      expectErrorNamingField(
        await c.ops.createManagedService({ body: { ...base, label: "s".repeat(65) } }),
        "label",
      );
      expectErrorNamingField(await c.ops.createManagedService({ body: base }), "label");
    },
  );

  check(
    { id: "FIELD.createManagedService.address", op: "createManagedService" },
    "create: an address that is missing, not a URL or shorter than 3 chars is refused naming address",
    async ({ ops, label }) => {
      const base = { service_type: "url" as const, timeout: 30 };
      expectErrorNamingField(
        await ops.createManagedService({ body: { ...base, label: label("svc", 64) } }),
        "address",
      );
      expectErrorNamingField(
        await ops.createManagedService({
          body: { ...base, label: label("svc", 64), address: "ab" },
        }),
        "address",
      );
      expectErrorNamingField(
        await ops.createManagedService({
          body: { ...base, label: label("svc", 64), address: "not a url at all" },
        }),
        "address",
      );
    },
  );

  check(
    { id: "FIELD.createManagedService.service_type", op: "createManagedService" },
    "create: a service_type other than url or tcp, or none, is refused naming service_type",
    async ({ ops, label }) => {
      const base = { address: "https://example.com/health", timeout: 30 };
      expectErrorNamingField(
        await ops.createManagedService({
          body: { ...base, label: label("svc", 64), service_type: offContract("icmp") },
        }),
        "service_type",
      );
      expectErrorNamingField(
        await ops.createManagedService({ body: { ...base, label: label("svc", 64) } }),
        "service_type",
      );
    },
  );

  check(
    {
      id: ["FIELD.createManagedService.body", "FIELD.createManagedService.consultation_group"],
      op: "createManagedService",
      effect: "creates",
    },
    "create: body of 100 chars (or null) and consultation_group of 50 chars are accepted; 101 and 51 are refused naming the field",
    async (c) => {
      await expectAccepted(
        service(c, { body: "b".repeat(100), consultation_group: "g".repeat(50) }),
      );
      await expectAccepted(service(c, { body: null }));
      const base = {
        address: "https://example.com/health",
        service_type: "url" as const,
        timeout: 30,
      };
      expectErrorNamingField(
        await c.ops.createManagedService({
          body: { ...base, label: c.label("svc", 64), body: "b".repeat(101) },
        }),
        "body",
      );
      expectErrorNamingField(
        await c.ops.createManagedService({
          body: { ...base, label: c.label("svc", 64), consultation_group: "g".repeat(51) },
        }),
        "consultation_group",
      );
    },
  );

  check(
    {
      id: [
        "FIELD.updateManagedService.label",
        "FIELD.updateManagedService.address",
        "FIELD.updateManagedService.service_type",
        "FIELD.updateManagedService.body",
        "FIELD.updateManagedService.consultation_group",
      ],
      op: "updateManagedService",
      effect: "creates",
    },
    "update: label of 2 or 65 chars, a short address, an unknown service_type, body of 101 and consultation_group of 51 chars are each refused naming the field",
    async (c) => {
      const svc = await service(c);
      const path = { serviceId: svc.id };
      expectErrorNamingField(
        await c.ops.updateManagedService({ path, body: { label: "ab" } }),
        "label",
      );
      expectErrorNamingField(
        await c.ops.updateManagedService({ path, body: { label: "s".repeat(65) } }),
        "label",
      );
      expectErrorNamingField(
        await c.ops.updateManagedService({ path, body: { address: "ab" } }),
        "address",
      );
      expectErrorNamingField(
        await c.ops.updateManagedService({ path, body: { service_type: offContract("icmp") } }),
        "service_type",
      );
      expectErrorNamingField(
        await c.ops.updateManagedService({ path, body: { body: "b".repeat(101) } }),
        "body",
      );
      expectErrorNamingField(
        await c.ops.updateManagedService({ path, body: { consultation_group: "g".repeat(51) } }),
        "consultation_group",
      );
    },
  );

  check(
    { id: "MNG-SCOPE-1", op: "listManagedServices" },
    "services list with a token holding no account scope is refused",
    async (c) => {
      expectError(await c.ops.listManagedServices({ as: await vmsReadOnly(c) }));
    },
  );

  check(
    { id: "MNG-SCOPE-3", op: "getManagedService", effect: "creates" },
    "service view with a token holding no account scope is refused",
    async (c) => {
      const svc = await service(c);
      expectError(
        await c.ops.getManagedService({ path: { serviceId: svc.id }, as: await vmsReadOnly(c) }),
      );
    },
  );

  check(
    { id: "MNG-SCOPE-4", op: "getManagedService", effect: "creates" },
    "service view with only account:read_only: the outcome is recorded",
    async (c) => {
      const svc = await service(c);
      const res = await c.ops.getManagedService({
        path: { serviceId: svc.id },
        as: await accountReadOnly(c),
      });
      c.observe("MNG-SCOPE-4", "service view with account:read_only answered", res.status);
    },
  );

  check(
    {
      id: "MNG-SCOPE-2",
      op: [
        "createManagedService",
        "updateManagedService",
        "deleteManagedService",
        "disableManagedService",
        "enableManagedService",
      ],
      effect: "creates",
    },
    "service create, update, delete, disable and enable with only account:read_only are refused",
    async (c) => {
      const label = c.label("svc", 64);
      const svc = await service(c, { label });
      const ro = await accountReadOnly(c);
      const path = { serviceId: svc.id };
      expectError(
        await c.ops.createManagedService({
          body: {
            label: c.label("svc", 64),
            address: "https://example.com/h",
            service_type: "url",
            timeout: 30,
          },
          as: ro,
        }),
      );
      expectError(
        await c.ops.updateManagedService({ path, body: { label: c.label("ro", 64) }, as: ro }),
      );
      expectError(await c.ops.disableManagedService({ path, as: ro }));
      expectError(await c.ops.enableManagedService({ path, as: ro }));
      expectError(await c.ops.deleteManagedService({ path, as: ro }));
      expectContainsValues(
        expectSuccess(await c.ops.getManagedService({ path })),
        "service view",
        label,
      );
    },
  );
});
