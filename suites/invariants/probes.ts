// What the delete, unknown-ID and hierarchy invariants share: the path parameters of an operation
// that name objects, IDs that never existed, a valid request sent at a given path, the verdicts
// (refused with the Error body; a delete refused or an idempotent success; a list refused or empty)
// and where a kind's objects are listed. Material: Errors 1 ("Error responses carry the Error
// body"), States and transitions (what a delete removes), the Endpoints tables (the paths).
import { randomUUID } from "node:crypto";
import type { CheckContext } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectError, expectSuccess } from "../../harness/expect.ts";
import { loose, operationInfo } from "../../harness/ops.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import type { SideEffect } from "../../harness/model.ts";
import { RULES } from "../../generators/rules.ts";
import { loadOpenApi } from "../../spec/index.ts";
import { kindOfOperation, resourceModel, type ResourceModel } from "../../spec/kinds.ts";
import { allPages } from "../shared/pages.ts";
import { setupOf, validRequest } from "../shared/requests.ts";
import { SUBJECTS } from "./subjects.ts";

export type Path = Record<string, string | number>;

/** An integer ID no target hands out in a test run (below 2^31, a plain positive integer). */
export const NEVER = 2_147_480_001;

export const model = (op: string): ResourceModel => {
  const k = kindOfOperation(op);
  if (!k) throw new Error(`${op} belongs to no kind of spec/kinds.ts`);
  return resourceModel().get(k.kind)!;
};

const pathParams = (op: string): any[] => {
  const info = operationInfo(op);
  const shared = ((loadOpenApi().paths?.[info.path] as any)?.parameters ?? []) as any[];
  return [...shared, ...((info.operation.parameters ?? []) as any[])].filter(
    (p) => p?.in === "path",
  );
};

/** The path parameters that name objects (not the ones generators/ makes: year, month). */
export function idParams(op: string): string[] {
  const generated = new Set(RULES[op]?.generatedPath ?? []);
  return pathParams(op)
    .map((p) => String(p.name))
    .filter((n) => !generated.has(n));
}

/** Whether the operation addresses one object of its kind (its path holds the kind's ID). */
export const addressesItem = (op: string): boolean => {
  const id = model(op).idParam;
  return id !== undefined && idParams(op).includes(id);
};

/**
 * A value of `param` that was never handed out: integers a large positive one; a uuid a fresh one;
 * names (a client ID, cluster, bucket, tag label, kernel) a fresh label of the run, plausible and
 * unique; the string IDs the material types nowhere (contact, issue, service, ticket, recipe) the
 * large integer written as text, the shape their samples have.
 */
export function unknownValue(ctx: CheckContext, op: string, param: string): string | number {
  const schema = pathParams(op).find((p) => p.name === param)?.schema ?? {};
  if (schema.type === "integer") return NEVER;
  if (schema.format === "uuid") return randomUUID();
  if (param === "bucket") return ctx.label("bkt", 63).toLowerCase();
  // kernel IDs hold a slash ("vm/latest-64bit"), which may travel encoded or not (VM-KERNEL-2):
  // a slash-free name keeps this check about the unknown ID alone
  if (["clientId", "clusterId", "label", "kernelId"].includes(param))
    return ctx.label(param.replace(/Id$/, ""), 50);
  return String(NEVER);
}

/**
 * Selections that may rightly answer an empty list for a name they do not know: the buckets of a
 * cluster (the account's buckets, selected by the platform's cluster) and the objects carrying a
 * tag ("paginated mixed list of objects carrying the tag": an unknown label is carried by none).
 */
export const EMPTY_OK = new Set(["listClusterBuckets", "listTaggedObjects"]);

/** "a" or "an" before a parameter's name, for titles. */
export const a = (word: string) => `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;

/** A DELETE, or the kind's delete (a credential's revoke): its refusal is a SHOULD (CONV-ERR-5). */
export const deleteLike = (op: string): boolean =>
  operationInfo(op).method === "DELETE" || model(op).ops.delete.includes(op);

/** Who answered what: the failure names the operation and the path it was sent to. */
async function named(what: string, verdict: () => void | Promise<void>): Promise<void> {
  try {
    await verdict();
  } catch (e) {
    if (e instanceof TargetFailure) throw e.within(what);
    throw e;
  }
}

const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300;
const emptyCollection = (res: ApiResponse) =>
  ok(res) && Array.isArray(res.body?.data) && res.body.data.length === 0;

/** Refused with the Error body (any 4xx: the material names no status). */
export const expectRefused = (what: string, res: ApiResponse) =>
  named(what, () => void expectError(res));

/** Refused, or a collection with nothing in it. */
export const expectRefusedOrEmpty = (what: string, res: ApiResponse) =>
  named(what, () => {
    if (!emptyCollection(res)) expectError(res);
  });

/** A delete: refused with the Error body, or a success that changed nothing (checked by the caller). */
export const expectRefusedOrIdempotent = (what: string, res: ApiResponse) =>
  named(what, () => {
    if (!ok(res)) expectError(res);
  });

/** `op`'s verdict for an object that is not there: a delete may be idempotent, `emptyOk` a list empty. */
export function expectNotThere(op: string, what: string, res: ApiResponse, emptyOk = false) {
  if (deleteLike(op)) return expectRefusedOrIdempotent(what, res);
  if (emptyOk) return expectRefusedOrEmpty(what, res);
  return expectRefused(what, res);
}

/** A valid request of `op` (generators/) sent at `path`, members naming resources bound to it. */
export async function sendAt(ctx: CheckContext, op: string, path: Path): Promise<ApiResponse> {
  const req = await validRequest(ctx, op as OperationId, setupOf(path));
  return loose(ctx.ops)[op as OperationId]({ ...req, path: { ...req.path, ...path } });
}

/**
 * What one list answers: every item of every page of a Collection; of another shape (the backups
 * list: its body is not shown) every object inside it, so an entry is found wherever it sits.
 * `refusedOk`: a refusal with the Error body lists nothing (a list under a parent that may refuse).
 */
export async function entries(
  ctx: CheckContext,
  op: string,
  path: Path,
  refusedOk = false,
): Promise<any[]> {
  const call = idParams(op).length ? { path } : {};
  const first = await loose(ctx.ops)[op as OperationId](call);
  if (refusedOk && first.status >= 400 && first.status < 500) {
    await expectRefused(`${op} ${JSON.stringify(path)}`, first);
    return [];
  }
  if (Array.isArray(first.body?.data)) return allPages(ctx.ops, op as OperationId, call);
  const nodes: any[] = [];
  const walk = (x: unknown) => {
    if (!x || typeof x !== "object") return;
    if (!Array.isArray(x)) nodes.push(x);
    for (const v of Object.values(x)) walk(v);
  };
  walk(expectSuccess(first, op));
  return nodes;
}

/**
 * The items of every list of the kind whose path parameters `path` holds (an object's own path
 * will do: a list takes its parents' only). A bucket is listed twice: all, and its cluster's.
 */
export async function listed(ctx: CheckContext, m: ResourceModel, path: Path): Promise<any[]> {
  const items: any[] = [];
  for (const op of m.ops.list) {
    const params = idParams(op);
    if (params.some((p) => path[p] === undefined)) continue;
    items.push(...(await entries(ctx, op, Object.fromEntries(params.map((p) => [p, path[p]!])))));
  }
  return items;
}

/** The member of a listed record that carries the kind's ID. */
export function idMember(m: ResourceModel): string {
  if (m.idParam === "token") return "token";
  if (m.idParam === "bucket" || m.idParam === "label") return "label";
  return "id";
}

/** Fails when a list of the kind holds an entry `matches` finds. */
export async function expectNotListed(
  ctx: CheckContext,
  m: ResourceModel,
  path: Path,
  matches: (entry: any) => boolean,
  what: string,
): Promise<void> {
  const hit = (await listed(ctx, m, path)).find(matches);
  if (hit)
    throw new TargetFailure(
      `${what}: ${m.ops.list.join(" / ")} still holds it: ${JSON.stringify(hit).slice(0, 200)}`,
    );
}

/** The kind whose ID a parent parameter carries (an instance for vmId, a cluster for clusterId). */
export function parentKind(m: ResourceModel, param: string): ResourceModel | undefined {
  const parent = m.parent ? resourceModel().get(m.parent) : undefined;
  if (parent?.idParam === param) return parent;
  return [...resourceModel().values()].find(
    (k) => k.idParam === param && k.area === m.area && !k.parentParams.length,
  );
}

/** What makes the parent a parameter names; none for a cluster (the platform's). */
const parentSubject = (m: ResourceModel, param: string) =>
  param === "clusterId" ? undefined : SUBJECTS[parentKind(m, param)?.name ?? m.parent!];

/** The side effects of making real parents of a kind's objects. */
export const parentsEffect = (m: ResourceModel): SideEffect[] =>
  m.parentParams.map((p) => parentSubject(m, p)?.effect ?? "read-only");

/** Real parents for one of a kind's objects, made for the check (a cluster: the run's): their path. */
export async function realParents(ctx: CheckContext, m: ResourceModel): Promise<Path> {
  const path: Path = {};
  for (const param of m.parentParams) {
    if (param === "clusterId") {
      path[param] = await ctx.fresh.cluster();
      continue;
    }
    const subject = parentSubject(m, param);
    if (!subject) return ctx.skip(`no subject makes the ${param} parent of ${a(m.name)}`);
    path[param] = (await subject.make(ctx)).path[param]!;
  }
  return path;
}

/** Members of two reads of one record that differ (`updated` and the volatile ones left out). */
export function changed(before: any, after: any, volatile: string[] = []): string[] {
  const skip = new Set(["updated", ...volatile]);
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter(
    (k) =>
      !skip.has(k) &&
      k in (before ?? {}) &&
      k in (after ?? {}) &&
      JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
}
