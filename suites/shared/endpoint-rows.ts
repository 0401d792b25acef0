// Generated once from the material (the Endpoints tables): each operation's row, verbatim, to the
// Scope column where its table has one, and the sentence that gives its scope where the table has
// none; and the whole row (`full`: its request and response columns). tests/clauses.test.ts finds
// every string here in the material.
export const ENDPOINT_ROWS: Record<string, { row: string; full: string; scope?: string }> = {
  acceptEntityTransfer: {
    row: "| Entity transfer accept (deprecated) | POST /v4/account/entity-transfers/{token}/accept | account:read_write |",
    full: "| Entity transfer accept (deprecated) | POST /v4/account/entity-transfers/{token}/accept | account:read_write | | {} |",
  },
  addCreditCard: {
    row: "| Credit card add/edit (deprecated; use POST /v4/account/payment-methods) | POST /v4/account/credit-card | account:read_write |",
    full: "| Credit card add/edit (deprecated; use POST /v4/account/payment-methods) | POST /v4/account/credit-card | account:read_write | card_number (string digits 14..24, required, no spaces or dashes), cvv (string digits 3..4, required), expiry_month (integer 1..12, required), expiry_year (integer of four digits, required) | {} |",
  },
  bootInstance: {
    row: "| Boot | POST /v4/vm/instances/{vmId}/boot |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Boot | POST /v4/vm/instances/{vmId}/boot | config_id (integer, optional) |",
  },
  cancelAccount: {
    row: "| Account cancel | POST /v4/account/cancel | account:read_write |",
    full: "| Account cancel | POST /v4/account/cancel | account:read_write | comments (string, optional) | survey_link (string) |",
  },
  cancelBackups: {
    row: "| Backups cancel | POST /v4/vm/instances/{vmId}/backups/cancel |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Backups cancel | POST /v4/vm/instances/{vmId}/backups/cancel | |",
  },
  cancelEntityTransfer: {
    row: "| Entity transfer cancel (deprecated) | DELETE /v4/account/entity-transfers/{token} | account:read_write |",
    full: "| Entity transfer cancel (deprecated) | DELETE /v4/account/entity-transfers/{token} | account:read_write | | {} |",
  },
  cancelObjectStorage: {
    row: "| Object storage cancel | POST /v4/object-storage/cancel | object_storage:read_write |",
    full: "| Object storage cancel | POST /v4/object-storage/cancel | object_storage:read_write | | {}; all buckets must be empty |",
  },
  cloneInstance: {
    row: "| Clone | POST /v4/vm/instances/{vmId}/clone |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Clone | POST /v4/vm/instances/{vmId}/clone | backups_enabled, configs (array of integers), disks (array of integers), group, label, vm_id, region, type |",
  },
  closeTicket: {
    row: "| Ticket close | POST /v4/support/tickets/{ticketId}/close |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
    full: "| Ticket close | POST /v4/support/tickets/{ticketId}/close | |",
  },
  createBucket: {
    row: "| Bucket create | POST /v4/object-storage/buckets/ | object_storage:read_write |",
    full: "| Bucket create | POST /v4/object-storage/buckets/ | object_storage:read_write | acl (private, public-read, authenticated-read, public-read-write; default private), cluster (string, required), cors_enabled (boolean; true enables CORS for all origins), label (string, required, unique within the cluster) | Bucket; when the bucket already exists and is owned by the caller, status 200 with that bucket |",
  },
  createConfig: {
    row: "| Config create | POST /v4/vm/instances/{vmId}/configs |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Config create | POST /v4/vm/instances/{vmId}/configs | Configuration profile fields; label and devices required |",
  },
  createDisk: {
    row: "| Disk create | POST /v4/vm/instances/{vmId}/disks |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Disk create | POST /v4/vm/instances/{vmId}/disks | Disk fields; size required |",
  },
  createEntityTransfer: {
    row: "| Entity transfer create (deprecated) | POST /v4/account/entity-transfers | account:read_write |",
    full: "| Entity transfer create (deprecated) | POST /v4/account/entity-transfers | account:read_write | entities (object keyed by entity type of integer arrays, required) | Entity transfer |",
  },
  createInstance: {
    row: "| Create | POST /v4/vm/instances |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Create | POST /v4/vm/instances | fields below |",
  },
  createKey: {
    row: "| Key create | POST /v4/object-storage/keys | object_storage:read_write |",
    full: "| Key create | POST /v4/object-storage/keys | object_storage:read_write | label (string), bucket_access (array of {cluster, bucket_name, permissions}) | Access key |",
  },
  createManagedContact: {
    row: "| Contact create | POST /v4/managed/contacts |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Contact create | POST /v4/managed/contacts | Contact fields |",
  },
  createManagedCredential: {
    row: "| Credential create | POST /v4/managed/credentials |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Credential create | POST /v4/managed/credentials | label, password, username |",
  },
  createManagedService: {
    row: "| Service create | POST /v4/managed/services |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Service create | POST /v4/managed/services | Service fields |",
  },
  createOAuthClient: {
    row: "| Create | POST /v4/account/oauth-clients | account:read_write |",
    full: "| Create | POST /v4/account/oauth-clients | account:read_write | label (required), public (boolean), redirect_uri (required) | OAuth client |",
  },
  createObjectUrl: {
    row: "| Object URL create | POST /v4/object-storage/buckets/{clusterId}/{bucket}/object-url | object_storage:read_write |",
    full: "| Object URL create | POST /v4/object-storage/buckets/{clusterId}/{bucket}/object-url | object_storage:read_write | name (required; object need not exist), method (required, default GET; HTTP method the URL permits), expires_in (integer 360..68400 seconds, default 3600), content_type (string) | url |",
  },
  createRecipe: {
    row: "| Create | POST /v4/vm/recipes |",
    scope: "Scopes: recipes:read_only and recipes:read_write.",
    full: "| Create | POST /v4/vm/recipes | description, images, is_public, label, rev_note, script |",
  },
  createSnapshot: {
    row: "| Snapshot create | POST /v4/vm/instances/{vmId}/backups |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Snapshot create | POST /v4/vm/instances/{vmId}/backups | label (string 1..255, required) |",
  },
  createTag: {
    row: "| Tag create | POST /v4/tags |",
    scope: "Scope: account:read_write.",
    full: "| Tag create | POST /v4/tags | label (string 3..50, required), domains, vms, nodebalancers, volumes (arrays of integer IDs to tag immediately; the caller needs read_write on every one or the tag is not created and an error is returned) | the new tag (label) |",
  },
  createTicketAttachment: {
    row: "| Attachment create | POST /v4/support/tickets/{ticketId}/attachments |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
    full: "| Attachment create | POST /v4/support/tickets/{ticketId}/attachments | file; allowed extensions .gif .jpg .jpeg .pjpg .pjpeg .tif .tiff .png .pdf .txt; body shape: not shown |",
  },
  createTicketReply: {
    row: "| Reply create | POST /v4/support/tickets/{ticketId}/replies |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
    full: "| Reply create | POST /v4/support/tickets/{ticketId}/replies | description (required) |",
  },
  deleteBucket: {
    row: "| Bucket remove | DELETE /v4/object-storage/buckets/{clusterId}/{bucket} | object_storage:read_write |",
    full: "| Bucket remove | DELETE /v4/object-storage/buckets/{clusterId}/{bucket} | object_storage:read_write | option `force` removes a non-empty bucket; where the option is sent: not shown | {} |",
  },
  deleteBucketSsl: {
    row: "| TLS cert delete | DELETE /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_write |",
    full: "| TLS cert delete | DELETE /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_write | | {} |",
  },
  deleteConfig: {
    row: "| Config delete | DELETE /v4/vm/instances/{vmId}/configs/{configId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Config delete | DELETE /v4/vm/instances/{vmId}/configs/{configId} | |",
  },
  deleteInstance: {
    row: "| Delete | DELETE /v4/vm/instances/{vmId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Delete | DELETE /v4/vm/instances/{vmId} | |",
  },
  deleteManagedContact: {
    row: "| Contact delete | DELETE /v4/managed/contacts/{contactId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Contact delete | DELETE /v4/managed/contacts/{contactId} | |",
  },
  deleteManagedService: {
    row: "| Service delete | DELETE /v4/managed/services/{serviceId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Service delete | DELETE /v4/managed/services/{serviceId} | |",
  },
  deleteOAuthClient: {
    row: "| Delete | DELETE /v4/account/oauth-clients/{clientId} | account:read_write |",
    full: "| Delete | DELETE /v4/account/oauth-clients/{clientId} | account:read_write | | {} |",
  },
  deleteRecipe: {
    row: "| Delete | DELETE /v4/vm/recipes/{recipeId} |",
    scope: "Scopes: recipes:read_only and recipes:read_write.",
    full: "| Delete | DELETE /v4/vm/recipes/{recipeId} | private recipes only |",
  },
  deleteTag: {
    row: "| Tag delete | DELETE /v4/tags/{label} |",
    scope: "Scope: account:read_write.",
    full: "| Tag delete | DELETE /v4/tags/{label} | | {} ; removes the tag from all objects and deletes it |",
  },
  disableManagedService: {
    row: "| Service disable | POST /v4/managed/services/{serviceId}/disable |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Service disable | POST /v4/managed/services/{serviceId}/disable | |",
  },
  enableBackups: {
    row: "| Backups enable | POST /v4/vm/instances/{vmId}/backups/enable |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Backups enable | POST /v4/vm/instances/{vmId}/backups/enable | |",
  },
  enableManagedService: {
    row: "| Service enable | POST /v4/managed/services/{serviceId}/enable |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Service enable | POST /v4/managed/services/{serviceId}/enable | |",
  },
  getAccount: {
    row: "| Account view | GET /v4/account | account:read_only |",
    full: "| Account view | GET /v4/account | account:read_only | none | Account |",
  },
  getBackup: {
    row: "| Backup view | GET /v4/vm/instances/{vmId}/backups/{backupId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Backup view | GET /v4/vm/instances/{vmId}/backups/{backupId} | |",
  },
  getBucket: {
    row: "| Bucket view | GET /v4/object-storage/buckets/{clusterId}/{bucket} | object_storage:read_only |",
    full: "| Bucket view | GET /v4/object-storage/buckets/{clusterId}/{bucket} | object_storage:read_only | | Bucket |",
  },
  getBucketSsl: {
    row: "| TLS cert view | GET /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_only |",
    full: "| TLS cert view | GET /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_only | | ssl |",
  },
  getCluster: {
    row: "| Cluster view | GET /v4/object-storage/clusters/{clusterId} | none |",
    full: "| Cluster view | GET /v4/object-storage/clusters/{clusterId} | none | | Cluster |",
  },
  getConfig: {
    row: "| Config view | GET /v4/vm/instances/{vmId}/configs/{configId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Config view | GET /v4/vm/instances/{vmId}/configs/{configId} | |",
  },
  getDisk: {
    row: "| Disk view | GET /v4/vm/instances/{vmId}/disks/{diskId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Disk view | GET /v4/vm/instances/{vmId}/disks/{diskId} | |",
  },
  getEntityTransfer: {
    row: "| Entity transfer view (deprecated) | GET /v4/account/entity-transfers/{token} | account:read_only |",
    full: "| Entity transfer view (deprecated) | GET /v4/account/entity-transfers/{token} | account:read_only | token uuid in path | Entity transfer |",
  },
  getEvent: {
    row: "| Event view | GET /v4/account/events/{eventId} | events:read_only |",
    full: "| Event view | GET /v4/account/events/{eventId} | events:read_only | eventId integer | Event |",
  },
  getInstance: {
    row: "| View | GET /v4/vm/instances/{vmId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| View | GET /v4/vm/instances/{vmId} | |",
  },
  getInstanceStats: {
    row: "| Statistics (24 hours) | GET /v4/vm/instances/{vmId}/stats |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Statistics (24 hours) | GET /v4/vm/instances/{vmId}/stats | CPU, IO, IPv4 and IPv6 statistics for the past 24 hours |",
  },
  getInstanceStatsByMonth: {
    row: "| Statistics by month | GET /v4/vm/instances/{vmId}/stats/{year}/{month} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Statistics by month | GET /v4/vm/instances/{vmId}/stats/{year}/{month} | year integer, month integer 1..12; past or current month; current month covers the past 30 days |",
  },
  getInstanceTransfer: {
    row: "| Network transfer | GET /v4/vm/instances/{vmId}/transfer |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Network transfer | GET /v4/vm/instances/{vmId}/transfer | current month pool statistics |",
  },
  getInstanceTransferByMonth: {
    row: "| Network transfer by month | GET /v4/vm/instances/{vmId}/transfer/{year}/{month} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Network transfer by month | GET /v4/vm/instances/{vmId}/transfer/{year}/{month} | year integer 2000..2037, month integer 1..12; past or current month |",
  },
  getInvoice: {
    row: "| Invoice view | GET /v4/account/invoices/{invoiceId} | account:read_only |",
    full: "| Invoice view | GET /v4/account/invoices/{invoiceId} | account:read_only | | Invoice |",
  },
  getKernel: {
    row: "| Kernel view | GET /v4/vm/kernels/{kernelId} |",
    scope: "Kernel operations need no authentication.",
    full: "| Kernel view | GET /v4/vm/kernels/{kernelId} | kernelId string |",
  },
  getKey: {
    row: "| Key view | GET /v4/object-storage/keys/{keyId} | object_storage:read_only |",
    full: "| Key view | GET /v4/object-storage/keys/{keyId} | object_storage:read_only | keyId integer | Access key |",
  },
  getLogin: {
    row: "| Login view | GET /v4/account/logins/{loginId} | account:read_only |",
    full: "| Login view | GET /v4/account/logins/{loginId} | account:read_only | loginId integer | Login (any user of the account; unrestricted users only) |",
  },
  getManagedContact: {
    row: "| Contact view | GET /v4/managed/contacts/{contactId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Contact view | GET /v4/managed/contacts/{contactId} | |",
  },
  getManagedCredential: {
    row: "| Credential view | GET /v4/managed/credentials/{credentialId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Credential view | GET /v4/managed/credentials/{credentialId} | |",
  },
  getManagedIssue: {
    row: "| Issue view | GET /v4/managed/issues/{issueId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Issue view | GET /v4/managed/issues/{issueId} | |",
  },
  getManagedService: {
    row: "| Service view | GET /v4/managed/services/{serviceId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Service view | GET /v4/managed/services/{serviceId} | |",
  },
  getManagedSshKey: {
    row: "| SSH public key view | GET /v4/managed/credentials/sshkey |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| SSH public key view | GET /v4/managed/credentials/sshkey | the account's unique public key for support staff login |",
  },
  getManagedVmSettings: {
    row: "| Instance settings view | GET /v4/managed/vm-settings/{vmId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Instance settings view | GET /v4/managed/vm-settings/{vmId} | |",
  },
  getOAuthClient: {
    row: "| View | GET /v4/account/oauth-clients/{clientId} | account:read_only |",
    full: "| View | GET /v4/account/oauth-clients/{clientId} | account:read_only | clientId string | OAuth client |",
  },
  getOAuthClientThumbnail: {
    row: "| Thumbnail view | GET /v4/account/oauth-clients/{clientId}/thumbnail | none (publicly viewable) |",
    full: "| Thumbnail view | GET /v4/account/oauth-clients/{clientId}/thumbnail | none (publicly viewable) | | the image; its content type: not shown |",
  },
  getObjectAcl: {
    row: "| Object ACL view | GET /v4/object-storage/buckets/{clusterId}/{bucket}/object-acl | object_storage:read_only |",
    full: "| Object ACL view | GET /v4/object-storage/buckets/{clusterId}/{bucket}/object-acl | object_storage:read_only | query `name` (object name) | Object ACL |",
  },
  getObjectStorageTransfer: {
    row: "| Transfer view | GET /v4/object-storage/transfer/ | object_storage:read_only |",
    full: "| Transfer view | GET /v4/object-storage/transfer/ | object_storage:read_only | | Transfer usage |",
  },
  getRecipe: {
    row: "| View | GET /v4/vm/recipes/{recipeId} |",
    scope: "Scopes: recipes:read_only and recipes:read_write.",
    full: "| View | GET /v4/vm/recipes/{recipeId} | returns the full record including the script |",
  },
  getTicket: {
    row: "| Ticket view | GET /v4/support/tickets/{ticketId} |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
    full: "| Ticket view | GET /v4/support/tickets/{ticketId} | |",
  },
  listBackups: {
    row: "| Backups list | GET /v4/vm/instances/{vmId}/backups |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Backups list | GET /v4/vm/instances/{vmId}/backups | |",
  },
  listBucketObjects: {
    row: "| Bucket contents list | GET /v4/object-storage/buckets/{clusterId}/{bucket}/object-list | object_storage:read_only |",
    full: "| Bucket contents list | GET /v4/object-storage/buckets/{clusterId}/{bucket}/object-list | object_storage:read_only | query marker (name of the last object of the previous page), delimiter (names returned up to its first occurrence), prefix (only names starting with it), page_size | `data`: array of Object |",
  },
  listBuckets: {
    row: "| Buckets list | GET /v4/object-storage/buckets/ | object_storage:read_only |",
    full: "| Buckets list | GET /v4/object-storage/buckets/ | object_storage:read_only | | collection of Bucket |",
  },
  listClusterBuckets: {
    row: "| Buckets in cluster list | GET /v4/object-storage/buckets/{clusterId} | object_storage:read_only |",
    full: "| Buckets in cluster list | GET /v4/object-storage/buckets/{clusterId} | object_storage:read_only | | collection of Bucket |",
  },
  listClusters: {
    row: "| Clusters list | GET /v4/object-storage/clusters | none |",
    full: "| Clusters list | GET /v4/object-storage/clusters | none | | collection of Cluster |",
  },
  listConfigs: {
    row: "| Configs list | GET /v4/vm/instances/{vmId}/configs |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Configs list | GET /v4/vm/instances/{vmId}/configs | page, page_size |",
  },
  listDisks: {
    row: "| Disks list | GET /v4/vm/instances/{vmId}/disks |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Disks list | GET /v4/vm/instances/{vmId}/disks | page, page_size |",
  },
  listEntityTransfers: {
    row: "| Entity transfers list (deprecated) | GET /v4/account/entity-transfers | account:read_only |",
    full: "| Entity transfers list (deprecated) | GET /v4/account/entity-transfers | account:read_only | page, page_size | collection of Entity transfer |",
  },
  listEvents: {
    row: "| Events list | GET /v4/account/events | events:read_only |",
    full: "| Events list | GET /v4/account/events | events:read_only | page, page_size | collection of Event |",
  },
  listInstanceVolumes: {
    row: "| Attached volumes list | GET /v4/vm/instances/{vmId}/volumes |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Attached volumes list | GET /v4/vm/instances/{vmId}/volumes | page, page_size |",
  },
  listInstances: {
    row: "| List | GET /v4/vm/instances |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| List | GET /v4/vm/instances | page, page_size |",
  },
  listInvoiceItems: {
    row: "| Invoice items list | GET /v4/account/invoices/{invoiceId}/items | account:read_only |",
    full: "| Invoice items list | GET /v4/account/invoices/{invoiceId}/items | account:read_only | page, page_size | collection of Invoice item |",
  },
  listInvoices: {
    row: "| Invoices list | GET /v4/account/invoices | account:read_only |",
    full: "| Invoices list | GET /v4/account/invoices | account:read_only | page, page_size | collection of Invoice |",
  },
  listKernels: {
    row: "| Kernels list | GET /v4/vm/kernels |",
    scope: "Kernel operations need no authentication.",
    full: "| Kernels list | GET /v4/vm/kernels | page, page_size |",
  },
  listKeys: {
    row: "| Keys list | GET /v4/object-storage/keys | object_storage:read_only |",
    full: "| Keys list | GET /v4/object-storage/keys | object_storage:read_only | | collection of Access key |",
  },
  listLogins: {
    row: "| Logins list | GET /v4/account/logins | account:read_only |",
    full: "| Logins list | GET /v4/account/logins | account:read_only | | collection of Login (unrestricted users only) |",
  },
  listMaintenance: {
    row: "| Maintenance list (beta) | GET /v4beta/account/maintenance | maintenance:read_only |",
    full: "| Maintenance list (beta) | GET /v4beta/account/maintenance | maintenance:read_only | | collection of Maintenance item |",
  },
  listManagedContacts: {
    row: "| Contacts list | GET /v4/managed/contacts |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Contacts list | GET /v4/managed/contacts | page, page_size |",
  },
  listManagedCredentials: {
    row: "| Credentials list | GET /v4/managed/credentials |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Credentials list | GET /v4/managed/credentials | page, page_size |",
  },
  listManagedIssues: {
    row: "| Issues list | GET /v4/managed/issues |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Issues list | GET /v4/managed/issues | page, page_size |",
  },
  listManagedServices: {
    row: "| Services list | GET /v4/managed/services |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Services list | GET /v4/managed/services | |",
  },
  listManagedStats: {
    row: "| Stats list | GET /v4/managed/stats |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Stats list | GET /v4/managed/stats | x/y data points for the past 24 hours of combined usage across managed instances: cpu, disk, swap, network in, network out |",
  },
  listManagedVmSettings: {
    row: "| Instance settings list | GET /v4/managed/vm-settings |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Instance settings list | GET /v4/managed/vm-settings | page, page_size; one entry per instance |",
  },
  listNotifications: {
    row: "| Notifications list | GET /v4/account/notifications | account:read_only |",
    full: "| Notifications list | GET /v4/account/notifications | account:read_only | | collection of Notification |",
  },
  listOAuthClients: {
    row: "| List | GET /v4/account/oauth-clients | account:read_only |",
    full: "| List | GET /v4/account/oauth-clients | account:read_only | page, page_size | collection of OAuth client |",
  },
  listPaymentMethods: {
    row: "| Payment methods list | GET /v4/account/payment-methods | account:read_only |",
    full: "| Payment methods list | GET /v4/account/payment-methods | account:read_only | page, page_size | collection of Payment method |",
  },
  listRecipes: {
    row: "| List | GET /v4/vm/recipes |",
    scope: "Scopes: recipes:read_only and recipes:read_write.",
    full: "| List | GET /v4/vm/recipes | page, page_size; unauthenticated requests return only public recipes |",
  },
  listTaggedObjects: {
    row: "| Tagged objects list | GET /v4/tags/{label} |",
    scope: "Scope: account:read_write.",
    full: "| Tagged objects list | GET /v4/tags/{label} | | paginated mixed list of objects carrying the tag |",
  },
  listTicketReplies: {
    row: "| Replies list | GET /v4/support/tickets/{ticketId}/replies |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
    full: "| Replies list | GET /v4/support/tickets/{ticketId}/replies | page, page_size |",
  },
  listTickets: {
    row: "| Tickets list | GET /v4/support/tickets |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
    full: "| Tickets list | GET /v4/support/tickets | page, page_size; open tickets first; includes tickets generated by the provider |",
  },
  markEventRead: {
    row: "| Event mark read | POST /v4/account/events/{eventId}/read | events:read_only |",
    full: "| Event mark read | POST /v4/account/events/{eventId}/read | events:read_only | | {} |",
  },
  markEventSeen: {
    row: "| Event mark seen | POST /v4/account/events/{eventId}/seen | events:read_only |",
    full: "| Event mark seen | POST /v4/account/events/{eventId}/seen | events:read_only | | {} (marks every event up to and including this ID as seen) |",
  },
  modifyBucketAccess: {
    row: "| Bucket access modify | POST /v4/object-storage/buckets/{clusterId}/{bucket}/access | object_storage:read_write |",
    full: "| Bucket access modify | POST /v4/object-storage/buckets/{clusterId}/{bucket}/access | object_storage:read_write | acl (private, public-read, authenticated-read, public-read-write, custom), cors_enabled (boolean) | {} |",
  },
  openTicket: {
    row: "| Ticket open | POST /v4/support/tickets |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
    full: "| Ticket open | POST /v4/support/tickets | Ticket fields |",
  },
  rescueInstance: {
    row: "| Rescue boot | POST /v4/vm/instances/{vmId}/rescue |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Rescue boot | POST /v4/vm/instances/{vmId}/rescue | devices (object with slots sda..sdg; sdh is reserved) |",
  },
  resetOAuthClientSecret: {
    row: "| Secret reset | POST /v4/account/oauth-clients/{clientId}/reset-secret | account:read_write |",
    full: "| Secret reset | POST /v4/account/oauth-clients/{clientId}/reset-secret | account:read_write | | OAuth client with plaintext secret |",
  },
  resizeInstance: {
    row: "| Resize | POST /v4/vm/instances/{vmId}/resize |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Resize | POST /v4/vm/instances/{vmId}/resize | type (string, required), allow_auto_disk_resize (boolean, default true) |",
  },
  restoreBackup: {
    row: "| Backup restore | POST /v4/vm/instances/{vmId}/backups/{backupId}/restore |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Backup restore | POST /v4/vm/instances/{vmId}/backups/{backupId}/restore | vm_id (integer, required, target instance), overwrite (boolean) |",
  },
  revokeKey: {
    row: "| Key revoke | DELETE /v4/object-storage/keys/{keyId} | object_storage:read_write |",
    full: "| Key revoke | DELETE /v4/object-storage/keys/{keyId} | object_storage:read_write | | {} |",
  },
  revokeManagedCredential: {
    row: "| Credential delete | POST /v4/managed/credentials/{credentialId}/revoke |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Credential delete | POST /v4/managed/credentials/{credentialId}/revoke | |",
  },
  shutdownInstance: {
    row: "| Shutdown | POST /v4/vm/instances/{vmId}/shutdown |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Shutdown | POST /v4/vm/instances/{vmId}/shutdown | |",
  },
  updateAccount: {
    row: "| Account update | PUT /v4/account | account:read_write |",
    full: "| Account update | PUT /v4/account | account:read_write | Account writable fields | Account |",
  },
  updateBucketAccess: {
    row: "| Bucket access update | PUT /v4/object-storage/buckets/{clusterId}/{bucket}/access | object_storage:read_write |",
    full: "| Bucket access update | PUT /v4/object-storage/buckets/{clusterId}/{bucket}/access | object_storage:read_write | same as modify | {} |",
  },
  updateConfig: {
    row: "| Config update | PUT /v4/vm/instances/{vmId}/configs/{configId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Config update | PUT /v4/vm/instances/{vmId}/configs/{configId} | Configuration profile fields, all optional |",
  },
  updateDisk: {
    row: "| Disk update | PUT /v4/vm/instances/{vmId}/disks/{diskId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Disk update | PUT /v4/vm/instances/{vmId}/disks/{diskId} | body: not shown |",
  },
  updateInstance: {
    row: "| Update | PUT /v4/vm/instances/{vmId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
    full: "| Update | PUT /v4/vm/instances/{vmId} | alerts, backups.schedule, group, label, tags, watchdog_enabled |",
  },
  updateKey: {
    row: "| Key update | PUT /v4/object-storage/keys/{keyId} | object_storage:read_write |",
    full: "| Key update | PUT /v4/object-storage/keys/{keyId} | object_storage:read_write | label (string) | Access key |",
  },
  updateManagedContact: {
    row: "| Contact update | PUT /v4/managed/contacts/{contactId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Contact update | PUT /v4/managed/contacts/{contactId} | Contact fields |",
  },
  updateManagedCredential: {
    row: "| Credential update | PUT /v4/managed/credentials/{credentialId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Credential update | PUT /v4/managed/credentials/{credentialId} | label only |",
  },
  updateManagedCredentialUsernamePassword: {
    row: "| Credential username and password update | POST /v4/managed/credentials/{credentialId}/update |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Credential username and password update | POST /v4/managed/credentials/{credentialId}/update | password (required), username |",
  },
  updateManagedService: {
    row: "| Service update | PUT /v4/managed/services/{serviceId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Service update | PUT /v4/managed/services/{serviceId} | Service fields, all optional |",
  },
  updateManagedVmSettings: {
    row: "| Instance settings update | PUT /v4/managed/vm-settings/{vmId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
    full: "| Instance settings update | PUT /v4/managed/vm-settings/{vmId} | ssh object |",
  },
  updateOAuthClient: {
    row: "| Update | PUT /v4/account/oauth-clients/{clientId} | account:read_write |",
    full: "| Update | PUT /v4/account/oauth-clients/{clientId} | account:read_write | label, public, redirect_uri | OAuth client |",
  },
  updateOAuthClientThumbnail: {
    row: "| Thumbnail update | PUT /v4/account/oauth-clients/{clientId}/thumbnail | account:read_write |",
    full: "| Thumbnail update | PUT /v4/account/oauth-clients/{clientId}/thumbnail | account:read_write | raw image file as body with an image content type; becomes publicly viewable | {} |",
  },
  updateObjectAcl: {
    row: "| Object ACL update | PUT /v4/object-storage/buckets/{clusterId}/{bucket}/object-acl | object_storage:read_write |",
    full: "| Object ACL update | PUT /v4/object-storage/buckets/{clusterId}/{bucket}/object-acl | object_storage:read_write | acl (required, five values above), name (required) | Object ACL |",
  },
  updateRecipe: {
    row: "| Update | PUT /v4/vm/recipes/{recipeId} |",
    scope: "Scopes: recipes:read_only and recipes:read_write.",
    full: "| Update | PUT /v4/vm/recipes/{recipeId} | same fields, all optional |",
  },
  uploadBucketSsl: {
    row: "| TLS cert upload | POST /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_write |",
    full: "| TLS cert upload | POST /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_write | certificate (string, Base64 PEM, required), private_key (string, required) | ssl |",
  },
};
