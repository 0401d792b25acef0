// An update changes only what it names, on every kind with an update (Endpoints: "Service fields,
// all optional", "Configuration profile fields, all optional", recipes "same fields, all optional",
// credentials "label only", "Writable on update: …", and the rows listing an update's members;
// "Contact fields" alone is a SHOULD, CONV-SCOPE-2). First every free-text and boolean member gets a
// value of the check's own (so a member an update resets to its default shows), then one update per
// member in turn, each naming only it; after each, every other member reads as before in the view
// and in every list (`updated` and the kind's volatile members aside).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { kindsWhere, onKind, opsOf, subjectFor } from "./each.ts";
import { changedBesides, read } from "./oracles.ts";
import { leaves, sendUpdate, uniqueText, updateMembers, updateNaming, updateOf } from "./writes.ts";
import { rowsOf } from "../shared/clauses.ts";

describe("invariants/update-scope", () => {
  for (const model of kindsWhere((m) => m.ops.update.length > 0)) {
    const id = model.update === "fields" ? "CONV-SCOPE-2" : "CONV-SCOPE-1";
    check(
      {
        id: model.name === "managedCredential" ? [id, "MNG-CRED-3"] : id,
        op: opsOf(model, "update", "view", "list"),
        ...onKind(model),
        generic: "invariant",
        // the update row's words on its members ("all optional", "label only", the writable fields)
        clause: rowsOf(opsOf(model, "update")),
      },
      `${model.name}: an update changes only the members it names, in the view and the list`,
      async (ctx) => {
        const subject = subjectFor(ctx, model);
        const made = await subject.make(ctx);
        const upd = updateOf(model)!;
        const volatile = subject.volatile ?? [];
        let before = await read(ctx, model, made, volatile);
        // values of the check's own first: a reset to a default is then a change
        const own: Record<string, unknown> = {};
        for (const l of leaves(upd.members).filter((x) => x.path.length === 1 && !x.ruled)) {
          const now = before.view?.[l.path[0]];
          if (l.free) own[l.path[0]] = uniqueText(ctx, l, "own");
          else if (l.type === "boolean" && typeof now === "boolean") own[l.path[0]] = !now;
        }
        if (Object.keys(own).length) {
          const res = await sendUpdate(ctx, model, made, own);
          if (res.status >= 200 && res.status < 300)
            before = await read(ctx, model, made, volatile);
          else
            ctx.observe(
              id,
              "an update of every free-text and boolean member was refused",
              res.status,
            );
        }
        const problems: string[] = [];
        const refusedAll: string[] = [];
        for (const member of updateMembers(model)) {
          const body = await updateNaming(ctx, model, made, member, before.view);
          if (!body) {
            refusedAll.push(member);
            continue;
          }
          const after = await read(ctx, model, made, volatile);
          problems.push(
            ...changedBesides(before, after, [member], volatile).map(
              (p) => `after an update naming only ${member}: ${p}`,
            ),
          );
          before = after;
        }
        if (refusedAll.length)
          ctx.observe(
            id,
            "members not judged: no valid value derived from the spec, or each update naming them alone refused",
            refusedAll,
          );
        if (problems.length) throw new TargetFailure(`${model.name}: ${problems.join("; ")}`);
        if (refusedAll.length === updateMembers(model).length)
          ctx.skip(
            `no update naming one member of the ${model.name} was accepted (${refusedAll.join(", ")}): nothing to judge`,
          );
      },
    );
  }
});
