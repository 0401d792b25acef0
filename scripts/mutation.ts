// Mutation score of the suite against the reference target's fault switches: a baseline run, then
// one run per fault (the embedded reference started with that fault). A fault is detected when a
// check that passed in the baseline fails with it. Next to it, the false-alarm score: one run per
// legal variant (reference/VARIANTS.md) and one with all of them; a false alarm is a MUST check that
// fails, or any check that errors, against a variant (SHOULD warnings and MUST skips are listed, and
// those the variant does not document are counted apart). Writes reports/mutation.json and mutation.md.
//   npx tsx scripts/mutation.ts [--jobs 2] [--only fault,fault] [--variants each|none|name,name] [--min 0] [--full]
// With --only, variants default to none. A fault of one area is first tried against that area's checks
// and the conventions (`--areas`, a quarter of the run); only a fault they miss gets a full run, so
// the score is the same as with --full (every fault against every check), in a fraction of the time.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { AREAS } from "../reference/areas/index.ts";
import { EVERYWHERE_SKIP } from "../suites/invariants/each.ts";
import {
  ALL_FAULTS,
  ALL_VARIANTS,
  faultNamesError,
  variantNamesError,
} from "../reference/index.ts";

const { values } = parseArgs({
  options: {
    jobs: { type: "string", default: "2" },
    only: { type: "string" },
    variants: { type: "string" },
    min: { type: "string", default: "0" },
    out: { type: "string", default: "reports" },
    full: { type: "boolean", default: false },
  },
});

interface Check {
  name: string;
  level: string;
  outcome: string;
  reason?: string;
  requirementIds: string[];
  /** the kind a generic invariant ran on */
  resource?: string;
}

const work = join(values.out, "mutation");
mkdirSync(work, { recursive: true });

/** the suite areas whose checks are tried first against a fault: its own area's and the conventions */
function firstAreas(fault: string): string {
  const area = AREAS.find((a) => a.faults?.some((f) => f.name === fault))?.name;
  return area ? `${area},conventions` : "conventions";
}

/** One `plumbline run` with the given fault or variants (only `areas`, when given); its checks. */
function runWith(fault: string | undefined, variants = "", areas = ""): Promise<Check[]> {
  const name = fault ?? (variants ? `variant-${variants}` : "baseline");
  const dir = join(work, areas ? `${name}-first` : name);
  rmSync(dir, { recursive: true, force: true }); // a run that writes nothing must not be judged by an earlier run's report
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "bin/plumbline.mjs",
        "run",
        "--report-dir",
        dir,
        "--ledger-dir",
        join(dir, "ledger"),
        ...(areas ? ["--areas", areas] : []),
      ],
      {
        env: {
          ...process.env,
          PLUMBLINE_REFERENCE_FAULTS: fault ?? "",
          PLUMBLINE_REFERENCE_VARIANTS: variants,
        },
        stdio: ["ignore", "ignore", "ignore"],
      },
    );
    child.on("error", reject);
    child.on("exit", () => {
      try {
        resolve(
          (JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8")) as { checks: Check[] })
            .checks,
        );
      } catch (e) {
        reject(
          new Error(
            `run with ${fault ?? (variants ? `variant ${variants}` : "no fault")} wrote no readable conformance.json: ${(e as Error).message}`,
          ),
        );
      }
    });
  });
}

const only = values.only
  ?.split(",")
  .map((n) => n.trim())
  .filter(Boolean);
const badFaults = faultNamesError(only ?? []);
if (badFaults) throw new Error(`--only: ${badFaults}`);
const faults = only ? ALL_FAULTS.filter((f) => only.includes(f.name)) : ALL_FAULTS;
const variantArg = values.variants ?? (only ? "none" : "each");
const variantNames =
  variantArg === "none"
    ? []
    : variantArg === "each"
      ? [...ALL_VARIANTS.map((v) => v.name), "all"]
      : variantArg
          .split(",")
          .map((n) => n.trim())
          .filter(Boolean);
const badVariants = variantNamesError(variantNames);
if (badVariants) throw new Error(`--variants: ${badVariants} (or each, or none)`);
/** the SHOULD warnings and MUST skips each variant documents (`all`: every variant's) */
const documented = (name: string, what: "shouldWarnings" | "skips") =>
  new Set(
    ALL_VARIANTS.filter((v) => name === "all" || v.name === name).flatMap((v) => v[what] ?? []),
  );

const t0 = performance.now();
const baseline = await runWith(undefined);
const passed = new Set(baseline.filter((c) => c.outcome === "pass").map((c) => c.name));

const results: {
  name: string;
  requirement: string;
  detected: boolean;
  by: string[];
  /** true when the first, area-restricted run missed it and the whole suite ran */
  fullRun: boolean;
}[] = [];
interface VariantResult {
  variant: string;
  falseAlarms: string[];
  shouldWarnings: string[];
  undocumentedShould: string[];
  skips: string[];
  undocumentedSkips: string[];
}
const variantResults: VariantResult[] = [];
type Job = { kind: "fault"; name: string; requirement: string } | { kind: "variant"; name: string };
const queue: Job[] = [
  ...faults.map((f) => ({ kind: "fault" as const, name: f.name, requirement: f.requirement })),
  ...variantNames.map((name) => ({ kind: "variant" as const, name })),
];
await Promise.all(
  Array.from({ length: Number(values.jobs) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      if (job.kind === "fault") {
        const caught = (checks: Check[]) =>
          checks.filter((c) => c.outcome === "fail" && passed.has(c.name)).map((c) => c.name);
        let by = values.full ? [] : caught(await runWith(job.name, "", firstAreas(job.name)));
        const fullRun = by.length === 0;
        if (fullRun) by = caught(await runWith(job.name));
        results.push({
          name: job.name,
          requirement: job.requirement,
          detected: by.length > 0,
          by,
          fullRun,
        });
        process.stderr.write(`${by.length ? "detected" : "MISSED  "} ${job.name}\n`);
      } else {
        const checks = await runWith(undefined, job.name);
        const falseAlarms = checks
          .filter((c) => (c.level === "MUST" && c.outcome === "fail") || c.outcome === "error")
          .map((c) => `${c.outcome}: ${c.name}`);
        const warned = checks.filter((c) => c.level === "SHOULD" && c.outcome !== "pass");
        // an invariant on a kind no subject makes skips on every target, not because of a variant
        const skipped = checks.filter(
          (c) =>
            c.level === "MUST" && c.outcome === "skip" && !c.reason?.startsWith(EVERYWHERE_SKIP),
        );
        const undocumented = (cs: Check[], ids: Set<string>) =>
          cs.filter((c) => !c.requirementIds.some((id) => ids.has(id))).map((c) => c.name);
        const undocumentedShould = undocumented(warned, documented(job.name, "shouldWarnings"));
        const undocumentedSkips = undocumented(skipped, documented(job.name, "skips"));
        variantResults.push({
          variant: job.name,
          falseAlarms,
          shouldWarnings: warned.map((c) => c.name),
          undocumentedShould,
          skips: skipped.map((c) => c.name),
          undocumentedSkips,
        });
        process.stderr.write(
          `${falseAlarms.length ? "FALSE ALARM" : "no false alarm"}${undocumentedShould.length + undocumentedSkips.length ? " (undocumented warnings or skips)" : ""} variant ${job.name}\n`,
        );
      }
    }
  }),
);
results.sort((a, b) => a.name.localeCompare(b.name));
variantResults.sort((a, b) =>
  a.variant === "all" ? 1 : b.variant === "all" ? -1 : a.variant.localeCompare(b.variant),
);
const falseAlarms = variantResults.reduce((n, v) => n + v.falseAlarms.length, 0);
const undocumentedShould = variantResults.reduce((n, v) => n + v.undocumentedShould.length, 0);
const undocumentedSkips = variantResults.reduce((n, v) => n + v.undocumentedSkips.length, 0);
const detected = results.filter((r) => r.detected).length;
const score = results.length ? (100 * detected) / results.length : 100;
const seconds = (performance.now() - t0) / 1000;
const falseAlarm = {
  variantsRun: variantResults.length,
  falseAlarms,
  undocumentedShould,
  undocumentedSkips,
  results: variantResults,
};
const summary = {
  score,
  detected,
  faults: results.length,
  baselinePassed: passed.size,
  baselineChecks: baseline.length,
  seconds,
  /** faults whose area-restricted first run missed them, so the whole suite ran */
  fullRuns: results.filter((r) => r.fullRun).length,
  results,
  falseAlarm,
};
writeFileSync(join(values.out, "mutation.json"), JSON.stringify(summary, null, 2));
const few = (xs: string[]) =>
  xs.length ? xs.slice(0, 3).join("<br>") + (xs.length > 3 ? ` (+${xs.length - 3})` : "") : "none";
const md = [
  `# Mutation score: ${score.toFixed(1)}% (${detected} of ${results.length} reference faults detected)`,
  "",
  variantResults.length
    ? `# False alarms: ${falseAlarms} (MUST checks failing or checks erroring in ${variantResults.length} runs against legal variants; must be 0)`
    : "False alarms: not measured (no variant runs)",
  "",
  `Baseline: ${passed.size} of ${baseline.length} checks pass against the fault-free reference. ${results.length} fault switches, ${seconds.toFixed(0)} s in all (${values.full ? "every fault against the whole suite" : `each fault first against its area's checks and the conventions; ${summary.fullRuns} needed the whole suite`}).`,
  "",
  "| fault | breaks | detected by |",
  "| --- | --- | --- |",
  ...results.map(
    (r) => `| \`${r.name}\` | ${r.requirement} | ${r.detected ? few(r.by) : "❌ **missed**"} |`,
  ),
  ...(variantResults.length
    ? [
        "",
        `Legal variants (reference/VARIANTS.md), each alone and \`all\` together. SHOULD warnings a variant does not document: ${undocumentedShould}; MUST skips it does not document: ${undocumentedSkips}.`,
        "",
        "| variant | false alarms (MUST failing, errors) | SHOULD warnings | MUST skips |",
        "| --- | --- | --- | --- |",
        ...variantResults.map(
          (v) =>
            `| \`${v.variant}\` | ${v.falseAlarms.length ? `❌ ${few(v.falseAlarms)}` : "0"} | ${few(v.shouldWarnings)}${v.undocumentedShould.length ? ` (undocumented: ${v.undocumentedShould.length})` : ""} | ${few(v.skips)}${v.undocumentedSkips.length ? ` (undocumented: ${v.undocumentedSkips.length})` : ""} |`,
        ),
      ]
    : []),
].join("\n");
writeFileSync(join(values.out, "mutation.md"), `${md}\n`);
const alarms = variantResults.length
  ? `; false alarms ${falseAlarms} in ${variantResults.length} variant runs (undocumented SHOULD warnings ${undocumentedShould}, MUST skips ${undocumentedSkips})`
  : "";
console.log(
  `mutation score ${score.toFixed(1)}%: ${detected} of ${results.length} fault switches detected${alarms} (${seconds.toFixed(0)} s); ${join(values.out, "mutation.md")}`,
);
process.exit(score < Number(values.min) || falseAlarms > 0 ? 1 : 0);
