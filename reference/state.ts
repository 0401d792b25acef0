// In-memory state of the reference target: accounts, users, tokens, a clock and ID counters.
// Each area keeps its own records in `account.areas` (see `areaState`), so areas stay apart;
// the few records several areas read (instances, domains, volumes, NodeBalancers) live here.
import { randomUUID } from "node:crypto";
import { eventRecorded } from "./lag.ts";

export const ALL_SCOPES = [
  "account:read_only",
  "account:read_write",
  "events:read_only",
  "maintenance:read_only",
  "object_storage:read_only",
  "object_storage:read_write",
  "vms:read_only",
  "vms:read_write",
  "recipes:read_only",
  "recipes:read_write",
] as const;
export type Scope = (typeof ALL_SCOPES)[number];

export interface Grants {
  add_vms: boolean;
  /** per-object grants: instance id -> permission */
  vms: Map<number, "read_only" | "read_write">;
}

export interface User {
  username: string;
  email: string;
  restricted: boolean;
  grants: Grants;
  sshKeys: string[];
  account: Account;
}

export interface Principal {
  token: string;
  user: User;
  /** null = every scope (a personal access token of this reference) */
  scopes: Set<string> | null;
  /** set when the token was issued to an OAuth client */
  clientId?: string;
  /** requests still to refuse as rate limited (the `rate-limited` provider state) */
  limited?: number;
}

/** Fields of an instance that other areas (tags, managed, support, events) read. */
export interface VmCore {
  id: number;
  label: string;
  region: string;
  type: string;
  tags: string[];
  [more: string]: unknown;
}

export interface TaggableRecord {
  id: number;
  label?: string;
  tags: string[];
  [more: string]: unknown;
}

export interface EventRecord {
  id: number;
  action: string;
  created: string;
  duration: number;
  entity: { id: number | string; label: string; type: string; url: string } | null;
  message: string | null;
  percent_complete: number | null;
  rate: string | null;
  read: boolean;
  secondary_entity: { id: number | string; label: string; type: string; url: string } | null;
  seen: boolean;
  status: "failed" | "finished" | "notification" | "scheduled" | "started" | null;
  time_remaining: string | null;
  username: string;
}

export interface Account {
  id: number;
  euuid: string;
  users: Map<string, User>;
  profile: Record<string, unknown>;
  balance: number;
  /** whether the card on file can be charged the balance (account cancel rule) */
  chargeable: boolean;
  managedEnabled: boolean;
  vms: Map<number, VmCore>;
  domains: Map<number, TaggableRecord>;
  volumes: Map<number, TaggableRecord>;
  nodebalancers: Map<number, TaggableRecord>;
  events: EventRecord[];
  /** per-area records, created on first use */
  areas: Map<string, unknown>;
  cancelled: boolean;
}

export class State {
  private nextId = 1000;
  private clockOffsetMs = 0;
  readonly accounts: Account[] = [];
  readonly tokens = new Map<string, Principal>();
  /** records shared across accounts (public recipes, bucket labels per cluster), by area */
  readonly global = new Map<string, unknown>();

  /** the account of the request being handled: IDs issued meanwhile are its (variant foreign-403) */
  acting?: Account;
  /** which account each ID was issued for (while a request of that account was handled) */
  readonly owners = new Map<number, Account>();

  id(): number {
    const id = this.nextId++;
    if (this.acting) this.owners.set(id, this.acting);
    return id;
  }
  now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }
  iso(d = this.now()): string {
    return d.toISOString().replace(/\.\d{3}Z$/, "Z");
  }
  advance(seconds: number) {
    this.clockOffsetMs += seconds * 1000;
  }

  newAccount(): Account {
    const a: Account = {
      id: this.accounts.length + 1,
      euuid: randomUUID(),
      users: new Map(),
      profile: {},
      balance: 0,
      chargeable: true,
      managedEnabled: false,
      vms: new Map(),
      domains: new Map(),
      volumes: new Map(),
      nodebalancers: new Map(),
      events: [],
      areas: new Map(),
      cancelled: false,
    };
    this.accounts.push(a);
    return a;
  }

  newUser(account: Account, username: string, restricted: boolean): User {
    const u: User = {
      username,
      email: `${username}@example.com`,
      restricted,
      grants: { add_vms: !restricted, vms: new Map() },
      sshKeys: [],
      account,
    };
    account.users.set(username, u);
    return u;
  }

  issueToken(
    user: User,
    scopes: Iterable<string> | null,
    token = `tok-${randomUUID()}`,
    clientId?: string,
  ): string {
    this.tokens.set(token, { token, user, scopes: scopes ? new Set(scopes) : null, clientId });
    return token;
  }

  /** Every area's records for one account, made on first use. */
  area<T>(account: Account, name: string, init: () => T): T {
    let s = account.areas.get(name) as T | undefined;
    if (s === undefined) {
      s = init();
      account.areas.set(name, s);
    }
    return s;
  }

  globalArea<T>(name: string, init: () => T): T {
    let s = this.global.get(name) as T | undefined;
    if (s === undefined) {
      s = init();
      this.global.set(name, s);
    }
    return s;
  }

  /** Record an event on the account (events list, mark read/seen). */
  emit(
    account: Account,
    e: Partial<EventRecord> & { action: string; username: string },
  ): EventRecord {
    const ev: EventRecord = {
      id: this.id(),
      created: this.iso(),
      duration: 0,
      entity: null,
      message: null,
      percent_complete: 100,
      rate: null,
      read: false,
      secondary_entity: null,
      seen: false,
      status: "finished",
      time_remaining: null,
      ...e,
    };
    account.events.push(ev);
    eventRecorded(ev); // the events-lag variant shows it later (reference/lag.ts)
    return ev;
  }
}
