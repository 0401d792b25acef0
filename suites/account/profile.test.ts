// Account view and update (Resources / Account; Endpoints / Account and billing). Update changes the
// shared account profile, so every check that writes restores what it changed.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { meaningsOf } from "../../generators/index.ts";
import { meaningful } from "../../generators/meanings.ts";
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectError,
  expectErrorNamingField,
  expectSuccess,
  observe,
} from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import type { Ops } from "../../harness/ops.ts";
import { accountReadOnly, eventsReadOnly } from "../shared/principals.ts";
import { offContract } from "../../harness/ops.ts";
import { judgeUnheldPromotion } from "./promotions.ts";

const WRITABLE = [
  "address_1",
  "address_2",
  "city",
  "company",
  "country",
  "email",
  "first_name",
  "last_name",
  "phone",
  "state",
  "tax_id",
  "zip",
];

/** Runs `body`, then puts the writable fields back as they were. */
async function restoringProfile(ops: Ops, body: () => Promise<void>): Promise<void> {
  const before = expectSuccess(await ops.getAccount());
  const saved = Object.fromEntries(
    WRITABLE.filter((k) => typeof before[k] === "string").map((k) => [k, before[k]]),
  );
  try {
    await body();
  } finally {
    await ops.updateAccount({ body: saved });
  }
}

// field, a value at the upper bound, one just past it (Resources / Account): a value of the member's
// meaning (an email is local@domain, a phone digits with separators, a tax ID a tax ID), built to
// the bound by the generators (generators/meanings.ts), so a target validating what the member
// means takes it; the value past the bound is the same one with a character more
const MAX: [string, number][] = [
  ["address_1", 64],
  ["address_2", 64],
  ["city", 24],
  ["company", 128],
  ["email", 128],
  ["first_name", 50],
  ["last_name", 50],
  ["phone", 32],
  ["state", 24],
  ["tax_id", 100],
];
const OPEN_AT_BOUND = new Set(["phone", "tax_id"]);
const BOUNDS: [string, string, string][] = MAX.map(([field, n]) => {
  const kind = meaningsOf("updateAccount").find((m) => m.member === field)!.kind;
  const [atBound] = fc.sample(meaningful(kind, { minLength: n, maxLength: n }, true), {
    seed: 20261128,
    numRuns: 1,
  });
  const past = fc.sample(meaningful(kind, { minLength: n + 1, maxLength: n + 1 }, true), {
    seed: 20261128,
    numRuns: 1,
  })[0]!;
  return [field, atBound!, past];
});

describe("account/profile", () => {
  check(
    { id: "ACCT-VIEW-1", op: "getAccount" },
    "account view answers the Account record",
    async ({ ops }) => {
      expectSuccess(await ops.getAccount());
    },
  );

  check(
    {
      id: ["ACCT-UPDATE-1", "ACCT-FIELD-2"],
      op: ["updateAccount", "getAccount"],
      effect: "account-wide",
    },
    "update answers the Account with the new values, and a later view shows them",
    async ({ ops }) => {
      await restoringProfile(ops, async () => {
        const want = {
          first_name: "Plumb",
          last_name: "Line",
          city: "Springfield",
          zip: "19001",
          country: "US",
        };
        const updated = expectSuccess(await ops.updateAccount({ body: want }));
        const viewed = expectSuccess(await ops.getAccount());
        for (const [k, v] of Object.entries(want)) {
          if (updated[k] !== v)
            throw new TargetFailure(
              `${k} is ${JSON.stringify(updated[k])} in the update answer, expected ${JSON.stringify(v)}`,
            );
          if (viewed[k] !== v)
            throw new TargetFailure(
              `${k} is ${JSON.stringify(viewed[k])} in a later view, expected ${JSON.stringify(v)}`,
            );
        }
      });
    },
  );

  check(
    {
      id: ["ACCT-UPDATE-2", "ACCT-UPDATE-3"],
      op: ["updateAccount", "getAccount"],
      effect: "account-wide",
    },
    "update never changes the read-only fields",
    async ({ ops, observe }) => {
      await restoringProfile(ops, async () => {
        const before = expectSuccess(await ops.getAccount());
        const sent = {
          euuid: randomUUID(),
          active_since: "2001-02-03T04:05:06Z",
          balance: 4321.09,
          balance_uninvoiced: 1234.56,
          capabilities: ["plumbline-capability"],
          credit_card: { expiry: "01/2001", last_four: 4242 },
        };
        const res = await ops.updateAccount({ body: { first_name: "Plumb", ...sent } });
        observe(
          "ACCT-UPDATE-3",
          "read-only fields in the update body",
          res.status >= 400 ? `refused (${res.status})` : `accepted (${res.status})`,
        );
        const after = expectSuccess(await ops.getAccount());
        for (const k of ["euuid", "active_since"] as const) {
          if (after[k] !== before[k])
            throw new TargetFailure(
              `${k} changed from ${JSON.stringify(before[k])} to ${JSON.stringify(after[k])}`,
            );
        }
        // balance and card may move for other reasons meanwhile; they must not take the sent values
        for (const k of ["balance", "balance_uninvoiced", "capabilities", "credit_card"] as const) {
          if (JSON.stringify(after[k]) === JSON.stringify(sent[k]))
            throw new TargetFailure(
              `${k} took the value sent in the update body: ${JSON.stringify(sent[k])}`,
            );
        }
      });
    },
  );

  for (const [field, atBound, past] of BOUNDS) {
    check(
      { id: `FIELD.updateAccount.${field}`, op: "updateAccount", effect: "account-wide" },
      `${field} at ${atBound.length} characters is accepted and kept; ${past.length} is refused naming ${field}`,
      async ({ ops }) => {
        await restoringProfile(ops, async () => {
          const at = await ops.updateAccount({ body: { [field]: atBound } });
          // no phone number or tax ID is sure to be that long (a phone holds 15 digits at most,
          // E.164; a tax ID's length is its country's): a refusal at the bound is observed
          if (OPEN_AT_BOUND.has(field) && at.status >= 400 && at.status < 500) {
            observe(`FIELD.updateAccount.${field}`, `${field} at the bound refused`, at.status);
            expectErrorNamingField(await ops.updateAccount({ body: { [field]: past } }), field);
            return;
          }
          expectSuccess(at);
          const kept = expectSuccess(await ops.getAccount())[field];
          if (kept !== atBound)
            throw new TargetFailure(
              `${field} of ${atBound.length} characters was kept as ${JSON.stringify(kept)}`,
            );
          expectErrorNamingField(await ops.updateAccount({ body: { [field]: past } }), field);
        });
      },
    );
  }

  check(
    {
      id: ["CONV-RYW-2", "CONV-RYW-3"],
      op: ["updateAccount", "getAccount"],
      effect: "account-wide",
    },
    "text outside ASCII the account took reads back exactly, member by member",
    async ({ ops }) => {
      // every text member of the account the material gives no character rule, with text of its
      // meaning outside ASCII (precomposed and combining marks, other scripts); a refusal is the
      // target's choice (CONV-RYW-3), a change of what it took is not (CONV-RYW-2)
      const TEXTS: Record<string, string> = {
        first_name: "Zoë Ángel",
        last_name: "Nuñez-Ødegård",
        company: "Société Générale 株式会社",
        address_1: "Straße 5, Ярославль",
        address_2: "Bâtiment B e\u0301tage 2",
        city: "Zürich",
        state: "Île-de-France",
        tax_id: "ΕΛ094259216",
      };
      await restoringProfile(ops, async () => {
        const wrong: string[] = [];
        for (const [field, text] of Object.entries(TEXTS)) {
          const res = await ops.updateAccount({ body: { [field]: text } });
          if (res.status >= 400 && res.status < 500) {
            observe("CONV-RYW-3", `${field}: text outside ASCII refused`, res.status);
            continue;
          }
          expectSuccess(res);
          const got = expectSuccess(await ops.getAccount())[field];
          if (got !== text)
            wrong.push(`${field}: sent ${JSON.stringify(text)}, read ${JSON.stringify(got)}`);
        }
        if (wrong.length)
          throw new TargetFailure(
            `the account took text it does not give back: ${wrong.join("; ")}`,
          );
      });
    },
  );

  check(
    { id: "FIELD.updateAccount.country", op: "updateAccount", effect: "account-wide" },
    "country of exactly 2 characters is accepted; 1 or 3 is refused naming country",
    async ({ ops }) => {
      await restoringProfile(ops, async () => {
        expectSuccess(await ops.updateAccount({ body: { country: "GB" } }));
        if (expectSuccess(await ops.getAccount()).country !== "GB")
          throw new TargetFailure("country GB was not kept");
        for (const country of ["G", "GBR"])
          expectErrorNamingField(await ops.updateAccount({ body: { country } }), "country");
      });
    },
  );

  check(
    { id: "ACCT-UPDATE-4", op: ["updateAccount", "getAccount"], effect: "account-wide" },
    "a promotion expire_dt that is not a date-time is refused naming active_promotions, or not kept",
    async ({ ops, observe }) => {
      await restoringProfile(ops, async () => {
        const res = await ops.updateAccount({
          body: { active_promotions: [{ expire_dt: "not a date" }] },
        });
        observe(
          "ACCT-UPDATE-4",
          "a malformed promotion expire_dt was",
          await judgeUnheldPromotion(ops, res, "expire_dt", ["not a date"], "ACCT-UPDATE-4"),
        );
      });
    },
  );

  check(
    { id: "CONV-ERR-3", op: "updateAccount", effect: "account-wide", area: "account" },
    "first_name that is not a string is refused naming first_name",
    async ({ ops }) => {
      await restoringProfile(ops, async () => {
        expectErrorNamingField(
          await ops.updateAccount({ body: { first_name: offContract(12) } }),
          "first_name",
        );
      });
    },
  );

  check(
    {
      id: ["ACCT-SCOPE-1", "ACCT-SCOPE-2"],
      op: ["getAccount", "updateAccount"],
      effect: "account-wide",
    },
    "view refuses a token without any account scope; update refuses one with only account:read_only and changes nothing",
    async ({ ops, principals }) => {
      expectError(await ops.getAccount({ as: await eventsReadOnly({ principals }) }));
      await restoringProfile(ops, async () => {
        const before = expectSuccess(await ops.getAccount()).first_name;
        expectError(
          await ops.updateAccount({
            body: { first_name: before === "Scoped" ? "Scoped2" : "Scoped" },
            as: await accountReadOnly({ principals }),
          }),
        );
        const after = expectSuccess(await ops.getAccount()).first_name;
        if (after !== before)
          throw new TargetFailure(
            `first_name changed from ${JSON.stringify(before)} to ${JSON.stringify(after)} by a refused update`,
          );
      });
    },
  );
});
