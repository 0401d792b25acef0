// Replaying a ledger (at the end of a run, and in `plumbline sweep` for runs that died): entries
// with an ID are deleted by it; entries whose create never reported one are looked for by their
// label (exact, so labels without the run's prefix are found too) in the kind's list; whatever
// cannot be removed or found stays in the ledger with the reason, and is reported.
import {
  describeEntry,
  Ledger,
  listLedgers,
  readLedger,
  removeEntries,
  replayable,
  type KeptEntry,
  type LedgerEntry,
} from "../harness/ledger.ts";
import { RESOURCES, pathOfListed, type ResourceType } from "../harness/resources.ts";
import { loose, type Ops } from "../harness/ops.ts";
import type { ApiResponse } from "../harness/client.ts";
import type { OperationId } from "../harness/operation-ids.ts";
import type { As } from "../harness/principals.ts";

export interface Left {
  what: string;
  reason: string;
}

export interface Replay {
  removed: string[];
  /** could not be removed or found: still in the ledger, with why */
  left: Left[];
  /** on the target on purpose (public recipes), with why */
  kept: KeptEntry[];
}

/** Bounded: at most this many pages per list. */
const MAX_PAGES = 50;

/** Every listed item of a kind, or why the list could not be read whole. */
async function listAll(
  ops: Ops,
  list: { op: OperationId; paginated: boolean },
  as?: As,
): Promise<{ items: any[] } | { problem: string }> {
  const items: any[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    let res: ApiResponse;
    try {
      res = await loose(ops)[list.op]({ query: list.paginated ? { page } : undefined, as });
    } catch (e) {
      return { problem: `${list.op} not sent: ${(e as Error).message}` };
    }
    if (res.status < 200 || res.status > 299 || !Array.isArray(res.body?.data))
      return { problem: `${list.op} answered ${res.status || res.error}` };
    items.push(...res.body.data);
    if (!list.paginated || page >= (Number(res.body.pages) || 1)) return { items };
  }
  return { problem: `${list.op} has more than ${MAX_PAGES} pages; not read whole` };
}

/** Removes what a ledger still holds open; ends the ledger when nothing is left. */
export async function replayLedger(file: string, ops: Ops): Promise<Replay> {
  const state = readLedger(file);
  const ledger = new Ledger(file);
  const out: Replay = { removed: [], left: [], kept: state.kept };
  const byId: LedgerEntry[] = [];
  const noId: LedgerEntry[] = [];
  for (const e of state.open) {
    // a kind addressed by what plumbline chose (a tag's label, a bucket's cluster and label)
    // needs no ID from the target
    const derived =
      e.path ??
      (e.label ? RESOURCES[e.type].pathOf({ label: e.label }, e.parent ?? {}) : undefined);
    if (replayable(derived)) byId.push({ ...e, path: derived });
    else noId.push(e);
  }
  const removal = await removeEntries(byId, ops, ledger);
  out.removed.push(...removal.removed.map(describeEntry));
  out.left.push(...removal.failed.map((f) => ({ what: describeEntry(f.entry), reason: f.reason })));
  const removedVms = new Set(
    removal.removed.filter((e) => e.type === "instance").map((e) => String(e.path?.vmId)),
  );

  // by operation and principal: another account's resource is in that account's list only
  const lists = new Map<string, Awaited<ReturnType<typeof listAll>>>();
  for (const e of noId) {
    const kind = RESOURCES[e.type];
    const leave = (reason: string) => {
      out.left.push({ what: describeEntry(e), reason });
      ledger.leftover(e.key, reason);
    };
    if (!kind.delete && e.parent?.vmId !== undefined) {
      // disks go with their instance
      if (removedVms.has(String(e.parent.vmId))) {
        ledger.deleted(e.key);
        out.removed.push(describeEntry(e));
      } else leave(`goes with instance ${e.parent.vmId}, which is not removed`);
      continue;
    }
    if (e.parent?.vmId !== undefined && removedVms.has(String(e.parent.vmId))) {
      // a config without an ID went with its instance
      ledger.deleted(e.key);
      out.removed.push(describeEntry(e));
      continue;
    }
    // found again by its label, or (a kind without one) by what its create sent
    const lookup =
      kind.list && e.label !== undefined
        ? { ...kind.list, by: "label", want: e.label, of: (i: any) => i?.[kind.list!.labelField] }
        : kind.findBySent && e.sent !== undefined
          ? { ...kind.findBySent, by: "what was sent", want: e.sent, of: kind.findBySent.listed }
          : undefined;
    if (!lookup) {
      leave(
        kind.list || kind.findBySent
          ? "no ID and nothing recorded to find it by; remove it by hand"
          : `no ID was reported and the material shows no way to list ${e.type}s by label; remove it by hand`,
      );
      continue;
    }
    const listKey = `${lookup.op} ${typeof e.as === "string" ? e.as : "admin"}`;
    if (!lists.has(listKey)) lists.set(listKey, await listAll(ops, lookup, e.as));
    const listed = lists.get(listKey)!;
    if ("problem" in listed) {
      leave(`no ID was reported and the list to find it by ${lookup.by} failed: ${listed.problem}`);
      continue;
    }
    const matches = listed.items.filter((item) => lookup.of(item) === lookup.want);
    if (matches.length === 0) {
      // the whole list was read: it is not on the target (the create never took effect)
      ledger.deleted(e.key);
      continue;
    }
    const found = matches.map((item, i) => ({
      ...e,
      key: i === 0 ? e.key : `${e.key}-${i}`,
      path: pathOfListed(e.type, item),
    }));
    const usable = found.filter((f) => replayable(f.path));
    if (usable.length < found.length) {
      leave(
        `found by ${lookup.by} in ${lookup.op}, but the listed item gives no ID to delete it by`,
      );
      continue;
    }
    const r = await removeEntries(usable, ops, ledger);
    out.removed.push(...r.removed.map(describeEntry));
    out.left.push(...r.failed.map((f) => ({ what: describeEntry(f.entry), reason: f.reason })));
  }
  if (out.left.length === 0) ledger.end();
  return out;
}

export interface SweepReport {
  ledgers: { file: string; status: string }[];
  removed: string[];
  /** "what: why", one per resource that stays */
  failed: string[];
  /** left on purpose (public recipes), "what: why" */
  kept: string[];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Deletes every listed resource whose label starts with `prefix`. */
export async function sweepByPrefix(
  ops: Ops,
  prefix: string,
  types = Object.keys(RESOURCES) as ResourceType[],
): Promise<{ removed: string[]; failed: string[] }> {
  const found: LedgerEntry[] = [];
  const failed: string[] = [];
  for (const type of types) {
    const list = RESOURCES[type].list;
    if (!list) continue;
    const listed = await listAll(ops, list);
    if ("problem" in listed) {
      if (!/answered (403|404)$/.test(listed.problem))
        failed.push(`${list.op} could not be listed (${listed.problem})`);
      continue;
    }
    for (const item of listed.items) {
      const label = item?.[list.labelField];
      if (typeof label === "string" && label.startsWith(prefix))
        found.push({ key: `prefix-${type}-${label}`, type, label, path: pathOfListed(type, item) });
    }
  }
  const removal = await removeEntries(found, ops);
  return {
    removed: removal.removed.map(describeEntry),
    failed: [...failed, ...removal.failed.map((f) => `${describeEntry(f.entry)}: ${f.reason}`)],
  };
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
  const report: SweepReport = { ledgers: [], removed: [], failed: [], kept: [] };
  for (const file of listLedgers(opts.dir)) {
    const state = readLedger(file);
    report.kept.push(...state.kept.map((k) => `${describeEntry(k)}: ${k.reason}`));
    if (state.ended && state.open.length === 0) {
      report.ledgers.push({ file, status: "finished cleanly" });
      continue;
    }
    if (state.run && !state.ended && alive(state.run.pid) && !opts.force) {
      report.ledgers.push({
        file,
        status: `run ${state.run.runId} is still alive (pid ${state.run.pid}); left alone (use --force)`,
      });
      continue;
    }
    if (state.run?.embedded) {
      // the embedded reference lived and died with its run: nothing outlives it
      new Ledger(file).end();
      report.ledgers.push({ file, status: "embedded reference run: nothing to remove" });
      continue;
    }
    const target = state.run?.target;
    const ops = target ? opts.opsFor(target) : undefined;
    if (!ops) {
      report.ledgers.push({
        file,
        status: `target ${target ?? "(unknown)"} not reachable with this configuration; ${state.open.length} entries left`,
      });
      report.failed.push(
        ...state.open.map(
          (e) =>
            `${describeEntry(e)}: target ${target ?? "(unknown)"} not reachable with this configuration`,
        ),
      );
      continue;
    }
    const replay = await replayLedger(file, ops);
    report.removed.push(...replay.removed);
    report.failed.push(...replay.left.map((l) => `${l.what}: ${l.reason}`));
    report.ledgers.push({
      file,
      status: `replayed: ${replay.removed.length} removed, ${replay.left.length} could not be removed${replay.left.length ? " (kept in the ledger)" : ""}`,
    });
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
