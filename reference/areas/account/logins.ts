// Logins: one per user of the account (seeded on first look), newest first, 90-day window;
// unrestricted users only.
import type { ProviderState, Seeded } from "../../area.ts";
import { badRequest, forbidden, notFound, ok } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import { intParam, type Ctx, type Router } from "../../router.ts";
import type { State, User } from "../../state.ts";
import { accountData, DAY_MS, type AccountData, type Login } from "./common.ts";

const RETENTION_MS = 90 * DAY_MS;

/** One login per user of the account (seeded on first look), newest first; last 90 days only. */
function visibleLogins(ctx: Ctx): Login[] {
  const d = accountData(ctx.state, ctx.account);
  for (const u of ctx.account.users.values())
    if (!d.loginSeeded.has(u.username)) addLogin(ctx.state, d, u, 60);
  const cutoff = ctx.state.now().getTime() - RETENTION_MS;
  const all = ctx.faults.has("logins-not-windowed")
    ? d.logins
    : d.logins.filter((l) => Date.parse(l.datetime) >= cutoff);
  return [...all].sort((a, b) => b.id - a.id);
}

function addLogin(state: State, d: AccountData, u: User, minutesAgo: number): Login {
  d.loginSeeded.add(u.username);
  const login = {
    id: state.id(),
    datetime: state.iso(new Date(state.now().getTime() - minutesAgo * 60_000)),
    ip: `192.0.2.${(d.logins.length % 250) + 1}`,
    restricted: u.restricted,
    username: u.username,
  };
  d.logins.push(login);
  return login;
}

function loginsAllowed(ctx: Ctx) {
  if (ctx.user.restricted && !ctx.faults.has("logins-restricted-visible"))
    throw forbidden("Logins are available only to unrestricted users");
}

export function registerLogins(r: Router) {
  r.get("/v4/account/logins", "account:read_only", (ctx) => {
    loginsAllowed(ctx);
    const logins = visibleLogins(ctx);
    return paginate(
      ctx,
      ctx.faults.has("logins-list-restricted-false")
        ? logins.map((l) => ({ ...l, restricted: false }))
        : logins,
    );
  });
  r.get("/v4/account/logins/{loginId}", "account:read_only", (ctx) => {
    loginsAllowed(ctx);
    const id = intParam(ctx, "loginId");
    const login = visibleLogins(ctx).find((l) => l.id === id);
    if (!login) throw notFound("Login not found");
    return ok(login);
  });
}

/** One login of account A older than the 90-day window, never listed. */
export function seedOldLogin(state: State, seeded: Seeded) {
  const d = accountData(state, seeded.accountA);
  d.logins.push({
    id: state.id(),
    datetime: state.iso(new Date(state.now().getTime() - 100 * DAY_MS)),
    ip: "198.51.100.7",
    restricted: false,
    username: seeded.admin.username,
  });
}

/** `login`: a login of account A's admin (or, with `restricted: true`, its restricted user) now. */
export const loginState: ProviderState = (c, p) => {
  if (p.restricted !== undefined && typeof p.restricted !== "boolean")
    throw badRequest("restricted must be a boolean", "restricted");
  const user = p.restricted ? c.seeded.restricted : c.seeded.admin;
  const d = accountData(c.state, c.seeded.accountA);
  return { loginId: addLogin(c.state, d, user, 0).id };
};
