// Material: Endpoints / Object storage (Bucket access modify POST and update PUT: acl with five
// values, cors_enabled; answer {}), Bucket create (cors_enabled true enables CORS for all origins).
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { expectEmptyObject, expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { ACLS, presign, putObject, withBucket } from "./helpers.ts";
import { freshBucket, type BucketRef } from "../shared/factories.ts";
import { offContract } from "../../harness/ops.ts";

const ORIGIN = "https://plumbline.example";

/** The Access-Control-Allow-Origin a data-plane GET of an object answers to a cross-origin request. */
async function allowOrigin(c: CheckContext, path: BucketRef): Promise<string | undefined> {
  await putObject(c, path, "cors-probe", "x");
  const res = await c.http("GET", await presign(c, path, "cors-probe", "GET"), {
    headers: { Origin: ORIGIN },
  });
  if (res.status < 200 || res.status > 299)
    throw new TargetFailure(`GET through a pre-signed GET URL answered ${res.status || res.error}`);
  return res.headers["access-control-allow-origin"];
}

function expectCorsForAll(value: string | undefined): void {
  if (value !== "*" && value !== ORIGIN)
    throw new TargetFailure(
      `a cross-origin request from ${ORIGIN} got Access-Control-Allow-Origin ${value ?? "(none)"}; CORS is enabled for all origins`,
    );
}

const OPS = [
  ["modifyBucketAccess", "POST"],
  ["updateBucketAccess", "PUT"],
] as const;

describe("object-storage/access", () => {
  for (const [op, method] of OPS) {
    check(
      { id: [`FIELD.${op}.acl`, "OS-ACCESS-1"], op, effect: "creates" },
      `bucket access ${method} accepts each of the five acl values and the bucket shows it`,
      async (c) => {
        const { path } = await freshBucket(c);
        for (const acl of ACLS) {
          expectEmptyObject(await c.ops[op]({ path: { ...path }, body: { acl } }));
          const b = expectSuccess(await c.ops.getBucket({ path: { ...path } }));
          if (typeof b.acl === "string" && b.acl !== acl)
            throw new TargetFailure(`after setting acl ${acl} the bucket shows acl ${b.acl}`);
        }
      },
    );

    check(
      { id: `FIELD.${op}.acl`, op, effect: "creates" },
      `bucket access ${method} refuses an acl outside the five values naming acl`,
      async (c) => {
        const { path } = await freshBucket(c);
        expectErrorNamingField(
          await c.ops[op]({ path: { ...path }, body: { acl: offContract("everyone") } }),
          "acl",
        );
      },
    );

    check(
      { id: "OS-ACCESS-2", op, effect: "creates" },
      `bucket access ${method} with cors_enabled true enables CORS for all origins`,
      async (c) => {
        await withBucket(
          c,
          async (path) => {
            expectEmptyObject(await c.ops[op]({ path: { ...path }, body: { cors_enabled: true } }));
            expectCorsForAll(await allowOrigin(c, path));
          },
          { cors_enabled: false },
        );
      },
    );
  }

  check(
    { id: "OS-BUCKET-6", op: "createBucket", effect: "creates" },
    "a bucket created with cors_enabled true has CORS enabled for all origins",
    async (c) => {
      await withBucket(c, async (path) => expectCorsForAll(await allowOrigin(c, path)), {
        cors_enabled: true,
      });
    },
  );
});
