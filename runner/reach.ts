// What a fuzz campaign reached per operation, against a denominator taken from the material through
// the generators: an operation's documented outcomes are its success, each stated constraint's
// refusal naming its member (the generators' violation sites, generators/index.ts), and each rule
// between members refused (generators/ties.ts). The outcome keys come from harness/fuzz.ts
// (`outcomeKeys`); the weights steer the next round toward what is not reached.
import { generatorsFor, OFFLINE_TARGET } from "../generators/index.ts";
import { TIES } from "../generators/ties.ts";
import type { OperationCoverage } from "../reporter/campaign.ts";

export interface Documented {
  label: string;
  reached(keys: ReadonlySet<string>): boolean;
}

const cache = new Map<string, Documented[]>();

/** The documented outcomes of one operation (success, each constraint's refusal naming its member, each rule refused). */
export function documentedOutcomes(op: string): Documented[] {
  const hit = cache.get(op);
  if (hit) return hit;
  const out: Documented[] = [
    {
      label: "success",
      reached: (keys) => [...keys].some((k) => k.startsWith(`status ${op} 2`)),
    },
  ];
  let sites: { in: string; path: string; keyword: string }[] = [];
  try {
    sites = generatorsFor(op, OFFLINE_TARGET).violationSites;
  } catch {
    // an operation the generators do not know has only its success
  }
  for (const s of sites) {
    const site = `site ${op} ${s.in} ${s.path} breaks ${s.keyword} 4xx`;
    // a body member's refusal names it (Errors 2); a path or query refusal is a 4xx
    const want = s.in === "body" ? `${site} named` : site;
    out.push({
      label: `refused: ${s.in} ${s.path} (${s.keyword})`,
      reached: (keys) => keys.has(want) || (s.in !== "body" && keys.has(`${site} named`)),
    });
  }
  for (const rule of TIES[op] ?? []) {
    const site = `site ${op} rule ${rule.id} ${rule.says} 4xx`;
    out.push({
      label: `refused: ${rule.says} (${rule.id})`,
      reached: (keys) => keys.has(site) || keys.has(`${site} named`),
    });
  }
  cache.set(op, out);
  return out;
}

/** Per operation: documented outcomes reached and not, the statuses and error fields seen. */
export function coverageOf(
  ops: string[],
  reached: ReadonlyMap<string, number>,
  weights: Record<string, number> = {},
): OperationCoverage[] {
  const byOp = new Map<string, Set<string>>();
  for (const k of reached.keys()) {
    const op = k.split(" ")[1];
    if (!byOp.has(op)) byOp.set(op, new Set());
    byOp.get(op)!.add(k);
  }
  return [...new Set(ops)].sort().map((op) => {
    const keys = byOp.get(op) ?? new Set<string>();
    const documented = documentedOutcomes(op);
    const hit = documented.filter((d) => d.reached(keys)).map((d) => d.label);
    const statuses = new Set<number>();
    const fields = new Set<string>();
    for (const k of keys) {
      const parts = k.split(" ");
      if (parts[0] === "status") statuses.add(Number(parts[2]));
      if (parts[0] === "field") fields.add(parts.slice(3).join(" "));
    }
    return {
      operation: op,
      documented: documented.map((d) => d.label),
      reached: hit,
      notReached: documented.map((d) => d.label).filter((l) => !hit.includes(l)),
      statuses: [...statuses].sort((a, b) => a - b),
      errorFields: [...fields].sort(),
      outcomes: keys.size,
      weight: weights[op] ?? 1,
    };
  });
}

/**
 * The next round's factor on each operation's cases: 1 plus twice the share of its documented
 * outcomes not reached, half a case more when it reached fewer distinct outcomes than most
 * operations (one with a single documented outcome has nothing more to seek); at most 3. An operation with everything reached keeps 1.
 */
export function weightsFor(coverage: OperationCoverage[]): Record<string, number> {
  const counts = coverage.map((c) => c.outcomes).sort((a, b) => a - b);
  const median = counts[Math.floor(counts.length / 2)] ?? 0;
  const out: Record<string, number> = {};
  for (const c of coverage) {
    const share = c.documented.length ? c.notReached.length / c.documented.length : 0;
    const fewer = c.documented.length > 1 && c.outcomes < median ? 0.5 : 0;
    const w = Math.min(3, 1 + 2 * share + fewer);
    if (w !== 1) out[c.operation] = Math.round(w * 10) / 10;
  }
  return out;
}
