// Every one of the 124 operations on its happy path, against the embedded reference target from a
// fresh start, each answer checked against the spec's response schema. The reference and the spec
// are two independent readings of the material: a step that fails here means one of them is wrong.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReference, type ReferenceHandle } from "../reference/index.ts";
import { listOperations, operationById } from "../spec/index.ts";
import { checkResponse } from "../spec/validate.ts";

type Params = Record<string, string | number>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- steps read arbitrary JSON
type Json = any;

interface Step {
  op: string;
  /** setup the public API cannot do, or values an earlier step left: runs first */
  before?: () => Promise<void>;
  params?: () => Params;
  query?: () => Record<string, string>;
  /** a JSON body */
  body?: () => unknown;
  /** a non-JSON body (raw image, multipart form) */
  raw?: () => { body: BodyInit; type?: string };
  /** which seeded principal calls: admin by default, no token when the spec marks the operation public */
  as?: "admin" | "secondary";
  /** keeps what later steps need */
  after?: (body: Json) => void | Promise<void>;
}

let ref: ReferenceHandle;
const ctx: Record<string, Json> = {};
const walked: string[] = [];

const now = new Date();
const YEAR = now.getUTCFullYear();
const MONTH = now.getUTCMonth() + 1;
const CLUSTER = "us-east-1";
const BUCKET = "smoke-bucket";
const OBJECT = "docs/hello.txt";
// the 8-byte PNG signature and an IHDR chunk: the target stores the bytes as sent
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1, 8, 6, 0, 0, 0,
]);
const CERT =
  "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUfake0000000000000000000000000wCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----\n";
const KEY =
  "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgfake\n-----END PRIVATE KEY-----\n";

async function state(name: string, params: Record<string, unknown> = {}): Promise<Json> {
  const r = await fetch(`${ref.controlUrl}/states`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ state: name, params }),
  });
  const body = await r.json();
  expect(r.status, `provider state ${name}: ${JSON.stringify(body)}`).toBe(200);
  return body;
}

/** Calls an operation (path built from the spec's template); asserts 2xx, the spec's media type and response schema. */
async function call(
  operationId: string,
  s: Omit<Step, "op" | "before" | "after"> = {},
): Promise<Json> {
  const op = operationById(operationId)!;
  const params = s.params?.() ?? {};
  let url =
    ref.url +
    op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      expect(params[name], `path parameter ${name}`).toBeDefined();
      return encodeURIComponent(String(params[name]));
    });
  const query = s.query?.();
  if (query) url += `?${new URLSearchParams(query)}`;
  const headers: Record<string, string> = {};
  if (s.as || !op.anonymous) headers.authorization = `Bearer ${ref.tokens[s.as ?? "admin"]}`;
  let body: BodyInit | undefined;
  if (s.body) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(s.body());
  } else if (s.raw) {
    const r = s.raw();
    if (r.type) headers["content-type"] = r.type;
    body = r.body;
  }
  const res = await fetch(url, { method: op.method, headers, body });
  const text = (res.headers.get("content-type") ?? "").includes("json")
    ? await res.text()
    : undefined;
  const parsed: Json =
    text === undefined
      ? new Uint8Array(await res.arrayBuffer())
      : text
        ? JSON.parse(text)
        : undefined;
  const shown = text ?? `<${res.headers.get("content-type")}>`;
  expect(res.status, `${op.method} ${url} → ${shown}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${op.method} ${url} → ${shown}`).toBeLessThan(300);
  // the media type is one the spec gives for this status (JSON everywhere but the thumbnail view's image/*)
  const responses = op.operation.responses as Record<string, { content?: Record<string, unknown> }>;
  const types = Object.keys(
    responses[String(res.status)]?.content ?? responses["2XX"]?.content ?? {},
  );
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim();
  expect(
    types.some((t) => t === type || (t.endsWith("/*") && type.startsWith(t.slice(0, -1)))),
    `${operationId}: content-type ${type}, spec gives ${types}`,
  ).toBe(true);
  const check = checkResponse(operationId, res.status, parsed);
  expect(
    check.ok,
    `${operationId} ${res.status} against the spec (${check.schema}): ${check.message} — value ${JSON.stringify(check.value)}`,
  ).toBe(true);
  return parsed;
}

const vm = () => ({ vmId: ctx.vmId });

const steps: Step[] = [
  // public catalog
  { op: "listClusters" },
  { op: "getCluster", params: () => ({ clusterId: CLUSTER }) },
  { op: "listKernels" },
  { op: "getKernel", params: () => ({ kernelId: "vm/latest-64bit" }) },

  // account and billing
  { op: "getAccount" },
  {
    op: "updateAccount",
    body: () => ({
      company: "Plumbline Ltd",
      city: "Springfield",
      state: "IL",
      country: "US",
      phone: "555-0100",
    }),
  },
  { op: "listPaymentMethods" },
  {
    op: "addCreditCard",
    body: () => ({
      card_number: "4111111111111111",
      cvv: "123",
      expiry_month: 12,
      expiry_year: YEAR + 2,
    }),
  },
  {
    op: "listInvoices",
    before: async () =>
      void (ctx.invoiceId = (await state("invoice-with-items", { items: 3 })).invoiceId),
  },
  { op: "getInvoice", params: () => ({ invoiceId: ctx.invoiceId }) },
  { op: "listInvoiceItems", params: () => ({ invoiceId: ctx.invoiceId }) },
  { op: "listLogins", before: async () => void (ctx.loginId = (await state("login")).loginId) },
  { op: "getLogin", params: () => ({ loginId: ctx.loginId }) },
  { op: "listNotifications", before: async () => void (await state("notification")) },

  // compute: an instance from an image, everything below it
  {
    op: "createInstance",
    body: () => ({
      region: "us-east",
      type: "vm-standard-2",
      image: "vm/debian12",
      root_pass: "Str0ng!Passw0rd",
      label: "smoke-web-1",
      tags: ["smoke"],
      private_ip: true,
    }),
    after: (b) => void (ctx.vmId = b.id),
  },
  { op: "listInstances" },
  { op: "getInstance", params: vm },
  {
    op: "updateInstance",
    params: vm,
    body: () => ({
      label: "smoke-web-01",
      watchdog_enabled: true,
      alerts: { cpu: 180, io: 5000 },
      backups: { schedule: { day: "Monday", window: "W4" } },
    }),
  },
  {
    op: "listMaintenance",
    before: async () => void (await state("maintenance-item", { vmId: ctx.vmId })),
  },
  { op: "listConfigs", params: vm, after: (b) => void (ctx.bootConfigId = b.data[0].id) },
  { op: "listDisks", params: vm, after: (b) => void (ctx.imageDiskId = b.data[0].id) },
  {
    op: "createDisk",
    params: vm,
    body: () => ({ label: "data", size: 1024, filesystem: "ext4" }),
    after: (b) => void (ctx.diskId = b.id),
  },
  { op: "getDisk", params: () => ({ ...vm(), diskId: ctx.diskId }) },
  {
    op: "updateDisk",
    params: () => ({ ...vm(), diskId: ctx.diskId }),
    body: () => ({ label: "data-1" }),
  },
  {
    op: "createConfig",
    // volumes have no operation in the material: take a seeded, unattached one of the region from the target
    before: async () =>
      void (ctx.volumeId = [...ref.app.seeded.accountA.volumes.values()].find(
        (v) => v.region === "us-east" && v.vm_id == null,
      )!.id),
    params: vm,
    body: () => ({
      label: "smoke-config",
      devices: {
        sda: { disk_id: ctx.imageDiskId },
        sdb: { disk_id: ctx.diskId },
        sdc: { volume_id: ctx.volumeId },
      },
      kernel: "vm/latest-64bit",
      root_device: "/dev/sda",
      interfaces: [{ purpose: "public" }],
    }),
    after: (b) => void (ctx.configId = b.id),
  },
  { op: "getConfig", params: () => ({ ...vm(), configId: ctx.configId }) },
  {
    op: "updateConfig",
    params: () => ({ ...vm(), configId: ctx.configId }),
    body: () => ({
      comments: "smoke",
      run_level: "default",
      helpers: { updatedb_disabled: false },
    }),
  },
  { op: "bootInstance", params: vm, body: () => ({ config_id: ctx.bootConfigId }) },
  { op: "shutdownInstance", params: vm },
  {
    op: "rescueInstance",
    params: vm,
    body: () => ({ devices: { sda: { disk_id: ctx.imageDiskId } } }),
  },
  {
    op: "resizeInstance",
    params: vm,
    body: () => ({ type: "vm-standard-4", allow_auto_disk_resize: false }),
  },
  { op: "enableBackups", params: vm },
  {
    op: "createSnapshot",
    params: vm,
    body: () => ({ label: "smoke-snapshot" }),
    after: (b) => void (ctx.snapshotId = b.id),
  },
  { op: "listBackups", params: vm },
  { op: "getBackup", params: () => ({ ...vm(), backupId: ctx.snapshotId }) },
  { op: "getInstanceStats", params: vm },
  { op: "getInstanceStatsByMonth", params: () => ({ ...vm(), year: YEAR, month: MONTH }) },
  { op: "getInstanceTransfer", params: vm },
  { op: "getInstanceTransferByMonth", params: () => ({ ...vm(), year: YEAR, month: MONTH }) },
  {
    op: "listInstanceVolumes",
    params: vm,
    after: (b) => void expect(b.data.map((v: Json) => v.id)).toEqual([ctx.volumeId]),
  },
  {
    op: "cloneInstance",
    params: vm,
    body: () => ({ region: "us-east", type: "vm-standard-2", label: "smoke-clone" }),
    after: (b) => void (ctx.cloneId = b.id),
  },
  {
    op: "restoreBackup",
    before: async () =>
      void (ctx.backupId = (await state("successful-backup", { vmId: ctx.vmId })).backupId),
    params: () => ({ ...vm(), backupId: ctx.backupId }),
    body: () => ({ vm_id: ctx.cloneId, overwrite: true }),
  },
  { op: "cancelBackups", params: vm },
  { op: "deleteConfig", params: () => ({ ...vm(), configId: ctx.configId }) },

  // managed monitoring
  { op: "listManagedVmSettings" },
  { op: "getManagedVmSettings", params: vm },
  {
    op: "updateManagedVmSettings",
    params: vm,
    body: () => ({ ssh: { access: true, ip: "203.0.113.7", port: 2222, user: "admin" } }),
  },
  {
    op: "createManagedContact",
    body: () => ({
      name: "Ops Person",
      email: "ops@example.com",
      group: "on-call",
      phone: { primary: "555-0101", secondary: null },
    }),
    after: (b) => void (ctx.contactId = b.id),
  },
  { op: "listManagedContacts" },
  { op: "getManagedContact", params: () => ({ contactId: ctx.contactId }) },
  {
    op: "updateManagedContact",
    params: () => ({ contactId: ctx.contactId }),
    body: () => ({ group: "day-shift" }),
  },
  { op: "deleteManagedContact", params: () => ({ contactId: ctx.contactId }) },
  {
    op: "createManagedCredential",
    body: () => ({ label: "db-login", username: "monitor", password: "s3cret-Pass" }),
    after: (b) => void (ctx.credentialId = b.id),
  },
  { op: "listManagedCredentials" },
  { op: "getManagedSshKey" },
  { op: "getManagedCredential", params: () => ({ credentialId: ctx.credentialId }) },
  {
    op: "updateManagedCredential",
    params: () => ({ credentialId: ctx.credentialId }),
    body: () => ({ label: "db-login-2" }),
  },
  {
    op: "updateManagedCredentialUsernamePassword",
    params: () => ({ credentialId: ctx.credentialId }),
    body: () => ({ username: "monitor2", password: "n3w-Secret" }),
  },
  {
    op: "createManagedService",
    body: () => ({
      service_type: "url",
      label: "web-health",
      address: "https://example.com/health?full=1",
      timeout: 30,
      body: "ok",
      consultation_group: "web",
      credentials: [ctx.credentialId],
      notes: "smoke",
    }),
    after: (b) => void (ctx.serviceId = b.id),
  },
  { op: "listManagedServices" },
  { op: "getManagedService", params: () => ({ serviceId: ctx.serviceId }) },
  {
    op: "updateManagedService",
    params: () => ({ serviceId: ctx.serviceId }),
    body: () => ({ timeout: 45 }),
  },
  { op: "disableManagedService", params: () => ({ serviceId: ctx.serviceId }) },
  { op: "enableManagedService", params: () => ({ serviceId: ctx.serviceId }) },
  { op: "deleteManagedService", params: () => ({ serviceId: ctx.serviceId }) },
  { op: "revokeManagedCredential", params: () => ({ credentialId: ctx.credentialId }) },
  {
    op: "listManagedIssues",
    before: async () => void (ctx.issueId = (await state("managed-issue")).issueId),
  },
  { op: "getManagedIssue", params: () => ({ issueId: ctx.issueId }) },
  { op: "listManagedStats" },

  // tags
  { op: "createTag", body: () => ({ label: "smoke-tag", vms: [ctx.vmId] }) },
  { op: "listTaggedObjects", params: () => ({ label: "smoke-tag" }) },
  { op: "deleteTag", params: () => ({ label: "smoke-tag" }) },

  // support
  {
    op: "openTicket",
    body: () => ({
      summary: "Smoke test ticket",
      description: "Opened by the reference smoke test.",
      vm_id: ctx.vmId,
    }),
    after: (b) => void (ctx.ticketId = b.id),
  },
  { op: "listTickets", before: async () => void (await state("provider-ticket")) },
  { op: "getTicket", params: () => ({ ticketId: ctx.ticketId }) },
  {
    op: "createTicketReply",
    params: () => ({ ticketId: ctx.ticketId }),
    body: () => ({ description: "A reply." }),
  },
  { op: "listTicketReplies", params: () => ({ ticketId: ctx.ticketId }) },
  {
    op: "createTicketAttachment",
    params: () => ({ ticketId: ctx.ticketId }),
    raw: () => {
      const form = new FormData();
      form.append("file", new Blob(["log line\n"], { type: "text/plain" }), "notes.txt");
      return { body: form };
    },
  },
  { op: "closeTicket", params: () => ({ ticketId: ctx.ticketId }) },

  // recipes
  {
    op: "createRecipe",
    body: () => ({
      label: "smoke-recipe",
      description: "installs nothing",
      images: ["vm/debian12"],
      is_public: false,
      rev_note: "first",
      script: "#!/bin/bash\necho hi\n",
    }),
    after: (b) => void (ctx.recipeId = b.id),
  },
  { op: "listRecipes" },
  { op: "getRecipe", params: () => ({ recipeId: ctx.recipeId }) },
  {
    op: "updateRecipe",
    params: () => ({ recipeId: ctx.recipeId }),
    body: () => ({ description: "still nothing", rev_note: "second" }),
  },
  { op: "deleteRecipe", params: () => ({ recipeId: ctx.recipeId }) },

  // OAuth clients
  {
    op: "createOAuthClient",
    body: () => ({
      label: "smoke-app",
      redirect_uri: "https://app.example.com/callback",
      public: false,
    }),
    after: (b) => void (ctx.clientId = b.id),
  },
  { op: "listOAuthClients" },
  { op: "getOAuthClient", params: () => ({ clientId: ctx.clientId }) },
  {
    op: "updateOAuthClient",
    params: () => ({ clientId: ctx.clientId }),
    body: () => ({ label: "smoke-app-2", public: true }),
  },
  {
    op: "updateOAuthClientThumbnail",
    params: () => ({ clientId: ctx.clientId }),
    raw: () => ({ body: PNG, type: "image/png" }),
  },
  {
    op: "getOAuthClientThumbnail",
    params: () => ({ clientId: ctx.clientId }),
    after: (b) => void expect(Array.from(b as Uint8Array)).toEqual(Array.from(PNG)),
  },
  { op: "resetOAuthClientSecret", params: () => ({ clientId: ctx.clientId }) },
  { op: "deleteOAuthClient", params: () => ({ clientId: ctx.clientId }) },

  // object storage: a bucket, an object put through a pre-signed URL, keys, then cancel
  {
    op: "createBucket",
    body: () => ({ cluster: CLUSTER, label: BUCKET, acl: "private", cors_enabled: false }),
  },
  { op: "listBuckets" },
  { op: "listClusterBuckets", params: () => ({ clusterId: CLUSTER }) },
  { op: "getBucket", params: () => ({ clusterId: CLUSTER, bucket: BUCKET }) },
  {
    op: "updateBucketAccess",
    params: () => ({ clusterId: CLUSTER, bucket: BUCKET }),
    body: () => ({ acl: "public-read", cors_enabled: true }),
  },
  {
    op: "modifyBucketAccess",
    params: () => ({ clusterId: CLUSTER, bucket: BUCKET }),
    body: () => ({ acl: "private" }),
  },
  {
    op: "createObjectUrl",
    params: () => ({ clusterId: CLUSTER, bucket: BUCKET }),
    body: () => ({ name: OBJECT, method: "PUT", expires_in: 3600, content_type: "text/plain" }),
    after: async (b) => {
      const put = await fetch(b.url, {
        method: "PUT",
        headers: { "content-type": "text/plain" },
        body: "hello, bucket\n",
      });
      expect(put.status, `PUT through the pre-signed URL: ${await put.text()}`).toBe(200);
    },
  },
  {
    op: "listBucketObjects",
    params: () => ({ clusterId: CLUSTER, bucket: BUCKET }),
    query: () => ({ prefix: "docs/" }),
    after: (b) => void expect(b.data.map((o: Json) => o.name)).toEqual([OBJECT]),
  },
  {
    op: "getObjectAcl",
    params: () => ({ clusterId: CLUSTER, bucket: BUCKET }),
    query: () => ({ name: OBJECT }),
  },
  {
    op: "updateObjectAcl",
    params: () => ({ clusterId: CLUSTER, bucket: BUCKET }),
    body: () => ({ name: OBJECT, acl: "public-read" }),
  },
  {
    op: "uploadBucketSsl",
    params: () => ({ clusterId: CLUSTER, bucket: BUCKET }),
    body: () => ({ certificate: CERT, private_key: KEY }),
  },
  {
    op: "getBucketSsl",
    params: () => ({ clusterId: CLUSTER, bucket: BUCKET }),
    after: (b) => void expect(b.ssl).toBe(true),
  },
  { op: "deleteBucketSsl", params: () => ({ clusterId: CLUSTER, bucket: BUCKET }) },
  {
    op: "createKey",
    body: () => ({
      label: "smoke-key",
      bucket_access: [{ cluster: CLUSTER, bucket_name: BUCKET, permissions: "read_only" }],
    }),
    after: (b) => void (ctx.keyId = b.id),
  },
  { op: "listKeys" },
  { op: "getKey", params: () => ({ keyId: ctx.keyId }) },
  { op: "updateKey", params: () => ({ keyId: ctx.keyId }), body: () => ({ label: "smoke-key-2" }) },
  { op: "revokeKey", params: () => ({ keyId: ctx.keyId }) },
  { op: "getObjectStorageTransfer" },
  {
    op: "deleteBucket",
    // empty the bucket through a DELETE pre-signed URL first (where `force` is sent is not shown)
    before: async () => {
      const u = await call("createObjectUrl", {
        params: () => ({ clusterId: CLUSTER, bucket: BUCKET }),
        body: () => ({ name: OBJECT, method: "DELETE" }),
      });
      const del = await fetch(u.url, { method: "DELETE" });
      expect(del.status, "DELETE through the pre-signed URL").toBeLessThan(300);
    },
    params: () => ({ clusterId: CLUSTER, bucket: BUCKET }),
  },
  { op: "cancelObjectStorage" },

  // events
  { op: "listEvents", after: (b) => void (ctx.eventId = b.data[0].id) },
  { op: "getEvent", params: () => ({ eventId: ctx.eventId }) },
  { op: "markEventRead", params: () => ({ eventId: ctx.eventId }) },
  { op: "markEventSeen", params: () => ({ eventId: ctx.eventId }) },

  // entity transfers: one cancelled (the first instance), one accepted by account B (the clone)
  {
    op: "cancelEntityTransfer",
    before: async () =>
      void (ctx.cancelToken = (
        await call("createEntityTransfer", { body: () => ({ entities: { vms: [ctx.vmId] } }) })
      ).token),
    params: () => ({ token: ctx.cancelToken }),
  },
  {
    op: "createEntityTransfer",
    body: () => ({ entities: { vms: [ctx.cloneId] } }),
    after: (b) => void (ctx.transferToken = b.token),
  },
  { op: "getEntityTransfer", params: () => ({ token: ctx.transferToken }) },
  { op: "listEntityTransfers" },
  { op: "acceptEntityTransfer", params: () => ({ token: ctx.transferToken }), as: "secondary" },

  // last: the instance goes, then the account is cancelled (the reference keeps it usable)
  { op: "deleteInstance", params: vm },
  { op: "cancelAccount", body: () => ({ comments: "smoke test over" }) },
];

describe("reference target: every operation's happy path conforms to the spec", () => {
  beforeAll(async () => {
    ref = await startReference({ faults: [] }); // a clean target whatever PLUMBLINE_REFERENCE_FAULTS says
  });
  afterAll(() => ref?.close());

  for (const step of steps) {
    it(step.op, async () => {
      await step.before?.();
      const body = await call(step.op, step);
      await step.after?.(body);
      // every list is walked after something was made for it: an empty page would validate vacuously
      if (Array.isArray(body?.data))
        expect(body.data.length, `${step.op} lists nothing`).toBeGreaterThan(0);
      walked.push(step.op);
    });
  }

  it("walked each of the spec's operations exactly once", () => {
    const all = listOperations().map((o) => o.operationId);
    expect(all).toHaveLength(124);
    expect(steps.map((s) => s.op).sort()).toEqual([...all].sort());
    expect([...walked].sort()).toEqual([...all].sort());
  });
});
