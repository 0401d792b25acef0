// Material: Endpoints / Object storage (TLS cert view, upload with certificate and private_key, both
// required; delete), States and transitions (Bucket TLS state: upload -> ssl true, delete -> ssl false).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectEmptyObject, expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { CERTIFICATE, PRIVATE_KEY } from "./helpers.ts";
import { freshBucket } from "../shared/factories.ts";
import { offContract } from "../../harness/ops.ts";

describe("object-storage/ssl", () => {
  check(
    { id: "OS-SSL-1", op: "getBucketSsl", effect: "creates" },
    "TLS cert view of a bucket without a certificate answers ssl false",
    async (c) => {
      const { path } = await freshBucket(c);
      const body = expectSuccess(await c.ops.getBucketSsl({ path: { ...path } }));
      if (body.ssl !== false)
        throw new TargetFailure(
          `a bucket with no certificate shows ssl ${JSON.stringify(body.ssl)}`,
        );
    },
  );

  check(
    { id: "OS-SSL-2", op: ["uploadBucketSsl", "getBucketSsl"], effect: "creates" },
    "TLS cert upload answers ssl true and a later view shows ssl true",
    async (c) => {
      const { path } = await freshBucket(c);
      try {
        const up = expectSuccess(
          await c.ops.uploadBucketSsl({
            path: { ...path },
            body: { certificate: CERTIFICATE, private_key: PRIVATE_KEY },
          }),
        );
        if (up.ssl !== true)
          throw new TargetFailure(`upload answered ssl ${JSON.stringify(up.ssl)}`);
        const seen = expectSuccess(await c.ops.getBucketSsl({ path: { ...path } }));
        if (seen.ssl !== true)
          throw new TargetFailure(
            `after the upload the view shows ssl ${JSON.stringify(seen.ssl)}`,
          );
      } finally {
        await c.ops.deleteBucketSsl({ path: { ...path } });
      }
    },
  );

  check(
    { id: "OS-SSL-3", op: ["deleteBucketSsl", "getBucketSsl"], effect: "creates" },
    "TLS cert delete answers {} and a later view shows ssl false",
    async (c) => {
      const { path } = await freshBucket(c);
      expectSuccess(
        await c.ops.uploadBucketSsl({
          path: { ...path },
          body: { certificate: CERTIFICATE, private_key: PRIVATE_KEY },
        }),
      );
      expectEmptyObject(await c.ops.deleteBucketSsl({ path: { ...path } }));
      const seen = expectSuccess(await c.ops.getBucketSsl({ path: { ...path } }));
      if (seen.ssl !== false)
        throw new TargetFailure(`after the delete the view shows ssl ${JSON.stringify(seen.ssl)}`);
    },
  );

  check(
    { id: "FIELD.uploadBucketSsl.certificate", op: "uploadBucketSsl", effect: "creates" },
    "TLS cert upload without certificate is refused naming certificate",
    async (c) => {
      const { path } = await freshBucket(c);
      expectErrorNamingField(
        await c.ops.uploadBucketSsl({
          path: { ...path },
          body: offContract({ private_key: PRIVATE_KEY }),
        }),
        "certificate",
      );
    },
  );

  check(
    { id: "FIELD.uploadBucketSsl.private_key", op: "uploadBucketSsl", effect: "creates" },
    "TLS cert upload without private_key is refused naming private_key",
    async (c) => {
      const { path } = await freshBucket(c);
      expectErrorNamingField(
        await c.ops.uploadBucketSsl({
          path: { ...path },
          body: offContract({ certificate: CERTIFICATE }),
        }),
        "private_key",
      );
    },
  );
});
