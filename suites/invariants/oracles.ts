// The comparisons behind three invariants, written once over the resource model (spec/kinds.ts):
// - read your writes: what a create or update sent is what the view and the list answer, member by
//   member, wherever the answer carries a member of that name (records the material marks
//   `not shown` are compared only where the member is present);
// - an update changes only what it names: every member the request did not name reads as before;
// - list and view agree: an object's list entry equals its view wherever both show a member.
// Each takes (ctx, model, made, …), so the stateful models can run them after every step too.
// Sections: "Resources and their fields" (one field table per resource, for create, view, list and
// update alike), Endpoints (a list answers a "collection of" the record a view answers).
import type { CheckContext } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { settle } from "../../harness/settle.ts";
import { loose, operationInfo } from "../../harness/ops.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import type { KindName, ResourceModel } from "../../spec/kinds.ts";
import { isIsoDateTime, timestampMs } from "../../spec/formats.ts";
import { allPages } from "../shared/pages.ts";
import type { Made } from "./subjects.ts";

/** What one read of an object gave: its view, and its entry in each list of its kind. */
export interface Reading {
  view?: any;
  /** list operation → the object's entry there (absent where that list may leave it out) */
  entries: Record<string, any>;
}

/**
 * Lists that may leave the object out, in the catalog's words: for these a missing entry is
 * observed, and only the entries present are compared.
 */
const LIST_MAY_OMIT: Partial<Record<KindName, { id: string; why: string }>> = {
  recipe: {
    id: "RCP-LIST-3",
    why: 'which recipes an authenticated list holds is not shown ("unauthenticated requests return only public recipes")',
  },
};

/** Members not compared between two reads: `updated` moves with every write. */
export const ALWAYS_IGNORED = ["updated"];

/**
 * Members a record never gives back as sent, neither compared nor sent as free text: secrets
 * ("secret_key (string, only returned on creation)", "a redacted placeholder in list, view and
 * update responses"; a credential's password and an instance's root_pass are never shown at all).
 */
export const SECRET = /pass|secret/;

/** The view operation when it answers the object's own record (a tag's view lists what it tags). */
export function viewOp(model: ResourceModel): OperationId | undefined {
  const collection = ["data", "pages"].every((m) => model.members.shown.includes(m));
  return collection ? undefined : (model.ops.view[0] as OperationId | undefined);
}

/** Whether anything reads the object's record back: a view of it, or a list of its kind. */
export const readable = (model: ResourceModel) =>
  viewOp(model) !== undefined || model.ops.list.length > 0;

/** The object's view, or undefined when its kind has none. */
export async function readView(ctx: CheckContext, model: ResourceModel, made: Made) {
  const op = viewOp(model);
  if (!op) return undefined;
  return expectSuccess<any>(await loose(ctx.ops)[op]({ path: made.path }), op);
}

/**
 * Every item of a list: every page of a paginated one; a list that takes no `page` and whose body
 * is not shown (the managed services list) read as it answers - a Collection, a `data` array or an
 * array - or, answering none of them, not read (observed, undefined).
 */
async function listItems(
  ctx: CheckContext,
  op: OperationId,
  path: Made["path"],
): Promise<any[] | undefined> {
  const params = (operationInfo(op).operation.parameters ?? []) as { name?: string }[];
  if (params.some((p) => p.name === "page")) return allPages(ctx.ops, op, { path });
  const body = expectSuccess<any>(await loose(ctx.ops)[op]({ path }), op);
  if (Array.isArray(body?.data))
    return typeof body.pages === "number" && body.pages > 1
      ? allPages(ctx.ops, op, { path })
      : body.data;
  if (Array.isArray(body)) return body;
  ctx.observe(
    ctx.requirementIds[0],
    `${op} answered no list of records: not compared`,
    typeof body,
    op,
  );
  return undefined;
}

/**
 * Lists read once and kept, for several objects read at one moment (a step of a stateful model):
 * a list is keyed by its operation and the path parameters it takes.
 */
export class Lists {
  private readonly read = new Map<string, Promise<any[] | undefined>>();

  items(ctx: CheckContext, op: OperationId, path: Made["path"]): Promise<any[] | undefined> {
    const params = [...operationInfo(op).path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const key = `${op} ${JSON.stringify(params.map((p) => path[p]))}`;
    let hit = this.read.get(key);
    if (!hit) this.read.set(key, (hit = listItems(ctx, op, path)));
    return hit;
  }
}

/** The object's entry in each list of its kind (every page walked); a missing entry fails. */
export async function readEntries(
  ctx: CheckContext,
  model: ResourceModel,
  made: Made,
  lists?: Lists,
): Promise<Record<string, any>> {
  const entries: Record<string, any> = {};
  for (const op of model.ops.list as OperationId[]) {
    const items = await (lists ? lists.items(ctx, op, made.path) : listItems(ctx, op, made.path));
    if (!items) continue;
    const entry = items.find((e) => made.matches(e));
    if (entry !== undefined) entries[op] = entry;
    else if (LIST_MAY_OMIT[model.name]) {
      const { id, why } = LIST_MAY_OMIT[model.name]!;
      ctx.observe(id, `${op} does not hold the ${model.name} the check made (${why})`, made.path);
    } else
      throw new TargetFailure(
        `${op}: the ${model.name} ${JSON.stringify(made.path)} is not in the list (${items.length} entries on every page)`,
      );
  }
  return entries;
}

/** The view and every list entry of the object, read once. */
async function readOnce(ctx: CheckContext, model: ResourceModel, made: Made): Promise<Reading> {
  return { view: await readView(ctx, model, made), entries: await readEntries(ctx, model, made) };
}

/**
 * The view and every list entry of the object, once the lists show what the view shows: read again
 * within the convergence window (harness/settle.ts) while they do not, since a list may catch up
 * with a write a little later. When the window closes first, the last reading is answered (the
 * caller judges it); an object missing from a list by then fails.
 */
export async function read(
  ctx: CheckContext,
  model: ResourceModel,
  made: Made,
  volatile: string[] = [],
): Promise<Reading> {
  let last: Reading | undefined;
  try {
    return await settle(
      ctx,
      `${model.name}: the lists do not show what the view shows`,
      async () => {
        last = undefined;
        return (last = await readOnce(ctx, model, made));
      },
      (r) => disagreeing(r.view, r.entries, r.view, volatile),
      { oracle: "read-your-writes", kind: model.name },
    );
  } catch (e) {
    if (e instanceof TargetFailure && last) return last;
    throw e;
  }
}

/** Where a reading was taken, for messages. */
function places(r: Reading): [string, any][] {
  return [
    ...(r.view !== undefined ? [["view", r.view] as [string, any]] : []),
    ...Object.entries(r.entries).map(([op, e]) => [`list ${op}`, e] as [string, any]),
  ];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** JSON with object keys sorted: two values are equal when these are. */
function canon(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canon(v[k])}`)
      .join(",")}}`;
  return JSON.stringify(v) ?? "undefined";
}

/** Equal as JSON; two timestamps are equal when they name the same instant (how it is written is open). */
export function same(a: unknown, b: unknown): boolean {
  if (
    typeof a === "string" &&
    typeof b === "string" &&
    a !== b &&
    isIsoDateTime(a) &&
    isIsoDateTime(b)
  )
    return timestampMs(a) === timestampMs(b);
  return canon(a) === canon(b);
}

/** A value for a message; a string's characters outside printable ASCII as code points. */
export function shown(v: unknown): string {
  const s = JSON.stringify(v) ?? "undefined";
  const out = s.replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
  const n =
    typeof v === "string" ? `${[...v].length} characters` : `${s.length} characters of JSON`;
  return out.length > 160 ? `${out.slice(0, 160)}…(${n})` : out;
}

/** Where two strings first differ, in code points (what a length or normalisation fault shows). */
function firstDifference(sent: string, got: string): string {
  const a = [...sent];
  const b = [...got];
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `${a.length} code points sent, ${b.length} read; first difference at ${i}: ${shown(a.slice(i, i + 3).join(""))} read as ${shown(b.slice(i, i + 3).join(""))}`;
}

/**
 * Members whose value read back is what the material derives from the one sent, not the one sent:
 * whether `got` is it (undefined: compared as sent). "An empty interfaces array gives a default
 * public interface only."
 */
export const DERIVED: Record<string, (sent: unknown, got: unknown) => boolean | undefined> = {
  interfaces: (sent, got) =>
    Array.isArray(sent) && sent.length === 0
      ? Array.isArray(got) && got.length === 1 && (got[0] as any)?.purpose === "public"
      : undefined,
};

/**
 * The members of `sent` that `got` answers otherwise, as messages. A member `got` does not carry
 * is not shown (no failure); an object is compared member by member, an array of scalars as a set
 * (neither order nor repeats are stated), an array of objects item by item where each sent item
 * must read back in some answered one; a secret and a null sent (no value) are not compared.
 */
export function mismatches(sent: unknown, got: unknown, at = ""): string[] {
  if (!isObject(sent) || !isObject(got)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(sent)) {
    const p = at ? `${at}.${k}` : k;
    const g = got[k];
    if (g === undefined || v === null || v === undefined || SECRET.test(k)) continue;
    const derived = DERIVED[k]?.(v, g);
    if (derived !== undefined) {
      if (!derived) out.push(`${p}: sent ${shown(v)}, read ${shown(g)}`);
      continue;
    }
    if (isObject(v)) {
      if (isObject(g)) out.push(...mismatches(v, g, p));
      else out.push(`${p}: sent an object, read ${shown(g)}`);
    } else if (Array.isArray(v)) {
      const ok =
        Array.isArray(g) &&
        v.every((item) =>
          isObject(item)
            ? g.some((x) => mismatches(item, x).length === 0)
            : g.some((x) => same(x, item)),
        ) &&
        (v.some(isObject) || g.every((x) => v.some((item) => same(x, item))));
      if (!ok) out.push(`${p}: sent ${shown(v)}, read ${shown(g)}`);
    } else if (typeof v === "string" && typeof g === "string" && v !== g)
      out.push(`${p}: sent ${shown(v)}, read ${shown(g)} (${firstDifference(v, g)})`);
    else if (!same(v, g)) out.push(`${p}: sent ${shown(v)}, read ${shown(g)}`);
  }
  return out;
}

/**
 * Read your writes: after a write the target accepted, every member it sent reads back as sent in
 * the view and in every list of the kind, wherever the answer carries the member.
 */
export async function expectReadsBack(
  ctx: CheckContext,
  model: ResourceModel,
  made: Made,
  sent: Record<string, unknown>,
  what: string,
): Promise<Reading> {
  // read again within the convergence window (harness/settle.ts): a list may catch up later
  return settle(
    ctx,
    `${model.name}: ${what} does not read back as sent`,
    () => readOnce(ctx, model, made),
    (r) => places(r).flatMap(([where, got]) => mismatches(sent, got).map((m) => `${where}: ${m}`)),
    { oracle: "read-your-writes", kind: model.name },
  );
}

/** Top-level members whose values differ between two records (members of either), as messages. */
export function changed(before: unknown, after: unknown, ignore: Iterable<string>): string[] {
  if (!isObject(before) || !isObject(after)) return [];
  const skip = new Set([...ignore, ...ALWAYS_IGNORED]);
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((k) => !skip.has(k) && !same(before[k], after[k]))
    .map((k) => `${k} was ${shown(before[k])}, now ${shown(after[k])}`);
}

/**
 * An update changes only what it names: between the reading before and the one after an update
 * naming `named`, no other member (but the ignored: `updated`, the kind's volatile members) moved,
 * in the view or in any list. Returns the messages; empty when the update kept to what it named.
 */
export function changedBesides(
  before: Reading,
  after: Reading,
  named: string[],
  volatile: string[] = [],
): string[] {
  const ignore = [...named, ...volatile];
  const out = changed(before.view, after.view, ignore).map((m) => `view: ${m}`);
  for (const [op, e] of Object.entries(before.entries))
    if (after.entries[op] !== undefined)
      out.push(...changed(e, after.entries[op], ignore).map((m) => `list ${op}: ${m}`));
  return out;
}

/**
 * List and view agree: the view, every list, the view again; a member the list shows otherwise
 * than the view disagrees only when both views agree (a member that moved between the reads is
 * not judged). Returns the messages.
 */
export async function disagreements(
  ctx: CheckContext,
  model: ResourceModel,
  made: Made,
  volatile: string[] = [],
): Promise<string[]> {
  const first = await readView(ctx, model, made);
  const entries = await readEntries(ctx, model, made);
  const second = await readView(ctx, model, made);
  return disagreeing(first, entries, second, volatile);
}

/** What disagreements() judges, on readings already taken (view, lists, view again). */
function disagreeing(
  first: unknown,
  entries: Record<string, any>,
  second: unknown,
  volatile: string[],
): string[] {
  if (!isObject(first) || !isObject(second)) return [];
  const skip = new Set(volatile);
  const out: string[] = [];
  for (const [op, entry] of Object.entries(entries)) {
    if (!isObject(entry)) continue;
    for (const k of Object.keys(entry))
      if (
        !skip.has(k) &&
        k in first &&
        k in second &&
        same(first[k], second[k]) &&
        !same(first[k], entry[k])
      )
        out.push(`${k}: the view shows ${shown(first[k])}, ${op} ${shown(entry[k])}`);
  }
  return out;
}

/** disagreements(), as a failure. */
export async function expectAgree(
  ctx: CheckContext,
  model: ResourceModel,
  made: Made,
  volatile: string[] = [],
  when = "",
): Promise<void> {
  await settle(
    ctx,
    `${model.name}${when ? ` ${when}` : ""}: the list and the view disagree`,
    () => disagreements(ctx, model, made, volatile),
    (out) => out,
    { oracle: "list = view", kind: model.name },
  );
}

/**
 * The three as one postcondition of a step of a stateful model (suites/fuzz/stateful/): `made.sent`
 * holds every member the model knows the record holds (what the create sent, each update's members
 * over it), so a member an update did not name reads back as before; and the list agrees with the
 * view. The view, and the lists (read once for every object of the step, through `lists`); nothing
 * but the sequence writes its objects, so one view is enough; a disagreement is read again, fresh,
 * to tell it from a member the target moved on its own (a job finishing) between the reads.
 */
export async function expectInvariants(
  ctx: CheckContext,
  model: ResourceModel,
  made: Made,
  volatile: string[] = [],
  lists?: Lists,
): Promise<void> {
  let first = true;
  // within the convergence window (harness/settle.ts); a read again reads the lists afresh
  await settle(
    ctx,
    `${model.name} ${JSON.stringify(made.path)} does not hold what was written`,
    async () => {
      const shared = first ? lists : undefined;
      first = false;
      const view = await readView(ctx, model, made);
      const entries = await readEntries(ctx, model, made, shared);
      let disagree = disagreeing(view, entries, view, volatile);
      // the lists were read once for the step, maybe before this view: a member the target moved on
      // its own since (a job finishing: status, updated) is judged on a fresh reading (view, lists,
      // view again), where it counts only if both views agree
      if (disagree.length) disagree = await disagreements(ctx, model, made, volatile);
      return [
        ...places({ view, entries }).flatMap(([where, got]) =>
          mismatches(made.sent, got).map((m) => `${where}: ${m}`),
        ),
        ...disagree.map((m) => `list and view disagree: ${m}`),
      ];
    },
    (problems) => problems,
    { oracle: "read-your-writes", kind: model.name },
  );
}
