// The kind × member matrix: on a full subject of each kind (every member its create takes, set, and
// every reference it can hold attached: a service's credentials, a config's devices, a key's
// bucket_access, a ticket's instance…), four questions per writable member: does it read back after
// the create (view and lists), after an update naming it alone, is it kept across updates naming the
// others, and does the list show it as the view does. A generic oracle sees only what its subject
// holds: an update that drops a service's credentials passes every check of a minimal service.
// Material: the field tables ("Resources and their fields"), each kind's create and update rows
// ("Service fields, all optional", "label only", the writable fields), Endpoints ("collection of").
import fc from "fast-check";
import type { CheckContext } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import type { MemberCell } from "../../harness/model.ts";
import { generatorsFor, OFFLINE_TARGET } from "../../generators/index.ts";
import { RULES, type Setup } from "../../generators/rules.ts";
import type { KindName, ResourceModel } from "../../spec/kinds.ts";
import { credential, freshBucket } from "../shared/factories.ts";
import { targetValues } from "../shared/requests.ts";
import {
  changedBesides,
  mismatches,
  read,
  type Reading,
  readView,
  viewOp,
  SECRET,
  same,
} from "./oracles.ts";
import type { Made } from "./subjects.ts";
import { leaves, updateMembers, updateNaming, updateOf } from "./writes.ts";

/** References a full subject holds, made before its create (the generators' rules bind them). */
export const REFERENCES: Partial<
  Record<KindName, (ctx: CheckContext, base: Made) => Promise<Setup>>
> = {
  managedService: async (ctx) => ({ credentialId: (await credential(ctx)).id }),
  key: async (ctx) => {
    const { bucket } = await freshBucket(ctx);
    return { bucket: { cluster: bucket.cluster, label: bucket.label } };
  },
  config: async (ctx, base) => {
    const vmId = Number(base.parentPath.vmId);
    return { vmId, diskId: (await ctx.fresh.disk(vmId)).id };
  },
  ticket: async (ctx) => ({ vmId: (await ctx.fresh.emptyInstance()).id }),
  // a transfer of an instance of its own (the minimal subject's is already in a pending one)
  entityTransfer: async (ctx) => ({ vmId: (await ctx.fresh.emptyInstance()).id }),
  tag: async (ctx) => ({ vmId: (await ctx.fresh.emptyInstance()).id }),
};

/**
 * Whether the material lets the target replace the member by its default ("`/dev/sda` is used
 * when absent or invalid", x-invalid-replaced): what reads back after a value it deemed invalid is
 * the default, not a fault.
 */
const replacedWhenInvalid = (model: ResourceModel, member: string) =>
  [...model.ops.create, ...model.ops.update].some((op) =>
    leaves(op).some((l) => l.path[0] === member && l.replaced),
  );
const REPLACED =
  "read back as its default: the target deemed the value invalid (replaced when invalid)";
const NOT_DRAWN =
  "no valid create sets it: the generators leave it out (its value needs what no shown operation makes, or a rule between members)";

/**
 * How many members (leaves, array items) a body sets: the fuller, the better. Each array item
 * counts, a number or a string too: `[id]` is fuller than `[]`; a leaf counts when it holds a value:
 * `null`, `""` and `false` say less (counted alike, a seed whose fullest draw held no credential, or
 * notes `null`, made a service without them, and an update dropping them went unseen).
 */
export function fullness(v: unknown): number {
  if (Array.isArray(v)) return 1 + v.reduce<number>((n, x) => n + 1 + fullness(x), 0);
  if (v && typeof v === "object")
    return Object.values(v).reduce<number>((n, x) => n + 1 + fullness(x), 0);
  return v === null || v === undefined || v === "" || v === false ? 0 : 1;
}

/**
 * Valid create bodies of the kind, bound to the check's references: first one holding each member
 * at its fullest value among the draws (a rule between members may refuse it), then the draws
 * themselves, fullest first.
 */
export function fullBodies(ctx: CheckContext, model: ResourceModel, setup: Setup) {
  return fullest(ctx, model.ops.create[0]!, setup);
}

/** The fullest valid update body of a kind (every member at its fullest draw). */
export async function fullUpdate(ctx: CheckContext, model: ResourceModel, setup: Setup) {
  return (await fullest(ctx, model.ops.update[0]!, setup))[0]!;
}

async function fullest(ctx: CheckContext, op: string, setup: Setup) {
  const values = await targetValues(ctx).catch(() => OFFLINE_TARGET);
  const bind = RULES[op]?.bind;
  const drawn = fc
    .sample(generatorsFor(op, values).valid, { seed: ctx.config.seed, numRuns: 48 })
    .map((r) => (bind ? bind(structuredClone(r.body), setup) : r.body) as Record<string, unknown>)
    .filter((b) => b && typeof b === "object")
    .sort((a, b) => fullness(b) - fullness(a));
  const merged: Record<string, unknown> = { ...drawn[0] };
  for (const body of drawn)
    for (const [k, v] of Object.entries(body))
      if (!(k in merged) || fullness(v) > fullness(merged[k])) merged[k] = v;
  return [merged, ...drawn];
}

/** The run's labels renewed (uniqueness holds, sweep finds them) over a generated body. */
export function withLabels(ctx: CheckContext, model: ResourceModel, base: Made, body: any) {
  const max = new Map(leaves(model.ops.create[0]!).map((l) => [l.path.join("."), l.maxLength]));
  const out = { ...body };
  for (const [k, v] of Object.entries(base.sent))
    if (typeof v === "string" && v.startsWith(ctx.config.labelPrefix))
      out[k] = ctx.label("full", max.get(k) ?? v.length);
  return out;
}

/** The places a reading holds: the view and each list's entry. */
const places = (r: Reading): [string, any][] => [
  ...(r.view !== undefined ? [["view", r.view] as [string, any]] : []),
  ...Object.entries(r.entries).map(([op, e]) => [`list ${op}`, e] as [string, any]),
];

/** Whether `member` of `sent` reads back where shown: the outcome and what was seen. */
function readsBack(sent: Record<string, unknown>, member: string, r: Reading) {
  if (SECRET.test(member)) return { outcome: "empty" as const, note: "a secret, never shown" };
  const shownAt = places(r).filter(([, got]) => got && typeof got === "object" && member in got);
  if (!shownAt.length)
    return { outcome: "empty" as const, note: "no view or list entry shows the member" };
  const wrong = shownAt.flatMap(([where, got]) =>
    mismatches({ [member]: sent[member] }, got).map((m) => `${where}: ${m}`),
  );
  return wrong.length
    ? { outcome: "fail" as const, note: wrong.join("; ") }
    : { outcome: "pass" as const };
}

/** Whether the list entries show `member` as the view does. */
function agrees(member: string, r: Reading, volatile: string[]) {
  const inView = r.view && typeof r.view === "object" && member in r.view;
  const entries = Object.entries(r.entries).filter(([, e]) => e && member in e);
  if (!inView || !entries.length)
    return {
      outcome: "empty" as const,
      note: !inView ? "the view does not show the member" : "no list entry shows the member",
    };
  if (volatile.includes(member))
    return { outcome: "info" as const, note: "moves on its own between reads" };
  const wrong = entries.filter(([, e]) => !same(e[member], r.view[member]));
  return wrong.length
    ? {
        outcome: "fail" as const,
        note: wrong.map(([op]) => `${op} differs from the view`).join("; "),
      }
    : { outcome: "pass" as const };
}

/**
 * The four questions on every member of a full subject already made (`sent`: what its create or
 * first full update sent): each cell recorded through `ctx.memberCell`; a MUST cell that fails
 * fails the check, a SHOULD one is observed.
 */
export async function judgeMembers(
  ctx: CheckContext,
  model: ResourceModel,
  made: Made,
  sent: Record<string, unknown>,
  createTop: string[],
  volatile: string[],
  /** members no question is asked of, with why (each question of theirs is n/a) */
  leaveOut: Record<string, string> = {},
): Promise<void> {
  const upd = updateOf(model);
  const updateTop = (upd ? updateMembers(model) : []).filter((m) => !(m in leaveOut));
  for (const [member, note] of Object.entries(leaveOut))
    for (const question of ["created", "updated", "kept", "agree"] as const)
      ctx.memberCell({ member, question, outcome: "n/a", note });
  const members = [...new Set([...createTop, ...updateTop])].filter((m) => !(m in leaveOut));
  const scopeId = model.update === "partial" ? "CONV-SCOPE-1" : "CONV-SCOPE-2";
  const cells: MemberCell[] = [];
  const cell = (c: MemberCell) => {
    cells.push(c);
    ctx.memberCell(c);
  };
  let reading = await read(ctx, model, made);
  // a cell per question that applies: a create member after the create, an update member
  // after its update; list = view and kept for every member the record shows
  // in the record: the spec's record lists it, or (a record the material does not show whole:
  // "Fields of ... beyond those above: not shown") the answer carries it, judged as it reads
  const inRecord = (m: string) =>
    model.members.shown.includes(m) ||
    places(reading).some(([, got]) => got && typeof got === "object" && m in got);
  const notInRecord =
    "no view or list entry shows the member (not in the record the material shows)";
  for (const member of members) {
    if (createTop.includes(member)) {
      const back = readsBack(sent, member, reading);
      if (!inRecord(member))
        cell({ member, question: "created", outcome: "info", note: notInRecord });
      else if (!(member in sent))
        cell({ member, question: "created", outcome: "empty", note: NOT_DRAWN });
      else if (replacedWhenInvalid(model, member) && back.outcome === "fail")
        cell({ member, question: "created", level: "INFO", outcome: "info", note: REPLACED });
      else cell({ member, question: "created", level: "MUST", ...back });
    }
    // list = view applies where the kind has both
    if (inRecord(member) && viewOp(model) && model.ops.list.length)
      cell({
        member,
        question: "agree",
        level: "MUST",
        ...agrees(member, reading, volatile),
      });
  }

  // each update member alone: read back, and every other member kept
  const keptFails = new Map<string, string[]>();
  const othersUpdated = new Map<string, number>();
  for (const member of upd ? updateTop : []) {
    const before = reading;
    const current = await readView(ctx, model, made);
    const body = await updateNaming(ctx, model, made, member, current);
    if (!body) {
      // a body not shown (the disk's, borrowed from its create): refusing a member is its choice
      const outcome = upd!.borrowed ? "info" : "empty";
      cell({ member, question: "updated", outcome, note: "each value tried was refused" });
      continue;
    }
    reading = await read(ctx, model, made);
    const back = readsBack(body, member, reading);
    if (!inRecord(member))
      cell({ member, question: "updated", outcome: "info", note: notInRecord });
    else if (replacedWhenInvalid(model, member) && back.outcome === "fail")
      cell({ member, question: "updated", level: "INFO", outcome: "info", note: REPLACED });
    else if (upd!.borrowed && back.outcome === "fail")
      // the update's body is not shown: a member it takes and leaves alone is its choice
      cell({ member, question: "updated", level: "INFO", outcome: "info", note: back.note });
    else cell({ member, question: "updated", level: upd!.borrowed ? "INFO" : "MUST", ...back });
    for (const other of members)
      if (other !== member) othersUpdated.set(other, (othersUpdated.get(other) ?? 0) + 1);
    for (const m of changedBesides(before, reading, [member], volatile)) {
      const name = /^(?:view|list \w+): (\S+) was/.exec(m)?.[1];
      if (name)
        keptFails.set(name, [...(keptFails.get(name) ?? []), `after an update of ${member}: ${m}`]);
    }
  }
  const keptLevel = model.update === "partial" ? "MUST" : "SHOULD";
  // kept applies where an update named another member
  for (const member of members.filter((m) => inRecord(m) && othersUpdated.get(m))) {
    if (keptFails.has(member))
      cell({
        member,
        question: "kept",
        level: keptLevel,
        outcome: "fail",
        note: keptFails.get(member)!.join("; "),
      });
    else cell({ member, question: "kept", level: keptLevel, outcome: "pass" });
  }

  // every question left: why it does not apply (or, for kept, why no verdict was had)
  const asked = new Set(cells.map((c) => `${c.member} ${c.question}`));
  const why = (member: string, q: MemberCell["question"]): MemberCell | undefined => {
    const na = (note: string): MemberCell => ({ member, question: q, outcome: "n/a", note });
    if (q === "created") return na("not a create member (its update takes it)");
    if (!upd) return na("the kind has no update");
    if (q === "updated") return na(`not a member ${upd.op} takes`);
    if (!inRecord(member)) return na("no view or list entry shows the member");
    if (q === "agree")
      return na(viewOp(model) ? "the kind has no list" : "the kind has no view of its record");
    return updateTop.some((u) => u !== member)
      ? {
          member,
          question: q,
          outcome: "empty",
          note: "no update of another member was taken",
        }
      : na(`${upd.op} takes no other member`);
  };
  for (const member of members)
    for (const q of ["created", "updated", "kept", "agree"] as const)
      if (!asked.has(`${member} ${q}`)) {
        const c = why(member, q);
        if (c) cell(c);
      }

  const failed = cells.filter((c) => c.outcome === "fail");
  for (const c of failed.filter((c) => c.level === "SHOULD"))
    ctx.observe(scopeId, `SHOULD: ${c.member} kept across other updates`, c.note);
  const must = failed.filter((c) => c.level === "MUST");
  if (must.length)
    throw new TargetFailure(
      `${model.name}: ${must.map((c) => `${c.member} (${c.question}): ${c.note}`).join(" | ")}`,
    );
}
