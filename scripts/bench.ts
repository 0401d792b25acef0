// The numbers on the front page, in one run, side by side: the full default run against the
// embedded reference (wall time and peak memory), the harness client's request rate against a raw
// node:http client on the same target, and fuzz cases per second. Prints a Markdown table and the
// machine it came from; README.md carries the latest one. Not part of `npm test`.
//   npm run bench [-- --skip-run]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { "skip-run": { type: "boolean", default: false } } });

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

/** The full default run: wall seconds, peak memory (MB, of the run's process tree), checks. */
function fullRun(): { seconds: number; peakMb?: number; checks: number; verdict: string } {
  const dir = mkdtempSync(join(tmpdir(), "plb-bench-"));
  const run = ["bin/plumbline.mjs", "run", "--report-dir", dir, "--ledger-dir", join(dir, "l")];
  const gnuTime = existsSync("/usr/bin/time");
  const memFile = join(dir, "mem");
  const started = performance.now();
  const r = gnuTime
    ? spawnSync("/usr/bin/time", ["-f", "%M", "-o", memFile, process.execPath, ...run])
    : spawnSync(process.execPath, run);
  const seconds = (performance.now() - started) / 1000;
  const report = JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8"));
  const peakKb = gnuTime ? Number(readFileSync(memFile, "utf8").trim().split("\n").at(-1)) : NaN;
  rmSync(dir, { recursive: true, force: true });
  return {
    seconds,
    peakMb: Number.isFinite(peakKb) ? Math.round(peakKb / 1024) : undefined,
    checks: report.checks.length,
    verdict: `exit ${r.status}`,
  };
}

const rows: [string, string][] = [];
if (!values["skip-run"]) {
  const run = fullRun();
  rows.push(
    [
      "full default run against the embedded reference",
      `${run.seconds.toFixed(1)} s (${run.checks} checks, ${run.verdict})`,
    ],
    [
      "peak memory of that run",
      run.peakMb ? `${run.peakMb} MB (largest process)` : "not measured (no /usr/bin/time)",
    ],
  );
}
const h = lastJson(["scripts/bench-harness.ts", "--json"]);
rows.push([
  "harness client vs raw node:http (GET /v4/account, 8 loops)",
  `${(h.ratio * 100).toFixed(0)}% (${Math.round(h.harnessRate)} vs ${Math.round(h.rawRate)} req/s)`,
]);
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
