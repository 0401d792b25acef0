// Adaptive requests in flight, end to end (issue 32): one suite file through a proxy ~10 ms away
// that allows each token 20 requests per second and answers 429 with Retry-After beyond it. With
// the defaults (adaptive: the pool pauses for a Retry-After and then paces below the refused rate)
// the target refuses fewer requests than with a fixed 4 in flight (the default before adaptive
// requests in flight), and the report carries the curve and each back-off with its cause.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReference, type ReferenceHandle } from "../reference/index.ts";

import type { RunReport } from "../reporter/types.ts";
import { referenceTargetArgs, runPlumbline } from "./plumbline-child.ts";
import { windowProxy } from "./window-proxy.ts";

const FILES = ["suites/authz/foreign.test.ts"];

let ref: ReferenceHandle;

async function runThrough(extra: string[]) {
  const proxy = await windowProxy(ref.url, {
    delayMs: [8, 12],
    window: { requests: 20, ms: 1000 },
  });
  // biome-ignore format: flags and their values in pairs
  const args = [
    "--files", ...FILES,
    ...referenceTargetArgs(proxy.url, ref),
    "--allow", "read-only,creates,billable,account-wide",
    // a 429 is retried after its Retry-After, as often as the run needs
    "--max-retries", "10", "--max-retry-wait", "30000",
    ...extra,
  ];
  const started = performance.now();
  const child = await runPlumbline(args, {}, 170_000);
  const seconds = (performance.now() - started) / 1000;
  await proxy.close();
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return {
    child,
    seconds,
    busiest: Math.max(...proxy.arrived.values()),
    arrived: sum(proxy.arrived),
    refused: sum(proxy.refused),
    report: JSON.parse(readFileSync(join(child.dir, "conformance.json"), "utf8")) as RunReport,
  };
}

let fixed: Awaited<ReturnType<typeof runThrough>>;
let adaptive: Awaited<ReturnType<typeof runThrough>>;

beforeAll(async () => {
  ref = await startReference({ port: 0 });
  fixed = await runThrough(["--concurrency", "fixed:4"]);
  adaptive = await runThrough([]);
}, 360_000);

afterAll(async () => {
  await ref?.close();
});

describe("against a target allowing 20 requests per second per token", () => {
  it("the defaults meet fewer 429s than a fixed 4 in flight, and the run still passes", () => {
    const run = (r: typeof fixed) =>
      `${r.refused} of ${r.arrived} refused, ${r.seconds.toFixed(1)} s, busiest token ${r.busiest} (÷ 20/s = ${(r.busiest / 20).toFixed(1)} s)`;
    const say = `fixed:4: ${run(fixed)}; adaptive: ${run(adaptive)}`;
    expect(fixed.child.code, fixed.child.out).toBe(0);
    expect(adaptive.child.code, adaptive.child.out).toBe(0);
    expect(fixed.refused, say).toBeGreaterThan(0);
    expect(adaptive.refused, say).toBeLessThan(fixed.refused / 2);
    console.log(say);
  });

  it("the report and the console's last lines show the curve and each back-off with its cause", () => {
    const c = adaptive.report.traffic?.concurrency;
    expect(c?.mode).toBe("adaptive");
    expect(c?.ceiling).toBe(32);
    expect(c?.curve.length).toBeGreaterThan(1);
    expect(c?.backOffs.some((b) => /^429 with Retry-After/.test(b.cause))).toBe(true);
    expect(c?.rateCap).toBeGreaterThan(0);
    expect(adaptive.child.out).toMatch(/plumbline: requests in flight: adaptive up to 32/);
    expect(adaptive.child.out).toMatch(/plumbline: back-off at [\d.]+ s: \d+ → \d+ \(429/);
    const md = readFileSync(join(adaptive.child.dir, "conformance.md"), "utf8");
    expect(md).toMatch(/in flight over time/);
    expect(fixed.report.traffic?.concurrency).toMatchObject({ mode: "fixed", ceiling: 4 });
  });
});
