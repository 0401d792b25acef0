// The crash-safe record of what a run created. One JSON line per event, appended at once (a killed
// process loses none) and forced to disk off the event loop: the intent before the create request
// is sent, the ID after it, the deletion after that. A run killed at any point leaves a ledger that
// `plumbline sweep` can replay.
import {
  closeSync,
  existsSync,
  fsync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { RESOURCES, type ResourceType } from "./resources.ts";
import { loose, type Ops } from "./ops.ts";
import type { ApiResponse } from "./client.ts";
import type { As } from "./principals.ts";
import type { PrincipalName } from "./config.ts";

export type LedgerLine =
  | {
      t: "run";
      runId: string;
      pid: number;
      target: string;
      embedded?: boolean;
      labelPrefix: string;
      at: string;
    }
  | {
      t: "intent";
      key: string;
      type: ResourceType;
      label?: string;
      parent?: Record<string, string | number>;
      sent?: string;
      /** who made it, when not the admin: only that principal may delete it (sweep uses its token) */
      as?: PrincipalName;
      at: string;
    }
  | {
      t: "created";
      key: string;
      type: ResourceType;
      path: Record<string, string | number>;
      label?: string;
      at: string;
    }
  | { t: "deleted"; key: string; at: string }
  | { t: "leftover"; key: string; reason: string; at: string }
  /** the create was refused (4xx): nothing was made, nothing to remove */
  | { t: "refused"; key: string; reason: string; at: string }
  /** left on the target on purpose (the API never lets anyone remove it): reported, not removed */
  | {
      t: "kept";
      key: string;
      type: ResourceType;
      path: Record<string, string | number>;
      label?: string;
      reason: string;
      at: string;
    }
  | { t: "end"; at: string };

export interface LedgerEntry {
  key: string;
  type: ResourceType;
  label?: string;
  /** delete path; undefined when the create never reported an ID (find it by prefix) */
  path?: Record<string, string | number>;
  parent?: Record<string, string | number>;
  /** for a kind without a label: what was sent that finds it in a list (a transfer's entities) */
  sent?: string;
  /** why the last attempt to remove it failed */
  reason?: string;
  /**
   * who made it, when not the admin: another account's resource answers the admin's delete 404,
   * which would count as removed while it stays. In the ledger only a named principal is written
   * (never a token); a minted one is known to the run that minted it.
   */
  as?: As;
}

export interface KeptEntry {
  key: string;
  type: ResourceType;
  path: Record<string, string | number>;
  label?: string;
  reason: string;
}

/** A delete path every parameter of which has a value: one the ledger can replay. */
export function replayable(
  path: Record<string, unknown> | undefined,
): path is Record<string, string | number> {
  return (
    path !== undefined &&
    Object.keys(path).length > 0 &&
    Object.values(path).every(
      (v) => (typeof v === "string" && v !== "") || (typeof v === "number" && Number.isFinite(v)),
    )
  );
}

/** A resource in words, for reports and logs. */
export function describeEntry(e: {
  type: string;
  label?: string;
  path?: Record<string, string | number>;
}): string {
  return `${e.type} ${e.label ?? ""} ${e.path ? JSON.stringify(e.path) : ""}`
    .replace(/\s+/g, " ")
    .trim();
}

export function ledgerPath(dir: string, runId: string): string {
  return join(dir, `ledger-${runId}.jsonl`);
}

let counter = 0;

/** Lines that only close an entry: sweep does the same without them, only a little more. */
const CLOSING = new Set<LedgerLine["t"]>(["deleted", "refused", "leftover"]);

export class Ledger {
  /**
   * `durable`: each line is forced to disk, so it outlives the machine going down. A run against
   * the embedded reference skips that: its target lives in the run's memory and goes down with
   * it, and a written line already outlives the process (a kill, a crash) without the fsync that
   * cost a worker a sixth of its time.
   */
  constructor(
    readonly file: string,
    private readonly durable = true,
  ) {}

  static forRun(dir: string, runId: string, durable = true): Ledger {
    mkdirSync(dir, { recursive: true });
    return new Ledger(ledgerPath(dir, runId), durable);
  }

  /** open for appending from the first line on: one write per line, not an open and a close too */
  private fd?: number;
  /** lines written, and how many of them are known to be on disk */
  private written = 0;
  private onDisk = 0;
  private flushing?: Promise<void>;

  /**
   * Appends one line: written before returning (it outlives the process), and forced to disk in
   * the background when durable. The fsync runs off the event loop and one covers every line
   * written meanwhile: a synchronous fsync per line blocked every check of the worker for it (5 s
   * of a 12 s run against a standalone reference). `durable()` waits for it where it matters.
   */
  append(line: LedgerLine, flush = !CLOSING.has(line.t)): void {
    this.fd ??= openSync(this.file, "a");
    writeSync(this.fd, `${JSON.stringify(line)}\n`);
    this.written++;
    // a line that only closes an entry (deleted, refused, left over) waits for the next flush: lost
    // with the machine, it costs sweep one more DELETE answered 404, or one more list
    if (this.durable && flush) this.durableNow().catch(() => undefined);
  }

  /**
   * Resolves once every line written so far is on disk (at once when not durable): an intent must
   * be, before its create is sent, so that a machine going down mid-request leaves sweep the label.
   */
  async durableNow(): Promise<void> {
    const want = this.written;
    while (this.durable && this.fd !== undefined && this.onDisk < want) {
      if (!this.flushing) {
        const upTo = this.written;
        const fd = this.fd;
        this.flushing = new Promise<void>((resolve, reject) =>
          fsync(fd, (e) => {
            this.flushing = undefined;
            if (e) return reject(e);
            this.onDisk = Math.max(this.onDisk, upTo);
            resolve();
          }),
        );
      }
      await this.flushing;
    }
  }

  start(info: Omit<Extract<LedgerLine, { t: "run" }>, "t" | "at">): void {
    this.append({ t: "run", ...info, at: new Date().toISOString() });
  }

  /** A new entry's key. */
  static key(): string {
    // the run's workers are threads of one process: the thread tells their counters apart
    return `${process.pid}-${threadId}-${Date.now().toString(36)}-${++counter}`;
  }

  intent(
    type: ResourceType,
    label?: string,
    parent?: Record<string, string | number>,
    sent?: string,
    as?: As,
  ): string {
    const key = Ledger.key();
    const who = typeof as === "string" && as !== "admin" ? as : undefined;
    this.append({
      t: "intent",
      key,
      type,
      label,
      parent,
      sent,
      as: who,
      at: new Date().toISOString(),
    });
    return key;
  }

  /**
   * Records the ID of what a create made. A path with a missing parameter (a 2xx create with no
   * ID) is never stored: the entry stays an intent, found later by its label, and says why.
   * Returns whether the path was stored.
   */
  created(key: string, type: ResourceType, path: Record<string, unknown>, label?: string): boolean {
    if (!replayable(path)) {
      this.leftover(
        key,
        `the create answered without an ID (delete path ${JSON.stringify(path)}); found by its label only`,
      );
      return false;
    }
    // the ID of a kind listed by label waits for the next flush too: lost with the machine, sweep
    // finds it by the label its intent (on disk before the create was sent) holds
    const foundByLabel = label !== undefined && RESOURCES[type].list !== undefined;
    this.append(
      { t: "created", key, type, path, label, at: new Date().toISOString() },
      !foundByLabel,
    );
    return true;
  }

  refused(key: string, reason: string): void {
    this.append({ t: "refused", key, reason, at: new Date().toISOString() });
  }

  kept(
    key: string,
    type: ResourceType,
    path: Record<string, string | number>,
    reason: string,
    label?: string,
  ): void {
    this.append({ t: "kept", key, type, path, label, reason, at: new Date().toISOString() });
  }

  deleted(key: string): void {
    this.append({ t: "deleted", key, at: new Date().toISOString() });
  }

  leftover(key: string, reason: string): void {
    this.append({ t: "leftover", key, reason, at: new Date().toISOString() });
  }

  end(): void {
    this.append({ t: "end", at: new Date().toISOString() });
    if (this.fd !== undefined && this.durable) fsyncSync(this.fd);
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  read(): LedgerState {
    return readLedger(this.file);
  }
}

export interface LedgerState {
  file: string;
  run?: Extract<LedgerLine, { t: "run" }>;
  ended: boolean;
  /** created or intended and not deleted */
  open: LedgerEntry[];
  /** left on the target on purpose, with why */
  kept: KeptEntry[];
}

export function readLedger(file: string): LedgerState {
  const entries = new Map<string, LedgerEntry>();
  const kept = new Map<string, KeptEntry>();
  let run: LedgerState["run"];
  let ended = false;
  for (const text of readFileSync(file, "utf8").split("\n")) {
    if (!text.trim()) continue;
    let line: LedgerLine;
    try {
      line = JSON.parse(text);
    } catch {
      continue; // a line cut by a crash mid-write: the lines before it still count
    }
    if (line.t === "run") run ??= line;
    else if (line.t === "end") ended = true;
    else if (line.t === "intent")
      entries.set(line.key, {
        key: line.key,
        type: line.type,
        label: line.label,
        parent: line.parent,
        sent: line.sent,
        as: line.as,
      });
    else if (line.t === "created") {
      // a path with a hole (written by an older plumbline) cannot be replayed: kept as an intent
      const prev = entries.get(line.key);
      entries.set(line.key, {
        ...prev,
        key: line.key,
        type: line.type,
        path: replayable(line.path) ? line.path : undefined,
        label: line.label ?? prev?.label,
      });
    } else if (line.t === "leftover") {
      const e = entries.get(line.key);
      if (e) e.reason = line.reason;
    } else if (line.t === "refused") entries.delete(line.key);
    else if (line.t === "kept") {
      entries.delete(line.key);
      kept.set(line.key, {
        key: line.key,
        type: line.type,
        path: line.path,
        label: line.label,
        reason: line.reason,
      });
    } else if (line.t === "deleted") {
      entries.delete(line.key);
      kept.delete(line.key);
    }
  }
  return { file, run, ended, open: [...entries.values()], kept: [...kept.values()] };
}

export function listLedgers(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^ledger-.*\.jsonl$/.test(f))
    .map((f) => join(dir, f));
}

export interface Removal {
  removed: LedgerEntry[];
  failed: { entry: LedgerEntry; reason: string }[];
  /** removals one after another (a rank's longest lane, over the ranks): the cleanup's chain */
  rounds?: number;
}

/**
 * Deletes entries children first (objects' certificates before buckets, configs before instances),
 * newest first within a rank; records each outcome in the ledger. A 404 counts as removed.
 * Entries whose create never returned an ID are left to the prefix sweep. Within a rank the entries
 * with no parent are removed side by side (they depend on nothing; over a slow network a check that
 * made a hundred objects would otherwise wait a hundred round trips); children, which may share a
 * parent busy with the previous removal, one after another.
 */
export async function removeEntries(
  entries: LedgerEntry[],
  ops: Ops,
  ledger?: Ledger,
): Promise<Removal> {
  const order = [...entries]
    .reverse()
    .sort((a, b) => RESOURCES[a.type].rank - RESOURCES[b.type].rank);
  const outcome = new Map<LedgerEntry, string | undefined>();
  let rounds = 0;
  for (const rank of new Set(order.map((e) => RESOURCES[e.type].rank))) {
    const group = order.filter((e) => RESOURCES[e.type].rank === rank);
    const children = group.filter((e) => RESOURCES[e.type].parentOf);
    const lanes = [children, ...group.filter((e) => !RESOURCES[e.type].parentOf).map((e) => [e])];
    rounds += Math.max(...lanes.map((l) => l.length));
    await Promise.all(
      lanes.map(async (lane) => {
        for (const entry of lane) outcome.set(entry, await removeEntry(entry, ops, ledger));
      }),
    );
  }
  const out: Removal = { removed: [], failed: [], rounds };
  for (const entry of order) {
    const reason = outcome.get(entry);
    if (reason === undefined) out.removed.push(entry);
    else out.failed.push({ entry, reason });
  }
  return out;
}

/** Removes one entry; undefined when it is gone, else why it is not. */
async function removeEntry(
  entry: LedgerEntry,
  ops: Ops,
  ledger?: Ledger,
): Promise<string | undefined> {
  const kind = RESOURCES[entry.type];
  if (!replayable(entry.path))
    return `create of ${entry.type} ${entry.label ?? ""} never reported an ID; \`plumbline sweep\` looks for it by label`;
  if (!kind.delete) {
    // goes with its parent: removed when the parent is
    ledger?.deleted(entry.key);
    return undefined;
  }
  const remove = loose(ops)[kind.delete];
  let res: ApiResponse;
  const as = entry.as;
  try {
    res = await remove({ path: entry.path, as });
    if (kind.forced && res.status >= 400 && res.status < 500 && res.status !== 404)
      res = await remove({ path: entry.path, as, ...kind.forced });
    if (kind.settled && res.status >= 400 && res.status < 500 && res.status !== 404) {
      // e.g. a cancel the stopped run sent whose answer it never read: nothing left to cancel
      const seen = await loose(ops)[kind.settled.view]({ path: entry.path, as });
      if (seen.status >= 200 && seen.status < 300 && kind.settled.when(seen.body)) res = seen;
    }
  } catch (e) {
    // the target stopped answering (breaker), or a path the operation cannot take
    const reason = `${kind.delete} ${JSON.stringify(entry.path)} not sent: ${(e as Error).message}`;
    ledger?.leftover(entry.key, reason);
    return reason;
  }
  if ((res.status >= 200 && res.status < 300) || res.status === 404) {
    ledger?.deleted(entry.key);
    return undefined;
  }
  const reason = `${kind.delete} ${JSON.stringify(entry.path)} answered ${res.status || res.error}${res.body?.errors?.[0]?.reason ? `: ${res.body.errors[0].reason}` : ""}`;
  ledger?.leftover(entry.key, reason);
  return reason;
}
