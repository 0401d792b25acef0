// Stateful model of support tickets and replies (material: Support: tickets list "open tickets
// first", ticket open, view, close, replies list and reply create; Support resources (writable
// fields)). Ticket and reply records are not shown: a ticket is addressed by the ID its open
// reports and found by it (or by its unique summary); a reply by the description sent. Tickets
// cannot be deleted: each sequence closes what it opened (cleanup closes the rest).
import { settled } from "../../../harness/settle.ts";
import fc from "fast-check";
import { describe } from "vitest";
import { check } from "../../../harness/check.ts";
import { expectSuccess } from "../../../harness/expect.ts";
import { TargetFailure } from "../../../harness/errors.ts";
import { expectAccepted } from "../../shared/acceptance.ts";
import { containsValue } from "../../shared/records.ts";
import { ticket } from "../../shared/factories.ts";
import {
  at,
  command,
  expectListed,
  listAll,
  often,
  pick,
  runModel,
  sameRecord,
  shownId,
  type Real,
} from "./model.ts";

interface Ticket {
  id: string;
  summary: string;
  description: string;
  open: boolean;
  replies: string[];
}
interface Model {
  tickets: Ticket[];
}

const name = (t: Ticket) => `ticket ${t.summary}`;
const isTicket = (item: any, t: Ticket) => sameRecord(item, t.id, t.summary);

/**
 * Every ticket opened is listed, the open ones before the closed ones; each view shows its summary
 * and description; each replies list holds every reply created on it and counts at least as many.
 */
async function agree(m: Model, r: Real): Promise<void> {
  // within the convergence window (harness/settle.ts): a list may catch up a little later
  await settled(r.ctx, "read-your-writes", () => agreeNow(m, r));
}

async function agreeNow(m: Model, r: Real): Promise<void> {
  const items = await expectListed(r.ctx, "listTickets", {}, m.tickets, [], isTicket, name, {
    shifting: true,
  });
  const place = (t: Ticket) => items.findIndex((item) => isTicket(item, t));
  for (const open of m.tickets.filter((t) => t.open)) {
    const closed = m.tickets.find((t) => !t.open && place(t) < place(open));
    if (closed)
      throw new TargetFailure(
        `tickets list: closed ${name(closed)} comes before open ${name(open)}; open tickets come first`,
      );
  }
  for (const t of m.tickets) {
    const view = expectSuccess(await r.ctx.ops.getTicket({ path: { ticketId: t.id } }));
    for (const v of [t.summary, t.description])
      if (!containsValue(view, v))
        throw new TargetFailure(`view of ${name(t)} does not show ${JSON.stringify(v)}`);
    const replies = await listAll(r.ctx, "listTicketReplies", { path: { ticketId: t.id } });
    const missing = t.replies.filter((d) => !replies.items.some((item) => containsValue(item, d)));
    if (missing.length)
      throw new TargetFailure(`replies list of ${name(t)} misses ${JSON.stringify(missing)}`);
    if (replies.results < t.replies.length)
      throw new TargetFailure(
        `replies list of ${name(t)}: results ${replies.results} for ${t.replies.length} replies created`,
      );
  }
}

const commands = [
  ...often(
    fc.constant(
      command<Model, Real>(
        "open",
        () => true,
        async (m, r) => {
          const summary = r.ctx.label("tkt", 64);
          const description = `Opened by the plumbline conformance suite (${r.ctx.label("d", 40)}); please ignore.`;
          const made = await expectAccepted(ticket(r.ctx, { summary, description }));
          m.tickets.push({
            id: shownId(r.ctx, made, "ticket"),
            summary,
            description,
            open: true,
            replies: [],
          });
          await agree(m, r);
        },
      ),
    ),
    2,
  ),
  ...often(
    pick.map((i) =>
      command<Model, Real>(
        `reply(open #${i})`,
        (m) => m.tickets.some((t) => t.open),
        async (m, r) => {
          const t = at(
            m.tickets.filter((x) => x.open),
            i,
          );
          const description = `${r.ctx.label("reply", 64)}: a reply`;
          expectSuccess(
            await r.ctx.ops.createTicketReply({ path: { ticketId: t.id }, body: { description } }),
          );
          t.replies.push(description);
          await agree(m, r);
        },
      ),
    ),
    2,
  ),
  pick.map((i) =>
    command<Model, Real>(
      `close(open #${i})`,
      (m) => m.tickets.some((t) => t.open),
      async (m, r) => {
        const t = at(
          m.tickets.filter((x) => x.open),
          i,
        );
        expectSuccess(await r.ctx.ops.closeTicket({ path: { ticketId: t.id } }));
        t.open = false;
        await agree(m, r);
      },
    ),
  ),
];

describe("fuzz/stateful/support", () => {
  check(
    {
      id: [
        "SUP-OPEN-1",
        "SUP-VIEW-1",
        "SUP-CLOSE-1",
        "SUP-LIST-1",
        "SUP-LIST-2",
        "SUP-REPLY-1",
        "SUP-REPLY-2",
      ],
      op: [
        "openTicket",
        "getTicket",
        "closeTicket",
        "listTickets",
        "createTicketReply",
        "listTicketReplies",
      ],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "Tickets list | GET /v4/support/tickets | page, page_size; open tickets first; includes tickets generated by the provider",
        "Ticket close | POST /v4/support/tickets/{ticketId}/close",
        "Reply create | POST /v4/support/tickets/{ticketId}/replies | description (required)",
        "Ticket | description (string 1..65000, required), summary (string 1..64, required)",
      ],
      effect: "creates",
      timeout: 120_000,
    },
    "support: after any sequence of opens, replies and closes, the tickets list (open first), views and replies lists agree with the model",
    async (c) => {
      await runModel<Model, Real>(
        c,
        "stateful support tickets",
        commands,
        async () => ({ model: { tickets: [] }, real: { ctx: c } }),
        { maxCommands: 8 },
      );
    },
  );
});
