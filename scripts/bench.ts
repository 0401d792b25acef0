// The numbers on the front page, in one run, side by side: the full default run against the
// embedded reference (wall time and peak memory), the harness client's request rate against a raw
// node:http client on the same target, and fuzz cases per second. Prints a Markdown table and the
// machine it came from; README.md carries the latest one. Not part of `npm test`.
// Then the same run over a slow network (every answer held back 50 ms, then 200 ms) next to its
// physical limit, computed from that run's own request graph; and plumbline's own CPU per request
// against a standalone reference (scripts/bench-cpu.ts).
//   npm run bench [-- --skip-run] [-- --concurrency 32]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    "skip-run": { type: "boolean", default: false },
    // requests in flight for the runs over a slow network
    concurrency: { type: "string", default: "32" },
  },
});

/** Runs a command; its stdout's last line as JSON (the benchmarks print one with --json). */
function lastJson(args: string[]): Record<string, number> {
  const r = spawnSync(process.execPath, ["--import", "tsx", ...args], { encoding: "utf8" });
  const line = r.stdout.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`${args.join(" ")} printed no result: ${(r.stderr || r.stdout).slice(-500)}`);
  }
}

interface RunFigures {
  seconds: number;
  peakMb?: number;
  checks: number;
  verdict: string;
  /** requests the embedded reference received (its own count, printed at the end of the run) */
  requests: number;
  /** the longest chain of round trips that depend on each other: the longest check of the
   * concurrent phase, then every check of the serial phase (which runs alone, one check after another) */
  chain: number;
  /** of those: the serial phase's round trips (it runs alone, after the concurrent phase) */
  serialChain: number;
  /** fuzz cases per second of property time, over every property of the run */
  fuzzRate: number;
  /** the same over the stateless properties (one request a case, as the fuzz bench's) and over
   * the stateful ones (a case is a sequence of commands, each read back) */
  statelessRate: number;
  statefulRate: number;
  /** the stateless properties' cases per second of the time some of them ran (wallRate) */
  statelessWallRate: number;
}

/** A full run (wall seconds, peak memory in MB of its one process, worker threads included; its request graph). */
function fullRun(opts: { latencyMs?: number; concurrency?: number } = {}): RunFigures {
  const dir = mkdtempSync(join(tmpdir(), "plb-bench-"));
  const run = ["bin/plumbline.mjs", "run", "--report-dir", dir, "--ledger-dir", join(dir, "l")];
  if (opts.concurrency) run.push("--concurrency", String(opts.concurrency));
  const env = { ...process.env, PLUMBLINE_REFERENCE_LATENCY_MS: String(opts.latencyMs ?? 0) };
  const gnuTime = existsSync("/usr/bin/time");
  const memFile = join(dir, "mem");
  const started = performance.now();
  const r = gnuTime
    ? spawnSync("/usr/bin/time", ["-f", "%M", "-o", memFile, process.execPath, ...run], {
        env,
        encoding: "utf8",
      })
    : spawnSync(process.execPath, run, { env, encoding: "utf8" });
  const seconds = (performance.now() - started) / 1000;
  const report = JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8"));
  const peakKb = gnuTime ? Number(readFileSync(memFile, "utf8").trim().split("\n").at(-1)) : NaN;
  rmSync(dir, { recursive: true, force: true });
  const received = /embedded reference received (\d+) requests/.exec(r.stderr ?? "");
  const checks: {
    file: string;
    requests?: number;
    rounds?: number;
    cleanupRounds?: number;
    fuzz?: { cases: number; durationMs: number; startedAt?: number; chain?: number }[];
  }[] = report.checks;
  // a check's round trips depend on each other (pages read side by side are one), its fuzz
  // cases' chains (batches one after another) too, and its cleanup's rounds come after them
  const chainOf = (c: (typeof checks)[number]) =>
    (c.rounds ?? c.requests ?? 0) +
    (c.cleanupRounds ?? 0) +
    (c.fuzz ?? []).reduce((n, f) => n + (f.chain ?? 0), 0);
  const serial = (c: { file: string }) => /\.serial\.test\.ts$/.test(c.file);
  const longest = Math.max(0, ...checks.filter((c) => !serial(c)).map(chainOf));
  const serialChain = checks.filter(serial).reduce((n, c) => n + chainOf(c), 0);
  const rate = (of: typeof checks) => {
    const fuzz = of.flatMap((c) => c.fuzz ?? []);
    const ms = fuzz.reduce((n, f) => n + f.durationMs, 0);
    return ms ? (fuzz.reduce((n, f) => n + f.cases, 0) * 1000) / ms : NaN;
  };
  /** cases ÷ the seconds in which some property ran (the union of their intervals), as the fuzz
   * bench counts: properties running side by side share those seconds */
  const wallRate = (of: typeof checks) => {
    const spans = of
      .flatMap((c) => c.fuzz ?? [])
      .filter((f) => f.startedAt !== undefined)
      .map((f) => [f.startedAt!, f.startedAt! + f.durationMs] as const)
      .sort((a, b) => a[0] - b[0]);
    let ms = 0;
    let end = -Infinity;
    for (const [a, b] of spans) {
      ms += Math.max(0, b - Math.max(a, end));
      end = Math.max(end, b);
    }
    const cases = of.flatMap((c) => c.fuzz ?? []).reduce((n, f) => n + f.cases, 0);
    return ms ? (cases * 1000) / ms : NaN;
  };
  const stateful = (c: { file: string }) => c.file.includes("/stateful/");
  return {
    seconds,
    peakMb: Number.isFinite(peakKb) ? Math.round(peakKb / 1024) : undefined,
    checks: checks.length,
    verdict: `exit ${r.status}`,
    requests: received ? Number(received[1]) : NaN,
    chain: longest + serialChain,
    serialChain,
    fuzzRate: rate(checks),
    statelessRate: rate(checks.filter((c) => !stateful(c))),
    statefulRate: rate(checks.filter(stateful)),
    statelessWallRate: wallRate(checks.filter((c) => !stateful(c))),
  };
}

/** The physical limit of a run over a network with this round trip: max(chain × rtt, requests × rtt ÷ in flight). */
function physicalLimit(r: RunFigures, rttMs: number, inFlight: number): number {
  return Math.max(r.chain * rttMs, (r.requests * rttMs) / inFlight) / 1000;
}

/** The same with the serial phase alone, as it runs: its requests one after another, then the rest. */
function limitWithSerialAlone(r: RunFigures, rttMs: number, inFlight: number): number {
  const rest = physicalLimit(
    { ...r, chain: r.chain - r.serialChain, requests: r.requests - r.serialChain },
    rttMs,
    inFlight,
  );
  return rest + (r.serialChain * rttMs) / 1000;
}

const rows: [string, string][] = [];
const h = lastJson(["scripts/bench-harness.ts", "--json"]);
rows.push([
  "harness client vs raw node:http (GET /v4/account, 8 loops)",
  `${(h.ratio * 100).toFixed(0)}% (${Math.round(h.harnessRate)} vs ${Math.round(h.rawRate)} req/s)`,
]);
if (!values["skip-run"]) {
  const run = fullRun();
  // the run's overhead on any machine: wall time against the time the raw client would need to send
  // the same requests one after another
  const ideal = run.requests / h.rawRate;
  rows.push(
    [
      "full default run against the embedded reference",
      `${run.seconds.toFixed(1)} s (${run.checks} checks, ${run.requests} requests, ${run.verdict})`,
    ],
    [
      "overhead: wall time ÷ (requests ÷ raw client rate)",
      `${(run.seconds / ideal).toFixed(1)} (${run.seconds.toFixed(1)} s ÷ ${ideal.toFixed(2)} s)`,
    ],
    [
      "fuzz cases per second of property time, in that run",
      `${Math.round(run.fuzzRate)} (stateless ${Math.round(run.statelessRate)}, stateful sequences ${run.statefulRate.toFixed(1)})`,
    ],
    [
      "stateless fuzz cases per second of the time they ran, in that run (as the fuzz bench counts)",
      `${Math.round(run.statelessWallRate)}`,
    ],
    [
      "peak memory of that run",
      run.peakMb
        ? `${run.peakMb} MB (the whole run: its workers are threads)`
        : "not measured (no /usr/bin/time)",
    ],
  );
  const concurrency = Number(values.concurrency);
  for (const latencyMs of [50, 200]) {
    const slow = fullRun({ latencyMs, concurrency });
    const limit = physicalLimit(slow, latencyMs, concurrency);
    const alone = limitWithSerialAlone(slow, latencyMs, concurrency);
    rows.push([
      `full run, ${latencyMs} ms added to every answer, --concurrency ${concurrency}`,
      `${slow.seconds.toFixed(1)} s = ${(slow.seconds / limit).toFixed(2)} × its physical limit of ${limit.toFixed(1)} s (chain of ${slow.chain} requests, ${slow.requests} requests; ${slow.verdict}; peak ${slow.peakMb ?? "?"} MB); ${(slow.seconds / alone).toFixed(2)} × ${alone.toFixed(1)} s with the serial phase's ${slow.serialChain} requests alone`,
    ]);
  }
}
if (!values["skip-run"]) {
  // plumbline's own CPU, the target's apart: a full run against a standalone reference
  const c = lastJson(["scripts/bench-cpu.ts", "--json"]);
  rows.push([
    "plumbline's own CPU per request (full run against a standalone reference; all its threads, the target's CPU apart) vs a raw node:http client's",
    `${c.cpuMsPerRequest.toFixed(2)} ms (${(c.userS + c.systemS).toFixed(1)} CPU-s for ${c.requests} requests) vs ${c.rawCpuMsPerRequest.toFixed(3)} ms`,
  ]);
}
const f = lastJson(["scripts/bench-fuzz.ts", "--json"]);
rows.push([
  "fuzz cases per second (8 stateless properties, 4 at a time)",
  `${Math.round(f.casesPerSecond)} (${f.cases} cases in ${f.seconds.toFixed(1)} s)`,
]);

const cpu = cpus();
const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
console.log(
  ["| what | measured |", "| --- | --- |", ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join("\n"),
);
console.log(`\nMachine: ${machine}`);
