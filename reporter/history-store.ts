// Run history on disk: each run's conformance.json kept under its content address
// (`runs/<sha256 of its bytes>.json.gz`: gzip, as a full run's exchanges make it tens of MB) and a small index (`index.json`: target, start, plumbline
// version, seed, verdict, counts) so runs are listed without reading every file. The run files are
// the truth and the index a cache of them: a run killed between the two, or two runs writing the
// index at once, leaves a run the index lacks; readHistory() finds it and adds it back.
// Every file is written to a temporary name and renamed: a killed run never leaves half a file.
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { parseReport } from "./json.ts";
import type { RunReport } from "./types.ts";

export const INDEX_FILE = "index.json";
export const RUNS_DIR = "runs";
const FORMAT = "plumbline-history/1";

/** What the index says of one kept run. */
export interface HistoryEntry {
  /** sha256 of the conformance.json bytes; the run's file is runs/<id>.json.gz */
  id: string;
  /** the target's label (several: joined with " + "), the shard when the run was one slice */
  target: string;
  url: string;
  shard?: string;
  startedAt: string;
  durationMs: number;
  version: string;
  apiVersion: string;
  seed: number | string;
  verdict: "pass" | "fail" | "error";
  exitCode: number;
  counts: { total: number; pass: number; fail: number; skip: number; error: number };
  /** gated failures (MUST; SHOULD with strict) the expectations file does not list */
  gatedFailures: number;
  /** checks `--rerun-failures` found flaky inside the run (when the report says) */
  flaky: number;
}

interface IndexFile {
  format: typeof FORMAT;
  runs: HistoryEntry[];
}

/** The index line of a report. */
export function entryOf(r: RunReport, id: string): HistoryEntry {
  const t = r.targets[0];
  const all = r.totals.all;
  return {
    id,
    target: targetName(r),
    url: r.targets.map((x) => x.url).join(" + "),
    ...(t?.shard ? { shard: `${t.shard.index}/${t.shard.count}` } : {}),
    startedAt: r.startedAt,
    durationMs: r.durationMs,
    version: r.tool?.version ?? "unknown",
    apiVersion: r.apiVersion,
    seed: r.seed,
    verdict: r.gate.verdict,
    exitCode: r.gate.exitCode,
    counts: { total: all.total, pass: all.pass, fail: all.fail, skip: all.skip, error: all.error },
    gatedFailures: r.gate.failures,
    flaky: r.checks.filter((c) => (c as { flaky?: boolean }).flaky === true).length,
  };
}

/** A run's target as history groups it: its label(s), and the slice of a sharded run. */
export function targetName(r: RunReport): string {
  const t = r.targets[0];
  const labels = r.targets.map((x) => x.label).join(" + ");
  return t?.shard && r.targets.length === 1
    ? `${labels} (shard ${t.shard.index}/${t.shard.count})`
    : labels;
}

/** Writes text to path through a temporary file in the same directory and a rename. */
export function writeAtomic(path: string, text: string | Buffer): void {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** Why dir cannot be a history directory (undefined: it can, or it does not exist yet). */
export function notHistoryDir(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  if (!statSync(dir).isDirectory()) return `${dir} is a file, not a directory`;
  const names = readdirSync(dir);
  if (names.length === 0 || names.includes(INDEX_FILE) || names.includes(RUNS_DIR))
    return undefined;
  return `${dir} holds other files and no ${INDEX_FILE} or ${RUNS_DIR}/: it is not a plumbline history directory`;
}

function readIndex(dir: string): { runs: HistoryEntry[]; problem?: string } {
  const file = join(dir, INDEX_FILE);
  if (!existsSync(file)) return { runs: [] };
  try {
    const doc = JSON.parse(readFileSync(file, "utf8")) as IndexFile;
    if (doc?.format !== FORMAT || !Array.isArray(doc.runs)) throw new Error(`not ${FORMAT}`);
    return { runs: doc.runs };
  } catch (e) {
    return {
      runs: [],
      problem: `${file} is malformed (${(e as Error).message}); rebuilt from ${RUNS_DIR}/`,
    };
  }
}

const sortRuns = (runs: HistoryEntry[]) =>
  runs.sort((x, y) => x.startedAt.localeCompare(y.startedAt) || x.id.localeCompare(y.id));

/**
 * Keeps one run: the bytes of its conformance.json (already redacted by the writer) under their
 * sha256, then its line in the index. The same bytes kept twice are one run. Returns its entry.
 */
export function keepRun(dir: string, bytes: Buffer): HistoryEntry {
  const report = parseReport(bytes.toString("utf8"));
  const id = createHash("sha256").update(bytes).digest("hex");
  mkdirSync(join(dir, RUNS_DIR), { recursive: true });
  const file = runFile(dir, id);
  if (!existsSync(file)) writeAtomic(file, gzipSync(bytes));
  const entry = entryOf(report, id);
  const { runs } = readIndex(dir);
  if (!runs.some((r) => r.id === id)) runs.push(entry);
  writeAtomic(
    join(dir, INDEX_FILE),
    `${JSON.stringify({ format: FORMAT, runs: sortRuns(runs) }, null, 1)}\n`,
  );
  return entry;
}

export interface History {
  dir: string;
  runs: HistoryEntry[];
  /** what was wrong and skipped or repaired: a malformed index, a run file that is not a report */
  warnings: string[];
}

/**
 * The runs of a history directory, oldest first: the index, plus any run file it lacks (read and
 * added back to the index when the directory can be written). Throws one line when dir is not a
 * history directory.
 */
export function readHistory(dir: string): History {
  if (!existsSync(dir))
    throw new Error(`${dir} does not exist; give the directory plumbline run --history wrote`);
  const not = notHistoryDir(dir);
  if (not) throw new Error(`${not}; give the directory plumbline run --history wrote`);
  if (!existsSync(join(dir, INDEX_FILE)) && !existsSync(join(dir, RUNS_DIR)))
    throw new Error(
      `${dir} holds no ${INDEX_FILE} and no ${RUNS_DIR}/: no run was kept there yet (plumbline run --history ${dir})`,
    );
  const warnings: string[] = [];
  const index = readIndex(dir);
  if (index.problem) warnings.push(index.problem);
  const runsDir = join(dir, RUNS_DIR);
  const files = existsSync(runsDir)
    ? readdirSync(runsDir).filter((f) => /^[0-9a-f]{64}\.json\.gz$/.test(f))
    : [];
  const onDisk = new Set(files.map((f) => f.slice(0, 64)));
  const runs = index.runs.filter((r) => onDisk.has(r.id));
  const known = new Set(runs.map((r) => r.id));
  let added = 0;
  for (const f of files) {
    const id = f.slice(0, 64);
    if (known.has(id)) continue;
    try {
      runs.push(entryOf(readRunFile(join(runsDir, f)), id));
      added++;
    } catch (e) {
      warnings.push(`${join(runsDir, f)} skipped: ${(e as Error).message.split("\n")[0]}`);
    }
  }
  sortRuns(runs);
  if (added || index.problem || runs.length !== index.runs.length) {
    try {
      writeAtomic(join(dir, INDEX_FILE), `${JSON.stringify({ format: FORMAT, runs }, null, 1)}\n`);
    } catch {
      // a read-only copy (a CI artifact) is read as it is
    }
  }
  return { dir, runs, warnings };
}

/** The report of one kept run. */
export function loadRun(dir: string, entry: HistoryEntry): RunReport {
  return readRunFile(runFile(dir, entry.id));
}

/** Where a kept run's bytes are. */
export function runFile(dir: string, id: string): string {
  return join(dir, RUNS_DIR, `${id}.json.gz`);
}

function readRunFile(file: string): RunReport {
  return parseReport(gunzipSync(readFileSync(file)).toString("utf8"), file);
}
