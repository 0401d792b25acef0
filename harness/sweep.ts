// `plumbline sweep`: removes what dead runs left behind. First by replaying their ledgers, then,
// for creates that never reported an ID (or with no ledger at all), by listing and matching the
// label prefix.
import { Ledger, listLedgers, readLedger, removeEntries, type LedgerEntry } from "./ledger.ts";
import { RESOURCES, pathOfListed, type ResourceType } from "./resources.ts";
import type { Ops } from "./ops.ts";

export interface SweepReport {
  ledgers: { file: string; status: string }[];
  removed: string[];
  failed: string[];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function describe(e: LedgerEntry): string {
  return `${e.type} ${e.label ?? ""} ${e.path ? JSON.stringify(e.path) : ""}`.replace(/\s+/g, " ").trim();
}

/** Deletes every listed resource whose label starts with `prefix`. Bounded: 50 pages per list. */
export async function sweepByPrefix(ops: Ops, prefix: string, types = Object.keys(RESOURCES) as ResourceType[]): Promise<{ removed: string[]; failed: string[] }> {
  const found: LedgerEntry[] = [];
  const failed: string[] = [];
  for (const type of types) {
    const list = RESOURCES[type].list;
    if (!list) continue;
    for (let page = 1; page <= 50; page++) {
      const res = await ops[list.op]({ query: list.paginated ? { page } : undefined });
      if (res.status < 200 || res.status > 299 || !Array.isArray(res.body?.data)) {
        if (res.status !== 403 && res.status !== 404) failed.push(`${list.op} could not be listed (${res.status || res.error})`);
        break;
      }
      for (const item of res.body.data) {
        const label = item?.[list.labelField];
        if (typeof label === "string" && label.startsWith(prefix)) {
          found.push({ key: `prefix-${type}-${label}`, type, label, path: pathOfListed(type, item) });
        }
      }
      if (!list.paginated || page >= (res.body.pages ?? 1)) break;
    }
  }
  const removal = await removeEntries(found, ops);
  return { removed: removal.removed.map(describe), failed: [...failed, ...removal.failed.map((f) => `${describe(f.entry)}: ${f.reason}`)] };
}

export interface SweepOptions {
  dir: string;
  /** the operation client for a ledger's target; undefined when that target cannot be reached */
  opsFor(target: string): Ops | undefined;
  /** sweep ledgers of live runs too */
  force?: boolean;
  /** also list by this prefix even without ledgers (e.g. "plb-") */
  prefix?: string;
  targetForPrefix?: string;
}

export async function sweep(opts: SweepOptions): Promise<SweepReport> {
  const report: SweepReport = { ledgers: [], removed: [], failed: [] };
  for (const file of listLedgers(opts.dir)) {
    const state = readLedger(file);
    const ledger = new Ledger(file);
    if (state.ended && state.open.length === 0) {
      report.ledgers.push({ file, status: "finished cleanly" });
      continue;
    }
    if (state.run && !state.ended && alive(state.run.pid) && !opts.force) {
      report.ledgers.push({ file, status: `run ${state.run.runId} is still alive (pid ${state.run.pid}); left alone (use --force)` });
      continue;
    }
    if (state.run?.embedded) {
      // the embedded reference lived and died with its run: nothing outlives it
      ledger.end();
      report.ledgers.push({ file, status: "embedded reference run: nothing to remove" });
      continue;
    }
    const target = state.run?.target;
    const ops = target ? opts.opsFor(target) : undefined;
    if (!ops) {
      report.ledgers.push({ file, status: `target ${target ?? "(unknown)"} not reachable with this configuration; ${state.open.length} entries left` });
      report.failed.push(...state.open.map((e) => `${describe(e)}: target not reachable`));
      continue;
    }
    const withId = state.open.filter((e) => e.path);
    const removal = await removeEntries(withId, ops, ledger);
    report.removed.push(...removal.removed.map(describe));
    report.failed.push(...removal.failed.map((f) => `${describe(f.entry)}: ${f.reason}`));
    // creates that never reported an ID: find them by the run's prefix
    let prefixFailures = 0;
    if (withId.length < state.open.length && state.run?.labelPrefix) {
      const types = [...new Set(state.open.filter((e) => !e.path).map((e) => e.type))];
      const byPrefix = await sweepByPrefix(ops, state.run.labelPrefix, types);
      report.removed.push(...byPrefix.removed);
      report.failed.push(...byPrefix.failed);
      prefixFailures = byPrefix.failed.length;
      for (const e of state.open.filter((x) => !x.path)) ledger.deleted(e.key);
    }
    if (removal.failed.length === 0 && prefixFailures === 0) ledger.end();
    report.ledgers.push({ file, status: `replayed: ${removal.removed.length} removed, ${removal.failed.length + prefixFailures} could not be removed` });
  }
  if (opts.prefix && opts.targetForPrefix) {
    const ops = opts.opsFor(opts.targetForPrefix);
    if (ops) {
      const byPrefix = await sweepByPrefix(ops, opts.prefix);
      report.removed.push(...byPrefix.removed);
      report.failed.push(...byPrefix.failed);
    }
  }
  return report;
}
