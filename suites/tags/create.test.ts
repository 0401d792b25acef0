// Material: Endpoints / Tags (Tag create), Resources / Tag, Authentication 5, Errors 10.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectError, expectErrorNamingField } from "../../harness/expect.ts";
import {
  attemptCreateTag,
  createTag,
  expectTagged,
  expectUntagged,
  listTagged,
  stillTagged,
  taggable,
} from "./helpers.ts";

/** An unknown object ID: no account holds it, so no caller has read_write on it. */
const UNKNOWN_ID = 2147483000;

describe("tags/create", () => {
  check(
    { id: ["TAG-CREATE-1", "TAG-CREATE-4"], op: "createTag", effect: "creates" },
    "a tag create with a label alone answers success",
    async (ctx) => {
      const body = await createTag(ctx, { label: ctx.label("tag", 50) });
      ctx.observe("TAG-CREATE-4", "tag create response body", body);
    },
  );

  check(
    { id: "TAG-CREATE-1", op: ["createTag", "listTaggedObjects"], effect: "billable" },
    "the instances listed in vms are tagged immediately",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const label = ctx.label("tag", 50);
      await createTag(ctx, { label, vms: [vm.id] });
      await expectTagged(ctx, label, [vm.id], `tag ${label} created with vms [${vm.id}]`);
    },
  );

  check(
    { id: "TAG-CREATE-1", op: ["createTag", "listTaggedObjects"], effect: "creates" },
    "the domains, volumes and NodeBalancers listed are tagged immediately",
    async (ctx) => {
      const o = await taggable(ctx);
      const label = ctx.label("tag", 50);
      await createTag(ctx, {
        label,
        domains: [o.domain],
        volumes: [o.volume],
        nodebalancers: [o.nodebalancer],
      });
      await expectTagged(
        ctx,
        label,
        [o.domain, o.volume, o.nodebalancer],
        `tag ${label} created with a domain, a volume and a NodeBalancer`,
      );
    },
  );

  check(
    {
      id: "FIELD.createTag.label",
      op: ["createTag", "listTaggedObjects"],
      kind: "validation",
      effect: "creates",
    },
    "labels of 3 and of 50 characters are accepted and name the tag",
    async (ctx) => {
      for (const len of [3, 50]) {
        const label = await unusedLabel(ctx, len);
        await createTag(ctx, { label });
        await listTagged(ctx, label);
      }
    },
  );

  check(
    { id: "FIELD.createTag.label", op: "createTag", kind: "validation", effect: "creates" },
    "labels of 2 and of 51 characters are refused, naming label",
    async (ctx) => {
      for (const len of [2, 51]) {
        expectErrorNamingField(
          await attemptCreateTag(ctx, {
            label: ctx.label("tag", 50).padEnd(len, "x").slice(0, len),
          }),
          "label",
        );
      }
    },
  );

  check(
    { id: "FIELD.createTag.label", op: "createTag", kind: "validation" },
    "a tag create without label is refused, naming label",
    async (ctx) => {
      expectErrorNamingField(await attemptCreateTag(ctx, {}), "label");
    },
  );

  check(
    { id: "FIELD.createTag.label", op: "createTag", kind: "validation" },
    "a label that is not a string is refused, naming label",
    async (ctx) => {
      expectErrorNamingField(await attemptCreateTag(ctx, { label: 12345 }), "label");
    },
  );

  check(
    { id: "CONV-ERR-3", op: "createTag", area: "tags", effect: "creates" },
    "vms holding something other than integer IDs is refused, naming vms",
    async (ctx) => {
      expectErrorNamingField(
        await attemptCreateTag(ctx, { label: ctx.label("tag", 50), vms: ["one"] }),
        "vms",
      );
    },
  );

  check(
    { id: "TAG-CREATE-2", op: ["createTag", "listTaggedObjects"], effect: "billable" },
    "an unknown ID among the vms: an error, and the caller's instance listed with it is not tagged",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const label = ctx.label("tag", 50);
      expectError(await attemptCreateTag(ctx, { label, vms: [vm.id, UNKNOWN_ID] }));
      await expectUntagged(ctx, label, [vm.id], `refused tag ${label}`);
    },
  );

  check(
    { id: "TAG-CREATE-2", op: ["createTag", "listTaggedObjects"], effect: "creates" },
    "another account's volume among those listed: an error, and the caller's own objects are not tagged",
    async (ctx) => {
      const own = await taggable(ctx);
      const foreign = await taggable(ctx, "secondary");
      const label = ctx.label("tag", 50);
      expectError(
        await attemptCreateTag(ctx, {
          label,
          domains: [own.domain],
          volumes: [own.volume, foreign.volume],
        }),
      );
      await expectUntagged(ctx, label, [own.domain, own.volume], `refused tag ${label}`);
    },
  );

  check(
    { id: "TAG-CREATE-3", op: "createTag", effect: "creates" },
    "a restricted user's tag create is refused",
    async (ctx) => {
      expectError(
        await attemptCreateTag(
          ctx,
          { label: ctx.label("tag", 50) },
          ctx.principals.get("restricted"),
        ),
      );
    },
  );

  check(
    { id: "TAG-CREATE-3", op: ["createTag", "listTaggedObjects"], effect: "billable" },
    "a restricted user with read_write on an instance cannot tag it",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const user = await ctx.states.require("restricted-user", {
        grants: { vms: [{ id: vm.id, permissions: "read_write" }] },
      });
      const label = ctx.label("tag", 50);
      expectError(
        await attemptCreateTag(
          ctx,
          { label, vms: [vm.id] },
          { token: user.token, name: "restricted user with read_write on the instance" },
        ),
      );
      await expectUntagged(ctx, label, [vm.id], `refused tag ${label}`);
    },
  );

  check(
    { id: "TAG-SCOPE-1", op: ["createTag", "listTaggedObjects"], effect: "creates" },
    "a token with only account:read_only cannot create a tag, and nothing is tagged",
    async (ctx) => {
      const o = await taggable(ctx);
      const ro = await ctx.principals.withScopes(["account:read_only"]);
      const label = ctx.label("tag", 50);
      expectError(await attemptCreateTag(ctx, { label, volumes: [o.volume] }, ro));
      await expectUntagged(ctx, label, [o.volume], `tag ${label} refused for lack of scope`);
    },
  );
});

/** A label of exactly `len` characters that no object carries yet (a live account may hold short tags). */
async function unusedLabel(
  ctx: Parameters<typeof stillTagged>[0] & {
    label: (k?: string, m?: number) => string;
    skip(reason: string): never;
  },
  len: number,
): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const label = ctx
      .label("t", 50)
      .replace(/[^a-z0-9]/gi, "")
      .slice(-len)
      .padStart(len, "p");
    if ((await stillTagged(ctx, label)).length === 0) return label;
  }
  // the target shows objects under every label tried: not its failure, and no label is left to test with
  return ctx.skip(
    `no unused tag label of ${len} characters found (5 tried, each already lists tagged objects)`,
  );
}
