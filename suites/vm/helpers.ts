// Helpers of the vm suite: instances deployed from the image fixture, the lists of an instance,
// held jobs, refusals that must not leave an instance behind, and the few values the material
// leaves `not shown` (another region, the current month).
import type { ApiResponse } from "../../harness/client.ts";
import type { CheckContext } from "../../harness/check.ts";
import { MissingCapability, TargetFailure } from "../../harness/errors.ts";
import { expectCollection, expectError, expectSuccess } from "../../harness/expect.ts";
import type { Ops } from "../../harness/ops.ts";
import { loose } from "../../harness/ops.ts";
import type { States } from "../../harness/states.ts";

/** A strong root password (four character classes), inside 7..128. */
export const PASS = "Plumb1ine!Pass";
/** A root password nobody calls strong: one character class. */
export const WEAK_PASS = "aaaaaaaaaa";

/** The image fixture, or a skip naming it. */
export function imageFixture(ctx: CheckContext): string {
  const image = ctx.config.fixtures.image;
  if (!image)
    ctx.skip('fixture "image" is not configured (set PLUMBLINE_FIXTURE_IMAGE or fixtures.image)');
  return image;
}

export function regionFixture(ctx: CheckContext): string {
  const region = ctx.config.fixtures.region;
  if (!region)
    ctx.skip(
      'fixture "region" is not configured (set PLUMBLINE_FIXTURE_REGION or fixtures.region)',
    );
  return region;
}

export function typeFixture(ctx: CheckContext): string {
  const type = ctx.config.fixtures.type;
  if (!type)
    ctx.skip('fixture "type" is not configured (set PLUMBLINE_FIXTURE_TYPE or fixtures.type)');
  return type;
}

/** A type with more disk than the type fixture, or a skip naming it. */
export function largerTypeFixture(ctx: CheckContext): string {
  const larger = ctx.config.fixtures.largerType;
  if (!larger)
    ctx.skip(
      'fixture "largerType" (a type with more disk than the type fixture) is not configured (set PLUMBLINE_FIXTURE_LARGER_TYPE or fixtures.largerType)',
    );
  return larger;
}

/** The disk allowance (specs.disk, MB) an instance's view shows; skipped when it is not shown. */
export async function diskAllowance(ctx: CheckContext, vmId: number): Promise<number> {
  const disk = await instanceField(ctx, vmId, "specs.disk");
  if (!Number.isInteger(disk))
    throw new TargetFailure(
      `specs.disk is ${JSON.stringify(disk)}; a disk allowance in MB is an integer`,
    );
  return disk;
}

/** Every item of a paginated instance-scoped list (configs, disks), all pages. */
export async function listAll(
  ops: Ops,
  op: "listConfigs" | "listDisks" | "listInstances",
  vmId?: number,
): Promise<any[]> {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const c = expectCollection(
      await loose(ops)[op]({ path: vmId === undefined ? undefined : { vmId }, query: { page } }),
    );
    items.push(...c.data);
    if (page >= c.pages || c.data.length === 0) return items;
  }
}

export const configsOf = (ops: Ops, vmId: number) => listAll(ops, "listConfigs", vmId);
export const disksOf = (ops: Ops, vmId: number) => listAll(ops, "listDisks", vmId);

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
 * Kernel view of `id` without a token. The material gives "kernelId string" and never says how a
 * `/` inside it (`vm/latest-64bit`) travels in the path: percent-encoded (`%2F`) is tried first and,
 * when that is refused, the plain path segments. Either form answering conforms; which one is recorded.
 */
export async function viewKernel(ctx: CheckContext, id: string): Promise<ApiResponse> {
  const encoded = await ctx.ops.getKernel({ path: { kernelId: id }, as: "anonymous" });
  if ((encoded.status >= 200 && encoded.status < 300) || !id.includes("/")) return encoded;
  const url = encoded.exchange.url.replace(
    encodeURIComponent(id),
    id.split("/").map(encodeURIComponent).join("/"),
  );
  const plain = await ctx.http("GET", url);
  ctx.observe(
    `kernel view of ${id}: percent-encoded answered ${encoded.status}, plain path segments answered`,
    plain.status,
    "VM-KERNEL-2",
  );
  return plain.status >= 200 && plain.status < 300
    ? { ...plain, operationId: "getKernel" }
    : encoded;
}
