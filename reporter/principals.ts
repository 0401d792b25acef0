// Principal × operation: the authorization matrix (suites/authz/). A check names its principal
// column (`principal`) and its operation (its first operation ID); one cell per pair, rolled up to
// its worst check, with the status the principal got and whether the cell is INFO (the material
// does not decide it) or broke a SHOULD status. Operations with a failing cell first.
import { byWorst, worst } from "./rollup.ts";
import type { PrincipalCell, PrincipalMatrix, ReportCheck } from "./types.ts";

/** The columns in the harness's order (harness/principals.ts COLUMNS); unknown ones after them. */
const ORDER = [
  "anonymous",
  "unrestricted",
  "token:read_only",
  "token:read_write",
  "token:other-area",
  "restricted",
  "restricted:read_only",
  "restricted:read_write",
  "restricted:add_vms",
  "second-account",
  "first-account",
];

/** The status the principal's request got: the check's recorded answer or error status. */
export function statusOf(c: ReportCheck): number | undefined {
  const o = c.observations.find((x) => /(error|answer) status$/.test(x.note));
  if (typeof o?.value === "number") return o.value;
  const own = c.exchanges.filter((e) => e.operationId === c.operationIds[0]);
  return own.length === 1 ? own[0]!.status : undefined;
}

export function computePrincipalMatrix(checks: ReportCheck[]): PrincipalMatrix | undefined {
  const cells: PrincipalMatrix["cells"] = {};
  const principals = new Set<string>();
  checks.forEach((c, i) => {
    const op = c.operationIds[0];
    if (!c.principal || !op) return;
    principals.add(c.principal);
    const row = (cells[op] ??= {});
    (row[c.principal] ??= { outcome: "untested", checks: [] }).checks.push(i);
  });
  if (!principals.size) return undefined;
  const counts = { cells: 0, pass: 0, fail: 0, error: 0, skip: 0, info: 0, should: 0 };
  for (const row of Object.values(cells))
    for (const cell of Object.values(row) as PrincipalCell[]) {
      const cs = cell.checks.map((i) => checks[i]!);
      cell.outcome = worst(cs.map((c) => c.outcome));
      const status = cs.map(statusOf).find((s) => s !== undefined);
      if (status !== undefined) cell.status = status;
      if (cs.every((c) => c.level === "INFO")) cell.info = true;
      if (cs.some((c) => c.observations.some((o) => o.note.startsWith("SHOULD:"))))
        cell.should = true;
      counts.cells++;
      if (cell.outcome !== "untested") counts[cell.outcome]++;
      if (cell.info && cell.outcome === "pass") counts.info++;
      if (cell.should) counts.should++;
    }
  const rank = (p: string) => (ORDER.includes(p) ? ORDER.indexOf(p) : ORDER.length);
  const rowWorst = (op: string) => worst(Object.values(cells[op]!).map((c) => c.outcome));
  return {
    principals: [...principals].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)),
    operations: Object.keys(cells).sort(
      (a, b) => byWorst(rowWorst(a), rowWorst(b)) || a.localeCompare(b),
    ),
    cells,
    counts,
  };
}
