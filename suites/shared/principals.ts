// Tokens holding one read-only scope, named for the scope they hold: a check that a token is
// refused (or answered) for lacking a scope says which token it used.
import type { CheckContext } from "../../harness/check.ts";
import type { As } from "../../harness/principals.ts";

/** account:read_only only: account reads, no account writes, no scope of another area. */
export const accountReadOnly = (ctx: Pick<CheckContext, "principals">): Promise<As> =>
  ctx.principals.withScopes(["account:read_only"]);

/** events:read_only only: no account scope (the account and oauth-clients areas). */
export const eventsReadOnly = (ctx: Pick<CheckContext, "principals">): Promise<As> =>
  ctx.principals.withScopes(["events:read_only"]);

/** vms:read_only only: no account scope (the managed and support areas). */
export const vmsReadOnly = (ctx: Pick<CheckContext, "principals">): Promise<As> =>
  ctx.principals.withScopes(["vms:read_only"]);

/** object_storage:read_only only, for `user`: object storage reads, no object storage writes. */
export const objectStorageReadOnly = (
  ctx: Pick<CheckContext, "principals">,
  user: "admin" | "secondary" = "admin",
): Promise<As> => ctx.principals.withScopes(["object_storage:read_only"], user);
