// Material: "Support" (Attachment create: "file; allowed extensions .gif .jpg .jpeg .pjpg .pjpeg
// .tif .tiff .png .pdf .txt; body shape: not shown"; scopes). The suite sends multipart form data
// with a part named `file` (spec judgment call 6); the answer to that shape is recorded.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectError, expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { accountReadOnly } from "../shared/principals.ts";
import { filePart } from "../shared/requests.ts";
import { ticket } from "../shared/factories.ts";
import { specEnum } from "../shared/enums.ts";

const ALLOWED = specEnum({ operation: "createTicketAttachment" }, "x-allowed-extensions");

describe("support/attachments", () => {
  check(
    { id: ["SUP-ATTACH-1", "SUP-ATTACH-3"], op: "createTicketAttachment", effect: "creates" },
    "an attachment of each allowed extension is accepted",
    async (c) => {
      const t = await ticket(c);
      for (const ext of ALLOWED) {
        const res = await c.ops.createTicketAttachment({
          path: { ticketId: t.id },
          ...filePart(`plumbline${ext}`),
        });
        c.observe("SUP-ATTACH-3", `multipart file part ${ext}`, res.status);
        expectSuccess(res);
      }
    },
  );

  check(
    { id: "SUP-ATTACH-2", op: "createTicketAttachment", effect: "creates" },
    "an attachment with another extension (.exe, .zip, none) is refused",
    async (c) => {
      const t = await ticket(c);
      for (const name of ["plumbline.exe", "plumbline.zip", "plumbline", "plumbline.txt.exe"]) {
        expectError(
          await c.ops.createTicketAttachment({ path: { ticketId: t.id }, ...filePart(name) }),
        );
      }
    },
  );

  check(
    { id: "FIELD.createTicketAttachment.file", op: "createTicketAttachment", effect: "creates" },
    "an attachment request without the file is refused naming file",
    async (c) => {
      const t = await ticket(c);
      const boundary = "plumbline-empty";
      const body = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nno file here\r\n--${boundary}--\r\n`,
      );
      expectErrorNamingField(
        await c.ops.createTicketAttachment({
          path: { ticketId: t.id },
          body,
          contentType: `multipart/form-data; boundary=${boundary}`,
        }),
        "file",
      );
    },
  );

  check(
    { id: "SUP-SCOPE-2", op: "createTicketAttachment", effect: "creates" },
    "attachment create with only account:read_only is refused",
    async (c) => {
      const t = await ticket(c);
      expectError(
        await c.ops.createTicketAttachment({
          path: { ticketId: t.id },
          ...filePart("plumbline.txt"),
          as: await accountReadOnly(c),
        }),
      );
    },
  );
});
