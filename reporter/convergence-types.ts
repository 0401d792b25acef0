// The shapes of the convergence and race tables (reporter/convergence.ts computes them), apart so
// that reporter/types.ts can name them without importing what imports it.
import type { CellOutcome } from "./rollup.ts";

/** One row of the convergence table: an oracle or a kind. */
export interface ConvergenceRow {
  key: string;
  /** judgments read after a write */
  judged: number;
  /** of those, the ones that agreed only on a later read */
  lagged: number;
  /** of those, the ones that never agreed within the window (the check failed) */
  neverConverged: number;
  /** the lag of the lagged ones, in ms (nearest rank) */
  p50?: number;
  p90?: number;
  p99?: number;
  max?: number;
}

export interface Convergence {
  /** the window the run judged with (`--settle`), when the report knows it */
  windowMs?: number;
  all: ConvergenceRow;
  byOracle: ConvergenceRow[];
  byKind: ConvergenceRow[];
}

export interface RaceMatrix {
  /** the rules that ran (requirement IDs), the columns */
  rules: string[];
  kinds: string[];
  /** kind → rule → its checks (indices into report.checks) and their worst outcome */
  cells: Record<string, Record<string, { outcome: CellOutcome; checks: number[] }>>;
}
