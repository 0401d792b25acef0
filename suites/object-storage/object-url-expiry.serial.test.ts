// Material: Endpoints / Object storage (Object URL create: expires_in 360..68400, default 3600),
// Limits (Pre-signed URL validity). These checks move the target's clock (provider state
// clock-advance), so they run alone, after the parallel checks.
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { presign, putObject, withBucket, works } from "./helpers.ts";

/** Moves the target's clock forward (provider state clock-advance). */
const advance = (c: CheckContext, seconds: number) =>
  c.states.require("clock-advance", { seconds });

describe("object-storage/object-url expiry", () => {
  check(
    { id: "OS-URL-3", op: "createObjectUrl", effect: "creates" },
    "a URL with expires_in 360 works until then and stops working once it has passed",
    async (c) => {
      await withBucket(c, async (path) => {
        await putObject(c, path, "short", "x");
        const url = await presign(c, path, "short", "GET", { expires_in: 360 });
        const now = await c.http("GET", url);
        if (!works(now.status))
          throw new TargetFailure(`the fresh URL answered ${now.status || now.error}`);
        await advance(c, 361);
        const later = await c.http("GET", url);
        if (works(later.status))
          throw new TargetFailure(
            `361 s after creation a URL valid for 360 s still answered ${later.status}`,
          );
      });
    },
  );

  check(
    { id: "OS-URL-3", op: "createObjectUrl", effect: "creates" },
    "a URL without expires_in is valid for 3600 seconds",
    async (c) => {
      await withBucket(c, async (path) => {
        await putObject(c, path, "default", "x");
        const url = await presign(c, path, "default", "GET");
        await advance(c, 3500);
        const before = await c.http("GET", url);
        if (!works(before.status))
          throw new TargetFailure(
            `3500 s after creation the URL (default validity 3600 s) answered ${before.status || before.error}`,
          );
        await advance(c, 200);
        const after = await c.http("GET", url);
        if (works(after.status))
          throw new TargetFailure(
            `3700 s after creation the URL (default validity 3600 s) still answered ${after.status}`,
          );
      });
    },
  );
});
