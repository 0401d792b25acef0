// A page of plumbline's own (a report, the history) opened from disk in headless Chromium, with
// what a person would call broken collected as it loads: console errors and warnings, page
// errors, dialogs, and any request other than the page itself (the pages are self-contained).
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";

export interface OpenedPage {
  page: Page;
  /** console errors and warnings, page errors, dialogs */
  problems: string[];
  /** requests other than the page itself */
  requests: string[];
}

export async function openPage(
  browser: Browser,
  file: string,
  opts: { viewport?: { width: number; height: number }; timeoutMs?: number } = {},
): Promise<OpenedPage> {
  const url = pathToFileURL(file).href;
  const page = await browser.newPage(opts.viewport ? { viewport: opts.viewport } : {});
  page.setDefaultTimeout(opts.timeoutMs ?? 5000);
  const problems: string[] = [];
  const requests: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning")
      problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("dialog", (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on("request", (r) => {
    if (r.url() !== url) requests.push(r.url());
  });
  await page.goto(url);
  return { page, problems, requests };
}

/** The flags every headless Chromium of plumbline's own tests and benches starts with. */
export const HEADLESS_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"];

/**
 * A report page's first render, in ms: from navigation until the summary and a matrix row are
 * drawn and the page answers a script (the page left open, for what the caller measures next).
 */
export async function firstRender(page: Page, file: string): Promise<number> {
  const t0 = performance.now();
  await page.goto(pathToFileURL(file).href, { waitUntil: "commit" });
  await page.waitForSelector("header.summary .verdict");
  await page.waitForSelector("#matrix tbody tr.op-row");
  await page.evaluate(() => document.querySelectorAll("#matrix button").length);
  return performance.now() - t0;
}
