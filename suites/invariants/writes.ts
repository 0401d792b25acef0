// What the invariants of this folder send, read from spec/openapi.yaml through the generators'
// schema helpers: each create or update body's members (dotted leaves with their bounds), which of
// them are free text (a string with no enum, format or pattern, whose value the generators' rules do
// not tie to the target or to another resource), texts outside ASCII, texts at a stated maximum
// length, and valid values of one member for an update naming only it (generators/, as the stateless
// properties draw them). Sections: "Resources and their fields" (the field tables and their bounds),
// Limits / Field lengths.
import fc from "fast-check";
import type { CheckContext } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";
import { MissingCapability } from "../../harness/errors.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { loose } from "../../harness/ops.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { RESOURCES, type ResourceType } from "../../harness/resources.ts";
import { generatorsFor, OFFLINE_TARGET, type TargetValues } from "../../generators/index.ts";
import { RULES, type Setup } from "../../generators/rules.ts";
import { SchemaGen } from "../../generators/schema.ts";
import { listOperations, loadOpenApi } from "../../spec/index.ts";
import type { ResourceModel } from "../../spec/kinds.ts";
import { SECRET } from "./oracles.ts";
import { targetValues } from "../shared/requests.ts";
import type { Made } from "./subjects.ts";

/** One member of a request body: a leaf of its schema (nested objects walked, arrays kept whole). */
export interface Leaf {
  path: string[];
  type: "text" | "integer" | "boolean" | "other";
  /** a string with no character rule: no enum, format, pattern, and no rule of generators/rules.ts */
  free: boolean;
  /** the generators' rules give its values (fixtures, resources, a default when invalid) */
  ruled: boolean;
  /** the material replaces an invalid value by the default (x-invalid-replaced: root_device) */
  replaced?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

const leafCache = new Map<string, Leaf[]>();

/** The leaves of an operation's JSON body, from the spec. */
export function leaves(op: string): Leaf[] {
  const hit = leafCache.get(op);
  if (hit) return hit;
  const doc = loadOpenApi() as any;
  const info = listOperations(doc).find((o) => o.operationId === op);
  const schema = (info?.operation.requestBody as any)?.content?.["application/json"]?.schema;
  const gen = new SchemaGen(doc);
  const hints = RULES[op]?.hints?.(OFFLINE_TARGET) ?? {};
  const ruledPaths = new Set([
    ...Object.keys(hints.override ?? {}),
    ...(hints.omit ?? []),
    ...(hints.lenient ?? []),
  ]);
  const out: Leaf[] = [];
  const walk = (s: unknown, path: string[]) => {
    const f = gen.flatten(s as any) as any;
    if (typeof f === "boolean" || f?.["x-not-shown"]) return;
    if (f.properties && !f.anyOf && !f.oneOf) {
      for (const [k, v] of Object.entries(f.properties)) walk(v, [...path, k]);
      return;
    }
    const types = new Set(Array.isArray(f.type) ? f.type : [f.type]);
    const type = types.has("string")
      ? "text"
      : types.has("integer")
        ? "integer"
        : types.has("boolean")
          ? "boolean"
          : "other";
    const ruled = path.some((_, i) => ruledPaths.has(path.slice(0, i + 1).join(".")));
    const shaped = f.enum || f.const || f.format || f.pattern || f.anyOf || f.oneOf;
    out.push({
      path,
      type,
      free: type === "text" && !shaped && !ruled && !SECRET.test(path.join(".")),
      ruled,
      ...(f["x-invalid-replaced"] === true ? { replaced: true } : {}),
      minLength: f.minLength,
      maxLength: f.maxLength,
      minimum: f.minimum,
      maximum: f.maximum,
    });
  };
  if (schema) walk(schema, []);
  leafCache.set(op, out);
  return out;
}

/** Free-text members of an operation's body. */
export const freeText = (op: string) => leaves(op).filter((l) => l.free);

/**
 * Members with a stated bound the check can sit on: free text with a maximum length, integers with
 * a minimum or maximum that no rule of generators/ replaces.
 */
export const bounded = (op: string) =>
  leaves(op).filter(
    (l) =>
      (l.free && l.maxLength !== undefined) ||
      (l.type === "integer" && !l.ruled && (l.minimum !== undefined || l.maximum !== undefined)),
  );

/**
 * Text outside ASCII, most telling first: a precomposed letter (NFD splits it), a letter with a
 * combining mark (NFC joins it), characters beyond the Basic Multilingual Plane (a surrogate pair in
 * UTF-16, four bytes in UTF-8), then Greek, Cyrillic, Han, Hebrew (right to left), Devanagari
 * (combining vowel signs) and an emoji joined by a zero-width joiner.
 */
export const NON_ASCII = "é e\u0301 😀 Ωμέγα Жук 漢字 עברית हिन्दी 𝄞 👩\u200d💻";

/** At most `max` UTF-16 units, never splitting a surrogate pair, no space at either end. */
function cut(s: string, max: number): string {
  let out = "";
  for (const ch of s) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out.trim();
}

/**
 * A unique text in the member's bounds (the run's label prefix first, so uniqueness holds where the
 * material asks for it, "label ... unique", and sweep finds what a crash left). ASCII only.
 */
export function uniqueText(ctx: CheckContext, leaf: Leaf, tag = "inv"): string {
  return ctx.label(tag, leaf.maxLength ?? 64);
}

/** The member's unique text followed by text outside ASCII, within its maximum length. */
export function nonAsciiText(ctx: CheckContext, leaf: Leaf): string {
  const max = leaf.maxLength ?? 256;
  // a short member (ssh.user <= 32) gets the text alone: the label would leave no room for it
  return max >= 40 ? cut(`${ctx.label("txt", 24)} ${NON_ASCII}`, max) : cut(NON_ASCII, max);
}

const ALNUM = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A unique ASCII alphanumeric text exactly at the member's maximum length. */
export function textAtMax(ctx: CheckContext, leaf: Leaf): string {
  const max = leaf.maxLength!;
  const head = ctx.label("max", Math.min(max, 32));
  let pad = "";
  while (head.length + pad.length < max) pad += ALNUM;
  return head + pad.slice(0, max - head.length);
}

/** Sets a dotted member in a body; a nested member starts from the object's current value. */
export function setLeaf(
  body: Record<string, any>,
  path: string[],
  value: unknown,
  current?: any,
): void {
  let at = body;
  let cur = current;
  for (const [i, k] of path.entries()) {
    cur = cur?.[k];
    if (i === path.length - 1) at[k] = value;
    else {
      if (typeof at[k] !== "object" || at[k] === null)
        at[k] = cur && typeof cur === "object" && !Array.isArray(cur) ? structuredClone(cur) : {};
      at = at[k];
    }
  }
}

/** A body setting each leaf to `value(leaf)`, nested members kept from the current record. */
export function bodyOf(
  list: Leaf[],
  value: (l: Leaf) => unknown,
  current?: any,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const l of list) setLeaf(body, l.path, value(l), current);
  return body;
}

/**
 * The update operation of a kind and the operation whose body gives its members: the update's own,
 * or, where the update body is not shown (a disk: "body: not shown"), the create's, as the Disk
 * section lists "create/update fields". `borrowed` says so: the target may then refuse any update.
 */
export function updateOf(
  model: ResourceModel,
): { op: OperationId; members: string; borrowed: boolean } | undefined {
  const op = model.ops.update[0] as OperationId | undefined;
  if (!op) return undefined;
  const own = leaves(op).length > 0;
  const create = model.ops.create[0];
  if (own || !create) return { op, members: op, borrowed: false };
  return { op, members: create, borrowed: true };
}

/** Sends an update of the object. */
export function sendUpdate(
  ctx: CheckContext,
  model: ResourceModel,
  made: Made,
  body: Record<string, unknown>,
): Promise<ApiResponse> {
  return loose(ctx.ops)[model.ops.update[0] as OperationId]({ path: made.path, body });
}

/** The run's fixture values for the generators, or placeholders where none are configured. */
async function values(ctx: CheckContext): Promise<TargetValues> {
  try {
    return await targetValues(ctx);
  } catch (e) {
    if (e instanceof MissingCapability) return OFFLINE_TARGET;
    throw e;
  }
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Values of one top-level member for an update naming only it, different from `current` first:
 * free text a unique label, a boolean its opposite (unless a rule fixes it: a recipe is never made
 * public, for a public one cannot be deleted), anything else drawn from the generators' valid
 * requests of the operation, bound to the check's own resources (RULES[op].bind). Several, since a
 * drawn value may name what the target does not hold (a placeholder ID the check has no object for).
 */
export async function memberValues(
  ctx: CheckContext,
  membersOp: string,
  member: string,
  made: Made,
  current: any,
): Promise<unknown[]> {
  const own = leaves(membersOp).filter((l) => l.path[0] === member);
  if (own.length === 1 && own[0].path.length === 1) {
    const l = own[0];
    if (l.free) return [uniqueText(ctx, l, "upd")];
    if (l.type === "boolean" && !l.ruled && typeof current?.[member] === "boolean")
      return [!current[member]];
  }
  const g = generatorsFor(membersOp, await values(ctx));
  const setup: Setup = { ...(made.path as Setup) };
  const bind = RULES[membersOp]?.bind;
  const drawn = fc
    .sample(g.valid, { seed: ctx.config.seed, numRuns: 24 })
    .map((r) => (bind ? bind(structuredClone(r.body), setup) : r.body) as any)
    .filter((b) => b && typeof b === "object" && member in b)
    .map((b) => b[member]);
  const distinct: unknown[] = [];
  for (const v of drawn) if (!distinct.some((d) => sameJson(d, v))) distinct.push(v);
  const changed = distinct.filter((v) => !sameJson(v, current?.[member]));
  return [...changed, ...distinct.filter((v) => !changed.includes(v))].slice(0, 3);
}

/**
 * Another object like `base`, made by the kind's create with `members` over base's body (labels of
 * the run renewed, so uniqueness holds): the answer, and the object when the target made one.
 * Made through the check's ops, so a 2xx create is in the ledger and removed when the check ends.
 */
export async function createLike(
  ctx: CheckContext,
  model: ResourceModel,
  base: Made,
  members: Record<string, unknown>,
): Promise<{ res: ApiResponse; body: Record<string, unknown>; made?: Made }> {
  const prefix = ctx.config.labelPrefix;
  const createOp = model.ops.create[0] as OperationId;
  const lengths = new Map(leaves(createOp).map((l) => [l.path.join("."), l.maxLength]));
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(base.sent))
    body[k] =
      typeof v === "string" && v.startsWith(prefix)
        ? ctx.label("again", lengths.get(k) ?? v.length)
        : structuredClone(v);
  Object.assign(body, members);
  const res = await loose(ctx.ops)[createOp]({ path: base.parentPath, body });
  if (res.status < 200 || res.status > 299 || !res.json || typeof res.body !== "object")
    return { res, body };
  const record = res.body;
  const type = model.name as ResourceType;
  // a kind fresh does not track (a backup) is addressed by its parents and the ID it answered
  const path =
    type in RESOURCES
      ? RESOURCES[type].pathOf(record, base.parentPath)
      : { ...base.parentPath, ...(model.idParam ? { [model.idParam]: record?.id } : {}) };
  const addressed = Object.values(path).every((v) => v !== undefined && v !== null && v !== "");
  if (!addressed && model.idParam) return { res, body };
  // no ID: by the members sent that the create's answer shows (a record may show fewer than
  // sent), or all of them when it shows none
  const shownSent = Object.entries(members).filter(
    ([k]) => record && typeof record === "object" && k in record,
  );
  const byShown = shownSent.length ? shownSent : Object.entries(members);
  const matches =
    record?.id !== undefined
      ? (e: any) => e?.id !== undefined && String(e.id) === String(record.id)
      : (e: any) => byShown.every(([k, v]) => sameJson(e?.[k], v));
  return {
    res,
    body,
    made: { path, parentPath: base.parentPath, sent: body, record, matches },
  };
}

const refused = (res: ApiResponse) => res.status >= 400 && res.status < 500;

/**
 * An update naming only `member`, with the first of its values the target accepts: the body sent,
 * or undefined when it refused each (4xx). Any other answer is judged as a success must be.
 */
export async function updateNaming(
  ctx: CheckContext,
  model: ResourceModel,
  made: Made,
  member: string,
  current: any,
): Promise<Record<string, unknown> | undefined> {
  const upd = updateOf(model)!;
  for (const value of await memberValues(ctx, upd.members, member, made, current)) {
    const body = { [member]: value };
    const res = await sendUpdate(ctx, model, made, body);
    if (refused(res)) continue;
    expectSuccess(res, upd.op);
    return body;
  }
  return undefined;
}

/** The top-level members an update of the kind takes, free text first. */
export function updateMembers(model: ResourceModel): string[] {
  const upd = updateOf(model);
  if (!upd) return [];
  const all = leaves(upd.members);
  const free = all.filter((l) => l.free && l.path.length === 1).map((l) => l.path[0]);
  return [...new Set([...free, ...all.map((l) => l.path[0])])];
}
