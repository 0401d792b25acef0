// Support, Errors 2: every type-only request member (a JSON type and nothing more) is sent a
// value of another JSON type; the refusal names the field and nothing changes (see
// suites/conventions/field-types.ts).
import { typeChecks, labelled } from "../shared/field-types.ts";
import { allPages } from "../shared/pages.ts";

typeChecks([
  {
    op: "openTicket",
    effect: "creates",
    prepare: async (ctx) => ({
      body: {
        summary: ctx.label("tkt", 64),
        description: "Opened by the plumbline conformance suite; please ignore.",
      },
      made: async (sent) => labelled(await allPages(ctx.ops, "listTickets"), "summary", sent),
      undo: async (res) => void (await ctx.ops.closeTicket({ path: { ticketId: res.body.id } })),
    }),
  },
]);
