// OAuth clients: list, create, view, update, delete, secret reset, thumbnail view and update.
// Clients are private to their account (another account's client is 404), except the thumbnail,
// which is public. The secret is shown in plaintext by create and reset only.
import { randomBytes } from "node:crypto";
import type { Area } from "../area.ts";
import { ApiError, badRequest, EMPTY, notFound, ok, unauthorized } from "../http.ts";
import { paginate } from "../paginate.ts";
import type { Ctx, Router } from "../router.ts";
import { ALL_SCOPES, type Account, type State } from "../state.ts";
import { Fields, loosen } from "../validate.ts";

export const REDACTED = "<REDACTED>";

interface Client {
  id: string;
  label: string;
  public: boolean;
  redirect_uri: string;
  secret: string;
  /** secrets replaced by a reset (only honoured under the `oauth-old-secret-valid` fault) */
  oldSecrets: string[];
  status: "active" | "disabled" | "suspended";
  thumbnail: { data: Buffer; contentType: string } | null;
  account: Account;
}

/** Every client of the platform by ID (thumbnail view is public, so it is found without an account). */
const registry = (state: State) =>
  state.globalArea("oauth-clients", () => new Map<string, Client>());
const accountClients = (state: State, account: Account) =>
  state.area(account, "oauth-clients", () => new Map<string, Client>());
/** Deleted clients of an account, kept only for the `oauth-deleted-reset-ok` fault. */
const deletedClients = (state: State, account: Account) =>
  state.area(account, "oauth-clients-deleted", () => new Map<string, Client>());

const newSecret = () => randomBytes(32).toString("hex");
const entity = (c: Client) => ({
  id: c.id,
  label: c.label,
  type: "oauth_client",
  url: `/v4/account/oauth-clients/${c.id}`,
});

function view(ctx: Ctx, c: Client, plaintext = false) {
  return {
    id: c.id,
    label: c.label,
    public: c.public,
    redirect_uri: c.redirect_uri,
    secret:
      plaintext || ctx.faults.has("oauth-secret-in-view")
        ? c.secret
        : ctx.variants.has("redaction-text")
          ? "********"
          : REDACTED,
    status: c.status,
    thumbnail_url: c.thumbnail ? `${ctx.baseUrl}/v4/account/oauth-clients/${c.id}/thumbnail` : null,
  };
}

function findClient(ctx: Ctx): Client {
  const id = ctx.params.clientId ?? "";
  const c = accountClients(ctx.state, ctx.account).get(id);
  if (c) return c;
  if (ctx.faults.has("oauth-reset-other-account") && ctx.path.endsWith("/reset-secret")) {
    const other = registry(ctx.state).get(id);
    if (other) return other;
  }
  if (ctx.faults.has("oauth-deleted-reset-ok") && ctx.path.endsWith("/reset-secret")) {
    const gone = deletedClients(ctx.state, ctx.account).get(id);
    if (gone) return gone;
  }
  throw notFound("OAuth client not found");
}

function readFields(ctx: Ctx, create: boolean) {
  const f = new Fields(ctx.json());
  const label = f.string("label", { required: create, min: 1, max: 512 });
  const redirect_uri = f.string("redirect_uri", { required: create, format: "url" });
  if (ctx.faults.has("oauth-public-truthy")) loosen(f.body, "public", "truthy");
  const isPublic = f.bool("public");
  f.done();
  // fault: a column narrower than the stated 512 characters
  const cut = ctx.faults.has("oauth-label-cut-255") && typeof label === "string";
  return { label: cut ? label.slice(0, 255) : label, redirect_uri, isPublic };
}

function emit(ctx: Ctx, c: Client, action: string) {
  ctx.state.emit(c.account, { action, username: ctx.user.username, entity: entity(c) });
}

function createClient(ctx: Ctx) {
  const { label, redirect_uri, isPublic } = readFields(ctx, true);
  let id: string;
  do id = randomBytes(10).toString("hex");
  while (registry(ctx.state).has(id));
  const c: Client = {
    id,
    label: label!,
    public: isPublic ?? false,
    redirect_uri: redirect_uri!,
    secret: newSecret(),
    oldSecrets: [],
    status: "active",
    thumbnail: null,
    account: ctx.account,
  };
  registry(ctx.state).set(id, c);
  accountClients(ctx.state, ctx.account).set(id, c);
  emit(ctx, c, "oauth_client_create");
  // the one look at the secret before a reset (README: choices); a variant shows none
  return ok(view(ctx, c, !ctx.variants.has("oauth-create-secret-redacted")));
}

function updateClient(ctx: Ctx) {
  const c = findClient(ctx);
  const { label, redirect_uri, isPublic } = readFields(ctx, false);
  if (typeof label === "string") c.label = label;
  if (typeof redirect_uri === "string") c.redirect_uri = redirect_uri;
  if (typeof isPublic === "boolean") c.public = isPublic;
  emit(ctx, c, "oauth_client_update");
  return ok(view(ctx, c));
}

/** Delete: every token issued to the client goes with it. */
function deleteClient(ctx: Ctx) {
  const c = findClient(ctx);
  accountClients(ctx.state, ctx.account).delete(c.id);
  deletedClients(ctx.state, ctx.account).set(c.id, c);
  registry(ctx.state).delete(c.id);
  if (!ctx.faults.has("oauth-tokens-survive-delete")) {
    for (const [token, p] of ctx.state.tokens)
      if (p.clientId === c.id) ctx.state.tokens.delete(token);
  }
  emit(ctx, c, "oauth_client_delete");
  return EMPTY;
}

/** Reset: answers the new plaintext secret; the old one is refused at once. */
function resetSecret(ctx: Ctx) {
  const c = findClient(ctx);
  c.oldSecrets.push(c.secret);
  c.secret = newSecret();
  emit(ctx, c, "oauth_client_secret_reset");
  return ok(view(ctx, c, true));
}

/** Thumbnail view: public, any account's client; the bytes with the content type they came with. */
function viewThumbnail(ctx: Ctx) {
  if (ctx.faults.has("oauth-thumbnail-needs-auth") && !ctx.principal)
    throw unauthorized("Authentication required");
  const c = registry(ctx.state).get(ctx.params.clientId ?? "");
  if (!c) throw notFound("OAuth client not found");
  if (!c.thumbnail) throw notFound("This OAuth client has no thumbnail");
  return { raw: c.thumbnail.data, contentType: c.thumbnail.contentType };
}

/** Thumbnail update: a non-empty raw body with an image/* content type, stored as sent. */
function updateThumbnail(ctx: Ctx) {
  const c = findClient(ctx);
  const type = (ctx.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (!/^image\/[a-z0-9.+-]+$/.test(type))
    throw new ApiError(415, [
      {
        field: null,
        reason: "The thumbnail must be sent as a raw image with an image/* content type",
      },
    ]);
  if (ctx.raw.length === 0) throw badRequest("The thumbnail image is empty");
  if (!(c.thumbnail && ctx.faults.has("oauth-thumbnail-first-kept")))
    c.thumbnail = { data: Buffer.from(ctx.raw), contentType: type };
  emit(ctx, c, "oauth_client_update");
  return EMPTY;
}

export const oauthClientsArea: Area = {
  name: "oauth-clients",

  register(r: Router) {
    r.get("/v4/account/oauth-clients", "account:read_only", (ctx) =>
      paginate(
        ctx,
        [...accountClients(ctx.state, ctx.account).values()].map((c) => view(ctx, c)),
      ),
    );
    r.post("/v4/account/oauth-clients", "account:read_write", createClient);
    r.get("/v4/account/oauth-clients/{clientId}", "account:read_only", (ctx) =>
      ok(view(ctx, findClient(ctx))),
    );
    r.put("/v4/account/oauth-clients/{clientId}", "account:read_write", updateClient);
    r.delete("/v4/account/oauth-clients/{clientId}", "account:read_write", deleteClient);
    r.post("/v4/account/oauth-clients/{clientId}/reset-secret", "account:read_write", resetSecret);
    r.get("/v4/account/oauth-clients/{clientId}/thumbnail", "none", viewThumbnail);
    r.put("/v4/account/oauth-clients/{clientId}/thumbnail", "account:read_write", updateThumbnail);
  },

  states: {
    /**
     * A token issued to an OAuth client (what the login at {auth_url} would give). With `secret`,
     * the exchange is checked like a private client's: a wrong or expired secret is refused (401).
     */
    "oauth-token"(c, p) {
      const id = p.clientId;
      if (typeof id !== "string") throw badRequest("clientId must be a string", "clientId");
      const client = registry(c.state).get(id);
      if (!client) throw unauthorized("Unknown or deleted OAuth client");
      if (p.secret !== undefined) {
        const valid =
          p.secret === client.secret ||
          (c.faults.has("oauth-old-secret-valid") &&
            client.oldSecrets.includes(p.secret as string));
        if (!valid) throw unauthorized("Invalid client secret");
      }
      const scopes = p.scopes ?? [...ALL_SCOPES];
      if (
        !Array.isArray(scopes) ||
        !scopes.every((s) => (ALL_SCOPES as readonly string[]).includes(s))
      ) {
        throw badRequest(`scopes must be an array of: ${ALL_SCOPES.join(", ")}`, "scopes");
      }
      const who = p.user ?? "admin";
      if (who !== "admin" && who !== "restricted" && who !== "secondary")
        throw badRequest("user must be admin, restricted or secondary", "user");
      return { token: c.state.issueToken(c.seeded[who], scopes as string[], undefined, client.id) };
    },
  },

  faults: [
    {
      name: "oauth-secret-in-view",
      requirement: "OAUTH-SECRET-1",
      description:
        "list, view and update show the plaintext secret instead of a redacted placeholder",
    },
    {
      name: "oauth-old-secret-valid",
      requirement: "OAUTH-SECRET-3",
      description:
        "after a reset the old secret still authenticates the client (oauth-token state with secret)",
    },
    {
      name: "oauth-deleted-reset-ok",
      requirement: "CONV-UNKNOWN-1",
      description: "the secret of a deleted client can still be reset (a new secret is answered)",
    },
    {
      name: "oauth-reset-other-account",
      requirement: "OAUTH-SECRET-4",
      description: "the secret of another account's client can be reset",
    },
    {
      name: "oauth-tokens-survive-delete",
      requirement: "OAUTH-DELETE-2",
      description: "tokens issued to a deleted client keep working",
    },
    {
      name: "oauth-thumbnail-needs-auth",
      requirement: "CONV-AUTH-6",
      description: "the thumbnail view refuses requests without a token",
    },
    {
      name: "oauth-thumbnail-first-kept",
      requirement: "OAUTH-THUMB-1",
      description:
        "a thumbnail update answers {} but a client that has a thumbnail keeps the first one",
    },
    {
      name: "oauth-label-cut-255",
      requirement: "CONV-RYW-4",
      description:
        "a label longer than 255 characters (up to the stated 512) is accepted but stored cut to 255",
    },
    {
      name: "oauth-public-truthy",
      requirement: "FIELD.createOAuthClient.public",
      description: 'create and update take any `public` value as a boolean (`"yes"` is true)',
    },
  ],
};
