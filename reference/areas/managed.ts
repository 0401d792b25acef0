// Managed monitoring: contacts, credentials, the support SSH key, issues, per-instance settings,
// monitored services and stats (25 operations). Records are per account; IDs of another account
// are unknown (404). Whether the managed service must be enabled: not shown — these operations are
// served either way (only a ticket with managed_issue needs it, see support.ts).
import { isIP } from "node:net";
import type { Area } from "../area.ts";
import { badRequest, EMPTY, forbidden, notFound, ok } from "../http.ts";
import { paginate } from "../paginate.ts";
import { intParam, scopeSatisfied, type Ctx, type Router } from "../router.ts";
import type { Account, State } from "../state.ts";
import { findRegion } from "../data.ts";
import { Fields } from "../validate.ts";
import { openProviderTicket } from "./support.ts";

export interface Contact {
  id: number;
  name: string | null;
  email: string | null;
  group: string | null;
  phone: { primary: string | null; secondary: string | null };
  updated: string;
}

interface Credential {
  id: number;
  label: string;
  username: string | null;
  /** never returned */
  password: string;
  last_decrypted: string | null;
  created: string;
  updated: string;
}

interface Issue {
  id: number;
  created: string;
  entity: { id: number; label: string; type: string; url: string };
  services: number[];
}

interface Ssh {
  access: boolean;
  ip: string;
  port: number;
  user: string;
}

export interface Service {
  id: number;
  address: string;
  body: string | null;
  consultation_group: string;
  credentials: number[];
  label: string;
  notes: string | null;
  region: string | null;
  service_type: "url" | "tcp";
  timeout: number;
  /** `ok` while monitored, `disabled` while monitoring is temporarily disabled */
  status: "ok" | "disabled";
  created: string;
  updated: string;
}

interface Managed {
  contacts: Map<number, Contact>;
  credentials: Map<number, Credential>;
  issues: Map<number, Issue>;
  services: Map<number, Service>;
  settings: Map<number, Ssh>;
  sshKey: string;
}

export function managedOf(state: State, account: Account): Managed {
  return state.area(account, "managed", () => ({
    contacts: new Map(),
    credentials: new Map(),
    issues: new Map(),
    services: new Map(),
    settings: new Map(),
    sshKey: `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${Buffer.from(account.euuid).toString("base64").replace(/=+$/, "")} managedservices@reference.example`,
  }));
}

const m = (ctx: Ctx) => managedOf(ctx.state, ctx.account);

/** account:read_write checked in the handler (routes are registered with account:read_only). */
function needWrite(ctx: Ctx) {
  if (!scopeSatisfied(ctx.principal?.scopes ?? null, "account:read_write")) {
    throw forbidden(
      "Your OAuth token is not authorized to use this endpoint (needs account:read_write)",
    );
  }
}

function get<T>(map: Map<number, T>, ctx: Ctx, name: string): T {
  const r = map.get(intParam(ctx, name));
  if (!r) throw notFound();
  return r;
}

// ---------------------------------------------------------------------------------------------
// contacts

const PHONE = /^(?=.*\d)[0-9+().\-\s x]{1,32}$/i;

function contactFields(ctx: Ctx, into: Contact | undefined) {
  const f = new Fields(ctx.json());
  const name = f.string("name", { min: 2, max: 64 });
  const email = f.string("email", { format: "email", max: 128 });
  const group = f.string("group", { min: 2, max: 50, nullable: true });
  const phone = f.object("phone");
  let primary: string | null | undefined;
  let secondary: string | null | undefined;
  if (phone) {
    const p = f.nested("phone", phone);
    primary = p.string("primary", { nullable: true, pattern: PHONE });
    secondary = p.string("secondary", { nullable: true, pattern: PHONE });
  }
  f.done();
  const now = ctx.state.iso();
  const c: Contact = into ?? {
    id: ctx.state.id(),
    name: null,
    email: null,
    group: null,
    phone: { primary: null, secondary: null },
    updated: now,
  };
  if (name !== undefined) c.name = name;
  if (email !== undefined) c.email = email;
  if (group !== undefined) c.group = group;
  if (primary !== undefined) c.phone.primary = primary;
  if (secondary !== undefined) c.phone.secondary = secondary;
  c.updated = now;
  return c;
}

// ---------------------------------------------------------------------------------------------
// credentials

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

// ---------------------------------------------------------------------------------------------
// services

function ipv4Private(ip: string): boolean {
  const p = ip.split(".").map(Number);
  return (
    p[0] === 10 || (p[0] === 172 && p[1] >= 16 && p[1] <= 31) || (p[0] === 192 && p[1] === 168)
  );
}

/** The host of an address: a URL's hostname, or the host of a `host:port` form (tcp). */
function hostOf(address: string): string | undefined {
  try {
    const u = new URL(address);
    if (u.hostname) return u.hostname.replace(/^\[|\]$/g, "");
  } catch {
    /* not a URL */
  }
  const hp = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):(\d{1,5})$/.exec(address);
  return hp ? hp[1].replace(/^\[|\]$/g, "") : undefined;
}

export function isPrivateAddress(address: string): boolean {
  const host = hostOf(address);
  return !!host && isIP(host) === 4 && ipv4Private(host);
}

function serviceFields(ctx: Ctx, mg: Managed, into: Service | undefined): Service {
  const creating = !into;
  const body = ctx.json();
  const f = new Fields(body);
  let address = f.string("address", { min: 3, required: creating });
  if (address !== undefined && address !== null && !hostOf(address))
    address = f.fail("address", "must be a URL");
  const svcBody = f.string("body", { max: 100, nullable: true });
  const group = f.string("consultation_group", { max: 50 });
  const credentials = f.intArray("credentials");
  if (credentials) {
    const unknown = credentials.filter((id) => !mg.credentials.has(id));
    if (unknown.length) f.fail("credentials", `unknown credential ID(s) ${unknown.join(", ")}`);
  }
  const label = f.string("label", { min: 3, max: 64, required: creating });
  const notes = f.string("notes", { nullable: true });
  const region = f.string("region", { nullable: !creating });
  if (typeof region === "string" && !findRegion(region)) f.fail("region", "unknown region");
  const type = f.string("service_type", { oneOf: ["url", "tcp"], required: creating }) as
    | "url"
    | "tcp"
    | undefined;
  const timeout = ctx.faults.has("managed-timeout-unbounded")
    ? f.int("timeout", { required: creating })
    : f.int("timeout", { min: 1, max: 255, required: creating });
  // region: required for a private-IP address, not allowed otherwise (checked on the result)
  const addr = typeof address === "string" ? address : into?.address;
  if (addr !== undefined && (typeof address === "string" || region !== undefined)) {
    let reg = region !== undefined ? region : (into?.region ?? null);
    const priv = isPrivateAddress(addr);
    if (!priv && region === undefined && typeof address === "string") reg = null; // moving to a public address drops the region
    if (priv && !reg && !ctx.faults.has("managed-private-region-optional"))
      f.fail("region", "is required when address is a private IP");
    if (!priv && reg && !ctx.faults.has("managed-region-public-accepted"))
      f.fail("region", "may only be set when address is a private IP");
  }
  f.done();
  const now = ctx.state.iso();
  const s: Service = into ?? {
    id: ctx.state.id(),
    address: "",
    body: null,
    consultation_group: "",
    credentials: [],
    label: "",
    notes: null,
    region: null,
    service_type: "url",
    timeout: 30,
    status: "ok",
    created: now,
    updated: now,
  };
  if (typeof address === "string") {
    // query parameters are kept; a fragment is dropped
    s.address = ctx.faults.has("managed-fragment-kept") ? address : address.split("#")[0];
    if (region === undefined && !isPrivateAddress(s.address)) s.region = null;
  }
  if (svcBody !== undefined) s.body = svcBody;
  if (typeof group === "string") s.consultation_group = group;
  if (credentials) s.credentials = [...credentials];
  if (typeof label === "string") s.label = label;
  if (notes !== undefined) s.notes = notes;
  if (region !== undefined) s.region = region;
  if (type) s.service_type = type;
  if (typeof timeout === "number") s.timeout = timeout;
  s.updated = now;
  return s;
}

// ---------------------------------------------------------------------------------------------
// instance settings

const DEFAULT_SSH = (): Ssh => ({ access: true, ip: "0.0.0.0", port: 22, user: "root" });

function settingsView(mg: Managed, vm: { id: number; label: string; [k: string]: unknown }) {
  return {
    id: vm.id,
    label: vm.label,
    group: typeof vm.group === "string" ? vm.group : "",
    ssh: { ...(mg.settings.get(vm.id) ?? DEFAULT_SSH()) },
  };
}

// ---------------------------------------------------------------------------------------------
// stats

const STAT_KEYS = ["cpu", "disk", "swap", "net_in", "net_out"] as const;

function stats(ctx: Ctx) {
  const n = ctx.account.vms.size;
  const end = Math.floor(ctx.state.now().getTime() / 300_000) * 300_000;
  const data: Record<string, { x: number; y: number }[]> = {};
  STAT_KEYS.forEach((k, ki) => {
    const pts: { x: number; y: number }[] = [];
    for (let i = 287; i >= 0; i--) {
      const x = end - i * 300_000;
      const y =
        n === 0 ? 0 : Math.round(n * (10 + ki * 3 + 5 * Math.sin(x / 3_600_000 + ki)) * 100) / 100;
      pts.push({ x, y });
    }
    data[k] = pts;
  });
  return { data };
}

// ---------------------------------------------------------------------------------------------

const R = "account:read_only";
const W = "account:read_write";

function register(r: Router) {
  // contacts
  r.get("/v4/managed/contacts", R, (ctx) => paginate(ctx, [...m(ctx).contacts.values()]));
  r.post("/v4/managed/contacts", W, (ctx) => {
    const c = contactFields(ctx, undefined);
    m(ctx).contacts.set(c.id, c);
    return ok(c);
  });
  r.get("/v4/managed/contacts/{contactId}", R, (ctx) => {
    if (!ctx.faults.has("managed-contact-view-read-only")) needWrite(ctx);
    return ok(get(m(ctx).contacts, ctx, "contactId"));
  });
  r.put("/v4/managed/contacts/{contactId}", W, (ctx) =>
    ok(contactFields(ctx, get(m(ctx).contacts, ctx, "contactId"))),
  );
  r.delete("/v4/managed/contacts/{contactId}", W, (ctx) => {
    m(ctx).contacts.delete(get(m(ctx).contacts, ctx, "contactId").id);
    return EMPTY;
  });

  // credentials
  r.get("/v4/managed/credentials", R, (ctx) =>
    paginate(ctx, [...m(ctx).credentials.values()].map(credentialView)),
  );
  r.post("/v4/managed/credentials", W, (ctx) => {
    const mg = m(ctx);
    const f = new Fields(ctx.json());
    const label = f.string("label", { min: 2, max: 75, required: true });
    const password = f.string("password", { required: true });
    const username = f.string("username", { max: 5000 });
    if (label && labelTaken(mg, label) && !ctx.faults.has("managed-credential-label-duplicate"))
      f.fail("label", "is already used by another credential");
    f.done();
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
  });
  r.get("/v4/managed/credentials/sshkey", R, (ctx) => ok({ ssh_key: m(ctx).sshKey }));
  r.get("/v4/managed/credentials/{credentialId}", W, (ctx) =>
    ok(credentialView(get(m(ctx).credentials, ctx, "credentialId"))),
  );
  r.put("/v4/managed/credentials/{credentialId}", W, (ctx) => {
    const mg = m(ctx);
    const c = get(mg.credentials, ctx, "credentialId");
    const f = new Fields(ctx.json());
    const label = f.string("label", { min: 2, max: 75 });
    if (
      label &&
      labelTaken(mg, label, c.id) &&
      !ctx.faults.has("managed-credential-label-duplicate")
    )
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
  });
  r.post("/v4/managed/credentials/{credentialId}/revoke", W, (ctx) => {
    const mg = m(ctx);
    mg.credentials.delete(get(mg.credentials, ctx, "credentialId").id);
    for (const s of mg.services.values())
      s.credentials = s.credentials.filter((id) => mg.credentials.has(id));
    return EMPTY;
  });
  r.post("/v4/managed/credentials/{credentialId}/update", W, (ctx) => {
    const c = get(m(ctx).credentials, ctx, "credentialId");
    const f = new Fields(ctx.json());
    const password = f.string("password", { required: true });
    const username = f.string("username", { max: 5000 });
    f.done();
    c.password = password!;
    if (username !== undefined && !ctx.faults.has("managed-credential-username-not-stored"))
      c.username = username;
    c.updated = ctx.state.iso();
    return EMPTY;
  });

  // issues
  r.get("/v4/managed/issues", R, (ctx) => paginate(ctx, [...m(ctx).issues.values()]));
  r.get("/v4/managed/issues/{issueId}", R, (ctx) => ok(get(m(ctx).issues, ctx, "issueId")));

  // instance settings: one entry per instance of the account
  r.get("/v4/managed/vm-settings", R, (ctx) => {
    const mg = m(ctx);
    return paginate(
      ctx,
      [...ctx.account.vms.values()].map((vm) => settingsView(mg, vm)),
    );
  });
  r.get("/v4/managed/vm-settings/{vmId}", R, (ctx) =>
    ok(settingsView(m(ctx), get(ctx.account.vms, ctx, "vmId"))),
  );
  r.put("/v4/managed/vm-settings/{vmId}", W, (ctx) => {
    const mg = m(ctx);
    const vm = get(ctx.account.vms, ctx, "vmId");
    const f = new Fields(ctx.json());
    const ssh = f.object("ssh");
    const next = { ...(mg.settings.get(vm.id) ?? DEFAULT_SSH()) };
    if (ssh) {
      const s = f.nested("ssh", ssh);
      const access = s.bool("access");
      let ip = s.string("ip");
      if (typeof ip === "string" && !isIP(ip)) ip = s.fail("ip", "must be an IP address");
      const port = s.int("port", {
        min: ctx.faults.has("managed-ssh-port-zero") ? 0 : 1,
        max: 65535,
      });
      const user = s.string("user", { max: 32 });
      if (typeof access === "boolean") next.access = access;
      if (typeof ip === "string") next.ip = ip;
      if (typeof port === "number") next.port = port;
      if (typeof user === "string") next.user = user;
    }
    f.done();
    mg.settings.set(vm.id, next);
    return ok(settingsView(mg, vm));
  });

  // services
  r.get("/v4/managed/services", R, (ctx) => paginate(ctx, [...m(ctx).services.values()]));
  r.post("/v4/managed/services", W, (ctx) => {
    const mg = m(ctx);
    const s = serviceFields(ctx, mg, undefined);
    mg.services.set(s.id, s);
    ctx.state.emit(ctx.account, {
      action: "managed_service_create",
      username: ctx.user.username,
      entity: {
        id: s.id,
        label: s.label,
        type: "managed_service",
        url: `/v4/managed/services/${s.id}`,
      },
    });
    return ok(s);
  });
  // service view: the scope sentence names neither; either account scope is accepted
  r.get("/v4/managed/services/{serviceId}", R, (ctx) => ok(get(m(ctx).services, ctx, "serviceId")));
  r.put("/v4/managed/services/{serviceId}", W, (ctx) => {
    const mg = m(ctx);
    return ok(serviceFields(ctx, mg, get(mg.services, ctx, "serviceId")));
  });
  r.delete("/v4/managed/services/{serviceId}", W, (ctx) => {
    const mg = m(ctx);
    const s = get(mg.services, ctx, "serviceId");
    mg.services.delete(s.id);
    ctx.state.emit(ctx.account, {
      action: "managed_service_delete",
      username: ctx.user.username,
      entity: {
        id: s.id,
        label: s.label,
        type: "managed_service",
        url: `/v4/managed/services/${s.id}`,
      },
    });
    return EMPTY;
  });
  r.post("/v4/managed/services/{serviceId}/disable", W, (ctx) => {
    if (
      ctx.faults.has("managed-unknown-service-action-ok") &&
      !m(ctx).services.has(intParam(ctx, "serviceId"))
    )
      return EMPTY;
    const s = get(m(ctx).services, ctx, "serviceId");
    // disabling an already disabled service is a no-op success
    s.status = "disabled";
    s.updated = ctx.state.iso();
    return ok(s);
  });
  r.post("/v4/managed/services/{serviceId}/enable", W, (ctx) => {
    const s = get(m(ctx).services, ctx, "serviceId");
    s.status = "ok";
    s.updated = ctx.state.iso();
    return ok(s);
  });

  r.get("/v4/managed/stats", R, (ctx) => ok(stats(ctx)));
}

export const managedArea: Area = {
  name: "managed",
  register,
  faults: [
    {
      name: "managed-unknown-service-action-ok",
      requirement: "CONV-UNKNOWN-1",
      description: "disable of an unknown service ID answers {} instead of an error",
    },
    {
      name: "managed-region-public-accepted",
      requirement: "MNG-SVC-5",
      description: "a service whose address is not a private IP is accepted with a region",
    },
    {
      name: "managed-private-region-optional",
      requirement: "MNG-SVC-4",
      description: "a service whose address is a private IP is accepted without a region",
    },
    {
      name: "managed-fragment-kept",
      requirement: "MNG-SVC-6",
      description: "the URL fragment of a service address is stored instead of dropped",
    },
    {
      name: "managed-timeout-unbounded",
      requirement: "MNG-SVC-10",
      description: "service timeout outside 1..255 is accepted",
    },
    {
      name: "managed-ssh-port-zero",
      requirement: "MNG-SETTINGS-4",
      description: "instance settings accept ssh.port 0",
    },
    {
      name: "managed-credential-username-not-stored",
      requirement: "MNG-CRED-4",
      description:
        "credential username and password update answers `{}` but keeps the old username",
    },
    {
      name: "managed-credential-update-username",
      requirement: "MNG-CRED-3",
      description: "credential update (PUT) also changes the username",
    },
    {
      name: "managed-credential-label-duplicate",
      requirement: "MNG-CRED-2",
      description: "a credential label already in use is accepted",
    },
    {
      name: "managed-contact-view-read-only",
      requirement: "MNG-SCOPE-2",
      description: "contact view is served to a token with only account:read_only",
    },
  ],
  states: {
    "managed-issue"(c) {
      const account = c.seeded.accountA;
      const ticket = openProviderTicket(c.state, account, {
        summary: "Managed service issue detected",
        description: "Our monitoring detected a problem with one of your monitored services.",
      });
      const services = [...managedOf(c.state, account).services.keys()].slice(0, 1);
      const issue: Issue = {
        id: c.state.id(),
        created: c.state.iso(),
        entity: {
          id: ticket.id,
          label: ticket.summary,
          type: "ticket",
          url: `/support/tickets/${ticket.id}`,
        },
        services,
      };
      managedOf(c.state, account).issues.set(issue.id, issue);
      return { issueId: issue.id };
    },
    "managed-service"(c, p) {
      if (typeof p.enabled !== "boolean") throw badRequest("enabled must be a boolean", "enabled");
      const account = c.seeded.accountA;
      if (account.managedEnabled !== p.enabled) {
        account.managedEnabled = p.enabled;
        c.state.emit(account, {
          action: p.enabled ? "managed_enabled" : "managed_disabled",
          username: c.seeded.admin.username,
        });
      }
      return { enabled: account.managedEnabled };
    },
  },
};
