import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOperations } from "../spec/index.ts";
import { OPERATION_IDS } from "./operation-ids.ts";
import { fillPath, offContract } from "./ops.ts";
import { HarnessError, MissingCapability, TargetFailure } from "./errors.ts";
import { json, serve, testWorld, type TestServer } from "./testing.ts";

let server: TestServer;
const seen: { method?: string; url?: string; auth?: string; body: string }[] = [];
beforeAll(async () => {
  server = await serve((req, res, body) => {
    seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
    if (req.url === "/__control/states") {
      const { state } = JSON.parse(body);
      return state === "token"
        ? json(res, 200, { token: "minted-token-xyz" })
        : json(res, 404, { errors: [{ field: null, reason: "unknown state" }] });
    }
    json(res, 200, {});
  });
});
afterAll(() => server.close());

describe("ops", () => {
  it("OPERATION_IDS lists exactly the spec's operations (regenerate when it drifts)", () => {
    expect([...OPERATION_IDS].sort()).toEqual(
      listOperations()
        .map((o) => o.operationId)
        .sort(),
    );
  });

  it("fills and URL-encodes path parameters", () => {
    expect(
      fillPath("/v4/object-storage/buckets/{clusterId}/{bucket}", {
        clusterId: "us-east-1",
        bucket: "a b/../c",
      }),
    ).toBe("/v4/object-storage/buckets/us-east-1/a%20b%2F..%2Fc");
    expect(() => fillPath("/v4/vm/instances/{vmId}", {}, "getInstance")).toThrow(
      /getInstance: path parameter "vmId" is missing/,
    );
    // named but empty: the ID an earlier answer did not give is the target's failure
    expect(() =>
      fillPath("/v4/vm/instances/{vmId}", { vmId: undefined as unknown as number }, "getInstance"),
    ).toThrow(TargetFailure);
  });

  it("sends as the chosen principal, with query and JSON body", async () => {
    const w = testWorld(server.url);
    await w.ops.getBucket({
      path: { clusterId: "c1", bucket: "b 1" },
      query: offContract({ page: 2 }),
    });
    await w.ops.createTag({ body: { label: "x" }, as: "anonymous" });
    expect(seen.slice(-2)).toEqual([
      {
        method: "GET",
        url: "/v4/object-storage/buckets/c1/b%201?page=2",
        auth: "Bearer admin-secret-token",
        body: "",
      },
      { method: "POST", url: "/v4/tags", auth: undefined, body: '{"label":"x"}' },
    ]);
  });

  it("an unknown operation is a harness error; a missing principal a skip", async () => {
    const w = testWorld(server.url);
    expect(() => (w.ops as any).getAcount).toThrow(HarnessError);
    await expect(w.ops.getAccount({ as: "secondary" })).rejects.toThrow(MissingCapability);
  });

  it("provider states: minted tokens are used and redacted; a 404 state skips naming it", async () => {
    const w = testWorld(server.url, { controlUrl: `${server.url}/__control` });
    const as = await w.principals.withScopes(["vms:read_only"]);
    const res = await w.ops.listInstances({ as });
    expect(seen.at(-1)!.auth).toBe("Bearer minted-token-xyz");
    expect(JSON.stringify(res.exchange)).not.toContain("minted-token-xyz");
    await expect(w.states.require("successful-backup", { vmId: 1 })).rejects.toThrow(
      /provider state "successful-backup" is not offered by the target's control endpoint \(404\)/,
    );
  });
});
