// List and view agree, on every kind with a view of its record and a list that a create or update
// writes (Endpoints: a list answers a "collection of" the record its view answers; "A paginated
// collection answers {data: [...], page, pages, results}"): after the subject's create, and after an
// update naming one member, the view, every list, the view again; a member the list shows otherwise
// than both views is a disagreement.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { kindsWhere, onKind, opsOf, subjectFor } from "./each.ts";
import { expectAgree, readView, viewOp } from "./oracles.ts";
import { updateMembers, updateNaming } from "./writes.ts";
import { rowsOf } from "../shared/clauses.ts";

describe("invariants/agree", () => {
  for (const model of kindsWhere(
    (m) =>
      viewOp(m) !== undefined &&
      m.ops.list.length > 0 &&
      (m.ops.create.length > 0 || m.ops.update.length > 0),
  )) {
    check(
      {
        id: "CONV-AGREE-1",
        op: opsOf(model, "create", "update", "view", "list"),
        ...onKind(model),
        generic: "invariant",
        // a list answers a "collection of" the record its view answers
        clause: rowsOf(opsOf(model, "list", "view")),
      },
      `${model.name}: the list shows the object as its view does, after a create and after an update`,
      async (ctx) => {
        const subject = subjectFor(ctx, model);
        const made = await subject.make(ctx);
        const volatile = subject.volatile ?? [];
        await expectAgree(ctx, model, made, volatile, "after the create");
        const current = await readView(ctx, model, made);
        for (const member of updateMembers(model)) {
          if (!(await updateNaming(ctx, model, made, member, current))) continue;
          await expectAgree(ctx, model, made, volatile, `after an update naming ${member}`);
          return;
        }
      },
    );
  }
});
