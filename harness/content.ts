// The Content-Type and encoding of a JSON answer, judged at the levels spec/README.md gives
// ("Content-Type and encoding of answers"): MUST, a body the material says is JSON reads as JSON
// as sent (a Content-Encoding it does not have makes it unreadable; client.ts records that as the
// exchange's error); SHOULD, it is labelled application/json (the material says "an HTTP API with
// JSON bodies" and speaks of Content-Type only for requests).
import type { ApiResponse } from "./client.ts";

/** application/json, with parameters, or a structured `+json` type: what a JSON client accepts. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

export interface ContentVerdict {
  /** why the answer breaks the MUST: no body readable as JSON */
  must?: string;
  /** why the answer misses the SHOULD: not labelled as JSON */
  should?: string;
}

/** The verdict on an answer whose body the material says is JSON. */
export function jsonAnswerVerdict(res: ApiResponse): ContentVerdict {
  const out: ContentVerdict = {};
  const type = res.headers["content-type"];
  if (res.error) out.must = res.error;
  else if (!res.json) out.must = `the body is not JSON (${type ?? "no content type"})`;
  if (!isJsonMediaType(type))
    out.should = `Content-Type is ${type ? JSON.stringify(type) : "absent"}, not application/json`;
  return out;
}
