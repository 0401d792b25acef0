// General conventions: what a method the path does not serve answers is not shown (CONV-METHOD-1,
// INFO): the status, the Allow header and whether the body is the Error body are recorded.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { validator } from "../../spec/validate.ts";

describe("conventions/method", () => {
  check(
    { id: "CONV-METHOD-1", op: "getAccount" },
    "what PATCH and DELETE on /v4/account answer (status, Allow, body)",
    async (ctx) => {
      for (const method of ["PATCH", "DELETE"]) {
        const res = await ctx.http(method, `${ctx.config.target!.replace(/\/$/, "")}/v4/account`, {
          headers: { authorization: `Bearer ${ctx.principals.token("admin")}` },
        });
        ctx.observe("CONV-METHOD-1", `${method} /v4/account`, {
          status: res.status,
          allow: res.headers?.allow ?? null,
          errorBody: res.json ? validator().checkError(res.body).ok : false,
        });
      }
    },
  );
});
