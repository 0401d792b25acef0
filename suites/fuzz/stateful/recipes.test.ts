// Stateful models of recipes (material: Endpoints / Recipes: create, view "returns the full record
// including the script", update "same fields, all optional", delete "private recipes only", list
// "unauthenticated requests return only public recipes"; Recipe fields; States and transitions:
// update with is_public true makes a private recipe public, it "cannot be made private again",
// "a public recipe cannot be deleted"). Recipe response bodies are not shown: a recipe is
// addressed by the ID its create reports, and records are compared through the values sent.
import { settled } from "../../../harness/settle.ts";
import fc from "fast-check";
import { describe } from "vitest";
import { check } from "../../../harness/check.ts";
import { expectError, expectSuccess, observe } from "../../../harness/expect.ts";
import { TargetFailure } from "../../../harness/errors.ts";
import { expectAccepted } from "../../shared/acceptance.ts";
import { expectContainsValues } from "../../shared/records.ts";
import { SCRIPT } from "../../recipes/helpers.ts";
import { imageFixture } from "../../shared/fixtures.ts";
import {
  at,
  command,
  expectGone,
  often,
  expectListed,
  pick,
  runModel,
  held,
  type Holds,
  sameRecord,
  shownId,
  type Real,
} from "./model.ts";

interface Recipe {
  id: string;
  label: string;
  description: string;
  script: string;
  public: boolean;
}
interface Model {
  live: Recipe[];
  gone: Recipe[];
}

const name = (r: Recipe) => `recipe ${r.label}`;
const isRecipe = (item: any, r: Recipe) => sameRecord(item, r.id, r.label);

/** Every live recipe holds what was last sent, and its list entry agrees with its view (suites/invariants/). */
const holds: Holds<Model, Real>[] = [
  {
    kind: "recipe",
    objects: (m) =>
      m.live.map((x) =>
        held(
          { recipeId: x.id },
          { label: x.label, description: x.description, script: x.script, is_public: x.public },
          (e) => isRecipe(e, x),
        ),
      ),
  },
];

/**
 * The caller's list holds every live public recipe (its own private ones at most once) and no deleted one; the anonymous list holds exactly
 * the public ones among them; each view shows the values last sent; a deleted one has no view.
 */
async function agree(m: Model, r: Real): Promise<void> {
  // within the convergence window (harness/settle.ts): a list may catch up a little later
  await settled(r.ctx, "read-your-writes", () => agreeNow(m, r));
}

async function agreeNow(m: Model, r: Real): Promise<void> {
  // the caller's list holds the public ones; whether it holds the caller's own private ones is not
  // shown (RCP-LIST-3, INFO): one listed shows once, and each is checked through its view below
  const mine = await expectListed(
    r.ctx,
    "listRecipes",
    {},
    m.live.filter((x) => x.public),
    m.gone,
    isRecipe,
    name,
  );
  for (const x of m.live.filter((y) => !y.public)) {
    const n = mine.filter((item) => isRecipe(item, x)).length;
    if (n > 1)
      throw new TargetFailure(
        `listRecipes: ${name(x)} is listed ${n} times; the model holds it once`,
      );
  }
  const anonymous = await expectListed(
    r.ctx,
    "listRecipes",
    { as: "anonymous" },
    m.live.filter((x) => x.public),
    m.gone,
    isRecipe,
    (x) => `${name(x)} (anonymous list)`,
  );
  const shown = m.live.filter((x) => !x.public && anonymous.some((item) => isRecipe(item, x)));
  if (shown.length)
    throw new TargetFailure(
      `anonymous recipes list shows private ${name(shown[0])}; unauthenticated requests return only public recipes`,
    );
  for (const x of m.live)
    expectContainsValues(
      expectSuccess(await r.ctx.ops.getRecipe({ path: { recipeId: x.id } })),
      `view of ${name(x)}`,
      x.label,
      x.description,
      x.script,
    );
  for (const x of m.gone)
    expectGone(await r.ctx.ops.getRecipe({ path: { recipeId: x.id } }), name(x));
}

const text = (r: Real, what: string) => `${what} ${r.ctx.label(what, 40)}`;

/**
 * Create, update and delete of private recipes; `ledgered` says whether the create goes through
 * the fixtures (private recipes only: a public one could never be removed at cleanup).
 */
function lifecycle(ledgered: boolean) {
  return [
    ...often(
      fc.constant(
        command<Model, Real>(
          "create",
          () => true,
          async (m, r) => {
            const x: Recipe = {
              id: "",
              label: r.ctx.label("rcp", 128),
              description: text(r, "about"),
              script: `${SCRIPT}echo ${r.ctx.label("s", 40)}\n`,
              public: false,
            };
            const body = {
              label: x.label,
              description: x.description,
              script: x.script,
              images: [imageFixture(r.ctx)],
              is_public: false,
            };
            const made = ledgered
              ? await expectAccepted(
                  r.ctx.fresh.create("recipe", "createRecipe", { body, label: x.label }),
                )
              : expectSuccess(await r.ctx.ops.createRecipe({ body }));
            x.id = shownId(r.ctx, made, "recipe");
            m.live.push(x);
            await agree(m, r);
          },
        ),
      ),
    ),
    fc
      .tuple(pick, fc.subarray(["label", "description", "script"] as const, { minLength: 1 }))
      .map(([i, fields]) =>
        command<Model, Real>(
          `update(#${i}: ${fields.join("+")})`,
          (m) => m.live.length > 0,
          async (m, r) => {
            const x = at(m.live, i);
            const next = {
              label: r.ctx.label("rcp", 128),
              description: text(r, "about"),
              script: `${SCRIPT}echo ${r.ctx.label("s", 40)}\n`,
            };
            const body = Object.fromEntries(fields.map((f) => [f, next[f]]));
            expectSuccess(await r.ctx.ops.updateRecipe({ path: { recipeId: x.id }, body }));
            Object.assign(x, body);
            await agree(m, r);
          },
        ),
      ),
    pick.map((i) =>
      command<Model, Real>(
        `delete(#${i})`,
        (m) => m.live.length > 0,
        async (m, r) => {
          const x = at(m.live, i);
          const res = await r.ctx.ops.deleteRecipe({ path: { recipeId: x.id } });
          if (x.public) {
            expectError(res); // a public recipe cannot be deleted
          } else {
            expectSuccess(res);
            m.live.splice(m.live.indexOf(x), 1);
            m.gone.push(x);
          }
          await agree(m, r);
        },
      ),
    ),
  ];
}

/** The one-way move: is_public true makes a private recipe public; is_public false never undoes it. */
const publicMoves = [
  pick.map((i) =>
    command<Model, Real>(
      `publish(#${i})`,
      (m) => m.live.length > 0,
      async (m, r) => {
        const x = at(m.live, i);
        expectSuccess(
          await r.ctx.ops.updateRecipe({ path: { recipeId: x.id }, body: { is_public: true } }),
        );
        x.public = true;
        await agree(m, r);
      },
    ),
  ),
  pick.map((i) =>
    command<Model, Real>(
      `unpublish(#${i})`,
      (m) => m.live.some((x) => x.public),
      async (m, r) => {
        const x = at(
          m.live.filter((y) => y.public),
          i,
        );
        const res = await r.ctx.ops.updateRecipe({
          path: { recipeId: x.id },
          body: { is_public: false },
        });
        if (res.status >= 400 && res.status < 500) expectError(res);
        else if (res.status < 200 || res.status > 299)
          throw new TargetFailure(
            `update with is_public false answered ${res.status}: refused with an error or without effect, never another answer`,
          );
        observe(
          "RCP-PUBLIC-2",
          "update with is_public false on a public recipe answered",
          res.status,
        );
        await agree(m, r);
      },
    ),
  ),
];

describe("fuzz/stateful/recipes", () => {
  check(
    {
      id: ["RCP-CREATE-1", "RCP-UPDATE-1", "RCP-DELETE-1", "RCP-LIST-2", "RCP-LIST-1", "RCP-ID-1"],
      op: ["createRecipe", "updateRecipe", "deleteRecipe", "getRecipe", "listRecipes"],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "View | GET /v4/vm/recipes/{recipeId} | returns the full record including the script",
        "Update | PUT /v4/vm/recipes/{recipeId} | same fields, all optional",
        "Delete | DELETE /v4/vm/recipes/{recipeId} | private recipes only",
        "Recipe deletion | delete | recipe is private | removed",
      ],
      effect: "creates",
      timeout: 120_000,
    },
    "private recipes: after any sequence of creates, updates and deletes, lists and views agree with the model",
    async (c) => {
      imageFixture(c);
      await runModel<Model, Real>(
        c,
        "stateful recipes",
        lifecycle(true),
        async () => ({ model: { live: [], gone: [] }, real: { ctx: c } }),
        { holds },
      );
    },
  );

  check(
    {
      id: ["RCP-PUBLIC-1", "RCP-PUBLIC-2", "RCP-DELETE-2", "RCP-LIST-1"],
      op: ["createRecipe", "updateRecipe", "deleteRecipe", "getRecipe", "listRecipes"],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "Recipe visibility | update with is_public true | recipe is private | public | cannot be made private again",
        "a public recipe cannot be deleted",
        "List | GET /v4/vm/recipes | page, page_size; unauthenticated requests return only public recipes",
      ],
      effect: "account-wide",
      timeout: 120_000,
    },
    "public move: a recipe made public stays public, stays listed to everyone and cannot be deleted, whatever follows",
    async (c) => {
      imageFixture(c);
      // created outside the ledger: a public recipe can never be removed; the private ones are deleted at the end
      await runModel<Model, Real>(
        c,
        "stateful recipes public move",
        [...lifecycle(false), ...publicMoves],
        async () => {
          const model: Model = { live: [], gone: [] };
          const end = async (m: Model) => {
            for (const x of m.live.filter((y) => !y.public))
              await c.ops.deleteRecipe({ path: { recipeId: x.id } });
          };
          return { model, real: { ctx: c }, end };
        },
        { maxCommands: 8, holds },
      );
    },
  );
});
