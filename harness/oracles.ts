// The passive oracles: verdicts that read one answer and nothing else (the spec, for some). One
// function each, called by the live checks (expect.ts throws their failure) and by
// `plumbline rejudge` (reporter/rejudge.ts) on the recorded exchanges, so both judge alike.
import type { ApiResponse } from "./client.ts";
import type { Exchange } from "./model.ts";
import type { Validator } from "../spec/validate.ts";

/** What an oracle reads of an answer: an ApiResponse live, a recorded exchange in rejudge. */
export type Answer = Pick<
  ApiResponse,
  "operationId" | "status" | "headers" | "body" | "text" | "json" | "error"
> & { exchange: Pick<Exchange, "method" | "url"> };

export type Finding =
  | { ok: true; nulls?: string[] }
  | { ok: false; message: string; details?: { pointer?: string; value?: unknown } };

/** The oracles a check's record names (CheckMeta.oracles); rejudge applies them again by name. */
export const ORACLE_NAMES = [
  "json",
  "success",
  "error-body",
  "empty-object",
  "collection",
  "json-content-type",
] as const;
export type OracleName = (typeof ORACLE_NAMES)[number];

const OK: Finding = { ok: true };

/** A value as short JSON for a failure message. */
export function short(v: unknown): string {
  const s = typeof v === "string" ? JSON.stringify(v) : JSON.stringify(v ?? null);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

/** `METHOD /path` of an answer's request, for a failure message. */
export function what(a: Answer): string {
  return `${a.exchange.method} ${new URL(a.exchange.url).pathname}`;
}

function fail(message: string, details?: { pointer?: string; value?: unknown }): Finding {
  return details ? { ok: false, message, details } : { ok: false, message };
}

/** The target answered at all (no timeout, reset, cut body). */
export function answered(a: Answer): Finding {
  return a.status === 0 || a.error ? fail(`${what(a)}: ${a.error ?? "no response"}`) : OK;
}

/** An answer with a status in the range and a JSON body, or the failure naming what was `wanted`. */
function jsonIn(a: Answer, range: "2xx" | "4xx", wanted: string): Finding {
  const got = answered(a);
  if (!got.ok) return got;
  const low = range === "2xx" ? 200 : 400;
  if (a.status < low || a.status > low + 99)
    return fail(`${what(a)}: expected ${wanted}, got ${a.status}: ${short(a.body)}`);
  return jsonOracle(a);
}

/** A JSON body. */
export function jsonOracle(a: Answer): Finding {
  const got = answered(a);
  if (!got.ok || a.json) return got;
  const type = a.headers["content-type"] ?? "no content type";
  return fail(
    `${what(a)} answered ${a.status} with a body that is not JSON (${type}): ${short(a.text.slice(0, 120))}`,
  );
}

/** 2xx and a body conforming to the operation's schema for that status (nulls: the policy's, observed). */
export function successOracle(a: Answer, operationId: string, v: Validator): Finding {
  const got = answered(a);
  if (!got.ok) return got;
  if (a.status < 200 || a.status > 299)
    return fail(
      `${what(a)} (${operationId}): expected a 2xx answer, got ${a.status}: ${short(a.body)}`,
    );
  if (a.status === 204 || a.text === "") {
    // policy: any 2xx, but the body rules stay - a shown record or {} cannot be an empty answer
    return v.showsBody(operationId, a.status)
      ? fail(
          `${what(a)} (${operationId}) ${a.status}: an empty answer where the material shows a body`,
        )
      : OK;
  }
  const json = jsonOracle(a);
  if (!json.ok) return json;
  const r = v.checkResponse(operationId, a.status, a.body);
  if (!r.ok)
    return fail(
      `${what(a)} (${operationId}) ${a.status}: body does not match the ${r.schema} schema at ${r.pointer}: ${r.message}; value ${short(r.value)}`,
      { pointer: r.pointer, value: r.value },
    );
  return r.nulls?.length ? { ok: true, nulls: r.nulls } : OK;
}

/** A 4xx answer with the Error body. */
export function errorBodyOracle(a: Answer, v: Validator): Finding {
  const json = jsonIn(a, "4xx", "a 4xx error");
  if (!json.ok) return json;
  const r = v.checkError(a.body);
  return r.ok
    ? OK
    : fail(
        `${what(a)} ${a.status}: not the Error body {errors: [{field, reason}]}: ${r.message}; value ${short(r.value)}`,
        { pointer: r.pointer, value: r.value },
      );
}

/** 2xx with exactly `{}`. */
export function emptyObjectOracle(a: Answer): Finding {
  const json = jsonIn(a, "2xx", "a 2xx answer with {}");
  if (!json.ok) return json;
  const b = a.body;
  return b === null || typeof b !== "object" || Array.isArray(b) || Object.keys(b).length > 0
    ? fail(`${what(a)} ${a.status}: expected the empty object {}, got ${short(b)}`)
    : OK;
}

/** 2xx with the Collection envelope {data, page, pages, results}, consistent with itself. */
export function collectionOracle(a: Answer): Finding {
  const json = jsonIn(a, "2xx", "a 2xx collection");
  if (!json.ok) return json;
  const body = a.body as Record<string, unknown> | null;
  if (!body || typeof body !== "object" || Array.isArray(body))
    return fail(`${what(a)}: expected the Collection envelope, got ${short(body)}`);
  const data = body.data;
  if (!Array.isArray(data))
    return fail(`${what(a)}: collection field "data" is not an array: ${short(data)}`);
  for (const k of ["page", "pages", "results"] as const)
    if (!Number.isInteger(body[k]))
      return fail(`${what(a)}: collection field "${k}" is not an integer: ${short(body[k])}`);
  if ((body.page as number) < 1) return fail(`${what(a)}: collection page ${body.page} is below 1`);
  if ((body.results as number) < data.length)
    return fail(
      `${what(a)}: results ${body.results} is less than the ${data.length} items on the page`,
    );
  return OK;
}

/** A JSON answer says Content-Type application/json (or +json), utf-8 if a charset is given. */
export function jsonContentTypeOracle(a: Answer): Finding {
  const json = jsonOracle(a);
  if (!json.ok) return json;
  const type = a.headers["content-type"] ?? "";
  const [media, ...params] = type
    .toLowerCase()
    .split(";")
    .map((p) => p.trim());
  const charset = params
    .find((p) => p.startsWith("charset="))
    ?.slice(8)
    .replace(/"/g, "");
  return /^application\/(.+\+)?json$/.test(media ?? "") &&
    (charset === undefined || charset === "utf-8")
    ? OK
    : fail(`${what(a)} answered JSON with Content-Type ${JSON.stringify(type || "(none)")}`);
}

/** Applies a named oracle; `operationId` for the success oracle (the answer's own when absent). */
export function applyOracle(
  name: OracleName,
  a: Answer,
  v: Validator,
  operationId = a.operationId,
): Finding {
  switch (name) {
    case "json":
      return jsonOracle(a);
    case "success":
      return successOracle(a, operationId ?? "", v);
    case "error-body":
      return errorBodyOracle(a, v);
    case "empty-object":
      return emptyObjectOracle(a);
    case "collection":
      return collectionOracle(a);
    case "json-content-type":
      return jsonContentTypeOracle(a);
  }
}
