// Unknown IDs, on every operation with an object's ID in its path (spec/kinds.ts), not a sample:
// Errors 1 ("Error responses carry the Error body") and the judgment of CONV-UNKNOWN-1 (an
// operation on an object that does not exist cannot succeed). An ID that never existed is refused
// with the Error body and changes nothing: a view of it afterwards is still refused, an update
// made nothing listed under it, a create under an unknown parent made nothing appear there. A
// child's ID is tried under a real parent (made through the subjects) and with the parent unknown
// too. A delete of an unknown ID may be an idempotent success: only CONV-ERR-5 (SHOULD, 404) asks
// for the refusal, "changes nothing" stays a MUST.
// Path parameters that are not only an object's name, decided per the material: year and month of
// the statistics come from generators/ (valid ones: this is about the instance ID); a kernel ID is
// the platform's ("Kernel view | kernelId string") and an unknown one is refused like any ID; a
// cluster ID names a platform cluster: its view refuses an unknown one, while "Buckets in cluster
// list" is a selection of the account's buckets and may answer empty; a tag label is carried by
// objects ("objects carrying the tag"), so its list may answer empty and its delete is a delete; a
// bucket name is unique within its cluster only, tried under a real cluster and an unknown one; an
// entity transfer token is a uuid ("token uuid in path"); an event ID is an object's name for view
// and mark read, but mark seen reads it as a bound (NOT_A_NAME).
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { expectStatus } from "../../harness/expect.ts";
import type { SideEffect } from "../../harness/model.ts";
import { loose, operationInfo } from "../../harness/ops.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { listOperations } from "../../spec/index.ts";
import type { ResourceModel } from "../../spec/kinds.ts";
import {
  addressesItem,
  a,
  deleteLike,
  EMPTY_OK,
  expectNotListed,
  expectNotThere,
  expectRefusedOrEmpty,
  idMember,
  idParams,
  model,
  parentKind,
  parentsEffect,
  realParents,
  sendAt,
  unknownValue,
  type Path,
} from "./probes.ts";
import { rowsOf, SAY } from "../shared/clauses.ts";

/** Operations whose path ID is not only the name of one object: not sent. */
const NOT_A_NAME: Record<string, string> = {
  // "mark-seen sets `seen` on every event up to and including the given ID" (Events 1): the ID is
  // a bound too, so an unknown one may rightly mark every earlier event, which would also change
  // what every other check of the account reads
  markEventSeen: "the event ID is a bound of what it marks",
};

const RANK: SideEffect[] = ["read-only", "creates", "billable"];
const most = (...effects: SideEffect[]) =>
  effects.reduce((a, b) => (RANK.indexOf(b) > RANK.indexOf(a) ? b : a), "read-only");

const writes = (op: string) => operationInfo(op).method !== "GET";

/** What the check may cause: its real parents, and a write wrongly accepted (a vm write is charged). */
function effectOf(m: ResourceModel, op: string, realParentsMade: boolean): SideEffect {
  const own = writes(op) ? (m.area === "vm" ? "billable" : "creates") : "read-only";
  return most(own, ...(realParentsMade ? parentsEffect(m) : []));
}

interface Case {
  op: string;
  m: ResourceModel;
  /** `own`: the object's ID unknown under real parents; `parent`: every ID of the path unknown */
  where: "own" | "parent";
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const info of listOperations()) {
    const op = info.operationId;
    if (!idParams(op).length || NOT_A_NAME[op]) continue;
    const m = model(op);
    if (addressesItem(op)) out.push({ op, m, where: "own" });
    if (m.parentParams.some((p) => idParams(op).includes(p))) out.push({ op, m, where: "parent" });
  }
  return out;
}

/** After the refused request: nothing of it is there. */
async function changesNothing(ctx: CheckContext, c: Case, path: Path): Promise<void> {
  const { op, m } = c;
  const call = (o: string) => loose(ctx.ops)[o as OperationId]({ path });
  const view = m.ops.view[0];
  if (view && view !== op && idParams(view).every((p) => p in path))
    await expectNotThere(
      view,
      `after ${op}, ${view} of that ID`,
      await call(view),
      EMPTY_OK.has(view),
    );
  if (!writes(op) || deleteLike(op)) return;
  if (c.where === "own" && m.idParam) {
    if (operationInfo(op).method !== "PUT") return;
    // an update that made what it named (a PUT read as "create or replace") lists it
    const id = String(path[m.idParam]);
    await expectNotListed(ctx, m, path, (e) => String(e?.[idMember(m)]) === id, `after ${op}`);
    return;
  }
  // under a parent that never existed: the parent did not appear, nor anything under it
  for (const p of m.parentParams) {
    const parentView = parentKind(m, p)?.ops.view[0];
    if (parentView)
      await expectNotThere(parentView, `after ${op}, ${parentView}`, await call(parentView));
  }
  const under = (l: string) => idParams(l).length > 0 && idParams(l).every((p) => p in path);
  for (const list of m.ops.list.filter(under))
    await expectRefusedOrEmpty(`after ${op}, ${list} under that parent`, await call(list));
}

describe("invariants/unknown IDs", () => {
  for (const c of cases()) {
    const { op, m, where } = c;
    const unknown = where === "own" ? [m.idParam!] : idParams(op);
    const title = `${m.name}: ${op} ${where === "own" ? `naming ${a(m.idParam!)} that never existed` : `under ${a(m.parentParams.join(" and "))} that never existed`} ${
      deleteLike(op)
        ? "changes nothing (refused with the Error body, or an idempotent success)"
        : "is refused with the Error body and changes nothing"
    }`;
    check(
      {
        id: "CONV-UNKNOWN-1",
        op: op as OperationId,
        effect: effectOf(m, op, where === "own" && m.parentParams.length > 0),
        resource: m.name,
        generic: "invariant",
        // the path names the object; an error answers the Error body
        clause: [...rowsOf([op]), SAY.errorBody],
      },
      title,
      async (ctx) => {
        const path: Path = where === "own" ? await realParents(ctx, m) : {};
        for (const p of unknown) path[p] = unknownValue(ctx, op, p);
        const res = await sendAt(ctx, op, path);
        await expectNotThere(op, `${op} ${JSON.stringify(path)}`, res, EMPTY_OK.has(op));
        await changesNothing(ctx, c, path);
      },
    );
  }

  // Errors 12 leaves the status open; the design's convention for an unknown ID is 404 (a SHOULD)
  for (const c of cases().filter((c) => c.where === "own" && deleteLike(c.op))) {
    const { op, m } = c;
    check(
      {
        id: "CONV-ERR-5",
        op: op as OperationId,
        level: "SHOULD",
        effect: effectOf(m, op, m.parentParams.length > 0),
        resource: m.name,
        generic: "invariant",
        clause: rowsOf([op]),
      },
      `${m.name}: ${op} naming ${a(m.idParam!)} that never existed answers 404`,
      async (ctx) => {
        const path = await realParents(ctx, m);
        path[m.idParam!] = unknownValue(ctx, op, m.idParam!);
        expectStatus(await sendAt(ctx, op, path), 404);
      },
    );
  }
});
