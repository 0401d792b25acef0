// Deploy recipes (5 operations). Recipes live in one global store, since public ones are visible
// to every account; a private recipe is visible only to its own account (others get 404).
// `findRecipe` is used by the vm area when an instance or disk is deployed with a recipe.
import type { Area } from "../area.ts";
import { ApiError, EMPTY, forbidden, notFound, ok } from "../http.ts";
import { paginate } from "../paginate.ts";
import { emitByCaller, type Ctx, type Router } from "../router.ts";
import type { Account, State, User } from "../state.ts";
import { Fields } from "../validate.ts";

export interface RecipeRecord {
  id: number;
  label: string;
  description: string;
  images: string[];
  is_public: boolean;
  rev_note: string;
  script: string;
  username: string;
  user_gravatar_id: string;
  deployments_total: number;
  deployments_active: number;
  user_defined_fields: unknown[];
  created: string;
  updated: string;
}

interface Stored {
  record: RecipeRecord;
  /** the owning account's id */
  owner: number;
}

const store = (state: State) => state.globalArea("recipes", () => new Map<number, Stored>());

const visible = (s: Stored, account: Account | null) =>
  s.record.is_public || (account !== null && s.owner === account.id);

/** The recipe with this ID if `user` may see it (public, or owned by the user's account). */
export function findRecipe(state: State, user: User, id: number): RecipeRecord | undefined {
  const s = store(state).get(id);
  return s && visible(s, user.account) ? s.record : undefined;
}

/** `{recipeId}` is a string holding the numeric ID. */
function lookup(ctx: Ctx): Stored {
  const raw = ctx.params.recipeId;
  const s = /^\d{1,15}$/.test(raw ?? "") ? store(ctx.state).get(Number(raw)) : undefined;
  // fault authz-foreign-recipe-writable: another account's private recipe can be changed
  const foreignWrite = ctx.method !== "GET" && ctx.faults.has("authz-foreign-recipe-writable");
  if (!s || (!visible(s, ctx.account) && !foreignWrite)) throw notFound();
  return s;
}

function own(ctx: Ctx): Stored {
  const s = lookup(ctx);
  if (s.owner !== ctx.account.id && !ctx.faults.has("authz-foreign-recipe-writable"))
    throw forbidden("Only the recipe's owner may change it");
  return s;
}

/** fault recipe-description-mojibake: UTF-8 bytes read back as Latin-1, as a store in the wrong encoding would */
const mojibake = (ctx: Ctx, s: string | null | undefined) =>
  typeof s === "string" && ctx.faults.has("recipe-description-mojibake")
    ? Buffer.from(s, "utf8").toString("latin1")
    : s;

/** fault recipe-list-stale-after-update: what the list shows of a recipe, as it was before its last update */
const staleListed = new WeakMap<RecipeRecord, RecipeRecord>();

function fields(ctx: Ctx, creating: boolean) {
  const f = new Fields(ctx.json());
  const v = {
    description: mojibake(ctx, f.string("description")),
    images: f.stringArray("images", { required: creating }),
    is_public: f.bool("is_public"),
    label: f.string("label", { min: 3, max: 128, required: creating }),
    rev_note: f.string("rev_note"),
    script: f.string("script", { required: creating }),
  };
  return { f, v };
}

function emit(ctx: Ctx, action: string, r: RecipeRecord) {
  emitByCaller(ctx, action, {
    id: r.id,
    label: r.label,
    type: "recipe",
    url: `/v4/vm/recipes/${r.id}`,
  });
}

function register(r: Router) {
  // anonymous callers see only public recipes; others also their account's private ones
  r.get("/v4/vm/recipes", "recipes:read_only?", (ctx) => {
    // variant: only public recipes, whoever asks
    const account =
      ctx.principal && !ctx.variants.has("recipes-own-private-hidden") ? ctx.account : null;
    const leak = !ctx.principal && ctx.faults.has("recipe-anonymous-sees-private");
    const items = [...store(ctx.state).values()]
      .filter((s) => leak || visible(s, account))
      .map((s) => staleListed.get(s.record) ?? s.record);
    return paginate(ctx, items);
  });
  r.post("/v4/vm/recipes", "recipes:read_write", (ctx) => {
    const { f, v } = fields(ctx, true);
    f.done();
    const now = ctx.state.iso();
    const rec: RecipeRecord = {
      id: ctx.state.id(),
      label: v.label!,
      description: v.description ?? "",
      images: [...v.images!],
      is_public: v.is_public ?? false,
      rev_note: v.rev_note ?? "",
      script: v.script!,
      username: ctx.user.username,
      user_gravatar_id: "",
      deployments_total: 0,
      deployments_active: 0,
      user_defined_fields: [],
      created: now,
      updated: now,
    };
    store(ctx.state).set(rec.id, { record: rec, owner: ctx.account.id });
    emit(ctx, "recipe_create", rec);
    return ok(rec);
  });
  r.get("/v4/vm/recipes/{recipeId}", "recipes:read_only", (ctx) => ok(lookup(ctx).record));
  r.put("/v4/vm/recipes/{recipeId}", "recipes:read_write", (ctx) => {
    const rec = own(ctx).record;
    const { f, v } = fields(ctx, false);
    if (v.is_public === false && rec.is_public && !ctx.faults.has("recipe-made-private-again"))
      f.fail("is_public", "a public recipe cannot be made private again");
    f.done();
    const publicize = v.is_public === true && !rec.is_public;
    if (ctx.faults.has("recipe-list-stale-after-update")) staleListed.set(rec, { ...rec });
    if (v.description !== undefined) rec.description = v.description!;
    if (v.images !== undefined) rec.images = [...v.images!];
    if (v.is_public !== undefined) rec.is_public = v.is_public!;
    if (v.label !== undefined) rec.label = v.label!;
    if (v.rev_note !== undefined) rec.rev_note = v.rev_note!;
    if (v.script !== undefined) rec.script = v.script!;
    rec.updated = ctx.state.iso();
    emit(
      ctx,
      publicize ? "recipe_publicize" : v.script !== undefined ? "recipe_revise" : "recipe_update",
      rec,
    );
    return ok(rec);
  });
  r.delete("/v4/vm/recipes/{recipeId}", "recipes:read_write", (ctx) => {
    const s = own(ctx);
    if (s.record.is_public && !ctx.faults.has("recipe-public-deleted"))
      throw new ApiError(400, [{ field: null, reason: "A public recipe cannot be deleted" }]);
    store(ctx.state).delete(s.record.id);
    emit(ctx, "recipe_delete", s.record);
    return EMPTY;
  });
}

/** A public recipe of account B and a private one, so visibility rules have something to show. */
function seed(state: State, seeded: { secondary: User; accountB: Account }) {
  const now = state.iso();
  const mk = (label: string, is_public: boolean, script: string): Stored => ({
    owner: seeded.accountB.id,
    record: {
      id: state.id(),
      label,
      description: `${label} (seeded)`,
      images: ["vm/debian12", "vm/ubuntu24.04"],
      is_public,
      rev_note: "initial",
      script,
      username: seeded.secondary.username,
      user_gravatar_id: "",
      deployments_total: 0,
      deployments_active: 0,
      user_defined_fields: [],
      created: now,
      updated: now,
    },
  });
  const s = store(state);
  for (const r of [
    mk("hello-world", true, "#!/bin/bash\necho hello > /root/hello.txt\n"),
    mk("secondary-private", false, "#!/bin/bash\ntrue\n"),
  ])
    s.set(r.record.id, r);
}

export const recipesArea: Area = {
  name: "recipes",
  register,
  seed,
  faults: [
    {
      name: "authz-foreign-recipe-writable",
      requirement: "AUTHZ-FOREIGN-1",
      description: "another account's private recipe can be updated and deleted by ID",
    },
    {
      name: "recipe-made-private-again",
      requirement: "RCP-PUBLIC-2",
      description: "an update with is_public false makes a public recipe private again",
    },
    {
      name: "recipe-public-deleted",
      requirement: "RCP-DELETE-2",
      description: "a public recipe can be deleted",
    },
    {
      name: "recipe-description-mojibake",
      requirement: "CONV-RYW-2",
      description:
        "a recipe description is stored transcoded: its UTF-8 bytes read back as Latin-1 (`é` as `Ã©`)",
    },
    {
      name: "recipe-list-stale-after-update",
      requirement: "CONV-AGREE-1",
      description:
        "the recipes list shows a recipe as it was before its last update (the view is right)",
    },
    {
      name: "recipe-anonymous-sees-private",
      requirement: "RCP-LIST-1",
      description: "the recipes list shows private recipes (of every account) to anonymous callers",
    },
  ],
};
