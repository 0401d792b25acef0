// Generated from spec/openapi.yaml by openapi-typescript (spec/operation-types.ts); do not edit.
// Regenerate with `npm run types`; spec/operations-types.test.ts fails when this file is older than
// the document. A schema the material does not show (x-not-shown) is `any`.

export interface paths {
    "/v4/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Account view */
        get: operations["getAccount"];
        /** Account update */
        put: operations["updateAccount"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Account cancel */
        post: operations["cancelAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/credit-card": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Credit card add/edit (deprecated; use POST /v4/account/payment-methods)
         * @deprecated
         */
        post: operations["addCreditCard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/entity-transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Entity transfers list (deprecated)
         * @deprecated
         */
        get: operations["listEntityTransfers"];
        put?: never;
        /**
         * Entity transfer create (deprecated)
         * @deprecated
         */
        post: operations["createEntityTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/entity-transfers/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Entity transfer view (deprecated)
         * @deprecated
         */
        get: operations["getEntityTransfer"];
        put?: never;
        post?: never;
        /**
         * Entity transfer cancel (deprecated)
         * @deprecated
         */
        delete: operations["cancelEntityTransfer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/entity-transfers/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Entity transfer accept (deprecated)
         * @deprecated
         */
        post: operations["acceptEntityTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events list */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Event view */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/events/{eventId}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Event mark read */
        post: operations["markEventRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/events/{eventId}/seen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Event mark seen */
        post: operations["markEventSeen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invoices list */
        get: operations["listInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/invoices/{invoiceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invoice view */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/invoices/{invoiceId}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invoice items list */
        get: operations["listInvoiceItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/logins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Logins list */
        get: operations["listLogins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/logins/{loginId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Login view */
        get: operations["getLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4beta/account/maintenance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Maintenance list (beta) */
        get: operations["listMaintenance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notifications list */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/payment-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payment methods list */
        get: operations["listPaymentMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/oauth-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List */
        get: operations["listOAuthClients"];
        put?: never;
        /** Create */
        post: operations["createOAuthClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/oauth-clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** View */
        get: operations["getOAuthClient"];
        /** Update */
        put: operations["updateOAuthClient"];
        post?: never;
        /** Delete */
        delete: operations["deleteOAuthClient"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/oauth-clients/{clientId}/reset-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Secret reset */
        post: operations["resetOAuthClientSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/account/oauth-clients/{clientId}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Thumbnail view */
        get: operations["getOAuthClientThumbnail"];
        /** Thumbnail update */
        put: operations["updateOAuthClientThumbnail"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/buckets/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Buckets list */
        get: operations["listBuckets"];
        put?: never;
        /** Bucket create */
        post: operations["createBucket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/buckets/{clusterId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Buckets in cluster list */
        get: operations["listClusterBuckets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/buckets/{clusterId}/{bucket}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bucket view */
        get: operations["getBucket"];
        put?: never;
        post?: never;
        /** Bucket remove */
        delete: operations["deleteBucket"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/buckets/{clusterId}/{bucket}/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Bucket access update */
        put: operations["updateBucketAccess"];
        /** Bucket access modify */
        post: operations["modifyBucketAccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/buckets/{clusterId}/{bucket}/object-acl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Object ACL view */
        get: operations["getObjectAcl"];
        /** Object ACL update */
        put: operations["updateObjectAcl"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/buckets/{clusterId}/{bucket}/object-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bucket contents list */
        get: operations["listBucketObjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/buckets/{clusterId}/{bucket}/object-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Object URL create */
        post: operations["createObjectUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/buckets/{clusterId}/{bucket}/ssl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** TLS cert view */
        get: operations["getBucketSsl"];
        put?: never;
        /** TLS cert upload */
        post: operations["uploadBucketSsl"];
        /** TLS cert delete */
        delete: operations["deleteBucketSsl"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Object storage cancel */
        post: operations["cancelObjectStorage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Clusters list */
        get: operations["listClusters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/clusters/{clusterId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cluster view */
        get: operations["getCluster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Keys list */
        get: operations["listKeys"];
        put?: never;
        /** Key create */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Key view */
        get: operations["getKey"];
        /** Key update */
        put: operations["updateKey"];
        post?: never;
        /** Key revoke */
        delete: operations["revokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/object-storage/transfer/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Transfer view */
        get: operations["getObjectStorageTransfer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List */
        get: operations["listInstances"];
        put?: never;
        /** Create */
        post: operations["createInstance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** View */
        get: operations["getInstance"];
        /** Update */
        put: operations["updateInstance"];
        post?: never;
        /** Delete */
        delete: operations["deleteInstance"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Backups list */
        get: operations["listBackups"];
        put?: never;
        /** Snapshot create */
        post: operations["createSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/backups/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Backups cancel */
        post: operations["cancelBackups"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/backups/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Backups enable */
        post: operations["enableBackups"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/backups/{backupId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Backup view */
        get: operations["getBackup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/backups/{backupId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Backup restore */
        post: operations["restoreBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/boot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Boot */
        post: operations["bootInstance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/clone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Clone */
        post: operations["cloneInstance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Configs list */
        get: operations["listConfigs"];
        put?: never;
        /** Config create */
        post: operations["createConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/configs/{configId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Config view */
        get: operations["getConfig"];
        /** Config update */
        put: operations["updateConfig"];
        post?: never;
        /** Config delete */
        delete: operations["deleteConfig"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/disks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Disks list */
        get: operations["listDisks"];
        put?: never;
        /** Disk create */
        post: operations["createDisk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/disks/{diskId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Disk view */
        get: operations["getDisk"];
        /** Disk update */
        put: operations["updateDisk"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/rescue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rescue boot */
        post: operations["rescueInstance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/resize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resize */
        post: operations["resizeInstance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/shutdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Shutdown */
        post: operations["shutdownInstance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Statistics (24 hours) */
        get: operations["getInstanceStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/stats/{year}/{month}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Statistics by month */
        get: operations["getInstanceStatsByMonth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Network transfer */
        get: operations["getInstanceTransfer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/transfer/{year}/{month}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Network transfer by month */
        get: operations["getInstanceTransferByMonth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/instances/{vmId}/volumes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Attached volumes list */
        get: operations["listInstanceVolumes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/kernels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Kernels list */
        get: operations["listKernels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/kernels/{kernelId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Kernel view */
        get: operations["getKernel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contacts list */
        get: operations["listManagedContacts"];
        put?: never;
        /** Contact create */
        post: operations["createManagedContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/contacts/{contactId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contact view */
        get: operations["getManagedContact"];
        /** Contact update */
        put: operations["updateManagedContact"];
        post?: never;
        /** Contact delete */
        delete: operations["deleteManagedContact"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credentials list */
        get: operations["listManagedCredentials"];
        put?: never;
        /** Credential create */
        post: operations["createManagedCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/credentials/sshkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SSH public key view */
        get: operations["getManagedSshKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/credentials/{credentialId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credential view */
        get: operations["getManagedCredential"];
        /** Credential update */
        put: operations["updateManagedCredential"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/credentials/{credentialId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Credential delete */
        post: operations["revokeManagedCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/credentials/{credentialId}/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Credential username and password update */
        post: operations["updateManagedCredentialUsernamePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/issues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issues list */
        get: operations["listManagedIssues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/issues/{issueId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issue view */
        get: operations["getManagedIssue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/vm-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Instance settings list */
        get: operations["listManagedVmSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/vm-settings/{vmId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Instance settings view
         * @description The material's managed-monitoring scope sentence does not name this operation (view of a non-contact, non-credential resource): either account:read_only or account:read_write is accepted.
         */
        get: operations["getManagedVmSettings"];
        /** Instance settings update */
        put: operations["updateManagedVmSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Services list */
        get: operations["listManagedServices"];
        put?: never;
        /** Service create */
        post: operations["createManagedService"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/services/{serviceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service view
         * @description The material's managed-monitoring scope sentence does not name this operation (view of a non-contact, non-credential resource): either account:read_only or account:read_write is accepted.
         */
        get: operations["getManagedService"];
        /** Service update */
        put: operations["updateManagedService"];
        post?: never;
        /** Service delete */
        delete: operations["deleteManagedService"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/services/{serviceId}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Service disable */
        post: operations["disableManagedService"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/services/{serviceId}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Service enable */
        post: operations["enableManagedService"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/managed/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stats list */
        get: operations["listManagedStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/support/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tickets list */
        get: operations["listTickets"];
        put?: never;
        /** Ticket open */
        post: operations["openTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/support/tickets/{ticketId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ticket view */
        get: operations["getTicket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/support/tickets/{ticketId}/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Attachment create */
        post: operations["createTicketAttachment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/support/tickets/{ticketId}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ticket close */
        post: operations["closeTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/support/tickets/{ticketId}/replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Replies list */
        get: operations["listTicketReplies"];
        put?: never;
        /** Reply create */
        post: operations["createTicketReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/recipes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List */
        get: operations["listRecipes"];
        put?: never;
        /** Create */
        post: operations["createRecipe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/vm/recipes/{recipeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** View */
        get: operations["getRecipe"];
        /** Update */
        put: operations["updateRecipe"];
        post?: never;
        /** Delete */
        delete: operations["deleteRecipe"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Tag create */
        post: operations["createTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v4/tags/{label}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tagged objects list */
        get: operations["listTaggedObjects"];
        put?: never;
        post?: never;
        /** Tag delete */
        delete: operations["deleteTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Error body (material: Shared shapes, Errors 1). `field` is left optional: the material says it is null when not specific to one element but also describes an error with `no field` (account cancel). */
        Error: {
            errors: {
                /** @description Period-separated path of the offending field; null when the error is not specific to one element. */
                field?: string | null;
                /** @description What went wrong; may instruct the caller to open a support ticket. */
                reason: string;
            }[];
        };
        /** @description Paginated collection envelope (material: Conventions 4, Shared shapes). Responses narrow `data.items` with allOf. */
        Collection: {
            data: unknown[];
            /** @description The current page (pages are numbered from 1: Conventions 5, `page` integer >= 1). */
            page: number;
            /** @description Total number of pages (a count). */
            pages: number;
            /** @description Total number of results (a count). */
            results: number;
        };
        /** @description The empty object `{}` answered by operations that return no data (material: Conventions 3). */
        EmptyObject: Record<string, never>;
        /** @description Account record (material: Resources, Account). Records carry more fields than listed. */
        Account: {
            active_promotions: {
                credit_monthly_cap?: string;
                credit_remaining?: string;
                description?: string;
                /**
                 * Format: iso-date-time
                 * @example 2018-01-02T03:04:05Z
                 */
                expire_dt?: string;
                image_url?: string;
                service_type?: string;
                summary?: string;
                this_month_credit_remaining?: string;
            }[];
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            readonly active_since: string;
            /** @description First billing address line. */
            address_1: string;
            /** @description Second billing address line. */
            address_2: string;
            /** @description USD. */
            readonly balance: number;
            /** @description USD, estimate of the current invoice, excludes transfer charges. */
            readonly balance_uninvoiced: number;
            readonly capabilities: string[];
            city: string;
            company: string;
            /** @description Two-letter country code. */
            country: string;
            readonly credit_card: {
                /** @description Month/year form; null when no card is on file (the policy on members with no value, spec/README.md). */
                expiry?: string | null;
                /** @description An integer in the material's sample; its type is not stated, so none is asserted. */
                last_four?: unknown;
            };
            /** @description The material types it as a string <= 128 chars; no email format is stated. */
            email: string;
            /**
             * Format: uuid
             * @description External account identifier.
             */
            readonly euuid: string;
            first_name: string;
            last_name: string;
            phone: string;
            /** @description US state, or province outside the US. */
            state: string;
            /** @description For tax calculation in some countries; the value to use where no tax is collected is not shown. */
            tax_id: string;
            /** @description Restrictions on its format: not shown. */
            zip: string;
        };
        /** @description Writable account fields (material: Resources, Account: Writable on update). Read-only fields are not part of the body. */
        AccountUpdate: {
            active_promotions?: {
                credit_monthly_cap?: string;
                credit_remaining?: string;
                description?: string;
                /**
                 * Format: iso-date-time
                 * @example 2018-01-02T03:04:05Z
                 */
                expire_dt?: string;
                image_url?: string;
                service_type?: string;
                summary?: string;
                this_month_credit_remaining?: string;
            }[];
            /** @description First billing address line. */
            address_1?: string;
            /** @description Second billing address line. */
            address_2?: string;
            city?: string;
            company?: string;
            /** @description Two-letter country code (letters only). */
            country?: string;
            /** @description The material types it as a string <= 128 chars; no email format is stated. */
            email?: string;
            first_name?: string;
            last_name?: string;
            phone?: string;
            /** @description US state, or province outside the US. */
            state?: string;
            /** @description For tax calculation in some countries; the value to use where no tax is collected is not shown. */
            tax_id?: string;
            /** @description Restrictions on its format: not shown. */
            zip?: string;
        };
        /** @description Keyed by entity type, each value an array of integer IDs; key `vms` is used for instances. */
        EntityTransferEntities: {
            /** @description Instance IDs. */
            vms?: number[];
        } & {
            [key: string]: number[];
        };
        EntityTransfer: {
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            created: string;
            entities: components["schemas"]["EntityTransferEntities"];
            /**
             * Format: iso-date-time
             * @description 24 hours after creation.
             * @example 2018-01-02T03:04:05Z
             */
            expiry: string;
            /** @description True if the requesting account created the transfer. */
            is_sender: boolean;
            /** @enum {string} */
            status: "accepted" | "cancelled" | "completed" | "failed" | "pending" | "stale";
            /**
             * Format: uuid
             * @description Identifies the transfer for accept, cancel, view.
             */
            token: string;
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            updated: string;
        };
        EventEntity: {
            id?: number | string;
            label?: string;
            type?: string;
            url?: string;
        };
        Event: {
            /** @description Not a closed enumeration: new actions may be added without a version change and clients must tolerate unknown values (material: Events 2, Versioning 4). The values the material lists are in x-known-values. */
            action: string;
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            created: string;
            /** @description Seconds the event took; null while the event runs (the policy on members with no value, spec/README.md). */
            duration?: number | null;
            entity: components["schemas"]["EventEntity"];
            id: number;
            /** @description Extra information, for example to diagnose failures. */
            message?: string | null;
            /** @description Estimate of progress. */
            percent_complete?: number | null;
            /** @description Only some events, for example migration and resize. */
            rate?: string | null;
            read: boolean;
            /** @description Extra context for some events; null when there is none (the policy on members with no value, spec/README.md). */
            secondary_entity?: components["schemas"]["EventEntity"] | null;
            seen: boolean;
            /** @enum {string|null} */
            status?: "failed" | "finished" | "notification" | "scheduled" | "started" | null;
            /** @description Only for some in-progress migration events. */
            time_remaining?: string | null;
            /** @description User who caused the event. */
            username: string;
        };
        Invoice: {
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            date: string;
            id: number;
            label: string;
            /** @description USD, before tax. */
            subtotal: number;
            tax: number;
            /** @description USD, after tax. */
            total: number;
        };
        InvoiceItem: {
            amount: number;
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            from: string;
            label: string;
            quantity: number;
            tax: number;
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            to: string;
            total: number;
            type: string;
            unit_price: number;
        };
        Login: {
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            datetime: string;
            id: number;
            /** @description IP address. */
            ip: string | unknown | unknown;
            /** @description True if the user logged into was restricted. */
            restricted: boolean;
            username: string;
        };
        MaintenanceItem: {
            /** @description Only instances appear as entities. */
            entity: {
                /** @description Type not shown. */
                id?: unknown;
                /** @description Type not shown. */
                label?: unknown;
                /** @description Type not shown. */
                type?: unknown;
                /** @description Type not shown. */
                url?: unknown;
            };
            reason: string;
            /**
             * @description Enumeration not shown.
             * @example started
             */
            status: string;
            /** @description Enumeration not shown. */
            type: string;
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            when: string;
        };
        /** @description A notification disappears when its cause is resolved and cannot be acted on directly. */
        Notification: {
            body?: string | null;
            entity: {
                /** @description Type not shown. */
                id?: unknown;
                /** @description Type not shown. */
                label?: unknown;
                /** @description Type not shown. */
                type?: unknown;
                /** @description Type not shown. */
                url?: unknown;
            };
            label: string;
            message: string;
            /** @description Enumeration not shown. */
            severity: string;
            /** @description Enumeration not shown. */
            type: string;
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            until?: string | null;
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            when?: string | null;
        };
        OAuthClient: {
            /** @description Public client identifier. */
            id: string;
            /** @description Application name shown to users. */
            label: string;
            public: boolean;
            /** Format: uri */
            redirect_uri: string;
            /** @description Redacted placeholder in list, view and update responses; plaintext only from the secret reset operation; whether create returns plaintext: not shown. */
            secret: string;
            /** @enum {string} */
            status: "active" | "disabled" | "suspended";
            /** Format: uri */
            thumbnail_url?: string | null;
        };
        PaymentMethod: {
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            created: string;
            data: {
                card_type?: string;
                expiry?: string;
                last_four?: string;
            };
            id: number;
            is_default: boolean;
            /**
             * @description Other values of type: not shown.
             * @example credit_card
             */
            type: string;
        };
        Bucket: {
            cluster: string;
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            created: string;
            hostname: string;
            label: string;
            objects: number;
            /** @description Bytes. */
            size: number;
        };
        Cluster: {
            domain: string;
            id: string;
            region: string;
            static_site_domain: string;
            /** @enum {string} */
            status: "available" | "unavailable";
        };
        ObjectListEntry: {
            etag?: string;
            is_truncated?: boolean;
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            last_modified?: string;
            name: string;
            next_marker?: string;
            owner?: string;
            size?: number;
        };
        ObjectAcl: {
            /** @enum {string} */
            acl: "private" | "public-read" | "authenticated-read" | "public-read-write" | "custom";
            /** @description Full XML of the ACL policy. */
            acl_xml: string;
        };
        BucketAccessEntry: {
            bucket_name?: string;
            cluster?: string;
            /**
             * @description Values seen in the material: read_only, read_write. Not an enumeration.
             * @example read_only
             * @example read_write
             */
            permissions?: string;
        };
        AccessKey: {
            /** @description Not secret. */
            access_key: string;
            /** @description Null on an unlimited key (the policy on members with no value, spec/README.md). */
            bucket_access?: components["schemas"]["BucketAccessEntry"][] | null;
            id: number;
            label: string;
            limited: boolean;
            /** @description Only returned on creation. */
            secret_key?: string;
        };
        PresignedUrl: {
            url: string;
        };
        TlsState: {
            ssl: boolean;
        };
        TransferUsage: {
            /** @description Outbound bytes in the current month's billing cycle. */
            used: number;
        };
        /** @description Instance record as shown in the Resources part. The type and status values and the remaining fields are not shown; responses of instance operations are themselves not shown, so this schema is used only inside tagged-object results. */
        Instance: {
            alerts?: {
                /** @description Percent of one core times core count, average over two hours; default 90 times the core count; 0 disables. */
                cpu?: number;
                /** @description Disk operations per second, 2-hour average; 0 disables. */
                io?: number;
                /** @description Mbit/s; 0 disables. */
                network_in?: number;
                /** @description Mbit/s; 0 disables. */
                network_out?: number;
                /** @description Percent of transfer allowance; 0 disables. */
                transfer_quota?: number;
            };
            backups?: {
                schedule?: {
                    /** @enum {string|null} */
                    day?: "Scheduling" | "Sunday" | "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | null;
                    /**
                     * @description A two-hour UTC span starting at that hour. `Scheduling` is returned until an automatic choice is made.
                     * @enum {string|null}
                     */
                    window?: "Scheduling" | "W0" | "W2" | "W4" | "W6" | "W8" | "W10" | "W12" | "W14" | "W16" | "W18" | "W20" | "W22" | null;
                };
            };
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            created?: string;
            /** @deprecated */
            group?: string;
            /** @enum {string} */
            hypervisor?: "kvm";
            id?: number;
            /** @description Official images start with `vm/`, account images with `private/`. */
            image?: string | null;
            /** @description One public address, optionally one private. */
            ipv4?: string[];
            /** @description IPv6 address with /128. */
            ipv6?: string | null;
            label?: string;
            region?: string;
            specs?: {
                /** @description MB. */
                disk?: number;
                /** @description MB. */
                memory?: number;
                /** @description Monthly allowance. */
                transfer?: number;
                vcpus?: number;
            };
            tags?: string[];
            watchdog_enabled?: boolean;
        };
        /** @description One device slot: an object with disk_id or volume_id (integer or null), one kind per slot; the slot itself may be null. "One kind per slot" is read as: not a disk and a volume both set; a null companion key is no second kind (see README, judgment calls). */
        DeviceSlot: null | ({
            disk_id?: number | null;
            volume_id?: number | null;
        } | unknown | unknown);
        /** @description Slots sda..sdh; sde..sdh unavailable in fullvirt mode; empty dictionary allowed. */
        ConfigDevices: {
            sda?: components["schemas"]["DeviceSlot"];
            sdb?: components["schemas"]["DeviceSlot"];
            sdc?: components["schemas"]["DeviceSlot"];
            sdd?: components["schemas"]["DeviceSlot"];
            sde?: components["schemas"]["DeviceSlot"];
            sdf?: components["schemas"]["DeviceSlot"];
            sdg?: components["schemas"]["DeviceSlot"];
            sdh?: components["schemas"]["DeviceSlot"];
        };
        /** @description Slots sda..sdg; sdh is reserved and may not be sent (its schema is `false`). */
        RescueDevices: {
            sda?: components["schemas"]["DeviceSlot"];
            sdb?: components["schemas"]["DeviceSlot"];
            sdc?: components["schemas"]["DeviceSlot"];
            sdd?: components["schemas"]["DeviceSlot"];
            sde?: components["schemas"]["DeviceSlot"];
            sdf?: components["schemas"]["DeviceSlot"];
            sdg?: components["schemas"]["DeviceSlot"];
            sdh?: never;
        };
        /** @description Network interface; index 0 is eth0, 1 is eth1, 2 is eth2. */
        Interface: {
            /** @enum {string} */
            purpose: "public" | "vlan";
            /** @description 1..64 chars of ASCII letters, digits and dashes; required for vlan, empty or null for public; unique among the instance's interfaces; a new label creates a VLAN (at most 10 per region). */
            label?: string | null;
            /** @description ip/netmask; vlan only, empty or null for public; unique among the instance's interfaces. */
            ipam_address?: string | null;
        } & (unknown & unknown);
        /** @description Configuration profile fields, used as the create/update request shape. Responses of config operations are not shown. */
        ConfigurationProfile: {
            comments?: string | null;
            devices?: components["schemas"]["ConfigDevices"];
            helpers?: {
                /** @default false */
                devtmpfs_automount?: boolean;
                distro?: boolean;
                modules_dep?: boolean;
                network?: boolean;
                updatedb_disabled?: boolean;
            };
            /** @description At most 3 (eth0..eth2). Only one public interface per instance; an empty array gives a default public interface only; changes take effect on reboot. */
            interfaces?: components["schemas"]["Interface"][];
            /** @default vm/latest-64bit */
            kernel?: string;
            label?: string;
            /** @description Default: the total RAM of the instance. */
            memory_limit?: number;
            /**
             * @description `/dev/sda` is used when absent or invalid.
             * @default /dev/sda
             */
            root_device?: string;
            /**
             * @default default
             * @enum {string}
             */
            run_level?: "default" | "single" | "binbash";
            /**
             * @default paravirt
             * @enum {string}
             */
            virt_mode?: "paravirt" | "fullvirt";
        };
        /** @description Domain record as shown in tagged-object results. soa_email is required for master domains; slave domains have at least one master IP. */
        Domain: {
            axfr_ips?: string[];
            description?: string;
            /** @description Unique platform-wide; RFC 1035 labels <= 63 chars (the pattern refuses a dot-separated label longer than 63). */
            domain?: string;
            /** @description Valid values are listed in x-valid-values; other values are rounded up; 0 means the default 1209600. */
            expire_sec?: number;
            /** @description Valid values are listed in x-valid-values; other values are rounded up; 0 means the default 14400. */
            refresh_sec?: number;
            /** @description Valid values are listed in x-valid-values; other values are rounded up; 0 means the default 14400. */
            retry_sec?: number;
            /** @description Valid values are listed in x-valid-values; other values are rounded up; 0 means the default 86400. */
            ttl_sec?: number;
            group?: string;
            id?: number;
            /** @description At least one for slave domains. */
            master_ips?: string[];
            /**
             * Format: email
             * @description Required for master domains.
             */
            soa_email?: string;
            /**
             * @default active
             * @enum {string}
             */
            status?: "disabled" | "active";
            tags?: unknown[];
            /** @enum {string} */
            type?: "master" | "slave";
        } & (unknown & unknown);
        Volume: {
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            created?: string;
            /** @description Device path under by-id with prefix `scsi-0Vm_Volume_` plus the label. */
            filesystem_path?: string;
            /** @enum {string} */
            hardware_type?: "hdd" | "nvme";
            id?: number;
            label?: string;
            vm_id?: number | null;
            vm_label?: string | null;
            region?: string;
            /** @description GiB. */
            size?: number;
            /** @enum {string} */
            status?: "creating" | "active" | "resizing" | "contact_support";
            tags?: unknown[];
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            updated?: string;
        };
        NodeBalancer: {
            /** @description 0 disables. */
            client_conn_throttle?: number;
            /**
             * Format: iso-date-time
             * @example 2018-01-02T03:04:05Z
             */
            created?: string;
            /** @description Ends with `.nodebalancer.` plus the service domain. */
            hostname?: string;
            /** @description Type not shown. */
            id?: unknown;
            /** Format: ipv4 */
            ipv4?: string;
            /** Format: ipv6 */
            ipv6?: string | null;
            /** @description Unique per account. */
            label?: string;
            region?: string;
            tags?: unknown[];
            transfer?: {
                /** @description MB. */
                in?: number | null;
                /** @description MB. */
                out?: number | null;
                /** @description MB. */
                total?: number | null;
            };
        };
        Tag: {
            label?: string;
        };
        /** @description One element of the tagged-objects result: a `data` object shaped as an instance, domain, volume or NodeBalancer. The element's type marker: not shown, so anyOf (not oneOf) is used. */
        TaggedObject: {
            data: components["schemas"]["Instance"] | components["schemas"]["Domain"] | components["schemas"]["Volume"] | components["schemas"]["NodeBalancer"];
        };
        /** @description Writable fields of a managed contact. No field is stated as required. */
        ManagedContact: {
            /** Format: email */
            email?: string;
            group?: string | null;
            name?: string;
            phone?: {
                /** @description Phone number; format not shown. */
                primary?: string | null;
                /** @description Phone number; format not shown. */
                secondary?: string | null;
            };
        };
        /** @description Writable fields of a managed service. */
        ManagedService: {
            /**
             * Format: uri
             * @description URL. Query parameters are preserved, URL fragments are dropped.
             */
            address?: string;
            body?: string | null;
            consultation_group?: string;
            /** @description Credential IDs. */
            credentials?: number[];
            label?: string;
            notes?: string | null;
            /** @description Required when address is a private IP; may not be set otherwise. */
            region?: string;
            /** @enum {string} */
            service_type?: "url" | "tcp";
            /** @description Seconds. */
            timeout?: number;
        };
        /** @description Writable fields of a recipe. */
        Recipe: {
            description?: string;
            /** @description Image IDs. */
            images?: string[];
            /** @description A public recipe cannot be made private again. */
            is_public?: boolean;
            label?: string;
            rev_note?: string;
            script?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccountUpdate"];
            };
        };
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    comments?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        survey_link: string;
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addCreditCard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 14..24 digits, no spaces or dashes. */
                    card_number: string;
                    cvv: string;
                    expiry_month: number;
                    /** @description Four digits. */
                    expiry_year: number;
                };
            };
        };
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEntityTransfers: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table says bounds of page_size on this list are not shown, so only the type and the default of Conventions 5 are asserted (see spec/README.md, judgment call 2). */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["EntityTransfer"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createEntityTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    entities: components["schemas"]["EntityTransferEntities"];
                };
            };
        };
        responses: {
            /** @description Success; a newly created transfer is returned as pending. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntityTransfer"] & {
                        /** @constant */
                        status?: "pending";
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEntityTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EntityTransfer"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelEntityTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptEntityTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table says bounds of page_size on this list are not shown, so only the type and the default of Conventions 5 are asserted (see spec/README.md, judgment call 2). */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["Event"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markEventRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markEventSeen: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table says bounds of page_size on this list are not shown, so only the type and the default of Conventions 5 are asserted (see spec/README.md, judgment call 2). */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["Invoice"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvoiceItems: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table says bounds of page_size on this list are not shown, so only the type and the default of Conventions 5 are asserted (see spec/README.md, judgment call 2). */
                page_size?: number;
            };
            header?: never;
            path: {
                invoiceId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["InvoiceItem"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLogins: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["Login"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLogin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                loginId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Login"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMaintenance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["MaintenanceItem"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["Notification"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPaymentMethods: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table says bounds of page_size on this list are not shown, so only the type and the default of Conventions 5 are asserted (see spec/README.md, judgment call 2). */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["PaymentMethod"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOAuthClients: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table says bounds of page_size on this list are not shown, so only the type and the default of Conventions 5 are asserted (see spec/README.md, judgment call 2). */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["OAuthClient"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOAuthClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label: string;
                    public?: boolean;
                    /**
                     * Format: uri
                     * @description Where a successful login is redirected; the receiver must accept an exchange code.
                     */
                    redirect_uri: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOAuthClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOAuthClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    label?: string;
                    public?: boolean;
                    /**
                     * Format: uri
                     * @description Where a successful login is redirected; the receiver must accept an exchange code.
                     */
                    redirect_uri?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteOAuthClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resetOAuthClientSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client, with its secret in plaintext. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthClient"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOAuthClientThumbnail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thumbnail image; its content type is not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOAuthClientThumbnail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        /** @description Raw image file as the body, with an image content type. */
        requestBody: {
            content: {
                "image/*": string;
            };
        };
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBuckets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["Bucket"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBucket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default private
                     * @enum {string}
                     */
                    acl?: "private" | "public-read" | "authenticated-read" | "public-read-write";
                    cluster: string;
                    /** @description True enables CORS for all origins. */
                    cors_enabled?: boolean;
                    /** @description Unique within the cluster. */
                    label: string;
                };
            };
        };
        responses: {
            /** @description The bucket. Status 200 is given for a bucket that already exists and is owned by the caller. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bucket"];
                };
            };
            /** @description The new bucket. The status for a newly created bucket is not shown (see spec/README.md). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bucket"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClusterBuckets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clusterId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["Bucket"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBucket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clusterId: string;
                bucket: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bucket"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteBucket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clusterId: string;
                bucket: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateBucketAccess: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clusterId: string;
                bucket: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    acl?: "private" | "public-read" | "authenticated-read" | "public-read-write" | "custom";
                    cors_enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    modifyBucketAccess: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clusterId: string;
                bucket: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    acl?: "private" | "public-read" | "authenticated-read" | "public-read-write" | "custom";
                    cors_enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getObjectAcl: {
        parameters: {
            query?: {
                /** @description Object name; it names the object whose ACL is viewed. The material does not write `required` here (the update body does), so it is not required; what the view answers without it is not shown (spec/README.md, judgment call 39). */
                name?: string;
            };
            header?: never;
            path: {
                clusterId: string;
                bucket: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectAcl"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateObjectAcl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clusterId: string;
                bucket: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    acl: "private" | "public-read" | "authenticated-read" | "public-read-write" | "custom";
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ObjectAcl"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBucketObjects: {
        parameters: {
            query?: {
                /** @description Name of the last object of the previous page. */
                marker?: string;
                /** @description Names are returned up to its first occurrence. */
                delimiter?: string;
                /** @description Only names starting with it. */
                prefix?: string;
                /** @description Number of results per page. The Limits table says bounds of page_size on this list are not shown, so only the type is asserted (see spec/README.md). */
                page_size?: number;
            };
            header?: never;
            path: {
                clusterId: string;
                bucket: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `data`: array of objects (the material shows only `data`). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ObjectListEntry"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createObjectUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clusterId: string;
                bucket: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Object name; the object need not exist. */
                    name: string;
                    /**
                     * @description HTTP method the URL permits.
                     * @default GET
                     */
                    method?: string;
                    /**
                     * @description Seconds.
                     * @default 3600
                     */
                    expires_in?: number;
                    content_type?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PresignedUrl"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBucketSsl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clusterId: string;
                bucket: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TlsState"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    uploadBucketSsl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clusterId: string;
                bucket: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Base64 PEM. */
                    certificate: string;
                    private_key: string;
                };
            };
        };
        responses: {
            /** @description Success; after upload ssl is true. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TlsState"] & {
                        /** @constant */
                        ssl?: true;
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteBucketSsl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clusterId: string;
                bucket: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelObjectStorage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listClusters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["Cluster"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCluster: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clusterId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cluster"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A paginated collection. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: components["schemas"]["AccessKey"][];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    label?: string;
                    bucket_access?: {
                        cluster?: string;
                        bucket_name?: string;
                        /**
                         * @description Values seen: read_only, read_write (not an enumeration in the material).
                         * @example read_only
                         * @example read_write
                         */
                        permissions?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessKey"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessKey"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    label?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessKey"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The empty object `{}`. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmptyObject"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getObjectStorageTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransferUsage"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInstances: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInstance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Public SSH keys added to the root user. */
                    authorized_keys?: string[];
                    /** @description Usernames whose stored SSH keys are added; each needs an SSH key on the caller's profile. */
                    authorized_users?: string[];
                    /** @description Mutually exclusive with image. */
                    backup_id?: number;
                    /** @description Always treated as true when the account-wide backups setting is true; adds a charge. */
                    backups_enabled?: boolean;
                    /** @description Default true when created from an image or backup (a conditional default, so no `default` keyword). */
                    booted?: boolean;
                    /** @deprecated */
                    group?: string;
                    image?: string;
                    /** @description At most 3 (eth0..eth2). Only one public interface per instance; an empty array gives a default public interface only; changes take effect on reboot. */
                    interfaces?: components["schemas"]["Interface"][];
                    /** @description Instance label rules; a default is assigned when none is given. */
                    label?: string;
                    private_ip?: boolean;
                    region: string;
                    /**
                     * Format: password
                     * @description Password for the root user, 7..128 chars. A weak password is refused with the reason `Password does not meet strength requirement`.
                     */
                    root_pass?: string;
                    /** @description Valid JSON; needed only if the recipe requires input. */
                    recipe_data?: Record<string, never>;
                    recipe_id?: number;
                    /**
                     * @description MB; only used when deploying from an image.
                     * @default 512
                     */
                    swap_size?: number;
                    /** @description Only unrestricted users can add tags. */
                    tags?: string[];
                    type: string;
                } & (unknown & unknown & unknown & unknown & unknown);
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    alerts?: {
                        /** @description Percent of one core times core count, average over two hours; default 90 times the core count; 0 disables. */
                        cpu?: number;
                        /** @description Disk operations per second, 2-hour average; 0 disables. */
                        io?: number;
                        /** @description Mbit/s; 0 disables. */
                        network_in?: number;
                        /** @description Mbit/s; 0 disables. */
                        network_out?: number;
                        /** @description Percent of transfer allowance; 0 disables. */
                        transfer_quota?: number;
                    };
                    backups?: {
                        schedule?: {
                            /** @enum {string|null} */
                            day?: "Scheduling" | "Sunday" | "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | null;
                            /**
                             * @description A two-hour UTC span starting at that hour. `Scheduling` is returned until an automatic choice is made.
                             * @enum {string|null}
                             */
                            window?: "Scheduling" | "W0" | "W2" | "W4" | "W6" | "W8" | "W10" | "W12" | "W14" | "W16" | "W18" | "W20" | "W22" | null;
                        };
                    };
                    /** @deprecated */
                    group?: string;
                    label?: string;
                    /** @description Only unrestricted users can modify tags. */
                    tags?: string[];
                    watchdog_enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBackups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label: string;
                };
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelBackups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    enableBackups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBackup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
                backupId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreBackup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
                backupId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Target instance. */
                    vm_id: number;
                    overwrite?: boolean;
                };
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bootInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    config_id?: number;
                };
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cloneInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description New target only. */
                    backups_enabled?: boolean;
                    /** @description Absent: all configs and their disks; empty: no config; non-empty: the listed configs and their disks. */
                    configs?: number[];
                    /** @description Extra disks cloned in addition. */
                    disks?: number[];
                    /** @description Deprecated on the instance record. */
                    group?: string;
                    /**
                     * @description New target only.
                     * @default vm
                     */
                    label?: string;
                    /** @description An existing target instance with enough resources. */
                    vm_id?: number;
                    /** @description New target only; required then. */
                    region?: string;
                    /** @description New target only; required then. */
                    type?: string;
                };
            };
        };
        responses: {
            /** @description More than 5 concurrent clones of one source instance. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConfigs: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigurationProfile"] & unknown;
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
                configId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
                configId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ConfigurationProfile"];
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
                configId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDisks: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDisk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    authorized_keys?: string[];
                    authorized_users?: string[];
                    /**
                     * @description Default ext4, or the image's filesystem when created from an image unless filesystem is given.
                     * @default ext4
                     * @enum {string}
                     */
                    filesystem?: "raw" | "swap" | "ext3" | "ext4" | "initrd";
                    image?: string;
                    label?: string;
                    /** @description Valid JSON object. */
                    recipe_data?: Record<string, never>;
                    recipe_id?: number;
                    /**
                     * Format: password
                     * @description Password for the root user, 7..128 chars. A weak password is refused with the reason `Password does not meet strength requirement`.
                     */
                    root_pass?: string;
                    /** @description MB. */
                    size: number;
                } & ((unknown | unknown) & unknown & unknown);
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDisk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
                diskId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateDisk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
                diskId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": any;
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rescueInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    devices?: components["schemas"]["RescueDevices"];
                };
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resizeInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    type: string;
                    /** @default true */
                    allow_auto_disk_resize?: boolean;
                };
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    shutdownInstance: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInstanceStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInstanceStatsByMonth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
                year: number;
                month: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInstanceTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInstanceTransferByMonth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
                year: number;
                month: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInstanceVolumes: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listKernels: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getKernel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kernelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listManagedContacts: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createManagedContact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ManagedContact"];
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getManagedContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                contactId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateManagedContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                contactId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ManagedContact"];
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteManagedContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                contactId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listManagedCredentials: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createManagedCredential: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique. */
                    label: string;
                    /** @description The material types it as a plain string (no `password` format is stated). */
                    password: string;
                    username?: string;
                };
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getManagedSshKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getManagedCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                credentialId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateManagedCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                credentialId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Unique. */
                    label?: string;
                };
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeManagedCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                credentialId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateManagedCredentialUsernamePassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                credentialId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The material types it as a plain string (no `password` format is stated). */
                    password: string;
                    username?: string;
                };
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listManagedIssues: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getManagedIssue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                issueId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listManagedVmSettings: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getManagedVmSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateManagedVmSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                vmId: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    ssh?: {
                        access?: boolean;
                        ip?: string | unknown | unknown;
                        port?: number;
                        user?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listManagedServices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createManagedService: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ManagedService"] & unknown;
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getManagedService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateManagedService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ManagedService"];
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteManagedService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    disableManagedService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    enableManagedService: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listManagedStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTickets: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    openTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description: string;
                    summary: string;
                    domain_id?: number;
                    vm_id?: number;
                    metricsclient_id?: number;
                    nodebalancer_id?: number;
                    volume_id?: number;
                    /** @description With true, no ID attribute may be given and the account must have the managed service enabled. */
                    managed_issue?: boolean;
                    /** @description Allowed only for a VLAN ticket (one that sets vlan). */
                    region?: string;
                    /** @description VLAN label; requires region. */
                    vlan?: string;
                } & (unknown & unknown);
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                ticketId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTicketAttachment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                ticketId: string;
            };
            cookie?: never;
        };
        /** @description The material names a `file` and its allowed extensions; the body shape is not shown. A multipart/form-data body with a `file` part is assumed (see spec/README.md). */
        requestBody: {
            content: {
                "multipart/form-data": any;
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    closeTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                ticketId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTicketReplies: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                ticketId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTicketReply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The material gives no type for this identifier (see spec/README.md). */
                ticketId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description: string;
                };
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRecipes: {
        parameters: {
            query?: {
                /** @description Page of the collection to return (material: Conventions 5, Limits). */
                page?: number;
                /** @description Number of results per page. The Limits table bounds page_size to 25..100 (default 100) on this list. */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Collection"] & {
                        data?: any[];
                    };
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRecipe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Recipe"] & unknown;
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRecipe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                recipeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateRecipe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                recipeId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Recipe"];
            };
        };
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteRecipe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                recipeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success; body not shown. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTag: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label: string;
                    domains?: number[];
                    vms?: number[];
                    nodebalancers?: number[];
                    volumes?: number[];
                };
            };
        };
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTaggedObjects: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                label: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                label: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": any;
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error. Statuses other than those named in the material are not shown. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
