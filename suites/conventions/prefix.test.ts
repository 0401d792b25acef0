// General conventions 1 and Versioning 1-2: paths start with /v4, the maintenance list with /v4beta.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection, expectSuccess } from "../../harness/expect.ts";
import { listOperations } from "../../spec/index.ts";
import { HarnessError, TargetFailure } from "../../harness/errors.ts";

describe("conventions/prefix", () => {
  check(
    { id: "CONV-PREFIX-1", op: ["listClusters", "listKernels"] },
    "public operations answer under /v4",
    async ({ ops }) => {
      for (const op of ["listClusters", "listKernels"] as const) {
        const res = await ops[op]({ as: "anonymous" });
        if (!res.exchange.url.includes("/v4/"))
          throw new TargetFailure(`${op} was not sent under /v4`);
        expectSuccess(res);
      }
    },
  );

  check(
    { id: "CONV-PREFIX-1", op: "getAccount" },
    "an authenticated operation answers under /v4",
    async ({ ops }) => {
      expectSuccess(await ops.getAccount());
    },
  );

  check(
    { id: "CONV-PREFIX-2", op: "listMaintenance" },
    "the maintenance list answers under /v4beta",
    async ({ ops }) => {
      const op = listOperations().find((o) => o.operationId === "listMaintenance")!;
      // a wrong path here is the spec's mistake, not the target's
      if (!op.path.startsWith("/v4beta/"))
        throw new HarnessError("spec: listMaintenance is not under /v4beta");
      expectCollection(await ops.listMaintenance());
    },
  );
});
