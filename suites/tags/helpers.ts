// Shared steps of the tags checks (material: Endpoints / Tags, Resources / Tag).
import type { CheckContext } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";
import type { As } from "../../harness/principals.ts";
import { MissingCapability, TargetFailure } from "../../harness/errors.ts";
import { expectAnswer, expectError, expectJson, observe } from "../../harness/expect.ts";
import { checkResponse } from "../../spec/validate.ts";
import { expectAccepted } from "../shared/acceptance.ts";
import { offContract } from "../../harness/ops.ts";
import { settled } from "../../harness/settle.ts";

export type TagBody = {
  label: string;
  vms?: number[];
  domains?: number[];
  volumes?: number[];
  nodebalancers?: number[];
};

/**
 * A tag create the target must accept; the tag is deleted when the check ends. A refusal of a valid
 * create is the target's failure, not a setup error. Returns the (not shown) response body.
 */
export function createTag(ctx: CheckContext, body: TagBody): Promise<unknown> {
  return expectAccepted(ctx.fresh.create("tag", "createTag", { body, label: body.label }));
}

/**
 * A tag create the target must refuse. Should it be accepted all the same, the tag is deleted again
 * (as admin) so a failing target is left as it was; the answer is returned for the verdict.
 */
export async function attemptCreateTag(
  ctx: CheckContext,
  body: unknown,
  as?: As,
): Promise<ApiResponse> {
  const res = await ctx.ops.createTag({ body: offContract(body), as });
  const label = (body as { label?: unknown } | null)?.label;
  if (res.status >= 200 && res.status < 300 && typeof label === "string" && label !== "") {
    await ctx.ops.deleteTag({ path: { label } });
  }
  return res;
}

/**
 * The IDs of the objects in a tagged-objects page: `data: [{data: <object>}]` (Resources / Tag). The
 * element's type marker is not shown (TAG-LIST-3), so an element that is the object itself is read too.
 */
export function taggedIds(page: { data: unknown[] }): number[] {
  return page.data.map((el, i) => {
    const e = el as { data?: { id?: unknown }; id?: unknown } | null;
    const id = e?.data && typeof e.data === "object" ? e.data.id : e?.id;
    if (typeof id !== "number")
      throw new TargetFailure(
        `tagged object ${i} has no data.id: ${JSON.stringify(el).slice(0, 200)}`,
      );
    return id;
  });
}

/** Tagged objects list that must succeed: the paginated envelope, schema, and the IDs it holds. */
export async function listTagged(ctx: CheckContext, label: string): Promise<number[]> {
  return taggedIds(await taggedPage(ctx, label));
}

/**
 * The tagged objects page itself: a success whose `data` is an array (what TAG-LIST-1 reads). The
 * envelope and the records' shapes are observed only (TAG-LIST-2: the material contradicts itself on
 * tag response bodies; TAG-LIST-4: the domain, volume and NodeBalancer rules belong to operations
 * that are not shown), so the spec's schema is recorded, not asserted.
 */
export async function taggedPage(ctx: CheckContext, label: string): Promise<{ data: any[] }> {
  const res = await ctx.ops.listTaggedObjects({ path: { label } });
  return readTaggedPage(res);
}

function readTaggedPage(res: ApiResponse): { data: any[] } {
  expectAnswer(res);
  if (res.status < 200 || res.status > 299)
    throw new TargetFailure(
      `tagged objects list answered ${res.status}: ${res.text.slice(0, 200)}`,
    );
  const body = expectJson(res) as { data?: unknown } | null;
  if (!body || !Array.isArray(body.data))
    throw new TargetFailure(
      `tagged objects list: data is not an array: ${JSON.stringify(body).slice(0, 200)}`,
    );
  const schema = checkResponse("listTaggedObjects", res.status, body);
  if (!schema.ok)
    observe(
      "TAG-LIST-2",
      "tagged objects answer differs from the shown shape",
      schema.message,
      "listTaggedObjects",
    );
  for (const k of ["page", "pages", "results"])
    if (!Number.isInteger((body as Record<string, unknown>)[k]))
      observe(
        "TAG-LIST-2",
        `tagged objects envelope has no integer ${k}`,
        (body as Record<string, unknown>)[k] ?? null,
        "listTaggedObjects",
      );
  return body as { data: any[] };
}

/**
 * The IDs still carrying a tag that may no longer exist: an error answer (the tag is gone) counts
 * as none; a success answer lists what carries it.
 */
export async function stillTagged(ctx: CheckContext, label: string): Promise<number[]> {
  const res = await ctx.ops.listTaggedObjects({ path: { label } });
  if (res.status >= 400 && res.status < 500) {
    expectError(res);
    return [];
  }
  return taggedIds(readTaggedPage(res));
}

export function expectSameIds(got: number[], want: number[], what: string): void {
  const g = [...got].sort((a, b) => a - b);
  const w = [...want].sort((a, b) => a - b);
  if (JSON.stringify(g) !== JSON.stringify(w))
    throw new TargetFailure(
      `${what}: expected objects ${JSON.stringify(w)}, the list holds ${JSON.stringify(g)}`,
    );
}

/**
 * After a tag create or delete: the tagged objects list holds exactly `want`, read again within the
 * convergence window while it does not yet (harness/settle.ts); answers the IDs it held.
 */
export function expectTagged(
  ctx: CheckContext,
  label: string,
  want: number[],
  what: string,
): Promise<number[]> {
  return settled(ctx, "tags", async () => {
    const got = await listTagged(ctx, label);
    expectSameIds(got, want, what);
    return got;
  });
}

/** None of `ids` carries the tag (which may be gone), within the convergence window. */
export async function expectUntagged(
  ctx: CheckContext,
  label: string,
  ids: number[],
  what: string,
): Promise<void> {
  await settled(ctx, "tags", async () => expectNone(await stillTagged(ctx, label), ids, what));
}

export function expectNone(got: number[], ids: number[], what: string): void {
  const found = ids.filter((id) => got.includes(id));
  if (found.length)
    throw new TargetFailure(`${what}: objects ${JSON.stringify(found)} carry the tag`);
}

/**
 * One domain, volume and NodeBalancer of the user's account, from the provider state
 * `taggable-objects` (the material has no operation for them); skips on targets without it.
 */
export async function taggable(
  ctx: CheckContext,
  user: "admin" | "secondary" = "admin",
): Promise<{ domain: number; volume: number; nodebalancer: number }> {
  const made = await ctx.states.require("taggable-objects", { user });
  const first = (k: string): number => {
    const id = (made[k] as number[] | undefined)?.[0];
    if (typeof id !== "number")
      throw new MissingCapability(`provider state "taggable-objects" lists no ${k} for ${user}`);
    return id;
  };
  return {
    domain: first("domains"),
    volume: first("volumes"),
    nodebalancer: first("nodebalancers"),
  };
}
