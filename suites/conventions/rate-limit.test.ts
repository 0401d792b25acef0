// Limits: "Rate limits: not shown". The design's convention for a refusal by rate limiting is 429
// with a Retry-After header (CONV-RATE-1, SHOULD). No run should hammer a target to find its limit:
// the provider state `rate-limited` hands out a token whose next request the target refuses as
// rate limited, and the check reads what that refusal carried (the client waits and retries it,
// recording every attempt).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { currentCheck } from "../../harness/current.ts";
import { HarnessError, TargetFailure } from "../../harness/errors.ts";

describe("conventions/rate-limit", () => {
  check(
    { id: "CONV-RATE-1", op: "getAccount" },
    "a request refused for rate limiting answers 429 with a Retry-After header",
    async (ctx) => {
      const { token } = await ctx.states.require("rate-limited", { requests: 1 });
      if (typeof token !== "string") throw new HarnessError("rate-limited answered no token");
      const exchanges = currentCheck()!.exchanges;
      const from = exchanges.length;
      await ctx.ops.getAccount({ as: { token, name: "rate-limited token" } });
      const first = exchanges[from];
      if (!first || first.status === undefined)
        throw new HarnessError("the request with the rate-limited token got no answer");
      if (first.status >= 200 && first.status < 300)
        throw new HarnessError(
          "the target served the first request of the token the rate-limited state made: the state did not take",
        );
      const retryAfter = first.responseHeaders?.["retry-after"];
      ctx.observe("CONV-RATE-1", "rate-limited refusal", {
        status: first.status,
        retryAfter: retryAfter ?? null,
      });
      if (first.status !== 429 || !retryAfter)
        throw new TargetFailure(
          `a request refused for rate limiting answered ${first.status}${retryAfter ? "" : " without Retry-After"}; the convention is 429 with Retry-After`,
        );
    },
  );
});
