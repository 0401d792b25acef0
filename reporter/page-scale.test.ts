// conformance.html of a long run, in headless Chromium: the lists draw their first rows at once and
// the rest when idle (all of them in the end), the text search still narrows them, a card reads its
// check's exchanges from the pooled block (bodies and curl as recorded), and a page of ten times a
// full run's checks draws its summary and matrix within 3 s (scaled by the machine's load).
// scripts/bench-reports.ts measures the same on ten times a real run.
import { mkdtempSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { firstRender, openPage } from "../tests/browser-page.ts";
import { sharedBrowser } from "../tests/browser-suite.ts";
import { findBrowser, need } from "../tests/needs.ts";
import { campaignReport } from "./fixtures.ts";
import { renderHtml } from "./html.ts";

const BROWSER = findBrowser();
/** A loaded machine (two cores, another job beside) stretches the page's time; so does the limit. */
const loadFactor = () => Math.max(1, loadavg()[0] / cpus().length / 2);

describe("conformance.html at scale", () => {
  const browser = sharedBrowser(BROWSER.path);

  it("lists are drawn whole in the end, search narrows them, a card shows its pooled exchanges", {
    timeout: 60_000,
  }, async (ctx) => {
    need(BROWSER, ctx);
    const r = campaignReport(1400);
    const failing = r.checks.filter((c) => c.outcome === "fail");
    expect(failing.length).toBeGreaterThan(150); // more than the rows drawn at once
    const dir = mkdtempSync(join(tmpdir(), "plb-page-scale-"));
    const file = join(dir, "conformance.html");
    const html = renderHtml(r);
    // every curl here is one the page makes again: none is embedded
    expect(html).not.toContain("curl -sS -i");
    writeFileSync(file, html);
    const { page, problems, requests } = await openPage(browser(), file, { timeoutMs: 20_000 });
    const failures = page.locator("#lists section").filter({ hasText: /^Failures/ });
    await expect
      .poll(() => failures.locator("tbody tr").count(), { timeout: 15_000 })
      .toBe(failing.length);

    // the search narrows the lists as before
    await page.fill("#f-text", "case 10");
    const narrowed = failing.filter((c) => c.name.toLowerCase().includes("case 10"));
    await expect.poll(() => failures.locator("tbody tr").count()).toBe(narrowed.length);

    // a card: its exchanges read from the pooled block, as recorded
    const c = narrowed[0]!;
    await failures.locator("tbody tr").first().locator("button.linkish").click();
    const detail = page.locator("#detail");
    await expect.poll(() => detail.isVisible()).toBe(true);
    // the curl lines made again by the page (a quote and markup in a header and the body)
    const curls = await detail.locator(".curl-text").allTextContents();
    expect(curls).toEqual(c.exchanges.map((x) => x.curl));
    expect(curls[1]).toContain("it'\\''s <b>&</b>");
    const pres = await detail.locator("pre:not(.curl-text)").allTextContents();
    expect(pres.join("\n")).toContain(JSON.stringify(c.exchanges[0]!.responseBody, null, 2));
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
  });

  it("ten times a full run's checks: summary and matrix drawn within 3 s", {
    timeout: 90_000,
  }, async (ctx) => {
    need(BROWSER, ctx);
    const dir = mkdtempSync(join(tmpdir(), "plb-page-scale-"));
    const file = join(dir, "conformance.html");
    writeFileSync(file, renderHtml(campaignReport(21_220)));
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 2; i++) {
      const page = await browser().newPage();
      page.setDefaultTimeout(60_000);
      best = Math.min(best, await firstRender(page, file));
      await page.close();
    }
    console.log(`conformance.html, 21,220 checks: first render in ${best.toFixed(0)} ms`);
    expect(best).toBeLessThan(3000 * loadFactor());
  });
});
