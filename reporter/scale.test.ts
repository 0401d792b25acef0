// Reports that scale (issue 32): each writer and the reader take time in proportion to the run
// (twice the checks, about twice the time; quadratic work would make it four times), and the
// pooled conformance.json is smaller than the plain one. The page's first render at ten times a
// real run is measured by scripts/bench-reports.ts.
import { describe, expect, it } from "vitest";
import { campaignReport } from "./fixtures.ts";
import { renderHtml } from "./html.ts";
import { parseReport, renderJson } from "./json.ts";
import { renderJunit } from "./junit.ts";
import { renderMarkdown } from "./md.ts";
import type { RunReport } from "./types.ts";

/**
 * The least of `reps` timings (ms per call) of `times` calls of each of `fns`, taken in turn (so
 * that a burst of the machine's other load falls on both sizes alike): what the work costs, the
 * other load and the collector's pauses left out as far as can be.
 */
function least(fns: (() => unknown)[], times: number, reps = 4): number[] {
  const best = fns.map(() => Number.POSITIVE_INFINITY);
  for (let i = 0; i < reps; i++)
    fns.forEach((fn, j) => {
      const t0 = performance.now();
      for (let k = 0; k < times; k++) fn();
      best[j] = Math.min(best[j]!, (performance.now() - t0) / times);
    });
  return best;
}

/** How many calls make a timing of 30 ms at least (a fast writer's single call is timer noise). */
function calls(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  const ms = performance.now() - t0;
  return Math.max(1, Math.min(20, Math.ceil(30 / Math.max(ms, 0.5))));
}

describe("reports at scale", () => {
  const n = 3000;
  const one = campaignReport(n);
  const two = campaignReport(2 * n);
  const writers: [string, (r: RunReport) => unknown][] = [
    ["json", renderJson],
    ["html", renderHtml],
    ["md", renderMarkdown],
    ["junit", renderJunit],
  ];
  const texts = new Map([one, two].map((r) => [r, renderJson(r)]));
  const jobs: [string, (r: RunReport) => unknown][] = [
    ...writers,
    ["parseReport", (r) => parseReport(texts.get(r)!)],
  ];

  // a timing can lose to the machine's load once; quadratic work fails every time
  for (const [name, fn] of jobs)
    it(`${name}: twice the checks take less than three times as long`, {
      timeout: 60_000,
      retry: 2,
    }, () => {
      fn(one); // warm
      const times = calls(() => fn(one));
      const [a, b] = least([() => fn(one), () => fn(two)], times) as [number, number];
      expect(
        b,
        `${name}: ${a.toFixed(1)} ms for ${n} checks, ${b.toFixed(1)} ms for ${2 * n}`,
      ).toBeLessThan(3 * Math.max(a, 2));
    });

  it("the pooled conformance.json is smaller than the plain one and reads back the same", () => {
    const text = texts.get(two)!;
    const plain = JSON.stringify(two);
    expect(text.length * 2).toBeLessThan(plain.length);
    expect(JSON.stringify(parseReport(text))).toBe(plain);
  });
});
