// The requirement catalog as the harness sees it: loaded once; when spec/requirements.yaml cannot
// be read, checks end as `error` naming the problem instead of the run crashing.
import { loadCatalog, type Requirement } from "../spec/catalog.ts";

export type { Requirement };

let cached: { catalog?: Map<string, Requirement>; problem?: string } | undefined;

/** The catalog by ID, or the reason there is none. */
export function loadRequirements(): { catalog?: Map<string, Requirement>; problem?: string } {
  if (cached) return cached;
  try {
    cached = { catalog: loadCatalog().byId };
  } catch (e) {
    cached = {
      problem: `spec/requirements.yaml could not be loaded: ${(e as Error).message.split("\n")[0]}`,
    };
  }
  return cached;
}
