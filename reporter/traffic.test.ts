// The run's traffic in words, the same in conformance.md, the HTML summary and the console; summed
// when reports are merged.
import { describe, expect, it } from "vitest";
import { fixtureReport } from "./fixtures.ts";
import { renderMarkdown } from "./md.ts";
import { renderHtml } from "./html.ts";
import { consoleTraffic, limitsText, sumTraffic, tooManyText } from "./traffic.ts";
import type { Traffic } from "./types.ts";

const quiet: Traffic = { tooMany: 0, retried: 0, waitedMs: 0 };
const busy: Traffic = {
  maxRps: 20,
  maxRequests: 500,
  sent: 512,
  cleanupPastBudget: 12,
  tooMany: 3,
  retried: 2,
  waitedMs: 4000,
};

describe("traffic", () => {
  it("says what limits held and what the run sent under them", () => {
    expect(limitsText(quiet)).toBe("client limits: none (--max-rps, --max-requests)");
    expect(limitsText(busy)).toBe(
      "client limits: at most 20 requests per second and a budget of 500 requests; 512 sent, of them 12 by cleanup after the budget was spent (cleanup may go past it)",
    );
    expect(limitsText({ ...quiet, maxRps: 0.5, sent: 40, cleanupPastBudget: 0 })).toBe(
      "client limits: at most 0.5 requests per second; 40 sent",
    );
  });

  it("says how many 429s came, how many were retried, how long the client waited", () => {
    expect(tooManyText(quiet)).toBe("429 Too Many Requests: none");
    expect(tooManyText(busy)).toBe(
      "429 Too Many Requests: 3 answers, 2 retried after 4.0 s of waiting in total, 1 returned to the check (past --max-retries or --max-retry-wait)",
    );
  });

  it("prints on the console only when a limit was set or a 429 came", () => {
    expect(consoleTraffic(undefined)).toEqual([]);
    expect(consoleTraffic(quiet)).toEqual([]);
    expect(consoleTraffic({ ...quiet, tooMany: 1 })).toHaveLength(2);
    expect(consoleTraffic({ ...quiet, maxRequests: 9 })).toHaveLength(2);
  });

  it("stands in the Markdown and HTML summaries", () => {
    const r = { ...fixtureReport(), traffic: busy };
    const md = renderMarkdown(r);
    expect(md.split("## Matrix")[0]).toContain(`- ${limitsText(busy)} · ${tooManyText(busy)}`);
    const html = renderHtml(r);
    expect(html.split("</header>")[0]).toContain(tooManyText(busy));
    expect(html.split("</header>")[0]).toContain("at most 20 requests per second");
    expect(renderMarkdown(fixtureReport())).not.toContain("429"); // a report from before it was counted
  });

  it("sums the runs of a merge, keeping a limit only where all agree", () => {
    expect(sumTraffic([undefined])).toBeUndefined();
    const sum = sumTraffic([busy, { ...busy, maxRequests: 800 }, undefined])!;
    expect(sum).toEqual({
      runs: 2,
      maxRps: 20,
      sent: 1024,
      cleanupPastBudget: 24,
      tooMany: 6,
      retried: 4,
      waitedMs: 8000,
    });
    expect(limitsText(sum)).toMatch(/^client limits \(each of the 2 runs merged\): at most 20/);
  });
});
