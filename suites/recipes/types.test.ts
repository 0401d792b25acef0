// Recipes, Errors 2: every type-only request member (a JSON type and nothing more) is sent a
// value of another JSON type; the refusal names the field and nothing changes (see
// suites/conventions/field-types.ts).
import { typeChecks, labelled, view } from "../shared/field-types.ts";
import { allPages } from "../shared/pages.ts";
import { imageFixture } from "../shared/fixtures.ts";

typeChecks([
  {
    op: "createRecipe",
    effect: "creates",
    prepare: async (ctx) => ({
      body: {
        label: ctx.label("rcp", 128),
        images: [imageFixture(ctx)],
        script: "#!/bin/sh\necho plumbline\n",
      },
      made: async (sent) => labelled(await allPages(ctx.ops, "listRecipes"), "label", sent),
      undo: async (res) => void (await ctx.ops.deleteRecipe({ path: { recipeId: res.body.id } })),
    }),
  },
  {
    op: "updateRecipe",
    effect: "creates",
    prepare: async (ctx) => {
      const r = await ctx.fresh.recipe();
      return {
        path: { recipeId: r.id },
        body: { rev_note: "plumbline" },
        state: view(ctx, "getRecipe", { recipeId: r.id }),
      };
    },
  },
]);
