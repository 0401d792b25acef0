// The command line as a user meets it: one clear line for bad input, never a stack trace.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { preflight } from "./run.ts";
import { testConfig } from "../harness/testing.ts";
import { renderPlan } from "./plan.ts";
import { declare } from "../harness/check.ts";
import { FIXTURE_REQUIREMENTS } from "../harness/testing.ts";
import { suiteFiles } from "./cli.ts";
import { PACKAGE_ROOT } from "./root.ts";

/** A folder holding a file of someone else's: not a history directory. */
function foreignDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "plb-cli-foreign-"));
  writeFileSync(join(dir, "notes.txt"), "mine");
  return dir;
}

function cli(...args: string[]) {
  return cliWith({}, ...args);
}

function cliWith(env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, ["bin/plumbline.mjs", ...args], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, PLUMBLINE_TARGET: "", ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("plumbline CLI", () => {
  it.each([
    [
      ["run", "--target", "not a url"],
      /^plumbline: --target: "not a url" is not valid; expected an http\(s\) URL/,
    ],
    [
      ["run", "--gate-level", "COULD"],
      /^plumbline: --gate-level: "COULD" is not valid; expected MUST or SHOULD/,
    ],
    [
      // the INCOMPLETE report goes to a scratch folder, not over the checkout's last real one
      [
        "run",
        "--target",
        "http://127.0.0.1:1",
        "--request-timeout",
        "500",
        "--report-dir",
        mkdtempSync(join(tmpdir(), "plumbline-cli-")),
      ],
      /^plumbline: target http:\/\/127\.0\.0\.1:1 is unreachable \(connection refused/,
    ],
    [
      ["reference", "--port", "0", "--variant", "created-201", "nope"],
      /^plumbline: --variant: unknown variant nope; expected all or one of: created-201, action-202, /,
    ],
    [
      ["reference", "--port", "0", "--fault", "nope"],
      /^plumbline: --fault: unknown fault nope; reference\/FAULTS.md lists the \d+ there are$/,
    ],
    [
      ["run", "--files", "suites/conventions/prefix.test.ts", "suites/nope.test.ts"],
      /^plumbline: --files: "suites\/nope\.test\.ts" is not a suite file; expected a suites\/\*\*\/\*\.test\.ts file of /,
    ],
    [
      // fuzz runs the property-based suites only
      ["fuzz", "--files", "suites/conventions/prefix.test.ts"],
      /^plumbline: --files: "suites\/conventions\/prefix\.test\.ts" is not a suite file; expected a suites\/fuzz\/\*\*\/\*\.test\.ts file/,
    ],
    [
      // a folder of something else is never taken for a history (refused before any request)
      ["run", "--history", foreignDir()],
      /^plumbline: --history \/ PLUMBLINE_HISTORY: .* holds other files and no index\.json or runs\/: it is not a plumbline history directory$/,
    ],
    [
      ["history", join(tmpdir(), "plb-no-such-history")],
      /^plumbline: history: .*plb-no-such-history does not exist; give the directory plumbline run --history wrote$/,
    ],
    [
      ["history", foreignDir(), "--last", "0"],
      /^plumbline: --last: "0" is not valid; expected an integer from 1 to 1000/,
    ],
  ])("%j: exit 2 with one line naming what to fix", (args, msg) => {
    const r = cli(...args);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(msg);
    expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
  });

  it.each([
    [
      { PLUMBLINE_REFERENCE_VARIANTS: "all,nope" },
      /^plumbline: PLUMBLINE_REFERENCE_VARIANTS: unknown variant nope; expected all or one of: created-201, /,
    ],
    [
      { PLUMBLINE_REFERENCE_FAULTS: "nope" },
      /^plumbline: PLUMBLINE_REFERENCE_FAULTS: unknown fault nope; reference\/FAULTS.md lists/,
    ],
  ])("run with %j for the embedded reference: exit 2 with one line", (env, msg) => {
    const r = cliWith(env, "run");
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(msg);
  });

  it("a malformed config file is named", () => {
    const file = join(mkdtempSync(join(tmpdir(), "plb-cli-")), "bad.yaml");
    writeFileSync(file, "concurrency: lots\n");
    const r = cli("run", "--config", file);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /bad\.yaml: concurrency: "lots" is not valid; expected an integer from 1 to 64/,
    );
  });

  it("an expectations entry with a bad date or link is named in one line, exit 2, before any request", () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-cli-exp-"));
    const file = join(dir, "exp.yaml");
    writeFileSync(file, "- { id: X-1, reason: r }\n- id: X-2\n  reason: r\n  until: 2026-13-01\n");
    const r = cli("run", "--expectations", file, "--report-dir", dir);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(
      /^plumbline: --expectations \/ PLUMBLINE_EXPECTATIONS: \S*exp\.yaml: entry 2 \(X-2\): 'until' is "2026-13-01"; expected a date written YYYY-MM-DD/,
    );
    expect(r.err.trim().split("\n")).toHaveLength(1);
  });

  it("run --files runs that suite file's checks and no other, and writes the reports", {
    timeout: 60_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-cli-files-"));
    const r = cli(
      "run",
      "--files",
      "suites/conventions/prefix.test.ts",
      "--report-dir",
      dir,
      "--ledger-dir",
      join(dir, "ledger"),
    );
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8")) as {
      checks: { file: string }[];
    };
    expect(report.checks.length).toBeGreaterThan(0);
    expect(new Set(report.checks.map((c) => c.file))).toEqual(
      new Set(["suites/conventions/prefix.test.ts"]),
    );
  });

  // nine start-ups of the command: a loaded machine takes seconds each
  it("every command has --help", { timeout: 120_000 }, () => {
    for (const c of [
      "run",
      "plan",
      "reference",
      "diff",
      "report merge",
      "report compare",
      "history",
      "sweep",
      "fuzz",
    ]) {
      const r = cli(...c.split(" "), "--help");
      expect(r.code, c).toBe(0);
      expect(r.out).toMatch(/Usage: plumbline/);
    }
  });

  it("fuzz takes the run's settings: a bad one is one line, exit 2", () => {
    const r = cli("fuzz", "--fuzz-runs", "0");
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(
      /^plumbline: --fuzz-runs: "0" is not valid; expected an integer from 1 to 100000/,
    );
    const t = cli("fuzz", "--time-budget", "soon");
    expect(t.err.trim()).toMatch(
      /^plumbline: --time-budget: "soon" is not valid; expected milliseconds per fuzz property/,
    );
  });
});

describe("preflight", () => {
  it("unreachable target: one line naming the flag to fix", async () => {
    await expect(preflight(testConfig("http://127.0.0.1:1"))).rejects.toThrow(
      /unreachable .*check --target \/ PLUMBLINE_TARGET/,
    );
  });
});

describe("plan output", () => {
  it("groups by side-effect class and says what will be skipped", () => {
    const catalog = new Map(FIXTURE_REQUIREMENTS.map((r) => [r.id, r]));
    const config = testConfig("https://api.example.com", { allow: ["read-only", "creates"] });
    const text = renderPlan(
      [
        {
          name: "[T-MUST-1] reads",
          file: "suites/conventions/a.test.ts",
          meta: declare({ id: "T-MUST-1" }, catalog),
        },
        {
          name: "[T-MUST-1] cancels",
          file: "suites/account/b.test.ts",
          meta: declare({ id: "T-MUST-1", op: "cancelAccount", effect: "destructive" }, catalog),
        },
      ],
      config,
    );
    expect(text).toMatch(/2 checks against https:\/\/api\.example\.com; nothing is sent/);
    expect(text).toMatch(
      /read-only: 1 checks, will run\n {2}\[T-MUST-1\] reads \[MUST\] {2}→ listClusters/,
    );
    expect(text).toMatch(
      /destructive: 1 checks, will be skipped \(not allowed\)\n {2}\[T-MUST-1\] cancels \[MUST\] {2}→ cancelAccount/,
    );
  });
});

describe("--files paths", () => {
  const root = resolve(PACKAGE_ROOT);
  const file = join(root, "suites/conventions/empty.test.ts");

  it("are taken from plumbline's folder, from the working directory (an install's node_modules/plumbline) or absolute", () => {
    expect(suiteFiles(["suites/conventions/empty.test.ts"], "suites/", tmpdir())).toEqual([file]);
    // a project with plumbline installed: the path as it lies below the project
    const installed = `${basename(root)}/suites/conventions/empty.test.ts`;
    expect(suiteFiles([installed], "suites/", dirname(root))).toEqual([file]);
    expect(suiteFiles([file], "suites/", tmpdir())).toEqual([file]);
  });

  it("outside plumbline's suites are refused, naming the path", () => {
    expect(() => suiteFiles(["runner/cli.test.ts"], "suites/", root)).toThrow(
      /^--files: "runner\/cli\.test\.ts" is not a suite file/,
    );
  });
});
