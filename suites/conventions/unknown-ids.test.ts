// Errors 1 (error responses carry the Error body) for object IDs that do not exist, and States and
// transitions (a deleted object is removed): a view, update or action on an unknown ID is refused
// and creates nothing; a delete of an unknown ID is observed against the SHOULD 404 (an idempotent
// success is not excluded by the material); a deleted object is gone from its list, not only from
// its view.
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectError, expectStatus, expectSuccess } from "../../harness/expect.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import type { ApiResponse } from "../../harness/client.ts";
import { allPages } from "../shared/pages.ts";
import { freshBucket } from "../shared/factories.ts";
import { contact, service } from "../shared/factories.ts";

/** An integer ID no target hands out in a test run (below 2^31, a plain positive integer). */
const NONE = 2_147_480_001;

interface Unknown {
  op: OperationId;
  /** the request on an unknown ID, and a view of that ID afterwards (still an error: nothing made) */
  send(ctx: CheckContext): Promise<{ res: ApiResponse; view?: () => Promise<ApiResponse> }>;
  effect?: "creates" | "billable";
}

const vmPath = async (ctx: CheckContext) => ({ vmId: (await ctx.fresh.emptyInstance()).id });

const UNKNOWN: Unknown[] = [
  {
    op: "updateInstance",
    send: async (c) => ({
      res: await c.ops.updateInstance({ path: { vmId: NONE }, body: { label: c.label("vm") } }),
      view: () => c.ops.getInstance({ path: { vmId: NONE } }),
    }),
  },
  {
    op: "bootInstance",
    send: async (c) => ({
      res: await c.ops.bootInstance({ path: { vmId: NONE }, body: {} }),
      view: () => c.ops.getInstance({ path: { vmId: NONE } }),
    }),
  },
  {
    op: "shutdownInstance",
    send: async (c) => ({ res: await c.ops.shutdownInstance({ path: { vmId: NONE } }) }),
  },
  {
    op: "updateConfig",
    effect: "billable",
    send: async (c) => {
      const p = { ...(await vmPath(c)), configId: NONE };
      return {
        res: await c.ops.updateConfig({ path: p, body: { label: "plumbline" } }),
        view: () => c.ops.getConfig({ path: p }),
      };
    },
  },
  {
    op: "updateDisk",
    effect: "billable",
    send: async (c) => {
      const p = { ...(await vmPath(c)), diskId: NONE };
      return {
        res: await c.ops.updateDisk({ path: p, body: { label: "plumbline" } }),
        view: () => c.ops.getDisk({ path: p }),
      };
    },
  },
  {
    op: "getDisk",
    effect: "billable",
    send: async (c) => ({
      res: await c.ops.getDisk({ path: { ...(await vmPath(c)), diskId: NONE } }),
    }),
  },
  {
    op: "updateOAuthClient",
    send: async (c) => ({
      res: await c.ops.updateOAuthClient({
        path: { clientId: "plumbline-unknown-client" },
        body: { label: c.label("app") },
      }),
      view: () => c.ops.getOAuthClient({ path: { clientId: "plumbline-unknown-client" } }),
    }),
  },
  {
    op: "resetOAuthClientSecret",
    send: async (c) => ({
      res: await c.ops.resetOAuthClientSecret({ path: { clientId: "plumbline-unknown-client" } }),
    }),
  },
  {
    op: "updateKey",
    send: async (c) => ({
      res: await c.ops.updateKey({ path: { keyId: NONE }, body: { label: c.label("key") } }),
      view: () => c.ops.getKey({ path: { keyId: NONE } }),
    }),
  },
  {
    op: "updateManagedContact",
    send: async (c) => ({
      res: await c.ops.updateManagedContact({
        path: { contactId: NONE },
        body: { name: c.label("ct", 64) },
      }),
      view: () => c.ops.getManagedContact({ path: { contactId: NONE } }),
    }),
  },
  {
    op: "updateManagedService",
    send: async (c) => ({
      res: await c.ops.updateManagedService({ path: { serviceId: NONE }, body: { timeout: 30 } }),
      view: () => c.ops.getManagedService({ path: { serviceId: NONE } }),
    }),
  },
  {
    op: "disableManagedService",
    send: async (c) => ({
      res: await c.ops.disableManagedService({ path: { serviceId: NONE } }),
      view: () => c.ops.getManagedService({ path: { serviceId: NONE } }),
    }),
  },
  {
    op: "enableManagedService",
    send: async (c) => ({
      res: await c.ops.enableManagedService({ path: { serviceId: NONE } }),
      view: () => c.ops.getManagedService({ path: { serviceId: NONE } }),
    }),
  },
  {
    op: "closeTicket",
    send: async (c) => ({
      res: await c.ops.closeTicket({ path: { ticketId: NONE } }),
      view: () => c.ops.getTicket({ path: { ticketId: NONE } }),
    }),
  },
  {
    op: "getTicket",
    send: async (c) => ({ res: await c.ops.getTicket({ path: { ticketId: NONE } }) }),
  },
  {
    op: "createTicketReply",
    send: async (c) => ({
      res: await c.ops.createTicketReply({
        path: { ticketId: NONE },
        body: { description: "plumbline" },
      }),
      view: () => c.ops.getTicket({ path: { ticketId: NONE } }),
    }),
  },
  {
    op: "updateRecipe",
    send: async (c) => ({
      res: await c.ops.updateRecipe({
        path: { recipeId: String(NONE) },
        body: { rev_note: "plumbline" },
      }),
      view: () => c.ops.getRecipe({ path: { recipeId: String(NONE) } }),
    }),
  },
];

interface Deleted {
  op: OperationId;
  effect: "creates" | "billable";
  /** makes an object, deletes it through `op`, and lists what is left: the object must be absent */
  run(ctx: CheckContext): Promise<{ id: unknown; listed: unknown[] }>;
}

const ids = (items: any[]) => items.map((x) => x?.id);

const DELETED: Deleted[] = [
  {
    op: "deleteInstance",
    effect: "billable",
    run: async (c) => {
      const v = await c.fresh.emptyInstance();
      expectSuccess(await c.ops.deleteInstance({ path: { vmId: v.id } }));
      return { id: v.id, listed: ids(await allPages(c.ops, "listInstances")) };
    },
  },
  {
    op: "deleteConfig",
    effect: "billable",
    run: async (c) => {
      const v = await c.fresh.emptyInstance();
      const cfg = await c.fresh.config(v.id);
      expectSuccess(await c.ops.deleteConfig({ path: { vmId: v.id, configId: cfg.id } }));
      return {
        id: cfg.id,
        listed: ids(await allPages(c.ops, "listConfigs", { path: { vmId: v.id } })),
      };
    },
  },
  {
    op: "deleteOAuthClient",
    effect: "creates",
    run: async (c) => {
      const o = await c.fresh.oauthClient();
      expectSuccess(await c.ops.deleteOAuthClient({ path: { clientId: o.id } }));
      return { id: o.id, listed: ids(await allPages(c.ops, "listOAuthClients")) };
    },
  },
  {
    op: "revokeKey",
    effect: "creates",
    run: async (c) => {
      const k = await c.fresh.key();
      expectSuccess(await c.ops.revokeKey({ path: { keyId: k.id } }));
      return { id: k.id, listed: ids(await allPages(c.ops, "listKeys")) };
    },
  },
  {
    op: "deleteManagedContact",
    effect: "creates",
    run: async (c) => {
      const x = await contact(c);
      expectSuccess(await c.ops.deleteManagedContact({ path: { contactId: x.id } }));
      return { id: x.id, listed: ids(await allPages(c.ops, "listManagedContacts")) };
    },
  },
  {
    op: "deleteManagedService",
    effect: "creates",
    run: async (c) => {
      const x = await service(c);
      expectSuccess(await c.ops.deleteManagedService({ path: { serviceId: x.id } }));
      return { id: x.id, listed: ids(await allPages(c.ops, "listManagedServices")) };
    },
  },
  {
    op: "deleteRecipe",
    effect: "creates",
    run: async (c) => {
      const r = await c.fresh.recipe();
      expectSuccess(await c.ops.deleteRecipe({ path: { recipeId: r.id } }));
      return { id: r.id, listed: ids(await allPages(c.ops, "listRecipes")) };
    },
  },
  {
    op: "deleteBucket",
    effect: "creates",
    run: async (c) => {
      const { bucket, path } = await freshBucket(c);
      expectSuccess(await c.ops.deleteBucket({ path: { ...path } }));
      return {
        id: bucket.label,
        listed: (await allPages(c.ops, "listBuckets"))
          .filter((b) => b?.cluster === bucket.cluster)
          .map((b) => b?.label),
      };
    },
  },
];

describe("conventions/unknown-ids", () => {
  for (const u of UNKNOWN) {
    check(
      { id: "CONV-UNKNOWN-1", op: u.op, effect: u.effect ?? "read-only" },
      `${u.op} naming an ID that does not exist is refused with the Error body and makes nothing`,
      async (ctx) => {
        const { res, view } = await u.send(ctx);
        expectError(res);
        if (view) {
          const after = await view();
          if (after.status >= 200 && after.status < 300)
            throw new TargetFailure(
              `after the refused ${u.op}, the unknown ID is viewable: ${after.status} ${after.text.slice(0, 200)}`,
            );
        }
      },
    );
  }

  check(
    {
      id: "CONV-ERR-5",
      op: [
        "deleteInstance",
        "deleteConfig",
        "deleteOAuthClient",
        "revokeKey",
        "deleteManagedContact",
        "deleteManagedService",
        "deleteRecipe",
      ],
      level: "SHOULD",
      area: "conventions",
      effect: "billable",
    },
    "a delete naming an ID that does not exist answers 404",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const answers = [
        await ctx.ops.deleteInstance({ path: { vmId: NONE } }),
        await ctx.ops.deleteConfig({ path: { vmId: vm.id, configId: NONE } }),
        await ctx.ops.deleteOAuthClient({ path: { clientId: "plumbline-unknown-client" } }),
        await ctx.ops.revokeKey({ path: { keyId: NONE } }),
        await ctx.ops.deleteManagedContact({ path: { contactId: NONE } }),
        await ctx.ops.deleteManagedService({ path: { serviceId: NONE } }),
        await ctx.ops.deleteRecipe({ path: { recipeId: String(NONE) } }),
      ];
      for (const res of answers) expectStatus(res, 404);
    },
  );

  for (const d of DELETED) {
    check(
      { id: "CONV-DELETE-1", op: d.op, effect: d.effect },
      `after ${d.op} the object is gone from its list`,
      async (ctx) => {
        const { id, listed } = await d.run(ctx);
        if (listed.includes(id))
          throw new TargetFailure(
            `${JSON.stringify(id)} is still listed after ${d.op} answered success`,
          );
      },
    );
  }
});
