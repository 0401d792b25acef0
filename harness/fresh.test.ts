// A resource the check removes itself leaves the ledger; teardown does not remove it twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fresh } from "./fresh.ts";
import { json, serve, testWorld, type TestServer } from "./testing.ts";

let server: TestServer;
const calls: string[] = [];

beforeAll(async () => {
  server = await serve((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    if (req.method === "POST" && req.url === "/v4/account/entity-transfers") return json(res, 200, { token: "0b7f4c64-1c1a-4f8e-9a55-0d2a7b3f1c11", status: "pending" });
    if (req.method === "POST" && req.url === "/v4/object-storage/keys") return json(res, 200, { id: 7, label: "k" });
    if (req.method === "DELETE") return json(res, 200, {});
    return json(res, 404, { errors: [{ field: null, reason: "not found" }] });
  });
});
afterAll(() => server.close());

describe("Fresh.watch", () => {
  it("closes the ledger entry of a resource the check deleted, and only that one", async () => {
    const w = testWorld(server.url);
    const fresh = new Fresh(w);
    const ops = fresh.watch(w.ops);
    const transfer = await fresh.create("entityTransfer", "createEntityTransfer", { body: { entities: { vms: [1] } } });
    await fresh.create("key", "createKey", { body: { label: "k" }, label: "k" });
    await ops.cancelEntityTransfer({ path: { token: transfer.token } });
    calls.length = 0;
    const removal = await fresh.cleanup();
    expect(calls).toEqual(["DELETE /v4/object-storage/keys/7"]);
    expect(removal.failed).toEqual([]);
    expect(w.ledger.read().open).toEqual([]);
    w.client.close();
  });

  it("leaves the entry when the check's delete failed", async () => {
    const w = testWorld(server.url);
    const fresh = new Fresh(w);
    const key = await fresh.create("key", "createKey", { body: { label: "k" }, label: "k" });
    await fresh.watch(w.ops).revokeKey({ path: { keyId: key.id + 1 } }); // another key: not ours
    calls.length = 0;
    await fresh.cleanup();
    expect(calls).toEqual(["DELETE /v4/object-storage/keys/7"]);
    w.client.close();
  });
});
