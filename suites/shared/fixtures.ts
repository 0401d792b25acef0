// The configured fixtures (config.fixtures: an image, a region, a type, a larger type): the values
// the material leaves to the target. A check that needs one it lacks skips, naming the setting.
import type { CheckContext } from "../../harness/check.ts";

/** The image fixture, or a skip naming it. */
export function imageFixture(ctx: CheckContext): string {
  const image = ctx.config.fixtures.image;
  if (!image)
    ctx.skip('fixture "image" is not configured (set PLUMBLINE_FIXTURE_IMAGE or fixtures.image)');
  return image;
}

/** The region fixture, or a skip naming it. */
export function regionFixture(ctx: CheckContext): string {
  const region = ctx.config.fixtures.region;
  if (!region)
    ctx.skip(
      'fixture "region" is not configured (set PLUMBLINE_FIXTURE_REGION or fixtures.region)',
    );
  return region;
}

/** The type fixture, or a skip naming it. */
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
