// Material: "Recipes" (List "unauthenticated requests return only public recipes", Create, View
// "returns the full record including the script", Update "same fields, all optional", Delete
// "private recipes only"; scopes recipes:read_only / recipes:read_write; `{recipeId}` is a string),
// "Recipe" (description, images required, is_public, label 3..128 required, rev_note, script
// required) and "States and transitions" (a public recipe cannot be made private again or deleted).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectCollection,
  expectError,
  expectErrorNamingField,
  expectSuccess,
} from "../../harness/expect.ts";
import { expectAccepted } from "../shared/acceptance.ts";
import { expectContainsValues } from "../shared/records.ts";
import { expectListHolds, expectPageSizeBound, listContains } from "../shared/pages.ts";
import { SCRIPT, toPublish } from "./helpers.ts";
import { imageFixture } from "../shared/fixtures.ts";

describe("recipes", () => {
  check(
    { id: "RCP-CREATE-1", op: ["createRecipe", "getRecipe"], effect: "creates" },
    "a recipe created with images, label, script, description and rev_note becomes viewable",
    async (c) => {
      const label = c.label("rcp", 128);
      const r = await expectAccepted(
        c.fresh.recipe({
          label,
          description: "plumbline recipe description",
          rev_note: "first revision",
          is_public: false,
        }),
      );
      expectContainsValues(
        expectSuccess(await c.ops.getRecipe({ path: { recipeId: String(r.id) } })),
        "recipe view",
        label,
        "plumbline recipe description",
        "first revision",
      );
    },
  );

  check(
    { id: "RCP-CREATE-1", op: "createRecipe", effect: "creates" },
    "a recipe created with only images, label and script is accepted",
    async (c) => {
      const label = c.label("rcp", 128);
      await expectAccepted(
        c.fresh.create("recipe", "createRecipe", {
          body: { label, images: [imageFixture(c)], script: SCRIPT },
          label,
        }),
      );
    },
  );

  check(
    { id: "RCP-VIEW-1", op: "getRecipe", effect: "creates" },
    "recipe view returns the full record including the script",
    async (c) => {
      const script = `#!/bin/sh\necho ${c.label("script", 64)}\n`;
      const r = await c.fresh.recipe({ script });
      expectContainsValues(
        expectSuccess(await c.ops.getRecipe({ path: { recipeId: String(r.id) } })),
        "recipe view",
        script,
      );
    },
  );

  check(
    { id: "RCP-UPDATE-1", op: ["updateRecipe", "getRecipe"], effect: "creates" },
    "a recipe update with a subset of fields succeeds and a later view shows the new values",
    async (c) => {
      const r = await c.fresh.recipe();
      const recipeId = String(r.id);
      const label = c.label("rcp2", 128);
      expectSuccess(
        await c.ops.updateRecipe({
          path: { recipeId },
          body: { label, rev_note: "second revision" },
        }),
      );
      expectContainsValues(
        expectSuccess(await c.ops.getRecipe({ path: { recipeId } })),
        "recipe view after update",
        label,
        "second revision",
      );
      const script = "#!/bin/sh\necho revised by plumbline\n";
      expectSuccess(
        await c.ops.updateRecipe({ path: { recipeId }, body: { script, description: "revised" } }),
      );
      expectContainsValues(
        expectSuccess(await c.ops.getRecipe({ path: { recipeId } })),
        "recipe view after update",
        label,
        script,
        "revised",
      );
    },
  );

  check(
    {
      id: ["RCP-DELETE-1", "RCP-ID-1"],
      op: ["deleteRecipe", "getRecipe", "listRecipes"],
      effect: "creates",
    },
    "a private recipe is deleted: it is then neither viewable nor listed",
    async (c) => {
      const label = c.label("rcp", 128);
      const r = await c.fresh.recipe({ label });
      const recipeId = String(r.id);
      expectSuccess(await c.ops.deleteRecipe({ path: { recipeId } }));
      expectError(await c.ops.getRecipe({ path: { recipeId } }));
      await expectListHolds(
        c,
        "listRecipes",
        label,
        false,
        `deleted recipe ${label} is still listed`,
      );
    },
  );

  check(
    { id: ["RCP-LIST-2", "RCP-LIST-3"], op: "listRecipes", effect: "creates" },
    "the recipes list with recipes:read_only answers the envelope; whether it holds the caller's own private recipes is recorded",
    async (c) => {
      const label = c.label("rcp", 128);
      await c.fresh.recipe({ label });
      const as = await c.principals.withScopes(["recipes:read_only"]);
      const res = await c.ops.listRecipes({ as });
      expectCollection(res);
      expectSuccess(res);
      // the material says only that unauthenticated requests return only public recipes
      c.observe(
        "RCP-LIST-3",
        "own private recipe listed to a recipes:read_only token",
        await listContains(c, "listRecipes", label, undefined, as),
      );
    },
  );

  check(
    { id: "RCP-LIST-1", op: "listRecipes", effect: "creates" },
    "the recipes list without authentication answers success and shows no private recipe",
    async (c) => {
      const label = c.label("rcp", 128);
      await c.fresh.recipe({ label });
      const res = await c.ops.listRecipes({ as: "anonymous" });
      expectCollection(res);
      expectSuccess(res);
      await expectListHolds(
        c,
        "listRecipes",
        label,
        false,
        `private recipe ${label} is shown to an anonymous caller`,
        { as: "anonymous" },
      );
    },
  );

  check(
    { id: "FIELD.listRecipes.page_size", op: "listRecipes" },
    "recipes list: page_size 25..100 is honoured; outside it is refused or never past 100",
    async (c) => {
      await expectPageSizeBound(c, "listRecipes");
    },
  );

  check(
    {
      id: ["RCP-PUBLIC-1", "RCP-LIST-1"],
      op: ["updateRecipe", "listRecipes"],
      effect: "account-wide",
    },
    "an update with is_public true makes a private recipe public: the anonymous list then shows it",
    async (c) => {
      await toPublish(c, async (recipeId, label) => {
        expectSuccess(await c.ops.updateRecipe({ path: { recipeId }, body: { is_public: true } }));
        await expectListHolds(
          c,
          "listRecipes",
          label,
          true,
          `recipe ${label} made public is not in the anonymous list`,
          { as: "anonymous" },
        );
      });
    },
  );

  check(
    { id: "RCP-PUBLIC-2", op: ["updateRecipe", "listRecipes"], effect: "account-wide" },
    "a public recipe cannot be made private again: after an update with is_public false it is still public",
    async (c) => {
      await toPublish(c, async (recipeId, label) => {
        expectSuccess(await c.ops.updateRecipe({ path: { recipeId }, body: { is_public: true } }));
        const res = await c.ops.updateRecipe({ path: { recipeId }, body: { is_public: false } });
        if (res.status >= 400 && res.status < 500) expectError(res);
        c.observe(
          "RCP-PUBLIC-2",
          "update with is_public false on a public recipe answered",
          res.status,
        );
        await expectListHolds(
          c,
          "listRecipes",
          label,
          true,
          `public recipe ${label} left the anonymous list after an update with is_public false`,
          { as: "anonymous" },
        );
      });
    },
  );

  check(
    { id: "RCP-DELETE-2", op: ["deleteRecipe", "getRecipe"], effect: "account-wide" },
    "a public recipe cannot be deleted: the delete is refused and the recipe stays viewable",
    async (c) => {
      await toPublish(c, async (recipeId) => {
        expectSuccess(await c.ops.updateRecipe({ path: { recipeId }, body: { is_public: true } }));
        expectError(await c.ops.deleteRecipe({ path: { recipeId } }));
        expectSuccess(await c.ops.getRecipe({ path: { recipeId } }));
      });
    },
  );

  check(
    { id: ["FIELD.createRecipe.label"], op: "createRecipe", effect: "creates" },
    "create: labels of 3 and 128 chars are accepted; 2, 129 chars or none are refused naming label",
    async (c) => {
      await expectAccepted(c.fresh.recipe({ label: c.label("r", 128).slice(-3) }));
      await expectAccepted(c.fresh.recipe({ label: c.label("rcp", 128).padEnd(128, "r") }));
      const base = { images: [imageFixture(c)], script: SCRIPT };
      expectErrorNamingField(await c.ops.createRecipe({ body: { ...base, label: "ab" } }), "label");
      expectErrorNamingField(
        await c.ops.createRecipe({ body: { ...base, label: "r".repeat(129) } }),
        "label",
      );
      expectErrorNamingField(await c.ops.createRecipe({ body: base }), "label");
    },
  );

  check(
    { id: ["FIELD.createRecipe.images", "FIELD.createRecipe.script"], op: "createRecipe" },
    "create: a recipe without images or without script is refused naming the field",
    async (c) => {
      expectErrorNamingField(
        await c.ops.createRecipe({ body: { label: c.label("rcp", 128), script: SCRIPT } }),
        "images",
      );
      expectErrorNamingField(
        await c.ops.createRecipe({
          body: { label: c.label("rcp", 128), images: [imageFixture(c)] },
        }),
        "script",
      );
    },
  );

  check(
    { id: "FIELD.updateRecipe.label", op: "updateRecipe", effect: "creates" },
    "update: a label of 128 chars is accepted; 2 and 129 chars are refused naming label",
    async (c) => {
      const r = await c.fresh.recipe();
      const path = { recipeId: String(r.id) };
      expectSuccess(
        await c.ops.updateRecipe({ path, body: { label: c.label("rcp", 128).padEnd(128, "u") } }),
      );
      expectErrorNamingField(await c.ops.updateRecipe({ path, body: { label: "ab" } }), "label");
      expectErrorNamingField(
        await c.ops.updateRecipe({ path, body: { label: "u".repeat(129) } }),
        "label",
      );
    },
  );

  check(
    { id: "RCP-SCOPE-1", op: "getRecipe", effect: "creates" },
    "recipe view with a token holding no recipes scope is refused",
    async (c) => {
      const r = await c.fresh.recipe();
      expectError(
        await c.ops.getRecipe({
          path: { recipeId: String(r.id) },
          as: await c.principals.withScopes(["account:read_write"]),
        }),
      );
    },
  );

  check(
    {
      id: "RCP-SCOPE-2",
      op: ["createRecipe", "updateRecipe", "deleteRecipe", "getRecipe", "listRecipes"],
      effect: "creates",
    },
    "recipe create, update and delete with only recipes:read_only are refused and change nothing",
    async (c) => {
      const label = c.label("rcp", 128);
      const r = await c.fresh.recipe({ label });
      const recipeId = String(r.id);
      const ro = await c.principals.withScopes(["recipes:read_only"]);
      const other = c.label("ro", 128);
      expectError(
        await c.ops.createRecipe({
          body: { label: other, images: [imageFixture(c)], script: SCRIPT },
          as: ro,
        }),
      );
      expectError(
        await c.ops.updateRecipe({
          path: { recipeId },
          body: { label: c.label("ro2", 128) },
          as: ro,
        }),
      );
      expectError(await c.ops.deleteRecipe({ path: { recipeId }, as: ro }));
      expectContainsValues(
        expectSuccess(await c.ops.getRecipe({ path: { recipeId } })),
        "recipe view",
        label,
      );
      await expectListHolds(
        c,
        "listRecipes",
        other,
        false,
        "a recipe created with a read-only token was listed",
      );
    },
  );

  check(
    { id: "RCP-SCOPE-3", op: "listRecipes" },
    "the recipes list with a token holding no recipes scope: the outcome is recorded",
    async (c) => {
      const res = await c.ops.listRecipes({
        as: await c.principals.withScopes(["account:read_write"]),
      });
      c.observe(
        "RCP-SCOPE-3",
        "recipes list with a token lacking recipes scopes answered",
        res.status,
      );
    },
  );
});
