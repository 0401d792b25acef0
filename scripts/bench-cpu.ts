// plumbline's own CPU per request, the target's apart (issue 32): the reference runs in this
// process (its CPU is not counted), a `plumbline run` in a child of its own against it (all of its
// threads: its workers are threads; /usr/bin/time reads the child's user + system CPU, children it
// waited on included), and a raw node:http client in another child (8 loops of GET /v4/account,
// keep-alive) as the floor. Prints one JSON line with --json.
// Warm-up first (the bundle, the transform cache), then --rounds full runs (2), the least kept.
//   npx tsx scripts/bench-cpu.ts [--json] [--rounds N] [--files suites/...]   (all suites by default)
//   npx tsx scripts/bench-cpu.ts --by-area [--rounds N]   (a table: each area of suites/ alone)
//   npx tsx scripts/bench-cpu.ts --pair <other checkout> [--rounds N]   (both at once, N pairs: ratios)
//   npx tsx scripts/bench-cpu.ts --pair . --pair-node-arg=--maglev   (a node or V8 flag, the same tree)
// A round that does not exit 0 keeps its reports (the path is printed).
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startReference } from "../reference/index.ts";
import { referenceTargetArgs } from "../tests/plumbline-child.ts";

const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    files: { type: "string", multiple: true },
    // internal: the raw client's child
    raw: { type: "string" },
    requests: { type: "string", default: "20000" },
    // full runs measured; the least CPU per request of them is reported (the others beside it)
    rounds: { type: "string", default: "2" },
    // another checkout's plumbline (a tree before a change), measured against the same reference
    root: { type: "string" },
    // V8 CPU profiles of the run (its main process and each worker) into this directory
    profile: { type: "string" },
    // one run per area of suites/ (its parallel files): where the CPU goes, a table
    "by-area": { type: "boolean", default: false },
    // flags for the run's node (V8's, as --single-threaded-gc, which NODE_OPTIONS refuses)
    "node-arg": { type: "string", multiple: true },
    // more flags for the run (`--run-arg=--concurrency --run-arg=fixed:4`)
    "run-arg": { type: "string", multiple: true },
    // another checkout run at the same time as this one, each against a reference of its own, for
    // --rounds pairs: the machine's noise (±10% between identical rounds on a shared machine) hits
    // both alike, and the ratio of each pair varies by a few percent
    pair: { type: "string" },
    // flags for the pair side's node only (a V8 or node flag against the same tree: --pair .)
    "pair-node-arg": { type: "string", multiple: true },
  },
});

if (values.raw) {
  // the raw client: N GETs, 8 at a time, keep-alive; prints its own CPU per request
  const [url, token] = values.raw.split(" ");
  const n = Number(values.requests);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const one = () =>
    new Promise<void>((resolve, reject) => {
      get(`${url}/v4/account`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on("end", resolve);
      }).on("error", reject);
    });
  let sent = 0;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (sent++ < n) await one();
    }),
  );
  const used = process.cpuUsage(before);
  console.log(JSON.stringify({ cpuMsPerRequest: (used.user + used.system) / 1000 / n }));
  process.exit(0);
}

const ref = await startReference({ port: 0 });
const dir = mkdtempSync(join(tmpdir(), "plb-cpu-"));
// biome-ignore format: flags and their values in pairs
const argsFor = (files?: string[], root = values.root ?? ".", target = ref, tag = "") => [
  join(root, "bin/plumbline.mjs"), "run", "--report-dir", join(dir, `r${tag}`), "--ledger-dir", join(dir, `l${tag}`),
  ...referenceTargetArgs(target.url, target),
  "--allow", "read-only,creates,billable,account-wide,destructive,concurrent",
  ...(files?.length ? ["--files", ...files] : []),
  ...(values["run-arg"] ?? []),
];
let args = argsFor(values.files);
/** One measured run: its wall time, exit code, requests the reference counted and CPU seconds. */
async function measure(round: number, runArgs = args, target = ref, nodeArgs = values["node-arg"]) {
  const timeFile = join(dir, `time-${round}-${target.url.split(":").at(-1)}`);
  const before = target.requests();
  const started = performance.now();
  // asynchronously: the reference answers from this process's event loop meanwhile
  const code = await new Promise<number | null>((resolve) => {
    const prof = values.profile ? ["--cpu-prof", `--cpu-prof-dir=${values.profile}`] : [];
    const child = spawn(
      "/usr/bin/time",
      ["-f", "%U %S", "-o", timeFile, process.execPath, ...prof, ...(nodeArgs ?? []), ...runArgs],
      {
        env: {
          ...process.env,
          PLUMBLINE_CONFIG: "",
          ...(values.profile ? { PLUMBLINE_CPU_PROFILE_DIR: values.profile } : {}),
        },
        stdio: "ignore",
      },
    );
    child.on("exit", resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  const requests = target.requests() - before;
  // a run that did not pass keeps its reports (the rest of the directory goes at the end)
  if (code !== 0) {
    const reports = runArgs[runArgs.indexOf("--report-dir") + 1]!;
    if (existsSync(reports)) {
      const kept = mkdtempSync(join(tmpdir(), "plb-cpu-failed-"));
      cpSync(reports, kept, { recursive: true });
      console.error(`round ${round + 1} exited ${code}: its reports are kept in ${kept}`);
    } else console.error(`round ${round + 1} exited ${code} and wrote no reports`);
  }
  const [user, system] = readFileSync(timeFile, "utf8")
    .trim()
    .split("\n")
    .at(-1)!
    .split(" ")
    .map(Number);
  return { seconds, exit: code, requests, userS: user, systemS: system };
}

// warm-up, not measured: the bundle of plumbline's own modules is (re)built when a source changed
// (bin/bundle.mjs, esbuild in a child) and the suites' transforms are cached on first use; a user
// of the package has both ready, and one cold round measured up to 1.7× a warm one
const warmUp = (bin: string) =>
  new Promise((resolve) =>
    spawn(process.execPath, [bin, "--version"], { stdio: "ignore" }).on("exit", resolve),
  );
await warmUp(args[0]!);
const perRequest = (r: { userS: number; systemS: number; requests: number }) =>
  ((r.userS + r.systemS) * 1000) / r.requests;

/** The least CPU per request of --rounds runs: the machine's noise (other processes) only adds. */
async function least() {
  const rounds = [];
  for (let i = 0; i < Number(values.rounds); i++) rounds.push(await measure(i));
  const best = rounds.reduce((a, b) => (perRequest(a) <= perRequest(b) ? a : b));
  return { best, rounds };
}

if (values.pair) {
  const ref2 = await startReference({ port: 0 });
  const pairArgs = argsFor(values.files, values.pair, ref2, "p");
  await warmUp(pairArgs[0]!);
  console.log(
    `| round | this tree (ms per request) | ${values.pair} | ratio |\n| --- | --- | --- | --- |`,
  );
  let logSum = 0;
  const n = Number(values.rounds);
  for (let i = 0; i < n; i++) {
    const [a, b] = await Promise.all([
      measure(i, args, ref),
      measure(i, pairArgs, ref2, values["pair-node-arg"] ?? values["node-arg"]),
    ]);
    const ratio = perRequest(a) / perRequest(b);
    logSum += Math.log(ratio);
    console.log(
      `| ${i + 1} | ${perRequest(a).toFixed(3)} (exit ${a.exit}) | ${perRequest(b).toFixed(3)} (exit ${b.exit}) | ${ratio.toFixed(3)} |`,
    );
  }
  console.log(
    `this tree ÷ ${values.pair}: ${Math.exp(logSum / n).toFixed(3)} (geometric mean of ${n} pairs)`,
  );
  await Promise.all([ref.close(), ref2.close()]);
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

if (values["by-area"]) {
  // each area's parallel files alone: its CPU beside its requests; the area with fewest requests
  // shows about what a run costs before its first request (start, workers, reports)
  const root = values.root ?? ".";
  console.log("| area | requests | CPU s | ms per request |\n| --- | --- | --- | --- |");
  const areas = readdirSync(join(root, "suites"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const area of areas) {
    const files = readdirSync(join(root, "suites", area), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".test.ts") && !f.endsWith(".serial.test.ts"))
      .map((f) => join("suites", area, f));
    if (!files.length) continue;
    args = argsFor(files);
    const { best: b } = await least();
    const cpu = b.userS + b.systemS;
    console.log(
      `| ${area} | ${b.requests} | ${cpu.toFixed(2)} | ${((cpu * 1000) / b.requests).toFixed(2)} |`,
    );
  }
  await ref.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

const { best, rounds } = await least();
const { seconds, exit: code, requests, userS: user, systemS: system } = best;
// asynchronously too: the reference answering it lives in this process
const rawOut = await new Promise<string>((resolve) => {
  let out = "";
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/bench-cpu.ts", "--raw", `${ref.url} ${ref.tokens.admin}`],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  child.stdout.on("data", (d) => (out += d));
  child.on("exit", () => resolve(out));
});
const rawCpu = JSON.parse(rawOut.trim().split("\n").at(-1) ?? "{}").cpuMsPerRequest as number;
await ref.close();
rmSync(dir, { recursive: true, force: true });
const result = {
  seconds,
  exit: code,
  requests,
  userS: user,
  systemS: system,
  cpuMsPerRequest: ((user + system) * 1000) / requests,
  rawCpuMsPerRequest: rawCpu,
  rounds: rounds.map((r) => +(((r.userS + r.systemS) * 1000) / r.requests).toFixed(3)),
};
if (values.json) console.log(JSON.stringify(result));
else
  console.log(
    `plumbline: ${result.cpuMsPerRequest.toFixed(2)} ms of CPU per request (${user} s user + ${system} s system for ${requests} requests, ${seconds.toFixed(1)} s, exit ${code}; the least of ${rounds.length} rounds: ${result.rounds.join(", ")} ms); raw node:http client: ${rawCpu.toFixed(3)} ms`,
  );
