// Material: Endpoints / Tags (Tag delete), Authentication 5.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectError, expectSuccess } from "../../harness/expect.ts";
import { createTag, expectTagged, expectUntagged, taggable } from "./helpers.ts";

describe("tags/delete", () => {
  check(
    {
      id: ["TAG-DELETE-1", "TAG-DELETE-3"],
      op: ["deleteTag", "listTaggedObjects"],
      effect: "creates",
    },
    "tag delete removes the tag from every domain, volume and NodeBalancer carrying it",
    async (ctx) => {
      const o = await taggable(ctx);
      const label = ctx.label("tag", 50);
      await createTag(ctx, {
        label,
        domains: [o.domain],
        volumes: [o.volume],
        nodebalancers: [o.nodebalancer],
      });
      const res = await ctx.ops.deleteTag({ path: { label } });
      expectSuccess(res);
      ctx.observe("TAG-DELETE-3", "tag delete response body", res.body);
      await expectUntagged(
        ctx,
        label,
        [o.domain, o.volume, o.nodebalancer],
        `deleted tag ${label}`,
      );
    },
  );

  check(
    { id: "TAG-DELETE-1", op: ["deleteTag", "listTaggedObjects"], effect: "billable" },
    "tag delete removes the tag from the instance carrying it",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const label = ctx.label("tag", 50);
      await createTag(ctx, { label, vms: [vm.id] });
      expectSuccess(await ctx.ops.deleteTag({ path: { label } }));
      await expectUntagged(ctx, label, [vm.id], `deleted tag ${label}`);
    },
  );

  check(
    { id: "TAG-DELETE-1", op: ["deleteTag", "createTag", "listTaggedObjects"], effect: "creates" },
    "a deleted tag made again with no object carries none of its former objects",
    async (ctx) => {
      const o = await taggable(ctx);
      const label = ctx.label("tag", 50);
      await createTag(ctx, { label, volumes: [o.volume] });
      expectSuccess(await ctx.ops.deleteTag({ path: { label } }));
      await createTag(ctx, { label });
      await expectTagged(ctx, label, [], `tag ${label} deleted and made again with no object`);
    },
  );

  check(
    { id: "TAG-DELETE-2", op: ["deleteTag", "listTaggedObjects"], effect: "creates" },
    "a restricted user's tag delete is refused and the objects keep the tag",
    async (ctx) => {
      const o = await taggable(ctx);
      const label = ctx.label("tag", 50);
      await createTag(ctx, { label, volumes: [o.volume] });
      expectError(
        await ctx.ops.deleteTag({ path: { label }, as: ctx.principals.get("restricted") }),
      );
      await expectTagged(ctx, label, [o.volume], `tag ${label} after a refused delete`);
    },
  );

  check(
    { id: "TAG-SCOPE-1", op: ["deleteTag", "listTaggedObjects"], effect: "creates" },
    "a token with only account:read_only cannot delete a tag, and the objects keep it",
    async (ctx) => {
      const o = await taggable(ctx);
      const label = ctx.label("tag", 50);
      await createTag(ctx, { label, volumes: [o.volume] });
      expectError(
        await ctx.ops.deleteTag({
          path: { label },
          as: await ctx.principals.withScopes(["account:read_only"]),
        }),
      );
      await expectTagged(
        ctx,
        label,
        [o.volume],
        `tag ${label} after a delete refused for lack of scope`,
      );
    },
  );
});
