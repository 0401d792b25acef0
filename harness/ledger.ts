// The crash-safe record of what a run created. One JSON line per event, appended and fsynced:
// the intent before the create request, the ID after it, the deletion after that. A run killed at
// any point leaves a ledger that `plumbline sweep` can replay.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, writeSync } from "node:fs";
import { join } from "node:path";
import { RESOURCES, type ResourceType } from "./resources.ts";
import type { Ops } from "./ops.ts";

export type LedgerLine =
  | { t: "run"; runId: string; pid: number; target: string; embedded?: boolean; labelPrefix: string; at: string }
  | { t: "intent"; key: string; type: ResourceType; label?: string; parent?: Record<string, string | number>; at: string }
  | { t: "created"; key: string; type: ResourceType; path: Record<string, string | number>; label?: string; at: string }
  | { t: "deleted"; key: string; at: string }
  | { t: "leftover"; key: string; reason: string; at: string }
  | { t: "end"; at: string };

export interface LedgerEntry {
  key: string;
  type: ResourceType;
  label?: string;
  /** delete path; undefined when the create never reported an ID (find it by prefix) */
  path?: Record<string, string | number>;
  parent?: Record<string, string | number>;
}

export function ledgerPath(dir: string, runId: string): string {
  return join(dir, `ledger-${runId}.jsonl`);
}

let counter = 0;

export class Ledger {
  constructor(readonly file: string) {}

  static forRun(dir: string, runId: string): Ledger {
    mkdirSync(dir, { recursive: true });
    return new Ledger(ledgerPath(dir, runId));
  }

  /** Appends one line and forces it to disk before returning. */
  append(line: LedgerLine): void {
    const fd = openSync(this.file, "a");
    try {
      writeSync(fd, JSON.stringify(line) + "\n");
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  start(info: Omit<Extract<LedgerLine, { t: "run" }>, "t" | "at">): void {
    this.append({ t: "run", ...info, at: new Date().toISOString() });
  }

  intent(type: ResourceType, label?: string, parent?: Record<string, string | number>): string {
    const key = `${process.pid}-${Date.now().toString(36)}-${++counter}`;
    this.append({ t: "intent", key, type, label, parent, at: new Date().toISOString() });
    return key;
  }

  created(key: string, type: ResourceType, path: Record<string, string | number>, label?: string): void {
    this.append({ t: "created", key, type, path, label, at: new Date().toISOString() });
  }

  deleted(key: string): void {
    this.append({ t: "deleted", key, at: new Date().toISOString() });
  }

  leftover(key: string, reason: string): void {
    this.append({ t: "leftover", key, reason, at: new Date().toISOString() });
  }

  end(): void {
    this.append({ t: "end", at: new Date().toISOString() });
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
}

export function readLedger(file: string): LedgerState {
  const entries = new Map<string, LedgerEntry>();
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
    else if (line.t === "intent") entries.set(line.key, { key: line.key, type: line.type, label: line.label, parent: line.parent });
    else if (line.t === "created") entries.set(line.key, { ...entries.get(line.key), key: line.key, type: line.type, path: line.path, label: line.label ?? entries.get(line.key)?.label });
    else if (line.t === "deleted") entries.delete(line.key);
  }
  return { file, run, ended, open: [...entries.values()] };
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
}

/**
 * Deletes entries children first (objects' certificates before buckets, configs before instances),
 * newest first within a rank; records each outcome in the ledger. A 404 counts as removed.
 * Entries whose create never returned an ID are left to the prefix sweep.
 */
export async function removeEntries(entries: LedgerEntry[], ops: Ops, ledger?: Ledger): Promise<Removal> {
  const out: Removal = { removed: [], failed: [] };
  const order = [...entries].reverse().sort((a, b) => RESOURCES[a.type].rank - RESOURCES[b.type].rank);
  for (const entry of order) {
    const kind = RESOURCES[entry.type];
    if (!entry.path) {
      out.failed.push({ entry, reason: `create of ${entry.type} ${entry.label ?? ""} never reported an ID; sweep by prefix finds it` });
      continue;
    }
    if (!kind.delete) {
      // goes with its parent: removed when the parent is
      out.removed.push(entry);
      ledger?.deleted(entry.key);
      continue;
    }
    let res;
    try {
      res = await ops[kind.delete]({ path: entry.path });
    } catch (e) {
      // a ledger entry that cannot be replayed (e.g. a path without its ID) is reported, never thrown
      out.failed.push({ entry, reason: `${kind.delete} ${JSON.stringify(entry.path)}: ${(e as Error).message}` });
      continue;
    }
    if ((res.status >= 200 && res.status < 300) || res.status === 404) {
      out.removed.push(entry);
      ledger?.deleted(entry.key);
    } else {
      const reason = `${kind.delete} ${JSON.stringify(entry.path)} answered ${res.status || res.error}${res.body?.errors?.[0]?.reason ? `: ${res.body.errors[0].reason}` : ""}`;
      out.failed.push({ entry, reason });
      ledger?.leftover(entry.key, reason);
    }
  }
  return out;
}
