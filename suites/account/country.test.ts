// Account: country is "string, exactly 2 chars" and a "two-letter country code": two characters that
// are not letters are refused naming country, and the account keeps its country.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";

describe("account/country", () => {
  check(
    {
      id: "FIELD.updateAccount.country",
      op: ["updateAccount", "getAccount"],
      effect: "account-wide",
    },
    "a country of two characters that are not letters (12, U1) is refused naming country; the country is unchanged",
    async ({ ops }) => {
      for (const country of ["12", "U1"]) {
        expectErrorNamingField(await ops.updateAccount({ body: { country } }), "country");
        const now = expectSuccess(await ops.getAccount()).country;
        if (now === country)
          throw new TargetFailure(`the refused update stored country ${JSON.stringify(country)}`);
      }
    },
  );
});
