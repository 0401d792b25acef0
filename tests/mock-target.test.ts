// A maintained, spec-driven mock as a second target: Prism's `mock` of spec/openapi.yaml, started on
// a free port, judged by `plumbline run` (areas conventions and tags, to stay near a minute;
// Prism answers slowly under load). The outcomes must be exactly those tests/mock-prediction.ts derives from the mock's
// nature; this also proves the spec drives a maintained tool (Prism loads and serves it).
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { MAY_FAIL, MAY_SKIP, MUST_PASS } from "./mock-prediction.ts";
import type { RunReport } from "../reporter/types.ts";

const PRISM = "node_modules/@stoplight/prism-cli/dist/index.js";
const AREAS = "conventions,tags";

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const started = Date.now();
const prism = spawn(
  process.execPath,
  [PRISM, "mock", "spec/openapi.yaml", "--host", "127.0.0.1", "--port", String(port)],
  { stdio: ["ignore", "pipe", "pipe"] },
);
let prismLog = "";
prism.stdout.on("data", (d) => (prismLog = (prismLog + d).slice(-4000)));
prism.stderr.on("data", (d) => (prismLog = (prismLog + d).slice(-4000)));
afterAll(() => {
  prism.kill();
});

async function ready(deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/v4/object-storage/clusters`)).status === 200) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}
const up = await ready(Date.now() + 60_000);
const startMs = Date.now() - started;

const dir = mkdtempSync(join(tmpdir(), "plb-mock-"));
let code = -1;
let output = "";
if (up) {
  // no control URL: the mock has none. Any bearer token will do (Prism checks presence only).
  // Everything is allowed: nothing the mock "creates" exists anywhere.
  const args = [
    "bin/plumbline.mjs",
    "run",
    "--target",
    url,
    "--target-label",
    "prism-mock",
    "--admin-token",
    "mock-admin",
    "--restricted-token",
    "mock-restricted",
    "--secondary-token",
    "mock-secondary",
    "--destructive",
    "--areas",
    AREAS,
    "--seed",
    "3",
    "--concurrency",
    "8",
    "--wait-timeout",
    "1000",
    "--report-dir",
    dir,
    "--ledger-dir",
    join(dir, "ledger"),
  ];
  try {
    const r = await promisify(execFile)(process.execPath, args, {
      timeout: 150_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    code = 0;
    output = r.stdout + r.stderr;
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    code = typeof err.code === "number" ? err.code : -1;
    output = `${err.stdout ?? ""}${err.stderr ?? ""}`;
  }
}
const runMs = Date.now() - started - startMs;
const report = up
  ? (JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8")) as RunReport)
  : undefined;
const line = (c: RunReport["checks"][number]) =>
  `${c.outcome}: ${c.name}: ${(c.reason ?? "").slice(0, 300)}`;

describe("plumbline run against Prism's mock of spec/openapi.yaml", () => {
  it("Prism serves the spec", () => {
    expect(up, `prism did not answer within 60 s:\n${prismLog}`).toBe(true);
  });

  it("the run completes: a verdict (exit 1: the mock keeps no state), no error, no run error", () => {
    expect(code, output.slice(-3000)).toBe(1);
    expect(report!.runErrors).toEqual([]);
    expect(report!.checks.filter((c) => c.outcome === "error").map(line)).toEqual([]);
  });

  it("the schema-level checks pass (or skip for a fixture or state the mock cannot have)", () => {
    for (const [id, title] of MUST_PASS) {
      const mine = report!.checks.filter(
        (c) => c.requirementIds.includes(id) && c.name.includes(title),
      );
      expect(
        mine.filter((c) => c.outcome === "pass").length,
        `no check ${id} "${title}" passed`,
      ).toBeGreaterThan(0);
      const skipped = (c: RunReport["checks"][number]) =>
        c.outcome === "skip" && Object.values(MAY_SKIP).some((re) => re.test(c.reason ?? ""));
      // a check of the group that first reads state (an event it made, found in a list) may fail as predicted
      const predicted = (c: RunReport["checks"][number]) =>
        c.outcome === "fail" && Object.values(MAY_FAIL).some((a) => a.reason.test(c.reason ?? ""));
      expect(
        mine.filter((c) => c.outcome !== "pass" && !skipped(c) && !predicted(c)).map(line),
        `${id} "${title}"`,
      ).toEqual([]);
    }
  });

  it("every failure and every skip is one the mock's nature predicts", () => {
    const counts: Record<string, number> = {};
    const unpredicted: string[] = [];
    for (const c of report!.checks) {
      if (c.outcome === "fail") {
        const rule = Object.entries(MAY_FAIL).find(([, a]) => a.reason.test(c.reason ?? ""));
        if (rule) counts[`fail: ${rule[0]}`] = (counts[`fail: ${rule[0]}`] ?? 0) + 1;
        else unpredicted.push(line(c));
      } else if (c.outcome === "skip") {
        const rule = Object.entries(MAY_SKIP).find(([, re]) => re.test(c.reason ?? ""));
        if (rule) counts[`skip: ${rule[0]}`] = (counts[`skip: ${rule[0]}`] ?? 0) + 1;
        else unpredicted.push(line(c));
      } else counts[c.outcome] = (counts[c.outcome] ?? 0) + 1;
    }
    console.log(
      `prism mock: started in ${startMs} ms, run ${runMs} ms, ${report!.checks.length} checks`,
      counts,
    );
    expect(unpredicted).toEqual([]);
  });
});
