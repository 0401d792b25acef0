// Helpers of the recipes suite (material: "Recipes", "Recipe", "States and transitions").
// Recipe records are not shown beyond their writable fields: effects are read through views,
// the caller's list and the anonymous list (public recipes only).
import type { CheckContext } from "../../harness/check.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { imageFixture } from "../shared/fixtures.ts";

export const SCRIPT = "#!/bin/sh\necho plumbline\n";

/**
 * A private recipe the check may make public. It is created outside the ledger: a public recipe
 * cannot be deleted (States and transitions), so it could never be cleaned up. A delete is still
 * tried at the end, which removes it if it never became public.
 */
export async function toPublish(
  ctx: CheckContext,
  run: (recipeId: string, label: string) => Promise<void>,
): Promise<void> {
  const label = ctx.label("pub", 128);
  const made = expectSuccess(
    await ctx.ops.createRecipe({
      body: { label, images: [imageFixture(ctx)], script: SCRIPT, is_public: false },
    }),
  );
  const recipeId = String(made.id);
  try {
    await run(recipeId, label);
  } finally {
    await ctx.ops.deleteRecipe({ path: { recipeId } });
  }
}
