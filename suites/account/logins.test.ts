// Successful logins (Resources / Login; Endpoints: logins list and view; Authentication 5: logins
// are for unrestricted users only; Limits: login history of 90 days).
import { settled } from "../../harness/settle.ts";
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection, expectError, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { allPages } from "../shared/pages.ts";
import { ninetyDaysAgo } from "../shared/time.ts";
import { eventsReadOnly } from "../shared/principals.ts";
import { timestampMs } from "../../spec/formats.ts";

describe("account/logins", () => {
  check(
    { id: "ACCT-LOGIN-1", op: "listLogins" },
    "an unrestricted user's logins list answers a collection of Logins",
    async ({ ops }) => {
      const res = await ops.listLogins();
      expectCollection(res);
      expectSuccess(res);
    },
  );

  check(
    { id: "ACCT-LOGIN-2", op: "getLogin" },
    "an unrestricted user views a login of any user of the account",
    async ({ ops, states }) => {
      const { loginId } = await states.require("login", { restricted: true });
      const login = expectSuccess(await ops.getLogin({ path: { loginId } }));
      if (login.id !== loginId)
        throw new TargetFailure(`view of login ${loginId} answered login ${login.id}`);
    },
  );

  check(
    { id: "ACCT-LOGIN-5", op: ["getLogin", "listLogins"] },
    "a login's restricted is true for a restricted user's login and false for an unrestricted one's, in its view and in the list",
    async ({ ops, states, config }) => {
      for (const restricted of [true, false]) {
        const { loginId } = await states.require("login", { restricted });
        const login = expectSuccess(await ops.getLogin({ path: { loginId } }));
        const listed = await settled({ config }, "record of a write", async () => {
          const found = (await allPages(ops, "listLogins")).find((l) => l.id === loginId);
          if (!found) throw new TargetFailure(`login ${loginId} is not in the logins list`);
          return found;
        });
        for (const [where, l] of [
          ["view", login],
          ["list", listed],
        ])
          if (l.restricted !== restricted)
            throw new TargetFailure(
              `login ${loginId} of a${restricted ? "" : "n un"}restricted user has restricted ${JSON.stringify(l.restricted)} in its ${where}`,
            );
      }
    },
  );

  check(
    { id: "ACCT-LOGIN-3", op: ["listLogins", "getLogin"] },
    "a restricted user is refused the logins list and login view",
    async ({ ops, states, principals }) => {
      const restricted = principals.get("restricted");
      const { loginId } = await states.require("login", { restricted: true });
      expectError(await ops.listLogins({ as: restricted }));
      expectError(await ops.getLogin({ path: { loginId }, as: restricted }));
    },
  );

  check(
    { id: "ACCT-LOGIN-4", op: "listLogins" },
    "the logins list holds the last 90 days only",
    async ({ ops }) => {
      const cutoff = ninetyDaysAgo();
      // every page: newest first is the reference's order, not the material's, and an account with
      // many users fills the first page with recent logins
      const old = (await allPages(ops, "listLogins")).filter(
        (l) => timestampMs(l.datetime) < cutoff,
      );
      if (old.length)
        throw new TargetFailure(
          `login ${old[0].id} of ${old[0].datetime} is listed, older than 90 days`,
        );
    },
  );

  check(
    { id: "ACCT-SCOPE-1", op: ["listLogins", "getLogin"] },
    "logins list and view refuse a token without any account scope",
    async ({ ops, states, principals }) => {
      const { loginId } = await states.require("login");
      const as = await eventsReadOnly({ principals });
      expectError(await ops.listLogins({ as }));
      expectError(await ops.getLogin({ path: { loginId }, as }));
    },
  );
});
