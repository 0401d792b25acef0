// The command line: plumbline run | plan | reference | report merge | sweep | fuzz.
// Bad input exits 2 with one line naming what to fix; a failed gate exits 1.
import { Command, Option } from "commander";
import {
  CONFIG_FIELDS,
  loadConfig,
  usableDir,
  type Config,
  type FieldName,
} from "../harness/config.ts";
import { ConfigError } from "../harness/errors.ts";

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

export function program(): Command {
  const prog = new Command("plumbline")
    .description(
      "Conformance suite for the Cloud Account, Object Storage and Compute Management API v4.106.1",
    )
    .showHelpAfterError()
    .exitOverride();

  const runCmd = prog
    .command("run")
    .description("run the suites against --target (or the embedded reference) and write reports");
  const runFlags = configOptions(runCmd);
  runCmd.action(async (opts) => {
    const { run } = await import("./run.ts");
    process.exitCode = await run(configFrom(opts, runFlags), { log: say });
    // the verdict is written: whatever a stopped run left running (a worker still waiting on a
    // stalled target) must not keep the process alive
    setTimeout(() => process.exit(), 2000).unref();
  });

  const planCmd = prog
    .command("plan")
    .description(
      "list what a run would do, grouped by side-effect class, without sending anything",
    );
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
    .option("--variant <name...>", "legal variants to turn on, or all (see reference/VARIANTS.md)")
    .option(
      "--jobs <mode>",
      "instance jobs: instant, held (until the jobs-release state), or a delay in milliseconds",
      "instant",
    )
    .action(async (opts) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new ConfigError(
          `--port: "${opts.port}" is not valid; expected an integer from 0 to 65535`,
        );
      const jobs = jobMode(String(opts.jobs));
      const { startReference, ALL_FAULTS, ALL_VARIANTS } = await import("../reference/index.ts");
      const unknown = ((opts.fault ?? []) as string[]).filter(
        (n) => !ALL_FAULTS.some((f) => f.name === n),
      );
      if (unknown.length)
        throw new ConfigError(
          `--fault: unknown fault ${unknown.join(", ")}; reference/FAULTS.md lists the ${ALL_FAULTS.length} there are`,
        );
      const variants = (opts.variant ?? []) as string[];
      const badVariants = variants.filter(
        (n) => n !== "all" && !ALL_VARIANTS.some((v) => v.name === n),
      );
      if (badVariants.length)
        throw new ConfigError(
          `--variant: unknown variant ${badVariants.join(", ")}; expected all or one of: ${ALL_VARIANTS.map((v) => v.name).join(", ")}`,
        );
      const ref = await startReference({
        port,
        host: opts.host,
        faults: opts.fault,
        variants: opts.variant,
        jobs,
      }).catch((e: NodeJS.ErrnoException) => {
        throw listenError(e, port, String(opts.host));
      });
      process.stdout.write(
        [
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
        ].join("\n"),
      );
      await new Promise<void>((resolve) => {
        const stop = () => void ref.close().then(resolve);
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
    });

  const diffCmd = prog
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
  const diffFlags = configOptions(diffCmd);
  diffCmd.action(async (opts) => {
    const { diff, sideOf, defaultLabel } = await import("./diff.ts");
    const flags = diffFlags(opts);
    const config = loadConfig({
      flags: {
        ...flags,
        seed:
          flags.seed ?? process.env.PLUMBLINE_SEED ?? String(Math.floor(Math.random() * 2 ** 31)),
      },
      file: opts.config as string | undefined,
    });
    const names = (v: unknown) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((x) => x.trim())
            .filter(Boolean)
        : undefined;
    const env = process.env;
    const targetB = (opts.targetB ?? env.PLUMBLINE_B_TARGET) as string | undefined;
    const url = (flag: string, v: unknown) => {
      if (v === undefined) return undefined;
      const ok = /^https?:\/\/[^\s/]+/.test(String(v));
      if (!ok)
        throw new ConfigError(
          `${flag}: ${JSON.stringify(v)} is not valid; expected an http(s) URL such as https://api.example.com`,
        );
      return String(v).replace(/\/+$/, "");
    };
    if ((opts.referenceFaultsB || opts.referenceVariantsB) && targetB)
      throw new ConfigError(
        "--reference-faults-b / --reference-variants-b switch an embedded reference; drop them or --target-b",
      );
    if ((opts.referenceFaultsA || opts.referenceVariantsA) && config.target)
      throw new ConfigError(
        "--reference-faults-a / --reference-variants-a switch an embedded reference; drop them or --target",
      );
    const { ALL_FAULTS } = await import("../reference/index.ts");
    for (const flag of ["referenceFaultsA", "referenceFaultsB"]) {
      const unknown = (names(opts[flag]) ?? []).filter(
        (n) => !ALL_FAULTS.some((f) => f.name === n),
      );
      if (unknown.length)
        throw new ConfigError(
          `--reference-faults-${flag.slice(-1).toLowerCase()}: unknown fault ${unknown.join(", ")}; reference/FAULTS.md lists the ${ALL_FAULTS.length} there are`,
        );
    }
    const a = sideOf(config, {
      faults: names(opts.referenceFaultsA),
      variants: names(opts.referenceVariantsA),
    });
    const bSide = {
      target: url("--target-b", targetB),
      controlUrl: url("--control-b", opts.controlB ?? env.PLUMBLINE_B_CONTROL_URL),
      tokens: {
        admin: opts.adminTokenB ?? env.PLUMBLINE_B_ADMIN_TOKEN,
        restricted: opts.restrictedTokenB ?? env.PLUMBLINE_B_RESTRICTED_TOKEN,
        secondary: opts.secondaryTokenB ?? env.PLUMBLINE_B_SECONDARY_TOKEN,
      },
      faults: names(opts.referenceFaultsB),
      variants: names(opts.referenceVariantsB),
    };
    const b = { ...bSide, label: (opts.targetLabelB as string | undefined) ?? defaultLabel(bSide) };
    if (a.label === b.label) b.label = `${b.label} (b)`;
    // every other setting is the same on both sides
    const SIDE = new Set([
      "target",
      "targetLabel",
      "controlUrl",
      "adminToken",
      "restrictedToken",
      "secondaryToken",
      "reportDir",
      "seed",
    ]);
    const shared = Object.entries(flags).flatMap(([k, v]) =>
      SIDE.has(k) || v === undefined || v === false
        ? []
        : v === true
          ? [CONFIG_FIELDS[k as FieldName].flag]
          : [CONFIG_FIELDS[k as FieldName].flag, String(v)],
    );
    if (opts.config) shared.push("--config", String(opts.config));
    const outDir =
      (flags.reportDir as string | undefined) ?? env.PLUMBLINE_REPORT_DIR ?? "reports/diff";
    process.exitCode = await diff({ a, b, seed: config.seed, shared, outDir, log: say });
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

  const sweepCmd = prog
    .command("sweep")
    .description("remove what crashed runs left: replay their ledgers, then list by label prefix")
    .option("--force", "also replay ledgers of runs that still look alive")
    .option(
      "--prefix <prefix>",
      "also remove anything on --target whose label starts with this prefix (e.g. plb-)",
    );
  const sweepFlags = configOptions(sweepCmd);
  sweepCmd.action(async (opts) => {
    const config = configFrom(opts, sweepFlags);
    usableDir(config.ledgerDir, "ledgerDir");
    const { sweep } = await import("./sweep.ts");
    const { buildWorld } = await import("../harness/world.ts");
    const worlds = new Map<string, ReturnType<typeof buildWorld>>();
    if (opts.prefix && !config.target)
      throw new ConfigError(
        "--prefix needs --target (the embedded reference holds nothing between runs)",
      );
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
  });

  const fuzzCmd = prog
    .command("fuzz")
    .description(
      "property-based runs only (suites/fuzz/): generated valid, boundary and single-violation requests and stateful models; --seed replays them",
    );
  const fuzzFlags = configOptions(fuzzCmd);
  fuzzCmd.action(async (opts) => {
    const { run } = await import("./run.ts");
    // heavier than the fuzzing `run` does by default; flags, environment and file still win
    const config = loadConfig({
      flags: fuzzFlags(opts),
      file: opts.config as string | undefined,
      defaults: { fuzzRuns: 100, timeBudgetMs: 20_000 },
    });
    say(
      `plumbline fuzz: seed ${config.seed} (replay with --seed ${config.seed}), ${config.fuzzRuns} cases per property, time budget ${config.timeBudgetMs} ms per property`,
    );
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
