// Run history on synthetic reports: the store (content address, index, atomic writes, repair), the
// strips and timelines, the flaky list, the changes between the last two runs, the page and
// Markdown (escaped, static, no secret).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Outcome } from "../harness/model.ts";
import { Redactor } from "../harness/redact.ts";
import { check, exchange, fixtureReport, HOSTILE } from "./fixtures.ts";
import { renderHistoryHtml, renderHistoryMarkdown, writeHistory } from "./history-render.ts";
import { keepRun, loadRun, notHistoryDir, readHistory, runFile } from "./history-store.ts";
import { gunzipSync } from "node:zlib";
import { buildHistory, checkStrips, flakyChecks } from "./history.ts";
import { renderJson } from "./json.ts";
import type { RunReport } from "./types.ts";
import { writeReports } from "./write.ts";

const tmp = () => mkdtempSync(join(tmpdir(), "plb-history-"));

/** A run of three checks (a, b, c: MUST, MUST, SHOULD) with the given outcomes. */
function run(
  n: number,
  outcomes: [Outcome, Outcome, Outcome],
  o: { version?: string; flakyB?: boolean; label?: string } = {},
): RunReport {
  const names = ["a", "b", "c"];
  const r = fixtureReport({
    startedAt: `2026-01-${String(n).padStart(2, "0")}T00:00:00.000Z`,
    ...(o.label ? { target: { url: "http://x", label: o.label } } : {}),
    checks: outcomes.map((outcome, i) =>
      check({
        name: `account > [ACC-VIEW-1] check ${names[i]}`,
        outcome,
        level: i === 2 ? "SHOULD" : "MUST",
        ...(outcome === "fail" ? { reason: `check ${names[i]} failed in run ${n}` } : {}),
        ...(i === 1 && o.flakyB ? { flaky: true } : {}),
      }),
    ),
  });
  if (o.version) r.tool.version = o.version;
  return r;
}

const keep = (dir: string, r: RunReport) => keepRun(dir, Buffer.from(renderJson(r)));

function view(dir: string, last = 20) {
  const h = readHistory(dir);
  return buildHistory(dir, h.runs, last, (e) => loadRun(dir, e), h.warnings);
}

describe("history store", () => {
  it("keeps a run under the sha256 of its bytes, once, with an index line holding the verdict and counts", () => {
    const dir = tmp();
    const r = run(1, ["pass", "fail", "pass"]);
    const e = keep(dir, r);
    expect(e.id).toMatch(/^[0-9a-f]{64}$/);
    expect(gunzipSync(readFileSync(runFile(dir, e.id))).toString("utf8")).toBe(renderJson(r));
    keep(dir, r);
    const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf8"));
    expect(index.runs).toHaveLength(1);
    expect(index.runs[0]).toMatchObject({
      target: "reference",
      verdict: "fail",
      seed: 42,
      version: "0.1.0",
      counts: { total: 3, pass: 2, fail: 1, skip: 0, error: 0 },
    });
    // nothing half-written is left beside the files
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("a run the index lacks (killed between the two writes) and a malformed index are repaired from runs/", () => {
    const dir = tmp();
    keep(dir, run(1, ["pass", "pass", "pass"]));
    const lost = keep(dir, run(2, ["fail", "pass", "pass"]));
    const index = JSON.parse(readFileSync(join(dir, "index.json"), "utf8"));
    index.runs = index.runs.filter((x: { id: string }) => x.id !== lost.id);
    writeFileSync(join(dir, "index.json"), JSON.stringify(index));
    // a temporary file a killed run left is not a run
    writeFileSync(join(dir, "runs", `${"0".repeat(64)}.json.123.ab.tmp`), "{half");
    expect(readHistory(dir).runs.map((x) => x.id)).toContain(lost.id);
    writeFileSync(join(dir, "index.json"), "{half");
    const h = readHistory(dir);
    expect(h.runs).toHaveLength(2);
    expect(h.warnings.join()).toMatch(/index.json is malformed/);
  });

  it("a directory that is not a history is named, never read or written", () => {
    const dir = tmp();
    writeFileSync(join(dir, "notes.txt"), "mine");
    expect(notHistoryDir(dir)).toMatch(/not a plumbline history directory/);
    expect(() => readHistory(dir)).toThrow(/not a plumbline history directory/);
    expect(() => readHistory(join(dir, "missing"))).toThrow(/does not exist/);
    const empty = tmp();
    expect(notHistoryDir(empty)).toBeUndefined();
    expect(() => readHistory(empty)).toThrow(/no run was kept there yet/);
  });
});

describe("strips, flaky list and changes", () => {
  it("a strip per check, one cell per run, a check absent from a run shown as not run", () => {
    const runs = [run(1, ["pass", "pass", "pass"]), run(2, ["pass", "fail", "skip"])];
    runs[1]!.checks.pop();
    const strips = checkStrips(runs);
    expect(strips.map((s) => [s.name.slice(-7), s.cells.map((c) => c.outcome), s.steady])).toEqual([
      ["check a", ["pass", "pass"], true],
      ["check b", ["pass", "fail"], false],
      ["check c", ["pass", "absent"], false],
    ]);
  });

  it("flaky: an outcome that changes more than once, or a check marked flaky inside a run; one lasting change is not", () => {
    const runs = [
      run(1, ["pass", "pass", "pass"]),
      run(2, ["fail", "pass", "fail"]),
      run(3, ["pass", "pass", "fail"]),
      run(4, ["fail", "pass", "fail"], { flakyB: true }),
    ];
    const flaky = flakyChecks(runs, checkStrips(runs));
    expect(flaky.map((f) => [f.name.slice(-7), f.why])).toEqual([
      ["check a", "passed and failed by turns (3 changes) with the same inputs"],
      ["check b", "marked flaky inside run 4 (--rerun-failures)"],
    ]);
  });

  it("outcomes under different plumbline versions, or another spec, are not mixed into one flaky verdict", () => {
    const runs = [
      run(1, ["pass", "pass", "pass"], { version: "1.0.0" }),
      run(2, ["fail", "pass", "pass"], { version: "1.0.0" }),
      run(3, ["pass", "pass", "pass"], { version: "1.1.0" }),
    ];
    expect(flakyChecks(runs, checkStrips(runs))).toEqual([]);
    // the spec's hash, when the report records what it was judged with (schema 2)
    const judged = (r: RunReport, spec: string) =>
      Object.assign(r, { judgedWith: { spec: { sha256: spec }, catalog: { sha256: "c" } } });
    const specs = [
      judged(run(1, ["pass", "pass", "pass"]), "s1"),
      judged(run(2, ["fail", "pass", "pass"]), "s1"),
      judged(run(3, ["pass", "pass", "pass"]), "s2"),
    ];
    expect(flakyChecks(specs, checkStrips(specs))).toEqual([]);
    specs[2] = judged(specs[2]!, "s1");
    expect(flakyChecks(specs, checkStrips(specs)).map((f) => f.name.slice(-7))).toEqual([
      "check a",
    ]);
  });

  it("a fault switched on and off again across target versions is a change each time, not flakiness", () => {
    const on = (r: RunReport, version: string) =>
      Object.assign(r, { target: { ...r.target, version } });
    const builds = [
      on(run(1, ["pass", "pass", "pass"]), "b1"),
      on(run(2, ["fail", "pass", "pass"]), "b2"),
      on(run(3, ["pass", "pass", "pass"]), "b3"),
    ];
    expect(flakyChecks(builds, checkStrips(builds))).toEqual([]);
    // the same build passing and failing by turns is flaky, as without versions
    const same = builds.map((r) => on(r, "b1"));
    expect(flakyChecks(same, checkStrips(same)).map((f) => f.name.slice(-7))).toEqual(["check a"]);
  });

  it("the latest run against the one before: regressions, fixes, and the line read first says worse", () => {
    const dir = tmp();
    keep(dir, run(1, ["pass", "fail", "pass"]));
    keep(dir, run(2, ["fail", "pass", "pass"]));
    const t = view(dir).targets[0]!;
    expect(t.changes!.regressions.map((p) => p.name.slice(-7))).toEqual(["check a"]);
    expect(t.changes!.fixed.map((p) => p.name.slice(-7))).toEqual(["check b"]);
    expect(t.trend).toBe("worse");
    expect(t.glance).toMatch(
      /^latest run FAIL \(1 failed of 3\): WORSE than the run before \(1 regression, 0 other new failures, 1 fixed\); 0 flaky checks$/,
    );
  });

  it("--last keeps the window to the latest runs; targets are kept apart", () => {
    const dir = tmp();
    for (let n = 1; n <= 5; n++) keep(dir, run(n, ["pass", n % 2 ? "pass" : "fail", "pass"]));
    keep(dir, run(6, ["fail", "fail", "fail"], { label: "staging" }));
    const v = view(dir, 3);
    expect(v.targets.map((t) => [t.target, t.runs.length, t.keptRuns])).toEqual([
      ["reference", 3, 5],
      ["staging", 1, 1],
    ]);
    expect(v.targets[0]!.areas[0]!.counts.map((c) => c.fail)).toEqual([0, 1, 0]);
    expect(v.targets[1]!.glance).toMatch(/the only run kept/);
  });
});

describe("history.html and history.md", () => {
  it("lead with the verdict line, draw a strip cell per run, escape what the target sent, load nothing", () => {
    const dir = tmp();
    keep(dir, run(1, ["pass", "pass", "pass"]));
    const r = run(2, ["fail", "pass", "pass"]);
    r.checks[0]!.reason = HOSTILE;
    r.checks[2]!.name = `account > [ACC-VIEW-1] check d ${HOSTILE}`;
    keep(dir, r);
    const v = view(dir);
    const html = renderHistoryHtml(v);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("</script");
    expect(html).not.toMatch(/<script|https?:\/\/(?!x")/);
    expect(html).toMatch(/Content-Security-Policy" content="default-src &#39;none&#39;/);
    expect(html.indexOf("WORSE than the run before")).toBeLessThan(html.indexOf("Flaky checks"));
    expect(html.match(/class="cell (pass|fail|skip|error|absent)/g)!.length).toBeGreaterThanOrEqual(
      6,
    );
    expect(html).toContain("<svg");
    const md = renderHistoryMarkdown(v);
    expect(md).not.toContain("<img");
    expect(md).toMatch(/\*\*latest run FAIL .*WORSE/);
    expect(md).toContain("`✅❌`");
  });

  it("no secret reaches the history: a run kept from redacted reports carries none, and neither does the page", () => {
    const secret = "tok-history-secret-123456";
    const r = run(1, ["fail", "pass", "pass"]);
    r.checks[0]!.exchanges = [
      exchange("GET", `http://t/v4/account?t=${secret}`, 200, { note: secret }),
    ];
    r.checks[0]!.reason = `answered ${secret}`;
    const reports = tmp();
    writeReports(r, reports, (t) => new Redactor([secret]).scrub(t));
    const dir = tmp();
    keepRun(dir, readFileSync(join(reports, "conformance.json")));
    const out = tmp();
    writeHistory(view(dir), out);
    const texts = [
      readFileSync(join(dir, "index.json"), "utf8"),
      ...readdirSync(join(dir, "runs")).map((f) =>
        gunzipSync(readFileSync(join(dir, "runs", f))).toString("utf8"),
      ),
      ...readdirSync(out).map((f) => readFileSync(join(out, f), "utf8")),
    ];
    expect(texts.length).toBe(4);
    for (const t of texts) expect(t).not.toContain(secret);
  });

  it("writes both files atomically into --out, and a history with no run yet reads as such", () => {
    const dir = tmp();
    mkdirSync(join(dir, "runs"));
    const out = join(tmp(), "out");
    const paths = writeHistory(view(dir), out);
    expect(paths.map((p) => p.slice(out.length + 1))).toEqual(["history.html", "history.md"]);
    expect(readFileSync(paths[1]!, "utf8")).toContain("No run kept yet.");
    expect(existsSync(out) && readdirSync(out).some((f) => f.endsWith(".tmp"))).toBe(false);
    rmSync(out, { recursive: true });
  });
});
