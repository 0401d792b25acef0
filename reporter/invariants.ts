// Resource kind × invariant: the generic invariants (suites/invariants/) run once per kind of the
// resource model; a check names its kind (`resource`) and its invariant (its first requirement ID).
// One cell per kind and invariant, rolled up to its worst check; kinds with a failing cell first.
import { byWorst, worst } from "./rollup.ts";
import type { InvariantMatrix, ReportCheck } from "./types.ts";

export function computeInvariantMatrix(checks: ReportCheck[]): InvariantMatrix | undefined {
  const cells: InvariantMatrix["cells"] = {};
  const invariants: string[] = [];
  checks.forEach((c, i) => {
    if (!c.resource) return;
    const inv = c.requirementIds[0]!;
    if (!invariants.includes(inv)) invariants.push(inv);
    const row = (cells[c.resource] ??= {});
    (row[inv] ??= { outcome: "untested", checks: [] }).checks.push(i);
  });
  if (!invariants.length) return undefined;
  const counts = { cells: 0, pass: 0, fail: 0, error: 0, skip: 0 };
  for (const row of Object.values(cells))
    for (const cell of Object.values(row)) {
      cell.outcome = worst(cell.checks.map((i) => checks[i]!.outcome));
      counts.cells++;
      if (cell.outcome !== "untested") counts[cell.outcome]++;
    }
  const rowWorst = (k: string) => worst(Object.values(cells[k]!).map((c) => c.outcome));
  const kinds = Object.keys(cells).sort(
    (a, b) => byWorst(rowWorst(a), rowWorst(b)) || a.localeCompare(b),
  );
  return { invariants: invariants.sort(), kinds, cells, counts };
}
