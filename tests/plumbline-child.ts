// `plumbline run` as an operator starts it, for the end-to-end tests of the network settings: a
// child process with its own environment (the proxy variables only where a test sets them), its
// reports in a fresh directory, and everything it printed.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ReferenceHandle } from "../reference/index.ts";
import { REPORT_FILES } from "../reporter/write.ts";
import { REFERENCE_FIXTURES } from "../runner/run.ts";

export interface ChildRun {
  code: number | null;
  /** stdout and stderr as printed */
  out: string;
  /** the lines plumbline itself printed (`plumbline: ...`) */
  said: string[];
  dir: string;
  /** every report file written, concatenated (for "no secret anywhere") */
  reports(): string;
}

const PROXY_VARS = ["HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "NO_PROXY"];

export async function runPlumbline(
  args: string[],
  env: Record<string, string> = {},
  limitMs = 120_000,
): Promise<ChildRun> {
  const dir = mkdtempSync(join(tmpdir(), "plb-child-"));
  const base: NodeJS.ProcessEnv = { ...process.env, PLUMBLINE_CONFIG: "" };
  for (const v of [...PROXY_VARS, ...PROXY_VARS.map((p) => p.toLowerCase())]) delete base[v];
  for (const k of Object.keys(base))
    if (k.startsWith("PLUMBLINE_") && k !== "PLUMBLINE_CONFIG") delete base[k];
  const child = spawn(
    process.execPath,
    ["bin/plumbline.mjs", "run", "--report-dir", dir, "--ledger-dir", join(dir, "ledger"), ...args],
    { env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const killer = setTimeout(() => child.kill("SIGKILL"), limitMs);
  const code = await new Promise<number | null>((r) => child.on("close", r));
  clearTimeout(killer);
  return {
    code,
    out,
    said: out.split("\n").filter((l) => l.startsWith("plumbline:")),
    dir,
    reports: () =>
      REPORT_FILES.map((f) => {
        try {
          return readFileSync(join(dir, f), "utf8");
        } catch {
          return "";
        }
      }).join("\n"),
  };
}

/**
 * The flags of a run against the reference reached through `url` (a proxy in front of it): the
 * target and its control endpoint, the seeded principals' tokens, the reference's fixtures.
 */
export function referenceTargetArgs(url: string, ref: ReferenceHandle): string[] {
  const f = REFERENCE_FIXTURES;
  // biome-ignore format: flags and their values in pairs
  return [
    "--target", url, "--control", `${url}/__control`,
    "--admin-token", ref.tokens.admin, "--restricted-token", ref.tokens.restricted,
    "--secondary-token", ref.tokens.secondary,
    "--fixture-region", f.region, "--fixture-type", f.type, "--fixture-larger-type", f.largerType,
    "--fixture-image", f.image, "--fixture-cluster", f.cluster,
  ];
}
