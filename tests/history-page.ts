// history.html in a real browser: opened from disk in headless Chromium, it must log no console
// error, raise no page error, send no request, and draw its strips and timelines (cells and bars
// with a size and the colour of their outcome). Used by tests/history-sequence.test.ts and by
// scripts/history-browser-check.ts (which also saves the README's picture).
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

export interface PageCheck {
  /** console errors and warnings, page errors, dialogs, requests other than the page itself */
  problems: string[];
  /** strip cells drawn with a size, by outcome class */
  cells: Record<string, number>;
  /** timeline bars (SVG rects of an outcome) drawn with a size */
  bars: number;
  /** distinct background colours of the cells: the outcomes are told apart */
  colours: number;
}

export async function inspectHistoryPage(
  browserPath: string,
  file: string,
  screenshot?: string,
): Promise<PageCheck> {
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const url = pathToFileURL(file).href;
    const page = await browser.newPage({ viewport: { width: 1400, height: 1800 } });
    page.setDefaultTimeout(10_000);
    const problems: string[] = [];
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
      if (r.url() !== url) problems.push(`request: ${r.url()}`);
    });
    await page.goto(url);
    const drawn = await page.evaluate(() => {
      const cells: Record<string, number> = {};
      const colours = new Set<string>();
      for (const el of document.querySelectorAll<HTMLElement>(".strip .cell")) {
        const box = el.getBoundingClientRect();
        // cells inside a closed <details> have no box: only those drawn count
        if (box.width < 4 || box.height < 4) continue;
        const outcome = [...el.classList].find((c) => c !== "cell" && c !== "flaky") ?? "?";
        cells[outcome] = (cells[outcome] ?? 0) + 1;
        colours.add(getComputedStyle(el).backgroundColor);
      }
      const bars = [...document.querySelectorAll<SVGRectElement>("svg rect[class]")].filter(
        (r) => r.getBoundingClientRect().height > 0 && getComputedStyle(r).fill !== "rgb(0, 0, 0)",
      ).length;
      return { cells, bars, colours: colours.size };
    });
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: false });
    return { problems, ...drawn };
  } finally {
    await browser.close();
  }
}
