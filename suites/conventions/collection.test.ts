// General conventions 4-5 and Limits: the Collection envelope, page and page_size.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection, expectError, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";

describe("conventions/collection", () => {
  check(
    { id: "CONV-COLL-1", op: "listClusters" },
    "the clusters list answers the Collection envelope",
    async ({ ops }) => {
      const res = await ops.listClusters({ as: "anonymous" });
      expectCollection(res);
      expectSuccess(res);
    },
  );

  check(
    { id: "CONV-COLL-1", op: "listOAuthClients" },
    "the OAuth clients list answers the Collection envelope",
    async ({ ops }) => {
      const res = await ops.listOAuthClients();
      expectCollection(res);
      expectSuccess(res);
    },
  );

  check(
    { id: "CONV-PAGE-1", op: "listInstances" },
    "a vm list with no page answers page 1",
    async ({ ops }) => {
      const c = expectCollection(await ops.listInstances());
      if (c.page !== 1)
        throw new TargetFailure(`page is ${c.page} with no page parameter; the default is 1`);
    },
  );

  check(
    { id: "CONV-PAGE-3", op: "listInstances" },
    "page_size inside 25..100 is accepted and honoured on the vm list",
    async ({ ops }) => {
      for (const size of [25, 100]) {
        const c = expectCollection(await ops.listInstances({ query: { page_size: size } }));
        if (c.data.length > size)
          throw new TargetFailure(`page_size ${size} answered ${c.data.length} items`);
      }
    },
  );

  check(
    { id: ["CONV-PAGE-4", "CONV-PAGE-5", "FIELD.listInstances.page_size"], op: "listInstances" },
    "page_size outside 25..100 on the vm list is refused or clamped, never past 100",
    async ({ ops, observe }) => {
      for (const size of [24, 101, 1000]) {
        const res = await ops.listInstances({ query: { page_size: size } });
        if (res.status >= 400 && res.status < 500) {
          expectError(res);
          observe("CONV-PAGE-5", `page_size ${size}`, "refused");
        } else {
          const c = expectCollection(res);
          if (c.data.length > 100)
            throw new TargetFailure(
              `page_size ${size} answered ${c.data.length} items, past the bound of 100`,
            );
          observe("CONV-PAGE-5", `page_size ${size}`, "accepted (clamped or ignored)");
        }
      }
    },
  );
});
