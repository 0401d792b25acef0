// The command line: plumbline run | plan | reference | diff | report merge | report compare |
// history | sweep | fuzz.
// Bad input exits 2 with one line naming what to fix; a failed gate exits 1.
import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { Command, Option } from "commander";
import {
  CONFIG_FIELDS,
  loadConfig,
  refuse,
  usableDir,
  type Config,
  type FieldName,
} from "../harness/config.ts";
import { ConfigError } from "../harness/errors.ts";
import type { ReferenceHandle } from "../reference/index.ts";
import type { DiffSide } from "./diff.ts";
import { PACKAGE_ROOT } from "./root.ts";

const BOOLEAN_FIELDS = new Set<FieldName>(["strict", "destructive"]);

/** Adds one option per configuration setting; returns a function mapping parsed options back. */
function configOptions(cmd: Command): (opts: Record<string, unknown>) => Record<string, unknown> {
  const byAttr = new Map<string, FieldName>();
  for (const [name, f] of Object.entries(CONFIG_FIELDS) as [
    FieldName,
    (typeof CONFIG_FIELDS)[FieldName],
  ][]) {
    const opt = BOOLEAN_FIELDS.has(name)
      ? new Option(f.flag, `${f.expected} (env ${f.env})`)
      : new Option(`${f.flag} <value>`, `${f.expected} (env ${f.env})`);
    cmd.addOption(opt);
    byAttr.set(opt.attributeName(), name);
  }
  cmd.addOption(
    new Option("--config <file>", "plumbline.config.yaml to read (env PLUMBLINE_CONFIG)"),
  );
  return (opts) =>
    Object.fromEntries(
      Object.entries(opts)
        .filter(([k]) => byAttr.has(k))
        .map(([k, v]) => [byAttr.get(k)!, v]),
    );
}

function configFrom(
  opts: Record<string, unknown>,
  toFlags: (o: Record<string, unknown>) => Record<string, unknown>,
): Config {
  return loadConfig({ flags: toFlags(opts), file: opts.config as string | undefined });
}

const say = (l: string) => process.stderr.write(`${l}\n`);

/** The command line: one function per command, in the order `--help` lists them. */
export function program(): Command {
  const prog = new Command("plumbline")
    .description(
      "Conformance suite for the Cloud Account, Object Storage and Compute Management API v4.106.1",
    )
    .showHelpAfterError()
    .exitOverride();
  runCommand(prog);
  planCommand(prog);
  referenceCommand(prog);
  diffCommand(prog);
  reportMergeCommand(prog);
  rejudgeCommand(prog);
  reportCompareCommand(prog);
  historyCommand(prog);
  sweepCommand(prog);
  fuzzCommand(prog);
  return prog;
}

const PROXY_HELP =
  "\nProxies: HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY (either case) are honoured as curl reads them (credentials in the proxy URL); the embedded reference is reached directly.";

/** `plumbline run`: the suites against the target, reports written, the gate's exit status. */
function runCommand(prog: Command): void {
  const cmd = prog
    .command("run")
    .description("run the suites against --target (or the embedded reference) and write reports")
    .addOption(filesOption("suites/"))
    .addHelpText("after", PROXY_HELP);
  const flags = configOptions(cmd);
  cmd.action(async (opts) => {
    const config = configFrom(opts, flags);
    const files = opts.files ? suiteFiles(opts.files, "suites/") : undefined;
    const { run } = await import("./run.ts");
    process.exitCode = await run(config, { log: say, ...(files ? { filters: files } : {}) });
    // the verdict is written: whatever a stopped run left running (a worker still waiting on a
    // stalled target) must not keep the process alive
    setTimeout(() => process.exit(), 2000).unref();
  });
}

/** `plumbline plan`: what a run would do, nothing sent. */
function planCommand(prog: Command): void {
  const cmd = prog
    .command("plan")
    .description(
      "list what a run would do, grouped by side-effect class, without sending anything",
    );
  const flags = configOptions(cmd);
  cmd.action(async (opts) => {
    const { plan, renderPlan } = await import("./plan.ts");
    const config = configFrom(opts, flags);
    process.stdout.write(renderPlan(await plan(config), config));
  });
}

/** `plumbline reference`: the reference target standalone, until Ctrl-C. */
function referenceCommand(prog: Command): void {
  prog
    .command("reference")
    .description("start the reference target standalone and print its URL, tokens and control URL")
    .option("--port <port>", "port to listen on", "4010")
    .option("--host <host>", "address to bind", "127.0.0.1")
    .option("--fault <name...>", "fault switches to turn on (see reference/FAULTS.md)")
    .option("--variant <name...>", "legal variants to turn on, or all (see reference/VARIANTS.md)")
    .option(
      "--jobs <mode>",
      "instance jobs: instant, held (until the jobs-release state), or a delay in milliseconds",
      "instant",
    )
    .action(serveReference);
}

async function serveReference(opts: Record<string, unknown>): Promise<void> {
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(
      `--port: "${opts.port}" is not valid; expected an integer from 0 to 65535`,
    );
  const jobs = jobMode(String(opts.jobs));
  const { startReference, faultNamesError, variantNamesError } = await import(
    "../reference/index.ts"
  );
  const faults = opts.fault as string[] | undefined;
  const variants = opts.variant as string[] | undefined;
  refuse("--fault", faultNamesError(faults ?? []));
  refuse("--variant", variantNamesError(variants ?? []));
  const host = String(opts.host);
  const ref = await startReference({ port, host, faults, variants, jobs }).catch(
    (e: NodeJS.ErrnoException) => {
      throw listenError(e, port, host);
    },
  );
  process.stdout.write(referenceBanner(ref));
  await new Promise<void>((resolve) => {
    const stop = () => void ref.close().then(resolve);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}

/** What `plumbline reference` prints: where it listens, its tokens, and how to run the suite on it. */
function referenceBanner(ref: ReferenceHandle): string {
  return [
    `reference target listening`,
    `  url:          ${ref.url}`,
    `  control url:  ${ref.controlUrl}`,
    ...Object.entries(ref.tokens).map(([k, v]) => `  ${(`${k} token:`).padEnd(14)}${v}`),
    ...(ref.app.variants.list().length
      ? [`  variants:     ${ref.app.variants.list().join(", ")}`]
      : []),
    "",
    `run the suite against it:`,
    `  PLUMBLINE_TARGET=${ref.url} PLUMBLINE_CONTROL_URL=${ref.controlUrl} PLUMBLINE_ADMIN_TOKEN=${ref.tokens.admin} \\`,
    `  PLUMBLINE_RESTRICTED_TOKEN=${ref.tokens.restricted} PLUMBLINE_SECONDARY_TOKEN=${ref.tokens.secondary} npx plumbline run`,
    "",
    "Ctrl-C stops it.",
    "",
  ].join("\n");
}

/** `plumbline diff`: side a takes the usual flags, side b the -b ones; everything else is shared. */
function diffCommand(prog: Command): void {
  const cmd = prog
    .command("diff")
    .description(
      "one seeded scenario against two targets (side a: the usual flags; side b: the -b flags), then a side-by-side report of every difference, legal or not",
    )
    .option(
      "--target-b <url>",
      "side b's base URL; none: a second embedded reference (env PLUMBLINE_B_TARGET)",
    )
    .option("--control-b <url>", "side b's control endpoint (env PLUMBLINE_B_CONTROL_URL)")
    .option("--admin-token-b <token>", "side b's admin token (env PLUMBLINE_B_ADMIN_TOKEN)")
    .option(
      "--restricted-token-b <token>",
      "side b's restricted token (env PLUMBLINE_B_RESTRICTED_TOKEN)",
    )
    .option(
      "--secondary-token-b <token>",
      "side b's secondary token (env PLUMBLINE_B_SECONDARY_TOKEN)",
    )
    .option(
      "--admin-token-command-b <cmd>",
      "side b's admin token from a command, run again on a 401 (env PLUMBLINE_B_ADMIN_TOKEN_COMMAND)",
    )
    .option(
      "--restricted-token-command-b <cmd>",
      "side b's restricted token from a command (env PLUMBLINE_B_RESTRICTED_TOKEN_COMMAND)",
    )
    .option(
      "--secondary-token-command-b <cmd>",
      "side b's secondary token from a command (env PLUMBLINE_B_SECONDARY_TOKEN_COMMAND)",
    )
    .option("--target-label-b <name>", "side b's name in the reports")
    .option(
      "--reference-faults-a <names>",
      "fault switches of side a's embedded reference, comma-separated (reference/FAULTS.md)",
    )
    .option("--reference-faults-b <names>", "fault switches of side b's embedded reference")
    .option(
      "--reference-variants-a <names>",
      "legal variants of side a's embedded reference, comma-separated, or all",
    )
    .option("--reference-variants-b <names>", "legal variants of side b's embedded reference");
  const flags = configOptions(cmd);
  cmd.action((opts) => runDiff(opts, flags(opts)));
}

async function runDiff(
  opts: Record<string, unknown>,
  flags: Record<string, unknown>,
): Promise<void> {
  const { diff, sideOf, defaultLabel } = await import("./diff.ts");
  // both sides replay one scenario: a seed is drawn here when none is given
  const config = loadConfig({
    flags: {
      ...flags,
      seed: flags.seed ?? process.env.PLUMBLINE_SEED ?? String(Math.floor(Math.random() * 2 ** 31)),
    },
    file: opts.config as string | undefined,
  });
  const targetB = (opts.targetB ?? process.env.PLUMBLINE_B_TARGET) as string | undefined;
  await checkReferenceSwitches(opts, config.target, targetB);
  const a = sideOf(config, {
    faults: commaList(opts.referenceFaultsA),
    variants: commaList(opts.referenceVariantsA),
  });
  const bSide = sideB(opts, targetB);
  const b = { ...bSide, label: (opts.targetLabelB as string | undefined) ?? defaultLabel(bSide) };
  if (a.label === b.label) b.label = `${b.label} (b)`;
  const outDir =
    (flags.reportDir as string | undefined) ?? process.env.PLUMBLINE_REPORT_DIR ?? "reports/diff";
  const shared = sharedFlags(flags, opts.config as string | undefined);
  process.exitCode = await diff({ a, b, seed: config.seed, shared, outDir, log: say });
}

/** `a,b, c` → [a, b, c]; undefined when not given. */
function commaList(v: unknown): string[] | undefined {
  return typeof v === "string"
    ? v
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean)
    : undefined;
}

/** A side's switches turn on an embedded reference: refused beside a target, and unknown faults named. */
async function checkReferenceSwitches(
  opts: Record<string, unknown>,
  targetA: string | undefined,
  targetB: string | undefined,
): Promise<void> {
  if ((opts.referenceFaultsB || opts.referenceVariantsB) && targetB)
    throw new ConfigError(
      "--reference-faults-b / --reference-variants-b switch an embedded reference; drop them or --target-b",
    );
  if ((opts.referenceFaultsA || opts.referenceVariantsA) && targetA)
    throw new ConfigError(
      "--reference-faults-a / --reference-variants-a switch an embedded reference; drop them or --target",
    );
  const { faultNamesError } = await import("../reference/index.ts");
  refuse("--reference-faults-a", faultNamesError(commaList(opts.referenceFaultsA) ?? []));
  refuse("--reference-faults-b", faultNamesError(commaList(opts.referenceFaultsB) ?? []));
}

/** Side b from its -b flags, or their PLUMBLINE_B_* variables. */
function sideB(
  opts: Record<string, unknown>,
  targetB: string | undefined,
): Omit<DiffSide, "label"> {
  const env = process.env;
  return {
    target: httpUrl("--target-b", targetB),
    controlUrl: httpUrl("--control-b", opts.controlB ?? env.PLUMBLINE_B_CONTROL_URL),
    tokens: {
      admin: (opts.adminTokenB ?? env.PLUMBLINE_B_ADMIN_TOKEN) as string | undefined,
      restricted: (opts.restrictedTokenB ?? env.PLUMBLINE_B_RESTRICTED_TOKEN) as string | undefined,
      secondary: (opts.secondaryTokenB ?? env.PLUMBLINE_B_SECONDARY_TOKEN) as string | undefined,
    },
    tokenCommands: {
      admin: (opts.adminTokenCommandB ?? env.PLUMBLINE_B_ADMIN_TOKEN_COMMAND) as string | undefined,
      restricted: (opts.restrictedTokenCommandB ?? env.PLUMBLINE_B_RESTRICTED_TOKEN_COMMAND) as
        | string
        | undefined,
      secondary: (opts.secondaryTokenCommandB ?? env.PLUMBLINE_B_SECONDARY_TOKEN_COMMAND) as
        | string
        | undefined,
    },
    faults: commaList(opts.referenceFaultsB),
    variants: commaList(opts.referenceVariantsB),
  };
}

/** An http(s) URL without its trailing slashes; undefined stays undefined. */
function httpUrl(flag: string, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (!/^https?:\/\/[^\s/]+/.test(String(v)))
    throw new ConfigError(
      `${flag}: ${JSON.stringify(v)} is not valid; expected an http(s) URL such as https://api.example.com`,
    );
  return String(v).replace(/\/+$/, "");
}

// what belongs to one side of a diff; every other setting is passed to both
const SIDE_SETTINGS = new Set([
  "target",
  "targetLabel",
  "targetVersion",
  "controlUrl",
  "adminToken",
  "restrictedToken",
  "secondaryToken",
  "adminTokenCommand",
  "restrictedTokenCommand",
  "secondaryTokenCommand",
  "reportDir",
  "seed",
]);

/** The settings both sides share, as `plumbline run` arguments. */
function sharedFlags(flags: Record<string, unknown>, configFile: string | undefined): string[] {
  const shared = Object.entries(flags).flatMap(([k, v]) =>
    SIDE_SETTINGS.has(k) || v === undefined || v === false
      ? []
      : v === true
        ? [CONFIG_FIELDS[k as FieldName].flag]
        : [CONFIG_FIELDS[k as FieldName].flag, String(v)],
  );
  if (configFile) shared.push("--config", String(configFile));
  return shared;
}

/** `plumbline report merge`: conformance.json files of shards or targets into one report. */
function reportMergeCommand(prog: Command): void {
  const report = prog.command("report").description("work with written reports");
  report
    .command("merge")
    .description("merge conformance.json files (targets or shards) into one report")
    .argument("<files...>", "conformance.json files")
    .requiredOption("-o, --out <dir>", "directory to write the merged report to")
    .option("--strict", "gate on SHOULD failures too")
    .action(async (files: string[], opts) => {
      const { mergeReports, gateExitCode, verdictLine } = await import("../reporter/index.ts");
      let merged: ReturnType<typeof mergeReports>;
      try {
        merged = mergeReports(files, opts.out, { strict: opts.strict === true });
      } catch (e) {
        throw new ConfigError(
          `report merge: ${(e as Error).message} (give conformance.json files written by plumbline run)`,
        );
      }
      console.log(verdictLine(merged));
      console.log(`merged report written to ${opts.out}`);
      process.exitCode = gateExitCode(merged);
    });
}

/** `plumbline rejudge`: a run's evidence judged again offline with a spec and catalog (runner/rejudge.ts). */
function rejudgeCommand(prog: Command): void {
  prog
    .command("rejudge")
    .description(
      "judge a run's conformance.json again, offline (nothing is sent): the oracles that read only the recorded answers (response schemas, the Error body, JSON and its content type, the collection envelope) are applied again with --spec and --catalog; a check whose verdict needed more than the record is marked not re-judgeable, never guessed; the four reports are written again",
    )
    .argument("<evidence>", "the conformance.json of a run (schemaVersion 2 or later)")
    .option(
      "--spec <file>",
      "the OpenAPI document to judge with (default: plumbline's spec/openapi.yaml)",
    )
    .option(
      "--catalog <file>",
      "the requirement catalog to take levels and statements from (default: plumbline's spec/requirements.yaml)",
    )
    .option(
      "--report-dir <dir>",
      "where to write the four reports (env PLUMBLINE_REPORT_DIR; default reports)",
    )
    .action(async (evidence: string, opts) => {
      const { rejudge } = await import("./rejudge.ts");
      process.exitCode = await rejudge(evidence, {
        spec: opts.spec,
        catalog: opts.catalog,
        reportDir: opts.reportDir,
        log: say,
      });
    });
}

/** `plumbline report compare A B`: what B broke that A passed; exit 1 on a new MUST failure. */
function reportCompareCommand(prog: Command): void {
  prog.commands
    .find((c) => c.name() === "report")!
    .command("compare")
    .description(
      "compare two runs check by check: regressions (passed in A, failed in B) with both sides' exchanges, fixes, level changes, new and removed checks; exit 1 when B has a MUST failure A did not have",
    )
    .argument("<a>", "the earlier run: a conformance.json or the report directory holding it")
    .argument("<b>", "the later run")
    .option(
      "-o, --out <dir>",
      "write compare.md, compare.html (A and B side by side) and compare.json there instead of Markdown to stdout",
    )
    .action(async (a: string, b: string, opts: { out?: string }) => {
      const { compareReports, readReportArg } = await import("../reporter/compare.ts");
      const { compareFiles, compareVerdict } = await import("../reporter/compare-render.ts");
      const badInput = <T>(f: () => T): T => {
        try {
          return f();
        } catch (e) {
          throw new ConfigError(`report compare: ${(e as Error).message}`);
        }
      };
      const c = badInput(() => compareReports(readReportArg(a), readReportArg(b), [a, b]));
      const files = compareFiles(c);
      if (opts.out) {
        usableOutDir(opts.out);
        const { writeAtomic } = await import("../reporter/history-store.ts");
        for (const [name, text] of Object.entries(files)) writeAtomic(join(opts.out, name), text);
        say(
          `plumbline report compare: ${compareVerdict(c)}; ${Object.keys(files).join(", ")} in ${opts.out}`,
        );
      } else {
        process.stdout.write(files["compare.md"]);
        say(`plumbline report compare: ${compareVerdict(c)}`);
      }
      process.exitCode = c.exitCode;
    });
}

/** `plumbline history DIR`: the runs `run --history DIR` kept, as history.html and history.md. */
function historyCommand(prog: Command): void {
  prog
    .command("history")
    .description(
      "what the runs kept by plumbline run --history say over time: per target the verdict and counts per run, a strip per check, a timeline per area, regressions and fixes since the run before, and the flaky checks; writes history.html and history.md",
    )
    .argument("<dir>", "the directory plumbline run --history (PLUMBLINE_HISTORY) keeps runs in")
    .option("--last <n>", "runs shown per target, the latest ones (1 to 1000)", "20")
    .option("-o, --out <dir>", "where to write history.html and history.md (default: <dir>)")
    .action(async (dir: string, opts: { last: string; out?: string }) => {
      const last = Number(opts.last);
      if (!/^\d+$/.test(opts.last) || last < 1 || last > 1000)
        throw new ConfigError(
          `--last: ${JSON.stringify(opts.last)} is not valid; expected an integer from 1 to 1000 (runs shown per target)`,
        );
      const { readHistory, loadRun } = await import("../reporter/history-store.ts");
      const { buildHistory } = await import("../reporter/history.ts");
      const { writeHistory } = await import("../reporter/history-render.ts");
      let h: ReturnType<typeof readHistory>;
      try {
        h = readHistory(dir);
      } catch (e) {
        throw new ConfigError(`history: ${(e as Error).message}`);
      }
      for (const w of h.warnings) say(`plumbline history: warning: ${w}`);
      const out = opts.out ?? dir;
      usableOutDir(out);
      const view = buildHistory(dir, h.runs, last, (e) => loadRun(dir, e), h.warnings);
      const paths = writeHistory(view, out);
      for (const t of view.targets) say(`plumbline history: ${t.target}: ${t.glance}`);
      say(`plumbline history: ${h.runs.length} runs read; ${paths.join(", ")}`);
    });
}

/** An output directory: created when missing, refused (one line) when it is a file or cannot be written. */
function usableOutDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw new ConfigError(
      `--out: ${dir} cannot be used (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); give a directory plumbline may create and write`,
    );
  }
}

/** `plumbline sweep`: what crashed runs left, removed from their ledgers (and by label prefix). */
function sweepCommand(prog: Command): void {
  const cmd = prog
    .command("sweep")
    .description("remove what crashed runs left: replay their ledgers, then list by label prefix")
    .option("--force", "also replay ledgers of runs that still look alive")
    .option(
      "--prefix <prefix>",
      "also remove anything on --target whose label starts with this prefix (e.g. plb-)",
    )
    .addHelpText("after", PROXY_HELP);
  const flags = configOptions(cmd);
  cmd.action((opts) => runSweep(configFrom(opts, flags), opts));
}

async function runSweep(initial: Config, opts: Record<string, unknown>): Promise<void> {
  usableDir(initial.ledgerDir, "ledgerDir");
  const { resolveTokenCommands } = await import("../harness/token-command.ts");
  const config = await resolveTokenCommands(initial);
  const { sweep } = await import("./sweep.ts");
  const { buildWorld } = await import("../harness/world.ts");
  const worlds = new Map<string, ReturnType<typeof buildWorld>>();
  const prefix = opts.prefix as string | undefined;
  if (prefix && !config.target)
    throw new ConfigError(
      "--prefix needs --target (the embedded reference holds nothing between runs)",
    );
  const report = await sweep({
    dir: config.ledgerDir,
    force: opts.force as boolean | undefined,
    prefix,
    targetForPrefix: config.target,
    opsFor: (target) => {
      if (!worlds.has(target)) worlds.set(target, buildWorld({ ...config, target }));
      return worlds.get(target)!.ops;
    },
  });
  for (const w of worlds.values()) w.client.close();
  // a removal's reason may quote the target's answer: every line passes the secrets the worlds know
  const tell = (l: string) => say([...worlds.values()].reduce((t, w) => w.redactor.text(t), l));
  for (const l of report.ledgers) tell(`${l.file}: ${l.status}`);
  for (const r of report.removed) tell(`removed ${r}`);
  for (const f of report.failed) tell(`could not remove ${f}`);
  for (const k of report.kept) tell(`left on purpose: ${k}`);
  tell(
    `plumbline sweep: ${report.removed.length} removed, ${report.failed.length} could not be removed (kept in their ledgers)${report.kept.length ? `, ${report.kept.length} left on purpose` : ""}`,
  );
  process.exitCode = report.failed.length ? 1 : 0;
}

/** `plumbline fuzz`: the property-based suites only, at a heavier budget than `run` gives them. */
function fuzzCommand(prog: Command): void {
  const cmd = prog
    .command("fuzz")
    .description(
      "property-based runs only (suites/fuzz/): generated valid, boundary and single-violation requests and stateful models; --seed replays them",
    )
    .addOption(filesOption("suites/fuzz/"))
    .option(
      "--duration <time>",
      "a campaign: rounds of the properties, each with a new seed derived from --seed, until this much time has passed (1h, 10m, 90s, 1h30m)",
    )
    .option(
      "--until <time>",
      "a campaign until this time (HH:MM, today or tomorrow; or an ISO date-time)",
    )
    .option(
      "--checkpoint <time>",
      "a campaign writes its reports this often while it runs (default 5m): a killed campaign loses at most that",
    )
    .option(
      "--corpus <dir>",
      "a campaign keeps every failing case and every case reaching a new outcome here, one JSON file each, and replays them first next time",
    )
    .option("--replay <case-file>", "send one corpus case again (its property, that case alone)")
    .addHelpText("after", PROXY_HELP);
  const flags = configOptions(cmd);
  cmd.action(async (opts) => {
    // heavier than the fuzzing `run` does by default; flags, environment and file still win
    const config = loadConfig({
      flags: flags(opts),
      file: opts.config as string | undefined,
      defaults: { fuzzRuns: 100, timeBudgetMs: 20_000 },
    });
    const files = opts.files ? suiteFiles(opts.files, "suites/fuzz/") : ["suites/fuzz/"];
    if (opts.replay) {
      const { replayCaseFile } = await import("./campaign.ts");
      process.exitCode = await replayCaseFile(config, opts.replay as string, say);
      return;
    }
    if (opts.duration || opts.until || opts.corpus) {
      const { parseDurationMs, untilMs, runCampaign } = await import("./campaign.ts");
      const durationMs = opts.duration
        ? parseDurationMs(opts.duration as string)
        : opts.until
          ? untilMs(opts.until as string)
          : 0;
      if (durationMs === undefined)
        throw new ConfigError(
          opts.duration
            ? `--duration ${opts.duration}: expected a time such as 1h, 10m, 90s or 1h30m`
            : `--until ${opts.until}: expected HH:MM or an ISO date-time in the future`,
        );
      const checkpointMs = opts.checkpoint ? parseDurationMs(opts.checkpoint as string) : undefined;
      if (opts.checkpoint && !checkpointMs)
        throw new ConfigError(
          `--checkpoint ${opts.checkpoint}: expected a time such as 5m or 90s (more than 0)`,
        );
      process.exitCode = await runCampaign(config, {
        durationMs,
        checkpointMs,
        corpusDir: opts.corpus as string | undefined,
        filters: files,
        log: say,
      });
      return;
    }
    const { run } = await import("./run.ts");
    say(
      `plumbline fuzz: seed ${config.seed} (replay with --seed ${config.seed}), ${config.fuzzRuns} cases per property, time budget ${config.timeBudgetMs} ms per property`,
    );
    process.exitCode = await run(config, { log: say, filters: files });
  });
}

/** `--files`: the loop of writing one check, on the suite files given and nothing else. */
function filesOption(under: string): Option {
  return new Option(
    "--files <paths...>",
    `run only these suite files (${under}**/*.test.ts): paths from plumbline's folder, from the working directory, or absolute`,
  );
}

/**
 * The `--files` paths as vitest filters: each must be a suite file of this plumbline below `under`,
 * given from plumbline's folder (`suites/vm/types.test.ts`, in a checkout or installed), from the
 * working directory (`node_modules/plumbline/suites/...`) or absolute; anything else is refused,
 * naming the path.
 */
export function suiteFiles(paths: string[], under: string, cwd = process.cwd()): string[] {
  const root = resolve(PACKAGE_ROOT);
  const isSuiteFile = (file: string) => {
    const rel = relative(root, file).split(sep).join("/");
    return (
      rel.startsWith(under) &&
      rel.endsWith(".test.ts") &&
      statSync(file, { throwIfNoEntry: false })?.isFile() === true
    );
  };
  return paths.map((p) => {
    // absolute: vitest takes it as exactly that file
    const file = [resolve(root, p), resolve(cwd, p)].find(isSuiteFile);
    if (!file)
      throw new ConfigError(
        `--files: ${JSON.stringify(p)} is not a suite file; expected a ${under}**/*.test.ts file of ${root}, its path from there, from the working directory or absolute`,
      );
    return file;
  });
}

export async function main(argv = process.argv): Promise<void> {
  try {
    await program().parseAsync(argv);
  } catch (e) {
    const err = e as Error & { code?: string; exitCode?: number };
    if (err.code?.startsWith("commander.")) {
      // commander printed its own message (help, version, unknown option)
      process.exitCode =
        err.code === "commander.helpDisplayed" ||
        err.code === "commander.help" ||
        err.code === "commander.version"
          ? 0
          : 2;
      return;
    }
    if (err instanceof ConfigError) say(`plumbline: ${err.message}`);
    else
      say(
        `plumbline: internal error: ${err.message} (please report this with the command you ran)`,
      );
    process.exitCode = 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

/** Why the reference could not listen, as one line naming the flag to change. */
function listenError(e: NodeJS.ErrnoException, port: number, host: string): Error {
  if (e.code === "EADDRINUSE")
    return new ConfigError(
      `--port: port ${port} is already in use on ${host}; choose another port (or 0 for any free one) or stop what listens there`,
    );
  if (e.code === "EACCES")
    return new ConfigError(
      `--port: port ${port} on ${host} needs privileges plumbline does not have; choose a port above 1023`,
    );
  if (
    e.code === "ENOTFOUND" ||
    e.code === "EAI_AGAIN" ||
    e.code === "EADDRNOTAVAIL" ||
    e.code === "EAFNOSUPPORT"
  ) {
    return new ConfigError(
      `--host: "${host}" is not an address of this machine (${e.code}); give one such as 127.0.0.1, 0.0.0.0 or localhost`,
    );
  }
  return e;
}

/** `--jobs`: instant, held, or a delay in milliseconds. */
function jobMode(
  v: string,
): { kind: "instant" } | { kind: "held" } | { kind: "delay"; ms: number } {
  if (v === "instant" || v === "held") return { kind: v };
  const ms = Number(v);
  if (Number.isInteger(ms) && ms >= 0 && ms <= 600_000) return { kind: "delay", ms };
  throw new ConfigError(
    `--jobs: "${v}" is not valid; expected instant, held, or a delay in milliseconds (0 to 600000)`,
  );
}
