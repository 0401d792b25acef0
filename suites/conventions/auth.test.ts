// Authentication 1: a request with an unknown token is refused, a missing or unknown token SHOULD
// answer 401, a valid one is served. Every operation without a token (refused, or served for the
// public ones of Authentication 4) is a cell of the authorization matrix (suites/authz/matrix.ts).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectError, expectStatus, expectSuccess } from "../../harness/expect.ts";

describe("conventions/auth", () => {
  check(
    { id: "CONV-AUTH-3", op: "getAccount" },
    "an unknown bearer token is refused with the Error body",
    async ({ ops }) => {
      expectError(
        await ops.getAccount({
          as: { token: "plumbline-not-a-real-token", name: "unknown token" },
        }),
      );
    },
  );

  check(
    { id: "CONV-AUTH-4", op: "getAccount" },
    "a missing or unknown token answers 401",
    async ({ ops }) => {
      expectStatus(await ops.getAccount({ as: "anonymous" }), 401);
      expectStatus(await ops.getAccount({ as: { token: "plumbline-not-a-real-token" } }), 401);
    },
  );

  check(
    { id: "CONV-AUTH-1", op: "getAccount" },
    "a valid personal access token is served",
    async ({ ops }) => {
      expectSuccess(await ops.getAccount());
    },
  );
});
