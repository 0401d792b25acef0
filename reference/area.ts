// What an area module of the reference target provides. Each file in areas/ exports one `Area`.
import type { Router } from "./router.ts";
import type { FaultSpec, Faults } from "./faults.ts";
import type { Account, State, User } from "./state.ts";
import type { Jobs } from "./jobs.ts";

/** The seeded principals: account A has `admin` (unrestricted) and `restricted`; B has `secondary`. */
export interface Seeded {
  admin: User;
  restricted: User;
  secondary: User;
  accountA: Account;
  accountB: Account;
}

export interface ControlCtx {
  state: State;
  jobs: Jobs;
  faults: Faults;
  seeded: Seeded;
  baseUrl: string;
}

/** A provider state: takes the request's params, returns what it made. Throw ApiError(400) on bad params. */
export type ProviderState = (c: ControlCtx, params: Record<string, unknown>) => unknown;

export interface Area {
  name: string;
  register(router: Router): void;
  faults?: FaultSpec[];
  states?: Record<string, ProviderState>;
  /** Seed this area's records into a fresh state. */
  seed?(state: State, seeded: Seeded): void;
}
