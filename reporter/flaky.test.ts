// Flaky checks (--rerun-failures, --flaky) in the gate and in every report.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage } from "../tests/browser-page.ts";
import { findBrowser, need } from "../tests/needs.ts";
import { assertWellFormedXml, check, exchange, fixtureReport } from "./fixtures.ts";
import { gateExitCode } from "./gate.ts";
import { renderHtml } from "./html.ts";
import { renderJunit } from "./junit.ts";
import { renderJson } from "./json.ts";
import { renderMarkdown } from "./md.ts";
import { mergeReports } from "./merge.ts";
import type { ReportCheck, RunReport } from "./types.ts";

const BROWSER = findBrowser();

/** A MUST check that failed, then passed on its second rerun; and one that failed every time. */
function checks(): ReportCheck[] {
  return [
    check({
      name: "conventions > [CONV-ERR-1] an error answers the Error body",
      requirementIds: ["CONV-ERR-1"],
      outcome: "fail",
      reason: "the body is not an Error",
      flaky: true,
      reruns: ["fail", "pass", "fail"],
      rerunEvidence: [
        {
          attempt: 2,
          outcome: "pass",
          exchanges: [exchange("GET", "http://t/v4/account/keys/999", 404, { errors: [] })],
        },
      ],
      exchanges: [exchange("GET", "http://t/v4/account/keys/999", 404, "Not found")],
    }),
    check({ name: "conventions > [CONV-ENV-1] envelope", outcome: "pass" }),
  ];
}
const steady = () =>
  check({
    name: "conventions > [CONV-ERR-4] steady",
    outcome: "fail",
    reason: "broke",
    reruns: ["fail", "fail", "fail"],
  });

/** A report as `plumbline run --rerun-failures 3 --flaky <mode>` writes it. */
function report(mode: "fail" | "warn" | undefined, extra: ReportCheck[] = []): RunReport {
  const r = fixtureReport({ checks: [...checks(), ...extra] });
  if (mode) r.options.flaky = mode;
  r.reruns = {
    rounds: 3,
    roundsRun: 3,
    cap: 10,
    failing: 12,
    rerun: 10,
    cut: 2,
    flaky: 1,
  };
  r.gate = fixtureReport({ checks: r.checks, extra: { options: r.options } }).gate;
  return r;
}

describe("gate: --flaky", () => {
  it("warn (the default): a flaky MUST failure is reported and does not gate; the reason says so", () => {
    for (const r of [report(undefined), report("warn")]) {
      expect(gateExitCode(r)).toBe(0);
      expect(r.gate.flaky).toBe(1);
      expect(r.gate.failures).toBe(0);
      expect(r.gate.reasons).toEqual([
        "1 flaky MUST failure not gated (failed, then passed on a rerun; --flaky warn)",
      ]);
    }
  });
  it("fail: a flaky MUST failure gates, and the reason says it is flaky", () => {
    const r = report("fail");
    expect(gateExitCode(r)).toBe(1);
    expect(r.gate.reasons[0]).toBe("1 MUST failure (1 flaky, gated by --flaky fail)");
  });
  it("a failure that failed every rerun gates whatever --flaky says", () => {
    const r = report("warn", [steady()]);
    expect(gateExitCode(r)).toBe(1);
    expect(r.gate.reasons).toEqual([
      "1 MUST failure",
      "1 flaky MUST failure not gated (failed, then passed on a rerun; --flaky warn)",
    ]);
  });
});

describe("reports show flaky checks", () => {
  it("Markdown: the count in the summary, the mark on the check, its reruns and what the cap cut", () => {
    const md = renderMarkdown(report("warn", [steady()]));
    expect(md).toContain(
      "- reruns (--rerun-failures 3): 10 failing checks run 3 more times, 1 flaky (--flaky warn); 2 more failing not rerun (at most 10 are)",
    );
    expect(md).toMatch(
      /### ❌ .*\\\[CONV-ERR-1\\\] an error answers the Error body \(MUST, .*flaky\)/,
    );
    expect(md).toContain(
      "> Flaky: failed, then on 3 reruns: fail, pass, fail (--flaky warn: it does not gate)",
    );
    expect(md).toContain(
      "- Rerun 2 (pass): 1 exchange, the last `GET http://t/v4/account/keys/999` → 404",
    );
    expect(md).toContain("> Not flaky: failed, then on 3 reruns: fail, fail, fail");
  });

  it("JUnit: with warn, surefire's flakyFailure in a passed case; with fail, a failure with a note", () => {
    const warn = renderJunit(report("warn"));
    assertWellFormedXml(warn);
    expect(warn).toMatch(
      /<testcase name="[^"]*\[CONV-ERR-1\][^>]*><flakyFailure message="the body is not an Error" type="MUST">/,
    );
    expect(warn).toContain(
      "<system-out>flaky: fail, then on 3 reruns (--rerun-failures): fail, pass, fail (--flaky warn)</system-out>",
    );
    expect(warn).toMatch(/<testsuites [^>]*failures="0" errors="0" skipped="0"/);
    const fail = renderJunit(report("fail"));
    assertWellFormedXml(fail);
    expect(fail).toMatch(
      /<testcase name="[^"]*\[CONV-ERR-1\][^>]*><failure message="the body is not an Error"/,
    );
    expect(fail).toContain("(--flaky fail)</system-out>");
    expect(fail).toMatch(/<testsuites [^>]*failures="1"/);
  });

  it("HTML: the count in the summary; the page marks the check and shows the rerun that passed", {
    timeout: 60_000,
  }, async (ctx) => {
    const html = renderHtml(report("warn"));
    expect(html).toContain(
      '<div class="big-n">1</div><div class="big-l">flaky of 10 failing checks rerun 3× (--flaky warn), 2 not rerun (cap 10)</div>',
    );
    need(BROWSER, ctx);
    const dir = mkdtempSync(join(tmpdir(), "plumbline-flaky-"));
    writeFileSync(join(dir, "conformance.html"), html);
    const browser = await chromium.launch({ executablePath: BROWSER.path });
    try {
      const { page, problems } = await openPage(browser, join(dir, "conformance.html"));
      const row = page.locator("#lists tr", { hasText: "an error answers the Error body" });
      expect(await row.locator(".badge.flaky").textContent()).toBe("flaky");
      await row.locator("button.linkish").click();
      const detail = (await page.locator("#detail").textContent()) ?? "";
      expect(detail).toContain(
        "Flaky: fail, then on 3 reruns: fail, pass, fail (--flaky warn: it does not gate)",
      );
      expect(detail).toContain("Rerun 2: pass, 1 exchange");
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await browser.close();
    }
  });
});

describe("report merge", () => {
  it("keeps each check's reruns, sums the reruns and gates as the strictest source asked", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-flaky-merge-"));
    const a = report("warn");
    const b = report("fail", [steady()]);
    b.checks = b.checks.slice(2); // the other shard: only the steady failure
    writeFileSync(join(dir, "a.json"), renderJson(a));
    writeFileSync(join(dir, "b.json"), renderJson(b));
    const m = mergeReports([join(dir, "a.json"), join(dir, "b.json")], join(dir, "out"), {
      write: false,
    });
    expect(m.checks.filter((c) => c.flaky)).toHaveLength(1);
    expect(m.reruns).toMatchObject({ rounds: 3, failing: 24, rerun: 20, cut: 4, flaky: 2 });
    expect(m.options.flaky).toBe("fail");
    expect(m.gate.reasons[0]).toBe("2 MUST failures (1 flaky, gated by --flaky fail)");
  });
});
