// A near target whose writes are slow (issue 32): the GETs before the run answer in a few ms, so the
// run starts with fixed shares of 4; writes answered 150 ms late turn its workers to the run's
// adaptive pool during the run, and the held workers join. A quick target (the proxy without the
// delay) keeps the fixed shares, the pool untouched. End to end through the window proxy.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReference, type ReferenceHandle } from "../reference/index.ts";
import type { RunReport } from "../reporter/types.ts";
import { referenceTargetArgs, runPlumbline } from "./plumbline-child.ts";
import { windowProxy } from "./window-proxy.ts";

// a file of many checks, most of them writing
const FILES = ["suites/invariants/members.test.ts", "suites/vm/configs.test.ts"];

let ref: ReferenceHandle;

async function runThrough(writeDelayMs: number) {
  const proxy = await windowProxy(ref.url, { delayMs: [0, 0], writeDelayMs });
  // biome-ignore format: flags and their values in pairs
  const args = [
    "--files", ...FILES,
    ...referenceTargetArgs(proxy.url, ref),
    "--allow", "read-only,creates,billable,account-wide",
  ];
  const child = await runPlumbline(args, {}, 170_000);
  await proxy.close();
  return {
    child,
    report: JSON.parse(readFileSync(join(child.dir, "conformance.json"), "utf8")) as RunReport,
  };
}

let slow: Awaited<ReturnType<typeof runThrough>>;
let quick: Awaited<ReturnType<typeof runThrough>>;

beforeAll(async () => {
  ref = await startReference({ port: 0 });
  slow = await runThrough(150);
  quick = await runThrough(0);
}, 360_000);

afterAll(async () => {
  await ref?.close();
});

describe("a near target, the defaults", () => {
  it("writes turning slow mid-run widen what is in flight: the run's adaptive pool, past 4", () => {
    expect(slow.child.code, slow.child.out).toBe(0);
    const c = slow.report.traffic?.concurrency;
    expect(c?.mode, JSON.stringify(c)).toBe("adaptive");
    expect(c?.ceiling).toBe(32);
    expect(c?.why).toBeUndefined();
    expect(c?.peak).toBeGreaterThan(4);
    // writes steadily 150 ms beside quick reads: no cut for a rising round trip
    expect(c?.backOffs.filter((b) => /rising/.test(b.cause))).toEqual([]);
    expect(slow.child.out).toMatch(/plumbline: requests in flight: adaptive up to 32/);
  });

  it("a quick target keeps the fixed shares of 4, the pool never asked", () => {
    expect(quick.child.code, quick.child.out).toBe(0);
    expect(quick.report.traffic?.concurrency).toMatchObject({
      mode: "fixed",
      ceiling: 4,
      why: expect.stringMatching(/fixed shares per worker, no kind of request turned slow/),
    });
  });
});
