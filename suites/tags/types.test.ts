// Tags, Errors 2: every type-only request member (a JSON type and nothing more) is sent a
// value of another JSON type; the refusal names the field and nothing changes (see
// suites/conventions/field-types.ts).
import { typeChecks } from "../shared/field-types.ts";
import { taggable } from "./helpers.ts";

typeChecks([
  {
    op: "createTag",
    effect: "billable",
    // the other lists name real objects: a create the target wrongly accepts tags them, which shows
    prepare: async (ctx) => ({
      body: {
        label: ctx.label("tag", 50),
        vms: [(await ctx.fresh.instance({ booted: false })).id],
        domains: [(await taggable(ctx)).domain],
      },
      made: async (sent) => {
        const res = await ctx.ops.listTaggedObjects({ path: { label: String(sent.label) } });
        return res.status >= 200 &&
          res.status < 300 &&
          Array.isArray(res.body?.data) &&
          res.body.data.length
          ? res.body.data
          : [];
      },
      undo: async (res) =>
        void (await ctx.ops.deleteTag({ path: { label: String(res.body?.label) } })),
    }),
  },
]);
