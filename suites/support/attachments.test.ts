// Material: "Support" (Attachment create: "file; allowed extensions .gif .jpg .jpeg .pjpg .pjpeg
// .tif .tiff .png .pdf .txt; body shape: not shown"; scopes). No body shape is demanded: each check
// first finds the shape the target takes (attachment-shapes.ts: a multipart part named `file`, the
// usual one, then others), records it (SUP-ATTACH-3) and judges the extension rule, the missing
// file and the scope in that shape only; a target taking none of them is a skip, not a failure.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectError, expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { accountReadOnly } from "../shared/principals.ts";
import { ticket } from "../shared/factories.ts";
import { specEnum } from "../shared/enums.ts";
import { attachmentShape, sendAttachment } from "./attachment-shapes.ts";

const ALLOWED = specEnum({ operation: "createTicketAttachment" }, "x-allowed-extensions");

describe("support/attachments", () => {
  check(
    { id: ["SUP-ATTACH-1", "SUP-ATTACH-3"], op: "createTicketAttachment", effect: "creates" },
    "an attachment of each allowed extension is accepted, in the body shape the target takes",
    async (c) => {
      const t = await ticket(c);
      const shape = await attachmentShape(c, t.id);
      for (const ext of ALLOWED) {
        const res = await sendAttachment(c, t.id, shape.request(`plumbline${ext}`));
        c.observe("SUP-ATTACH-3", `${shape.name}, ${ext}`, res.status);
        expectSuccess(res);
      }
    },
  );

  check(
    { id: "SUP-ATTACH-2", op: "createTicketAttachment", effect: "creates" },
    "an attachment with another extension (.exe, .zip, none) is refused, in the body shape the target takes",
    async (c) => {
      const t = await ticket(c);
      const shape = await attachmentShape(c, t.id);
      for (const name of ["plumbline.exe", "plumbline.zip", "plumbline", "plumbline.txt.exe"])
        expectError(await sendAttachment(c, t.id, shape.request(name)));
    },
  );

  check(
    { id: "SUP-ATTACH-4", op: "createTicketAttachment", effect: "creates" },
    "an attachment request without the file is refused naming the member that carries it, in the body shape the target takes",
    async (c) => {
      const t = await ticket(c);
      const shape = await attachmentShape(c, t.id);
      expectErrorNamingField(await sendAttachment(c, t.id, shape.withoutFile()), shape.member);
    },
  );

  check(
    { id: "SUP-SCOPE-2", op: "createTicketAttachment", effect: "creates" },
    "attachment create with only account:read_only is refused, in the body shape the target takes",
    async (c) => {
      const t = await ticket(c);
      const shape = await attachmentShape(c, t.id);
      expectError(
        await sendAttachment(c, t.id, shape.request("plumbline.txt"), await accountReadOnly(c)),
      );
    },
  );
});
