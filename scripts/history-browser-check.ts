// history.html in a real browser, by hand: opens the page `plumbline history` wrote in headless
// Chromium (the browser tests/needs.ts finds), says what it saw (console errors, requests, strip
// cells and timeline bars drawn) and saves a screenshot (the README's docs/history.png).
//   npx tsx scripts/history-browser-check.ts <history.html> [docs/history.png]
// Without a Chromium it says it skipped and exits 0; a problem on the page exits 1.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { findBrowser } from "../tests/needs.ts";
import { inspectHistoryPage } from "../tests/history-page.ts";

const [html, out] = process.argv.slice(2);
if (!html || !existsSync(html)) {
  process.stderr.write(
    "usage: npx tsx scripts/history-browser-check.ts <history.html> [screenshot.png]\n",
  );
  process.exit(2);
}
const browser = findBrowser();
if (!browser.path) {
  console.log(`history-browser-check: skipped: ${browser.missing}`);
  process.exit(0);
}
const seen = await inspectHistoryPage(browser.path, resolve(html), out && resolve(out));
const cells = Object.entries(seen.cells)
  .map(([o, n]) => `${n} ${o}`)
  .join(", ");
console.log(
  `history-browser-check: ${browser.path}: ${cells || "no"} strip cells drawn in ${seen.colours} colours, ${seen.bars} timeline bars${out ? `; screenshot ${out}` : ""}`,
);
for (const p of seen.problems) console.log(`history-browser-check: ${p}`);
const drawn = Object.values(seen.cells).reduce((a, b) => a + b, 0) > 0 && seen.bars > 0;
if (!drawn) console.log("history-browser-check: the strips or the timelines were not drawn");
process.exit(seen.problems.length || !drawn ? 1 : 0);
