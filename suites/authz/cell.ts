// One check per cell of the authorization matrix: make the object the operation acts on (as the
// first account's unrestricted user), send the operation's valid request as the column's principal,
// judge the answer by the cell's expectation (cells.ts), and read a refused write back as the owner:
// it must have changed nothing. Material: Authentication 1-5, Events 1, the Endpoints scope columns.
import type { CheckContext } from "../../harness/check.ts";
import { check } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectError } from "../../harness/expect.ts";
import { loose } from "../../harness/ops.ts";
import { settings } from "../../harness/world.ts";
import type { As, Column } from "../../harness/principals.ts";
import { loadRequirements } from "../../harness/catalog.ts";
import { type KindName, kindOfOperation, resourceModel } from "../../spec/kinds.ts";
import { skipEverywhere } from "../invariants/each.ts";
import { type Made, SUBJECTS } from "../invariants/subjects.ts";
import { findInPages } from "../shared/pages.ts";
import {
  type Cell,
  expected,
  inMatrix,
  isWrite,
  opScopes,
  scopeArea,
  scopesSeen,
} from "./cells.ts";
import { PROBES, type Probe, SETUPS, viewOf, VOLATILE } from "./probes.ts";

const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300;

/** The requirement catalog's operations by ID (for the per-area scope requirements). */
export function catalogOps(): Map<string, string[]> {
  const { catalog } = loadRequirements();
  return new Map([...(catalog ?? new Map()).values()].map((r) => [r.id, r.operations]));
}

/** The principal of a column, for an object (a grant names its instance). */
async function principalOf(ctx: CheckContext, column: Column, op: string, m: Made): Promise<As> {
  const p = ctx.principals;
  const area = scopeArea(op) ?? "";
  switch (column) {
    case "anonymous":
      return "anonymous";
    case "unrestricted":
      return "admin";
    case "token:read_only":
    case "token:read_write":
      return p.withScopes([`${area}:${column.slice("token:".length)}`]);
    case "token:other-area":
      return p.withScopes(scopesSeen().filter((s) => !s.startsWith(`${area}:`)));
    case "restricted":
      return p.restrictedWith({});
    case "restricted:read_only":
    case "restricted:read_write": {
      const id = Number(m.path.vmId);
      return p.restrictedWith(
        Number.isFinite(id)
          ? {
              vms: [
                { id, permissions: column === "restricted:read_only" ? "read_only" : "read_write" },
              ],
            }
          : {},
      );
    }
    case "restricted:add_vms":
      return p.restrictedWith({ add_vms: true });
    case "second-account":
    case "first-account":
      return p.secondAccount();
  }
}

const NONE: Made = { path: {}, parentPath: {}, sent: {}, record: {}, matches: () => false };

/** Makes what the probe acts on. */
export async function prepare(ctx: CheckContext, probe: Probe): Promise<Made> {
  if (probe.on === "none") return NONE;
  if (probe.on in SETUPS) return SETUPS[probe.on as keyof typeof SETUPS](ctx);
  const subject = SUBJECTS[probe.on as KindName];
  if (!subject) return ctx.skip(`no subject makes a ${probe.on}`);
  return subject.make(ctx);
}

/** The request of `op` on the made object: its path parameters taken from what was made. */
function request(ctx: CheckContext, op: string, probe: Probe, m: Made) {
  const names = [
    ...(opScopes()
      .get(op)
      ?.path.matchAll(/\{(\w+)\}/g) ?? []),
  ].map((x) => x[1]!);
  const all = { ...m.parentPath, ...m.path, ...probe.path?.() };
  const path = Object.fromEntries(names.map((n) => [n, all[n]!]));
  const raw = probe.raw?.();
  return {
    ...(names.length ? { path } : {}),
    ...(probe.query ? { query: probe.query(m) } : {}),
    ...(raw ? { body: raw.body, contentType: raw.contentType } : {}),
    ...(probe.body ? { body: probe.body(ctx, m) } : {}),
  };
}

function strip(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(strip);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !VOLATILE.has(k))
        .map(([k, x]) => [k, strip(x)]),
    );
  return v;
}

/** What the owner reads of the object (and, for a create, whether its unique value was listed). */
async function snapshot(ctx: CheckContext, op: string, probe: Probe, m: Made, sent: any) {
  const view = viewOf(probe.on);
  const parts: unknown[] = view ? await readAsOwner(ctx, view, probe, m) : [];
  const k = kindOfOperation(op);
  const unique = sent?.label ?? sent?.summary ?? sent?.name ?? sent?.description;
  if (k?.role === "create" && typeof unique === "string") {
    const list = resourceModel().get(k.kind)?.ops.list[0];
    if (list) {
      const req = request(ctx, list, { on: probe.on, effect: "read-only" }, m) as any;
      const page = await loose(ctx.ops)[list as "listKeys"](req);
      const has = (item: unknown) => JSON.stringify(item)?.includes(unique) ?? false;
      // a list that is not a paginated collection (the backups list) is read as it answers
      const listed =
        page.body?.pages > 1
          ? (await findInPages(ctx.ops, list as "listKeys", has, req)) !== undefined
          : has(page.body);
      parts.push(listed ? `listed: ${unique}` : "not listed");
    }
  }
  // the account is shared by every check running beside this one: only the members the refused
  // update named can tell whether it changed anything
  if (op === "updateAccount") {
    const account = (await ctx.ops.getAccount()).body ?? {};
    parts.push(Object.keys(sent ?? {}).map((k) => [k, strip(account[k])]));
  }
  return JSON.stringify(parts);
}

/** The owner's view of the object a delete names (its kind's view), or undefined when it has none. */
async function ownerView(ctx: CheckContext, op: string, probe: Probe, m: Made) {
  const kind = kindOfOperation(op)?.kind;
  const view = kind ? resourceModel().get(kind)?.ops.view[0] : undefined;
  return view ? JSON.stringify(await readAsOwner(ctx, view, probe, m)) : undefined;
}

/** A view of the made object as its owner: its status and its body without volatile members. */
async function readAsOwner(ctx: CheckContext, view: string, probe: Probe, m: Made) {
  const res = await loose(ctx.ops)[view as "getAccount"](
    request(ctx, view, { ...probe, raw: undefined, body: undefined }, m) as any,
  );
  return [res.status, res.json ? strip(res.body) : res.text];
}

const namesAField = (res: ApiResponse) =>
  Array.isArray(res.body?.errors) && res.body.errors.some((e: any) => e?.field);

/** The verdict on one cell. */
async function judge(ctx: CheckContext, cell: Cell, probe: Probe, m: Made, as: As) {
  const { op } = cell;
  const req = request(ctx, op, probe, m);
  const write = isWrite(op);
  const before =
    cell.expect === "refused" && write ? await snapshot(ctx, op, probe, m, req.body) : undefined;
  const foreignDelete =
    cell.expect === "refused" &&
    cell.column === "second-account" &&
    opScopes().get(op)?.method === "DELETE"
      ? await ownerView(ctx, op, probe, m)
      : undefined;
  const send = () =>
    probe.call ? probe.call(ctx, m) : loose(ctx.ops)[op as "getAccount"]({ ...(req as any), as });
  let res = await send();
  // a precondition the material lets the target hold for a while (running or queued actions)
  if (
    probe.settle &&
    cell.expect === "allowed" &&
    !ok(res) &&
    res.status < 500 &&
    !namesAField(res)
  )
    res = await ctx
      .waitFor(`${op} served once the instance's actions finish`, async () => {
        const again = await send();
        return ok(again) || namesAField(again) ? again : false;
      })
      .catch(() => res);
  const first = ctx.requirementIds[0]!;
  switch (cell.expect) {
    case "allowed":
      if (!ok(res))
        throw new TargetFailure(
          `${cell.column} may call ${op}, but it answered ${res.status}: ${res.text.slice(0, 200)}`,
        );
      return;
    case "info":
      ctx.observe(first, `${cell.column} × ${op}: answer status`, res.status, op);
      return;
    case "hidden": {
      if (!ok(res)) {
        ctx.observe(first, `${cell.column} × ${op}: the list was refused`, res.status, op);
        return;
      }
      const listed = await findInPages(ctx.ops, op as "listKeys", m.matches, {
        ...(req as any),
        as,
      });
      if (listed !== undefined)
        throw new TargetFailure(
          `${cell.column}: ${op} lists the first account's object ${JSON.stringify(m.path)}`,
        );
      return;
    }
    case "refused": {
      // another account's object is not there for this caller: a delete of it may be an
      // idempotent success as long as nothing changes (spec/README.md, "An object that is not
      // there"), read back through the view of the very object the delete names
      if (ok(res) && foreignDelete !== undefined) {
        const after = await ownerView(ctx, op, probe, m);
        if (after !== foreignDelete)
          throw new TargetFailure(
            `${cell.column}: ${op} of the first account's object answered ${res.status} and changed it: before ${foreignDelete.slice(0, 300)}, after ${String(after).slice(0, 300)}`,
          );
        ctx.observe(
          first,
          `${cell.column} × ${op}: an idempotent success; the owner's view is unchanged`,
          res.status,
          op,
        );
        return;
      }
      if (ok(res))
        throw new TargetFailure(
          `${cell.column} may not call ${op}, but it answered ${res.status}: ${res.text.slice(0, 200)}`,
        );
      expectError(res);
      if (cell.should && !cell.should.statuses.includes(res.status))
        ctx.observe(
          cell.should.id,
          `SHOULD: the refusal answers ${cell.should.statuses.join(" or ")}`,
          res.status,
          op,
        );
      if (before !== undefined) {
        const after = await snapshot(ctx, op, probe, m, req.body);
        if (after !== before)
          throw new TargetFailure(
            `${cell.column}: ${op} was refused (${res.status}) but changed the object: before ${before.slice(0, 300)}, after ${after.slice(0, 300)}`,
          );
      }
    }
  }
}

/** Declares the check of one cell, or nothing where the column does not apply to the operation. */
export function cellCheck(op: string, column: Column, catalog = catalogOps()): void {
  if (!inMatrix(op, column, settings().matrix)) return;
  const cell = expected(op, column, catalog);
  const probe = PROBES[op] ?? { on: "none", effect: "read-only" };
  if (!cell) return;
  if (cell.expect === "hidden" && probe.on === "none") return; // nothing of the first's to look for
  const ids = cell.should ? [...cell.ids, cell.should.id] : cell.ids;
  check(
    {
      id: ids,
      op: op as "getAccount",
      effect: probe.effect,
      principal: column,
      kind: "auth",
      generic: "authz",
      clause: cell.clause,
      // an observed cell is INFO whatever the level of the requirement it observes for
      ...(cell.expect === "info" ? { level: "INFO" as const } : {}),
    },
    `${column} × ${op}: ${cell.expect}`,
    async (ctx) => {
      // cells no target can exercise inside a shared run: skipped the same way everywhere
      const why = probe.notShown?.[column];
      if (why && cell.expect === "allowed") skipEverywhere(ctx, why);
      if (probe.onlyRefusals && cell.expect !== "refused") skipEverywhere(ctx, probe.onlyRefusals);
      const m = await prepare(ctx, probe);
      const as = await principalOf(ctx, column, op, m);
      await judge(ctx, cell, probe, m, as);
    },
  );
}
