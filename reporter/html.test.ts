import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check, exchange, fixtureChecks, fixtureReport, HOSTILE } from "./fixtures.ts";
import { renderHtml, scriptJson } from "./html.ts";
import { renderJson } from "./json.ts";
import { mergeReports } from "./merge.ts";
import { openPage } from "../tests/browser-page.ts";
import { findBrowser, need } from "../tests/needs.ts";

// PLUMBLINE_BROWSER / CHROMIUM, the system paths, or a playwright-managed browser; with none the
// browser tests skip naming how to get one (in CI they fail: .ci/run installs Chromium)
const BROWSER = findBrowser();
const SCREENSHOT = join(import.meta.dirname, "..", "reports", "conformance.png");

describe("conformance.html", () => {
  const checks = [
    ...fixtureChecks(),
    check({
      name: `account > [ACC-VIEW-1] hostile ${HOSTILE}`,
      requirementIds: ["ACC-VIEW-1"],
      operationIds: ["getAccount"],
      outcome: "fail",
      reason: HOSTILE,
      exchanges: [exchange("GET", "http://t/v4/account?x=</script>", 500, HOSTILE)],
    }),
  ];
  const report = fixtureReport({
    checks,
    expectations: [
      { id: "CONV-404-1", reason: "known <b>bug</b>" },
      { id: "SUP-NONE-1", reason: "r" },
    ],
  });
  const html = renderHtml(report);

  it("embeds the report so that no body can close the script element", () => {
    const data = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(
      html,
    )![1];
    expect(data).not.toMatch(/<|>/);
    expect(JSON.parse(data).report.checks).toHaveLength(checks.length);
    expect(scriptJson({ a: "</script><!--\u2028" })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!--\\u2028"}',
    );
    // noncharacters are replaced, a lone surrogate stays escaped as JSON.stringify wrote it
    expect(scriptJson({ a: "\uFFFF&\uD800" })).toBe('{"a":"\uFFFD\\u0026\\ud800"}');
    // the exchanges embedded apart, pooled, as escaped as the report
    const xs = /<script type="application\/json" id="exchange-data">([\s\S]*?)<\/script>/.exec(
      html,
    )![1]!;
    expect(xs).not.toMatch(/<|>/);
    expect(JSON.parse(xs)).toMatchObject({ v: { x: expect.any(Array) }, pool: expect.any(Array) });
    // two embedded JSON blocks and one script of our own; the hostile text appears nowhere raw
    expect(html.match(/<script\b/g)).toHaveLength(3);
    expect(html.match(/<script nonce=/g)).toHaveLength(1);
    expect(html).not.toContain("<img");
    expect(html).toContain("Content-Security-Policy");
    expect(html).not.toMatch(/https?:\/\/(?!t\/|127\.0\.0\.1)/); // no CDN, no external asset
  });

  describe("in headless Chromium", () => {
    let browser: Browser;
    beforeAll(async () => {
      if (!BROWSER.path) return; // each test skips (or fails in CI) through need()
      browser = await chromium.launch({
        executablePath: BROWSER.path,
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
        ],
      });
    }, 30_000);
    afterAll(async () => {
      await browser?.close();
    });

    it("renders offline with no console error and no request; filters and drill-down work", {
      timeout: 60_000,
    }, async (ctx) => {
      need(BROWSER, ctx);
      const dir = mkdtempSync(join(tmpdir(), "plumbline-html-"));
      const file = join(dir, "conformance.html");
      writeFileSync(file, html);
      const { page, problems, requests } = await openPage(browser, file, {
        viewport: { width: 1600, height: 1000 },
      });

      await expect.poll(() => page.locator("#matrix tr.op-row").count()).toBeGreaterThan(0);
      expect(await page.locator(".verdict .v-word").textContent()).toBe("FAIL");
      expect(await page.locator("#matrix tr.op-row").count()).toBe(6);
      expect(
        await page
          .locator('button[data-op="getAccount"][data-kind="happy"]')
          .getAttribute("data-outcome"),
      ).toBe("fail");

      // filter: outcome = skip leaves the one skipped row
      await page.selectOption("#f-outcome", "skip");
      expect(await page.locator("#matrix tr.op-row").count()).toBe(1);
      expect(
        await page
          .locator('button[data-op="bootInstance"][data-kind="state"]')
          .getAttribute("data-outcome"),
      ).toBe("skip");
      expect(
        await page
          .locator('button[data-op="bootInstance"][data-kind="error"]')
          .getAttribute("data-outcome"),
      ).toBe("untested");
      await page.selectOption("#f-outcome", "");

      // free text narrows to the row of a requirement ID
      await page.fill("#f-text", "acc-upd-2");
      expect(await page.locator("#matrix tr.op-row").count()).toBe(1);
      await page.fill("#f-text", "");

      // drill-down: a failing cell shows the statement, reason, exchange and curl with a copy button
      await page.click('button[data-op="updateAccount"][data-kind="validation"]');
      const detail = page.locator("#detail");
      await expect.poll(() => detail.isVisible()).toBe(true);
      const text = (await detail.textContent()) ?? "";
      expect(text).toContain("[ACC-UPD-2] email too long is refused");
      expect(text).toContain("An email longer than 128 characters is refused, naming the field.");
      expect(text).toContain("expected 4xx, got 200");
      expect(text).toContain("curl -sS -X PUT 'http://t/v4/account'");
      expect(text).toMatch(/response body \(9\.9 KiB, trimmed/);
      expect(await detail.locator(".curl button").count()).toBeGreaterThan(0);

      // the hostile check: its text is shown as text, nothing executes
      await page.keyboard.press("Escape");
      await page.click('button[data-op="getAccount"][data-kind="happy"]');
      expect(await detail.textContent()).toContain(`onerror="alert(1)"`);
      expect(await page.locator("img").count()).toBe(0);
      await page.keyboard.press("Escape");

      // a check from the lists opens too; then leave a useful screenshot
      await page.click("text=[CONV-404-1] unknown instance is 404");
      expect(await detail.textContent()).toContain(
        "Known failure (expectations file): known <b>bug</b>",
      );
      await page.keyboard.press("Escape");
      await page.click('button[data-op="updateAccount"][data-kind="validation"]');
      mkdirSync(join(SCREENSHOT, ".."), { recursive: true });
      await page.screenshot({ path: SCREENSHOT, fullPage: false });

      expect(problems).toEqual([]);
      expect(requests).toEqual([]);
      await page.close();
    });

    /** conformance.html of `dir` in a new page, with its page errors and console errors collected. */
    async function openReport(dir: string, viewport?: { width: number; height: number }) {
      const { page, problems, requests } = await openPage(browser, join(dir, "conformance.html"), {
        viewport,
      });
      return { page, problems: [...problems, ...requests.map((r) => `request: ${r}`)] };
    }

    /** What each cell of a grid says on hover: its own title, or its button's. */
    function cellTitles(page: Awaited<ReturnType<typeof openReport>>["page"], grid: string) {
      return page
        .locator(`${grid} tbody td.cell`)
        .evaluateAll((tds) =>
          tds.map(
            (td) => td.getAttribute("title") ?? td.querySelector("button")?.getAttribute("title"),
          ),
        );
    }

    it("draws the resource kind × invariant grid: a tooltip on every cell, drill-down, filters", {
      timeout: 60_000,
    }, async (ctx) => {
      need(BROWSER, ctx);
      const inv = (resource: string, id: string, outcome: "pass" | "fail" | "skip") =>
        check({
          name: `invariants > [${id}] ${resource}: holds`,
          requirementIds: [id],
          resource,
          outcome,
          reason: outcome === "pass" ? undefined : `why ${resource}`,
        });
      const r = fixtureReport({
        checks: [
          inv("recipe", "ACC-VIEW-1", "pass"),
          inv("config", "ACC-VIEW-1", "fail"),
          inv("config", "ACC-UPD-2", "pass"),
          inv("tag", "ACC-UPD-2", "skip"),
        ],
      });
      const dir = mkdtempSync(join(tmpdir(), "plumbline-html-"));
      writeFileSync(join(dir, "conformance.html"), renderHtml(r));
      const { page, problems } = await openReport(dir, { width: 1600, height: 1000 });
      const rows = page.locator("#invariants tbody tr");
      await expect.poll(() => rows.count()).toBe(3);
      // the failing kind first; every cell, applicable or not, says what it is
      expect(await rows.first().locator("code").textContent()).toBe("config");
      const titles = await cellTitles(page, "#invariants");
      expect(titles.length).toBe(6);
      expect(titles.every((t) => !!t)).toBe(true);
      await rows.first().locator("button.fail").click();
      expect(await page.locator("#detail-title").textContent()).toBe("config · ACC-VIEW-1");
      expect(await page.locator("#detail").textContent()).toContain("why config");
      await page.keyboard.press("Escape");
      await page.selectOption("#f-outcome", "skip");
      expect(await page.locator("#invariants button.skip").count()).toBe(1);
      expect(await page.locator("#invariants button.fail").count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });

    it("draws the principal × operation heat map: a tooltip on every cell, drill-down, the principal filter", {
      timeout: 60_000,
    }, async (ctx) => {
      need(BROWSER, ctx);
      const cell = (principal: string, op: string, outcome: "pass" | "fail", status: number) =>
        check({
          name: `${principal} × ${op}: refused`,
          outcome,
          requirementIds: ["CONV-AUTH-2"],
          operationIds: [op],
          principal,
          reason: outcome === "fail" ? `answered ${status}` : undefined,
          observations: [{ requirementId: "CONV-AUTH-2", note: "error status", value: status }],
        });
      const r = fixtureReport({
        checks: [
          cell("anonymous", "getAccount", "pass", 401),
          cell("second-account", "getInstance", "fail", 200),
          cell("anonymous", "getInstance", "pass", 401),
        ],
      });
      const dir = mkdtempSync(join(tmpdir(), "plumbline-html-"));
      writeFileSync(join(dir, "conformance.html"), renderHtml(r));
      const { page, problems } = await openReport(dir, { width: 1600, height: 1000 });
      const rows = page.locator("#principals tbody tr");
      await expect.poll(() => rows.count()).toBe(2);
      // the failing operation first; every cell, applicable or not, says what it is
      expect(await rows.first().locator("code").textContent()).toBe("getInstance");
      const titles = await cellTitles(page, "#principals");
      expect(titles.length).toBe(4);
      expect(titles.every((t) => !!t)).toBe(true);
      await rows.first().locator("button.fail").click();
      expect(await page.locator("#detail-title").textContent()).toBe(
        "getInstance · second-account",
      );
      expect(await page.locator("#detail").textContent()).toContain("answered 200");
      await page.keyboard.press("Escape");
      await page.selectOption("#f-principal", "anonymous");
      expect(await page.locator("#principals thead th").count()).toBe(2);
      expect(await page.locator("#principals button.fail").count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });

    it("shows each generic cell's clause on hover and in its drill-down; the undecided cells open theirs", {
      timeout: 60_000,
    }, async (ctx) => {
      need(BROWSER, ctx);
      const decides = `A restricted user MUST be refused ${HOSTILE}`;
      const open = "Whether a second account may see it is `not shown`";
      const authz = (principal: string, op: string, level: "MUST" | "INFO", clause: string) =>
        check({
          name: `${principal} × ${op}: ${level === "INFO" ? "info" : "refused"}`,
          outcome: level === "INFO" ? "pass" : "fail",
          reason: level === "INFO" ? undefined : "answered 200",
          level,
          levelDeclared: true,
          requirementIds: ["CONV-AUTH-2"],
          operationIds: [op],
          principal,
          generic: "authz",
          clause,
          observations: [{ requirementId: "CONV-AUTH-2", note: "answer status", value: 200 }],
        });
      const r = fixtureReport({
        checks: [
          authz("restricted", "getAccount", "MUST", decides),
          authz("second-account", "getAccount", "INFO", open),
          check({
            name: "invariants > [ACC-VIEW-1] config: holds",
            requirementIds: ["ACC-VIEW-1"],
            resource: "config",
            generic: "invariant",
            clause: "every config is listed",
            outcome: "pass",
          }),
        ],
      });
      const dir = mkdtempSync(join(tmpdir(), "plumbline-html-"));
      writeFileSync(join(dir, "conformance.html"), renderHtml(r));
      const { page, problems } = await openReport(dir, { width: 1600, height: 1000 });
      await expect.poll(() => page.locator("#principals tbody tr").count()).toBe(1);
      const titles = (await cellTitles(page, "#principals")).join("\n");
      expect(titles).toContain(`the material: “${decides}”`);
      expect(titles).toContain(`the material: “${open}”`);
      expect((await cellTitles(page, "#invariants")).join("\n")).toContain(
        "the material: “every config is listed”",
      );
      // the failing cell's card quotes the clause, as text
      await page.locator("#principals button.fail").click();
      const clause = page.locator("#detail .clause");
      expect(await clause.textContent()).toBe(`The material: “${decides}”`);
      expect(await page.locator("img").count()).toBe(0);
      await page.keyboard.press("Escape");
      // the failures list's row carries it on hover
      expect(
        await page
          .locator("#lists button.linkish", { hasText: "restricted × getAccount" })
          .getAttribute("title"),
      ).toBe(`the material: “${decides}”`);
      // the undecided section: after the authorization matrix, its check opens the card
      const row = page.locator("#undecided button[data-check]");
      expect(await row.count()).toBe(1);
      // each family folds; opened, its rows show
      expect(await row.isVisible()).toBe(false);
      await page.locator("#undecided summary").first().click();
      expect(await row.getAttribute("title")).toBe(`“${open}”`);
      await row.click();
      expect(await page.locator("#detail-title").textContent()).toBe(
        "second-account × getAccount: info",
      );
      expect(await page.locator("#detail .clause").textContent()).toBe(
        `The material (why it leaves this open): “${open}”`,
      );
      expect(problems).toEqual([]);
      await page.close();
    });

    it("shows a column group per target for a merged report of two targets", {
      timeout: 60_000,
    }, async (ctx) => {
      need(BROWSER, ctx);
      const one = (target: { url: string; label: string }, outcome: "pass" | "fail") =>
        fixtureReport({
          target,
          checks: [
            check({
              name: "acc > [ACC-VIEW-1] view",
              requirementIds: ["ACC-VIEW-1"],
              operationIds: ["getAccount"],
              outcome,
              reason: outcome === "fail" ? "got 500" : undefined,
            }),
          ],
        });
      const dir = mkdtempSync(join(tmpdir(), "plumbline-html-"));
      const files = [
        one({ url: "http://a", label: "alpha" }, "pass"),
        one({ url: "http://b", label: "beta" }, "fail"),
      ].map((r, i) => {
        const p = join(dir, `${i}.json`);
        writeFileSync(p, renderJson(r));
        return p;
      });
      mergeReports(files, dir);
      const { page, problems } = await openReport(dir);
      expect(await page.locator("th.tgt-head").allTextContents()).toEqual(["alpha", "beta"]);
      const cells = page.locator('#matrix button[data-op="getAccount"][data-kind="happy"]');
      expect(
        await cells.evaluateAll((bs) => bs.map((b) => b.getAttribute("data-outcome"))),
      ).toEqual(["pass", "fail"]);
      await cells.nth(1).click();
      expect(await page.locator("#detail-title").textContent()).toBe("getAccount · happy · beta");
      expect(await page.locator("#detail").textContent()).toContain("got 500");
      expect(problems).toEqual([]);
      await page.close();
    });
  });
});
