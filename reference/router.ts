// Routing, authentication and scope checks for every operation of the reference target.
import type { IncomingHttpHeaders } from "node:http";
import { ApiError, forbidden, notFound, parseJsonBody, unauthorized, type Reply } from "./http.ts";
import type { Account, EventRecord, Principal, State, User } from "./state.ts";
import type { Faults } from "./faults.ts";
import type { Variants } from "./variants.ts";
import { STRICT_BODIES } from "./validate.ts";
import type { Jobs } from "./jobs.ts";

/**
 * Who may call a route: a scope from the material's tables, `none` (public), or a scope followed
 * by `?` (anonymous callers are allowed too: the recipes list).
 */
export type Access = string;

export interface Ctx {
  state: State;
  faults: Faults;
  variants: Variants;
  jobs: Jobs;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** absolute base URL of this server, e.g. http://127.0.0.1:4010 */
  baseUrl: string;
  /** null for anonymous callers of public routes */
  principal: Principal | null;
  /** the caller (throws 401 on anonymous routes' handlers that need one) */
  user: User;
  account: Account;
  /** the parsed JSON body (`{}` when empty) */
  json(): Record<string, unknown>;
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

/** An event on the caller's account, done by the caller (most writes record one). */
export function emitByCaller(ctx: Ctx, action: string, entity: EventRecord["entity"]): void {
  ctx.state.emit(ctx.account, { action, username: ctx.user.username, entity });
}

interface Route {
  method: string;
  pattern: string;
  regex: RegExp;
  names: string[];
  access: Access;
  handler: Handler;
}

/** A read_write scope also grants the read_only scope of the same area. */
export function scopeSatisfied(have: Set<string> | null, need: string): boolean {
  if (have === null) return true;
  if (have.has(need)) return true;
  return need.endsWith(":read_only") && have.has(need.replace(/:read_only$/, ":read_write"));
}

export class Router {
  private routes: Route[] = [];

  add(method: string, pattern: string, access: Access, handler: Handler) {
    const names: string[] = [];
    const src = pattern
      .replace(/\/$/, "")
      .replace(/[.*?^$()|[\]\\]|\+(?!\})/g, "\\$&") // `+` of `{name+}` stays
      .replace(/\{(\w+)(\+?)\}/g, (_, n: string, rest: string) => {
        names.push(n);
        return rest ? "(.+)" : "([^/]+)"; // {name+} takes the rest of the path, slashes included
      });
    // trailing slash is optional: the material writes some list paths with one
    this.routes.push({ method, pattern, regex: new RegExp(`^${src}/?$`), names, access, handler });
  }

  get(p: string, a: Access, h: Handler) {
    this.add("GET", p, a, h);
  }
  post(p: string, a: Access, h: Handler) {
    this.add("POST", p, a, h);
  }
  put(p: string, a: Access, h: Handler) {
    this.add("PUT", p, a, h);
  }
  delete(p: string, a: Access, h: Handler) {
    this.add("DELETE", p, a, h);
  }

  /** Finds the route; literal segments win over parameters (`credentials/sshkey` over `{id}`). */
  match(
    method: string,
    path: string,
  ): { route: Route; params: Record<string, string> } | "wrong-method" | undefined {
    let best: { route: Route; params: Record<string, string>; literal: number } | undefined;
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.regex.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const literal = route.pattern.length - route.names.join("").length;
      if (best && best.literal >= literal) continue;
      const params: Record<string, string> = {};
      try {
        for (const [i, n] of route.names.entries()) params[n] = decodeURIComponent(m[i + 1]);
      } catch {
        continue;
      }
      best = { route, params, literal };
    }
    if (best) return best;
    return pathMatched ? "wrong-method" : undefined;
  }

  list() {
    return this.routes.map((r) => ({ method: r.method, pattern: r.pattern, access: r.access }));
  }
}

/** Resolves the bearer token and checks it against the route's access rule. */
export function authorize(
  state: State,
  faults: Faults,
  headers: IncomingHttpHeaders,
  access: Access,
  variants?: Variants,
): Principal | null {
  const header = headers.authorization;
  const token = header && /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const principal = token ? state.tokens.get(token) : undefined;
  if (access === "none") return principal ?? null;
  const optional = access.endsWith("?");
  if (!header && optional) return null;
  if (!principal) {
    if (!header && faults.has("auth-not-checked")) return [...state.tokens.values()][0];
    throw unauthorized(header ? "Invalid Token" : "Authentication required");
  }
  if (principal.limited) {
    // the `rate-limited` state: rate limits are not shown; this reference answers the design's 429
    principal.limited--;
    throw new ApiError(429, [{ field: null, reason: "Too many requests" }], { "retry-after": "1" });
  }
  const scope = optional ? access.slice(0, -1) : access;
  // faults authz-scope-ignored-<area>: any valid token is served by the area's operations
  if (faults.has(`authz-scope-ignored-${scope.split(":")[0]!.replace(/_/g, "-")}`))
    return principal;
  const lenient =
    scope === "vms:read_write" && faults.has("vm-write-scope-not-checked")
      ? "vms:read_only"
      : scope;
  // variant scopes-not-implied: a token needs the very scope the operation names; `a|b`: either one
  const satisfied = lenient
    .split("|")
    .some((one) =>
      variants?.has("scopes-not-implied")
        ? principal.scopes === null || principal.scopes.has(one)
        : scopeSatisfied(principal.scopes, one),
    );
  if (!satisfied) {
    const e = forbidden(`Your OAuth token is not authorized to use this endpoint (needs ${scope})`);
    e.scope = true;
    throw e;
  }
  return principal;
}

export function makeCtx(base: Omit<Ctx, "user" | "account" | "json">): Ctx {
  let body: Record<string, unknown> | undefined;
  const ctx = base as Ctx;
  Object.defineProperty(ctx, "user", {
    get() {
      if (!ctx.principal) throw unauthorized("Authentication required");
      return ctx.principal.user;
    },
  });
  Object.defineProperty(ctx, "account", { get: () => ctx.user.account });
  ctx.json = () => {
    if (body === undefined) {
      body = parseJsonBody(ctx.raw, ctx.headers["content-type"]);
      if (ctx.variants.has("unknown-members-refused")) STRICT_BODIES.add(body);
    }
    return body;
  };
  return ctx;
}

/** Integer path parameter; anything else names no resource. */
export function intParam(ctx: Ctx, name: string): number {
  const v = ctx.params[name];
  if (!/^\d{1,15}$/.test(v ?? "")) throw notFound();
  return Number(v);
}

export { ApiError };
