// How a check makes one object of each kind of the resource model (spec/kinds.ts): what the
// document cannot say (a valid create with its parents, through `fresh`, so everything is ledgered
// and removed). The invariants of this folder are written once over these subjects; a kind with no
// subject shows in the report's kind × invariant matrix as skipped, with the reason.
import type { CheckContext } from "../../harness/check.ts";
import type { SideEffect } from "../../harness/model.ts";
import type { KindName } from "../../spec/kinds.ts";
import {
  backupsOn,
  contact,
  credential,
  freshBucket,
  service,
  ticket,
} from "../shared/factories.ts";
import { expectSuccess } from "../../harness/expect.ts";

/** One object a check made. */
export interface Made {
  /** the path parameters that address it: its parents' and its own ID */
  path: Record<string, string | number>;
  /** the path parameters of its collection (its parents'): where its list is read */
  parentPath: Record<string, string | number>;
  /** the create's request body */
  sent: Record<string, unknown>;
  /** what the create answered (records the material does not show may hold little) */
  record: any;
  /** recognises the object's entry in its list (by ID, or by the unique label sent) */
  matches(entry: any): boolean;
}

export interface Subject {
  kind: KindName;
  effect: SideEffect;
  make(ctx: CheckContext): Promise<Made>;
  /**
   * members that change on their own between two reads, never compared (the instance's status
   * while it provisions; `updated` is left out everywhere: a write moves it)
   */
  volatile?: string[];
  /**
   * (delete, unknown IDs, hierarchy) makes one under a parent the check already holds: `make` makes
   * its own parent, these need the child of a given one (children of a deleted instance, a config of
   * instance A read under instance B)
   */
  under?(ctx: CheckContext, parentPath: Record<string, string | number>): Promise<Made>;
}

const byId = (record: any) => (entry: any) =>
  entry?.id !== undefined && String(entry.id) === String(record?.id);

async function instance(ctx: CheckContext) {
  return ctx.fresh.emptyInstance();
}

/** Every kind a check can make, keyed by kind. */
export const SUBJECTS: Partial<Record<KindName, Subject>> = {
  oauthClient: {
    kind: "oauthClient",
    effect: "creates",
    async make(ctx) {
      const sent = { label: ctx.label("app", 512), redirect_uri: "https://example.com/callback" };
      const record = await ctx.fresh.oauthClient(sent);
      return { path: { clientId: record.id }, parentPath: {}, sent, record, matches: byId(record) };
    },
  },
  key: {
    kind: "key",
    effect: "creates",
    async make(ctx) {
      const sent = { label: ctx.label("key", 50) };
      const record = await ctx.fresh.key(sent);
      return { path: { keyId: record.id }, parentPath: {}, sent, record, matches: byId(record) };
    },
  },
  bucket: {
    kind: "bucket",
    effect: "creates",
    async make(ctx) {
      const { bucket, path } = await freshBucket(ctx);
      return {
        path: { ...path },
        parentPath: {},
        sent: { label: bucket.label, cluster: bucket.cluster },
        record: bucket,
        matches: (e) => e?.label === bucket.label && e?.cluster === bucket.cluster,
      };
    },
  },
  instance: {
    kind: "instance",
    effect: "billable",
    volatile: ["status"],
    async make(ctx) {
      const record = await instance(ctx);
      const { region, type } = ctx.config.fixtures;
      return {
        path: { vmId: record.id },
        parentPath: {},
        sent: { label: record.label, booted: false, region, type },
        record,
        matches: byId(record),
      };
    },
  },
  config: {
    kind: "config",
    effect: "billable",
    async make(ctx) {
      return this.under!(ctx, { vmId: (await instance(ctx)).id });
    },
    async under(ctx, parentPath) {
      const vmId = Number(parentPath.vmId);
      const sent = { label: ctx.label("cfg", 48), devices: {} };
      const record = await ctx.fresh.config(vmId, sent);
      return {
        path: { vmId, configId: record.id },
        parentPath: { vmId },
        sent,
        record,
        matches: byId(record),
      };
    },
  },
  disk: {
    kind: "disk",
    effect: "billable",
    volatile: ["status"],
    async make(ctx) {
      return this.under!(ctx, { vmId: (await instance(ctx)).id });
    },
    async under(ctx, parentPath) {
      const vmId = Number(parentPath.vmId);
      const sent = { label: ctx.label("disk", 48), size: 1024 };
      const record = await ctx.fresh.disk(vmId, sent);
      return {
        path: { vmId, diskId: record.id },
        parentPath: { vmId },
        sent,
        record,
        matches: byId(record),
      };
    },
  },
  backup: {
    kind: "backup",
    effect: "billable",
    volatile: ["status", "available", "finished"],
    async make(ctx) {
      return this.under!(ctx, { vmId: (await instance(ctx)).id });
    },
    // a snapshot of an instance holding a disk (a snapshot of nothing may rightly be refused) and
    // running the backup service (a target may take snapshots only then, VM-SNAP-3); backups go
    // with their instance, so nothing is ledgered for it
    async under(ctx, parentPath) {
      const vmId = Number(parentPath.vmId);
      await ctx.fresh.disk(vmId);
      await backupsOn(ctx, vmId);
      const sent = { label: ctx.label("snap", 255) };
      const res = await ctx.ops.createSnapshot({ path: { vmId }, body: sent });
      const record = expectSuccess(res);
      // "Response bodies of all instance-related operations: not shown": without an ID the
      // snapshot cannot be addressed
      if (record?.id === undefined || record?.id === null)
        ctx.skip(
          "createSnapshot answered no backup ID (its body is not shown): nothing to address",
        );
      return {
        path: { vmId, backupId: record.id },
        parentPath: { vmId },
        sent,
        record,
        matches: byId(record),
      };
    },
  },
  entityTransfer: {
    kind: "entityTransfer",
    effect: "billable",
    async make(ctx) {
      const vm = await instance(ctx);
      const sent = { entities: { vms: [vm.id] } };
      const record = await ctx.fresh.create("entityTransfer", "createEntityTransfer", {
        body: sent,
      });
      return {
        path: { token: record.token! },
        parentPath: {},
        sent,
        record,
        matches: (e) => e?.token === record.token,
      };
    },
  },
  managedContact: {
    kind: "managedContact",
    effect: "creates",
    async make(ctx) {
      const sent = { name: ctx.label("ct", 64), email: "ops@example.com" };
      const record = await contact(ctx, sent);
      return {
        path: { contactId: record.id },
        parentPath: {},
        sent,
        record,
        matches: byId(record),
      };
    },
  },
  managedCredential: {
    kind: "managedCredential",
    effect: "creates",
    async make(ctx) {
      const sent = {
        label: ctx.label("cred", 75),
        username: "monitor",
        password: "Plumbline-s3cret!",
      };
      const record = await credential(ctx, sent);
      return {
        path: { credentialId: record.id },
        parentPath: {},
        sent,
        record,
        matches: byId(record),
      };
    },
  },
  managedService: {
    kind: "managedService",
    effect: "creates",
    async make(ctx) {
      const sent = {
        label: ctx.label("svc", 64),
        address: "https://example.com/health",
        service_type: "url",
        timeout: 30,
      };
      const record = await service(ctx, sent);
      return {
        path: { serviceId: record.id },
        parentPath: {},
        sent,
        record,
        matches: byId(record),
      };
    },
  },
  managedVmSettings: {
    kind: "managedVmSettings",
    effect: "billable",
    async make(ctx) {
      const vm = await instance(ctx);
      const res = await ctx.ops.getManagedVmSettings({ path: { vmId: vm.id } });
      return {
        path: { vmId: vm.id },
        parentPath: {},
        sent: {},
        record: res.body,
        matches: (e) => e?.id !== undefined && String(e.id) === String(vm.id),
      };
    },
  },
  ticket: {
    kind: "ticket",
    effect: "creates",
    volatile: ["status", "updated"],
    async make(ctx) {
      const sent = {
        summary: ctx.label("tkt", 64),
        description: "Opened by the plumbline conformance suite; please ignore.",
      };
      const record = await ticket(ctx, sent);
      return {
        path: { ticketId: record.id },
        parentPath: {},
        sent,
        record,
        matches: byId(record),
      };
    },
  },
  reply: {
    kind: "reply",
    effect: "creates",
    async make(ctx) {
      return this.under!(ctx, { ticketId: (await ticket(ctx)).id });
    },
    async under(ctx, parentPath) {
      const ticketId = parentPath.ticketId;
      const sent = { description: `plumbline reply ${ctx.label("rpl", 64)}` };
      const res = await ctx.ops.createTicketReply({ path: { ticketId }, body: sent });
      return {
        path: { ticketId },
        parentPath: { ticketId },
        sent,
        record: res.body,
        matches: (e) => e?.description === sent.description,
      };
    },
  },
  recipe: {
    kind: "recipe",
    effect: "creates",
    async make(ctx) {
      const image = ctx.config.fixtures.image;
      const sent = {
        label: ctx.label("rcp", 128),
        script: "#!/bin/sh\necho plumbline\n",
        is_public: false,
        ...(image ? { images: [image] } : {}),
      };
      const record = await ctx.fresh.recipe(sent);
      return {
        path: { recipeId: record.id },
        parentPath: {},
        sent,
        record,
        matches: byId(record),
      };
    },
  },
  tag: {
    kind: "tag",
    effect: "creates",
    async make(ctx) {
      const sent = { label: ctx.label("tag", 50) };
      const record = await ctx.fresh.tag(sent);
      return {
        path: { label: sent.label },
        parentPath: {},
        sent,
        record,
        matches: (e) => e?.label === sent.label,
      };
    },
  },
};
