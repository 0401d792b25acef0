// Fault switches of the object-storage area: each breaks exactly one MUST requirement.
import type { FaultSpec } from "../../faults.ts";

export const OS_FAULTS: FaultSpec[] = [
  {
    name: "authz-foreign-key-readable",
    requirement: "AUTHZ-FOREIGN-1",
    description: "another account's access key can be viewed by ID",
  },
  {
    name: "os-bucket-acl-default-public",
    requirement: "OS-BUCKET-2",
    description: "a bucket created without acl gets public-read instead of private",
  },
  {
    name: "os-bucket-label-taken-accepted",
    requirement: "OS-BUCKET-3",
    description:
      "bucket create with a label another owner holds in the cluster creates a second bucket",
  },
  {
    name: "os-bucket-owned-create-error",
    requirement: "OS-BUCKET-4",
    description:
      "bucket create with the label of the caller's own bucket answers 400 instead of 200 with it",
  },
  {
    name: "os-bucket-label-global",
    requirement: "OS-BUCKET-5",
    description: "a label used in one cluster is refused in every other cluster too",
  },
  {
    name: "os-force-ignored",
    requirement: "OS-REMOVE-2",
    description: "bucket remove refuses a non-empty bucket even with force",
  },
  {
    name: "os-force-limit-removes-anyway",
    requirement: "OS-REMOVE-4",
    description:
      "a forced removal over the 1000-object limit answers its error but removes the bucket anyway",
  },
  {
    name: "os-object-acl-not-saved",
    requirement: "OS-ACL-2",
    description: "object ACL update answers the new acl but does not store it",
  },
  {
    name: "os-objlist-prefix-ignored",
    requirement: "OS-OBJLIST-2",
    description: "the contents list ignores prefix",
  },
  {
    name: "os-objlist-delimiter-ignored",
    requirement: "OS-OBJLIST-3",
    description: "the contents list ignores delimiter (full names, no roll-up)",
  },
  {
    name: "os-objlist-marker-inclusive",
    requirement: "OS-OBJLIST-4",
    description: "the page after a marker starts with the marker object again",
  },
  {
    name: "os-url-expires-unbounded",
    requirement: "FIELD.createObjectUrl.expires_in",
    description: "object URL create accepts expires_in outside 360..68400",
  },
  {
    name: "os-url-expiry-ignored",
    requirement: "OS-URL-3",
    description: "a pre-signed URL keeps working after it expired",
  },
  {
    name: "os-url-method-ignored",
    requirement: "OS-URL-2",
    description: "a pre-signed URL works with any HTTP method, not only the signed one",
  },
  {
    name: "os-ssl-stays-after-delete",
    requirement: "OS-SSL-3",
    description: "TLS cert delete answers {} but the bucket keeps ssl true",
  },
  {
    name: "os-cancel-nonempty",
    requirement: "OS-CANCEL-2",
    description: "object storage cancel succeeds while a bucket holds objects",
  },
  {
    name: "os-clusters-need-auth",
    requirement: "OS-CLUSTER-1",
    description: "clusters list demands a token (401 without one)",
  },
  {
    name: "os-cluster-region-null",
    requirement: "CONV-NULL-2",
    description:
      "clusters list and view answer region null (a member the Cluster row types a string, not nullable)",
  },
  {
    name: "os-key-secret-in-view",
    requirement: "OS-KEY-2",
    description: "key view returns the secret_key",
  },
  {
    name: "os-key-empty-access-unlimited",
    requirement: "OS-KEY-4",
    description: "key create with an empty bucket_access array makes an unlimited key",
  },
  {
    name: "os-key-limited-when-omitted",
    requirement: "OS-KEY-5",
    description: "key create without bucket_access makes a limited key",
  },
  {
    name: "os-bucket-cors-truthy",
    requirement: "FIELD.createBucket.cors_enabled",
    description: 'bucket create takes any cors_enabled value as a boolean (`"yes"` is true)',
  },
  {
    name: "os-key-revoked-listed",
    requirement: "CONV-DELETE-1",
    description: "a revoked key is gone from its view but still in the keys list",
  },
  {
    name: "os-url-expires-day-accepted",
    requirement: "FIELD.createObjectUrl.expires_in",
    description:
      "object URL create accepts expires_in up to 86400 (a day) instead of 68400 (also warned by the SHOULD OS-URL-5)",
  },
  {
    name: "os-key-update-drops-bucket-access",
    requirement: "CONV-SCOPE-1",
    description: "a key's label update empties its `bucket_access` (the key stays limited)",
  },
  {
    name: "os-key-list-stale-after-update",
    requirement: "CONV-AGREE-1",
    description: "the keys list shows a key as it was before its last update (the view is right)",
  },
  {
    name: "os-key-partial-entry-unlimited",
    requirement: "OS-KEY-11",
    description:
      "a bucket_access entry missing cluster, bucket_name or permissions is taken and the key made unlimited (limited false)",
  },
];
