// The attachment's body. The material gives the member and the extensions ("Attachment create | …
// | file; allowed extensions .gif .jpg .jpeg .pjpg .pjpeg .tif .tiff .png .pdf .txt; body shape: not
// shown"), not how the file travels. So no shape is demanded: the shapes plumbline knows are tried
// in turn with an allowed name, the first the target accepts is taken as its shape (recorded,
// SUP-ATTACH-3), and the checks that judge attachments (the extension rule, the missing file, the
// scope) send that shape only. None accepted is a skip that says so, never a failure.
import type { CheckContext } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";
import type { As } from "../../harness/principals.ts";
import { filePart } from "../shared/requests.ts";

export interface AttachmentShape {
  /** how the file travels, for reports */
  name: string;
  /** the member (part, JSON member) that carries the file: what an error about it names */
  member: string;
  /** the request of a file named `filename` in this shape */
  request(filename: string): { body: Buffer | string; contentType: string; headers?: object };
  /** the same shape without the file (another member only) */
  withoutFile(): { body: Buffer | string; contentType: string; headers?: object };
}

const CONTENT = "plumbline attachment\n";

/** A multipart/form-data body with one part named `name` (a file part when `filename` is given). */
function multipart(name: string, filename: string | undefined, content = CONTENT) {
  const boundary = `plumbline-${Math.random().toString(16).slice(2)}`;
  const disposition = `form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}`;
  const type = filename === undefined ? "" : "Content-Type: application/octet-stream\r\n";
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The shapes tried, the usual one first (spec/README.md judgment call 6). */
export const ATTACHMENT_SHAPES: AttachmentShape[] = [
  {
    name: "multipart/form-data, file part named file",
    member: "file",
    request: (filename) => filePart(filename, CONTENT),
    withoutFile: () => multipart("note", undefined, "no file here"),
  },
  {
    name: "multipart/form-data, file part named attachment",
    member: "attachment",
    request: (filename) => multipart("attachment", filename),
    withoutFile: () => multipart("note", undefined, "no file here"),
  },
  {
    name: "JSON {file: base64 content, filename}",
    member: "file",
    request: (filename) => ({
      body: JSON.stringify({ file: Buffer.from(CONTENT).toString("base64"), filename }),
      contentType: "application/json",
    }),
    withoutFile: () => ({
      body: JSON.stringify({ filename: "plumbline.txt" }),
      contentType: "application/json",
    }),
  },
  {
    name: "raw body, file name in Content-Disposition",
    member: "file",
    request: (filename) => ({
      body: CONTENT,
      contentType: "application/octet-stream",
      headers: { "Content-Disposition": `attachment; filename="${filename}"` },
    }),
    withoutFile: () => ({ body: "", contentType: "application/octet-stream" }),
  },
];

/** Sends `req` as the attachment of ticket `ticketId`. */
export function sendAttachment(
  ctx: CheckContext,
  ticketId: number,
  req: { body: Buffer | string; contentType: string; headers?: object },
  as?: As,
): Promise<ApiResponse> {
  return ctx.ops.createTicketAttachment({
    path: { ticketId },
    body: req.body,
    contentType: req.contentType,
    headers: req.headers as Record<string, string> | undefined,
    as,
  });
}

const ok = (r: ApiResponse) => r.status >= 200 && r.status < 300;

/**
 * The target's attachment shape: the first of ATTACHMENT_SHAPES it accepts for an allowed file
 * name on ticket `ticketId` (that upload stays on the ticket). Each answer is recorded
 * (SUP-ATTACH-3); when none is accepted the check skips, naming the answers.
 */
export async function attachmentShape(
  ctx: CheckContext,
  ticketId: number,
  filename = "plumbline-shape.txt",
): Promise<AttachmentShape> {
  const answers: string[] = [];
  for (const shape of ATTACHMENT_SHAPES) {
    const res = await sendAttachment(ctx, ticketId, shape.request(filename));
    answers.push(`${shape.name}: ${res.status || res.error}`);
    if (ok(res)) {
      ctx.observe("SUP-ATTACH-3", "attachment body shape accepted", shape.name);
      return shape;
    }
  }
  ctx.observe("SUP-ATTACH-3", "no attachment body shape accepted", answers);
  ctx.skip(
    `no attachment body shape plumbline knows was accepted for ${filename} (the material: "body shape: not shown"): ${answers.join("; ")}`,
  );
}
