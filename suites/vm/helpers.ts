// Helpers of the vm suite: instances deployed from the image fixture, the lists of an instance,
// held jobs, refusals that must not leave an instance behind, and the few values the material
// leaves `not shown` (another region, the current month).
import type { ApiResponse } from "../../harness/client.ts";
import type { CheckContext } from "../../harness/check.ts";
import { MissingCapability, TargetFailure } from "../../harness/errors.ts";
import { expectCollection, expectError, expectSuccess } from "../../harness/expect.ts";
import type { Ops } from "../../harness/ops.ts";
import type { States } from "../../harness/states.ts";
import { imageFixture, regionFixture, typeFixture } from "../shared/fixtures.ts";
import { allPages } from "../shared/pages.ts";

/** A strong root password (four character classes), inside 7..128. */
export const PASS = "Plumb1ine!Pass";
/** A root password nobody calls strong: one character class. */
export const WEAK_PASS = "aaaaaaaaaa";

/** The disk allowance (specs.disk, MB) an instance's view shows; skipped when it is not shown. */
export async function diskAllowance(ctx: CheckContext, vmId: number): Promise<number> {
  const disk = await instanceField(ctx, vmId, "specs.disk");
  if (!Number.isInteger(disk))
    throw new TargetFailure(
      `specs.disk is ${JSON.stringify(disk)}; a disk allowance in MB is an integer`,
    );
  return disk;
}

/**
 * Every item of an instance list (instances; an instance's configs or disks), all pages. Page 1 is
 * asked as `page=1` too.
 */
const vmList = (ops: Ops, op: "listConfigs" | "listDisks" | "listInstances", vmId?: number) =>
  allPages(ops, op, { path: vmId === undefined ? undefined : { vmId } }, { askPageOne: true });

export const allInstances = (ops: Ops) => vmList(ops, "listInstances");
export const configsOf = (ops: Ops, vmId: number) => vmList(ops, "listConfigs", vmId);
export const disksOf = (ops: Ops, vmId: number) => vmList(ops, "listDisks", vmId);

/**
 * An instance deployed from the image fixture (create rule 2: a default config and two disks),
 * returned once its two disks are listed: provisioning is asynchronous.
 */
export async function imageInstance(
  ctx: CheckContext,
  body: Record<string, unknown> = {},
): Promise<any> {
  const vm = await ctx.fresh.instance({ image: imageFixture(ctx), root_pass: PASS, ...body });
  await ctx.waitFor(
    `the disks of image deployment ${vm.id} to be listed`,
    async () => (await disksOf(ctx.ops, vm.id)).length >= 2,
  );
  return vm;
}

/** Runs `fn` with the target's instance jobs held (queued), releasing them whatever happens. */
export async function withHeldJobs<T>(states: States, fn: () => Promise<T>): Promise<T> {
  await states.require("jobs-hold");
  try {
    return await fn();
  } finally {
    await states.require("jobs-release");
  }
}

/**
 * An instance create that must be refused: an Error body. A create the target wrongly accepted is
 * deleted first so the failure leaves nothing behind.
 */
export async function expectCreateRefused(
  ops: Ops,
  res: ApiResponse,
): Promise<{ field: string | null; reason: string }[]> {
  if (res.status >= 200 && res.status < 300 && res.json && typeof res.body?.id === "number") {
    await ops.deleteInstance({ path: { vmId: res.body.id } });
  }
  return expectError(res);
}

/**
 * A field of a record whose body the material does not show, for a check of the value the material
 * states (a default): skipped, naming the field, when the target does not show it.
 */
export function shownField(ctx: CheckContext, record: unknown, path: string): any {
  let v: any = record;
  for (const k of path.split(".")) v = v && typeof v === "object" ? v[k] : undefined;
  if (v === undefined)
    ctx.skip(`the response does not carry "${path}" (its body is not shown in the material)`);
  return v;
}

/** A field of an instance's view (getInstance), skipped where the target does not show it. */
export async function instanceField(ctx: CheckContext, vmId: number, path: string): Promise<any> {
  return shownField(ctx, expectSuccess(await ctx.ops.getInstance({ path: { vmId } })), path);
}

/** A region other than the region fixture: from the public clusters list (a cluster names its region). */
export async function otherRegion(ctx: CheckContext): Promise<string> {
  const mine = regionFixture(ctx);
  const c = expectCollection(await ctx.ops.listClusters({ as: "anonymous" }));
  const other = c.data
    .map((x: any) => x?.region)
    .find((r: unknown) => typeof r === "string" && r !== mine);
  if (!other)
    throw new MissingCapability(
      `a second region: the clusters list names no region other than "${mine}"`,
    );
  return other;
}

/** The current year and month (UTC) and the month after it. */
export function months(): { year: number; month: number; next: { year: number; month: number } } {
  const now = new Date();
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return {
    year,
    month,
    next: month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 },
  };
}

/**
 * An action that must succeed once the instance has no running or queued actions: retried within
 * the wait timeout while it answers an error (another check may hold the target's jobs for a
 * moment), and failed with the last answer if it never succeeds.
 */
export async function eventually(
  ctx: CheckContext,
  description: string,
  call: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  let last: ApiResponse | undefined;
  try {
    return await ctx.waitFor(description, async () => {
      last = await call();
      return last.status >= 200 && last.status < 300 && last;
    });
  } catch (e) {
    if (last)
      throw new TargetFailure(
        `${description}: never succeeded; last answer ${last.status}: ${last.text.slice(0, 200)}`,
      );
    throw e;
  }
}

/**
 * The types a default that is a function of the type is judged at: the type fixture and the larger
 * one, when they differ (a constant can give the right number at one point only). A target
 * configured with one type gets one point, and the check records that the second is missing.
 */
export function typesToJudge(ctx: CheckContext, requirementId: string): string[] {
  const { type, largerType } = ctx.config.fixtures;
  const types = [typeFixture(ctx), ...(largerType && largerType !== type ? [largerType] : [])];
  if (types.length < 2)
    ctx.observe(requirementId, "judged at one type only: no --fixture-larger-type", types[0]);
  return types;
}
