// Material: "Support" (Replies list, Reply create "description (required)"; scopes) and
// "Support resources (writable fields)" (Reply: description 1..65535), Limits (reply 1..65535).
// Reply records are not shown: a reply is found in the list by the description sent.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectCollection,
  expectError,
  expectErrorNamingField,
  expectSuccess,
} from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { accountReadOnly, vmsReadOnly } from "../shared/principals.ts";
import { expectListHolds, expectPageSizeBound } from "../shared/pages.ts";
import { containsValue } from "../shared/records.ts";
import { ticket } from "../shared/factories.ts";
import { offContract } from "../../harness/ops.ts";

describe("support/replies", () => {
  check(
    { id: "SUP-REPLY-2", op: ["createTicketReply", "listTicketReplies"], effect: "creates" },
    "a reply created with a description appears in the replies list",
    async (c) => {
      const t = await ticket(c);
      const description = `${c.label("reply", 64)}: the first reply`;
      expectSuccess(
        await c.ops.createTicketReply({ path: { ticketId: t.id }, body: { description } }),
      );
      await expectListHolds(
        c,
        "listTicketReplies",
        description,
        true,
        "the reply is not in the replies list",
        { path: { ticketId: t.id } },
      );
    },
  );

  check(
    { id: "SUP-REPLY-1", op: ["listTicketReplies", "createTicketReply"], effect: "creates" },
    "the replies list answers the Collection envelope and includes every reply created",
    async (c) => {
      const t = await ticket(c);
      const sent = [
        `${c.label("r1", 64)} one`,
        `${c.label("r2", 64)} two`,
        `${c.label("r3", 64)} three`,
      ];
      for (const description of sent)
        expectSuccess(
          await c.ops.createTicketReply({ path: { ticketId: t.id }, body: { description } }),
        );
      const res = await c.ops.listTicketReplies({ path: { ticketId: t.id } });
      const col = expectCollection(res);
      expectSuccess(res);
      const missing = sent.filter((d) => !col.data.some((r) => containsValue(r, d)));
      if (missing.length)
        throw new TargetFailure(`replies missing from the list: ${missing.join(", ")}`);
      if (col.results < sent.length)
        throw new TargetFailure(`results ${col.results} for ${sent.length} replies created`);
    },
  );

  check(
    { id: "FIELD.listTicketReplies.page_size", op: "listTicketReplies", effect: "creates" },
    "replies list: page_size 25..100 is honoured; outside it is refused or never past 100",
    async (c) => {
      const t = await ticket(c);
      await expectPageSizeBound(c, "listTicketReplies", { ticketId: t.id });
    },
  );

  check(
    {
      id: "FIELD.createTicketReply.description",
      op: ["createTicketReply", "listTicketReplies"],
      effect: "creates",
    },
    "a reply description of 1 and 65535 chars is accepted",
    async (c) => {
      const t = await ticket(c);
      const long = c.label("reply", 64).padEnd(65535, "r");
      expectSuccess(
        await c.ops.createTicketReply({ path: { ticketId: t.id }, body: { description: "r" } }),
      );
      expectSuccess(
        await c.ops.createTicketReply({ path: { ticketId: t.id }, body: { description: long } }),
      );
      await expectListHolds(
        c,
        "listTicketReplies",
        long,
        true,
        "the 65535-char reply is not in the replies list",
        { path: { ticketId: t.id } },
      );
    },
  );

  check(
    { id: "FIELD.createTicketReply.description", op: "createTicketReply", effect: "creates" },
    "a reply description that is empty, of 65536 chars or missing is refused naming description",
    async (c) => {
      const t = await ticket(c);
      const path = { ticketId: t.id };
      expectErrorNamingField(
        await c.ops.createTicketReply({ path, body: { description: "" } }),
        "description",
      );
      expectErrorNamingField(
        await c.ops.createTicketReply({ path, body: { description: "r".repeat(65536) } }),
        "description",
      );
      expectErrorNamingField(
        await c.ops.createTicketReply({ path, body: offContract({}) }),
        "description",
      );
    },
  );

  check(
    { id: "SUP-SCOPE-1", op: "listTicketReplies", effect: "creates" },
    "replies list with a token holding no account scope is refused",
    async (c) => {
      const t = await ticket(c);
      expectError(
        await c.ops.listTicketReplies({ path: { ticketId: t.id }, as: await vmsReadOnly(c) }),
      );
    },
  );

  check(
    { id: "SUP-SCOPE-2", op: ["createTicketReply", "listTicketReplies"], effect: "creates" },
    "reply create with only account:read_only is refused and adds no reply",
    async (c) => {
      const t = await ticket(c);
      const description = `${c.label("ro", 64)} read-only reply`;
      expectError(
        await c.ops.createTicketReply({
          path: { ticketId: t.id },
          body: { description },
          as: await accountReadOnly(c),
        }),
      );
      await expectListHolds(
        c,
        "listTicketReplies",
        description,
        false,
        "a reply sent with a read-only token was added",
        { path: { ticketId: t.id } },
      );
    },
  );
});
