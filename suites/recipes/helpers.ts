// Shared fixtures of the recipes suite (material: "Recipes", "Recipe", "States and transitions").
// Recipe records are not shown beyond their writable fields: effects are read through views,
// the caller's list and the anonymous list (public recipes only).
import type { CheckContext } from "../../harness/check.ts";
import { MissingCapability } from "../../harness/errors.ts";
import { expectSuccess } from "../../harness/expect.ts";

type Ctx = Pick<CheckContext, "fresh" | "label" | "principals" | "ops" | "config">;

export const SCRIPT = "#!/bin/sh\necho plumbline\n";

export function image(c: Ctx): string {
  const i = c.config.fixtures.image;
  if (!i)
    throw new MissingCapability(
      'fixture "image" is not configured (set PLUMBLINE_FIXTURE_IMAGE or fixtures.image)',
    );
  return i;
}

/**
 * A private recipe the check may make public. It is created outside the ledger: a public recipe
 * cannot be deleted (States and transitions), so it could never be cleaned up. A delete is still
 * tried at the end, which removes it if it never became public.
 */
export async function toPublish(
  c: Ctx,
  run: (recipeId: string, label: string) => Promise<void>,
): Promise<void> {
  const label = c.label("pub", 128);
  const made = expectSuccess(
    await c.ops.createRecipe({
      body: { label, images: [image(c)], script: SCRIPT, is_public: false },
    }),
  );
  const recipeId = String(made.id);
  try {
    await run(recipeId, label);
  } finally {
    await c.ops.deleteRecipe({ path: { recipeId } });
  }
}
