// The configured fixtures (config.fixtures: an image, a region, a type, a larger type): the values
// the material leaves to the target. A check that needs one it lacks skips, naming the setting.
import type { CheckContext } from "../../harness/check.ts";

type FixtureName = "image" | "region" | "type" | "largerType";

/** The fixture's value, or a skip naming its variable and its key in the file. */
function configured(ctx: CheckContext, name: FixtureName, what = ""): string {
  const value = ctx.config.fixtures[name];
  if (!value) {
    const variable = `PLUMBLINE_FIXTURE_${name.replace(/[A-Z]/g, "_$&").toUpperCase()}`;
    ctx.skip(
      `fixture "${name}"${what ? ` (${what})` : ""} is not configured (set ${variable} or fixtures.${name})`,
    );
  }
  return value;
}

/** The image fixture, or a skip naming it. */
export const imageFixture = (ctx: CheckContext): string => configured(ctx, "image");

/** The region fixture, or a skip naming it. */
export const regionFixture = (ctx: CheckContext): string => configured(ctx, "region");

/** The type fixture, or a skip naming it. */
export const typeFixture = (ctx: CheckContext): string => configured(ctx, "type");

/** A type with more disk than the type fixture, or a skip naming it. */
export const largerTypeFixture = (ctx: CheckContext): string =>
  configured(ctx, "largerType", "a type with more disk than the type fixture");
