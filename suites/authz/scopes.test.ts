// The authorization matrix, token columns: no token, the unrestricted user's personal access token,
// a token holding only the area's read_only or read_write scope, a token holding every scope but the
// area's. Material: Authentication 1-4 and the Endpoints tables' Scope columns (every operation).
import { describe } from "vitest";
import { catalogOps, cellCheck } from "./cell.ts";
import { opScopes } from "./cells.ts";

const catalog = catalogOps();
const COLUMNS = [
  "anonymous",
  "unrestricted",
  "token:read_only",
  "token:read_write",
  "token:other-area",
] as const;

describe("authz/scopes", () => {
  for (const op of opScopes().keys()) for (const column of COLUMNS) cellCheck(op, column, catalog);
});
