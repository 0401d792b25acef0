// Material: Endpoints / Tags (Tagged objects list), Resources / Tag, Other shown resource shapes.
import { describe } from "vitest";
import { settled } from "../../harness/settle.ts";
import { check } from "../../harness/check.ts";
import { expectError } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import {
  createTag,
  expectNone,
  expectSameIds,
  expectTagged,
  taggable,
  taggedIds,
  taggedPage,
} from "./helpers.ts";

describe("tags/list", () => {
  check(
    { id: ["TAG-LIST-1", "TAG-LIST-2", "TAG-LIST-3"], op: "listTaggedObjects", effect: "billable" },
    "the tagged objects list holds every object carrying the tag: instances, domains, volumes and NodeBalancers",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const o = await taggable(ctx);
      const label = ctx.label("tag", 50);
      await createTag(ctx, {
        label,
        vms: [vm.id],
        domains: [o.domain],
        volumes: [o.volume],
        nodebalancers: [o.nodebalancer],
      });
      const page = await settled(ctx, "tags", async () => {
        const p = await taggedPage(ctx, label);
        expectSameIds(
          taggedIds(p),
          [vm.id, o.domain, o.volume, o.nodebalancer],
          `tag ${label} on one object of each kind`,
        );
        return p;
      });
      ctx.observe("TAG-LIST-3", "tagged-objects element keys", [
        ...new Set(page.data.flatMap((el: object) => Object.keys(el ?? {}))),
      ]);
    },
  );

  check(
    { id: "TAG-LIST-1", op: "listTaggedObjects", effect: "creates" },
    "a tagged volume is listed",
    async (ctx) => {
      const o = await taggable(ctx);
      const label = ctx.label("tag", 50);
      await createTag(ctx, { label, volumes: [o.volume] });
      await expectTagged(ctx, label, [o.volume], `tag ${label} on a volume`);
    },
  );

  check(
    { id: "TAG-LIST-1", op: "listTaggedObjects", effect: "creates" },
    "only objects carrying the tag are listed",
    async (ctx) => {
      const o = await taggable(ctx);
      const a = ctx.label("tag", 50);
      const b = ctx.label("tag", 50);
      await createTag(ctx, { label: a, volumes: [o.volume] });
      await createTag(ctx, { label: b, domains: [o.domain] });
      const listed = await expectTagged(ctx, a, [o.volume], `tag ${a} on a volume only`);
      expectNone(listed, [o.domain], `tag ${a}`);
    },
  );

  check(
    { id: "TAG-LIST-1", op: "listTaggedObjects", effect: "creates" },
    "each listed object shows the tag among its tags",
    async (ctx) => {
      const o = await taggable(ctx);
      const label = ctx.label("tag", 50);
      await createTag(ctx, {
        label,
        domains: [o.domain],
        volumes: [o.volume],
        nodebalancers: [o.nodebalancer],
      });
      const page = await settled(ctx, "tags", async () => {
        const p = await taggedPage(ctx, label);
        expectSameIds(
          taggedIds(p),
          [o.domain, o.volume, o.nodebalancer],
          `tag ${label} on a domain, a volume and a NodeBalancer`,
        );
        return p;
      });
      for (const el of page.data as {
        data?: { id: number; tags?: unknown };
        id?: number;
        tags?: unknown;
      }[]) {
        const obj = el.data ?? el; // read as taggedIds does
        if (
          obj.tags !== undefined &&
          obj.tags !== null &&
          !(Array.isArray(obj.tags) && obj.tags.includes(label))
        ) {
          throw new TargetFailure(
            `object ${obj.id} is listed under tag ${label} but its tags are ${JSON.stringify(obj.tags)}`,
          );
        }
      }
    },
  );

  check(
    { id: "TAG-SCOPE-1", op: "listTaggedObjects", effect: "creates" },
    "a token with only account:read_only cannot list tagged objects",
    async (ctx) => {
      const label = ctx.label("tag", 50);
      await createTag(ctx, { label });
      expectError(
        await ctx.ops.listTaggedObjects({
          path: { label },
          as: await ctx.principals.withScopes(["account:read_only"]),
        }),
      );
    },
  );
});
