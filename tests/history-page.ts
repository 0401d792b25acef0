// history.html in a real browser: opened from disk in headless Chromium, it must log no console
// error, raise no page error, send no request, and draw its strips and timelines (cells and bars
// with a size and the colour of their outcome). Used by tests/history-sequence.test.ts and by
// scripts/history-browser-check.ts (which also saves the README's picture).
import { chromium } from "playwright-core";
import { openPage } from "./browser-page.ts";

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
    const {
      page,
      problems: seen,
      requests,
    } = await openPage(browser, file, {
      viewport: { width: 1400, height: 1800 },
      timeoutMs: 10_000,
    });
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
    return { problems: [...seen, ...requests.map((r) => `request: ${r}`)], ...drawn };
  } finally {
    await browser.close();
  }
}
