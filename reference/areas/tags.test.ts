// The tags area of the reference target: every operation's happy path, its rules, and each of its
// faults (on: the rule breaks; off: it holds). Objects are put into the account's maps directly.
import { describe, expect, it } from "vitest";
import { referenceForTests } from "../testing.ts";

const { ref, api, fault, fields, scoped, state, addVm } = await referenceForTests();

const A = () => ref.app.seeded.accountA;
function objects() {
  const s = ref.app.state;
  const vm = addVm();
  const domain = s.id();
  A().domains.set(domain, {
    id: domain,
    domain: `d${domain}.example.org`,
    type: "master",
    tags: [],
  });
  const volume = s.id();
  A().volumes.set(volume, { id: volume, label: `vol-${volume}`, tags: [] });
  const nb = s.id();
  A().nodebalancers.set(nb, { id: nb, label: `nb-${nb}`, tags: [] });
  return { vm, domain, volume, nb };
}

describe("tags", () => {
  it("create tags every listed object; list shows them; delete removes the tag everywhere", async () => {
    const o = objects();
    const c = await api("POST", "/v4/tags", {
      label: "prod-web",
      vms: [o.vm],
      domains: [o.domain],
      volumes: [o.volume],
      nodebalancers: [o.nb],
    });
    expect(c.status).toBe(200);
    expect(c.body).toEqual({ label: "prod-web" });
    expect(A().vms.get(o.vm)!.tags).toEqual(["prod-web"]);
    expect(A().domains.get(o.domain)!.tags).toEqual(["prod-web"]);
    const l = await api("GET", "/v4/tags/prod-web");
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ page: 1, pages: 1, results: 4 });
    expect(l.body.data.map((e: any) => [e.type, e.data.id])).toEqual([
      ["vm", o.vm],
      ["domain", o.domain],
      ["volume", o.volume],
      ["nodebalancer", o.nb],
    ]);
    expect(l.body.data[0].data.tags).toEqual(["prod-web"]);
    const d = await api("DELETE", "/v4/tags/prod-web");
    expect(d.status).toBe(200);
    expect(d.body).toEqual({});
    for (const m of [A().vms, A().domains, A().volumes, A().nodebalancers])
      for (const r of m.values()) expect(r.tags).not.toContain("prod-web");
    expect((await api("GET", "/v4/tags/prod-web")).status).toBe(404);
    expect((await api("DELETE", "/v4/tags/prod-web")).status).toBe(404);
  });

  it("a tag with no object exists (empty list); creating it again is a success; tags set elsewhere are known", async () => {
    expect((await api("POST", "/v4/tags", { label: "empty-tag" })).status).toBe(200);
    expect((await api("GET", "/v4/tags/empty-tag")).body).toMatchObject({ data: [], results: 0 });
    const o = objects();
    expect((await api("POST", "/v4/tags", { label: "empty-tag", vms: [o.vm] })).status).toBe(200);
    expect((await api("GET", "/v4/tags/empty-tag")).body.results).toBe(1);
    A().volumes.get(o.volume)!.tags.push("set by volume update");
    expect(
      (await api("GET", `/v4/tags/${encodeURIComponent("set by volume update")}`)).body.data[0],
    ).toMatchObject({ type: "volume", data: { id: o.volume } });
  });

  it("label 3..50 required; ID lists are integer arrays", async () => {
    expect(fields(await api("POST", "/v4/tags", {}))).toEqual(["label"]);
    expect(fields(await api("POST", "/v4/tags", { label: "ab" }))).toEqual(["label"]);
    expect(fields(await api("POST", "/v4/tags", { label: "x".repeat(51) }))).toEqual(["label"]);
    expect((await api("POST", "/v4/tags", { label: "x".repeat(50) })).status).toBe(200);
    expect((await api("POST", "/v4/tags", { label: "abc" })).status).toBe(200);
    expect(
      fields(await api("POST", "/v4/tags", { label: "typed", vms: ["1"], volumes: 3 })).sort(),
    ).toEqual(["vms", "volumes"]);
  });

  it("all or nothing: an unknown or foreign ID creates no tag and tags nothing (fault tag-partial-create)", async () => {
    const o = objects();
    const foreign = ref.app.state.id();
    ref.app.seeded.accountB.vms.set(foreign, {
      id: foreign,
      label: "b-vm",
      region: "us-east",
      type: "vm-nano-1",
      tags: [],
    });
    for (const body of [
      { vms: [o.vm, 99999999] },
      { vms: [o.vm], volumes: [foreign] },
      { vms: [o.vm, foreign] },
    ]) {
      const r = await api("POST", "/v4/tags", { label: "all-or-nothing", ...body });
      expect(r.status).toBe(400);
      expect(A().vms.get(o.vm)!.tags).toEqual([]);
      expect((await api("GET", "/v4/tags/all-or-nothing")).status).toBe(404);
    }
    expect(ref.app.seeded.accountB.vms.get(foreign)!.tags).toEqual([]);
    fault("tag-partial-create");
    expect(
      (await api("POST", "/v4/tags", { label: "all-or-nothing", vms: [o.vm, 99999999] })).status,
    ).toBe(200);
    expect(A().vms.get(o.vm)!.tags).toEqual(["all-or-nothing"]);
  });

  it("only unrestricted users may add or modify tags (fault tag-restricted-allowed)", async () => {
    const o = objects();
    const r = await api("POST", "/v4/tags", { label: "restricted-try" }, ref.tokens.restricted);
    expect(r.status).toBe(403);
    expect((await api("GET", "/v4/tags/restricted-try")).status).toBe(404);
    await api("POST", "/v4/tags", { label: "keep-me", vms: [o.vm] });
    expect((await api("DELETE", "/v4/tags/keep-me", undefined, ref.tokens.restricted)).status).toBe(
      403,
    );
    expect(A().vms.get(o.vm)!.tags).toEqual(["keep-me"]);
    fault("tag-restricted-allowed");
    expect(
      (await api("POST", "/v4/tags", { label: "restricted-try" }, ref.tokens.restricted)).status,
    ).toBe(200);
    // even then, an object needs a read_write grant
    const { token } = await state("restricted-user", {
      grants: { vms: [{ id: o.vm, permissions: "read_only" }] },
    });
    expect((await api("POST", "/v4/tags", { label: "ro-grant", vms: [o.vm] }, token)).status).toBe(
      403,
    );
    const rw = await state("restricted-user", {
      grants: { vms: [{ id: o.vm, permissions: "read_write" }] },
    });
    expect(
      (await api("POST", "/v4/tags", { label: "rw-grant", vms: [o.vm] }, rw.token)).status,
    ).toBe(200);
  });

  it("a restricted user's tagged-objects list shows only instances it has a grant on", async () => {
    const o = objects();
    const other = objects();
    await api("POST", "/v4/tags", {
      label: "grant-view",
      vms: [o.vm, other.vm],
      volumes: [o.volume],
    });
    const { token } = await state("restricted-user", {
      grants: { vms: [{ id: o.vm, permissions: "read_only" }] },
    });
    const l = await api("GET", "/v4/tags/grant-view", undefined, token);
    expect(l.status).toBe(200);
    expect(l.body.data.map((e: any) => e.data.id)).toEqual([o.vm]);
  });

  it("tag delete leaves no object tagged (fault tag-delete-leaves-objects)", async () => {
    const o = objects();
    await api("POST", "/v4/tags", { label: "sticky", vms: [o.vm] });
    fault("tag-delete-leaves-objects");
    expect((await api("DELETE", "/v4/tags/sticky")).status).toBe(200);
    expect(A().vms.get(o.vm)!.tags).toEqual(["sticky"]);
  });

  it("tagged objects list covers volumes (fault tag-list-skips-volumes)", async () => {
    const o = objects();
    await api("POST", "/v4/tags", { label: "with-volume", volumes: [o.volume] });
    expect((await api("GET", "/v4/tags/with-volume")).body.results).toBe(1);
    fault("tag-list-skips-volumes");
    expect((await api("GET", "/v4/tags/with-volume")).body.results).toBe(0);
  });

  it("every tag operation needs account:read_write; another account does not see the tag", async () => {
    await api("POST", "/v4/tags", { label: "scoped-tag" });
    const ro = scoped("account:read_only");
    expect((await api("POST", "/v4/tags", { label: "scoped-2" }, ro)).status).toBe(403);
    expect((await api("GET", "/v4/tags/scoped-tag", undefined, ro)).status).toBe(403);
    expect((await api("DELETE", "/v4/tags/scoped-tag", undefined, ro)).status).toBe(403);
    expect((await api("GET", "/v4/tags/scoped-tag", undefined, null)).status).toBe(401);
    expect((await api("GET", "/v4/tags/scoped-tag", undefined, ref.tokens.secondary)).status).toBe(
      404,
    );
    expect(
      (await api("DELETE", "/v4/tags/scoped-tag", undefined, ref.tokens.secondary)).status,
    ).toBe(404);
  });

  it("tagged objects list paginates", async () => {
    const vms = Array.from({ length: 30 }, () => objects().vm);
    await api("POST", "/v4/tags", { label: "many", vms });
    const p2 = await api("GET", "/v4/tags/many?page=2&page_size=25");
    expect(p2.body).toMatchObject({ page: 2, pages: 2, results: 30 });
    expect(p2.body.data.length).toBe(5);
  });

  it("taggable-objects state names the domains, volumes and NodeBalancers of the user's account", async () => {
    const a = await state("taggable-objects");
    expect(a.domains).toEqual([...A().domains.keys()].sort((x, y) => x - y));
    expect(a.volumes).toEqual([...A().volumes.keys()].sort((x, y) => x - y));
    expect(a.nodebalancers).toEqual([...A().nodebalancers.keys()].sort((x, y) => x - y));
    const b = await state("taggable-objects", { user: "secondary" });
    expect(b.volumes).toEqual([...ref.app.seeded.accountB.volumes.keys()].sort((x, y) => x - y));
    expect(b.volumes.some((id: number) => a.volumes.includes(id))).toBe(false);
  });
});
