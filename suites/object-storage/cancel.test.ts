// Material: Endpoints / Object storage (Object storage cancel: {}; all buckets must be empty),
// Errors item 11. Each check cancels on a fresh, separate account (provider state second-account),
// so the buckets of other checks are never touched.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectEmptyObject, expectError, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { bucketAs, forceRemove, otherAccount } from "./helpers.ts";

describe("object-storage/cancel", () => {
  check(
    { id: "OS-CANCEL-1", op: "cancelObjectStorage", effect: "destructive" },
    "object storage cancel with every bucket empty answers {}",
    async (c) => {
      const as = await otherAccount(c);
      const path = await bucketAs(c, as);
      try {
        expectEmptyObject(await c.ops.cancelObjectStorage({ as }));
      } finally {
        await c.ops.deleteBucket({ path: { ...path }, as });
      }
    },
  );

  check(
    {
      id: "OS-CANCEL-2",
      op: ["cancelObjectStorage", "getBucket", "listBucketObjects"],
      effect: "destructive",
    },
    "object storage cancel while a bucket holds objects is refused and the bucket stays",
    async (c) => {
      const as = await otherAccount(c);
      const path = await bucketAs(c, as);
      try {
        await c.states.require("bucket-objects", {
          cluster: path.clusterId,
          bucket: path.bucket,
          count: 2,
        });
        expectError(await c.ops.cancelObjectStorage({ as }));
        expectSuccess(await c.ops.getBucket({ path: { ...path }, as }));
        // the contents list, not the record's `objects`: when that count catches up is not shown
        const listed = expectSuccess<{ data: unknown[] }>(
          await c.ops.listBucketObjects({ path: { ...path }, as }),
        );
        if (listed.data?.length !== 2)
          throw new TargetFailure(
            `after the refused cancel the bucket's contents list holds ${listed.data?.length} objects; it held 2`,
          );
      } finally {
        await forceRemove(c, path, as);
      }
    },
  );
});
