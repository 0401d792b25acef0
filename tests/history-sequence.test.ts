// Run history and `report compare` end to end: five narrow runs of one suite file against the
// embedded reference, each kept with --history (or PLUMBLINE_HISTORY), same seed:
//   1 a fault on (error-body-plain): seven checks fail
//   2 clean
//   3, 4 the fault at a rate (error-body-plain~0.5) with fault seeds 1 and 2: some checks fail
//     by chance (the draws are seeded: the same checks fail on every machine)
//   5 a legal variant (error-statuses): only a SHOULD (CONV-ERR-4, 400 for validation) fails
// `plumbline history` must list exactly the checks that failed by turns as flaky, not those that
// failed in run 1 only (one lasting change: fixed) nor CONV-ERR-4 (one change: a regression), and
// `report compare` must gate on the new MUST failures only.
import { execFile } from "node:child_process";
import { gunzipSync } from "node:zlib";
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { SEEDED_TOKENS } from "../reference/app.ts";
import { inspectHistoryPage } from "./history-page.ts";
import { findBrowser, need } from "./needs.ts";
import { runPlumbline } from "./plumbline-child.ts";

const FILE = "suites/conventions/errors.test.ts";
const FAULT = "error-body-plain";

// the checks of errors.test.ts by their requirement and the start of their title
const MISSING = "[CONV-ERR-3, CONV-ERR-2] a missing required field";
const ENUM = "[CONV-ERR-3, CONV-ERR-2] a field outside its enumeration";
const NESTED = "[CONV-ERR-3, CONV-ERR-2] a nested field";
const LENGTH = "[CONV-LEN-1]";
const UNKNOWN = "[CONV-ERR-1] an unknown object ID";
const AUTH = "[CONV-ERR-1] an authentication failure";
const AT_LEAST_ONE = "[CONV-ERR-8]";
const STATUS_400 = "[CONV-ERR-4]";

async function plumbline(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const r = await promisify(execFile)(process.execPath, ["bin/plumbline.mjs", ...args], {
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof err.code === "number" ? err.code : -1,
      out: `${err.stdout}${err.stderr}`,
    };
  }
}

/** Which of the named checks a list of check names holds. */
const which = (names: string[], ...of: string[]) =>
  of.filter((n) => names.some((x) => x.replace(/\\/g, "").includes(n)));
const ALL = [MISSING, ENUM, NESTED, LENGTH, UNKNOWN, AUTH, AT_LEAST_ONE, STATUS_400];

describe("run history over a scripted sequence of runs", { timeout: 240_000 }, () => {
  const history = mkdtempSync(join(tmpdir(), "plb-history-e2e-"));
  const out = mkdtempSync(join(tmpdir(), "plb-history-out-"));
  const reports: string[] = [];

  beforeAll(async () => {
    const runs: [string[], Record<string, string>, number][] = [
      [["--history", history], { PLUMBLINE_REFERENCE_FAULTS: FAULT }, 1],
      [[], { PLUMBLINE_HISTORY: history }, 0],
      [
        ["--history", history],
        { PLUMBLINE_REFERENCE_FAULTS: `${FAULT}~0.5`, PLUMBLINE_REFERENCE_FAULT_SEED: "1" },
        1,
      ],
      [
        ["--history", history],
        { PLUMBLINE_REFERENCE_FAULTS: `${FAULT}~0.5`, PLUMBLINE_REFERENCE_FAULT_SEED: "2" },
        1,
      ],
      [["--history", history], { PLUMBLINE_REFERENCE_VARIANTS: "error-statuses" }, 0],
    ];
    // one after another: the history orders runs by their start
    for (const [args, env, code] of runs) {
      // one check at a time: a fault at a rate strikes the same requests on every machine
      const r = await runPlumbline(
        ["--files", FILE, "--seed", "1", "--concurrency", "1", ...args],
        env,
      );
      expect(r.code, r.out.slice(-2000)).toBe(code);
      expect(r.said.join("\n")).toMatch(/run kept in .* as runs\/[0-9a-f]{12}/);
      reports.push(r.dir);
    }
  }, 240_000);

  it("keeps five runs under their content address, with an index, and no token of the reference", () => {
    const files = readdirSync(join(history, "runs"));
    expect(files).toHaveLength(5);
    for (const f of files) expect(f).toMatch(/^[0-9a-f]{64}\.json\.gz$/);
    const index = JSON.parse(readFileSync(join(history, "index.json"), "utf8"));
    expect(index.runs.map((r: { verdict: string }) => r.verdict)).toEqual([
      "fail",
      "pass",
      "fail",
      "fail",
      "pass",
    ]);
    const all = files
      .map((f) => gunzipSync(readFileSync(join(history, "runs", f))).toString("utf8"))
      .join("");
    for (const t of Object.values(SEEDED_TOKENS)) expect(all).not.toContain(t);
  });

  it("plumbline history: the flaky list holds the checks that failed by turns, the last change is CONV-ERR-4's regression", async () => {
    const r = await plumbline("history", history, "--out", out);
    expect(r.code, r.out).toBe(0);
    const md = readFileSync(join(out, "history.md"), "utf8");
    const html = readFileSync(join(out, "history.html"), "utf8");
    expect(md).toMatch(
      /\*\*latest run PASS \(1 failed of 11\): a better verdict than the run before, but some checks regressed \(1 regression, 0 other new failures, 4 fixed\); 5 flaky checks\*\*/,
    );
    const section = (title: string) => {
      const from = md.indexOf(title);
      return md.slice(from, md.indexOf("\n### ", from + 1)).split("\n");
    };
    const flaky = section("### Flaky checks");
    expect(which(flaky, ...ALL)).toEqual([ENUM, NESTED, UNKNOWN, AUTH, AT_LEAST_ONE]);
    const changed = section("### Changed since the run before");
    const regressions = changed.slice(0, changed.indexOf("Fixed (failed, now pass):"));
    const fixed = changed.slice(changed.indexOf("Fixed (failed, now pass):"));
    expect(which(regressions, ...ALL)).toEqual([STATUS_400]);
    expect(which(fixed, ...ALL)).toEqual([ENUM, NESTED, AUTH, AT_LEAST_ONE]);
    // the strips: one cell per run for each of the 11 checks in the page
    expect(
      html.match(/<span class="cell (pass|fail|skip|error|absent)[ "]/g)!.length,
    ).toBeGreaterThanOrEqual(55);
    for (const t of Object.values(SEEDED_TOKENS)) expect(md + html).not.toContain(t);
  });

  it("history.html in headless Chromium: no console error, no request, the strips and timelines drawn", {
    timeout: 60_000,
  }, async (ctx) => {
    // PLUMBLINE_BROWSER / CHROMIUM, the system paths or playwright's; none: skipped (failed in CI)
    const browser = need(findBrowser(), ctx);
    const seen = await inspectHistoryPage(browser, join(out, "history.html"));
    expect(seen.problems).toEqual([]);
    // the flaky list, the changes and the open area: every one of them a strip of five cells
    expect(seen.cells.pass).toBeGreaterThan(20);
    expect(seen.cells.fail).toBeGreaterThan(10);
    expect(seen.colours).toBe(2);
    expect(seen.bars).toBeGreaterThanOrEqual(5);
  });

  it("report compare: exit 1 on new MUST failures, 0 on fixes or a SHOULD regression, 2 on bad input", async () => {
    const [fault, clean, rate1, rate2, variant] = reports as [
      string,
      string,
      string,
      string,
      string,
    ];
    const worse = await plumbline("report", "compare", clean, rate1);
    expect(worse.code, worse.out).toBe(1);
    expect(worse.out).toContain("REGRESSED: 2 new MUST failures (exit 1); 3 regressions");
    const regressions = worse.out.slice(worse.out.indexOf("## Regressions"));
    expect(
      which(
        regressions.split("\n").filter((l) => l.startsWith("### ")),
        ...ALL,
      ),
    ).toEqual([ENUM, UNKNOWN, AT_LEAST_ONE]);
    // both sides' exchanges: the Error body on A, the plain text on B
    expect(regressions).toMatch(/\*\*A\*\* \(pass\)[\s\S]*"errors"[\s\S]*\*\*B\*\* \(fail/);
    const fixed = await plumbline("report", "compare", fault, clean);
    expect(fixed.code, fixed.out).toBe(0);
    expect(fixed.out).toContain(
      "no new MUST failure (exit 0); 0 regressions, 0 other new failures, 7 fixed",
    );
    const compared = mkdtempSync(join(tmpdir(), "plb-compare-out-"));
    const should = await plumbline(
      "report",
      "compare",
      join(rate2, "conformance.json"),
      variant,
      "--out",
      compared,
    );
    expect(should.code, should.out).toBe(0);
    expect(should.out).toContain("1 regression");
    expect(readdirSync(compared).sort()).toEqual(["compare.html", "compare.json", "compare.md"]);
    expect(readFileSync(join(compared, "compare.md"), "utf8")).toContain("CONV-ERR-4");

    const bad = await plumbline("report", "compare", clean, join(clean, "nope.json"));
    expect(bad.code).toBe(2);
    expect(bad.out.trim()).toMatch(/^plumbline: report compare: .*nope.json does not exist/);
    const other = mkdtempSync(join(tmpdir(), "plb-compare-api-"));
    cpSync(join(clean, "conformance.json"), join(other, "conformance.json"));
    const doc = JSON.parse(readFileSync(join(other, "conformance.json"), "utf8"));
    writeFileSync(join(other, "conformance.json"), JSON.stringify({ ...doc, apiVersion: "4.0.0" }));
    const api = await plumbline("report", "compare", other, clean);
    expect(api.code).toBe(2);
    expect(api.out).toMatch(
      /of API 4\.0\.0 and .* of API 4\.106\.1: checks of different API versions cannot be compared/,
    );
  });
});
