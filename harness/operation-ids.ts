// Generated from spec/openapi.yaml (harness/ops.test.ts fails when it drifts): every operationId.
export const OPERATION_IDS = [
  "getAccount", "updateAccount", "cancelAccount", "addCreditCard", "listEntityTransfers", "createEntityTransfer",
  "getEntityTransfer", "cancelEntityTransfer", "acceptEntityTransfer", "listEvents", "getEvent", "markEventRead",
  "markEventSeen", "listInvoices", "getInvoice", "listInvoiceItems", "listLogins", "getLogin",
  "listMaintenance", "listNotifications", "listPaymentMethods", "listOAuthClients", "createOAuthClient", "getOAuthClient",
  "updateOAuthClient", "deleteOAuthClient", "resetOAuthClientSecret", "getOAuthClientThumbnail", "updateOAuthClientThumbnail", "listBuckets",
  "createBucket", "listClusterBuckets", "getBucket", "deleteBucket", "updateBucketAccess", "modifyBucketAccess",
  "getObjectAcl", "updateObjectAcl", "listBucketObjects", "createObjectUrl", "getBucketSsl", "uploadBucketSsl",
  "deleteBucketSsl", "cancelObjectStorage", "listClusters", "getCluster", "listKeys", "createKey",
  "getKey", "updateKey", "revokeKey", "getObjectStorageTransfer", "listInstances", "createInstance",
  "getInstance", "updateInstance", "deleteInstance", "listBackups", "createSnapshot", "cancelBackups",
  "enableBackups", "getBackup", "restoreBackup", "bootInstance", "cloneInstance", "listConfigs",
  "createConfig", "getConfig", "updateConfig", "deleteConfig", "listDisks", "createDisk",
  "getDisk", "updateDisk", "rescueInstance", "resizeInstance", "shutdownInstance", "getInstanceStats",
  "getInstanceStatsByMonth", "getInstanceTransfer", "getInstanceTransferByMonth", "listInstanceVolumes", "listKernels", "getKernel",
  "listManagedContacts", "createManagedContact", "getManagedContact", "updateManagedContact", "deleteManagedContact", "listManagedCredentials",
  "createManagedCredential", "getManagedSshKey", "getManagedCredential", "updateManagedCredential", "revokeManagedCredential", "updateManagedCredentialUsernamePassword",
  "listManagedIssues", "getManagedIssue", "listManagedVmSettings", "getManagedVmSettings", "updateManagedVmSettings", "listManagedServices",
  "createManagedService", "getManagedService", "updateManagedService", "deleteManagedService", "disableManagedService", "enableManagedService",
  "listManagedStats", "listTickets", "openTicket", "getTicket", "createTicketAttachment", "closeTicket",
  "listTicketReplies", "createTicketReply", "listRecipes", "createRecipe", "getRecipe", "updateRecipe",
  "deleteRecipe", "createTag", "listTaggedObjects", "deleteTag",
] as const;

export type OperationId = (typeof OPERATION_IDS)[number];
