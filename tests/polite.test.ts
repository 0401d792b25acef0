// Polite to a shared target, measured where the target sees it: one `plumbline run` narrowed to four
// suite files (three of the authorization matrix, request-dense, and the rate-limit convention,
// whose provider state makes the target answer one 429) through a proxy that notes every request's
// arrival, with --max-rps and --max-requests. The rate the target saw, the budget that stopped the
// run, and the 429s in the summary are each read from that one run (one run keeps `npm test` short).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReference, type ReferenceHandle } from "../reference/index.ts";
import { listLedgers, readLedger } from "../harness/ledger.ts";

import { REPORT_FILES } from "../reporter/write.ts";
import type { RunReport } from "../reporter/types.ts";
import { countingProxy, type Arrival, type CountingProxy } from "./counting-proxy.ts";
import { referenceTargetArgs, runPlumbline } from "./plumbline-child.ts";

// low enough that a loaded 2-core machine still has more requests waiting than slots (these files
// asked about 90 requests/s with a load average of 15 on 2 cores at one check per worker; at 50 the
// target saw 48.9-49.0; the run asks 16 in flight)
const RPS = 50;
const BUDGET = 550;
/** the preflight and the workers starting up (slots lost while few workers ask): read after them */
const SETTLED = 200;
const FILES = [
  "suites/authz/scopes-read-only.test.ts",
  "suites/authz/grants-read-only.test.ts",
  "suites/authz/foreign.test.ts",
  "suites/conventions/rate-limit.test.ts",
];

let ref: ReferenceHandle;
let proxy: CountingProxy;
let dir: string;
let run: { code: number | null; out: string };
let report: RunReport;

beforeAll(async () => {
  ref = await startReference({ port: 0 });
  proxy = await countingProxy(ref.url);
  // biome-ignore format: flags and their values in pairs
  const args = [
    "--files", ...FILES,
    ...referenceTargetArgs(proxy.url, ref),
    "--allow", "read-only,creates,billable,account-wide",
    "--max-rps", String(RPS), "--max-requests", String(BUDGET),
    // 16 in flight (4 checks at once in each worker): demand stays past the rate on a loaded machine
    "--concurrency", "16",
  ];
  const child = await runPlumbline(args, {}, 170_000);
  run = { code: child.code, out: child.out };
  dir = child.dir;
  report = JSON.parse(readFileSync(join(dir, "conformance.json"), "utf8"));
}, 180_000);

afterAll(async () => {
  await proxy?.close();
  await ref?.close();
});

/** The most requests that arrived within any `ms` window. */
function busiest(a: Arrival[], ms: number): number {
  let most = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    while (a[i].at - a[j].at >= ms) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe(`a run with --max-rps ${RPS} --max-requests ${BUDGET}, as the target saw it`, () => {
  it(`holds the rate within 10% of ${RPS} requests per second`, () => {
    const a = proxy.arrivals;
    const last = BUDGET - 1; // the budget's last request; cleanup past it is paced too but fewer
    const rate = (last - SETTLED) / ((a[last].at - a[SETTLED].at) / 1000);
    // over two seconds: a worker a loaded machine wakes late for one slot and on time for the next
    // squeezes two requests together at the target, which a one-second window would count as more
    const peak = busiest(a, 2000);
    console.log(
      `--max-rps ${RPS}: ${rate.toFixed(1)} requests/s over requests ${SETTLED}..${last} at the target; at most ${peak} in any two seconds`,
    );
    expect(rate).toBeGreaterThanOrEqual(RPS * 0.9);
    expect(rate).toBeLessThanOrEqual(RPS * 1.1);
    expect(peak).toBeLessThanOrEqual(Math.ceil(2 * RPS * 1.1));
  });

  it("stops at the budget as at a deadline: four reports marked interrupted with the reason, exit 2, cleanup done past it", () => {
    const reason = `request budget of ${BUDGET} reached (--max-requests / PLUMBLINE_MAX_REQUESTS)`;
    expect(run.code, run.out.slice(-3000)).toBe(2);
    expect(run.out).toContain(`plumbline: ${reason}: stopping the checks`);
    for (const f of REPORT_FILES) expect(existsSync(join(dir, f)), f).toBe(true);
    expect(report.interrupted).toBe(reason);
    expect(report.runErrors).toContain(`the run was interrupted: ${reason}`);
    expect(report.gate.exitCode).toBe(2);
    // every request the target saw was let through by the permits: the budget's, then cleanup's
    // past it, none other (a worker the run's end stops while it waits for its slot sends nothing:
    // one permit at most per worker, four workers)
    const t = report.traffic!;
    expect(t).toMatchObject({ maxRps: RPS, maxRequests: BUDGET });
    expect(t.sent).toBe(BUDGET + t.cleanupPastBudget!);
    expect(proxy.arrivals.length).toBeLessThanOrEqual(t.sent!);
    expect(proxy.arrivals.length).toBeGreaterThanOrEqual(t.sent! - 4);
    // checks the stop kept from running say why, those it cut in flight say so; what they made is
    // gone from the target
    expect(
      report.checks.some((c) => c.outcome === "skip" && c.reason === `not run: ${reason}`),
    ).toBe(true);
    for (const c of report.checks.filter((c) => c.outcome === "skip" && c.exchanges.length))
      expect(c.reason).toMatch(new RegExp(`^cut: .*request budget of ${BUDGET}`));
    const ledger = readLedger(listLedgers(join(dir, "ledger"))[0]);
    expect(ledger.open).toEqual([]);
    const md = readFileSync(join(dir, "conformance.md"), "utf8");
    expect(md).toContain(
      `client limits: at most ${RPS} requests per second and a budget of ${BUDGET} requests; ${t.sent} sent`,
    );
    expect(run.out).toContain(`plumbline: client limits: at most ${RPS} requests per second`);
  });

  it("counts the target's 429 answers in every summary: how many, how many retried, how long waited", () => {
    // the rate-limited state makes the target refuse one request with 429, Retry-After 1
    expect(report.traffic).toMatchObject({ tooMany: 1, retried: 1, waitedMs: 1000 });
    const line = "429 Too Many Requests: 1 answer, 1 retried after 1.0 s of waiting in total";
    expect(readFileSync(join(dir, "conformance.md"), "utf8")).toContain(line);
    expect(readFileSync(join(dir, "conformance.html"), "utf8")).toContain(line);
    expect(run.out).toContain(`plumbline: ${line}`);
  });
});
