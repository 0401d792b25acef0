// Managed credentials (the password is never returned) and the support SSH key.
import { EMPTY, ok } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import type { Ctx, Router } from "../../router.ts";
import { racePause } from "../../faults.ts";
import { Fields } from "../../validate.ts";
import {
  callerManaged,
  R,
  recordOf,
  recordOrRemoved,
  W,
  type Credential,
  type Managed,
  nameRule,
} from "./common.ts";

const credentialView = (c: Credential) => ({
  id: c.id,
  label: c.label,
  username: c.username,
  last_decrypted: c.last_decrypted,
  created: c.created,
  updated: c.updated,
});

function labelTaken(mg: Managed, label: string, except?: number) {
  for (const c of mg.credentials.values()) if (c.label === label && c.id !== except) return true;
  return false;
}

async function createCredential(ctx: Ctx) {
  const mg = callerManaged(ctx);
  const f = new Fields(ctx.json());
  const label = f.string("label", { min: 2, max: 75, required: true, ...nameRule(ctx) });
  const password = f.string("password", { required: true });
  let username = f.string("username", { max: 5000 });
  if (label && labelTaken(mg, label) && !ctx.faults.has("managed-credential-label-duplicate"))
    f.fail("label", "is already used by another credential");
  f.done();
  // fault: the label checked, then a pause before the credential is stored (creates sent together
  // all pass the check)
  if (ctx.faults.has("managed-credential-label-race")) await racePause();
  // fault: a column narrower than the stated 5000 characters
  if (typeof username === "string" && ctx.faults.has("managed-credential-username-cut-255"))
    username = username.slice(0, 255);
  const now = ctx.state.iso();
  const c: Credential = {
    id: ctx.state.id(),
    label: label!,
    password: password!,
    username: username ?? null,
    last_decrypted: null,
    created: now,
    updated: now,
  };
  mg.credentials.set(c.id, c);
  return ok(credentialView(c));
}

/** PUT: the label only; username and password change only through the dedicated update. */
function updateCredential(ctx: Ctx) {
  const mg = callerManaged(ctx);
  const c = recordOf(mg.credentials, ctx, "credentialId");
  const f = new Fields(ctx.json());
  const label = f.string("label", { min: 2, max: 75, ...nameRule(ctx) });
  if (label && labelTaken(mg, label, c.id) && !ctx.faults.has("managed-credential-label-duplicate"))
    f.fail("label", "is already used by another credential");
  // username and password are changed only by the dedicated update operation: ignored here
  const username = ctx.faults.has("managed-credential-update-username")
    ? f.string("username", { max: 5000 })
    : undefined;
  f.done();
  if (label) c.label = label;
  if (username !== undefined) c.username = username;
  c.updated = ctx.state.iso();
  return ok(credentialView(c));
}

/** Revoke: the credential goes, and every service that named it forgets it. */
function revokeCredential(ctx: Ctx) {
  const mg = callerManaged(ctx);
  const c = recordOf(mg.credentials, ctx, "credentialId");
  mg.credentials.delete(c.id);
  mg.removed.credentials.set(c.id, c);
  for (const s of mg.services.values())
    s.credentials = s.credentials.filter((id) => mg.credentials.has(id));
  return EMPTY;
}

/** POST …/update: the username and password update; answers `{}`. */
function updateUsernamePassword(ctx: Ctx) {
  const c = recordOf(callerManaged(ctx).credentials, ctx, "credentialId");
  const f = new Fields(ctx.json());
  const password = f.string("password", { required: true });
  const username = f.string("username", { max: 5000 });
  f.done();
  c.password = password!;
  if (username !== undefined && !ctx.faults.has("managed-credential-username-not-stored"))
    c.username = username;
  c.updated = ctx.state.iso();
  return EMPTY;
}

export function registerCredentials(r: Router) {
  r.get("/v4/managed/credentials", R, (ctx) =>
    paginate(ctx, [...callerManaged(ctx).credentials.values()].map(credentialView)),
  );
  r.post("/v4/managed/credentials", W, createCredential);
  r.get("/v4/managed/credentials/sshkey", R, (ctx) => ok({ ssh_key: callerManaged(ctx).sshKey }));
  r.get("/v4/managed/credentials/{credentialId}", W, (ctx) => {
    const mg = callerManaged(ctx);
    const fault = "managed-credential-revoked-viewable";
    return ok(
      credentialView(
        recordOrRemoved(mg.credentials, mg.removed.credentials, ctx, "credentialId", fault),
      ),
    );
  });
  r.put("/v4/managed/credentials/{credentialId}", W, updateCredential);
  r.post("/v4/managed/credentials/{credentialId}/revoke", W, revokeCredential);
  r.post("/v4/managed/credentials/{credentialId}/update", W, updateUsernamePassword);
}
