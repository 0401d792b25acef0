// Managed monitoring records of the reference target (per account) and the helpers its modules
// share. Written from the material alone.
import { forbidden, notFound } from "../../http.ts";
import { intParam, scopeSatisfied, type Ctx } from "../../router.ts";
import type { Account, State } from "../../state.ts";

export interface Contact {
  id: number;
  name: string | null;
  email: string | null;
  group: string | null;
  phone: { primary: string | null; secondary: string | null };
  updated: string;
}

export interface Credential {
  id: number;
  label: string;
  username: string | null;
  /** never returned */
  password: string;
  last_decrypted: string | null;
  created: string;
  updated: string;
}

export interface Issue {
  id: number;
  created: string;
  entity: { id: number; label: string; type: string; url: string };
  services: number[];
}

export interface Ssh {
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

export interface Managed {
  contacts: Map<number, Contact>;
  credentials: Map<number, Credential>;
  issues: Map<number, Issue>;
  services: Map<number, Service>;
  /** instance ID → its SSH settings, once changed from the default */
  settings: Map<number, Ssh>;
  sshKey: string;
  /** revoked credentials and deleted services, kept only for the fault switches that still serve them */
  removed: { credentials: Map<number, Credential>; services: Map<number, Service> };
}

/** Who may call a managed route: either account scope reads, account:read_write writes. */
/**
 * Variant managed-text-conservative: contact names and credential and service labels hold ASCII
 * letters, digits, "-", "_", "." and spaces only (the material gives them a length and no alphabet).
 */
export const nameRule = (ctx: Ctx): { pattern?: RegExp } =>
  ctx.variants.has("managed-text-conservative") ? { pattern: /^[A-Za-z0-9 _.-]*$/ } : {};

export const R = "account:read_only";
export const W = "account:read_write";
/** either account scope (the views the scope sentence names neither way, or checks in the handler) */
export const EITHER = "account:read_only|account:read_write";

export function managedOf(state: State, account: Account): Managed {
  return state.area(account, "managed", () => ({
    contacts: new Map(),
    credentials: new Map(),
    issues: new Map(),
    services: new Map(),
    settings: new Map(),
    removed: { credentials: new Map(), services: new Map() },
    sshKey: `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ${Buffer.from(account.euuid).toString("base64").replace(/=+$/, "")} managedservices@reference.example`,
  }));
}

/** The caller's account's managed records. */
export const callerManaged = (ctx: Ctx) => managedOf(ctx.state, ctx.account);

/** account:read_write checked in the handler (routes are registered with account:read_only). */
export function needWrite(ctx: Ctx) {
  if (!scopeSatisfied(ctx.principal?.scopes ?? null, "account:read_write")) {
    throw forbidden(
      "Your OAuth token is not authorized to use this endpoint (needs account:read_write)",
    );
  }
}

/** The record of `map` named by the path parameter `param`; 404 when there is none. */
export function recordOf<T>(map: Map<number, T>, ctx: Ctx, param: string): T {
  const r = map.get(intParam(ctx, param));
  if (!r) throw notFound();
  return r;
}

/**
 * recordOf, but while `fault` is on a record deleted from `map` is still found in `removed`: a
 * delete that left the record behind for this operation.
 */
export function recordOrRemoved<T>(
  map: Map<number, T>,
  removed: Map<number, T>,
  ctx: Ctx,
  param: string,
  fault: string,
): T {
  const gone = ctx.faults.has(fault) ? removed.get(intParam(ctx, param)) : undefined;
  return gone && !map.has(intParam(ctx, param)) ? gone : recordOf(map, ctx, param);
}
