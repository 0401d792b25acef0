// The authorization matrix, foreign IDs: a second account's user against every operation naming the
// first account's objects of every kind (view, update, delete, every action), and every list of the
// second account never holding the first's objects. Material: What the service does (a user manages
// the areas of its account), States ("client owned by caller"), Errors 8 ("another owner").
import { describe } from "vitest";
import { catalogOps, cellCheck } from "./cell.ts";
import { opScopes } from "./cells.ts";

const catalog = catalogOps();

describe("authz/foreign", () => {
  for (const op of opScopes().keys()) cellCheck(op, "second-account", catalog);
});
