// The authorization matrix, restricted-user columns: no grant, read_only or read_write on the
// object's instance, add_vms. Material: Authentication 5 ("Restricted users cannot cancel an account.
// Logins list and view are available only to unrestricted users. Only unrestricted users can add or
// modify tags. Event results depend on the caller's grants. Grants include add_vms ... and per-object
// read_only or read_write"), Events 1, Compute instances create rule 1 and the clone rules.
import { describe } from "vitest";
import { catalogOps, cellCheck } from "./cell.ts";
import { opScopes } from "./cells.ts";

const catalog = catalogOps();
const COLUMNS = [
  "restricted",
  "restricted:read_only",
  "restricted:read_write",
  "restricted:add_vms",
] as const;

describe("authz/grants", () => {
  for (const op of opScopes().keys()) for (const column of COLUMNS) cellCheck(op, column, catalog);
});
