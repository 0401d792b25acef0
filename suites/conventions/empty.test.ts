// General conventions 3 and Shared shapes (Empty result): an operation that returns no data answers {}.
// One check per operation the Endpoints tables show answering {} (card, transfer accept and object
// storage cancel are left to their areas: destructive).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectEmptyObject } from "../../harness/expect.ts";
import { eventOfWrite } from "../shared/pages.ts";

/** A 1x1 PNG, for the thumbnail upload. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

describe("conventions/empty", () => {
  check(
    { id: "CONV-EMPTY-1", op: "revokeKey", effect: "creates" },
    "key revoke answers {}",
    async ({ ops, fresh }) => {
      const key = await fresh.key();
      expectEmptyObject(await ops.revokeKey({ path: { keyId: key.id } }));
    },
  );

  check(
    { id: "CONV-EMPTY-1", op: "deleteOAuthClient", effect: "creates" },
    "OAuth client delete answers {}",
    async ({ ops, fresh }) => {
      const client = await fresh.oauthClient();
      expectEmptyObject(await ops.deleteOAuthClient({ path: { clientId: client.id } }));
    },
  );

  check(
    { id: "CONV-EMPTY-1", op: "updateOAuthClientThumbnail", effect: "creates" },
    "OAuth client thumbnail update answers {}",
    async ({ ops, fresh }) => {
      const client = await fresh.oauthClient();
      expectEmptyObject(
        await ops.updateOAuthClientThumbnail({
          path: { clientId: client.id },
          body: PNG,
          contentType: "image/png",
        }),
      );
    },
  );

  check(
    { id: "CONV-EMPTY-1", op: "modifyBucketAccess", effect: "creates" },
    "bucket access modify answers {}",
    async ({ ops, fresh }) => {
      const b = await fresh.bucket();
      expectEmptyObject(
        await ops.modifyBucketAccess({
          path: { clusterId: b.cluster, bucket: b.label },
          body: { acl: "private", cors_enabled: false },
        }),
      );
    },
  );

  check(
    { id: "CONV-EMPTY-1", op: "updateBucketAccess", effect: "creates" },
    "bucket access update answers {}",
    async ({ ops, fresh }) => {
      const b = await fresh.bucket();
      expectEmptyObject(
        await ops.updateBucketAccess({
          path: { clusterId: b.cluster, bucket: b.label },
          body: { acl: "private", cors_enabled: false },
        }),
      );
    },
  );

  check(
    { id: "CONV-EMPTY-1", op: "deleteBucket", effect: "creates" },
    "bucket remove answers {}",
    async ({ ops, fresh }) => {
      const b = await fresh.bucket();
      expectEmptyObject(
        await ops.deleteBucket({ path: { clusterId: b.cluster, bucket: b.label } }),
      );
    },
  );

  check(
    { id: "CONV-EMPTY-1", op: "markEventRead", effect: "creates" },
    "event mark read answers {}",
    async ({ ops, fresh, skip, config }) => {
      // an event of this check's own making, so no other check's events change
      const client = await fresh.oauthClient();
      // any page: under load the account holds more events than one page shows; it may show a
      // little after the create (the convergence window)
      const mine = await eventOfWrite(
        { ops, config },
        (e: any) => e?.entity?.label === client.label,
      );
      if (!mine)
        skip(
          "the events list shows no event for the OAuth client this check created (which action an operation emits is not shown)",
        );
      expectEmptyObject(await ops.markEventRead({ path: { eventId: mine.id } }));
    },
  );

  check(
    { id: "CONV-EMPTY-1", op: "cancelEntityTransfer", effect: "billable" },
    "entity transfer cancel answers {}",
    async ({ ops, fresh }) => {
      const vm = await fresh.emptyInstance();
      const transfer = await fresh.create("entityTransfer", "createEntityTransfer", {
        body: { entities: { vms: [vm.id] } },
      });
      expectEmptyObject(await ops.cancelEntityTransfer({ path: { token: transfer.token } }));
    },
  );
});
