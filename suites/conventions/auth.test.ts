// Authentication 1 and 4: a protected operation refuses a request without (or with a bad) token;
// the public operations answer without one.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectCollection,
  expectError,
  expectStatus,
  expectSuccess,
} from "../../harness/expect.ts";
import { viewKernel } from "../shared/kernels.ts";

describe("conventions/auth", () => {
  check(
    { id: "CONV-AUTH-2", op: ["getAccount", "listInstances", "listBuckets"] },
    "no token: a protected operation is refused with the Error body",
    async ({ ops }) => {
      expectError(await ops.getAccount({ as: "anonymous" }));
      expectError(await ops.listInstances({ as: "anonymous" }));
      expectError(await ops.listBuckets({ as: "anonymous" }));
    },
  );

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
    {
      id: "CONV-AUTH-6",
      op: ["listClusters", "getCluster", "listKernels", "getKernel", "listRecipes"],
    },
    "the public operations answer without a token",
    async (c) => {
      const { ops } = c;
      const clusters = expectCollection(await ops.listClusters({ as: "anonymous" }));
      if (clusters.data[0])
        expectSuccess(
          await ops.getCluster({ path: { clusterId: clusters.data[0].id }, as: "anonymous" }),
        );
      const kernels = expectCollection(await ops.listKernels({ as: "anonymous" }));
      if (kernels.data[0]) expectSuccess(await viewKernel(c, String(kernels.data[0].id)));
      expectSuccess(await ops.listRecipes({ as: "anonymous" }));
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
