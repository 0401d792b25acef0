// Generated once from the material (the Endpoints tables): each operation's row, verbatim, to the
// Scope column where its table has one, and the sentence that gives its scope where the table has
// none. tests/clauses.test.ts finds every string here in the material.
export const ENDPOINT_ROWS: Record<string, { row: string; scope?: string }> = {
  acceptEntityTransfer: {
    row: "| Entity transfer accept (deprecated) | POST /v4/account/entity-transfers/{token}/accept | account:read_write |",
  },
  addCreditCard: {
    row: "| Credit card add/edit (deprecated; use POST /v4/account/payment-methods) | POST /v4/account/credit-card | account:read_write |",
  },
  bootInstance: {
    row: "| Boot | POST /v4/vm/instances/{vmId}/boot |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  cancelAccount: { row: "| Account cancel | POST /v4/account/cancel | account:read_write |" },
  cancelBackups: {
    row: "| Backups cancel | POST /v4/vm/instances/{vmId}/backups/cancel |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  cancelEntityTransfer: {
    row: "| Entity transfer cancel (deprecated) | DELETE /v4/account/entity-transfers/{token} | account:read_write |",
  },
  cancelObjectStorage: {
    row: "| Object storage cancel | POST /v4/object-storage/cancel | object_storage:read_write |",
  },
  cloneInstance: {
    row: "| Clone | POST /v4/vm/instances/{vmId}/clone |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  closeTicket: {
    row: "| Ticket close | POST /v4/support/tickets/{ticketId}/close |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
  },
  createBucket: {
    row: "| Bucket create | POST /v4/object-storage/buckets/ | object_storage:read_write |",
  },
  createConfig: {
    row: "| Config create | POST /v4/vm/instances/{vmId}/configs |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  createDisk: {
    row: "| Disk create | POST /v4/vm/instances/{vmId}/disks |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  createEntityTransfer: {
    row: "| Entity transfer create (deprecated) | POST /v4/account/entity-transfers | account:read_write |",
  },
  createInstance: {
    row: "| Create | POST /v4/vm/instances |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  createKey: { row: "| Key create | POST /v4/object-storage/keys | object_storage:read_write |" },
  createManagedContact: {
    row: "| Contact create | POST /v4/managed/contacts |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  createManagedCredential: {
    row: "| Credential create | POST /v4/managed/credentials |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  createManagedService: {
    row: "| Service create | POST /v4/managed/services |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  createOAuthClient: { row: "| Create | POST /v4/account/oauth-clients | account:read_write |" },
  createObjectUrl: {
    row: "| Object URL create | POST /v4/object-storage/buckets/{clusterId}/{bucket}/object-url | object_storage:read_write |",
  },
  createRecipe: {
    row: "| Create | POST /v4/vm/recipes |",
    scope: "Scopes: recipes:read_only and recipes:read_write.",
  },
  createSnapshot: {
    row: "| Snapshot create | POST /v4/vm/instances/{vmId}/backups |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  createTag: { row: "| Tag create | POST /v4/tags |", scope: "Scope: account:read_write." },
  createTicketAttachment: {
    row: "| Attachment create | POST /v4/support/tickets/{ticketId}/attachments |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
  },
  createTicketReply: {
    row: "| Reply create | POST /v4/support/tickets/{ticketId}/replies |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
  },
  deleteBucket: {
    row: "| Bucket remove | DELETE /v4/object-storage/buckets/{clusterId}/{bucket} | object_storage:read_write |",
  },
  deleteBucketSsl: {
    row: "| TLS cert delete | DELETE /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_write |",
  },
  deleteConfig: {
    row: "| Config delete | DELETE /v4/vm/instances/{vmId}/configs/{configId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  deleteInstance: {
    row: "| Delete | DELETE /v4/vm/instances/{vmId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  deleteManagedContact: {
    row: "| Contact delete | DELETE /v4/managed/contacts/{contactId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  deleteManagedService: {
    row: "| Service delete | DELETE /v4/managed/services/{serviceId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  deleteOAuthClient: {
    row: "| Delete | DELETE /v4/account/oauth-clients/{clientId} | account:read_write |",
  },
  deleteRecipe: {
    row: "| Delete | DELETE /v4/vm/recipes/{recipeId} |",
    scope: "Scopes: recipes:read_only and recipes:read_write.",
  },
  deleteTag: {
    row: "| Tag delete | DELETE /v4/tags/{label} |",
    scope: "Scope: account:read_write.",
  },
  disableManagedService: {
    row: "| Service disable | POST /v4/managed/services/{serviceId}/disable |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  enableBackups: {
    row: "| Backups enable | POST /v4/vm/instances/{vmId}/backups/enable |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  enableManagedService: {
    row: "| Service enable | POST /v4/managed/services/{serviceId}/enable |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  getAccount: { row: "| Account view | GET /v4/account | account:read_only |" },
  getBackup: {
    row: "| Backup view | GET /v4/vm/instances/{vmId}/backups/{backupId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  getBucket: {
    row: "| Bucket view | GET /v4/object-storage/buckets/{clusterId}/{bucket} | object_storage:read_only |",
  },
  getBucketSsl: {
    row: "| TLS cert view | GET /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_only |",
  },
  getCluster: { row: "| Cluster view | GET /v4/object-storage/clusters/{clusterId} | none |" },
  getConfig: {
    row: "| Config view | GET /v4/vm/instances/{vmId}/configs/{configId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  getDisk: {
    row: "| Disk view | GET /v4/vm/instances/{vmId}/disks/{diskId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  getEntityTransfer: {
    row: "| Entity transfer view (deprecated) | GET /v4/account/entity-transfers/{token} | account:read_only |",
  },
  getEvent: { row: "| Event view | GET /v4/account/events/{eventId} | events:read_only |" },
  getInstance: {
    row: "| View | GET /v4/vm/instances/{vmId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  getInstanceStats: {
    row: "| Statistics (24 hours) | GET /v4/vm/instances/{vmId}/stats |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  getInstanceStatsByMonth: {
    row: "| Statistics by month | GET /v4/vm/instances/{vmId}/stats/{year}/{month} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  getInstanceTransfer: {
    row: "| Network transfer | GET /v4/vm/instances/{vmId}/transfer |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  getInstanceTransferByMonth: {
    row: "| Network transfer by month | GET /v4/vm/instances/{vmId}/transfer/{year}/{month} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  getInvoice: {
    row: "| Invoice view | GET /v4/account/invoices/{invoiceId} | account:read_only |",
  },
  getKernel: {
    row: "| Kernel view | GET /v4/vm/kernels/{kernelId} |",
    scope: "Kernel operations need no authentication.",
  },
  getKey: { row: "| Key view | GET /v4/object-storage/keys/{keyId} | object_storage:read_only |" },
  getLogin: { row: "| Login view | GET /v4/account/logins/{loginId} | account:read_only |" },
  getManagedContact: {
    row: "| Contact view | GET /v4/managed/contacts/{contactId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  getManagedCredential: {
    row: "| Credential view | GET /v4/managed/credentials/{credentialId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  getManagedIssue: {
    row: "| Issue view | GET /v4/managed/issues/{issueId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  getManagedService: {
    row: "| Service view | GET /v4/managed/services/{serviceId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  getManagedSshKey: {
    row: "| SSH public key view | GET /v4/managed/credentials/sshkey |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  getManagedVmSettings: {
    row: "| Instance settings view | GET /v4/managed/vm-settings/{vmId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  getOAuthClient: {
    row: "| View | GET /v4/account/oauth-clients/{clientId} | account:read_only |",
  },
  getOAuthClientThumbnail: {
    row: "| Thumbnail view | GET /v4/account/oauth-clients/{clientId}/thumbnail | none (publicly viewable) |",
  },
  getObjectAcl: {
    row: "| Object ACL view | GET /v4/object-storage/buckets/{clusterId}/{bucket}/object-acl | object_storage:read_only |",
  },
  getObjectStorageTransfer: {
    row: "| Transfer view | GET /v4/object-storage/transfer/ | object_storage:read_only |",
  },
  getRecipe: {
    row: "| View | GET /v4/vm/recipes/{recipeId} |",
    scope: "Scopes: recipes:read_only and recipes:read_write.",
  },
  getTicket: {
    row: "| Ticket view | GET /v4/support/tickets/{ticketId} |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
  },
  listBackups: {
    row: "| Backups list | GET /v4/vm/instances/{vmId}/backups |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  listBucketObjects: {
    row: "| Bucket contents list | GET /v4/object-storage/buckets/{clusterId}/{bucket}/object-list | object_storage:read_only |",
  },
  listBuckets: {
    row: "| Buckets list | GET /v4/object-storage/buckets/ | object_storage:read_only |",
  },
  listClusterBuckets: {
    row: "| Buckets in cluster list | GET /v4/object-storage/buckets/{clusterId} | object_storage:read_only |",
  },
  listClusters: { row: "| Clusters list | GET /v4/object-storage/clusters | none |" },
  listConfigs: {
    row: "| Configs list | GET /v4/vm/instances/{vmId}/configs |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  listDisks: {
    row: "| Disks list | GET /v4/vm/instances/{vmId}/disks |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  listEntityTransfers: {
    row: "| Entity transfers list (deprecated) | GET /v4/account/entity-transfers | account:read_only |",
  },
  listEvents: { row: "| Events list | GET /v4/account/events | events:read_only |" },
  listInstanceVolumes: {
    row: "| Attached volumes list | GET /v4/vm/instances/{vmId}/volumes |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  listInstances: {
    row: "| List | GET /v4/vm/instances |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  listInvoiceItems: {
    row: "| Invoice items list | GET /v4/account/invoices/{invoiceId}/items | account:read_only |",
  },
  listInvoices: { row: "| Invoices list | GET /v4/account/invoices | account:read_only |" },
  listKernels: {
    row: "| Kernels list | GET /v4/vm/kernels |",
    scope: "Kernel operations need no authentication.",
  },
  listKeys: { row: "| Keys list | GET /v4/object-storage/keys | object_storage:read_only |" },
  listLogins: { row: "| Logins list | GET /v4/account/logins | account:read_only |" },
  listMaintenance: {
    row: "| Maintenance list (beta) | GET /v4beta/account/maintenance | maintenance:read_only |",
  },
  listManagedContacts: {
    row: "| Contacts list | GET /v4/managed/contacts |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  listManagedCredentials: {
    row: "| Credentials list | GET /v4/managed/credentials |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  listManagedIssues: {
    row: "| Issues list | GET /v4/managed/issues |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  listManagedServices: {
    row: "| Services list | GET /v4/managed/services |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  listManagedStats: {
    row: "| Stats list | GET /v4/managed/stats |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  listManagedVmSettings: {
    row: "| Instance settings list | GET /v4/managed/vm-settings |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  listNotifications: {
    row: "| Notifications list | GET /v4/account/notifications | account:read_only |",
  },
  listOAuthClients: { row: "| List | GET /v4/account/oauth-clients | account:read_only |" },
  listPaymentMethods: {
    row: "| Payment methods list | GET /v4/account/payment-methods | account:read_only |",
  },
  listRecipes: {
    row: "| List | GET /v4/vm/recipes |",
    scope: "Scopes: recipes:read_only and recipes:read_write.",
  },
  listTaggedObjects: {
    row: "| Tagged objects list | GET /v4/tags/{label} |",
    scope: "Scope: account:read_write.",
  },
  listTicketReplies: {
    row: "| Replies list | GET /v4/support/tickets/{ticketId}/replies |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
  },
  listTickets: {
    row: "| Tickets list | GET /v4/support/tickets |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
  },
  markEventRead: {
    row: "| Event mark read | POST /v4/account/events/{eventId}/read | events:read_only |",
  },
  markEventSeen: {
    row: "| Event mark seen | POST /v4/account/events/{eventId}/seen | events:read_only |",
  },
  modifyBucketAccess: {
    row: "| Bucket access modify | POST /v4/object-storage/buckets/{clusterId}/{bucket}/access | object_storage:read_write |",
  },
  openTicket: {
    row: "| Ticket open | POST /v4/support/tickets |",
    scope: "Scope: account:read_only for reads, account:read_write for writes.",
  },
  rescueInstance: {
    row: "| Rescue boot | POST /v4/vm/instances/{vmId}/rescue |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  resetOAuthClientSecret: {
    row: "| Secret reset | POST /v4/account/oauth-clients/{clientId}/reset-secret | account:read_write |",
  },
  resizeInstance: {
    row: "| Resize | POST /v4/vm/instances/{vmId}/resize |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  restoreBackup: {
    row: "| Backup restore | POST /v4/vm/instances/{vmId}/backups/{backupId}/restore |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  revokeKey: {
    row: "| Key revoke | DELETE /v4/object-storage/keys/{keyId} | object_storage:read_write |",
  },
  revokeManagedCredential: {
    row: "| Credential delete | POST /v4/managed/credentials/{credentialId}/revoke |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  shutdownInstance: {
    row: "| Shutdown | POST /v4/vm/instances/{vmId}/shutdown |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  updateAccount: { row: "| Account update | PUT /v4/account | account:read_write |" },
  updateBucketAccess: {
    row: "| Bucket access update | PUT /v4/object-storage/buckets/{clusterId}/{bucket}/access | object_storage:read_write |",
  },
  updateConfig: {
    row: "| Config update | PUT /v4/vm/instances/{vmId}/configs/{configId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  updateDisk: {
    row: "| Disk update | PUT /v4/vm/instances/{vmId}/disks/{diskId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  updateInstance: {
    row: "| Update | PUT /v4/vm/instances/{vmId} |",
    scope: "Read operations need vms:read_only; write operations need vms:read_write.",
  },
  updateKey: {
    row: "| Key update | PUT /v4/object-storage/keys/{keyId} | object_storage:read_write |",
  },
  updateManagedContact: {
    row: "| Contact update | PUT /v4/managed/contacts/{contactId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  updateManagedCredential: {
    row: "| Credential update | PUT /v4/managed/credentials/{credentialId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  updateManagedCredentialUsernamePassword: {
    row: "| Credential username and password update | POST /v4/managed/credentials/{credentialId}/update |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  updateManagedService: {
    row: "| Service update | PUT /v4/managed/services/{serviceId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  updateManagedVmSettings: {
    row: "| Instance settings update | PUT /v4/managed/vm-settings/{vmId} |",
    scope:
      "Scopes: account:read_only for list, issue, stats and SSH key operations; account:read_write for create, update, delete, enable, disable, and for contact view and credential view.",
  },
  updateOAuthClient: {
    row: "| Update | PUT /v4/account/oauth-clients/{clientId} | account:read_write |",
  },
  updateOAuthClientThumbnail: {
    row: "| Thumbnail update | PUT /v4/account/oauth-clients/{clientId}/thumbnail | account:read_write |",
  },
  updateObjectAcl: {
    row: "| Object ACL update | PUT /v4/object-storage/buckets/{clusterId}/{bucket}/object-acl | object_storage:read_write |",
  },
  updateRecipe: {
    row: "| Update | PUT /v4/vm/recipes/{recipeId} |",
    scope: "Scopes: recipes:read_only and recipes:read_write.",
  },
  uploadBucketSsl: {
    row: "| TLS cert upload | POST /v4/object-storage/buckets/{clusterId}/{bucket}/ssl | object_storage:read_write |",
  },
};
