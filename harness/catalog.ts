// The requirement catalog as the harness sees it. spec/catalog.ts is written in parallel and may
// be absent or broken; it is imported lazily so the harness and its tests load either way, and a
// check that cannot reach the catalog ends as `error` naming the problem.

export interface Requirement {
  id: string;
  area: string;
  operations: string[];
  kind: "happy" | "validation" | "state" | "error" | "auth" | "convention" | "limit";
  level: "MUST" | "SHOULD" | "INFO";
  source: string;
  statement: string;
}

type CatalogModule = { loadCatalog(): { requirements: Requirement[]; byId: Map<string, Requirement> } };

const CATALOG_URL = new URL("../spec/catalog.ts", import.meta.url).href;
let mod: CatalogModule | undefined;
let importProblem: string | undefined;
try {
  mod = (await import(/* @vite-ignore */ CATALOG_URL)) as CatalogModule;
} catch (e) {
  importProblem = `spec/catalog.ts could not be loaded (${(e as Error).message.split("\n")[0]})`;
}

let cached: { catalog?: Map<string, Requirement>; problem?: string } | undefined;

/** The catalog by ID, or the reason there is none. Loaded once. */
export function loadRequirements(): { catalog?: Map<string, Requirement>; problem?: string } {
  if (cached) return cached;
  if (!mod) return (cached = { problem: importProblem });
  try {
    cached = { catalog: mod.loadCatalog().byId };
  } catch (e) {
    cached = { problem: `spec/requirements.yaml could not be loaded: ${(e as Error).message.split("\n")[0]}` };
  }
  return cached;
}

/** For plumbline's own tests: a small fixture catalog. */
export function setRequirements(reqs: Requirement[] | undefined): void {
  cached = reqs ? { catalog: new Map(reqs.map((r) => [r.id, r])) } : undefined;
}
