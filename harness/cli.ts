// The command line: plumbline run | plan | reference | report merge | sweep | fuzz.
// Bad input exits 2 with one line naming what to fix; a failed gate exits 1.
import { Command, Option } from "commander";
import { CONFIG_FIELDS, loadConfig, type Config, type FieldName } from "./config.ts";
import { ConfigError } from "./errors.ts";

const BOOLEAN_FIELDS = new Set<FieldName>(["strict", "destructive"]);

/** Adds one option per configuration setting; returns a function mapping parsed options back. */
function configOptions(cmd: Command): (opts: Record<string, unknown>) => Record<string, unknown> {
  const byAttr = new Map<string, FieldName>();
  for (const [name, f] of Object.entries(CONFIG_FIELDS) as [FieldName, (typeof CONFIG_FIELDS)[FieldName]][]) {
    const opt = BOOLEAN_FIELDS.has(name) ? new Option(f.flag, `${f.expected} (env ${f.env})`) : new Option(`${f.flag} <value>`, `${f.expected} (env ${f.env})`);
    cmd.addOption(opt);
    byAttr.set(opt.attributeName(), name);
  }
  cmd.addOption(new Option("--config <file>", "plumbline.config.yaml to read (env PLUMBLINE_CONFIG)"));
  return (opts) => Object.fromEntries(Object.entries(opts).filter(([k]) => byAttr.has(k)).map(([k, v]) => [byAttr.get(k)!, v]));
}

function configFrom(opts: Record<string, unknown>, toFlags: (o: Record<string, unknown>) => Record<string, unknown>): Config {
  return loadConfig({ flags: toFlags(opts), file: opts.config as string | undefined });
}

const say = (l: string) => process.stderr.write(l + "\n");

export function program(): Command {
  const prog = new Command("plumbline")
    .description("Conformance suite for the Cloud Account, Object Storage and Compute Management API v4.106.1")
    .showHelpAfterError()
    .exitOverride();

  const runCmd = prog.command("run").description("run the suites against --target (or the embedded reference) and write reports");
  const runFlags = configOptions(runCmd);
  runCmd.action(async (opts) => {
    const { run } = await import("./run.ts");
    process.exitCode = await run(configFrom(opts, runFlags), { log: say });
  });

  const planCmd = prog.command("plan").description("list what a run would do, grouped by side-effect class, without sending anything");
  const planFlags = configOptions(planCmd);
  planCmd.action(async (opts) => {
    const { plan, renderPlan } = await import("./plan.ts");
    const config = configFrom(opts, planFlags);
    process.stdout.write(renderPlan(await plan(config), config));
  });

  prog
    .command("reference")
    .description("start the reference target standalone and print its URL, tokens and control URL")
    .option("--port <port>", "port to listen on", "4010")
    .option("--host <host>", "address to bind", "127.0.0.1")
    .option("--fault <name...>", "fault switches to turn on (see reference/FAULTS.md)")
    .option("--jobs <mode>", "instance jobs: instant, held (until the jobs-release state), or a delay in milliseconds", "instant")
    .action(async (opts) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`--port: "${opts.port}" is not valid; expected an integer from 0 to 65535`);
      const jobs = jobMode(String(opts.jobs));
      const { startReference, ALL_FAULTS } = await import("../reference/index.ts");
      const unknown = ((opts.fault ?? []) as string[]).filter((n) => !ALL_FAULTS.some((f) => f.name === n));
      if (unknown.length) throw new ConfigError(`--fault: unknown fault ${unknown.join(", ")}; reference/FAULTS.md lists the ${ALL_FAULTS.length} there are`);
      const ref = await startReference({ port, host: opts.host, faults: opts.fault, jobs });
      process.stdout.write(
        [`reference target listening`, `  url:          ${ref.url}`, `  control url:  ${ref.controlUrl}`, ...Object.entries(ref.tokens).map(([k, v]) => `  ${(k + " token:").padEnd(14)}${v}`), "",
          `run the suite against it:`, `  PLUMBLINE_TARGET=${ref.url} PLUMBLINE_CONTROL_URL=${ref.controlUrl} PLUMBLINE_ADMIN_TOKEN=${ref.tokens.admin} \\`,
          `  PLUMBLINE_RESTRICTED_TOKEN=${ref.tokens.restricted} PLUMBLINE_SECONDARY_TOKEN=${ref.tokens.secondary} npx plumbline run`, "", "Ctrl-C stops it.", ""].join("\n"),
      );
      await new Promise<void>((resolve) => {
        const stop = () => void ref.close().then(resolve);
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
    });

  const report = prog.command("report").description("work with written reports");
  report
    .command("merge")
    .description("merge conformance.json files (targets or shards) into one report")
    .argument("<files...>", "conformance.json files")
    .requiredOption("-o, --out <dir>", "directory to write the merged report to")
    .option("--strict", "gate on SHOULD failures too")
    .action(async (files: string[], opts) => {
      const { mergeReports, gateExitCode, verdictLine } = await import("../reporter/index.ts");
      let merged;
      try {
        merged = mergeReports(files, opts.out, { strict: opts.strict === true });
      } catch (e) {
        throw new ConfigError(`report merge: ${(e as Error).message} (give conformance.json files written by plumbline run)`);
      }
      console.log(verdictLine(merged));
      console.log(`merged report written to ${opts.out}`);
      process.exitCode = gateExitCode(merged);
    });

  const sweepCmd = prog
    .command("sweep")
    .description("remove what crashed runs left: replay their ledgers, then list by label prefix")
    .option("--force", "also replay ledgers of runs that still look alive")
    .option("--prefix <prefix>", "also remove anything on --target whose label starts with this prefix (e.g. plb-)");
  const sweepFlags = configOptions(sweepCmd);
  sweepCmd.action(async (opts) => {
    const config = configFrom(opts, sweepFlags);
    const { sweep } = await import("./sweep.ts");
    const { buildWorld } = await import("./world.ts");
    const worlds = new Map<string, ReturnType<typeof buildWorld>>();
    if (opts.prefix && !config.target) throw new ConfigError("--prefix needs --target (the embedded reference holds nothing between runs)");
    const report = await sweep({
      dir: config.ledgerDir,
      force: opts.force,
      prefix: opts.prefix,
      targetForPrefix: config.target,
      opsFor: (target) => {
        if (!worlds.has(target)) worlds.set(target, buildWorld({ ...config, target }));
        return worlds.get(target)!.ops;
      },
    });
    for (const w of worlds.values()) w.client.close();
    for (const l of report.ledgers) say(`${l.file}: ${l.status}`);
    for (const r of report.removed) say(`removed ${r}`);
    for (const f of report.failed) say(`could not remove ${f}`);
    say(`plumbline sweep: ${report.removed.length} removed, ${report.failed.length} could not be removed`);
    process.exitCode = report.failed.length ? 1 : 0;
  });

  const fuzzCmd = prog
    .command("fuzz")
    .description("property-based runs only (suites/fuzz/): generated valid, boundary and single-violation requests and stateful models; --seed replays them");
  const fuzzFlags = configOptions(fuzzCmd);
  fuzzCmd.action(async (opts) => {
    const { run } = await import("./run.ts");
    // heavier than the fuzzing `run` does by default; flags, environment and file still win
    const config = loadConfig({ flags: fuzzFlags(opts), file: opts.config as string | undefined, defaults: { fuzzRuns: 100, timeBudgetMs: 20_000 } });
    say(`plumbline fuzz: seed ${config.seed} (replay with --seed ${config.seed}), ${config.fuzzRuns} cases per property, time budget ${config.timeBudgetMs} ms per property`);
    process.exitCode = await run(config, { log: say, filters: ["suites/fuzz/"] });
  });

  return prog;
}

export async function main(argv = process.argv): Promise<void> {
  try {
    await program().parseAsync(argv);
  } catch (e) {
    const err = e as Error & { code?: string; exitCode?: number };
    if (err.code?.startsWith("commander.")) {
      // commander printed its own message (help, version, unknown option)
      process.exitCode = err.code === "commander.helpDisplayed" || err.code === "commander.help" || err.code === "commander.version" ? 0 : 2;
      return;
    }
    if (err instanceof ConfigError) say(`plumbline: ${err.message}`);
    else say(`plumbline: internal error: ${err.message} (please report this with the command you ran)`);
    process.exitCode = 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

/** `--jobs`: instant, held, or a delay in milliseconds. */
function jobMode(v: string): { kind: "instant" } | { kind: "held" } | { kind: "delay"; ms: number } {
  if (v === "instant" || v === "held") return { kind: v };
  const ms = Number(v);
  if (Number.isInteger(ms) && ms >= 0 && ms <= 600_000) return { kind: "delay", ms };
  throw new ConfigError(`--jobs: "${v}" is not valid; expected instant, held, or a delay in milliseconds (0 to 600000)`);
}
