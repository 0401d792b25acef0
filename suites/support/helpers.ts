// Shared fixtures of the support suite (material: "Support", "Support resources (writable
// fields)"). Ticket, reply and attachment records are not shown: what was sent is looked for in
// later views and lists. Tickets themselves are opened by `ticket` (shared/factories.ts).

/** A multipart/form-data body with one file part named `file` (the body shape is not shown). */
export function filePart(
  filename: string,
  content = "plumbline attachment\n",
): { body: Buffer; contentType: string } {
  const boundary = `plumbline-${Math.random().toString(16).slice(2)}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
