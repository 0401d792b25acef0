// The authorization matrix, one column per file (the scopes-*.test.ts and grants-*.test.ts files
// beside this one): a column's cells are hundreds of short checks, and a file runs in one worker,
// so a column per file spreads them over the workers (the check names stay those of one matrix).
// Token columns (authz/scopes): no token, the unrestricted user's personal access token, a token
// holding only the area's read_only or read_write scope, a token holding every scope but the
// area's. Material: Authentication 1-4 and the Endpoints tables' Scope columns (every operation).
// Restricted-user columns (authz/grants): no grant, read_only or read_write on the object's
// instance, add_vms. Material: Authentication 5 ("Restricted users cannot cancel an account. Logins
// list and view are available only to unrestricted users. Only unrestricted users can add or modify
// tags. Event results depend on the caller's grants. Grants include add_vms ... and per-object
// read_only or read_write"), Events 1, Compute instances create rule 1 and the clone rules.
import { describe } from "vitest";
import { catalogOps, cellCheck } from "./cell.ts";
import { opScopes } from "./cells.ts";

export const TOKEN_COLUMNS = [
  "anonymous",
  "unrestricted",
  "token:read_only",
  "token:read_write",
  "token:other-area",
] as const;

export const GRANT_COLUMNS = [
  "restricted",
  "restricted:read_only",
  "restricted:read_write",
  "restricted:add_vms",
] as const;

/** One column of the matrix: a cell per operation, under the matrix's own name. */
export function matrixColumn(
  column: (typeof TOKEN_COLUMNS)[number] | (typeof GRANT_COLUMNS)[number],
): void {
  const catalog = catalogOps();
  const name = (TOKEN_COLUMNS as readonly string[]).includes(column)
    ? "authz/scopes"
    : "authz/grants";
  describe(name, () => {
    for (const op of opScopes().keys()) cellCheck(op, column, catalog);
  });
}
