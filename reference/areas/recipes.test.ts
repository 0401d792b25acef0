// The recipes area of the reference target: every operation's happy path, its rules, and each of
// its faults (on: the rule breaks; off: it holds).
import { describe, expect, it } from "vitest";
import { referenceForTests, type Res } from "../testing.ts";
import { findRecipe } from "./recipes.ts";

const { ref, api, fault, fields, scoped } = await referenceForTests();

const create = (over: Record<string, unknown> = {}, token?: string) =>
  api(
    "POST",
    "/v4/vm/recipes",
    {
      label: "install-nginx",
      images: ["vm/debian12"],
      script: "#!/bin/bash\napt-get install -y nginx\n",
      ...over,
    },
    token,
  );
const ids = (r: Res) => r.body.data.map((x: any) => x.id);

describe("recipes", () => {
  it("create, view, list, update, delete", async () => {
    const c = await create({ description: "web server", rev_note: "first", is_public: false });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({
      label: "install-nginx",
      images: ["vm/debian12"],
      is_public: false,
      description: "web server",
      rev_note: "first",
      username: "admin",
    });
    const id = c.body.id;
    const v = await api("GET", `/v4/vm/recipes/${id}`, undefined, scoped("recipes:read_only"));
    expect(v.status).toBe(200);
    expect(v.body.script).toBe("#!/bin/bash\napt-get install -y nginx\n");
    const list = await api("GET", "/v4/vm/recipes", undefined, scoped("recipes:read_only"));
    expect(list.status).toBe(200);
    expect(ids(list)).toContain(id);
    const u = await api("PUT", `/v4/vm/recipes/${id}`, {
      label: "install-nginx-2",
      script: "#!/bin/sh\ntrue\n",
      images: ["vm/debian12", "vm/alpine3.20"],
      rev_note: "second",
      description: "d2",
    });
    expect(u.status).toBe(200);
    expect((await api("GET", `/v4/vm/recipes/${id}`)).body).toMatchObject({
      label: "install-nginx-2",
      script: "#!/bin/sh\ntrue\n",
      images: ["vm/debian12", "vm/alpine3.20"],
      rev_note: "second",
      description: "d2",
      is_public: false,
    });
    const d = await api("DELETE", `/v4/vm/recipes/${id}`);
    expect(d.status).toBe(200);
    expect(d.body).toEqual({});
    expect((await api("GET", `/v4/vm/recipes/${id}`)).status).toBe(404);
    expect(ids(await api("GET", "/v4/vm/recipes"))).not.toContain(id);
  });

  it("images, label 3..128 and script are required; types are checked", async () => {
    expect(fields(await api("POST", "/v4/vm/recipes", {})).sort()).toEqual([
      "images",
      "label",
      "script",
    ]);
    expect(fields(await create({ label: "ab" }))).toEqual(["label"]);
    expect(fields(await create({ label: "x".repeat(129) }))).toEqual(["label"]);
    expect((await create({ label: "x".repeat(128) })).status).toBe(200);
    expect(fields(await create({ images: [1], is_public: "yes" })).sort()).toEqual([
      "images",
      "is_public",
    ]);
    const c = await create();
    expect(fields(await api("PUT", `/v4/vm/recipes/${c.body.id}`, { label: "ab" }))).toEqual([
      "label",
    ]);
  });

  it("anonymous list: only public recipes (fault recipe-anonymous-sees-private)", async () => {
    const priv = await create({ label: "private-one" });
    const pub = await create({ label: "public-one", is_public: true });
    const anon = await api("GET", "/v4/vm/recipes", undefined, null);
    expect(anon.status).toBe(200);
    expect(anon.body.data.every((r: any) => r.is_public)).toBe(true);
    expect(ids(anon)).toContain(pub.body.id);
    expect(ids(anon)).not.toContain(priv.body.id);
    // authenticated: public ones plus the account's own, not another account's private ones
    const mine = await api("GET", "/v4/vm/recipes");
    expect(ids(mine)).toEqual(expect.arrayContaining([priv.body.id, pub.body.id]));
    const other = await api("GET", "/v4/vm/recipes", undefined, ref.tokens.secondary);
    expect(ids(other)).toContain(pub.body.id);
    expect(ids(other)).not.toContain(priv.body.id);
    expect(mine.body.data.map((r: any) => r.label)).not.toContain("secondary-private");
    expect(other.body.data.map((r: any) => r.label)).toContain("secondary-private");
    fault("recipe-anonymous-sees-private");
    expect(ids(await api("GET", "/v4/vm/recipes", undefined, null))).toContain(priv.body.id);
  });

  it("another account's private recipe is 404; its public one is viewable but not changeable", async () => {
    const priv = await create({ label: "mine-only" });
    const pub = await create({ label: "shared-pub", is_public: true });
    expect(
      (await api("GET", `/v4/vm/recipes/${priv.body.id}`, undefined, ref.tokens.secondary)).status,
    ).toBe(404);
    expect(
      (
        await api(
          "PUT",
          `/v4/vm/recipes/${priv.body.id}`,
          { label: "hijack" },
          ref.tokens.secondary,
        )
      ).status,
    ).toBe(404);
    expect(
      (await api("DELETE", `/v4/vm/recipes/${priv.body.id}`, undefined, ref.tokens.secondary))
        .status,
    ).toBe(404);
    expect(
      (await api("GET", `/v4/vm/recipes/${pub.body.id}`, undefined, ref.tokens.secondary)).status,
    ).toBe(200);
    expect(
      (await api("PUT", `/v4/vm/recipes/${pub.body.id}`, { label: "hijack" }, ref.tokens.secondary))
        .status,
    ).toBe(403);
    expect((await api("GET", "/v4/vm/recipes/not-a-number")).status).toBe(404);
  });

  it("update with is_public true publishes; it cannot be made private again (fault recipe-made-private-again)", async () => {
    const c = await create({ label: "to-publish" });
    const u = await api("PUT", `/v4/vm/recipes/${c.body.id}`, { is_public: true });
    expect(u.body.is_public).toBe(true);
    expect(ids(await api("GET", "/v4/vm/recipes", undefined, null))).toContain(c.body.id);
    const back = await api("PUT", `/v4/vm/recipes/${c.body.id}`, { is_public: false });
    expect(back.status).toBe(400);
    expect(fields(back)).toEqual(["is_public"]);
    expect((await api("GET", `/v4/vm/recipes/${c.body.id}`)).body.is_public).toBe(true);
    expect(
      (await api("PUT", `/v4/vm/recipes/${c.body.id}`, { is_public: true, rev_note: "again" }))
        .status,
    ).toBe(200);
    fault("recipe-made-private-again");
    await api("PUT", `/v4/vm/recipes/${c.body.id}`, { is_public: false });
    expect((await api("GET", `/v4/vm/recipes/${c.body.id}`)).body.is_public).toBe(false);
  });

  it("a public recipe cannot be deleted (fault recipe-public-deleted)", async () => {
    const c = await create({ label: "pub-del", is_public: true });
    const d = await api("DELETE", `/v4/vm/recipes/${c.body.id}`);
    expect(d.status).toBe(400);
    expect((await api("GET", `/v4/vm/recipes/${c.body.id}`)).status).toBe(200);
    fault("recipe-public-deleted");
    expect((await api("DELETE", `/v4/vm/recipes/${c.body.id}`)).status).toBe(200);
    expect((await api("GET", `/v4/vm/recipes/${c.body.id}`)).status).toBe(404);
  });

  it("scopes: view needs recipes:read_only, writes need recipes:read_write", async () => {
    const c = await create();
    const ro = scoped("recipes:read_only");
    const none = scoped("account:read_write");
    expect((await api("GET", `/v4/vm/recipes/${c.body.id}`, undefined, none)).status).toBe(403);
    expect((await api("GET", "/v4/vm/recipes", undefined, none)).status).toBe(403);
    expect((await create({}, ro)).status).toBe(403);
    expect((await api("PUT", `/v4/vm/recipes/${c.body.id}`, { label: "changed" }, ro)).status).toBe(
      403,
    );
    expect((await api("DELETE", `/v4/vm/recipes/${c.body.id}`, undefined, ro)).status).toBe(403);
    expect((await api("GET", `/v4/vm/recipes/${c.body.id}`)).body.label).toBe("install-nginx");
    expect((await api("GET", `/v4/vm/recipes/${c.body.id}`, undefined, null)).status).toBe(401);
  });

  it("list paginates", async () => {
    for (let i = 0; i < 30; i++) await create({ label: `bulk-${i}` });
    const p = await api("GET", "/v4/vm/recipes?page=2&page_size=25");
    expect(p.status).toBe(200);
    expect(p.body.page).toBe(2);
    expect(p.body.results).toBeGreaterThan(30);
    expect(p.body.data.length).toBe(Math.min(25, p.body.results - 25));
  });

  it("findRecipe: visible to the owner's users and, when public, to everyone", async () => {
    const priv = await create({ label: "find-me" });
    const { admin, secondary } = ref.app.seeded;
    expect(findRecipe(ref.app.state, admin, priv.body.id)).toMatchObject({
      id: priv.body.id,
      images: ["vm/debian12"],
      is_public: false,
    });
    expect(findRecipe(ref.app.state, secondary, priv.body.id)).toBeUndefined();
    const seededPublic = (await api("GET", "/v4/vm/recipes", undefined, null)).body.data.find(
      (r: any) => r.label === "hello-world",
    );
    expect(findRecipe(ref.app.state, admin, seededPublic.id)?.script).toContain("echo hello");
    expect(findRecipe(ref.app.state, admin, 123456789)).toBeUndefined();
  });
});
