// Versioning 3: deprecated operations remain and behave as documented, not as unknown paths.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection, expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { offContract } from "../../harness/ops.ts";

describe("conventions/deprecated", () => {
  check(
    { id: "CONV-DEPR-1", op: "listEntityTransfers" },
    "the deprecated entity-transfer list still answers a collection",
    async ({ ops }) => {
      const res = await ops.listEntityTransfers();
      expectCollection(res);
      expectSuccess(res);
    },
  );

  check(
    { id: "CONV-DEPR-1", op: "addCreditCard" },
    "the deprecated credit card add still validates its body (names card_number)",
    async ({ ops }) => {
      // a body missing the required card_number: refused naming it, which an unknown path would not do
      expectErrorNamingField(
        await ops.addCreditCard({
          body: offContract({ cvv: "123", expiry_month: 12, expiry_year: 2030 }),
        }),
        "card_number",
      );
    },
  );
});
