// OAuth clients, Errors 2: every type-only request member (a JSON type and nothing more) is sent a
// value of another JSON type; the refusal names the field and nothing changes (see
// suites/conventions/field-types.ts).
import { typeChecks, labelled, view } from "../shared/field-types.ts";
import { allPages } from "../shared/pages.ts";

typeChecks([
  {
    op: "createOAuthClient",
    effect: "creates",
    prepare: async (ctx) => ({
      body: {
        label: ctx.label("app", 512),
        redirect_uri: "https://example.com/callback",
        public: false,
      },
      made: async (sent) => labelled(await allPages(ctx.ops, "listOAuthClients"), "label", sent),
      undo: async (res) =>
        void (await ctx.ops.deleteOAuthClient({ path: { clientId: res.body.id } })),
    }),
  },
  {
    op: "updateOAuthClient",
    effect: "creates",
    prepare: async (ctx) => {
      const c = await ctx.fresh.oauthClient();
      return {
        path: { clientId: c.id },
        body: { label: ctx.label("app2", 512) },
        state: view(ctx, "getOAuthClient", { clientId: c.id }),
      };
    },
  },
]);
