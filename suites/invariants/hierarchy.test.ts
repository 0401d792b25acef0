// Hierarchy, for every kind the paths place under a parent (spec/kinds.ts: `parent`, or parent
// parameters such as a bucket's cluster): the Endpoints tables address a backup, config or disk
// under "/v4/vm/instances/{vmId}", a reply under "/v4/support/tickets/{ticketId}", and a bucket
// under its cluster ("Bucket label is reserved only in the cluster where it was created; the same
// label can be created in another cluster"). Under another parent of the same kind the child's ID
// names nothing, so (CONV-UNKNOWN-1's judgment) every operation addressing it there is refused (a
// delete may be an idempotent success), no list there holds it, and it reads back unchanged under
// its own parent (CONV-HIER-1).
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { settled } from "../../harness/settle.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { loose } from "../../harness/ops.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { type KindName, type ResourceModel, resourceModel } from "../../spec/kinds.ts";
import {
  a,
  addressesItem,
  changed,
  entries,
  expectNotThere,
  idParams,
  listed,
  type Path,
  realParents,
  sendAt,
} from "./probes.ts";
import { type Made, SUBJECTS } from "./subjects.ts";
import { rowsOf, SAY } from "../shared/clauses.ts";

/** Kinds whose child no check can make under a parent it holds, and why. */
const CANNOT_MAKE: Partial<Record<KindName, string>> = {
  invoiceItem:
    "invoices and their items are the provider's, and an item carries no ID that tells one invoice's from another's",
  instanceVolume:
    "volumes come from volume operations the material does not show (attaching a seeded one would take it from other checks)",
};

/** Another parent of the same kind: made anew, or another cluster the target lists. */
async function otherParent(ctx: CheckContext, m: ResourceModel, made: Made): Promise<Path> {
  const path = await realParents(ctx, m);
  if (path.clusterId !== undefined) {
    // another cluster, an available one where there is (an unavailable one may refuse everything)
    const res = await ctx.ops.listClusters({ as: "anonymous" });
    const others = (res.body?.data ?? []).filter(
      (c: any) => c?.id !== undefined && String(c.id) !== String(made.path.clusterId),
    );
    const other = others.find((c: any) => c.status === "available") ?? others[0];
    if (!other)
      ctx.skip("the target lists a single cluster: no other cluster to address the bucket under");
    path.clusterId = other.id;
  }
  return path;
}

/** The lists that hold the kind's objects under a parent (not the account-wide ones). */
const listsUnder = (m: ResourceModel) => m.ops.list.filter((op) => idParams(op).length > 0);

/** The record as read under its own parent: its view, or its entry in the list there. */
async function readBack(ctx: CheckContext, m: ResourceModel, made: Made, when: string) {
  const view = m.ops.view[0];
  if (view)
    return expectSuccess(await loose(ctx.ops)[view as OperationId]({ path: made.path }), view);
  const entry = (await listed(ctx, m, made.path)).find(made.matches);
  if (!entry)
    throw new TargetFailure(
      `${when}: ${m.ops.list.join(" / ")} under its own parent no longer holds it`,
    );
  return entry;
}

describe("invariants/hierarchy", () => {
  for (const m of resourceModel().values()) {
    if (!m.parent && !m.parentParams.length) continue;
    const subject = SUBJECTS[m.name];
    const parents = m.parentParams.join(" and ");
    const parentEffect = m.parent ? SUBJECTS[m.parent]?.effect : undefined;
    check(
      {
        id: "CONV-HIER-1",
        op: [
          ...m.ops.list,
          ...m.ops.view,
          ...m.ops.update,
          ...m.ops.delete,
          ...m.ops.action,
          ...m.ops.read,
        ].filter((op) => idParams(op).some((p) => m.parentParams.includes(p))) as OperationId[],
        effect: subject?.effect ?? parentEffect ?? "read-only",
        // a cell no check can exercise on any target only shows in the matrix, with its reason: it
        // is recorded (INFO), never a MUST skip a legal variant could be blamed for
        ...(subject ? {} : { level: "INFO" as const }),
        resource: m.name,
        generic: "invariant",
        // the paths place the child under its parent
        clause: [
          ...rowsOf([...m.ops.view, ...m.ops.list]),
          ...(m.name === "bucket" ? [SAY.bucketCluster] : []),
        ],
      },
      `${m.name}: one made under ${a(parents)}, addressed under another, is refused, never listed there, and unchanged`,
      async (ctx) => {
        if (!subject)
          return ctx.skip(
            CANNOT_MAKE[m.name] ?? `no subject makes ${a(m.name)} (suites/invariants/subjects.ts)`,
          );
        const made = await subject.make(ctx);
        // a list may show the new child a little later (harness/settle.ts)
        const before = await settled(ctx, "hierarchy", () => readBack(ctx, m, made, "before"));
        const other = await otherParent(ctx, m, made);
        const elsewhere = { ...made.path, ...other };
        for (const op of [
          ...m.ops.view,
          ...m.ops.update,
          ...m.ops.action,
          ...m.ops.read,
          ...m.ops.delete,
        ]) {
          if (!addressesItem(op)) continue;
          const res = await sendAt(ctx, op, elsewhere);
          await expectNotThere(op, `${op} under ${JSON.stringify(other)}`, res);
        }
        for (const list of listsUnder(m)) {
          // the list under the other parent holds nothing of it, or is refused (an unavailable cluster)
          const hit = (await entries(ctx, list, elsewhere, true)).find(made.matches);
          if (hit)
            throw new TargetFailure(
              `${list} under ${JSON.stringify(other)} holds the ${m.name} made under ${JSON.stringify(made.parentPath)}: ${JSON.stringify(hit).slice(0, 200)}`,
            );
        }
        await settled(ctx, "hierarchy", async () => {
          const after = await readBack(ctx, m, made, "after the requests under another parent");
          const diff = changed(before, after, subject.volatile);
          if (diff.length)
            throw new TargetFailure(
              `after the requests under ${JSON.stringify(other)}, the ${m.name} under its own parent changed: ${diff
                .map((k) => `${k} ${JSON.stringify(before[k])} → ${JSON.stringify(after[k])}`)
                .join("; ")
                .slice(0, 400)}`,
            );
        });
      },
    );
  }
});
