// HTTP plumbing of the reference target: errors, replies, body parsing. Written from the material
// alone; nothing here is shared with the suite side.
import type { IncomingMessage } from "node:http";

export interface FieldError {
  field: string | null;
  reason: string;
}

/** Thrown by handlers; becomes the material's Error body `{errors: [{field, reason}]}`. */
export class ApiError extends Error {
  /** a token lacking the operation's scope (variants may answer it differently) */
  scope?: boolean;
  /** the material fixes this status (variants leave it) */
  fixedStatus?: boolean;
  constructor(
    public status: number,
    public errors: FieldError[],
    public headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => `${e.field ?? "-"}: ${e.reason}`).join("; "));
  }
}

export const badRequest = (reason: string, field: string | null = null) =>
  new ApiError(400, [{ field, reason }]);
export const notFound = (what = "Not found") => new ApiError(404, [{ field: null, reason: what }]);
export const forbidden = (reason = "Unauthorized") => new ApiError(403, [{ field: null, reason }]);
export const unauthorized = (reason = "Invalid Token") =>
  new ApiError(401, [{ field: null, reason }]);

export interface Reply {
  status?: number;
  /** JSON body; ignored when `raw` is set */
  body?: unknown;
  raw?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** the material fixes this success status (variants leave it) */
  fixedStatus?: boolean;
}

/** The material's "operation that returns no data answers with the empty object". */
export const EMPTY: Reply = { body: {} };
export const ok = (body: unknown, status = 200): Reply => ({ status, body });

const MAX_BODY = 20 * 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new ApiError(413, [{ field: null, reason: "Request body too large" }]));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** JSON request body: absent is `{}`, anything but an object is refused. */
export function parseJsonBody(
  raw: Buffer,
  contentType: string | undefined,
): Record<string, unknown> {
  if (raw.length === 0) return {};
  if (contentType && !/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new ApiError(415, [{ field: null, reason: "Content-Type must be application/json" }]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString("utf8"));
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw badRequest("Request body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** Minimal multipart/form-data parser: enough for the ticket attachment's `file` part. */
export function parseMultipart(raw: Buffer, contentType: string | undefined): MultipartPart[] {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? "");
  if (!m || !/^multipart\/form-data/i.test(contentType ?? ""))
    throw badRequest("Body must be multipart/form-data", "file");
  const boundary = Buffer.from(`--${m[1] ?? m[2]}`);
  const parts: MultipartPart[] = [];
  let pos = raw.indexOf(boundary);
  while (pos !== -1) {
    const start = pos + boundary.length;
    if (raw.subarray(start, start + 2).toString() === "--") break;
    const next = raw.indexOf(boundary, start);
    if (next === -1) break;
    const chunk = raw.subarray(start + 2, next - 2); // strip CRLF after boundary and before next
    const headerEnd = chunk.indexOf("\r\n\r\n");
    if (headerEnd !== -1) {
      const head = chunk.subarray(0, headerEnd).toString("utf8");
      const disp = /content-disposition:[^\r\n]*?\bname="([^"]*)"(?:;\s*filename="([^"]*)")?/i.exec(
        head,
      );
      const type = /content-type:\s*([^\r\n]+)/i.exec(head);
      if (disp)
        parts.push({
          name: disp[1],
          filename: disp[2],
          contentType: type?.[1],
          data: chunk.subarray(headerEnd + 4),
        });
    }
    pos = next;
  }
  return parts;
}
