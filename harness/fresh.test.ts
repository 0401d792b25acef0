// A resource the check removes itself leaves the ledger; teardown does not remove it twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Fresh } from "./fresh.ts";
import { removeEntries } from "./ledger.ts";
import { json, serve, testWorld, type TestServer } from "./testing.ts";

let server: TestServer;
const calls: string[] = [];
const CANCELLED = "5d1e8a0c-3b7a-4c55-8e0f-6f1b2c3d4e5f";

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
    // a transfer whose cancel the run sent but never read the answer of: cancelled already
    if (req.method === "DELETE" && req.url === `/v4/account/entity-transfers/${CANCELLED}`)
      return json(res, 409, { errors: [{ field: null, reason: "already cancelled" }] });
    if (req.method === "GET" && req.url === `/v4/account/entity-transfers/${CANCELLED}`)
      return json(res, 200, { token: CANCELLED, status: "cancelled" });
    if (req.method === "POST" && req.url === "/v4/managed/contacts")
      return json(res, 503, { errors: [{ field: null, reason: "busy" }] });
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

describe("a run stopped at any moment leaves a trace to clean up", () => {
  it("a create the check sends itself is in the ledger, by its label, before the answer comes", async () => {
    const w = testWorld(server.url);
    const ops = new Fresh(w).watch(w.ops);
    let seenBefore: unknown[] = [];
    const sent = ops.createKey({ body: { label: "in-flight" } });
    seenBefore = w.ledger.read().open.map((e) => e.label);
    await sent;
    expect(seenBefore).toEqual(["in-flight"]);
    // a 5xx may have made it: the intent stays for the label search; a 4xx made nothing
    await ops.createManagedContact({ body: { name: "maybe-made" } });
    // no label to find it by: no intent, only the answer's ID once it comes
    await ops.createKey({ body: { label: 5 as unknown as string } });
    expect(w.ledger.read().open.map((e) => [e.label, e.path])).toEqual([
      ["in-flight", { keyId: 7 }],
      ["maybe-made", undefined],
      ["k", { keyId: 7 }],
    ]);
    w.client.close();
  });

  it("a fixture is ledgered by the label its body carries, not the one the factory drew before a caller's body replaced it", async () => {
    const w = testWorld(server.url);
    const fresh = new Fresh(w);
    // a 503: the intent stays open, found again only by the name the target holds
    await fresh
      .create("managedContact", "createManagedContact", {
        body: { name: "chosen-by-the-check", email: "ops@example.com" },
        label: "drawn-by-the-factory",
      })
      .catch(() => undefined);
    expect(w.ledger.read().open.map((e) => e.label)).toEqual(["chosen-by-the-check"]);
    w.client.close();
  });

  it("a transfer found cancelled when cleanup cancels it counts as removed", async () => {
    const w = testWorld(server.url);
    const key = w.ledger.intent("entityTransfer");
    w.ledger.created(key, "entityTransfer", { token: CANCELLED });
    const removal = await removeEntries(w.ledger.read().open, w.ops, w.ledger);
    expect(removal.failed).toEqual([]);
    expect(w.ledger.read().open).toEqual([]);
    w.client.close();
  });
});
