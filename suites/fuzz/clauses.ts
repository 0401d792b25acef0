// The material's words that decide each stateless fuzz property of an operation (check()'s
// `clause`, verbatim; tests/clauses.test.ts finds every fragment in the material): the operation's
// row of its Endpoints table, the field words of its request, the words typing its path parameters,
// and, for the members with a meaning, their rows (generators/meanings.ts). Where the material does
// not decide a property's outcome the property is INFO and its clause is the words that leave it
// open (OPEN).
import type { OperationId } from "../../harness/operation-ids.ts";
import { meaningsOf } from "../../generators/index.ts";
import { operationInfo } from "../../harness/ops.ts";

/** Errors 2: what a request breaking one stated constraint of a member gets. */
export const ERRORS_2 =
  "A field-level validation failure names the field, with a reason of the form that the field must be a valid value.";
/** What the service is: the SHOULD of any Unicode text rests on it (the field tables give no alphabet). */
export const JSON_BODIES = "The service is an HTTP API with JSON bodies.";
const PAGING =
  "List endpoints that take pagination accept the query parameters `page` (integer >= 1, default 1) and `page_size` (integer 25..100, default 100).";
const VM_PATHS =
  "All paths use `{vmId}`, `{backupId}`, `{configId}`, `{diskId}` as integer path parameters.";

/** Each operation's row of the material's Endpoints tables, verbatim (cells joined by " | "). */
export const ROWS: Partial<Record<OperationId, string>> = {
  updateAccount:
    "Account update | PUT /v4/account | account:read_write | Account writable fields | Account",
  cancelAccount:
    "Account cancel | POST /v4/account/cancel | account:read_write | comments (string, optional) | survey_link (string)",
  addCreditCard:
    "Credit card add/edit (deprecated; use POST /v4/account/payment-methods) | POST /v4/account/credit-card | account:read_write | card_number (string digits 14..24, required, no spaces or dashes), cvv (string digits 3..4, required), expiry_month (integer 1..12, required), expiry_year (integer of four digits, required) | {}",
  listEntityTransfers:
    "Entity transfers list (deprecated) | GET /v4/account/entity-transfers | account:read_only | page, page_size | collection of Entity transfer",
  createEntityTransfer:
    "Entity transfer create (deprecated) | POST /v4/account/entity-transfers | account:read_write | entities (object keyed by entity type of integer arrays, required) | Entity transfer",
  getEntityTransfer:
    "Entity transfer view (deprecated) | GET /v4/account/entity-transfers/{token} | account:read_only | token uuid in path | Entity transfer",
  cancelEntityTransfer:
    "Entity transfer cancel (deprecated) | DELETE /v4/account/entity-transfers/{token} | account:read_write | | {}",
  acceptEntityTransfer:
    "Entity transfer accept (deprecated) | POST /v4/account/entity-transfers/{token}/accept | account:read_write | | {}",
  listEvents:
    "Events list | GET /v4/account/events | events:read_only | page, page_size | collection of Event",
  getEvent:
    "Event view | GET /v4/account/events/{eventId} | events:read_only | eventId integer | Event",
  markEventRead:
    "Event mark read | POST /v4/account/events/{eventId}/read | events:read_only | | {}",
  markEventSeen:
    "Event mark seen | POST /v4/account/events/{eventId}/seen | events:read_only | | {} (marks every event up to and including this ID as seen)",
  listInvoices:
    "Invoices list | GET /v4/account/invoices | account:read_only | page, page_size | collection of Invoice",
  getInvoice: "Invoice view | GET /v4/account/invoices/{invoiceId} | account:read_only | | Invoice",
  listInvoiceItems:
    "Invoice items list | GET /v4/account/invoices/{invoiceId}/items | account:read_only | page, page_size | collection of Invoice item",
  getLogin:
    "Login view | GET /v4/account/logins/{loginId} | account:read_only | loginId integer | Login (any user of the account; unrestricted users only)",
  listPaymentMethods:
    "Payment methods list | GET /v4/account/payment-methods | account:read_only | page, page_size | collection of Payment method",
  listOAuthClients:
    "List | GET /v4/account/oauth-clients | account:read_only | page, page_size | collection of OAuth client",
  createOAuthClient:
    "Create | POST /v4/account/oauth-clients | account:read_write | label (required), public (boolean), redirect_uri (required) | OAuth client",
  getOAuthClient:
    "View | GET /v4/account/oauth-clients/{clientId} | account:read_only | clientId string | OAuth client",
  updateOAuthClient:
    "Update | PUT /v4/account/oauth-clients/{clientId} | account:read_write | label, public, redirect_uri | OAuth client",
  deleteOAuthClient:
    "Delete | DELETE /v4/account/oauth-clients/{clientId} | account:read_write | | {}",
  resetOAuthClientSecret:
    "Secret reset | POST /v4/account/oauth-clients/{clientId}/reset-secret | account:read_write | | OAuth client with plaintext secret",
  getOAuthClientThumbnail:
    "Thumbnail view | GET /v4/account/oauth-clients/{clientId}/thumbnail | none (publicly viewable) | | the image; its content type: not shown",
  updateOAuthClientThumbnail:
    "Thumbnail update | PUT /v4/account/oauth-clients/{clientId}/thumbnail | account:read_write | raw image file as body with an image content type; becomes publicly viewable | {}",
  createBucket:
    "Bucket create | POST /v4/object-storage/buckets/ | object_storage:read_write | acl (private, public-read, authenticated-read, public-read-write; default private), cluster (string, required), cors_enabled (boolean; true enables CORS for all origins), label (string, required, unique within the cluster) | Bucket; when the bucket already exists and is owned by the caller, status 200 with that bucket",
  listClusterBuckets:
    "Buckets in cluster list | GET /v4/object-storage/buckets/{clusterId} | object_storage:read_only | | collection of Bucket",
  getBucket:
    "Bucket view | GET /v4/object-storage/buckets/{clusterId}/{bucket} | object_storage:read_only | | Bucket",
  deleteBucket:
    "Bucket remove | DELETE /v4/object-storage/buckets/{clusterId}/{bucket} | object_storage:read_write | option `force` removes a non-empty bucket; where the option is sent: not shown | {}",
  updateBucketAccess:
    "Bucket access update | PUT /v4/object-storage/buckets/{clusterId}/{bucket}/access | object_storage:read_write | same as modify | {}",
  modifyBucketAccess:
    "Bucket access modify | POST /v4/object-storage/buckets/{clusterId}/{bucket}/access | object_storage:read_write | acl (private, public-read, authenticated-read, public-read-write, custom), cors_enabled (boolean) | {}",
  getObjectAcl:
    "Object ACL view | GET /v4/object-storage/buckets/{clusterId}/{bucket}/object-acl | object_storage:read_only | query `name` (object name) | Object ACL",
  updateObjectAcl:
    "Object ACL update | PUT /v4/object-storage/buckets/{clusterId}/{bucket}/object-acl | object_storage:read_write | acl (required, five values above), name (required) | Object ACL",
  listBucketObjects:
    "Bucket contents list | GET /v4/object-storage/buckets/{clusterId}/{bucket}/object-list | object_storage:read_only | query marker (name of the last object of the previous page), delimiter (names returned up to its first occurrence), prefix (only names starting with it), page_size | `data`: array of Object",
  createObjectUrl:
    "Object URL create | POST /v4/object-storage/buckets/{clusterId}/{bucket}/object-url | object_storage:read_write | name (required; object need not exist), method (required, default GET; HTTP method the URL permits), expires_in (integer 360..68400 seconds, default 3600), content_type (string) | url",
  getBucketSsl:
    "TLS cert view | GET /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_only | | ssl",
  uploadBucketSsl:
    "TLS cert upload | POST /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_write | certificate (string, Base64 PEM, required), private_key (string, required) | ssl",
  deleteBucketSsl:
    "TLS cert delete | DELETE /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_write | | {}",
  getCluster: "Cluster view | GET /v4/object-storage/clusters/{clusterId} | none | | Cluster",
  createKey:
    "Key create | POST /v4/object-storage/keys | object_storage:read_write | label (string), bucket_access (array of {cluster, bucket_name, permissions}) | Access key",
  getKey:
    "Key view | GET /v4/object-storage/keys/{keyId} | object_storage:read_only | keyId integer | Access key",
  updateKey:
    "Key update | PUT /v4/object-storage/keys/{keyId} | object_storage:read_write | label (string) | Access key",
  revokeKey:
    "Key revoke | DELETE /v4/object-storage/keys/{keyId} | object_storage:read_write | | {}",
  listInstances: "List | GET /v4/vm/instances | page, page_size",
  createInstance: "Create | POST /v4/vm/instances | fields below",
  getInstance: "View | GET /v4/vm/instances/{vmId}",
  updateInstance:
    "Update | PUT /v4/vm/instances/{vmId} | alerts, backups.schedule, group, label, tags, watchdog_enabled",
  deleteInstance: "Delete | DELETE /v4/vm/instances/{vmId}",
  listBackups: "Backups list | GET /v4/vm/instances/{vmId}/backups",
  createSnapshot:
    "Snapshot create | POST /v4/vm/instances/{vmId}/backups | label (string 1..255, required)",
  cancelBackups: "Backups cancel | POST /v4/vm/instances/{vmId}/backups/cancel",
  enableBackups: "Backups enable | POST /v4/vm/instances/{vmId}/backups/enable",
  getBackup: "Backup view | GET /v4/vm/instances/{vmId}/backups/{backupId}",
  restoreBackup:
    "Backup restore | POST /v4/vm/instances/{vmId}/backups/{backupId}/restore | vm_id (integer, required, target instance), overwrite (boolean)",
  bootInstance: "Boot | POST /v4/vm/instances/{vmId}/boot | config_id (integer, optional)",
  cloneInstance:
    "Clone | POST /v4/vm/instances/{vmId}/clone | backups_enabled, configs (array of integers), disks (array of integers), group, label, vm_id, region, type",
  listConfigs: "Configs list | GET /v4/vm/instances/{vmId}/configs | page, page_size",
  createConfig:
    "Config create | POST /v4/vm/instances/{vmId}/configs | Configuration profile fields; label and devices required",
  getConfig: "Config view | GET /v4/vm/instances/{vmId}/configs/{configId}",
  updateConfig:
    "Config update | PUT /v4/vm/instances/{vmId}/configs/{configId} | Configuration profile fields, all optional",
  deleteConfig: "Config delete | DELETE /v4/vm/instances/{vmId}/configs/{configId}",
  listDisks: "Disks list | GET /v4/vm/instances/{vmId}/disks | page, page_size",
  createDisk: "Disk create | POST /v4/vm/instances/{vmId}/disks | Disk fields; size required",
  getDisk: "Disk view | GET /v4/vm/instances/{vmId}/disks/{diskId}",
  updateDisk: "Disk update | PUT /v4/vm/instances/{vmId}/disks/{diskId} | body: not shown",
  rescueInstance:
    "Rescue boot | POST /v4/vm/instances/{vmId}/rescue | devices (object with slots sda..sdg; sdh is reserved)",
  resizeInstance:
    "Resize | POST /v4/vm/instances/{vmId}/resize | type (string, required), allow_auto_disk_resize (boolean, default true)",
  shutdownInstance: "Shutdown | POST /v4/vm/instances/{vmId}/shutdown",
  getInstanceStats:
    "Statistics (24 hours) | GET /v4/vm/instances/{vmId}/stats | CPU, IO, IPv4 and IPv6 statistics for the past 24 hours",
  getInstanceStatsByMonth:
    "Statistics by month | GET /v4/vm/instances/{vmId}/stats/{year}/{month} | year integer, month integer 1..12; past or current month; current month covers the past 30 days",
  getInstanceTransfer:
    "Network transfer | GET /v4/vm/instances/{vmId}/transfer | current month pool statistics",
  getInstanceTransferByMonth:
    "Network transfer by month | GET /v4/vm/instances/{vmId}/transfer/{year}/{month} | year integer 2000..2037, month integer 1..12; past or current month",
  listInstanceVolumes:
    "Attached volumes list | GET /v4/vm/instances/{vmId}/volumes | page, page_size",
  listKernels: "Kernels list | GET /v4/vm/kernels | page, page_size",
  getKernel: "Kernel view | GET /v4/vm/kernels/{kernelId} | kernelId string",
  listManagedContacts: "Contacts list | GET /v4/managed/contacts | page, page_size",
  createManagedContact: "Contact create | POST /v4/managed/contacts | Contact fields",
  getManagedContact: "Contact view | GET /v4/managed/contacts/{contactId}",
  updateManagedContact: "Contact update | PUT /v4/managed/contacts/{contactId} | Contact fields",
  deleteManagedContact: "Contact delete | DELETE /v4/managed/contacts/{contactId}",
  listManagedCredentials: "Credentials list | GET /v4/managed/credentials | page, page_size",
  createManagedCredential:
    "Credential create | POST /v4/managed/credentials | label, password, username",
  getManagedCredential: "Credential view | GET /v4/managed/credentials/{credentialId}",
  updateManagedCredential:
    "Credential update | PUT /v4/managed/credentials/{credentialId} | label only",
  revokeManagedCredential: "Credential delete | POST /v4/managed/credentials/{credentialId}/revoke",
  updateManagedCredentialUsernamePassword:
    "Credential username and password update | POST /v4/managed/credentials/{credentialId}/update | password (required), username",
  listManagedIssues: "Issues list | GET /v4/managed/issues | page, page_size",
  getManagedIssue: "Issue view | GET /v4/managed/issues/{issueId}",
  listManagedVmSettings:
    "Instance settings list | GET /v4/managed/vm-settings | page, page_size; one entry per instance",
  getManagedVmSettings: "Instance settings view | GET /v4/managed/vm-settings/{vmId}",
  updateManagedVmSettings:
    "Instance settings update | PUT /v4/managed/vm-settings/{vmId} | ssh object",
  createManagedService: "Service create | POST /v4/managed/services | Service fields",
  getManagedService: "Service view | GET /v4/managed/services/{serviceId}",
  updateManagedService:
    "Service update | PUT /v4/managed/services/{serviceId} | Service fields, all optional",
  deleteManagedService: "Service delete | DELETE /v4/managed/services/{serviceId}",
  disableManagedService: "Service disable | POST /v4/managed/services/{serviceId}/disable",
  enableManagedService: "Service enable | POST /v4/managed/services/{serviceId}/enable",
  listTickets:
    "Tickets list | GET /v4/support/tickets | page, page_size; open tickets first; includes tickets generated by the provider",
  openTicket: "Ticket open | POST /v4/support/tickets | Ticket fields",
  getTicket: "Ticket view | GET /v4/support/tickets/{ticketId}",
  createTicketAttachment:
    "Attachment create | POST /v4/support/tickets/{ticketId}/attachments | file; allowed extensions .gif .jpg .jpeg .pjpg .pjpeg .tif .tiff .png .pdf .txt; body shape: not shown",
  closeTicket: "Ticket close | POST /v4/support/tickets/{ticketId}/close",
  listTicketReplies: "Replies list | GET /v4/support/tickets/{ticketId}/replies | page, page_size",
  createTicketReply:
    "Reply create | POST /v4/support/tickets/{ticketId}/replies | description (required)",
  listRecipes:
    "List | GET /v4/vm/recipes | page, page_size; unauthenticated requests return only public recipes",
  createRecipe:
    "Create | POST /v4/vm/recipes | description, images, is_public, label, rev_note, script",
  getRecipe: "View | GET /v4/vm/recipes/{recipeId} | returns the full record including the script",
  updateRecipe: "Update | PUT /v4/vm/recipes/{recipeId} | same fields, all optional",
  deleteRecipe: "Delete | DELETE /v4/vm/recipes/{recipeId} | private recipes only",
  createTag:
    "Tag create | POST /v4/tags | label (string 3..50, required), domains, vms, nodebalancers, volumes (arrays of integer IDs to tag immediately; the caller needs read_write on every one or the tag is not created and an error is returned) | the new tag (label)",
  listTaggedObjects:
    "Tagged objects list | GET /v4/tags/{label} | | paginated mixed list of objects carrying the tag",
  deleteTag:
    "Tag delete | DELETE /v4/tags/{label} | | {} ; removes the tag from all objects and deletes it",
};

const LABEL_RULES =
  "Instance label rules: 3..32 chars; begins and ends with an alphanumeric; only alphanumerics, dashes, underscores and periods; no two dashes, underscores or periods in a row; a default is assigned when none is given.";
const OAUTH_CLIENT = [
  "label | string 1..512 chars, Filterable | application name shown to users",
  "redirect_uri | string url | where a successful login is redirected; receiver must accept an exchange code",
];
const CONFIG = [
  "label | string 1..48 chars, Filterable | required on create",
  "devices | object | slots sda, sdb, sdc, sdd, sde, sdf, sdg, sdh; each slot is an object with disk_id (integer or null) or volume_id (integer or null), one kind per slot, slot may be null; sde..sdh unavailable in fullvirt mode; empty dictionary allowed",
  "interfaces | array of objects | at most 3; index 0 is eth0, 1 is eth1, 2 is eth2",
  "kernel | string | default `vm/latest-64bit`",
  "root_device | string | default `/dev/sda` when absent or invalid",
];
const CONTACT =
  "Contact | email (string email), group (string 2..50, nullable), name (string 2..64), phone (object: primary string phone nullable, secondary string phone nullable)";
const CREDENTIAL =
  "Credential | label (string 2..75, required on create, unique), password (string, required on create), username (string <= 5000)";
const SERVICE = [
  "Service | address (string url, >= 3 chars, required on create), body (string <= 100, nullable), consultation_group (string <= 50), credentials (array of integer credential IDs), label (string 3..64, required on create), notes (string, nullable), region (string), service_type (url or tcp, required on create), timeout (integer 1..255 seconds, required on create)",
  "Service rules: region is required when address is a private IP and may not be set otherwise",
];
const RECIPE =
  "description (string, Filterable), images (array of image ID strings, required on create), is_public (boolean, Filterable), label (string 3..128, Filterable, required on create), rev_note (string, Filterable), script (string, required on create)";

/** The words of an operation's request beyond its row: the field tables and rules its row points to. */
const FIELDS: Partial<Record<OperationId, string[]>> = {
  updateAccount: [
    "Writable on update: active_promotions, address_1, address_2, city, company, country, email, first_name, last_name, phone, state, tax_id, zip.",
    "each: credit_monthly_cap (string), credit_remaining (string), description (string), expire_dt (date-time), image_url (string), service_type (string), summary (string), this_month_credit_remaining (string)",
  ],
  createOAuthClient: OAUTH_CLIENT,
  updateOAuthClient: OAUTH_CLIENT,
  updateBucketAccess: [
    "acl (private, public-read, authenticated-read, public-read-write, custom), cors_enabled (boolean)",
  ],
  updateObjectAcl: ["acl (private, public-read, authenticated-read, public-read-write, custom)"],
  createKey: [
    "Key create rules: sending a non-empty bucket_access array makes a limited key restricted to those buckets with the given permissions; sending an empty array makes a limited key with access to no bucket; omitting bucket_access makes an unlimited key with access to all clusters and buckets (limited is then false).",
  ],
  uploadBucketSsl: ["Bucket TLS state | certificate upload | | ssl true"],
  deleteBucketSsl: ["Bucket TLS state | certificate delete | | ssl false"],
  createInstance: [
    "Create body fields: authorized_keys (array of strings, public SSH keys added to the root user), authorized_users (array of usernames whose stored SSH keys are added), backup_id (integer; mutually exclusive with image), backups_enabled (boolean; always treated as true when the account-wide backups setting is true; adds a charge), booted (boolean, default true when created from an image or backup), group (string, deprecated), image (string), interfaces (array of interface objects), label (string 3..32), private_ip (boolean), region (string, required), root_pass (string password 7..128), recipe_data (object, valid JSON, needed only if the recipe requires input), recipe_id (integer), swap_size (integer MB, default 512, only used when deploying from an image), tags (array of strings), type (string, required).",
    LABEL_RULES,
    "From an image: root_pass is required; the instance runs after provisioning",
  ],
  updateInstance: [LABEL_RULES, "tags | array of strings, Filterable"],
  cloneInstance: [
    LABEL_RULES,
    "`backups_enabled`, `label` (default `vm`), `region` and `type` apply only to a new target and region and type are required then",
    "at most 5 concurrent clones per source instance, more gives HTTP 400",
  ],
  cancelBackups: [
    "Instance backups | backups cancel | backup service active | backup service cancelled",
  ],
  restoreBackup: ["Restore: overwrite true deletes all disks and configs on the target first"],
  bootInstance: ["Boot rules when config_id is absent: a single config is used"],
  createConfig: CONFIG,
  updateConfig: CONFIG,
  createDisk: [
    "filesystem (raw, swap, ext3, ext4, initrd), image (string), label (string 1..48 chars, Filterable), root_pass (string password 7..128 chars), size (integer MB, Filterable)",
    "an empty disk (no image) requires label",
  ],
  resizeInstance: [
    "Resize preconditions: no running or queued actions; no pending migration; no outstanding account balance; disk allocation must not exceed what the new type allows.",
  ],
  shutdownInstance: ["Shutdown precondition: no running or queued actions."],
  createManagedContact: [CONTACT],
  updateManagedContact: [CONTACT],
  createManagedCredential: [CREDENTIAL],
  updateManagedCredential: [CREDENTIAL, "The credential update operation changes the label only"],
  updateManagedCredentialUsernamePassword: [CREDENTIAL],
  updateManagedVmSettings: [
    "Instance settings | ssh (object: access boolean, ip string ip, port integer 1..65535, user string <= 32)",
  ],
  createManagedService: SERVICE,
  updateManagedService: SERVICE,
  disableManagedService: [
    "Managed service | disable operation | service monitored | monitoring temporarily disabled",
  ],
  enableManagedService: [
    "Managed service | enable operation | service not monitored | monitoring enabled",
  ],
  openTicket: [
    "Ticket | description (string 1..65000, required), summary (string 1..64, required), domain_id, vm_id, metricsclient_id, nodebalancer_id, volume_id (integers), managed_issue (boolean), region (string), vlan (string label)",
  ],
  createTicketReply: ["Reply | description (string 1..65535, required)"],
  createRecipe: [RECIPE],
  updateRecipe: [RECIPE],
  deleteRecipe: ["Recipe deletion | delete | recipe is private | removed"],
};

/** The words typing an integer path parameter (its text breaks the type). */
const PATH_TYPES: Record<string, (path: string) => string | undefined> = {
  eventId: () => "eventId integer",
  invoiceId: () => "Invoice | date (date-time), id (integer)",
  loginId: () => "loginId integer",
  keyId: () => "keyId integer",
  credentialId: () => "credentials (array of integer credential IDs)",
  vmId: (p) => (p.startsWith("/v4/vm/") ? VM_PATHS : "id | integer, Filterable"),
  backupId: () => VM_PATHS,
  configId: () => VM_PATHS,
  diskId: () => VM_PATHS,
};

/**
 * Where the material does not decide that a valid request of the operation is accepted: the words
 * that leave it open (the valid-request property is INFO there).
 */
export const OPEN: Partial<Record<OperationId, string[]>> = {
  // "Disk update | PUT ... | body: not shown": which body, if any, an update takes is not shown
  updateDisk: ["Disk update | PUT /v4/vm/instances/{vmId}/disks/{diskId} | body: not shown"],
  // the attachment's carrier is the suite's judgment (multipart), not the material's
  createTicketAttachment: [
    "Attachment create | POST /v4/support/tickets/{ticketId}/attachments | file; allowed extensions .gif .jpg .jpeg .pjpg .pjpeg .tif .tiff .png .pdf .txt; body shape: not shown",
  ],
};

const unique = (xs: string[]) => [...new Set(xs)];

/** The words of an operation's request: its row, its fields, its path types, its paging. */
export function requestWords(op: OperationId): string[] {
  const row = ROWS[op];
  const info = operationInfo(op);
  const params = [...info.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return unique([
    ...(row ? [row] : []),
    ...(FIELDS[op] ?? []),
    ...params.map((p) => PATH_TYPES[p]?.(info.path)).filter((w): w is string => !!w),
    ...(row && /page_size/.test(row) ? [PAGING] : []),
  ]);
}

/** The valid-request property: the request's words and its members' meanings (MUST), or why it is open (INFO). */
export function validClause(op: OperationId): { level?: "INFO"; clause: string[] } {
  const open = OPEN[op];
  if (open) return { level: "INFO", clause: open };
  return {
    clause: unique([...requestWords(op), ...meaningsOf(op).flatMap((m) => m.words)]),
  };
}

/** The any-Unicode property (SHOULD): the fields give lengths and no alphabet; the service takes JSON. */
export function unicodeClause(op: OperationId): string[] {
  return unique([JSON_BODIES, ...requestWords(op)]);
}

/** The schema-only property (SHOULD): the members' rows give a type and a length, no format. */
export function schemaOnlyClause(op: OperationId): string[] {
  return unique([
    ...meaningsOf(op)
      .filter((m) => m.schemaOnly)
      .flatMap((m) => m.words),
    ...requestWords(op),
  ]);
}

/** The single-violation property: Errors 2 and the words stating the constraints broken. */
export function violationClause(op: OperationId): string[] {
  return unique([ERRORS_2, ...requestWords(op), ...meaningsOf(op).flatMap((m) => m.words)]);
}
