// Material: Endpoints / Object storage (Object ACL view with query name, Object ACL update with acl
// and name, both required), Object storage resources (Object ACL: acl of five values, acl_xml).
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { ACLS, empty, fill } from "./helpers.ts";
import { freshBucket, type BucketRef } from "../shared/factories.ts";
import { offContract } from "../../harness/ops.ts";

/** A fresh bucket holding one object; the body runs, then the bucket is emptied for cleanup. */
async function withObject(
  c: CheckContext,
  body: (path: BucketRef, name: string) => Promise<void>,
): Promise<void> {
  const { path } = await freshBucket(c);
  await fill(c, path, 1, "acl-");
  const names = expectSuccess(await c.ops.listBucketObjects({ path: { ...path } })).data.map(
    (o: any) => o.name,
  );
  try {
    await body(path, names[0]);
  } finally {
    await empty(c, path);
  }
}

describe("object-storage/object-acl", () => {
  check(
    { id: "OS-ACL-1", op: "getObjectAcl", effect: "creates" },
    "object ACL view answers acl and the acl_xml policy",
    async (c) => {
      await withObject(c, async (path, name) => {
        const acl = expectSuccess(await c.ops.getObjectAcl({ path: { ...path }, query: { name } }));
        if (!ACLS.includes(acl.acl!)) throw new TargetFailure(`acl is ${JSON.stringify(acl.acl)}`);
        if (typeof acl.acl_xml !== "string" || acl.acl_xml.trim() === "")
          throw new TargetFailure(
            `acl_xml is ${JSON.stringify(acl.acl_xml)}; the full XML of the ACL policy`,
          );
      });
    },
  );

  check(
    { id: "OS-ACL-3", op: "getObjectAcl", effect: "creates" },
    "object ACL view without name: the answer is recorded",
    async (c) => {
      const { path } = await freshBucket(c);
      const res = await c.ops.getObjectAcl({ path: { ...path } });
      c.observe("OS-ACL-3", "object ACL view without name answered", res.status);
    },
  );

  check(
    {
      id: ["OS-ACL-2", "FIELD.updateObjectAcl.acl"],
      op: ["updateObjectAcl", "getObjectAcl"],
      effect: "creates",
    },
    "object ACL update answers each of the five acl values and a later view shows it",
    async (c) => {
      await withObject(c, async (path, name) => {
        for (const acl of [
          "public-read",
          "private",
          "authenticated-read",
          "public-read-write",
          "custom",
        ] as const) {
          const set = expectSuccess(
            await c.ops.updateObjectAcl({ path: { ...path }, body: { acl, name } }),
          );
          if (set.acl !== acl) throw new TargetFailure(`update to ${acl} answered acl ${set.acl}`);
          const seen = expectSuccess(
            await c.ops.getObjectAcl({ path: { ...path }, query: { name } }),
          );
          if (seen.acl !== acl)
            throw new TargetFailure(`after the update to ${acl} the view shows acl ${seen.acl}`);
        }
      });
    },
  );

  check(
    { id: "FIELD.updateObjectAcl.acl", op: "updateObjectAcl", effect: "creates" },
    "object ACL update without acl, or with an acl outside the five values, is refused naming acl",
    async (c) => {
      await withObject(c, async (path, name) => {
        expectErrorNamingField(
          await c.ops.updateObjectAcl({ path: { ...path }, body: offContract({ name }) }),
          "acl",
        );
        expectErrorNamingField(
          await c.ops.updateObjectAcl({
            path: { ...path },
            body: { name, acl: offContract("everyone") },
          }),
          "acl",
        );
      });
    },
  );

  check(
    { id: "FIELD.updateObjectAcl.name", op: "updateObjectAcl", effect: "creates" },
    "object ACL update without name is refused naming name",
    async (c) => {
      const { path } = await freshBucket(c);
      expectErrorNamingField(
        await c.ops.updateObjectAcl({ path: { ...path }, body: offContract({ acl: "private" }) }),
        "name",
      );
    },
  );
});
