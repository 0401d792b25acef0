// The convergence and race tables in conformance.html, opened in headless Chromium: they render
// with no console error and no request, every race cell has its tooltip, and a race cell opens its
// checks' cards.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openPage } from "../tests/browser-page.ts";
import { sharedBrowser } from "../tests/browser-suite.ts";
import { findBrowser, need } from "../tests/needs.ts";
import { computeConvergence, computeRaces } from "./convergence.ts";
import { check, fixtureReport } from "./fixtures.ts";
import { renderHtml } from "./html.ts";

const BROWSER = findBrowser();

describe("conformance.html: convergence and races", () => {
  const r = fixtureReport();
  const race = (resource: string, id: string, outcome: "pass" | "fail", reason?: string) =>
    check({
      name: `invariants/races > [${id}] ${resource} race`,
      outcome,
      requirementIds: [id],
      resource,
      ...(reason ? { reason } : {}),
    });
  const lost = race(
    "managedService",
    "CONV-RACE-3",
    "fail",
    "the label <lost> to the other update",
  );
  lost.settled = [{ oracle: "read-your-writes", lagMs: 2010, reads: 9, converged: false }];
  const ok = race("managedCredential", "CONV-RACE-1", "pass");
  ok.settled = [
    { oracle: "read-your-writes", lagMs: 0, reads: 1, converged: true },
    { oracle: "list = view", lagMs: 310, reads: 4, converged: true, kind: "recipe" },
  ];
  r.checks.push(lost, ok, race("managedService", "CONV-RACE-4", "pass"));
  r.convergence = computeConvergence(r.checks, 2000);
  r.races = computeRaces(r.checks);
  const dir = mkdtempSync(join(tmpdir(), "plb-convergence-page-"));
  const file = join(dir, "conformance.html");
  writeFileSync(file, renderHtml(r));

  const browser = sharedBrowser(BROWSER.path);

  it("draws both tables; a race cell shows its outcome on hover and opens its checks", {
    timeout: 60_000,
  }, async (ctx) => {
    need(BROWSER, ctx);
    const { page, problems, requests } = await openPage(browser(), file);
    const oracles = page.locator("#convergence table").first().locator("tbody tr");
    expect(await oracles.count()).toBe(2);
    expect(await page.locator("#convergence h2").textContent()).toContain(
      "1 never within the window",
    );
    const rows = page.locator("#races tbody tr");
    expect(await rows.count()).toBe(2);
    const failing = page.locator("#races td.cell.fail");
    expect(await failing.count()).toBe(1);
    expect(await failing.getAttribute("title")).toContain("the label <lost> to the other update");
    await failing.locator("button").click();
    expect(await page.locator("#detail").isHidden()).toBe(false);
    expect(await page.locator("#detail-title").textContent()).toBe(
      "managedService × partial updates",
    );
    expect(await page.locator("#detail").textContent()).toContain("the label <lost>");
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  });
});
