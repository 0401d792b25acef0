// The kinds an invariant runs on, and the subject that makes one object of a kind, or a skip naming
// why none can be made (so the report's kind × invariant matrix shows the cell).
import type { CheckContext } from "../../harness/check.ts";
import type { SideEffect } from "../../harness/model.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { type KindName, type ResourceModel, resourceModel } from "../../spec/kinds.ts";
import { SUBJECTS, type Subject } from "./subjects.ts";

/** Every kind of the model where `applies` holds, in the model's order. */
export function kindsWhere(applies: (m: ResourceModel) => boolean): ResourceModel[] {
  return [...resourceModel().values()].filter(applies);
}

/** Why no subject makes an object of these kinds (the rest: none written yet). */
const NO_SUBJECT: Partial<Record<KindName, string>> = {
  account:
    "the account is one per token, never made by a check: an update changes what every check running beside it reads (the account suite reads its writes back serially)",
};

/**
 * How the skip of a cell no target can exercise begins (a kind no subject makes, an account-wide
 * list no check owns, a rule no request breaks alone): the same on every target, so never a
 * variant's doing (tests/false-alarm.test.ts and scripts/mutation.ts count it apart).
 */
export const EVERYWHERE_SKIP = "on every target:";

/** Skips a cell no target can exercise, naming why. */
export const skipEverywhere = (ctx: CheckContext, why: string): never =>
  ctx.skip(`${EVERYWHERE_SKIP} ${why}`);

/** The kind's subject, or a skip naming why there is none. */
export function subjectFor(ctx: CheckContext, model: ResourceModel): Subject {
  const s = SUBJECTS[model.name];
  if (s) return s;
  return skipEverywhere(
    ctx,
    `no subject makes the ${model.name} kind: ${NO_SUBJECT[model.name] ?? "none written in suites/invariants/subjects.ts"}`,
  );
}

/** The side-effect class of a check on the kind: its subject's (an account-wide write otherwise). */
const effectOf = (model: ResourceModel): SideEffect =>
  SUBJECTS[model.name]?.effect ?? (model.singleton ? "account-wide" : "creates");

/**
 * What every invariant check on a kind declares: its side-effect class, the kind's area (so
 * `--areas` selects it, as the fuzz suite's checks do) and the kind (the report's kind × invariant matrix).
 */
export const onKind = (model: ResourceModel) => ({
  effect: effectOf(model),
  area: model.area,
  resource: model.name,
});

/** The operations of a kind a check sends, for its declaration. */
export const opsOf = (model: ResourceModel, ...roles: (keyof ResourceModel["ops"])[]) =>
  roles.flatMap((r) => model.ops[r]) as OperationId[];
