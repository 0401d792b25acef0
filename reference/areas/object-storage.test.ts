// The object-storage area of the reference target: every operation on its happy path, the data plane
// behind pre-signed URLs, each rule implemented from the material, and each fault switch.
import { describe, expect, it } from "vitest";
import { referenceForTests } from "../testing.ts";

const {
  ref,
  send,
  api,
  stateRes: providerState,
  fields: fieldsOf,
} = await referenceForTests({ resetEach: true });
const OS = "/v4/object-storage";
const C1 = "us-east-1";
const C2 = "eu-central-1";
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const CERT =
  "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUfake0000000000000000000000000wCgYIKoZIzj0EAwIw\n-----END CERTIFICATE-----\n";
const KEY =
  "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgsecretsecret\n-----END PRIVATE KEY-----\n";

/** turns faults on through the control endpoint (its POST /faults is exercised here) */
const faults = (...names: string[]) =>
  send(`${ref.controlUrl}/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ faults: names }),
  });

async function bucket(
  label: string,
  cluster = C1,
  extra: Record<string, unknown> = {},
  token = ref.tokens.admin,
) {
  const r = await api("POST", `${OS}/buckets/`, { cluster, label, ...extra }, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function url(label: string, body: Record<string, unknown>, cluster = C1): Promise<string> {
  const r = await api("POST", `${OS}/buckets/${cluster}/${label}/object-url`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.url as string;
}

async function putObject(label: string, name: string, data: string, cluster = C1) {
  const u = await url(label, { name, method: "PUT" }, cluster);
  const r = await send(u, { method: "PUT", body: data });
  expect(r.status).toBe(200);
}

const listNames = async (label: string, query = "") => {
  const r = await api("GET", `${OS}/buckets/${C1}/${label}/object-list${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.map((o: { name: string }) => o.name) as string[];
};

describe("object-storage: happy paths", () => {
  it("clusters list and view need no token", async () => {
    const list = await api("GET", `${OS}/clusters`, undefined, null);
    expect(list.status).toBe(200);
    expect(list.body.results).toBeGreaterThanOrEqual(2);
    for (const c of list.body.data) {
      expect(c).toMatchObject({
        id: expect.any(String),
        domain: expect.any(String),
        region: expect.any(String),
        static_site_domain: expect.any(String),
      });
      expect(["available", "unavailable"]).toContain(c.status);
    }
    const one = await api("GET", `${OS}/clusters/${C1}`, undefined, null);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(C1);
    expect((await api("GET", `${OS}/clusters/nowhere-9`, undefined, null)).status).toBe(404);
  });

  it("bucket create, lists, view", async () => {
    const b = await bucket("alpha", C1, { cors_enabled: true });
    expect(b).toMatchObject({
      cluster: C1,
      label: "alpha",
      hostname: "alpha.us-east-1.objects.example",
      objects: 0,
      size: 0,
      acl: "private",
      cors_enabled: true,
    });
    expect(b.created).toMatch(DATE_TIME);
    await bucket("beta", C2, { acl: "public-read" });
    const all = await api("GET", `${OS}/buckets/`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, pages: 1, results: 2 });
    expect(all.body.data.map((x: { label: string }) => x.label).sort()).toEqual(["alpha", "beta"]);
    const inC2 = await api("GET", `${OS}/buckets/${C2}`);
    expect(inC2.status).toBe(200);
    expect(inC2.body.data.map((x: { label: string }) => x.label)).toEqual(["beta"]);
    expect((await api("GET", `${OS}/buckets/nowhere-9`)).status).toBe(404);
    const view = await api("GET", `${OS}/buckets/${C2}/beta`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ cluster: C2, label: "beta", acl: "public-read" });
    expect((await api("GET", `${OS}/buckets/${C1}/beta`)).status).toBe(404);
  });

  it("bucket remove of an empty bucket", async () => {
    await bucket("gone");
    const r = await api("DELETE", `${OS}/buckets/${C1}/gone`);
    expect(r).toEqual({ status: 200, body: {} });
    expect((await api("GET", `${OS}/buckets/${C1}/gone`)).status).toBe(404);
    expect((await api("GET", `${OS}/buckets/`)).body.results).toBe(0);
  });

  it("bucket access modify (POST) and update (PUT)", async () => {
    await bucket("acc");
    const post = await api("POST", `${OS}/buckets/${C1}/acc/access`, {
      acl: "custom",
      cors_enabled: true,
    });
    expect(post).toEqual({ status: 200, body: {} });
    expect((await api("GET", `${OS}/buckets/${C1}/acc`)).body).toMatchObject({
      acl: "custom",
      cors_enabled: true,
    });
    const put = await api("PUT", `${OS}/buckets/${C1}/acc/access`, {
      acl: "authenticated-read",
      cors_enabled: false,
    });
    expect(put).toEqual({ status: 200, body: {} });
    expect((await api("GET", `${OS}/buckets/${C1}/acc`)).body).toMatchObject({
      acl: "authenticated-read",
      cors_enabled: false,
    });
    for (const m of ["POST", "PUT"]) {
      const bad = await api(m, `${OS}/buckets/${C1}/acc/access`, {
        acl: "everyone",
        cors_enabled: "yes",
      });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad).sort()).toEqual(["acl", "cors_enabled"]);
    }
  });

  it("pre-signed PUT stores an object, GET and HEAD read it, DELETE removes it; bucket, list and transfer follow", async () => {
    await bucket("data");
    const put = await url("data", {
      name: "dir/hello.txt",
      method: "PUT",
      content_type: "text/plain",
    });
    expect(put).toMatch(new RegExp(`^${ref.url}/__objects/${C1}/data/dir/hello\\.txt\\?`));
    const stored = await send(put, {
      method: "PUT",
      body: "hello world",
      headers: { "content-type": "text/plain" },
    });
    expect(stored.status).toBe(200);
    const b = (await api("GET", `${OS}/buckets/${C1}/data`)).body;
    expect(b).toMatchObject({ objects: 1, size: 11 });

    const get = await url("data", { name: "dir/hello.txt", method: "GET" });
    const got = await send(get);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("text/plain");
    expect(await got.text()).toBe("hello world");
    const head = await send(get, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("11");
    expect(await head.text()).toBe("");

    const transfer = await api("GET", `${OS}/transfer/`);
    expect(transfer).toEqual({ status: 200, body: { used: 11 } });

    const list = await api("GET", `${OS}/buckets/${C1}/data/object-list`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const o = list.body.data[0];
    expect(o).toMatchObject({
      name: "dir/hello.txt",
      size: 11,
      is_truncated: false,
      next_marker: "",
      etag: expect.any(String),
      owner: expect.any(String),
    });
    expect(o.last_modified).toMatch(DATE_TIME);

    const del = await url("data", { name: "dir/hello.txt", method: "DELETE" });
    expect((await send(del, { method: "DELETE" })).status).toBe(204);
    expect((await send(get)).status).toBe(404);
    expect((await api("GET", `${OS}/buckets/${C1}/data`)).body).toMatchObject({
      objects: 0,
      size: 0,
    });
  });

  it("object ACL view and update", async () => {
    await bucket("acl");
    await putObject("acl", "a.txt", "x");
    const view = await api("GET", `${OS}/buckets/${C1}/acl/object-acl?name=a.txt`);
    expect(view.status).toBe(200);
    expect(view.body.acl).toBe("private");
    expect(view.body.acl_xml).toContain("<AccessControlPolicy");
    const upd = await api("PUT", `${OS}/buckets/${C1}/acl/object-acl`, {
      name: "a.txt",
      acl: "public-read",
    });
    expect(upd.status).toBe(200);
    expect(upd.body.acl).toBe("public-read");
    expect(upd.body.acl_xml).toContain("AllUsers");
    expect((await api("GET", `${OS}/buckets/${C1}/acl/object-acl?name=a.txt`)).body.acl).toBe(
      "public-read",
    );
  });

  it("TLS view, upload, delete", async () => {
    await bucket("tls");
    expect(await api("GET", `${OS}/buckets/${C1}/tls/ssl`)).toEqual({
      status: 200,
      body: { ssl: false },
    });
    const up = await api("POST", `${OS}/buckets/${C1}/tls/ssl`, {
      certificate: CERT,
      private_key: KEY,
    });
    expect(up).toEqual({ status: 200, body: { ssl: true } });
    expect(await api("GET", `${OS}/buckets/${C1}/tls/ssl`)).toEqual({
      status: 200,
      body: { ssl: true },
    });
    expect(await api("DELETE", `${OS}/buckets/${C1}/tls/ssl`)).toEqual({ status: 200, body: {} });
    expect(await api("GET", `${OS}/buckets/${C1}/tls/ssl`)).toEqual({
      status: 200,
      body: { ssl: false },
    });
  });

  it("keys create, list, view, update, revoke", async () => {
    const created = await api("POST", `${OS}/keys`, { label: "ci" });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      label: "ci",
      access_key: expect.any(String),
      secret_key: expect.any(String),
      limited: false,
      bucket_access: [],
    });
    const id = created.body.id;
    const list = await api("GET", `${OS}/keys`);
    expect(list.status).toBe(200);
    expect(list.body.results).toBe(1);
    expect(list.body.data[0]).not.toHaveProperty("secret_key");
    const view = await api("GET", `${OS}/keys/${id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id, label: "ci", access_key: created.body.access_key });
    expect(view.body).not.toHaveProperty("secret_key");
    const upd = await api("PUT", `${OS}/keys/${id}`, { label: "renamed" });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ id, label: "renamed", access_key: created.body.access_key });
    expect(upd.body).not.toHaveProperty("secret_key");
    expect(JSON.stringify([list.body, view.body, upd.body])).not.toContain(created.body.secret_key);
    expect(await api("DELETE", `${OS}/keys/${id}`)).toEqual({ status: 200, body: {} });
    expect((await api("GET", `${OS}/keys/${id}`)).status).toBe(404);
    expect((await api("GET", `${OS}/keys`)).body.results).toBe(0);
  });

  it("transfer view starts at zero", async () => {
    expect(await api("GET", `${OS}/transfer/`)).toEqual({ status: 200, body: { used: 0 } });
  });

  it("object storage cancel with empty buckets", async () => {
    await bucket("empty-one");
    await api("POST", `${OS}/keys`, { label: "k" });
    expect(await api("POST", `${OS}/cancel`)).toEqual({ status: 200, body: {} });
    expect((await api("GET", `${OS}/buckets/`)).body.results).toBe(0);
    expect((await api("GET", `${OS}/keys`)).body.results).toBe(0);
  });
});

describe("object-storage: rules", () => {
  it("scopes: read_only token reads but cannot write; no token is 401", async () => {
    const ro = (await providerState("token", { scopes: ["object_storage:read_only"] })).body.token;
    expect((await api("GET", `${OS}/buckets/`, undefined, ro)).status).toBe(200);
    expect((await api("POST", `${OS}/buckets/`, { cluster: C1, label: "nope" }, ro)).status).toBe(
      403,
    );
    expect((await api("GET", `${OS}/buckets/`)).body.results).toBe(0);
    expect((await api("GET", `${OS}/keys`, undefined, null)).status).toBe(401);
    const other = (await providerState("token", { scopes: ["vms:read_write"] })).body.token;
    expect((await api("GET", `${OS}/transfer/`, undefined, other)).status).toBe(403);
  });

  it("bucket create validation names each field", async () => {
    const r = await api("POST", `${OS}/buckets/`, {});
    expect(r.status).toBe(400);
    expect(fieldsOf(r).sort()).toEqual(["cluster", "label"]);
    const bad = await api("POST", `${OS}/buckets/`, {
      cluster: C1,
      label: "okay",
      acl: "custom",
      cors_enabled: 1,
    });
    expect(fieldsOf(bad).sort()).toEqual(["acl", "cors_enabled"]);
    expect(
      fieldsOf(await api("POST", `${OS}/buckets/`, { cluster: "nowhere-9", label: "okay" })),
    ).toEqual(["cluster"]);
    for (const label of [
      "ab",
      "Upper",
      "under_score",
      "-dash",
      "dots..twice",
      "10.0.0.1",
      "x".repeat(64),
    ]) {
      const l = await api("POST", `${OS}/buckets/`, { cluster: C1, label });
      expect(l.status, label).toBe(400);
      expect(fieldsOf(l)).toEqual(["label"]);
    }
    for (const acl of ["private", "public-read", "authenticated-read", "public-read-write"])
      await bucket(`acl-${acl}`, C1, { acl });
  });

  it("labels: unique per cluster across owners, the caller's own bucket answers 200, another cluster is free", async () => {
    const first = await bucket("shared");
    const again = await api("POST", `${OS}/buckets/`, {
      cluster: C1,
      label: "shared",
      acl: "public-read",
    });
    expect(again).toEqual({ status: 200, body: first });
    expect((await api("GET", `${OS}/buckets/`)).body.results).toBe(1);
    const other = await api(
      "POST",
      `${OS}/buckets/`,
      { cluster: C1, label: "shared" },
      ref.tokens.secondary,
    );
    expect(other.status).toBe(400);
    expect(fieldsOf(other)).toEqual(["label"]);
    expect((await api("GET", `${OS}/buckets/`, undefined, ref.tokens.secondary)).body.results).toBe(
      0,
    );
    await bucket("shared", C2, {}, ref.tokens.secondary);
    expect((await api("POST", `${OS}/buckets/`, { cluster: C2, label: "shared" })).status).toBe(
      400,
    );
  });

  it("another account's bucket is 404, never 403", async () => {
    await bucket("private-one");
    for (const [m, p] of [
      ["GET", ""],
      ["DELETE", ""],
      ["GET", "/ssl"],
      ["GET", "/object-list"],
      ["GET", "/object-acl?name=a"],
    ] as const) {
      expect(
        (await api(m, `${OS}/buckets/${C1}/private-one${p}`, undefined, ref.tokens.secondary))
          .status,
      ).toBe(404);
    }
    expect(
      (
        await api(
          "POST",
          `${OS}/buckets/${C1}/private-one/object-url`,
          { name: "a" },
          ref.tokens.secondary,
        )
      ).status,
    ).toBe(404);
    const key = (await api("POST", `${OS}/keys`, {})).body.id;
    expect((await api("GET", `${OS}/keys/${key}`, undefined, ref.tokens.secondary)).status).toBe(
      404,
    );
    expect((await api("GET", `${OS}/keys/not-a-number`)).status).toBe(404);
  });

  it("remove: a non-empty bucket needs force (query or body); forced removal fails above 1000 objects", async () => {
    await bucket("full");
    await putObject("full", "a", "1");
    const refused = await api("DELETE", `${OS}/buckets/${C1}/full`);
    expect(refused.status).toBe(400);
    expect((await api("GET", `${OS}/buckets/${C1}/full`)).body.objects).toBe(1);
    expect((await api("DELETE", `${OS}/buckets/${C1}/full?force=yes`)).status).toBe(400);
    expect(await api("DELETE", `${OS}/buckets/${C1}/full?force=true`)).toEqual({
      status: 200,
      body: {},
    });

    await bucket("full2");
    await putObject("full2", "a", "1");
    expect(await api("DELETE", `${OS}/buckets/${C1}/full2`, { force: true })).toEqual({
      status: 200,
      body: {},
    });

    await bucket("huge");
    await providerState("bucket-objects", { cluster: C1, bucket: "huge", count: 1001 });
    const huge = await api("DELETE", `${OS}/buckets/${C1}/huge?force=true`);
    expect(huge.status).toBe(400);
    expect((await api("GET", `${OS}/buckets/${C1}/huge`)).body.objects).toBe(1001);
    await bucket("big");
    await providerState("bucket-objects", { cluster: C1, bucket: "big", count: 1000 });
    expect((await api("DELETE", `${OS}/buckets/${C1}/big?force=true`)).status).toBe(200);
  });

  it("object ACL: name required, acl required and one of five, unknown object 404", async () => {
    await bucket("acls");
    await putObject("acls", "o", "1");
    const noName = await api("GET", `${OS}/buckets/${C1}/acls/object-acl`);
    expect(noName.status).toBe(400);
    expect(fieldsOf(noName)).toEqual(["name"]);
    expect((await api("GET", `${OS}/buckets/${C1}/acls/object-acl?name=missing`)).status).toBe(404);
    const bad = await api("PUT", `${OS}/buckets/${C1}/acls/object-acl`, {});
    expect(fieldsOf(bad).sort()).toEqual(["acl", "name"]);
    expect(
      fieldsOf(
        await api("PUT", `${OS}/buckets/${C1}/acls/object-acl`, { name: "o", acl: "nobody" }),
      ),
    ).toEqual(["acl"]);
    for (const acl of [
      "private",
      "public-read",
      "authenticated-read",
      "public-read-write",
      "custom",
    ]) {
      const r = await api("PUT", `${OS}/buckets/${C1}/acls/object-acl`, { name: "o", acl });
      expect(r.status).toBe(200);
      expect(r.body.acl).toBe(acl);
    }
    expect(
      (await api("PUT", `${OS}/buckets/${C1}/acls/object-acl`, { name: "missing", acl: "private" }))
        .status,
    ).toBe(404);
  });

  it("contents list: prefix, delimiter roll-up, marker pages cover every object once, page_size bounds", async () => {
    await bucket("tree");
    for (const n of ["a/1", "a/2", "a/b/3", "b/4", "c", "d"]) await putObject("tree", n, "x");
    expect(await listNames("tree", "?prefix=a/")).toEqual(["a/1", "a/2", "a/b/3"]);
    expect(await listNames("tree", "?delimiter=/")).toEqual(["a/", "b/", "c", "d"]);
    expect(await listNames("tree", "?delimiter=/&prefix=a/")).toEqual(["a/1", "a/2", "a/b/"]);
    expect(await listNames("tree", "?marker=a/2")).toEqual(["a/b/3", "b/4", "c", "d"]);
    expect(await listNames("tree", "?delimiter=/&marker=a/")).toEqual(["b/", "c", "d"]);

    await bucket("many");
    const names = (
      await providerState("bucket-objects", {
        cluster: C1,
        bucket: "many",
        count: 250,
        prefix: "n-",
      })
    ).body.names;
    expect(names).toEqual([
      "n-000",
      "n-001",
      "n-002",
      "n-003",
      "n-004",
      "n-005",
      "n-006",
      "n-007",
      "n-008",
      "n-009",
    ]);
    const seen: string[] = [];
    let marker = "";
    for (let guard = 0; guard < 10; guard++) {
      const r = await api(
        "GET",
        `${OS}/buckets/${C1}/many/object-list?page_size=100${marker ? `&marker=${marker}` : ""}`,
      );
      const data = r.body.data as { name: string; is_truncated: boolean; next_marker: string }[];
      expect(data.length).toBeLessThanOrEqual(100);
      seen.push(...data.map((d) => d.name));
      if (!data.at(-1)?.is_truncated) break;
      marker = data.at(-1)!.next_marker;
      expect(marker).toBe(data.at(-1)!.name);
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    for (const q of ["0", "101", "x"]) {
      const r = await api("GET", `${OS}/buckets/${C1}/many/object-list?page_size=${q}`);
      expect(r.status).toBe(400);
      expect(fieldsOf(r)).toEqual(["page_size"]);
    }
  });

  it("object URL: fields, expires_in bounds and default, method default GET", async () => {
    await bucket("urls");
    const missing = await api("POST", `${OS}/buckets/${C1}/urls/object-url`, {});
    expect(fieldsOf(missing)).toEqual(["name"]);
    for (const expires_in of [359, 68401, 1.5, "3600"]) {
      const r = await api("POST", `${OS}/buckets/${C1}/urls/object-url`, {
        name: "x",
        method: "GET",
        expires_in,
      });
      expect(r.status, String(expires_in)).toBe(400);
      expect(fieldsOf(r)).toEqual(["expires_in"]);
    }
    expect(
      fieldsOf(
        await api("POST", `${OS}/buckets/${C1}/urls/object-url`, { name: "x", method: "FETCH" }),
      ),
    ).toEqual(["method"]);
    const now = Math.floor(Date.now() / 1000);
    for (const [expires_in, want] of [
      [360, 360],
      [68400, 68400],
      [undefined, 3600],
    ] as const) {
      const u = new URL(await url("urls", { name: "does/not/exist", method: "GET", expires_in }));
      expect(Number(u.searchParams.get("expires")) - now).toBeGreaterThanOrEqual(want - 5);
      expect(Number(u.searchParams.get("expires")) - now).toBeLessThanOrEqual(want + 5);
    }
    const noMethod = new URL(await url("urls", { name: "x" }));
    expect(noMethod.searchParams.get("method")).toBe("GET");
  });

  it("object names a URL would normalise away (., .., a/../b) are stored and read under their own name", async () => {
    await bucket("dots");
    for (const name of [".", "..", "a/../b", "./x"]) {
      await putObject("dots", name, `data of ${name}`);
      const r = await send(await url("dots", { name, method: "GET" }), { method: "GET" });
      expect([name, r.status, await r.text()]).toEqual([name, 200, `data of ${name}`]);
    }
    expect((await listNames("dots")).sort()).toEqual([".", "..", "./x", "a/../b"]);
  });

  it("data plane: wrong method, tampered signature, expired URL and content type mismatch are 403", async () => {
    await bucket("plane");
    await putObject("plane", "obj", "abc");
    const get = await url("plane", { name: "obj", method: "GET", expires_in: 360 });
    expect((await send(get, { method: "PUT", body: "zzz" })).status).toBe(403);
    expect((await send(get, { method: "DELETE" })).status).toBe(403);
    expect((await send(get.replace(/sig=[0-9a-f]/, "sig=z"))).status).toBe(403);
    expect((await send(get.replace("/obj?", "/other?"))).status).toBe(403);
    expect((await send(`${ref.url}/__objects/${C1}/plane/obj`)).status).toBe(403);
    const typed = await url("plane", { name: "t", method: "PUT", content_type: "image/png" });
    expect(
      (await send(typed, { method: "PUT", body: "p", headers: { "content-type": "text/plain" } }))
        .status,
    ).toBe(403);
    expect(
      (await send(typed, { method: "PUT", body: "p", headers: { "content-type": "image/png" } }))
        .status,
    ).toBe(200);
    expect((await send(get)).status).toBe(200);
    await providerState("clock-advance", { seconds: 361 });
    const expired = await send(get);
    expect(expired.status).toBe(403);
    expect((await expired.json()).errors[0].reason).toMatch(/expired/);
  });

  it("cors_enabled: data-plane answers carry Access-Control-Allow-Origin * only for such buckets", async () => {
    await bucket("open", C1, { cors_enabled: true });
    await bucket("closed");
    for (const label of ["open", "closed"]) await putObject(label, "o", "1");
    const open = await send(await url("open", { name: "o" }));
    expect(open.headers.get("access-control-allow-origin")).toBe("*");
    expect(
      (await send(await url("closed", { name: "o" }))).headers.get("access-control-allow-origin"),
    ).toBeNull();
    await api("PUT", `${OS}/buckets/${C1}/closed/access`, { cors_enabled: true });
    expect(
      (await send(await url("closed", { name: "o" }))).headers.get("access-control-allow-origin"),
    ).toBe("*");
  });

  it("a URL signed with a content type accepts that media type with parameters", async () => {
    await bucket("typed");
    const u = await url("typed", { name: "t.txt", method: "PUT", content_type: "text/plain" });
    expect((await send(u, { method: "PUT", body: "hi" })).status).toBe(200); // send builds the body as fetch does: text/plain;charset=UTF-8
  });

  it("TLS: certificate and private_key required; certificate must be PEM (or Base64 of PEM); the key is never returned", async () => {
    await bucket("certs");
    const none = await api("POST", `${OS}/buckets/${C1}/certs/ssl`, {});
    expect(none.status).toBe(400);
    expect(fieldsOf(none).sort()).toEqual(["certificate", "private_key"]);
    expect(
      fieldsOf(
        await api("POST", `${OS}/buckets/${C1}/certs/ssl`, {
          certificate: "not a cert",
          private_key: KEY,
        }),
      ),
    ).toEqual(["certificate"]);
    const b64 = await api("POST", `${OS}/buckets/${C1}/certs/ssl`, {
      certificate: Buffer.from(CERT).toString("base64"),
      private_key: KEY,
    });
    expect(b64).toEqual({ status: 200, body: { ssl: true } });
    const everything = JSON.stringify([
      await api("GET", `${OS}/buckets/${C1}/certs/ssl`),
      await api("GET", `${OS}/buckets/${C1}/certs`),
      await api("GET", `${OS}/buckets/`),
    ]);
    expect(everything).not.toContain("secretsecret");
    expect(everything).not.toContain("PRIVATE KEY");
  });

  it("cancel: refused while a bucket holds objects, nothing removed", async () => {
    await bucket("keep");
    await putObject("keep", "o", "1");
    await api("POST", `${OS}/keys`, {});
    const r = await api("POST", `${OS}/cancel`);
    expect(r.status).toBe(400);
    expect((await api("GET", `${OS}/buckets/`)).body.results).toBe(1);
    expect((await api("GET", `${OS}/keys`)).body.results).toBe(1);
  });

  it("keys: bucket_access rules and validation", async () => {
    await bucket("kbk");
    const limited = await api("POST", `${OS}/keys`, {
      label: "l",
      bucket_access: [{ cluster: C1, bucket_name: "kbk", permissions: "read_only" }],
    });
    expect(limited.status).toBe(200);
    expect(limited.body).toMatchObject({
      limited: true,
      bucket_access: [{ cluster: C1, bucket_name: "kbk", permissions: "read_only" }],
    });
    const none = await api("POST", `${OS}/keys`, { bucket_access: [] });
    expect(none.body).toMatchObject({ limited: true, bucket_access: [] });
    const all = await api("POST", `${OS}/keys`, {});
    expect(all.body).toMatchObject({ limited: false, bucket_access: [] });
    expect((await api("GET", `${OS}/keys/${limited.body.id}`)).body.bucket_access).toEqual([
      { cluster: C1, bucket_name: "kbk", permissions: "read_only" },
    ]);

    const bad = await api("POST", `${OS}/keys`, {
      label: 5,
      bucket_access: [
        { cluster: "nowhere-9", bucket_name: "kbk", permissions: "read_write" },
        { cluster: C1, bucket_name: "missing", permissions: "all" },
        "x",
        {},
      ],
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual([
      "bucket_access.0.cluster",
      "bucket_access.1.bucket_name",
      "bucket_access.1.permissions",
      "bucket_access.2",
      "bucket_access.3.bucket_name",
      "bucket_access.3.cluster",
      "bucket_access.3.permissions",
      "label",
    ]);
    expect(fieldsOf(await api("POST", `${OS}/keys`, { bucket_access: "kbk" }))).toEqual([
      "bucket_access",
    ]);
    expect((await api("GET", `${OS}/keys`)).body.results).toBe(3);
    expect(fieldsOf(await api("PUT", `${OS}/keys/${all.body.id}`, { label: 1 }))).toEqual([
      "label",
    ]);
  });

  it("bucket-objects state stores thousands of objects at once", async () => {
    await bucket("bulk");
    const t0 = Date.now();
    const r = await providerState("bucket-objects", {
      cluster: C1,
      bucket: "bulk",
      count: 20000,
      size: 3,
    });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(r.status).toBe(200);
    expect(r.body.names).toHaveLength(10);
    expect((await api("GET", `${OS}/buckets/${C1}/bulk`)).body).toMatchObject({
      objects: 20000,
      size: 60000,
    });
    const get = await url("bulk", { name: r.body.names[0] });
    const body = await (await send(get)).arrayBuffer();
    expect(body.byteLength).toBe(3);
    expect(
      (await providerState("bucket-objects", { cluster: "nowhere-9", bucket: "bulk", count: 1 }))
        .status,
    ).toBe(400);
    await providerState("bucket-objects", {
      cluster: C1,
      bucket: "bulk",
      count: 2,
      prefix: "new-",
      replace: true,
    });
    expect((await api("GET", `${OS}/buckets/${C1}/bulk`)).body).toMatchObject({
      objects: 2,
      size: 2,
    });
    await providerState("bucket-objects", { cluster: C1, bucket: "bulk", count: 0, replace: true });
    expect((await api("GET", `${OS}/buckets/${C1}/bulk`)).body).toMatchObject({
      objects: 0,
      size: 0,
    });
  });
});

describe("object-storage: faults", () => {
  /** Each check answers whether the rule the fault breaks holds. */
  const checks: Record<string, () => Promise<boolean>> = {
    "os-bucket-acl-default-public": async () => (await bucket("dflt")).acl === "private",
    "os-bucket-label-taken-accepted": async () => {
      await bucket("taken");
      return (
        (await api("POST", `${OS}/buckets/`, { cluster: C1, label: "taken" }, ref.tokens.secondary))
          .status === 400
      );
    },
    "os-bucket-owned-create-error": async () => {
      await bucket("mine");
      return (await api("POST", `${OS}/buckets/`, { cluster: C1, label: "mine" })).status === 200;
    },
    "os-bucket-label-global": async () => {
      await bucket("twice", C1);
      return (await api("POST", `${OS}/buckets/`, { cluster: C2, label: "twice" })).status === 200;
    },
    "os-force-ignored": async () => {
      await bucket("forced");
      await putObject("forced", "o", "1");
      return (await api("DELETE", `${OS}/buckets/${C1}/forced?force=true`)).status === 200;
    },
    "os-force-limit-removes-anyway": async () => {
      await bucket("toobig");
      await providerState("bucket-objects", { cluster: C1, bucket: "toobig", count: 1500 });
      const refused = (await api("DELETE", `${OS}/buckets/${C1}/toobig?force=true`)).status === 400;
      return refused && (await api("GET", `${OS}/buckets/${C1}/toobig`)).status === 200;
    },
    "os-object-acl-not-saved": async () => {
      await bucket("aclsave");
      await putObject("aclsave", "o", "1");
      await api("PUT", `${OS}/buckets/${C1}/aclsave/object-acl`, { name: "o", acl: "public-read" });
      return (
        (await api("GET", `${OS}/buckets/${C1}/aclsave/object-acl?name=o`)).body.acl ===
        "public-read"
      );
    },
    "os-objlist-prefix-ignored": async () => {
      await bucket("pfx");
      await putObject("pfx", "a1", "1");
      await putObject("pfx", "b1", "1");
      return JSON.stringify(await listNames("pfx", "?prefix=a")) === JSON.stringify(["a1"]);
    },
    "os-objlist-delimiter-ignored": async () => {
      await bucket("dlm");
      await putObject("dlm", "d/1", "1");
      await putObject("dlm", "d/2", "1");
      return JSON.stringify(await listNames("dlm", "?delimiter=/")) === JSON.stringify(["d/"]);
    },
    "os-objlist-marker-inclusive": async () => {
      await bucket("mrk");
      await putObject("mrk", "m1", "1");
      await putObject("mrk", "m2", "1");
      return JSON.stringify(await listNames("mrk", "?marker=m1")) === JSON.stringify(["m2"]);
    },
    "os-url-expires-unbounded": async () => {
      await bucket("exb");
      return (
        (
          await api("POST", `${OS}/buckets/${C1}/exb/object-url`, {
            name: "x",
            method: "GET",
            expires_in: 100000,
          })
        ).status === 400
      );
    },
    "os-url-expiry-ignored": async () => {
      await bucket("exp");
      await putObject("exp", "o", "1");
      const u = await url("exp", { name: "o", method: "GET", expires_in: 360 });
      await providerState("clock-advance", { seconds: 400 });
      return (await send(u)).status === 403;
    },
    "os-url-method-ignored": async () => {
      await bucket("mth");
      await putObject("mth", "o", "1");
      const u = await url("mth", { name: "o", method: "GET" });
      return (await send(u, { method: "DELETE" })).status === 403;
    },
    "os-ssl-stays-after-delete": async () => {
      await bucket("sslx");
      await api("POST", `${OS}/buckets/${C1}/sslx/ssl`, { certificate: CERT, private_key: KEY });
      await api("DELETE", `${OS}/buckets/${C1}/sslx/ssl`);
      return (await api("GET", `${OS}/buckets/${C1}/sslx/ssl`)).body.ssl === false;
    },
    "os-cancel-nonempty": async () => {
      await bucket("cnl");
      await putObject("cnl", "o", "1");
      return (await api("POST", `${OS}/cancel`)).status === 400;
    },
    "os-clusters-need-auth": async () =>
      (await api("GET", `${OS}/clusters`, undefined, null)).status === 200,
    "os-cluster-region-null": async () => {
      const list = (await api("GET", `${OS}/clusters`)).body.data as { region: unknown }[];
      const view = (await api("GET", `${OS}/clusters/${C1}`)).body;
      return [...list, view].every((c) => typeof c.region === "string");
    },
    "os-key-secret-in-view": async () => {
      const k = await api("POST", `${OS}/keys`, {});
      return !("secret_key" in (await api("GET", `${OS}/keys/${k.body.id}`)).body);
    },
    "os-key-empty-access-unlimited": async () =>
      (await api("POST", `${OS}/keys`, { bucket_access: [] })).body.limited === true,
    "os-key-limited-when-omitted": async () =>
      (await api("POST", `${OS}/keys`, {})).body.limited === false,
    "os-bucket-cors-truthy": async () =>
      (await api("POST", `${OS}/buckets/`, { cluster: C1, label: "corsyes", cors_enabled: "yes" }))
        .status === 400,
    "os-key-revoked-listed": async () => {
      const k = await api("POST", `${OS}/keys`, { label: "gone" });
      await api("DELETE", `${OS}/keys/${k.body.id}`);
      return !(await api("GET", `${OS}/keys`)).body.data.some(
        (x: { id: number }) => x.id === k.body.id,
      );
    },
    "os-url-expires-day-accepted": async () => {
      await bucket("day");
      return (
        (
          await api("POST", `${OS}/buckets/${C1}/day/object-url`, {
            name: "x",
            method: "GET",
            expires_in: 86400,
          })
        ).status === 400
      );
    },
    "os-key-list-stale-after-update": async () => {
      const k = await api("POST", `${OS}/keys`, { label: "before" });
      await api("PUT", `${OS}/keys/${k.body.id}`, { label: "after" });
      return (await api("GET", `${OS}/keys`)).body.data.some(
        (x: { id: number; label: string }) => x.id === k.body.id && x.label === "after",
      );
    },
    "os-key-update-drops-bucket-access": async () => {
      await bucket("kept");
      const k = await api("POST", `${OS}/keys`, {
        label: "limited",
        bucket_access: [{ cluster: C1, bucket_name: "kept", permissions: "read_only" }],
      });
      await api("PUT", `${OS}/keys/${k.body.id}`, { label: "renamed" });
      return (await api("GET", `${OS}/keys/${k.body.id}`)).body.bucket_access?.length === 1;
    },
    "os-key-partial-entry-unlimited": async () => {
      await bucket("perm");
      const r = await api("POST", `${OS}/keys`, {
        bucket_access: [{ cluster: C1, bucket_name: "perm" }],
      });
      return r.status === 400 || r.body?.limited === true;
    },
  };

  it("every fault of the area has a check", async () => {
    const known = (await (await send(`${ref.controlUrl}/faults`)).json()).known as {
      name: string;
    }[];
    const mine = known.map((f) => f.name).filter((n) => n.startsWith("os-"));
    expect(mine.sort()).toEqual(Object.keys(checks).sort());
  });

  it.each(Object.keys(checks))(
    "%s: the rule holds with the fault off and breaks with it on",
    async (name) => {
      expect(await checks[name](), "fault off").toBe(true);
      await providerState("reset");
      expect((await faults(name)).status).toBe(200);
      expect(await checks[name](), "fault on").toBe(false);
    },
  );
});
