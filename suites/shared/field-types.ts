// Errors 2: "A field-level validation failure names the field". Every request member that has a JSON
// type and nothing more (no bound, enum or pattern) gets a generated requirement
// FIELD.<operationId>.<field> with its types (spec/catalog.ts); here each one is sent a value of
// another JSON type (`"yes"` for a boolean, `"12"` for an integer, `12345` for a string, `{}` for an
// array, `["x"]` for an object), the refusal must name the field, and a read-back shows that the
// request changed nothing. Each area's types.test.ts gives one table row per operation: what it
// needs, a valid body, and what it would change; typeChecks() declares one check per member.
import { check, type CheckContext } from "../../harness/check.ts";
import { loadCatalog } from "../../spec/catalog.ts";
import { expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import type { SideEffect } from "../../harness/model.ts";
import type { ApiResponse } from "../../harness/client.ts";
import { loose } from "../../harness/ops.ts";

/** What one wrong-type request needs: its path, a body valid but for the field, and its effect. */
export interface Prepared {
  path?: Record<string, string | number>;
  body: Record<string, unknown>;
  /** what the request would change, read before and after: equal means nothing changed */
  state?: () => Promise<unknown>;
  /** for a create: the records carrying this body's label after the request (none expected) */
  made?: (sent: Record<string, unknown>) => Promise<unknown[]>;
  /** removes what a wrongly accepted create made */
  undo?: (res: ApiResponse) => Promise<void>;
}

export interface Row {
  op: OperationId;
  effect: SideEffect;
  prepare(ctx: CheckContext, field: string): Promise<Prepared>;
}

const WRONG: Record<string, unknown[]> = {
  boolean: ["yes", 1],
  integer: ["12", 1.5, true],
  number: ["1.5", true],
  string: [12345, true],
  array: [{}, "x"],
  object: [["x"], "x"],
};

const jsonType = (v: unknown): string =>
  v === null
    ? "null"
    : Array.isArray(v)
      ? "array"
      : Number.isInteger(v)
        ? "integer"
        : typeof v === "number"
          ? "number"
          : typeof v;

/** A value of none of the field's JSON types (an integer is a number too). */
export function wrongValue(types: string[]): unknown {
  const allowed = (v: unknown) =>
    types.includes(jsonType(v)) || (jsonType(v) === "integer" && types.includes("number"));
  for (const t of types) for (const v of WRONG[t] ?? []) if (!allowed(v)) return v;
  throw new Error(`no wrong value for types ${types.join(", ")}`);
}

/**
 * Sets a dotted path in a copy of the body. Array item members share the array's path
 * (interfaces.ipam_address): they are set on the first item; `*` (any key of a map) becomes `vms`.
 */
export function withValue(
  body: Record<string, unknown>,
  field: string,
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(body);
  let at: any = copy;
  const parts = field.split(".").map((p) => (p === "*" ? "vms" : p));
  parts.forEach((p, i) => {
    if (Array.isArray(at)) at = at[0] ??= {};
    if (i === parts.length - 1) at[p] = value;
    else at = at[p] = at[p] !== null && typeof at[p] === "object" ? at[p] : {};
  });
  return copy;
}

/** The given members of a record (or of each record of a list); anything else is left out. */
function onlyMembers(v: unknown, members: string[]): unknown {
  if (Array.isArray(v)) return v.map((x) => onlyMembers(x, members));
  if (v === null || typeof v !== "object" || members.length === 0) return v;
  return Object.fromEntries(members.map((k) => [k, (v as Record<string, unknown>)[k]]));
}

export const labelled = (items: any[], key: string, sent: Record<string, unknown>) =>
  items.filter((x) => x?.[key] === String(sent[key]));
export const view =
  (ctx: CheckContext, op: OperationId, path: Record<string, string | number>) => async () =>
    expectSuccess(await loose(ctx.ops)[op]({ path }));

export async function emptyVm(ctx: CheckContext) {
  return ctx.fresh.instance({ booted: false });
}

// a superseded one (INFO) is judged by the check of the requirement that supersedes it
const typeOnly = loadCatalog().requirements.filter((r) => r.jsonTypes && r.level !== "INFO");

/** One check per type-only member of each row's operation. */
export function typeChecks(rows: Row[]): void {
  for (const row of rows) {
    for (const req of typeOnly.filter((r) => r.operations[0] === row.op)) {
      const field = req.field!.replace("*", "vms");
      const wrong = wrongValue(req.jsonTypes!);
      check(
        { id: req.id, op: row.op, effect: row.effect },
        `${field} (${req.jsonTypes!.join(" or ")}) sent ${JSON.stringify(wrong)} is refused naming ${field}; nothing changes`,
        async (ctx) => {
          const p = await row.prepare(ctx, field);
          const sent = withValue(p.body, field, wrong);
          // only the members the request names: the rest of a record may move on its own meanwhile
          // (a provisioning job finishing, a timestamp), which is no change made by the refused request
          const members = Object.keys(sent ?? {});
          const touched = async () => JSON.stringify(onlyMembers(await p.state!(), members));
          const before = p.state ? await touched() : undefined;
          const res = await loose(ctx.ops)[row.op]({ path: p.path, body: sent });
          if (res.status >= 200 && res.status < 300 && p.undo)
            await p.undo(res).catch(() => undefined);
          expectErrorNamingField(res, field);
          if (p.state) {
            const after = await touched();
            if (after !== before)
              throw new TargetFailure(
                `the refused request changed what it addresses: before ${before?.slice(0, 300)}, after ${after.slice(0, 300)}`,
              );
          }
          if (p.made) {
            const made = await p.made(sent);
            if (made.length)
              throw new TargetFailure(
                `the refused create made ${made.length} record(s) anyway: ${JSON.stringify(made).slice(0, 300)}`,
              );
          }
        },
      );
    }
  }
}
