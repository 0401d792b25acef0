// `plumbline diff`: one seeded scenario against two targets. Each side is a `plumbline run` of its
// own (a child process: its own embedded reference, switches, tokens and control URL, nothing
// shared), with the same seed and the same settings otherwise; then reporter/diff.ts compares the
// two conformance.json files and writes the side-by-side report.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "../harness/config.ts";

export interface DiffSide {
  label: string;
  /** undefined: the embedded reference */
  target?: string;
  controlUrl?: string;
  tokens: { admin?: string; restricted?: string; secondary?: string };
  /** commands printing tokens (`--admin-token-command`..., side b `--admin-token-command-b`...; harness/token-command.ts) */
  tokenCommands?: Config["tokenCommands"];
  /** switches of an embedded reference (PLUMBLINE_REFERENCE_FAULTS / PLUMBLINE_REFERENCE_VARIANTS) */
  faults?: string[];
  variants?: string[];
}

export interface DiffOptions {
  a: DiffSide;
  b: DiffSide;
  seed: number;
  /** settings both sides share, as `plumbline run` arguments */
  shared: string[];
  outDir: string;
  log: (line: string) => void;
}

const BIN = fileURLToPath(new URL("../bin/plumbline.mjs", import.meta.url));
// what belongs to one side: never inherited by the other from the environment
const SIDE_ENV = [
  "PLUMBLINE_TARGET",
  "PLUMBLINE_TARGET_LABEL",
  "PLUMBLINE_CONTROL_URL",
  "PLUMBLINE_ADMIN_TOKEN",
  "PLUMBLINE_RESTRICTED_TOKEN",
  "PLUMBLINE_SECONDARY_TOKEN",
  "PLUMBLINE_ADMIN_TOKEN_COMMAND",
  "PLUMBLINE_RESTRICTED_TOKEN_COMMAND",
  "PLUMBLINE_SECONDARY_TOKEN_COMMAND",
  "PLUMBLINE_REPORT_DIR",
  "PLUMBLINE_SEED",
  "PLUMBLINE_REFERENCE_FAULTS",
  "PLUMBLINE_REFERENCE_VARIANTS",
  "PLUMBLINE_SHARD",
];

/** The label a side gets when none is given: its host, or the reference and its switches. */
export function defaultLabel(side: Omit<DiffSide, "label">): string {
  if (side.target) return new URL(side.target).host;
  const sw = [
    ...(side.faults?.length ? [`faults ${side.faults.join(",")}`] : []),
    ...(side.variants?.length ? [`variants ${side.variants.join(",")}`] : []),
  ];
  return (sw.length ? `reference + ${sw.join(" + ")}` : "reference").slice(0, 64);
}

function runSide(
  name: "a" | "b",
  side: DiffSide,
  opts: DiffOptions,
): Promise<{ code: number | null; tail: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of SIDE_ENV) delete env[k];
  // tokens go through the environment, not the command line (process lists show arguments)
  const set = (k: string, v?: string) => v && (env[k] = v);
  set("PLUMBLINE_TARGET", side.target);
  set("PLUMBLINE_CONTROL_URL", side.controlUrl);
  set("PLUMBLINE_ADMIN_TOKEN", side.tokens.admin);
  set("PLUMBLINE_RESTRICTED_TOKEN", side.tokens.restricted);
  set("PLUMBLINE_SECONDARY_TOKEN", side.tokens.secondary);
  set("PLUMBLINE_ADMIN_TOKEN_COMMAND", side.tokenCommands?.admin);
  set("PLUMBLINE_RESTRICTED_TOKEN_COMMAND", side.tokenCommands?.restricted);
  set("PLUMBLINE_SECONDARY_TOKEN_COMMAND", side.tokenCommands?.secondary);
  env.PLUMBLINE_REFERENCE_FAULTS = (side.faults ?? []).join(",");
  env.PLUMBLINE_REFERENCE_VARIANTS = (side.variants ?? []).join(",");
  const args = [
    BIN,
    "run",
    "--seed",
    String(opts.seed),
    "--target-label",
    side.label,
    "--report-dir",
    join(opts.outDir, name),
    ...opts.shared,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let tail = "";
    const keep = (d: Buffer) => (tail = (tail + d.toString()).slice(-4000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("close", (code) => resolve({ code, tail }));
    child.on("error", (e) => resolve({ code: null, tail: e.message }));
  });
}

/** Runs both sides (at once), compares, writes the four diff files; the exit status. */
export async function diff(opts: DiffOptions): Promise<number> {
  const { a, b, log } = opts;
  log(
    `plumbline diff: seed ${opts.seed}; side a: ${a.label}${a.target ? ` (${a.target})` : ""}; side b: ${b.label}${b.target ? ` (${b.target})` : ""}`,
  );
  const [ra, rb] = await Promise.all([runSide("a", a, opts), runSide("b", b, opts)]);
  const { parseReport } = await import("../reporter/json.ts");
  const reports = [];
  for (const [name, r] of [
    ["a", ra],
    ["b", rb],
  ] as const) {
    const file = join(opts.outDir, name, "conformance.json");
    const verdict = r.tail
      .split("\n")
      .filter((l) =>
        /^plumbline: (PASS|FAIL|INCOMPLETE)|^plumbline: .*(unreachable|refused|not valid)/.test(l),
      )
      .pop();
    log(
      `plumbline diff: side ${name}: ${verdict?.replace(/^plumbline: /, "") ?? `exit ${r.code}`}`,
    );
    if (!existsSync(file)) {
      log(
        `plumbline diff: side ${name} wrote no report (exit ${r.code}): ${r.tail.trim().split("\n").slice(-3).join(" / ")}`,
      );
      return 2;
    }
    reports.push(parseReport(readFileSync(file, "utf8"), file));
  }
  const { diffReports } = await import("../reporter/diff.ts");
  const { writeDiffReports, diffVerdict } = await import("../reporter/diff-render.ts");
  const report = diffReports(reports[0], reports[1]);
  const files = writeDiffReports(report, opts.outDir);
  log(`plumbline diff: ${diffVerdict(report)}`);
  log(
    `plumbline diff: reports in ${files.join(", ")}; each side's own in ${join(opts.outDir, "a")}/ and ${join(opts.outDir, "b")}/ (exit status ${report.exitCode})`,
  );
  return report.exitCode;
}

/** Side a from the resolved configuration (flags, environment, file), as `plumbline run` reads it. */
export function sideOf(
  config: Config,
  extra: { faults?: string[]; variants?: string[] },
): DiffSide {
  const s = {
    target: config.target,
    controlUrl: config.controlUrl,
    tokens: { ...config.tokens },
    tokenCommands: { ...config.tokenCommands },
    ...extra,
  };
  // the embedded reference's default label names its switches, so the two columns differ
  return {
    ...s,
    label:
      !config.target && config.targetLabel === "reference" ? defaultLabel(s) : config.targetLabel,
  };
}
