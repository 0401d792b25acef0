// A resource the check removes itself leaves the ledger; teardown does not remove it twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fresh } from "./fresh.ts";
import { json, serve, testWorld, type TestServer } from "./testing.ts";

let server: TestServer;
const calls: string[] = [];

beforeAll(async () => {
  server = await serve((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    if (req.method === "POST" && req.url === "/v4/account/entity-transfers")
      return json(res, 200, { token: "0b7f4c64-1c1a-4f8e-9a55-0d2a7b3f1c11", status: "pending" });
    if (req.method === "POST" && req.url === "/v4/object-storage/keys")
      return json(res, 200, { id: 7, label: "k" });
    if (req.method === "POST" && req.url === "/v4/vm/recipes")
      return json(res, 200, { id: 31, label: "r" });
    if (req.method === "PUT" && req.url === "/v4/vm/recipes/31")
      return json(res, 200, { id: 31, is_public: true });
    if (req.method === "DELETE" && req.url === "/v4/vm/recipes/31")
      return json(res, 400, {
        errors: [{ field: null, reason: "public recipes cannot be deleted" }],
      });
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
    const transfer = await fresh.create("entityTransfer", "createEntityTransfer", {
      body: { entities: { vms: [1] } },
    });
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
    await fresh.watch(w.ops).revokeKey({ path: { keyId: key.id! + 1 } }); // another key: not ours
    calls.length = 0;
    await fresh.cleanup();
    expect(calls).toEqual(["DELETE /v4/object-storage/keys/7"]);
    w.client.close();
  });
});

describe("creates a check sends itself", () => {
  it("a 2xx create through the check's ops is ledgered and removed at the end; a recipe made public is kept, with why", async () => {
    const w = testWorld(server.url);
    const fresh = new Fresh(w);
    const ops = fresh.watch(w.ops);
    await ops.createKey({ body: { label: "own-key" } });
    await ops.createRecipe({
      body: { label: "own-recipe", images: ["x"], script: "#!/bin/sh", is_public: false },
    });
    await ops.updateRecipe({ path: { recipeId: "31" }, body: { is_public: true } });
    calls.length = 0;
    const removal = await fresh.cleanup();
    expect(calls).toEqual(["DELETE /v4/object-storage/keys/7"]);
    expect(removal.failed).toEqual([]);
    const state = w.ledger.read();
    expect(state.open).toEqual([]);
    expect(state.kept).toEqual([
      expect.objectContaining({
        type: "recipe",
        path: { recipeId: 31 },
        reason: expect.stringMatching(/public recipe cannot be deleted/),
      }),
    ]);
    w.client.close();
  });
});
