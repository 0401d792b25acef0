// What plumbline knows about each kind of resource it creates: how to name it in the ledger, how
// to delete it, in which order, and how to find leftovers by label prefix.
import type { OperationId } from "./operation-ids.ts";

export type ResourceType =
  | "instance"
  | "config"
  | "disk"
  | "bucket"
  | "bucketSsl"
  | "oauthClient"
  | "key"
  | "recipe"
  | "managedContact"
  | "managedCredential"
  | "managedService"
  | "tag"
  | "entityTransfer"
  | "ticket";

export interface ResourceKind {
  /** the operation that makes it; a 2xx answer to it through a check's ops is put in the ledger */
  create?: OperationId;
  /** the parent of one made by `create`, from the call's path and body */
  parentOf?(path: Record<string, string | number>, body: any): Record<string, string | number>;
  /** the operation that removes it; none when it goes with its parent */
  delete?: OperationId;
  /** lower ranks are removed first: children before parents */
  rank: number;
  /** path parameters of the delete call, from the created body and the parent's path */
  pathOf(body: any, parent: Record<string, string | number>): Record<string, string | number>;
  /** listing used by `sweep` when no ledger survives, with the field holding the label */
  list?: { op: OperationId; labelField: string; paginated: boolean };
  /** for a kind without a label: how `sweep` finds one whose create reported no ID (a run killed
   * while the create was on the wire), by what was sent, in a list */
  findBySent?: {
    op: OperationId;
    paginated: boolean;
    /** what identifies it, from the create's body */
    sent(body: any): string | undefined;
    /** the same, from a listed item; undefined for an item there is nothing to undo on */
    listed(item: any): string | undefined;
  };
  /** sent on a second try when the plain removal is refused (a bucket a stopped check left holding
   * objects: Bucket remove's option `force`, where it is sent not shown, so both places) */
  forced?: { query?: Record<string, boolean>; body?: Record<string, boolean> };
  /** what to say when there is no way to remove it */
  note?: string;
  /** when the removal is refused: a view that tells whether there is nothing left to remove (a
   * transfer cancelled or completed while the run stopped has no pending state to cancel) */
  settled?: { view: OperationId; when(record: any): boolean };
}

export const RESOURCES: Record<ResourceType, ResourceKind> = {
  tag: { create: "createTag", delete: "deleteTag", rank: 0, pathOf: (b) => ({ label: b.label }) },
  entityTransfer: {
    create: "createEntityTransfer",
    delete: "cancelEntityTransfer",
    rank: 0,
    pathOf: (b) => ({ token: b.token }),
    // a transfer has no label: the instances it offers (made by this run) identify it
    findBySent: {
      op: "listEntityTransfers",
      paginated: true,
      sent: (b) => entitiesKey(b?.entities),
      listed: (t) =>
        t?.status === "pending" && t?.is_sender !== false ? entitiesKey(t?.entities) : undefined,
    },
    // only a pending transfer can be cancelled; any other status has nothing left to undo
    settled: {
      view: "getEntityTransfer",
      when: (r) => typeof r?.status === "string" && r.status !== "pending",
    },
  },
  bucketSsl: {
    create: "uploadBucketSsl",
    parentOf: (p) => ({ clusterId: p.clusterId, bucket: p.bucket }),
    delete: "deleteBucketSsl",
    rank: 0,
    pathOf: (_b, p) => p,
  },
  ticket: {
    create: "openTicket",
    delete: "closeTicket",
    rank: 0,
    pathOf: (b) => ({ ticketId: b.id }),
    note: "tickets cannot be deleted; closed instead",
    // a ticket has no label: its summary and description, as sent, find it in the tickets list
    // (a run stopped while the open was on the wire); one already closed has nothing to undo
    findBySent: {
      op: "listTickets",
      paginated: true,
      sent: (b) => (typeof b?.summary === "string" ? ticketKey(b) : undefined),
      listed: (t) => (t?.status === "closed" ? undefined : ticketKey(t)),
    },
  },
  config: {
    create: "createConfig",
    parentOf: (p) => ({ vmId: p.vmId }),
    delete: "deleteConfig",
    rank: 1,
    pathOf: (b, p) => ({ ...p, configId: b.id }),
  },
  disk: {
    create: "createDisk",
    parentOf: (p) => ({ vmId: p.vmId }),
    rank: 1,
    pathOf: (b, p) => ({ ...p, diskId: b.id }),
    note: "disks go with their instance",
  },
  key: {
    create: "createKey",
    delete: "revokeKey",
    rank: 2,
    pathOf: (b) => ({ keyId: b.id }),
    list: { op: "listKeys", labelField: "label", paginated: true },
  },
  oauthClient: {
    create: "createOAuthClient",
    delete: "deleteOAuthClient",
    rank: 2,
    pathOf: (b) => ({ clientId: b.id }),
    list: { op: "listOAuthClients", labelField: "label", paginated: true },
  },
  recipe: {
    create: "createRecipe",
    delete: "deleteRecipe",
    rank: 2,
    pathOf: (b) => ({ recipeId: b.id }),
    list: { op: "listRecipes", labelField: "label", paginated: true },
  },
  managedContact: {
    create: "createManagedContact",
    delete: "deleteManagedContact",
    rank: 2,
    pathOf: (b) => ({ contactId: b.id }),
    list: { op: "listManagedContacts", labelField: "name", paginated: true },
  },
  managedCredential: {
    create: "createManagedCredential",
    delete: "revokeManagedCredential",
    rank: 2,
    pathOf: (b) => ({ credentialId: b.id }),
    list: { op: "listManagedCredentials", labelField: "label", paginated: true },
  },
  managedService: {
    create: "createManagedService",
    delete: "deleteManagedService",
    rank: 2,
    pathOf: (b) => ({ serviceId: b.id }),
    list: { op: "listManagedServices", labelField: "label", paginated: true },
  },
  // a bucket is addressed by the cluster and label plumbline chose: its parent holds the cluster
  bucket: {
    create: "createBucket",
    parentOf: (_p, b): Record<string, string | number> =>
      typeof b?.cluster === "string" ? { clusterId: b.cluster } : {},
    delete: "deleteBucket",
    forced: { query: { force: true }, body: { force: true } },
    rank: 3,
    pathOf: (b, p) => ({ clusterId: b.cluster ?? p.clusterId, bucket: b.label }),
    list: { op: "listBuckets", labelField: "label", paginated: true },
  },
  instance: {
    create: "createInstance",
    delete: "deleteInstance",
    rank: 4,
    pathOf: (b) => ({ vmId: b.id }),
    list: { op: "listInstances", labelField: "label", paginated: true },
  },
};

/** A transfer's entities in one order (keys and IDs sorted), to compare a sent one with a listed one. */
function entitiesKey(entities: unknown): string | undefined {
  if (typeof entities !== "object" || entities === null || Array.isArray(entities)) return;
  const sorted = Object.entries(entities as Record<string, unknown>)
    .filter(([, ids]) => Array.isArray(ids) && ids.length > 0)
    .map(([k, ids]) => [k, [...(ids as unknown[])].map(String).sort()] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return sorted.length > 0 ? JSON.stringify(sorted) : undefined;
}

/** Path parameters of a listed resource, for deleting a leftover found by prefix. */
export function pathOfListed(type: ResourceType, item: any): Record<string, string | number> {
  return RESOURCES[type].pathOf(item, {});
}

/** The kind a create operation makes, if it is one plumbline tracks. */
export function kindCreatedBy(op: string): ResourceType | undefined {
  return (Object.keys(RESOURCES) as ResourceType[]).find((t) => RESOURCES[t].create === op);
}

/** A ticket as its open sent it: its summary and description (what the list shows of it too). */
function ticketKey(t: any): string | undefined {
  return typeof t?.summary === "string"
    ? JSON.stringify([t.summary, typeof t.description === "string" ? t.description : null])
    : undefined;
}
