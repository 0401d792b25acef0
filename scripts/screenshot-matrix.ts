// The README's picture of a report: opens a run's conformance.html in headless Chromium (the
// browser tests/needs.ts finds) and saves the summary and the operations × kinds matrix as a PNG.
//   npx tsx scripts/screenshot-matrix.ts [reports/conformance.html] [docs/matrix.png]
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { findBrowser } from "../tests/needs.ts";

const [html = "reports/conformance.html", out = "docs/matrix.png"] = process.argv.slice(2);
const browser = findBrowser();
if (!browser.path) {
  process.stderr.write(`screenshot-matrix: ${browser.missing}\n`);
  process.exit(2);
}
const b = await chromium.launch({
  executablePath: browser.path,
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const page = await b.newPage({ viewport: { width: 1400, height: 1000 }, deviceScaleFactor: 1 });
await page.goto(pathToFileURL(resolve(html)).href);
await page.waitForSelector("#matrix tr");
await page.screenshot({ path: out, fullPage: false });
await b.close();
console.log(`screenshot-matrix: ${out}`);
