// Delete is complete, for every kind with a delete (spec/kinds.ts): States and transitions ("Recipe
// deletion … removed", "OAuth client | delete | removed", "Instance | delete | removed | all disks,
// backups, configs removed"), the Endpoints tables (remove, revoke, delete) and the judgment of
// CONV-UNKNOWN-1 (an operation on an object that does not exist cannot succeed). After the delete
// succeeded: the view is refused and no list holds it (CONV-DELETE-1); what it held is gone or
// refused: its children's views and writes, the lists under it (refused or empty), its own reads
// (a bucket's contents, ACL and TLS state), the records its ID names elsewhere (an instance's
// managed settings: "one entry per instance") (CONV-DELETE-2); every update and action on it is
// refused (CONV-UNKNOWN-1); and after all of that, nothing of it came back. A second delete may be
// an idempotent success (CONV-UNKNOWN-1 leaves it open); its refusal is the SHOULD of CONV-ERR-5.
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { settled } from "../../harness/settle.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { loose } from "../../harness/ops.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { type KindName, type ResourceModel, resourceModel } from "../../spec/kinds.ts";
import {
  EMPTY_OK,
  expectNotListed,
  expectNotThere,
  expectRefusedOrEmpty,
  idMember,
  idParams,
  type Path,
  sendAt,
} from "./probes.ts";
import { type Made, SUBJECTS } from "./subjects.ts";
import { rowsOf, SAY } from "../shared/clauses.ts";

/** Kinds whose delete leaves the record: the invariant does not apply to them (no check). */
const NOT_REMOVED: Partial<Record<KindName, string>> = {
  // "Entity transfer cancel … DELETE", yet the transfer has a status `cancelled` and "Transitions
  // of the entity transfer status: not shown": a cancelled transfer may still be viewed and listed
  entityTransfer: "cancel moves the transfer to a status whose transitions are not shown",
};

/**
 * What a deleted object takes with it: its children (a config, a disk, a backup of an instance)
 * and the kinds addressed by its own ID elsewhere (an instance's managed settings).
 */
function dependents(m: ResourceModel): ResourceModel[] {
  const all = [...resourceModel().values()];
  return [
    ...m.children.map((c) => resourceModel().get(c)!),
    ...all.filter((k) => k !== m && m.idParam && k.idParam === m.idParam && !k.parentParams.length),
  ];
}

/** A dependent and where it lives: made under the object (a child), or at the object's own ID. */
interface Held {
  d: ResourceModel;
  path: Path;
  made?: Made;
}

async function holdings(ctx: CheckContext, m: ResourceModel, made: Made): Promise<Held[]> {
  const out: Held[] = [];
  for (const d of dependents(m)) {
    const under = SUBJECTS[d.name]?.under;
    if (d.parent === m.name && under) {
      const child = await under.call(SUBJECTS[d.name], ctx, made.path);
      out.push({ d, path: child.path, made: child });
    } else out.push({ d, path: made.path });
  }
  return out;
}

const call = (ctx: CheckContext, op: string, path: Path) =>
  loose(ctx.ops)[op as OperationId]({ path });

/** The object is gone: its view refused, no list of its kind holding it. */
async function gone(ctx: CheckContext, m: ResourceModel, made: Made, when: string) {
  for (const view of m.ops.view)
    await expectNotThere(
      view,
      `${when}, ${view}`,
      await call(ctx, view, made.path),
      EMPTY_OK.has(view),
    );
  await expectNotListed(ctx, m, made.path, made.matches, when);
}

/** What it held is gone: views refused, the lists under it refused or empty, the others not listing it. */
async function holdingsGone(
  ctx: CheckContext,
  m: ResourceModel,
  made: Made,
  held: Held[],
  when: string,
) {
  for (const { d, path, made: child } of held) {
    for (const view of d.ops.view.filter((v) => idParams(v).every((p) => p in path)))
      await expectNotThere(view, `${when}, ${view}`, await call(ctx, view, path));
    for (const list of d.ops.list) {
      const params = idParams(list);
      if (params.length && params.every((p) => p in made.path))
        await expectRefusedOrEmpty(`${when}, ${list} under it`, await call(ctx, list, made.path));
    }
    // a record named by the object's ID in a list of its own (one settings entry per instance)
    if (!child && d.parent !== m.name && m.idParam) {
      const id = String(made.path[m.idParam]);
      await expectNotListed(ctx, d, {}, (e) => String(e?.[idMember(d)]) === id, when);
    }
  }
}

/** Every write on it and on what it held, and every read of it: refused (a delete refused or idempotent). */
async function writesRefused(ctx: CheckContext, m: ResourceModel, made: Made, held: Held[]) {
  const at: [string, Path][] = [
    ...[...m.ops.read].map((op): [string, Path] => [op, made.path]),
    ...[...m.ops.update, ...m.ops.action].map((op): [string, Path] => [op, made.path]),
  ];
  for (const { d, path } of held) {
    at.push(
      ...[...d.ops.update, ...d.ops.action, ...d.ops.delete].map((op): [string, Path] => [
        op,
        path,
      ]),
    );
    at.push(
      ...d.ops.create
        .filter((op) => idParams(op).every((p) => p in made.path))
        .map((op): [string, Path] => [op, made.path]),
    );
  }
  for (const [op, path] of at) {
    if (!idParams(op).every((p) => p in path)) continue;
    const res = await sendAt(ctx, op, path);
    await expectNotThere(op, `after the delete, ${op}`, res, m.ops.read.includes(op));
  }
}

describe("invariants/delete is complete", () => {
  for (const m of resourceModel().values()) {
    const del = m.ops.delete[0];
    if (!del || NOT_REMOVED[m.name]) continue;
    const subject = SUBJECTS[m.name];
    const held = dependents(m);
    const ids = [
      "CONV-DELETE-1",
      ...(held.length || m.ops.read.length ? ["CONV-DELETE-2"] : []),
      "CONV-UNKNOWN-1",
    ];
    check(
      {
        id: ids,
        op: [del, ...m.ops.view, ...m.ops.list] as OperationId[],
        effect: subject?.effect ?? "creates",
        resource: m.name,
        generic: "invariant",
        clause: [...rowsOf([del]), ...(m.name === "instance" ? [SAY.vmDelete] : [])],
      },
      `${m.name}: after ${del} it is gone from its view and lists, what it held is gone, every write on it is refused, and nothing of it comes back`,
      async (ctx) => {
        if (!subject)
          return ctx.skip(`no subject makes a ${m.name} (suites/invariants/subjects.ts)`);
        const made = await subject.make(ctx);
        const holding = await holdings(ctx, m, made);
        expectSuccess(await sendAt(ctx, del, made.path), del);
        // within the convergence window: a list may hold it a little longer (harness/settle.ts)
        await settled(ctx, "delete is complete", async () => {
          await gone(ctx, m, made, `after ${del}`);
          await holdingsGone(ctx, m, made, holding, `after ${del}`);
        });
        await writesRefused(ctx, m, made, holding);
        const again = await sendAt(ctx, del, made.path);
        await expectNotThere(del, `a second ${del}`, again);
        // nothing of it came back after all of that
        await gone(ctx, m, made, "at the end");
        await holdingsGone(ctx, m, made, holding, "at the end");
      },
    );

    // Errors 12 leaves the status open: 404 for an unknown or deleted ID is the SHOULD; 410 Gone
    // says the same of a deleted one (RFC 9110 15.5.11)
    check(
      {
        id: "CONV-ERR-5",
        op: del as OperationId,
        level: "SHOULD",
        effect: subject?.effect ?? "creates",
        resource: m.name,
        generic: "invariant",
        clause: rowsOf([del]),
      },
      `${m.name}: a second ${del} answers 404`,
      async (ctx) => {
        if (!subject)
          return ctx.skip(`no subject makes a ${m.name} (suites/invariants/subjects.ts)`);
        const made = await subject.make(ctx);
        expectSuccess(await sendAt(ctx, del, made.path), del);
        const again = await sendAt(ctx, del, made.path);
        if (again.status !== 404 && again.status !== 410)
          throw new TargetFailure(`a second ${del} answered ${again.status}, not 404 (or 410)`);
      },
    );
  }
});
