// Races: rules a single client never breaks, judged with requests sent together on purpose
// (harness/race.ts `together`; side-effect class `concurrent`, opt-in on a real target). A target
// that checks a rule and then acts, with a pause between (a lookup, a queue, another process),
// keeps every rule for one client and breaks it for two. Written once over the resource model
// (spec/kinds.ts) and the material's rules, run on every kind and rule they apply to:
// - a unique value (CONV-RACE-1): "label (string 2..75, required on create, unique)" (credentials),
//   "label (string, required, unique within the cluster)" (buckets): of N concurrent creates with
//   one value exactly one makes a record;
// - a stated limit (CONV-RACE-2): "at most 10 VLANs per region", "at most 5 concurrent clones per
//   source instance": filled to one short of the limit, N requests past it sent at once, at most one
//   is accepted and no later read shows more (the 3 interfaces of a config travel in one request:
//   nothing to race);
// - partial updates (CONV-RACE-3): on every kind whose update leaves what it does not name as it was
//   (spec/kinds.ts `partial`), two updates naming different members sent together both hold;
// - a delete racing an update (CONV-RACE-4): on every kind with both, the end state is one some
//   serial order gives (the object gone, never back).
// Serial (a *.serial.test.ts file): nothing else is in flight, so a race holds the run's places
// (--concurrency 2 at least), and the limits fill account-wide state (a region's VLANs, held jobs).
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectError } from "../../harness/expect.ts";
import { loose } from "../../harness/ops.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { together } from "../../harness/race.ts";
import { settled } from "../../harness/settle.ts";
import { type KindName, type ResourceModel, resourceModel } from "../../spec/kinds.ts";
import { rowsOf } from "../shared/clauses.ts";
import { regionFixture, typeFixture } from "../shared/fixtures.ts";
import { allPages } from "../shared/pages.ts";
import { imageInstance, withHeldJobs } from "../vm/helpers.ts";
import { kindsWhere, opsOf, skipEverywhere, subjectFor } from "./each.ts";
import { expectReadsBack, readView, viewOp } from "./oracles.ts";
import { expectNotListed, expectNotThere, sendAt } from "./probes.ts";
import { leaves, memberValues, updateMembers, updateOf } from "./writes.ts";

/** Requests of one race: more than two, so a target that lets two through is seen at any pairing. */
const N = 4;

const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300;

/** Each answer of a race a success or a refusal with the Error body (anything else fails). */
function sorted(answers: ApiResponse[], what: string): { won: ApiResponse[]; lost: ApiResponse[] } {
  const won = answers.filter(ok);
  const lost = answers.filter((r) => !ok(r));
  for (const r of lost) {
    if (r.status < 400 || r.status > 499)
      throw new TargetFailure(
        `${what}: a request of the race answered ${r.status || r.error}: ${r.text.slice(0, 200)}`,
      );
    expectError(r);
  }
  return { won, lost };
}

/** What every race check declares besides its ID, operations and clause. */
const race = (kind: KindName) => ({
  effect: "concurrent" as const,
  area: resourceModel().get(kind)!.area,
  resource: kind,
  generic: "invariant" as const,
});

/** A race that makes billable resources needs that class allowed too (a real target's opt-in). */
function needBillable(ctx: CheckContext): void {
  if (!ctx.config.allow.includes("billable"))
    ctx.skip(
      'side-effect class "billable" not allowed on this target: this race makes instances (opt in with --allow billable,concurrent)',
    );
}

// ---- a unique value ---------------------------------------------------------------------------

interface Unique {
  kind: KindName;
  /** what the rule is, for the title */
  what: string;
  op: OperationId[];
  clause: string[];
  run(ctx: CheckContext): Promise<void>;
}

const CREDENTIAL_UNIQUE = "label (string 2..75, required on create, unique)";
const BUCKET_UNIQUE = "label (string, required, unique within the cluster)";

/** The credentials holding `label`, within the convergence window once there is one. */
async function credentialsLabelled(ctx: CheckContext, label: string): Promise<any[]> {
  return (await allPages(ctx.ops, "listManagedCredentials")).filter((c) => c?.label === label);
}

const UNIQUE: Unique[] = [
  {
    kind: "managedCredential",
    what: `${N} creates with one label at once make exactly one credential`,
    op: ["createManagedCredential", "listManagedCredentials"],
    clause: [CREDENTIAL_UNIQUE],
    async run(ctx) {
      const label = ctx.label("race", 75);
      const answers = await together(ctx, N, () =>
        ctx.ops.createManagedCredential({ body: { label, password: "Plumbline-s3cret!" } }),
      );
      const { won } = sorted(answers, `${N} credential creates labelled ${label}`);
      if (won.length !== 1)
        throw new TargetFailure(
          `${N} credential creates labelled ${label} sent together: ${won.length} succeeded (IDs ${won.map((r) => r.body?.id).join(", ")}); the label is unique, so exactly one may`,
        );
      await settled(ctx, "read-your-writes", async () => {
        const held = await credentialsLabelled(ctx, label);
        if (held.length !== 1)
          throw new TargetFailure(
            `the credentials list holds ${held.length} credentials labelled ${label} after ${N} creates sent together; exactly one`,
          );
      });
    },
  },
  {
    kind: "managedCredential",
    what: "two credentials renamed to one label at once: at most one holds it",
    op: ["updateManagedCredential", "listManagedCredentials"],
    clause: [CREDENTIAL_UNIQUE, "The credential update operation changes the label only"],
    async run(ctx) {
      const a = await ctx.fresh.create("managedCredential", "createManagedCredential", {
        body: { label: ctx.label("ra", 75), password: "Plumbline-s3cret!" },
      });
      const b = await ctx.fresh.create("managedCredential", "createManagedCredential", {
        body: { label: ctx.label("rb", 75), password: "Plumbline-s3cret!" },
      });
      const label = ctx.label("race", 75);
      const answers = await together(ctx, 2, (i) =>
        ctx.ops.updateManagedCredential({
          path: { credentialId: [a, b][i].id },
          body: { label },
        }),
      );
      const { won } = sorted(answers, `two renames to ${label}`);
      if (won.length > 1)
        throw new TargetFailure(
          `credentials ${a.id} and ${b.id} were both renamed to ${label} by two updates sent together; the label is unique`,
        );
      await settled(ctx, "read-your-writes", async () => {
        const held = await credentialsLabelled(ctx, label);
        if (held.length !== won.length)
          throw new TargetFailure(
            `the credentials list holds ${held.length} credentials labelled ${label} after ${won.length} rename(s) succeeded`,
          );
      });
    },
  },
  {
    kind: "bucket",
    what: `${N} creates of one label by its owner at once make one bucket, answered to each`,
    op: ["createBucket", "listClusterBuckets"],
    clause: [
      BUCKET_UNIQUE,
      "when the bucket already exists and is owned by the caller, status 200 with that bucket",
    ],
    async run(ctx) {
      const cluster = await ctx.fresh.cluster();
      const label = ctx.label("race", 63).toLowerCase();
      const answers = await together(ctx, N, () =>
        ctx.ops.createBucket({ body: { cluster, label } }),
      );
      const { won } = sorted(answers, `${N} creates of bucket ${label}`);
      if (won.length === 0)
        throw new TargetFailure(
          `none of ${N} creates of bucket ${label} by its owner succeeded: one makes it, the others are answered that bucket`,
        );
      const other = won.find((r) => r.body?.label !== label || r.body?.cluster !== cluster);
      if (other)
        throw new TargetFailure(
          `a create of bucket ${cluster}/${label} answered another bucket: ${other.text.slice(0, 200)}`,
        );
      await settled(ctx, "read-your-writes", async () => {
        const held = (
          await allPages(ctx.ops, "listClusterBuckets", { path: { clusterId: cluster } })
        ).filter((x) => x?.label === label);
        if (held.length !== 1)
          throw new TargetFailure(
            `the buckets of ${cluster} hold ${held.length} labelled ${label} after ${N} creates by its owner sent together; exactly one`,
          );
      });
    },
  },
  {
    kind: "bucket",
    what: "creates of one label by two owners at once: one owner's bucket, the other refused",
    op: ["createBucket", "listClusterBuckets"],
    clause: [
      BUCKET_UNIQUE,
      "Bucket create with a label already used in the cluster by another owner: an error is returned",
    ],
    async run(ctx) {
      const secondary = ctx.principals.get("secondary");
      const cluster = await ctx.fresh.cluster();
      const label = ctx.label("race", 63).toLowerCase();
      const owners = ["admin", secondary] as const;
      const answers = await together(ctx, N, (i) =>
        ctx.ops.createBucket({ body: { cluster, label }, as: owners[i % 2] }),
      );
      try {
        const { won } = sorted(answers, `creates of bucket ${label} by two owners`);
        const winners = new Set(answers.flatMap((r, i) => (ok(r) ? [i % 2] : [])));
        if (winners.size > 1)
          throw new TargetFailure(
            `creates of bucket ${cluster}/${label} by two owners sent together both succeeded: the label is unique within the cluster`,
          );
        await settled(ctx, "read-your-writes", async () => {
          let held = 0;
          for (const as of owners)
            held += (
              await allPages(ctx.ops, "listClusterBuckets", { path: { clusterId: cluster }, as })
            ).filter((x) => x?.label === label).length;
          if (held !== (won.length ? 1 : 0))
            throw new TargetFailure(
              `the two owners' buckets of ${cluster} hold ${held} labelled ${label} after creates by both sent together; one`,
            );
        });
      } finally {
        // the second owner's bucket, if it got one, is not the run's ledger's to remove
        await ctx.ops.deleteBucket({ path: { clusterId: cluster, bucket: label }, as: secondary });
      }
    },
  },
];

// ---- a stated limit ---------------------------------------------------------------------------

const vlan = (label: string) => ({ purpose: "vlan" as const, label });

/** The VLAN labels the configs of an instance attach. */
async function vlansOf(ctx: CheckContext, vmId: number): Promise<Set<string>> {
  const out = new Set<string>();
  for (const c of await allPages(ctx.ops, "listConfigs", { path: { vmId } }))
    for (const i of Array.isArray(c?.interfaces) ? c.interfaces : [])
      if (i?.purpose === "vlan" && typeof i.label === "string") out.add(i.label);
  return out;
}

interface Limit {
  kind: KindName;
  what: string;
  op: OperationId[];
  clause: string[];
  run(ctx: CheckContext): Promise<void>;
}

const LIMITS: Limit[] = [
  {
    kind: "config",
    what: `a region one VLAN short of 10: of ${N} new VLANs sent at once at most one is made`,
    op: ["createConfig", "deleteConfig", "listConfigs"],
    clause: [
      "a new label creates a VLAN, at most 10 VLANs per region",
      "| VLANs | per region | 10 |",
    ],
    async run(ctx) {
      needBillable(ctx);
      const vm = await ctx.fresh.emptyInstance();
      const vmId = vm.id as number;
      const l = ctx.label("rv", 40);
      const config = (label: string) =>
        ctx.ops.createConfig({
          path: { vmId },
          body: { label: ctx.label("cfg", 48), devices: {}, interfaces: [vlan(label)] },
        });
      // fill the region one VLAN at a time until the limit refuses one (VLANs of the account's
      // other instances in the region count too: the run is serial here)
      const made: number[] = [];
      for (let n = 1; ; n++) {
        const res = await config(`${l}-${n}`);
        if (!ok(res)) {
          expectError(res);
          break;
        }
        made.push(res.body?.id);
        if (n > 10)
          return ctx.skip(
            "the region took 11 new VLANs one at a time: the limit itself is not kept (VM-IFACE-8), nothing to race",
          );
      }
      if (made.length === 0) return ctx.skip("the region took no new VLAN: nothing to race");
      const full = made.length;
      // one short of the limit: the last VLAN freed (a VLAN exists while a config attaches it)
      const freed = made.pop()!;
      const del = await ctx.ops.deleteConfig({ path: { vmId, configId: freed } });
      if (!ok(del)) return ctx.skip(`deleting a config answered ${del.status}: nothing freed`);
      const answers = await together(ctx, N, (i) => config(`${l}-r${i}`));
      const { won } = sorted(answers, `${N} configs each with a new VLAN`);
      if (won.length > 1)
        throw new TargetFailure(
          `with the region one VLAN short of its limit, ${won.length} of ${N} configs each creating a new VLAN sent together were accepted: at most 10 VLANs per region`,
        );
      await settled(ctx, "read-your-writes", async () => {
        const attached = await vlansOf(ctx, vmId);
        if (attached.size > full)
          throw new TargetFailure(
            `the instance's configs attach ${attached.size} VLANs in region ${vm.region}, where the limit refused the ${full + 1}th one at a time`,
          );
      });
    },
  },
  {
    kind: "instance",
    what: `4 clones of a source running: of ${N} more sent at once at most one is accepted`,
    op: ["cloneInstance", "listInstances"],
    clause: [
      "at most 5 concurrent clones per source instance, more gives HTTP 400",
      "| Concurrent clones | per source instance | 5 |",
    ],
    async run(ctx) {
      needBillable(ctx);
      const source = await imageInstance(ctx);
      const prefix = ctx.label("rc", 20);
      const body = (n: string) => ({
        region: regionFixture(ctx),
        type: typeFixture(ctx),
        configs: [],
        label: `${prefix}-${n}`,
      });
      await withHeldJobs(ctx.states, async () => {
        for (let n = 0; n < 4; n++)
          await ctx.fresh.create("instance", "cloneInstance", {
            path: { vmId: source.id },
            body: body(`s${n}`),
          });
        const answers = await together(ctx, N, (i) =>
          ctx.ops.cloneInstance({ path: { vmId: source.id }, body: body(`r${i}`) }),
        );
        const { won } = sorted(answers, `${N} clones sent together`);
        if (won.length > 1)
          throw new TargetFailure(
            `with 4 clones of instance ${source.id} running, ${won.length} of ${N} more sent together were accepted: at most 5 concurrent clones per source instance`,
          );
        const clones = (await allPages(ctx.ops, "listInstances")).filter(
          (x) => typeof x?.label === "string" && x.label.startsWith(`${prefix}-`),
        );
        if (clones.length > 5)
          throw new TargetFailure(
            `the instances list holds ${clones.length} clones of instance ${source.id} made while they ran: at most 5`,
          );
      });
    },
  },
];

// ---- partial updates --------------------------------------------------------------------------

/**
 * Two top-level members an update of the kind takes whose values need nothing but the check's own
 * text or a boolean flipped (a drawn value of another member may name what the target does not
 * hold), with their values: the first two such, free text first.
 */
async function twoMembers(
  ctx: CheckContext,
  model: ResourceModel,
  current: any,
  path: Record<string, string | number>,
): Promise<Record<string, unknown>[]> {
  const upd = updateOf(model)!;
  const simple = new Set(
    leaves(upd.members)
      .filter((l) => l.path.length === 1 && !l.ruled && (l.free || l.type === "boolean"))
      .map((l) => l.path[0]),
  );
  const out: Record<string, unknown>[] = [];
  for (const member of updateMembers(model).filter((m) => simple.has(m))) {
    const [value] = await memberValues(
      ctx,
      upd.members,
      member,
      {
        path,
        parentPath: {},
        sent: {},
        record: current,
        matches: () => false,
      },
      current,
    );
    if (value !== undefined) out.push({ [member]: value });
    if (out.length === 2) break;
  }
  return out;
}

const partial = (m: ResourceModel) =>
  m.update === "partial" && !m.singleton && viewOp(m) !== undefined && updateMembers(m).length >= 2;

// ---- the checks -------------------------------------------------------------------------------

describe("invariants/races", () => {
  for (const u of UNIQUE)
    check(
      { id: "CONV-RACE-1", op: u.op, ...race(u.kind), clause: u.clause },
      `${u.kind}: ${u.what}`,
      u.run,
    );

  for (const l of LIMITS)
    check(
      { id: "CONV-RACE-2", op: l.op, ...race(l.kind), clause: l.clause },
      `${l.kind}: ${l.what}`,
      l.run,
    );

  for (const model of kindsWhere(partial)) {
    const upd = model.ops.update[0] as OperationId;
    check(
      {
        id: "CONV-RACE-3",
        op: opsOf(model, "update", "view", "list"),
        ...race(model.name),
        clause: rowsOf([upd]),
      },
      `${model.name}: two updates naming different members, sent together, both hold in the view and the list`,
      async (ctx) => {
        const subject = subjectFor(ctx, model);
        if (subject.effect === "billable") needBillable(ctx);
        const made = await subject.make(ctx);
        const current = await readView(ctx, model, made);
        const bodies = await twoMembers(ctx, model, current, made.path);
        if (bodies.length < 2)
          return skipEverywhere(
            ctx,
            `the ${model.name} update takes fewer than two members of free text or a boolean`,
          );
        const answers = await together(ctx, 2, (i) =>
          loose(ctx.ops)[upd]({ path: made.path, body: bodies[i] }),
        );
        const { won } = sorted(
          answers,
          `two updates of ${Object.keys(bodies[0])} and ${Object.keys(bodies[1])}`,
        );
        if (won.length < 2)
          ctx.observe(
            "CONV-RACE-3",
            "an update of a race refused (a target may refuse a concurrent update): only the accepted one judged",
            answers.map((r) => r.status),
          );
        if (won.length === 0)
          return ctx.skip("both updates of the race were refused: nothing to judge");
        const kept = Object.assign({}, ...bodies.filter((_, i) => ok(answers[i])));
        await expectReadsBack(
          ctx,
          model,
          made,
          kept,
          `two updates naming ${Object.keys(bodies[0])[0]} and ${Object.keys(bodies[1])[0]} sent together`,
        );
      },
    );
  }

  for (const model of kindsWhere(
    (m) => m.ops.delete.length > 0 && m.ops.update.length > 0 && viewOp(m) !== undefined,
  )) {
    const del = model.ops.delete[0] as OperationId;
    const upd = model.ops.update[0] as OperationId;
    check(
      {
        id: "CONV-RACE-4",
        op: [del, upd, ...opsOf(model, "view", "list")],
        ...race(model.name),
        clause: rowsOf([del, upd]),
      },
      `${model.name}: a delete and an update sent together end as some serial order does: gone, never back`,
      async (ctx) => {
        const subject = subjectFor(ctx, model);
        if (subject.effect === "billable") needBillable(ctx);
        const made = await subject.make(ctx);
        const current = await readView(ctx, model, made);
        const [body] = await twoMembers(ctx, model, current, made.path);
        if (!body)
          return skipEverywhere(
            ctx,
            `the ${model.name} update takes no member of free text or a boolean`,
          );
        const [deleted, updated] = await together(ctx, 2, (i) =>
          i === 0 ? sendAt(ctx, del, made.path) : loose(ctx.ops)[upd]({ path: made.path, body }),
        );
        // both serial orders delete it: the delete succeeds; the update succeeds (before) or is
        // refused (after)
        sorted([updated], `the update racing ${del}`);
        if (!ok(deleted))
          throw new TargetFailure(
            `${del} sent together with an update answered ${deleted.status}: in either order the delete finds the object`,
          );
        const gone = async () => {
          for (const view of model.ops.view)
            await expectNotThere(
              view,
              `after ${del} and an update sent together, ${view}`,
              await loose(ctx.ops)[view as OperationId]({ path: made.path }),
            );
          await expectNotListed(
            ctx,
            model,
            made.path,
            made.matches,
            `after ${del} and an update sent together`,
          );
        };
        await settled(ctx, "delete is complete", gone);
        // nothing brings it back: read once more, after both answered and the reads agreed
        await gone();
      },
    );
  }
});
