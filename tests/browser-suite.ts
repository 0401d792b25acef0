// One headless Chromium shared by a describe block's tests: launched before them (when one is
// found: each test still skips, or fails in CI, through need()), closed after them.
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { HEADLESS_ARGS } from "./browser-page.ts";

export function sharedBrowser(path: string | undefined, extraArgs: string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!path) return;
    browser = await chromium.launch({
      executablePath: path,
      args: [...HEADLESS_ARGS, ...extraArgs],
    });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}
