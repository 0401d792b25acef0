// What plumbline knows about each kind of resource it creates: how to name it in the ledger, how
// to delete it, in which order, and how to find leftovers by label prefix.
import type { OperationId } from "./operation-ids.ts";

export type ResourceType =
  | "instance" | "config" | "disk" | "bucket" | "bucketSsl" | "oauthClient" | "key" | "recipe"
  | "managedContact" | "managedCredential" | "managedService" | "tag" | "entityTransfer" | "ticket";

export interface ResourceKind {
  /** the operation that removes it; none when it goes with its parent */
  delete?: OperationId;
  /** lower ranks are removed first: children before parents */
  rank: number;
  /** path parameters of the delete call, from the created body and the parent's path */
  pathOf(body: any, parent: Record<string, string | number>): Record<string, string | number>;
  /** listing used by `sweep` when no ledger survives, with the field holding the label */
  list?: { op: OperationId; labelField: string; paginated: boolean };
  /** what to say when there is no way to remove it */
  note?: string;
}

export const RESOURCES: Record<ResourceType, ResourceKind> = {
  tag: { delete: "deleteTag", rank: 0, pathOf: (b) => ({ label: b.label }) },
  entityTransfer: { delete: "cancelEntityTransfer", rank: 0, pathOf: (b) => ({ token: b.token }) },
  bucketSsl: { delete: "deleteBucketSsl", rank: 0, pathOf: (_b, p) => p },
  ticket: { delete: "closeTicket", rank: 0, pathOf: (b) => ({ ticketId: b.id }), note: "tickets cannot be deleted; closed instead" },
  config: { delete: "deleteConfig", rank: 1, pathOf: (b, p) => ({ ...p, configId: b.id }) },
  disk: { rank: 1, pathOf: (b, p) => ({ ...p, diskId: b.id }), note: "disks go with their instance" },
  key: { delete: "revokeKey", rank: 2, pathOf: (b) => ({ keyId: b.id }), list: { op: "listKeys", labelField: "label", paginated: true } },
  oauthClient: { delete: "deleteOAuthClient", rank: 2, pathOf: (b) => ({ clientId: b.id }), list: { op: "listOAuthClients", labelField: "label", paginated: true } },
  recipe: { delete: "deleteRecipe", rank: 2, pathOf: (b) => ({ recipeId: b.id }), list: { op: "listRecipes", labelField: "label", paginated: true } },
  managedContact: { delete: "deleteManagedContact", rank: 2, pathOf: (b) => ({ contactId: b.id }), list: { op: "listManagedContacts", labelField: "name", paginated: true } },
  managedCredential: { delete: "revokeManagedCredential", rank: 2, pathOf: (b) => ({ credentialId: b.id }), list: { op: "listManagedCredentials", labelField: "label", paginated: true } },
  managedService: { delete: "deleteManagedService", rank: 2, pathOf: (b) => ({ serviceId: b.id }), list: { op: "listManagedServices", labelField: "label", paginated: true } },
  // a bucket is addressed by the cluster and label plumbline chose: its parent holds the cluster
  bucket: { delete: "deleteBucket", rank: 3, pathOf: (b, p) => ({ clusterId: b.cluster ?? p.clusterId, bucket: b.label }), list: { op: "listBuckets", labelField: "label", paginated: true } },
  instance: { delete: "deleteInstance", rank: 4, pathOf: (b) => ({ vmId: b.id }), list: { op: "listInstances", labelField: "label", paginated: true } },
};

/** Path parameters of a listed resource, for deleting a leftover found by prefix. */
export function pathOfListed(type: ResourceType, item: any): Record<string, string | number> {
  return RESOURCES[type].pathOf(item, {});
}
