// Operation × kind of rule: for each operation and each kind the material can give it rules of
// (validation, state, error, auth), whether a check exercised such a rule on that very operation.
// A cell is ruled when a MUST or SHOULD requirement of its area names the operation with that kind;
// the cross-cutting conventions (area `conventions`: the Error body, 400 for validation, 401, 404…)
// apply to every operation alike and are checked on samples, so they rule no cell of their own.
// A ruled cell that no check exercised (a verdict, past the status: `exercises`) is a gap.
import { exercises } from "./readback.ts";
import { RULE_KINDS, type CatalogRequirement, type KindCells, type ReportCheck } from "./types.ts";

export function computeKindCells(
  checks: ReportCheck[],
  catalog: CatalogRequirement[],
  operationIds: string[],
): KindCells {
  const kindOf = new Map(catalog.map((q) => [q.id, q.kind]));
  // operation → kinds a check exercised on it
  const done = new Map<string, Set<string>>();
  for (const c of checks) {
    if (!exercises(c)) continue;
    const kinds = c.requirementIds.map((id) => kindOf.get(id)).filter((k) => k !== undefined);
    for (const op of c.operationIds) {
      const set = done.get(op) ?? new Set<string>();
      for (const k of kinds) set.add(k);
      done.set(op, set);
    }
  }
  const ruling = catalog.filter(
    (q) => (q.level === "MUST" || q.level === "SHOULD") && q.area !== "conventions",
  );
  const out: KindCells = { cells: 0, filled: 0, noRule: 0, gaps: [] };
  for (const op of operationIds)
    for (const kind of RULE_KINDS) {
      out.cells++;
      const rules = ruling.filter((q) => q.kind === kind && q.operations.includes(op));
      if (!rules.length) out.noRule++;
      else if (done.get(op)?.has(kind)) out.filled++;
      else out.gaps.push({ operationId: op, kind, requirements: rules.map((q) => q.id) });
    }
  return out;
}
