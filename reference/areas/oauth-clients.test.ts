// The OAuth clients area of the reference target: every operation, secrets, token invalidation,
// the public thumbnail, and each fault switch.
import { describe, expect, it } from "vitest";
import { referenceForTests } from "../testing.ts";

const {
  ref,
  send,
  api: call,
  stateRes: control,
  fault: faults,
  fields,
} = await referenceForTests({ resetEach: true });
const ADMIN = ref.tokens.admin;
const SECONDARY = ref.tokens.secondary;
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

const create = async (extra: Record<string, unknown> = {}, token = ADMIN) =>
  (
    await call(
      "POST",
      "/v4/account/oauth-clients",
      { label: "my-app", redirect_uri: "https://app.example.com/callback", ...extra },
      token,
    )
  ).body;
const putThumb = (id: string, data: Buffer, type: string, token = ADMIN) =>
  send(`${ref.url}/v4/account/oauth-clients/${id}/thumbnail`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": type },
    body: new Uint8Array(data),
  });

describe("oauth clients", () => {
  it("creates a client (plaintext secret once), lists and views it with the secret redacted", async () => {
    const r = await call("POST", "/v4/account/oauth-clients", {
      label: "my-app",
      redirect_uri: "https://app.example.com/cb",
      public: true,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: expect.any(String),
      label: "my-app",
      public: true,
      redirect_uri: "https://app.example.com/cb",
      secret: expect.any(String),
      status: "active",
      thumbnail_url: null,
    });
    expect(r.body.secret).not.toBe("<REDACTED>");
    const list = await call("GET", "/v4/account/oauth-clients");
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ ...r.body, secret: "<REDACTED>" }]);
    const view = await call("GET", `/v4/account/oauth-clients/${r.body.id}`);
    expect(view.body).toEqual({ ...r.body, secret: "<REDACTED>" });
    expect((await call("GET", "/v4/account/events")).body.data[0]).toMatchObject({
      action: "oauth_client_create",
      entity: { id: r.body.id, type: "oauth_client" },
    });
  });

  it("defaults public to false and validates label, redirect_uri and public", async () => {
    expect((await create()).public).toBe(false);
    expect((await create({ label: "x".repeat(512) })).label).toHaveLength(512);
    const none = await call("POST", "/v4/account/oauth-clients", {});
    expect(none.status).toBe(400);
    expect(fields(none).sort()).toEqual(["label", "redirect_uri"]);
    const bad = await call("POST", "/v4/account/oauth-clients", {
      label: "",
      redirect_uri: "not a url",
      public: "yes",
    });
    expect(fields(bad).sort()).toEqual(["label", "public", "redirect_uri"]);
    expect(
      fields(
        await call("POST", "/v4/account/oauth-clients", {
          label: "x".repeat(513),
          redirect_uri: "https://a.example",
        }),
      ),
    ).toEqual(["label"]);
    const c = await create();
    expect(fields(await call("PUT", `/v4/account/oauth-clients/${c.id}`, { label: "" }))).toEqual([
      "label",
    ]);
    expect(
      fields(await call("PUT", `/v4/account/oauth-clients/${c.id}`, { redirect_uri: "ftp:/x" })),
    ).toEqual(["redirect_uri"]);
  });

  it("updates label, public and redirect_uri; the secret stays redacted", async () => {
    const c = await create();
    const r = await call("PUT", `/v4/account/oauth-clients/${c.id}`, {
      label: "renamed",
      public: true,
      redirect_uri: "https://new.example.com/cb",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: c.id,
      label: "renamed",
      public: true,
      redirect_uri: "https://new.example.com/cb",
      secret: "<REDACTED>",
    });
    expect((await call("GET", `/v4/account/oauth-clients/${c.id}`)).body).toEqual(r.body);
  });

  it("is private to its account (404 elsewhere) and needs account scopes", async () => {
    const c = await create();
    for (const [m, p] of [
      ["GET", ""],
      ["PUT", ""],
      ["DELETE", ""],
      ["POST", "/reset-secret"],
    ]) {
      expect(
        (
          await call(
            m,
            `/v4/account/oauth-clients/${c.id}${p}`,
            m === "PUT" ? { label: "x" } : undefined,
            SECONDARY,
          )
        ).status,
        `${m} ${p}`,
      ).toBe(404);
    }
    expect((await putThumb(c.id, PNG, "image/png", SECONDARY)).status).toBe(404);
    expect(
      (await call("GET", "/v4/account/oauth-clients", undefined, SECONDARY)).body.data,
    ).toEqual([]);
    const ro = (await control("token", { scopes: ["account:read_only"] })).body.token;
    expect((await call("GET", `/v4/account/oauth-clients/${c.id}`, undefined, ro)).status).toBe(
      200,
    );
    expect(
      (
        await call(
          "POST",
          "/v4/account/oauth-clients",
          { label: "a", redirect_uri: "https://a.example" },
          ro,
        )
      ).status,
    ).toBe(403);
    expect((await call("DELETE", `/v4/account/oauth-clients/${c.id}`, undefined, ro)).status).toBe(
      403,
    );
    expect((await putThumb(c.id, PNG, "image/png", ro)).status).toBe(403);
  });

  it("reset gives a new plaintext secret; the old one stops working at once", async () => {
    const c = await create();
    const r = await call("POST", `/v4/account/oauth-clients/${c.id}/reset-secret`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: c.id, label: c.label, status: "active" });
    expect(r.body.secret).not.toBe(c.secret);
    expect(r.body.secret).not.toBe("<REDACTED>");
    expect((await control("oauth-token", { clientId: c.id, secret: c.secret })).status).toBe(401);
    expect((await control("oauth-token", { clientId: c.id, secret: r.body.secret })).status).toBe(
      200,
    );
    expect((await call("GET", "/v4/account/events")).body.data[0].action).toBe(
      "oauth_client_secret_reset",
    );
  });

  it("delete answers {} and invalidates every token issued to the client", async () => {
    const c = await create();
    const other = await create({ label: "other" });
    const { token } = (
      await control("oauth-token", { clientId: c.id, scopes: ["account:read_only"] })
    ).body;
    const { token: keep } = (
      await control("oauth-token", { clientId: other.id, scopes: ["account:read_only"] })
    ).body;
    expect((await call("GET", "/v4/account", undefined, token)).status).toBe(200);
    expect((await call("GET", "/v4/account/oauth-clients", undefined, token)).status).toBe(200);
    const r = await call("DELETE", `/v4/account/oauth-clients/${c.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    expect((await call("GET", "/v4/account", undefined, token)).status).toBe(401);
    expect((await call("GET", "/v4/account", undefined, keep)).status).toBe(200);
    expect((await call("GET", `/v4/account/oauth-clients/${c.id}`)).status).toBe(404);
    expect((await control("oauth-token", { clientId: c.id })).status).toBe(401);
  });

  it("oauth-token honours its scopes", async () => {
    const c = await create();
    const { token } = (
      await control("oauth-token", { clientId: c.id, scopes: ["events:read_only"] })
    ).body;
    expect((await call("GET", "/v4/account/events", undefined, token)).status).toBe(200);
    expect((await call("GET", "/v4/account", undefined, token)).status).toBe(403);
    expect((await control("oauth-token", { clientId: c.id, scopes: ["nope"] })).status).toBe(400);
  });

  it("thumbnail: update with a raw image, public view returns the bytes and type; thumbnail_url points there", async () => {
    const c = await create();
    expect((await send(`${ref.url}/v4/account/oauth-clients/${c.id}/thumbnail`)).status).toBe(404);
    const up = await putThumb(c.id, PNG, "image/png");
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({});
    const view = await send(`${ref.url}/v4/account/oauth-clients/${c.id}/thumbnail`);
    expect(view.status).toBe(200);
    expect(view.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await view.arrayBuffer()).equals(PNG)).toBe(true);
    const url = (await call("GET", `/v4/account/oauth-clients/${c.id}`)).body.thumbnail_url;
    expect(url).toBe(`${ref.url}/v4/account/oauth-clients/${c.id}/thumbnail`);
    expect((await putThumb(c.id, PNG, "application/json")).status).toBe(415);
    expect((await putThumb(c.id, PNG, "text/plain")).status).toBe(415);
    expect((await putThumb(c.id, Buffer.alloc(0), "image/png")).status).toBe(400);
    expect((await send(`${ref.url}/v4/account/oauth-clients/nope/thumbnail`)).status).toBe(404);
  });

  it("fault oauth-secret-in-view", async () => {
    const c = await create();
    await faults("oauth-secret-in-view");
    expect((await call("GET", `/v4/account/oauth-clients/${c.id}`)).body.secret).toBe(c.secret);
  });

  it("fault oauth-old-secret-valid", async () => {
    const c = await create();
    await call("POST", `/v4/account/oauth-clients/${c.id}/reset-secret`);
    await faults("oauth-old-secret-valid");
    expect((await control("oauth-token", { clientId: c.id, secret: c.secret })).status).toBe(200);
  });

  it("fault oauth-reset-other-account", async () => {
    const c = await create();
    await faults("oauth-reset-other-account");
    expect(
      (await call("POST", `/v4/account/oauth-clients/${c.id}/reset-secret`, undefined, SECONDARY))
        .status,
    ).toBe(200);
    expect((await control("oauth-token", { clientId: c.id, secret: c.secret })).status).toBe(401);
  });

  it("fault oauth-tokens-survive-delete", async () => {
    const c = await create();
    const { token } = (await control("oauth-token", { clientId: c.id })).body;
    await faults("oauth-tokens-survive-delete");
    await call("DELETE", `/v4/account/oauth-clients/${c.id}`);
    expect((await call("GET", "/v4/account", undefined, token)).status).toBe(200);
  });

  it("fault oauth-thumbnail-needs-auth", async () => {
    const c = await create();
    await putThumb(c.id, PNG, "image/png");
    await faults("oauth-thumbnail-needs-auth");
    expect((await send(`${ref.url}/v4/account/oauth-clients/${c.id}/thumbnail`)).status).toBe(401);
    await faults();
    expect((await send(`${ref.url}/v4/account/oauth-clients/${c.id}/thumbnail`)).status).toBe(200);
  });
});
