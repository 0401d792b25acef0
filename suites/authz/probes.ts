// One valid request per operation, for the authorization matrix: the object it acts on (made by
// the first account's unrestricted user, through `fresh`) and the request's body. A valid request
// makes the principal the only reason for a refusal (the unrestricted column proves the request is
// served). Material: every Endpoints table (the requests' fields).
import type { CheckContext } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";
import type { SideEffect } from "../../harness/model.ts";
import type { Column } from "../../harness/principals.ts";
import { type KindName, resourceModel } from "../../spec/kinds.ts";
import { type Made, SUBJECTS } from "../invariants/subjects.ts";
import { CERTIFICATE, PRIVATE_KEY } from "../object-storage/helpers.ts";
import { backupsOn } from "../shared/factories.ts";
import { filePart } from "../shared/requests.ts";
import { viewKernel } from "../shared/kernels.ts";
import { findEvent } from "../shared/pages.ts";
import { imageFixture, largerTypeFixture, regionFixture, typeFixture } from "../shared/fixtures.ts";

/** What a cell acts on: a kind SUBJECTS makes, or a record the target already holds. */
export type Target = KindName | keyof typeof SETUPS | "none";

export interface Probe {
  on: Target;
  effect: SideEffect;
  body?(ctx: CheckContext, m: Made): unknown;
  query?(m: Made): Record<string, string | number>;
  /** a raw body (an image, a multipart file) */
  raw?(): { body: Buffer; contentType: string };
  /** extra path parameters (a month) */
  path?(): Record<string, string | number>;
  /**
   * an operation whose success reaches past the check's own objects (the account's cancel, card or
   * object storage as a whole): only its refusals are sent here; the reason names where the rest is
   */
  onlyRefusals?: string;
  /**
   * the material lets the target refuse it for a while ("Resize preconditions: no running or queued
   * actions", "Shutdown precondition: ..."): a cell that expects it served sends it again, within
   * the wait timeout, while it is refused naming no field
   */
  settle?: boolean;
  /** sends it another way than the plain operation call (a kernel ID the material lets travel two ways) */
  call?(ctx: CheckContext, m: Made): Promise<ApiResponse>;
  /** columns that cannot be shown doing an operation they may do: the reason */
  notShown?: Partial<Record<Column, string>>;
}

// a 1x1 transparent PNG
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const byId = (id: unknown) => (e: any) => e?.id !== undefined && String(e.id) === String(id);
const made = (path: Made["path"], id?: unknown, extra: Partial<Made> = {}): Made => ({
  path,
  parentPath: {},
  sent: {},
  record: { id },
  matches: id === undefined ? () => false : byId(id),
  ...extra,
});

/** The first item of an account-wide list the check cannot make (skipped when the list is empty). */
async function first(ctx: CheckContext, op: "listInvoices" | "listLogins" | "listPaymentMethods") {
  const res = await ctx.ops[op]();
  const item = res.body?.data?.[0];
  if (item?.id === undefined)
    return ctx.skip(`${op} holds no record on the first account to act on`);
  return item.id;
}

/** Records a check cannot make through a create: what the account holds, or a provider state makes. */
export const SETUPS = {
  async event(ctx: CheckContext): Promise<Made> {
    const vm = await SUBJECTS.instance!.make(ctx);
    // any page (findEvent reads both ends first): the list's order is not shown
    const ev = await ctx.waitFor("an event about the new instance", async () =>
      findEvent(ctx.ops, (e: any) => String(e?.entity?.id) === String(vm.path.vmId)),
    );
    return made({ eventId: ev.id }, ev.id);
  },
  async invoice(ctx: CheckContext): Promise<Made> {
    const id = await first(ctx, "listInvoices");
    return made({ invoiceId: id }, id);
  },
  async login(ctx: CheckContext): Promise<Made> {
    const id = await first(ctx, "listLogins");
    return made({ loginId: id }, id);
  },
  async paymentMethod(ctx: CheckContext): Promise<Made> {
    return made({}, await first(ctx, "listPaymentMethods"));
  },
  /** an instance whose backups the owner enabled: a target may take snapshots only then (VM-SNAP-3) */
  async backedUpInstance(ctx: CheckContext): Promise<Made> {
    const vm = await SUBJECTS.instance!.make(ctx);
    await backupsOn(ctx, Number(vm.path.vmId));
    return vm;
  },
  async backup(ctx: CheckContext): Promise<Made> {
    const vm = await SUBJECTS.instance!.make(ctx);
    const { backupId } = await ctx.states.require("successful-backup", { vmId: vm.path.vmId });
    return made({ vmId: vm.path.vmId, backupId }, backupId, { parentPath: { vmId: vm.path.vmId } });
  },
  async managedIssue(ctx: CheckContext): Promise<Made> {
    const { issueId } = await ctx.states.require("managed-issue");
    return made({ issueId }, issueId);
  },
  async bucketObject(ctx: CheckContext): Promise<Made> {
    const b = await SUBJECTS.bucket!.make(ctx);
    const { names } = await ctx.states.require("bucket-objects", {
      cluster: b.path.clusterId,
      bucket: b.path.bucket,
      count: 1,
    });
    return { ...b, sent: { ...b.sent, name: names[0] } };
  },
  async cluster(ctx: CheckContext): Promise<Made> {
    return made({ clusterId: await ctx.fresh.cluster() });
  },
  async kernel(ctx: CheckContext): Promise<Made> {
    const id = (await ctx.ops.listKernels({ as: "anonymous" })).body?.data?.[0]?.id;
    if (id === undefined) return ctx.skip("the kernels list is empty");
    return made({ kernelId: String(id) }, id);
  },
  /**
   * A service surely monitored, and one surely not: the material moves a service by disable only
   * when "service monitored" and by enable only when "service not monitored", and says neither of
   * a new one. The owner's enable (or disable) before may be refused; either way the state is known.
   */
  async monitoredService(ctx: CheckContext): Promise<Made> {
    const svc = await SUBJECTS.managedService!.make(ctx);
    await ctx.ops.enableManagedService({ path: { serviceId: svc.path.serviceId as number } });
    return svc;
  },
  async unmonitoredService(ctx: CheckContext): Promise<Made> {
    const svc = await SUBJECTS.managedService!.make(ctx);
    await ctx.ops.disableManagedService({ path: { serviceId: svc.path.serviceId as number } });
    return svc;
  },
  async thumbnail(ctx: CheckContext): Promise<Made> {
    const c = await SUBJECTS.oauthClient!.make(ctx);
    await ctx.ops.updateOAuthClientThumbnail({
      path: { clientId: c.path.clientId },
      body: PNG,
      contentType: "image/png",
    });
    return c;
  },
};

const ACCOUNT_WIDE =
  "its success changes the whole account under the checks running beside it: the area's serial files show it served";
const label = (ctx: CheckContext, kind: string, max = 32) => ctx.label(kind, max);
const w = (on: Target, effect: SideEffect = "creates"): Probe => ({ on, effect });
const bill = (on: Target): Probe => ({ on, effect: "billable" });

/** The probe of every operation that needs a token (public ones have none: every principal may). */
export const PROBES: Record<string, Probe> = {
  // the public operations (Authentication 4)
  listClusters: w("none", "read-only"),
  getCluster: w("cluster", "read-only"),
  listKernels: w("none", "read-only"),
  getKernel: {
    ...w("kernel", "read-only"),
    call: (ctx, m) => viewKernel(ctx, String(m.path.kernelId)),
  },
  getOAuthClientThumbnail: w("thumbnail"),
  // account and billing
  getAccount: w("none", "read-only"),
  updateAccount: { on: "none", effect: "creates", body: () => ({}) },
  cancelAccount: {
    on: "none",
    effect: "destructive",
    body: () => ({}),
    onlyRefusals: ACCOUNT_WIDE,
  },
  addCreditCard: {
    on: "none",
    effect: "destructive",
    onlyRefusals: ACCOUNT_WIDE,
    body: () => ({
      card_number: "4111111111111111",
      cvv: "123",
      expiry_month: 12,
      expiry_year: 2099,
    }),
  },
  listEntityTransfers: w("entityTransfer", "billable"),
  createEntityTransfer: {
    ...bill("instance"),
    body: (_, m) => ({ entities: { vms: [m.path.vmId] } }),
  },
  getEntityTransfer: bill("entityTransfer"),
  cancelEntityTransfer: bill("entityTransfer"),
  acceptEntityTransfer: {
    ...bill("entityTransfer"),
    notShown: {
      unrestricted: "the first account made the transfer: accepting is the receiving account's",
      "token:read_write":
        "the first account made the transfer: accepting is the receiving account's",
    },
  },
  listEvents: bill("event"),
  getEvent: bill("event"),
  markEventRead: bill("event"),
  markEventSeen: bill("event"),
  listInvoices: w("invoice", "read-only"),
  getInvoice: w("invoice", "read-only"),
  listInvoiceItems: w("invoice", "read-only"),
  listLogins: w("login", "read-only"),
  getLogin: w("login", "read-only"),
  listMaintenance: w("none", "read-only"),
  listNotifications: w("none", "read-only"),
  listPaymentMethods: w("paymentMethod", "read-only"),
  // OAuth clients
  listOAuthClients: w("oauthClient"),
  createOAuthClient: {
    ...w("none"),
    body: (ctx) => ({
      label: label(ctx, "app", 512),
      redirect_uri: "https://example.com/callback",
    }),
  },
  getOAuthClient: w("oauthClient"),
  updateOAuthClient: { ...w("oauthClient"), body: (ctx) => ({ label: label(ctx, "app2", 512) }) },
  deleteOAuthClient: w("oauthClient"),
  resetOAuthClientSecret: w("oauthClient"),
  updateOAuthClientThumbnail: {
    ...w("thumbnail"),
    raw: () => ({ body: Buffer.concat([PNG, Buffer.from([0])]), contentType: "image/png" }),
  },
  // object storage
  listBuckets: w("bucket"),
  createBucket: {
    ...w("none"),
    body: (ctx) => ({ label: label(ctx, "bkt", 63), cluster: ctx.config.fixtures.cluster ?? "" }),
  },
  listClusterBuckets: w("bucket"),
  getBucket: w("bucket"),
  deleteBucket: w("bucket"),
  updateBucketAccess: {
    ...w("bucket"),
    body: () => ({ acl: "authenticated-read", cors_enabled: true }),
  },
  modifyBucketAccess: {
    ...w("bucket"),
    body: () => ({ acl: "authenticated-read", cors_enabled: true }),
  },
  getObjectAcl: { ...w("bucketObject"), query: (m) => ({ name: String(m.sent.name) }) },
  updateObjectAcl: {
    ...w("bucketObject"),
    body: (_, m) => ({ acl: "public-read", name: m.sent.name }),
  },
  listBucketObjects: w("bucket"),
  createObjectUrl: { ...w("bucket"), body: () => ({ name: "plumbline-authz", method: "GET" }) },
  getBucketSsl: w("bucket"),
  uploadBucketSsl: {
    ...w("bucket"),
    body: () => ({ certificate: CERTIFICATE, private_key: PRIVATE_KEY }),
  },
  deleteBucketSsl: w("bucket"),
  cancelObjectStorage: { on: "none", effect: "destructive", onlyRefusals: ACCOUNT_WIDE },
  listKeys: w("key"),
  createKey: { ...w("none"), body: (ctx) => ({ label: label(ctx, "key", 50) }) },
  getKey: w("key"),
  updateKey: { ...w("key"), body: (ctx) => ({ label: label(ctx, "key2", 50) }) },
  revokeKey: w("key"),
  getObjectStorageTransfer: w("none", "read-only"),
  // compute instances
  listInstances: bill("instance"),
  createInstance: {
    ...bill("none"),
    body: (ctx) => ({
      region: regionFixture(ctx),
      type: typeFixture(ctx),
      label: label(ctx, "vm"),
      booted: false,
    }),
  },
  getInstance: bill("instance"),
  updateInstance: { ...bill("instance"), body: (ctx) => ({ label: label(ctx, "vm2") }) },
  deleteInstance: bill("instance"),
  listBackups: bill("instance"),
  createSnapshot: {
    ...bill("backedUpInstance"),
    body: (ctx) => ({ label: label(ctx, "snap", 255) }),
  },
  cancelBackups: bill("instance"),
  enableBackups: bill("instance"),
  getBackup: bill("backup"),
  restoreBackup: {
    ...bill("backup"),
    settle: true,
    body: (_, m) => ({ vm_id: m.path.vmId, overwrite: true }),
  },
  bootInstance: {
    ...bill("config"),
    settle: true,
    body: (_, m) => ({ config_id: m.path.configId }),
  },
  cloneInstance: {
    ...bill("instance"),
    settle: true,
    body: (ctx) => ({
      region: regionFixture(ctx),
      type: typeFixture(ctx),
      label: label(ctx, "cln"),
    }),
  },
  listConfigs: bill("config"),
  createConfig: {
    ...bill("instance"),
    body: (ctx) => ({ label: label(ctx, "cfg", 48), devices: {} }),
  },
  getConfig: bill("config"),
  updateConfig: { ...bill("config"), body: (ctx) => ({ label: label(ctx, "cfg2", 48) }) },
  deleteConfig: bill("config"),
  listDisks: bill("disk"),
  createDisk: {
    ...bill("instance"),
    body: (ctx) => ({ label: label(ctx, "disk", 48), size: 1024 }),
  },
  getDisk: bill("disk"),
  // the disk update body is not shown ("body: not shown"): label, of the Disk's "create/update
  // fields", and only its refusals are decided (cells.ts BODY_NOT_SHOWN)
  updateDisk: { ...bill("disk"), body: (ctx) => ({ label: label(ctx, "disk2", 48) }) },
  rescueInstance: { ...bill("instance"), settle: true, body: () => ({ devices: {} }) },
  resizeInstance: {
    ...bill("instance"),
    settle: true,
    body: (ctx) => ({ type: largerTypeFixture(ctx) }),
  },
  shutdownInstance: { ...bill("instance"), settle: true },
  getInstanceStats: bill("instance"),
  getInstanceStatsByMonth: { ...bill("instance"), path: thisMonth },
  getInstanceTransfer: bill("instance"),
  getInstanceTransferByMonth: { ...bill("instance"), path: thisMonth },
  listInstanceVolumes: bill("instance"),
  // managed monitoring
  listManagedContacts: w("managedContact"),
  createManagedContact: {
    ...w("none"),
    body: (ctx) => ({ name: label(ctx, "ct", 64), email: "ops@example.com" }),
  },
  getManagedContact: w("managedContact"),
  updateManagedContact: {
    ...w("managedContact"),
    body: (ctx) => ({ name: label(ctx, "ct2", 64) }),
  },
  deleteManagedContact: w("managedContact"),
  listManagedCredentials: w("managedCredential"),
  createManagedCredential: {
    ...w("none"),
    body: (ctx) => ({
      label: label(ctx, "cred", 75),
      username: "monitor",
      password: "Plumbline-s3cret!",
    }),
  },
  getManagedSshKey: w("none", "read-only"),
  getManagedCredential: w("managedCredential"),
  updateManagedCredential: {
    ...w("managedCredential"),
    body: (ctx) => ({ label: label(ctx, "cred2", 75) }),
  },
  revokeManagedCredential: w("managedCredential"),
  updateManagedCredentialUsernamePassword: {
    ...w("managedCredential"),
    body: () => ({ username: "monitor2", password: "Plumbline-s3cret-2!" }),
  },
  listManagedIssues: w("managedIssue"),
  getManagedIssue: w("managedIssue"),
  listManagedVmSettings: bill("managedVmSettings"),
  getManagedVmSettings: bill("managedVmSettings"),
  updateManagedVmSettings: { ...bill("managedVmSettings"), body: () => ({ ssh: { port: 2222 } }) },
  listManagedServices: w("managedService"),
  createManagedService: {
    ...w("none"),
    body: (ctx) => ({
      label: label(ctx, "svc", 64),
      address: "https://example.com/health",
      service_type: "url",
      timeout: 30,
    }),
  },
  getManagedService: w("managedService"),
  updateManagedService: {
    ...w("managedService"),
    body: (ctx) => ({ label: label(ctx, "svc2", 64) }),
  },
  deleteManagedService: w("managedService"),
  disableManagedService: w("monitoredService"),
  enableManagedService: w("unmonitoredService"),
  listManagedStats: w("none", "read-only"),
  // support
  listTickets: w("ticket"),
  openTicket: {
    ...w("none"),
    body: (ctx) => ({
      summary: label(ctx, "tkt", 64),
      description: "Opened by plumbline; please ignore.",
    }),
  },
  getTicket: w("ticket"),
  createTicketAttachment: { ...w("ticket"), raw: () => filePart("plumbline-authz.txt") },
  closeTicket: w("ticket"),
  listTicketReplies: w("reply"),
  createTicketReply: {
    ...w("ticket"),
    body: (ctx) => ({ description: `plumbline ${label(ctx, "rpl", 64)}` }),
  },
  // recipes
  listRecipes: w("recipe"),
  createRecipe: {
    ...w("none"),
    body: (ctx) => ({
      label: label(ctx, "rcp", 128),
      script: "#!/bin/sh\necho plumbline\n",
      images: [imageFixture(ctx)],
    }),
  },
  getRecipe: w("recipe"),
  updateRecipe: { ...w("recipe"), body: (ctx) => ({ label: label(ctx, "rcp2", 128) }) },
  deleteRecipe: w("recipe"),
  // tags: the create tags the check's instance (the caller needs read_write on it: Tags)
  createTag: {
    ...bill("instance"),
    body: (ctx, m) => ({ label: label(ctx, "tag", 50), vms: [m.path.vmId] }),
  },
  listTaggedObjects: w("tag"),
  deleteTag: w("tag"),
};

function thisMonth(): Record<string, number> {
  const now = new Date();
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
}

/** Members that move on their own between two reads (never compared). */
export const VOLATILE = new Set([
  "updated",
  "status",
  "last_decrypted",
  "closable",
  "seen",
  // an event's progress while its job runs
  "percent_complete",
  "duration",
  "time_remaining",
  "rate",
]);

/** The kind whose view reads the probe's object back (undefined: no view to read it by). */
export function viewOf(on: Target): string | undefined {
  if (on === "event") return "getEvent";
  if (on === "backup") return "getBackup";
  if (on === "bucketObject") return "getObjectAcl";
  if (on === "thumbnail") return "getOAuthClientThumbnail";
  if (on === "monitoredService" || on === "unmonitoredService") return "getManagedService";
  if (on === "none" || on in SETUPS) return undefined;
  return resourceModel().get(on as KindName)?.ops.view[0];
}
