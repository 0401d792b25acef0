// The generic cells the material does not decide: every check that declares a family (`generic`:
// an authorization cell, an invariant on a kind, a fuzz property, a record member) at level INFO.
// Its outcome is observed, not judged; its `clause` (the material's words) says why it is open.
// Listed by family, then by operation (or kind), principal and the run's order.
import { statusOf } from "./principals.ts";
import { cellPlace } from "./text.ts";
import { GENERIC_FAMILIES, type ReportCheck, type UndecidedCell } from "./types.ts";

export function computeUndecided(checks: ReportCheck[]): UndecidedCell[] | undefined {
  const cells: UndecidedCell[] = [];
  checks.forEach((c, i) => {
    if (!c.generic || c.level !== "INFO") return;
    const status = statusOf(c);
    cells.push({
      check: i,
      family: c.generic,
      ...(status !== undefined ? { status } : {}),
      ...(c.target !== undefined ? { target: c.target } : {}),
    });
  });
  if (!cells.length) return undefined;
  const rank = (f: string) => {
    const n = (GENERIC_FAMILIES as string[]).indexOf(f);
    return n < 0 ? GENERIC_FAMILIES.length : n;
  };
  return cells.sort((a, b) => {
    const x = checks[a.check]!;
    const y = checks[b.check]!;
    return (
      rank(a.family) - rank(b.family) ||
      a.family.localeCompare(b.family) ||
      cellPlace(x).localeCompare(cellPlace(y)) ||
      (x.principal ?? "").localeCompare(y.principal ?? "") ||
      a.check - b.check
    );
  });
}
