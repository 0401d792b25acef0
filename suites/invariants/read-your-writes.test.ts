// Read your writes, on every kind a create or update writes and a view or list reads ("Resources and
// their fields"; What the service does: "an HTTP API with JSON bodies"; Limits / Field lengths):
// what the subject's create sent, then free-text members with text outside ASCII and members on
// their stated bounds, by a create and by an update, read back member by member in the view and in
// every list. Text outside ASCII may be refused (CONV-RYW-3, INFO); once accepted it reads back exactly.
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectSuccess } from "../../harness/expect.ts";
import type { ResourceModel } from "../../spec/kinds.ts";
import { kindsWhere, onKind, opsOf, subjectFor } from "./each.ts";
import { expectReadsBack, readable, readView } from "./oracles.ts";
import type { Made } from "./subjects.ts";
import {
  bodyOf,
  bounded,
  createLike,
  freeText,
  type Leaf,
  nonAsciiText,
  sendUpdate,
  textAtMax,
  updateOf,
} from "./writes.ts";
import { rowsOf } from "../shared/clauses.ts";

/** One write: the body sent, the answer, and the object it wrote (none when a create made nothing addressable). */
type Write = (body: Record<string, unknown>) => Promise<{
  res: ApiResponse;
  body: Record<string, unknown>;
  made?: Made;
}>;

const names = (ls: Leaf[]) => ls.map((l) => l.path.join(".")).join(", ");
const refused = (res: ApiResponse) => res.status >= 400 && res.status < 500;

/**
 * Free-text members with text outside ASCII: all at once, and each alone when that is refused (a
 * narrower alphabet is the target's choice, CONV-RYW-3); whatever is accepted reads back exactly.
 */
async function texts(
  ctx: CheckContext,
  model: ResourceModel,
  op: string,
  list: Leaf[],
  write: Write,
  what: string,
  current?: unknown,
): Promise<void> {
  if (list.length === 0) return;
  for (const group of list.length > 1 ? [list, ...list.map((l) => [l])] : [list]) {
    const w = await write(bodyOf(group, (l) => nonAsciiText(ctx, l), current));
    const where = `${what} with text outside ASCII in ${names(group)}`;
    if (refused(w.res)) {
      ctx.observe("CONV-RYW-3", `${where}: refused`, w.res.body, op);
      continue;
    }
    expectSuccess(w.res, op);
    if (w.made) await expectReadsBack(ctx, model, w.made, w.body, where);
    if (group === list) return;
  }
}

/**
 * Members on a stated bound: text at its maximum length and integers at their maximum, then
 * integers at their minimum. Accepted (the bounds say what is valid) and read back as sent; where the
 * update's body is not shown (`tolerant`), a refusal is recorded instead.
 */
async function bounds(
  ctx: CheckContext,
  model: ResourceModel,
  op: string,
  list: Leaf[],
  write: Write,
  what: string,
  current?: unknown,
  tolerant = false,
): Promise<void> {
  const atMax = list.filter((l) => (l.type === "text" ? l.maxLength : l.maximum) !== undefined);
  const atMin = list.filter((l) => l.type === "integer" && l.minimum !== undefined);
  const sets: [Leaf[], (l: Leaf) => unknown][] = [
    [atMax, (l) => (l.type === "text" ? textAtMax(ctx, l) : l.maximum)],
    [atMin, (l) => l.minimum],
  ];
  for (const [group, value] of sets) {
    if (group.length === 0) continue;
    const w = await write(bodyOf(group, value, current));
    const where = `${what} with ${names(group)} on their stated bounds`;
    if (refused(w.res) && tolerant) {
      ctx.observe(
        "CONV-RYW-4",
        `${where}: refused (the update's body is not shown)`,
        w.res.body,
        op,
      );
      continue;
    }
    if (refused(w.res))
      throw new TargetFailure(`${where} was refused: ${w.res.status} ${w.res.text.slice(0, 300)}`);
    expectSuccess(w.res, op);
    if (w.made) await expectReadsBack(ctx, model, w.made, w.body, where);
  }
}

describe("invariants/read-your-writes", () => {
  for (const model of kindsWhere(
    (m) => (m.ops.create.length > 0 || m.ops.update.length > 0) && readable(m),
  )) {
    const create = model.ops.create[0];
    const upd = updateOf(model);
    const writesText = [create, upd?.members].some((op) => op && freeText(op).length > 0);
    const writesBounds = [create, upd?.members].some((op) => op && bounded(op).length > 0);
    check(
      {
        id: [
          "CONV-RYW-1",
          ...(writesText ? ["CONV-RYW-2"] : []),
          ...(writesBounds ? ["CONV-RYW-4"] : []),
        ],
        op: opsOf(model, "create", "update", "view", "list"),
        ...onKind(model),
        generic: "invariant",
        // the members each write takes, and the record its view and list answer
        clause: rowsOf(opsOf(model, "create", "update", "view", "list")),
      },
      `${model.name}: what a create or update sent reads back in the view and the list, text outside ASCII and values on their bounds included`,
      async (ctx) => {
        const subject = subjectFor(ctx, model);
        const made = await subject.make(ctx);
        await expectReadsBack(ctx, model, made, made.sent, "the create");
        if (create) {
          const again: Write = (members) => createLike(ctx, model, made, members);
          await texts(ctx, model, create, freeText(create), again, "a create");
          await bounds(ctx, model, create, bounded(create), again, "a create");
        }
        if (upd) {
          const current = await readView(ctx, model, made);
          const update: Write = async (body) => ({
            res: await sendUpdate(ctx, model, made, body),
            body,
            made,
          });
          await texts(ctx, model, upd.op, freeText(upd.members), update, "an update", current);
          await bounds(
            ctx,
            model,
            upd.op,
            bounded(upd.members),
            update,
            "an update",
            current,
            upd.borrowed,
          );
        }
      },
    );
  }
});
