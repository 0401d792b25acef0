// Material: Endpoints / Object storage (Clusters list and Cluster view: no authentication; Transfer
// view), Object storage resources (Cluster, Transfer usage), Authentication item 4.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectCollection,
  expectError,
  expectStatus,
  expectSuccess,
} from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";

describe("object-storage/clusters and transfer", () => {
  check(
    { id: "OS-CLUSTER-1", op: "listClusters" },
    "clusters list answers without authentication with a collection of Cluster records",
    async (c) => {
      const res = await c.ops.listClusters({ as: "anonymous" });
      const list = expectCollection(res);
      expectSuccess(res);
      if (list.data.length === 0) c.observe("OS-CLUSTER-1", "clusters listed", 0);
      for (const cl of list.data)
        if (typeof cl.id !== "string")
          throw new TargetFailure(`a Cluster has id ${JSON.stringify(cl.id)}`);
    },
  );

  check(
    { id: "OS-CLUSTER-2", op: ["getCluster", "listClusters"] },
    "cluster view answers without authentication with the Cluster of that ID",
    async (c) => {
      const list = expectCollection(await c.ops.listClusters({ as: "anonymous" }));
      if (!list.data[0]) c.skip("the target lists no cluster to view");
      for (const cl of list.data) {
        const one = expectSuccess(
          await c.ops.getCluster({ path: { clusterId: cl.id }, as: "anonymous" }),
        );
        if (one.id !== cl.id)
          throw new TargetFailure(`view of cluster ${cl.id} answered cluster ${one.id}`);
      }
    },
  );

  check(
    { id: "CONV-ERR-5", op: "getCluster", area: "object-storage" },
    "cluster view of an unknown ID answers 404",
    async (c) => {
      const res = await c.ops.getCluster({
        path: { clusterId: "plumbline-no-such-cluster-1" },
        as: "anonymous",
      });
      expectError(res);
      expectStatus(res, 404);
    },
  );

  check(
    { id: "OS-XFER-1", op: "getObjectStorageTransfer" },
    "transfer view answers used, an integer count of bytes",
    async (c) => {
      const body = expectSuccess(await c.ops.getObjectStorageTransfer());
      if (!Number.isInteger(body.used) || body.used < 0)
        throw new TargetFailure(`used is ${JSON.stringify(body.used)}`);
    },
  );
});
