// Verdict helpers: small functions with one job each, shared by hand-written checks and fuzzing.
// A broken expectation throws TargetFailure; the exact status of an error is recorded as INFO.
import type { ApiResponse } from "./client.ts";
import type { SuccessBody } from "./ops.ts";
import { TargetFailure, HarnessError } from "./errors.ts";
import { currentCheck } from "./current.ts";
import { checkResponse, validator } from "../spec/validate.ts";

function short(v: unknown): string {
  const s = typeof v === "string" ? JSON.stringify(v) : JSON.stringify(v ?? null);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

function what(res: ApiResponse): string {
  return `${res.exchange.method} ${new URL(res.exchange.url).pathname}`;
}

/** The target answered at all (no timeout, reset, cut body). */
export function expectAnswer(res: ApiResponse): void {
  if (res.status === 0 || res.error)
    throw new TargetFailure(`${what(res)}: ${res.error ?? "no response"}`);
}

/** A JSON body, or a failure saying what came instead. */
export function expectJson(res: ApiResponse): unknown {
  expectAnswer(res);
  if (!res.json) {
    const type = res.headers["content-type"] ?? "no content type";
    throw new TargetFailure(
      `${what(res)} answered ${res.status} with a body that is not JSON (${type}): ${short(res.text.slice(0, 120))}`,
    );
  }
  return res.body;
}

/** An INFO observation on the current check (`ctx.observe` takes the same arguments, in this order). */
export function observe(
  requirementId: string,
  note: string,
  value: unknown,
  operationId?: string,
): void {
  const rec = currentCheck();
  if (!rec) throw new HarnessError(`observe(${requirementId}) called outside a check`);
  rec.observations.push({ requirementId, note, value, operationId });
}

function schemaFailure(
  res: ApiResponse,
  operationId: string,
  result: ReturnType<typeof checkResponse>,
): TargetFailure {
  return new TargetFailure(
    `${what(res)} (${operationId}) ${res.status}: body does not match the ${result.schema} schema at ${result.pointer}: ${result.message}; value ${short(result.value)}`,
    { pointer: result.pointer, value: result.value },
  );
}

/**
 * 2xx and the body conforms to the operation's schema for that status. Returns the body, typed as
 * the document shows the operation's answer (spec/operations.gen.ts; a record of any members where
 * the body is not shown), or as the type a caller names (`expectSuccess<{ url: string }>(res)`).
 */
export function expectSuccess<K extends string>(
  res: ApiResponse<K>,
  operationId?: string,
): SuccessBody<K>;
export function expectSuccess<T>(res: ApiResponse, operationId?: string): T;
export function expectSuccess(res: ApiResponse, operationId = res.operationId): unknown {
  if (!operationId) throw new HarnessError("expectSuccess needs an operationId (call through ops)");
  expectAnswer(res);
  if (res.status < 200 || res.status > 299) {
    throw new TargetFailure(
      `${what(res)} (${operationId}): expected a 2xx answer, got ${res.status}: ${short(res.body)}`,
    );
  }
  if (res.status === 204 || res.text === "") {
    // policy: any 2xx, but the body rules stay - a shown record or {} cannot be an empty answer
    if (validator().showsBody(operationId, res.status))
      throw new TargetFailure(
        `${what(res)} (${operationId}) ${res.status}: an empty answer where the material shows a body`,
      );
    return res.body;
  }
  const body = expectJson(res);
  const result = checkResponse(operationId, res.status, body);
  if (!result.ok) throw schemaFailure(res, operationId, result);
  // policy: null only on a nullable member (the schema check refuses it elsewhere); the nulls only
  // the policy accepts (typed members deployed services answer null) are observed (CONV-NULL-1, INFO)
  if (result.nulls?.length) {
    currentCheck()?.observations.push({
      requirementId: "CONV-NULL-1",
      operationId,
      note: "members answered as null (no value)",
      value: result.nulls,
    });
  }
  return body;
}

/** A 4xx answer with the Error body. The exact status is observed (INFO: the material rarely gives it). */
export function expectError(res: ApiResponse): { field: string | null; reason: string }[] {
  expectAnswer(res);
  if (res.status < 400 || res.status > 499) {
    throw new TargetFailure(
      `${what(res)}: expected a 4xx error, got ${res.status}: ${short(res.body)}`,
    );
  }
  const body = expectJson(res);
  const result = validator().checkError(body);
  if (!result.ok)
    throw new TargetFailure(
      `${what(res)} ${res.status}: not the Error body {errors: [{field, reason}]}: ${result.message}; value ${short(result.value)}`,
      result,
    );
  const rec = currentCheck();
  if (rec)
    rec.observations.push({
      requirementId: rec.requirementIds[0] ?? "",
      operationId: res.operationId,
      note: "error status",
      value: res.status,
    });
  // The material shows `errors: [{field, reason}]` but never how many; an empty array is observed
  // here (a SHOULD of its own, CONV-ERR-8). A field-level failure still has to name its field.
  if (rec && (body as { errors: unknown[] }).errors.length === 0)
    rec.observations.push({
      requirementId: "CONV-ERR-8",
      operationId: res.operationId,
      note: "errors array empty",
      value: [],
    });
  return (body as { errors: { field: string | null; reason: string }[] }).errors;
}

/** A 4xx Error body with one error whose `field` is the given dotted path. */
/**
 * Whether an error's field names `field`. The material gives "a period-separated path for nested
 * fields" but not whether an array item's index is part of it, so `interfaces.1.label` and
 * `interfaces.label` both name `interfaces.label`.
 */
export function namesField(errorField: string | null | undefined, field: string): boolean {
  if (typeof errorField !== "string") return false;
  const withoutIndexes = (f: string) =>
    f
      .split(".")
      .filter((part) => !/^\d+$/.test(part))
      .join(".");
  return errorField === field || withoutIndexes(errorField) === withoutIndexes(field);
}

export function expectErrorNamingField(res: ApiResponse, field: string): void {
  const errors = expectError(res);
  if (!errors.some((e) => namesField(e.field, field))) {
    throw new TargetFailure(
      `${what(res)} ${res.status}: the error does not name the field "${field}"; fields named: ${short(errors.map((e) => e.field))}`,
    );
  }
}

/** 2xx with exactly `{}`. */
export function expectEmptyObject(res: ApiResponse): void {
  expectAnswer(res);
  if (res.status < 200 || res.status > 299)
    throw new TargetFailure(
      `${what(res)}: expected a 2xx answer with {}, got ${res.status}: ${short(res.body)}`,
    );
  const body = expectJson(res);
  if (
    body === null ||
    typeof body !== "object" ||
    Array.isArray(body) ||
    Object.keys(body).length > 0
  ) {
    throw new TargetFailure(
      `${what(res)} ${res.status}: expected the empty object {}, got ${short(body)}`,
    );
  }
}

export interface Collection<T = any> {
  data: T[];
  page: number;
  pages: number;
  results: number;
}

/** 2xx with the Collection envelope {data, page, pages, results}, consistent with itself. Returns it. */
export function expectCollection<T = any>(res: ApiResponse): Collection<T> {
  expectAnswer(res);
  if (res.status < 200 || res.status > 299)
    throw new TargetFailure(
      `${what(res)}: expected a 2xx collection, got ${res.status}: ${short(res.body)}`,
    );
  const body = expectJson(res) as Partial<Collection<T>> | null;
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new TargetFailure(`${what(res)}: expected the Collection envelope, got ${short(body)}`);
  if (!Array.isArray(body.data))
    throw new TargetFailure(
      `${what(res)}: collection field "data" is not an array: ${short(body.data)}`,
    );
  for (const k of ["page", "pages", "results"] as const) {
    if (!Number.isInteger(body[k]))
      throw new TargetFailure(
        `${what(res)}: collection field "${k}" is not an integer: ${short(body[k])}`,
      );
  }
  if (body.page! < 1)
    throw new TargetFailure(`${what(res)}: collection page ${body.page} is below 1`);
  if (body.results! < body.data.length)
    throw new TargetFailure(
      `${what(res)}: results ${body.results} is less than the ${body.data.length} items on the page`,
    );
  return body as Collection<T>;
}

/** The status is one of those given (for SHOULD checks such as 401 for a missing token). */
export function expectStatus(res: ApiResponse, ...accepted: number[]): void {
  expectAnswer(res);
  if (!accepted.includes(res.status))
    throw new TargetFailure(
      `${what(res)}: expected status ${accepted.join(" or ")}, got ${res.status}`,
    );
}
