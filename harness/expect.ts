// Verdict helpers: small functions with one job each, shared by hand-written checks and fuzzing.
// A broken expectation throws TargetFailure; the exact status of an error is recorded as INFO.
import type { ApiResponse } from "./client.ts";
import type { SuccessBody } from "./ops.ts";
import { TargetFailure, HarnessError } from "./errors.ts";
import { currentCheck, recordOracleUse } from "./current.ts";
import { validator } from "../spec/validate.ts";
import {
  answered,
  collectionOracle,
  emptyObjectOracle,
  errorBodyOracle,
  type Finding,
  jsonContentTypeOracle,
  jsonOracle,
  type OracleName,
  short,
  successOracle,
  what,
} from "./oracles.ts";

/**
 * Applies a passive oracle (harness/oracles.ts) to a live answer and records the use on the check,
 * so `plumbline rejudge` can apply it again to the recorded exchange; throws its failure.
 */
function judge(
  res: ApiResponse,
  oracle: OracleName,
  finding: Finding,
  operationId?: string,
): Finding & { ok: true } {
  const use = recordOracleUse(
    oracle,
    res.exchange,
    finding.ok,
    operationId !== res.operationId ? operationId : undefined,
  );
  if (finding.ok) return finding;
  const e = new TargetFailure(finding.message, finding.details);
  e.oracleUse = use;
  throw e;
}

/** The target answered at all (no timeout, reset, cut body). */
export function expectAnswer(res: ApiResponse): void {
  const got = answered(res);
  if (!got.ok) throw new TargetFailure(got.message);
}

/** A JSON body, or a failure saying what came instead. */
export function expectJson(res: ApiResponse): unknown {
  judge(res, "json", jsonOracle(res));
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
  const { nulls } = judge(
    res,
    "success",
    successOracle(res, operationId, validator()),
    operationId,
  );
  // policy: null only on a nullable member (the schema check refuses it elsewhere); the nulls only
  // the policy accepts (typed members deployed services answer null) are observed (CONV-NULL-1, INFO)
  if (nulls?.length) {
    currentCheck()?.observations.push({
      requirementId: "CONV-NULL-1",
      operationId,
      note: "members answered as null (no value)",
      value: nulls,
    });
  }
  return res.body;
}

/** A 4xx answer with the Error body. The exact status is observed (INFO: the material rarely gives it). */
export function expectError(res: ApiResponse): { field: string | null; reason: string }[] {
  judge(res, "error-body", errorBodyOracle(res, validator()));
  const body = res.body;
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
  judge(res, "empty-object", emptyObjectOracle(res));
}

/** A JSON answer with Content-Type application/json (or +json), utf-8 if a charset is given. */
export function expectJsonContentType(res: ApiResponse): void {
  judge(res, "json-content-type", jsonContentTypeOracle(res));
}

export interface Collection<T = any> {
  data: T[];
  page: number;
  pages: number;
  results: number;
}

/** 2xx with the Collection envelope {data, page, pages, results}, consistent with itself. Returns it. */
export function expectCollection<T = any>(res: ApiResponse): Collection<T> {
  judge(res, "collection", collectionOracle(res));
  return res.body as Collection<T>;
}

/** The status is one of those given (for SHOULD checks such as 401 for a missing token). */
export function expectStatus(res: ApiResponse, ...accepted: number[]): void {
  expectAnswer(res);
  if (!accepted.includes(res.status))
    throw new TargetFailure(
      `${what(res)}: expected status ${accepted.join(" or ")}, got ${res.status}`,
    );
}
