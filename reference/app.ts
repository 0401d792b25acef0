// The reference target as a request handler: seeding, routing, control endpoint, error rendering.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError, badRequest, readBody, type Reply } from "./http.ts";
import { authorize, makeCtx, Router } from "./router.ts";
import { type Account, State, ALL_SCOPES } from "./state.ts";
import { coreFaults, Faults, type FaultSpec } from "./faults.ts";
import { Jobs, type JobMode } from "./jobs.ts";
import { ALL_VARIANTS, Variants } from "./variants.ts";
import { ListLag } from "./lag.ts";
import type { Area, ControlCtx, ProviderState, Seeded } from "./area.ts";
import { AREAS } from "./areas/index.ts";

export const CONTROL_PREFIX = "/__control";
export const SEEDED_TOKENS = {
  admin: "ref-admin-token",
  restricted: "ref-restricted-token",
  secondary: "ref-secondary-token",
} as const;

export interface AppOptions {
  faults?: string[];
  /** seeds the draws of a fault with a rate (`name~0.5`) */
  faultSeed?: number;
  /** legal variants (VARIANTS.md); `all` turns on every one */
  variants?: string[];
  jobs?: JobMode;
}

export const ALL_FAULTS: FaultSpec[] = [...coreFaults, ...AREAS.flatMap((a) => a.faults ?? [])];

/**
 * The one check of fault names given from outside (a flag, the environment, a script): what is
 * wrong with them, or undefined when every one is known. The caller prefixes where they came from.
 */
export function faultNamesError(names: readonly string[]): string | undefined {
  const unknown = names.filter((n) => !ALL_FAULTS.some((f) => f.name === n.split("~")[0]));
  if (unknown.length)
    return `unknown fault ${unknown.join(", ")}; reference/FAULTS.md lists the ${ALL_FAULTS.length} there are`;
  try {
    new Faults(ALL_FAULTS, names); // a rate after ~ that is not one
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
}

export class App {
  state!: State;
  seeded!: Seeded;
  readonly router = new Router();
  readonly faults: Faults;
  readonly variants: Variants;
  readonly jobs: Jobs;
  readonly states: Record<string, ProviderState>;
  /** the `lists-lag` variant's answers (reference/lag.ts) */
  private readonly listLag = new ListLag();
  baseUrl = "http://127.0.0.1";
  /** whether the `seeded-records` variant's records were made since the last reset */
  private existingMade = false;

  constructor(
    private opts: AppOptions = {},
    private areas: Area[] = AREAS,
  ) {
    this.faults = new Faults(ALL_FAULTS, opts.faults ?? [], opts.faultSeed);
    this.variants = new Variants(opts.variants ?? []);
    this.jobs = new Jobs(
      () => this.state,
      opts.jobs,
      () => this.variants.has("jobs-delayed"),
    );
    for (const a of areas) a.register(this.router);
    this.states = { ...coreStates, ...Object.assign({}, ...areas.map((a) => a.states ?? {})) };
    this.reset();
  }

  /** Back to the seeded start: two accounts, three users, their fixed tokens, each area's seed. */
  reset() {
    this.jobs.stop();
    this.listLag.clear();
    this.jobs.mode = this.opts.jobs ?? { kind: "instant" };
    const state = new State();
    const accountA = state.newAccount();
    const accountB = state.newAccount();
    const admin = state.newUser(accountA, "admin", false);
    const restricted = state.newUser(accountA, "restricted", true);
    const secondary = state.newUser(accountB, "secondary", false);
    state.issueToken(admin, null, SEEDED_TOKENS.admin);
    state.issueToken(restricted, null, SEEDED_TOKENS.restricted);
    state.issueToken(secondary, null, SEEDED_TOKENS.secondary);
    this.state = state;
    this.existingMade = false;
    this.seeded = { admin, restricted, secondary, accountA, accountB };
    for (const a of this.areas) a.seed?.(state, this.seeded);
  }

  handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let reply: Reply;
    try {
      const raw = await readBody(req);
      const url = new URL(req.url ?? "/", this.baseUrl);
      reply = url.pathname.startsWith(`${CONTROL_PREFIX}/`)
        ? this.control(req.method ?? "GET", url.pathname.slice(CONTROL_PREFIX.length), raw)
        : await this.api(req, url, raw);
    } catch (e) {
      reply = this.errorReply(e, req.url ?? "/");
    }
    this.send(res, reply);
  };

  private async api(req: IncomingMessage, url: URL, raw: Buffer): Promise<Reply> {
    if (this.variants.has("seeded-records") && !this.existingMade) await this.makeExisting();
    let path = url.pathname;
    if (this.faults.has("beta-prefix-missing")) {
      if (path.startsWith("/v4beta/"))
        throw new ApiError(404, [{ field: null, reason: "Not found" }]);
      if (path === "/v4/account/maintenance") path = "/v4beta/account/maintenance";
    }
    const method = req.method ?? "GET";
    const found = this.router.match(method === "HEAD" ? "GET" : method, path);
    if (found === undefined) throw new ApiError(404, [{ field: null, reason: "Not found" }]);
    if (found === "wrong-method")
      throw new ApiError(405, [{ field: null, reason: "Method not allowed" }], { allow: "" });
    const principal = authorize(
      this.state,
      this.faults,
      req.headers,
      found.route.access,
      this.variants,
    );
    const ctx = makeCtx({
      state: this.state,
      faults: this.faults,
      variants: this.variants,
      jobs: this.jobs,
      method,
      path,
      params: found.params,
      query: url.searchParams,
      headers: req.headers,
      raw,
      baseUrl: this.baseUrl,
      principal,
    });
    this.state.acting = principal?.user.account;
    const answer = async (): Promise<Reply> => {
      let reply: Reply;
      try {
        reply = await found.route.handler(ctx);
      } catch (e) {
        const idempotent = this.variants.idempotentDelete(method, found.params, e);
        if (!idempotent) throw this.foreign403(e, found.params, principal?.user.account);
        reply = idempotent;
      }
      if (!path.startsWith("/__objects/"))
        reply = this.variants.success(method, found.route.pattern, reply);
      return reply;
    };
    // variant lists-lag: a list may answer what it answered to the same request up to 0.5 s ago
    // (the events are late their own way: events-lag)
    const lagged =
      (method === "GET" || method === "HEAD") &&
      this.variants.has("lists-lag") &&
      !path.startsWith("/__objects/") &&
      !path.startsWith("/v4/account/events");
    const reply = lagged
      ? await this.listLag.serve(`${req.headers.authorization ?? ""} ${path}${url.search}`, answer)
      : await answer();
    if (this.faults.has("empty-reply-null") && isEmptyObject(reply.body) && !reply.raw)
      return { ...reply, body: null };
    return reply;
  }

  /**
   * The `foreign-403` variant: an ID another account owns answers 403 where this target answers 404
   * (both keep the object's existence from a stranger; the material gives no status).
   */
  private foreign403(e: unknown, params: Record<string, string>, caller?: Account): unknown {
    if (
      !(e instanceof ApiError) ||
      e.status !== 404 ||
      !caller ||
      !this.variants.has("foreign-403")
    )
      return e;
    const foreign = Object.values(params).some((v) => {
      const owner = /^\d{1,15}$/.test(v) ? this.state.owners.get(Number(v)) : undefined;
      return owner !== undefined && owner !== caller;
    });
    return foreign
      ? new ApiError(403, [{ field: null, reason: "You do not have access to this object" }])
      : e;
  }

  /** The `seeded-records` variant: account A already holds records nobody in this run made, as a live account does. */
  private async makeExisting() {
    this.existingMade = true;
    const principal = this.state.tokens.get(SEEDED_TOKENS.admin)!;
    for (const [path, body] of EXISTING) {
      const found = this.router.match("POST", path);
      if (!found || found === "wrong-method")
        throw new Error(`seeded-records: no route POST ${path}`);
      const raw = Buffer.from(JSON.stringify(body));
      const ctx = makeCtx({
        state: this.state,
        faults: this.faults,
        variants: this.variants,
        jobs: this.jobs,
        method: "POST",
        path,
        params: found.params,
        query: new URLSearchParams(),
        headers: { "content-type": "application/json" },
        raw,
        baseUrl: this.baseUrl,
        principal,
      });
      await found.route.handler(ctx);
    }
  }

  private control(method: string, path: string, raw: Buffer): Reply {
    const body = raw.length ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {};
    if (path === "/faults") {
      if (method === "POST") {
        const names = body.faults;
        if (!Array.isArray(names))
          throw badRequest("faults must be an array of fault names", "faults");
        this.faults.set(names as string[]);
      }
      return { body: { active: this.faults.list(), known: ALL_FAULTS } };
    }
    if (path === "/variants") {
      if (method === "POST") {
        const names = body.variants;
        if (!Array.isArray(names))
          throw badRequest("variants must be an array of variant names", "variants");
        this.variants.set(names as string[]);
      }
      return { body: { active: this.variants.list(), known: ALL_VARIANTS } };
    }
    if (path === "/states" && method === "POST") {
      const name = body.state;
      const fn = typeof name === "string" ? this.states[name] : undefined;
      if (!fn)
        throw new ApiError(404, [
          { field: "state", reason: `unknown provider state ${String(name)}` },
        ]);
      const params = (body.params ?? {}) as Record<string, unknown>;
      const c: ControlCtx = {
        state: this.state,
        jobs: this.jobs,
        faults: this.faults,
        seeded: this.seeded,
        baseUrl: this.baseUrl,
      };
      if (name === "reset") this.reset();
      const result = name === "reset" ? {} : fn(c, params);
      return { body: result ?? {} };
    }
    if (path === "/states" && method === "GET")
      return { body: { states: Object.keys(this.states).sort() } };
    throw new ApiError(404, [{ field: null, reason: "Not found" }]);
  }

  private errorReply(e: unknown, url: string): Reply {
    if (e instanceof ApiError) {
      if (this.faults.has("error-body-plain"))
        return { status: e.status, raw: Buffer.from(e.message), contentType: "text/plain" };
      const errors = this.faults.has("error-field-not-named")
        ? e.errors.map((x) => ({ ...x, field: null }))
        : e.errors;
      // the data plane and the control endpoint are not the material's API: variants leave them
      if (url.startsWith(CONTROL_PREFIX) || url.startsWith("/__objects/"))
        return { status: e.status, body: { errors }, headers: e.headers };
      return {
        ...this.variants.error({
          status: e.status,
          errors,
          scope: e.scope,
          fixedStatus: e.fixedStatus,
        }),
        headers: e.headers,
      };
    }
    const reason =
      e instanceof SyntaxError
        ? "Request body must be valid JSON"
        : "Internal error; please open a support ticket";
    return {
      status: e instanceof SyntaxError ? 400 : 500,
      body: { errors: [{ field: null, reason }] },
    };
  }

  private send(res: ServerResponse, reply: Reply) {
    const status = reply.status ?? 200;
    const headers: Record<string, string | number> = { ...(reply.headers ?? {}) };
    let payload: Buffer;
    if (reply.raw) {
      payload = reply.raw;
      headers["content-type"] = reply.contentType ?? "application/octet-stream";
    } else {
      payload = Buffer.from(JSON.stringify(reply.body === undefined ? {} : reply.body));
      headers["content-type"] = this.variants.has("json-charset")
        ? "application/json; charset=utf-8"
        : "application/json";
    }
    headers["content-length"] = payload.length;
    res.writeHead(status, headers);
    res.end(payload);
  }
}

/** What the `seeded-records` variant puts on account A before the first request (all as `admin`). */
const EXISTING: [string, Record<string, unknown>][] = [
  [
    "/v4/vm/instances",
    { region: "us-east", type: "vm-nano-1", label: "existing-vm-1", tags: ["existing"] },
  ],
  ["/v4/vm/instances", { region: "eu-central", type: "vm-nano-1", label: "existing-vm-2" }],
  ["/v4/object-storage/buckets/", { cluster: "us-east-1", label: "existing-bucket" }],
  ["/v4/object-storage/keys", { label: "existing-key" }],
  [
    "/v4/account/oauth-clients",
    { label: "existing-client", redirect_uri: "https://example.com/callback" },
  ],
  ["/v4/managed/contacts", { name: "Existing Contact", email: "ops@example.com" }],
  [
    "/v4/managed/credentials",
    { label: "existing-credential", password: "Existing-Passw0rd", username: "ops" },
  ],
  [
    "/v4/managed/services",
    {
      label: "existing-service",
      service_type: "url",
      address: "https://example.com/health",
      timeout: 30,
    },
  ],
  ["/v4/support/tickets", { summary: "Existing ticket", description: "Opened before the run." }],
  [
    "/v4/vm/recipes",
    { label: "existing-recipe", images: ["vm/debian12"], script: "#!/bin/sh\necho hello\n" },
  ],
  ["/v4/tags", { label: "existing-tag" }],
];

const isEmptyObject = (b: unknown) =>
  !!b && typeof b === "object" && !Array.isArray(b) && Object.keys(b).length === 0;

function userFor(c: ControlCtx, who: unknown) {
  const u =
    who === undefined ? c.seeded.admin : c.seeded[who as "admin" | "restricted" | "secondary"];
  if (!u || typeof u !== "object")
    throw badRequest("user must be admin, restricted or secondary", "user");
  return u;
}

/** Provider states of the core (identity, clock, jobs). Areas add their own. */
const coreStates: Record<string, ProviderState> = {
  token(c, p) {
    const scopes = p.scopes;
    if (
      !Array.isArray(scopes) ||
      !scopes.every((s) => (ALL_SCOPES as readonly string[]).includes(s))
    ) {
      throw badRequest(`scopes must be an array of: ${ALL_SCOPES.join(", ")}`, "scopes");
    }
    return { token: c.state.issueToken(userFor(c, p.user), scopes as string[]) };
  },
  "rate-limited"(c, p) {
    const requests = p.requests ?? 1;
    if (!Number.isInteger(requests) || (requests as number) < 1)
      throw badRequest("requests must be an integer of at least 1", "requests");
    const token = c.state.issueToken(c.seeded.admin, null);
    c.state.tokens.get(token)!.limited = requests as number;
    return { token };
  },
  "restricted-user"(c, p) {
    const n = c.state.id();
    const user = c.state.newUser(c.seeded.accountA, `restricted-${n}`, true);
    const g = (p.grants ?? {}) as {
      add_vms?: boolean;
      vms?: { id: number; permissions: "read_only" | "read_write" }[];
    };
    user.grants.add_vms = g.add_vms === true;
    for (const v of g.vms ?? []) user.grants.vms.set(v.id, v.permissions);
    return { token: c.state.issueToken(user, null), username: user.username };
  },
  "second-account"(c) {
    const account = c.state.newAccount();
    const user = c.state.newUser(account, `owner-${account.id}`, false);
    return { token: c.state.issueToken(user, null), euuid: account.euuid };
  },
  "ssh-key"(c, p) {
    const username = typeof p.username === "string" ? p.username : c.seeded.admin.username;
    const user = c.seeded.accountA.users.get(username);
    if (!user) throw badRequest(`no user ${username} on the account`, "username");
    user.sshKeys.push(`ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA${username} ${username}@example`);
    return { username };
  },
  "jobs-hold"(c) {
    c.jobs.hold();
    return {};
  },
  "jobs-release"(c) {
    c.jobs.release();
    return {};
  },
  "clock-advance"(c, p) {
    if (typeof p.seconds !== "number" || !Number.isInteger(p.seconds) || p.seconds < 0)
      throw badRequest("seconds must be a non-negative integer", "seconds");
    c.state.advance(p.seconds);
    return { now: c.state.iso() };
  },
  reset: () => ({}),
};
