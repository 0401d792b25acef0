// Object storage: Limits (pre-signed URL validity 360..68400, where 68400 reads like a misprint of
// a day: a target taking 86400 gets a named SHOULD warning, spec/README.md "Contradictions") and Key
// create (an entry of bucket_access missing cluster, bucket_name or permissions: the material gives
// the entry's shape only, so it may be refused, or taken; taken, the key is limited, OS-KEY-11).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectError, expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { allPages } from "../shared/pages.ts";
import { freshBucket } from "../shared/factories.ts";
import { offContract } from "../../harness/ops.ts";

describe("object-storage/depth", () => {
  check(
    { id: "OS-URL-5", op: "createObjectUrl", level: "SHOULD", effect: "creates" },
    "expires_in 68401 and 86400 (past 68400, up to a day) are refused naming expires_in",
    async (c) => {
      const { path } = await freshBucket(c);
      // a target reading 68400 as a misprint of a day takes these: a named warning, not a MUST failure (C5)
      for (const expires_in of [68401, 86400]) {
        expectErrorNamingField(
          await c.ops.createObjectUrl({
            path: { ...path },
            body: { name: "day", method: "GET", expires_in },
          }),
          "expires_in",
        );
      }
    },
  );

  for (const member of ["cluster", "bucket_name", "permissions"] as const) {
    check(
      { id: "OS-KEY-11", op: ["createKey", "listKeys"], effect: "creates" },
      `a bucket_access entry without ${member} is refused (no key made) or makes a limited key`,
      async (c) => {
        const { bucket } = await freshBucket(c);
        const entry: Record<string, string> = {
          cluster: bucket.cluster,
          bucket_name: bucket.label,
          permissions: "read_only",
        };
        delete entry[member];
        const label = c.label("key", 50);
        const res = await c.ops.createKey({ body: { label, bucket_access: [offContract(entry)] } });
        const made = (await allPages(c.ops, "listKeys")).filter((k) => k?.label === label);
        for (const k of made) await c.ops.revokeKey({ path: { keyId: k.id } });
        if (res.status >= 400) {
          const fields = expectError(res).map((e) => e.field);
          c.observe("OS-KEY-11", `an entry without ${member} was refused naming`, fields);
          if (made.length)
            throw new TargetFailure(
              `the refused create made key(s) ${made.map((k) => k.id).join(", ")} labelled ${label}`,
            );
          return;
        }
        const key = expectSuccess(res);
        c.observe(
          "OS-KEY-11",
          `an entry without ${member} was taken; bucket_access shows`,
          key?.bucket_access,
        );
        if (key?.limited !== true)
          throw new TargetFailure(
            `a key made with a non-empty bucket_access (an entry without ${member}) shows limited ${JSON.stringify(key?.limited)}`,
          );
      },
    );
  }
});
