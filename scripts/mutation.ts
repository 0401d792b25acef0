// Mutation score of the suite against the reference target's fault switches: a baseline run, then
// one run per fault (the embedded reference started with that fault). A fault is detected when a
// check that passed in the baseline fails with it. Writes reports/mutation.json and mutation.md.
//   npx tsx scripts/mutation.ts [--jobs 2] [--only name,name] [--min 0]
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ALL_FAULTS } from "../reference/index.ts";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "2" },
    only: { type: "string" },
    min: { type: "string", default: "0" },
    out: { type: "string", default: "reports" },
  },
});

interface Check { name: string; outcome: string; requirementIds: string[] }

const work = join(values.out, "mutation");
mkdirSync(work, { recursive: true });

/** One `plumbline run` with the given faults; the checks of its conformance.json. */
function runWith(fault: string | undefined): Promise<Check[]> {
  const dir = join(work, fault ?? "baseline");
  rmSync(dir, { recursive: true, force: true }); // a run that writes nothing must not be judged by an earlier run's report
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/plumbline.mjs", "run", "--report-dir", dir, "--ledger-dir", join(dir, "ledger")], {
      env: { ...process.env, PLUMBLINE_REFERENCE_FAULTS: fault ?? "" },
      stdio: ["ignore", "ignore", "ignore"],
    });
    child.on("error", reject);
    child.on("exit", () => {
      try {
        resolve((JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8")) as { checks: Check[] }).checks);
      } catch (e) {
        reject(new Error(`run with ${fault ?? "no fault"} wrote no readable conformance.json: ${(e as Error).message}`));
      }
    });
  });
}

const only = values.only?.split(",").map((n) => n.trim()).filter(Boolean);
const unknown = only?.filter((n) => !ALL_FAULTS.some((f) => f.name === n)) ?? [];
if (unknown.length) throw new Error(`--only names no such fault: ${unknown.join(", ")}`);
const faults = only ? ALL_FAULTS.filter((f) => only.includes(f.name)) : ALL_FAULTS;

const t0 = performance.now();
const baseline = await runWith(undefined);
const passed = new Set(baseline.filter((c) => c.outcome === "pass").map((c) => c.name));

const results: { name: string; requirement: string; detected: boolean; by: string[] }[] = [];
const queue = [...faults];
await Promise.all(
  Array.from({ length: Number(values.jobs) }, async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const checks = await runWith(f.name);
      const by = checks.filter((c) => c.outcome === "fail" && passed.has(c.name)).map((c) => c.name);
      results.push({ name: f.name, requirement: f.requirement, detected: by.length > 0, by });
      process.stderr.write(`${by.length ? "detected" : "MISSED  "} ${f.name}\n`);
    }
  }),
);
results.sort((a, b) => a.name.localeCompare(b.name));
const detected = results.filter((r) => r.detected).length;
const score = results.length ? (100 * detected) / results.length : 100;
const seconds = (performance.now() - t0) / 1000;
const summary = { score, detected, faults: results.length, baselinePassed: passed.size, baselineChecks: baseline.length, seconds, results };
writeFileSync(join(values.out, "mutation.json"), JSON.stringify(summary, null, 2));
const md = [
  `# Mutation score: ${score.toFixed(1)}% (${detected} of ${results.length} reference faults detected)`,
  "",
  `Baseline: ${passed.size} of ${baseline.length} checks pass against the fault-free reference. ${seconds.toFixed(0)} s in all.`,
  "",
  "| fault | breaks | detected by |",
  "| --- | --- | --- |",
  ...results.map((r) => `| \`${r.name}\` | ${r.requirement} | ${r.detected ? r.by.slice(0, 3).join("<br>") + (r.by.length > 3 ? ` (+${r.by.length - 3})` : "") : "❌ **missed**"} |`),
].join("\n");
writeFileSync(join(values.out, "mutation.md"), md + "\n");
console.log(`mutation score ${score.toFixed(1)}%: ${detected} of ${results.length} faults detected (${seconds.toFixed(0)} s); ${join(values.out, "mutation.md")}`);
process.exit(score < Number(values.min) ? 1 : 0);
