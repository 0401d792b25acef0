// Object storage, Errors 2: every type-only request member (a JSON type and nothing more) is sent a
// value of another JSON type; the refusal names the field and nothing changes (see
// suites/conventions/field-types.ts).
import { type Row, typeChecks, labelled, view } from "../shared/field-types.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { allPages } from "../shared/pages.ts";
import { freshBucket } from "../shared/factories.ts";

typeChecks([
  {
    op: "createBucket",
    effect: "creates",
    prepare: async (ctx) => ({
      body: {
        label: ctx.label("bkt", 63).toLowerCase(),
        cluster: await ctx.fresh.cluster(),
        acl: "public-read",
      },
      made: async (sent) => labelled(await allPages(ctx.ops, "listBuckets"), "label", sent),
      undo: async (res) =>
        void (await ctx.ops.deleteBucket({
          path: { clusterId: res.body.cluster, bucket: res.body.label },
        })),
    }),
  },
  ...(["modifyBucketAccess", "updateBucketAccess"] as const).map(
    (op): Row => ({
      op,
      effect: "creates",
      prepare: async (ctx) => {
        const { path } = await freshBucket(ctx);
        return {
          path: { ...path },
          body: { acl: "public-read" },
          state: view(ctx, "getBucket", { ...path }),
        };
      },
    }),
  ),
  {
    op: "createObjectUrl",
    effect: "creates",
    prepare: async (ctx) => {
      const { path } = await freshBucket(ctx);
      return {
        path: { ...path },
        body: { name: "plumbline.txt", method: "GET", content_type: "text/plain" },
      };
    },
  },
  {
    op: "createKey",
    effect: "creates",
    prepare: async (ctx) => {
      const { bucket } = await freshBucket(ctx);
      return {
        body: {
          label: ctx.label("key", 50),
          bucket_access: [
            { cluster: bucket.cluster, bucket_name: bucket.label, permissions: "read_only" },
          ],
        },
        made: async (sent) => labelled(await allPages(ctx.ops, "listKeys"), "label", sent),
        undo: async (res) => void (await ctx.ops.revokeKey({ path: { keyId: res.body.id } })),
      };
    },
  },
  {
    op: "updateKey",
    effect: "creates",
    prepare: async (ctx) => {
      const k = await ctx.fresh.key();
      return {
        path: { keyId: k.id },
        body: {},
        state: async () => {
          const v = expectSuccess(await ctx.ops.getKey({ path: { keyId: k.id } }));
          return v?.label;
        },
      };
    },
  },
]);
