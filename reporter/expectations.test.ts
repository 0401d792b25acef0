// Expectations that expire: `until` (the last day an entry waives a failure, UTC) and `link`.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage } from "../tests/browser-page.ts";
import { findBrowser, need } from "../tests/needs.ts";
import { isExpired, parseExpectations } from "./expectations.ts";
import { assertWellFormedXml, check, fixtureReport } from "./fixtures.ts";
import { gateExitCode } from "./gate.ts";
import { renderHtml } from "./html.ts";
import { renderJunit } from "./junit.ts";
import { renderMarkdown } from "./md.ts";

const BROWSER = findBrowser();
const LINK = "https://tracker.example/ACME-1234";
const entry = { id: "X-1", reason: "boots the first config", until: "2026-03-01", link: LINK };
const failing = () => [
  check({ name: "vm > [X-1] b", outcome: "fail", requirementIds: ["X-1"], reason: "broke" }),
  check({ name: "vm > [X-2] a", outcome: "pass", requirementIds: ["X-2"] }),
];
/** A report of a run that started at `startedAt` (the injected clock). */
const runAt = (startedAt: string) =>
  fixtureReport({ checks: failing(), expectations: [entry], startedAt });

describe("expectations: until and link", () => {
  it("parses until (YYYY-MM-DD) and link (an http(s) URL)", () => {
    expect(
      parseExpectations(`- id: X-1\n  reason: r\n  until: 2026-03-01\n  link: ${LINK}\n`),
    ).toEqual([{ id: "X-1", reason: "r", until: "2026-03-01", link: LINK }]);
    expect(parseExpectations(`- { id: X-1, reason: r, until: "2026-12-31" }\n`)).toEqual([
      { id: "X-1", reason: "r", until: "2026-12-31" },
    ]);
  });

  it.each([
    [
      "until: 2026-02-30",
      /entry 2 \(X-2\): 'until' is "2026-02-30"; expected a date written YYYY-MM-DD/,
    ],
    ["until: next week", /entry 2 \(X-2\): 'until' is "next week"; expected a date/],
    ["until: 20260301", /entry 2 \(X-2\): 'until' is 20260301; expected a date/],
    ["link: ACME-1234", /entry 2 \(X-2\): 'link' is "ACME-1234"; expected an http\(s\) URL/],
    [
      "link: javascript:alert(1)",
      /entry 2 \(X-2\): 'link' is "javascript:alert\(1\)"; expected an http\(s\) URL/,
    ],
    ["link: ftp://files.example/x", /entry 2 \(X-2\): 'link' is .*; expected an http\(s\) URL/],
  ])("refuses %s naming the entry, in one line", (line, msg) => {
    const text = `- { id: X-1, reason: r }\n- id: X-2\n  reason: r\n  ${line}\n`;
    expect(() => parseExpectations(text, "exp.yaml")).toThrow(msg);
    try {
      parseExpectations(text, "exp.yaml");
    } catch (e) {
      expect((e as Error).message).toMatch(/^exp\.yaml: entry 2 \(X-2\)/);
      expect((e as Error).message).not.toContain("\n");
    }
  });

  it("the date itself still waives; the day after, in UTC, it has expired", () => {
    expect(isExpired(entry, new Date("2026-03-01T23:59:59Z"))).toBe(false);
    expect(isExpired(entry, new Date("2026-03-02T00:00:00Z"))).toBe(true);
    // 23:30 in New York on the 1st is the 2nd in UTC
    expect(isExpired(entry, new Date("2026-03-01T23:30:00-05:00"))).toBe(true);
    expect(isExpired({ id: "a", reason: "r" }, new Date("2999-01-01"))).toBe(false);
  });

  it("before its date the entry waives the failure; after it the failure gates and every report says so", () => {
    const before = runAt("2026-03-01T12:00:00.000Z");
    expect(before.expectations[0].status).toBe("expected-failure");
    expect(before.checks[0].expected).toEqual({
      reason: entry.reason,
      link: LINK,
      until: "2026-03-01",
    });
    expect(gateExitCode(before)).toBe(0);

    const after = runAt("2026-03-02T08:00:00.000Z");
    expect(after.expectations[0]).toMatchObject({
      id: "X-1",
      status: "expired",
      until: "2026-03-01",
      link: LINK,
    });
    expect(after.checks[0].expected).toBeUndefined();
    expect(after.checks[0].expired).toEqual({
      reason: entry.reason,
      until: "2026-03-01",
      link: LINK,
    });
    expect(gateExitCode(after)).toBe(1);
    expect(after.gate.verdict).toBe("fail");
    expect(after.gate.reasons[0]).toBe("1 MUST failure (1 listed in an expired expectation)");
    expect(after.gate.warningLines.join("\n")).toContain(
      `expectation 'X-1' expired: its date 2026-03-01 has passed (${LINK})`,
    );
  });

  it("an expired entry is expired whatever its checks did (a passing one too)", () => {
    const r = fixtureReport({
      checks: [check({ name: "a", outcome: "pass", requirementIds: ["X-1"] })],
      expectations: [entry],
      startedAt: "2027-01-01T00:00:00.000Z",
    });
    expect(r.expectations[0].status).toBe("expired");
    expect(gateExitCode(r)).toBe(0);
  });

  it("the Markdown lists the expired entry in a row with its date and link, and the failure says why it gates", () => {
    const md = renderMarkdown(runAt("2026-03-02T08:00:00.000Z"));
    expect(md).toContain("## Expired expectations (1)");
    expect(md).toContain(
      `| \`X-1\` | expired | 2026-03-01 | boots the first config \`${LINK}\` | fail: vm &gt; \\[X-1\\] b |`,
    );
    expect(md).toContain(
      `> Expectation expired (its date 2026-03-01 has passed), so this failure gates: boots the first config \`${LINK}\``,
    );
  });

  it("a known failure shows its link next to its reason (Markdown, JUnit)", () => {
    const r = runAt("2026-02-01T00:00:00.000Z");
    expect(renderMarkdown(r)).toContain(
      `> Known failure (expectations file, until 2026-03-01): boots the first config \`${LINK}\``,
    );
    const xml = renderJunit(r);
    assertWellFormedXml(xml);
    expect(xml).toContain(
      `known failure (expectations file, until 2026-03-01): boots the first config (${LINK})`,
    );
  });

  it("JUnit: an expired entry's failure is a <failure> that says the entry expired", () => {
    const xml = renderJunit(runAt("2026-03-02T08:00:00.000Z"));
    assertWellFormedXml(xml);
    expect(xml).toMatch(
      /<failure message="broke; expectation expired: its date 2026-03-01 has passed/,
    );
  });

  it("HTML: an expired expectation is listed with its date and link, and marked on its check", {
    timeout: 60_000,
  }, async (ctx) => {
    need(BROWSER, ctx);
    const link = "https://tracker.example/ACME-1";
    const r = fixtureReport({
      checks: [
        check({
          name: "conventions > [CONV-ERR-4] steady",
          outcome: "fail",
          reason: "broke",
          requirementIds: ["CONV-ERR-4"],
        }),
      ],
      expectations: [{ id: "CONV-ERR-4", reason: "tracked", until: "2024-12-31", link }],
    });
    expect(r.expectations[0]).toMatchObject({ status: "expired", checks: [0] });
    const dir = mkdtempSync(join(tmpdir(), "plumbline-expired-"));
    writeFileSync(join(dir, "conformance.html"), renderHtml(r));
    const browser = await chromium.launch({ executablePath: BROWSER.path });
    try {
      const { page, problems } = await openPage(browser, join(dir, "conformance.html"));
      const section = page.locator("#lists section", { hasText: "Expired expectations" });
      expect(await section.locator("td").nth(1).textContent()).toBe("2024-12-31");
      expect(await section.locator(`a[href="${link}"]`).count()).toBe(1);
      expect(await page.locator(".warnings").textContent()).toContain(
        "expectation 'CONV-ERR-4' expired: its date 2024-12-31 has passed",
      );
      await section.locator("button.linkish").click();
      const detail = page.locator("#detail");
      expect(await detail.locator(".badge.expired").textContent()).toBe("expectation expired");
      expect(await detail.textContent()).toContain(
        "Expectation expired (its date 2024-12-31 has passed), so this failure gates: tracked",
      );
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
