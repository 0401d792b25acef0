// The kind × member matrix (members.ts) on a full subject of every kind a check can make: its
// create with every member the generators can draw, references attached; a kind made by the platform
// (an instance's managed settings) is first given every member by one full update.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { rowsOf } from "../shared/clauses.ts";
import { kindsWhere, onKind, opsOf, subjectFor } from "./each.ts";
import { fullBodies, fullUpdate, judgeMembers, REFERENCES, withLabels } from "./members.ts";
import { readable } from "./oracles.ts";
import type { Made } from "./subjects.ts";
import { createLike, leaves, sendUpdate, updateOf } from "./writes.ts";
import type { Setup } from "../../generators/rules.ts";

describe("invariants/members", () => {
  for (const model of kindsWhere(
    (m) => (m.ops.create.length > 0 || m.ops.update.length > 0) && readable(m) && !m.singleton,
  )) {
    const create = model.ops.create[0];
    const upd = updateOf(model);
    const scopeId = model.update === "partial" ? "CONV-SCOPE-1" : "CONV-SCOPE-2";
    check(
      {
        id: ["CONV-RYW-1", "CONV-AGREE-1", ...(upd ? [scopeId] : [])],
        op: opsOf(model, "create", "update", "view", "list"),
        ...onKind(model),
        generic: "invariant",
        // each member the writes take, and the record the view and lists answer
        clause: rowsOf(opsOf(model, "create", "update", "view", "list")),
        timeout: 120_000,
      },
      `${model.name}: a full subject: every writable member reads back after the create, after an update of it alone, is kept across updates of the others, and the list shows it as the view does`,
      async (ctx) => {
        const subject = subjectFor(ctx, model);
        const volatile = subject.volatile ?? [];
        const base = await subject.make(ctx);
        const setup: Setup = {
          ...(base.parentPath as Setup),
          ...(await REFERENCES[model.name]?.(ctx, base)),
        };
        if (!create) {
          // made by the platform: one update gives it every member
          const body = await fullUpdate(ctx, model, setup);
          expectSuccess(await sendUpdate(ctx, model, base, body), upd!.op);
          return judgeMembers(ctx, model, base, body, [], volatile);
        }
        const createTop = [...new Set(leaves(create).map((l) => l.path[0]!))];
        // the fullest valid create the target takes
        let made: Made | undefined;
        let sent: Record<string, unknown> = {};
        let refusal = "";
        for (const body of (await fullBodies(ctx, model, setup)).slice(0, 4)) {
          const w = await createLike(ctx, model, base, withLabels(ctx, model, base, body));
          if (w.made) {
            made = w.made;
            sent = w.body;
            break;
          }
          refusal = `${w.res.status} ${w.res.text.slice(0, 160)}`;
        }
        if (!made) {
          for (const member of createTop)
            ctx.memberCell({
              member,
              question: "created",
              outcome: "empty",
              note: `full create refused: ${refusal}`,
            });
          ctx.observe("CONV-RYW-1", "the full create was refused each time", refusal);
          return;
        }
        await judgeMembers(ctx, model, made, sent, createTop, volatile);
      },
    );
  }
});
