import { describe, expect, it } from "vitest";
import { assertWellFormedXml, check, exchange, fixtureReport, HOSTILE } from "./fixtures.ts";
import { renderJunit, xmlEscape } from "./junit.ts";

describe("junit.xml", () => {
  const r = fixtureReport({ expectations: [{ id: "CONV-404-1", reason: "tracked in <#4> & co" }] });
  const xml = renderJunit(r);

  it("is well-formed and escapes what the target sent", () => {
    assertWellFormedXml(xml);
    expect(xml).not.toContain("<img");
    expect(xml).not.toContain("</script>");
    expect(xml).toContain("&lt;/script&gt;&lt;img src=x onerror=");
    expect(xml).not.toMatch(/[\u0001]/);
  });

  it("has one testsuite per area, with counts", () => {
    expect(xml).toMatch(
      /<testsuites name="plumbline conformance" tests="6" failures="1" errors="1" skipped="2"/,
    );
    expect(xml).toMatch(/<testsuite name="account" tests="2" failures="1" errors="0" skipped="0"/);
    expect(xml).toMatch(/<testsuite name="vm" tests="2" failures="0" errors="1" skipped="1"/);
    expect(xml).toContain('<property name="seed" value="42"/>');
  });

  it("names testcases with their requirement IDs; failures carry message and curl; skips a reason; errors are <error>", () => {
    expect(xml).toContain('<testcase name="account &gt; [ACC-UPD-2] email too long is refused"');
    expect(xml).toContain('<failure message="expected 4xx, got 200" type="MUST">');
    expect(xml).toContain("curl -sS -X PUT &apos;http://t/v4/account&apos;");
    expect(xml).toContain(
      '<skipped message="provider state &apos;held-jobs&apos; not offered (404)"/>',
    );
    expect(xml).toContain(
      '<error message="ECONNRESET talking to the control endpoint" type="plumbline">',
    );
    expect(xml).toContain("[VM-BOOT-INFO-1] vm/boot &gt; [VM-BOOT-3]"); // IDs missing from the name are prefixed
  });

  it("mirrors the gate: known failures and ungated SHOULD failures are skipped with a message", () => {
    expect(xml).toContain(
      '<skipped message="known failure (expectations file): tracked in &lt;#4&gt; &amp; co; expected 404, got 400"/>',
    );
    const loose = renderJunit(
      fixtureReport({
        checks: [check({ name: "s", level: "SHOULD", outcome: "fail", reason: "got 400" })],
      }),
    );
    expect(loose).toContain(
      '<skipped message="SHOULD failure, not gated (gates with --strict): got 400"/>',
    );
    const strict = renderJunit(
      fixtureReport({
        strict: true,
        checks: [check({ name: "s", level: "SHOULD", outcome: "fail", reason: "got 400" })],
      }),
    );
    expect(strict).toContain('<failure message="got 400" type="SHOULD">');
  });

  it("escapes hostile names, reasons and run errors", () => {
    const evil = fixtureReport({
      checks: [
        check({
          name: `a ${HOSTILE}`,
          outcome: "fail",
          reason: `${HOSTILE}\nline2`,
          exchanges: [exchange("GET", `http://t/${HOSTILE}`, 500, HOSTILE)],
        }),
      ],
      extra: { runErrors: [HOSTILE] },
    });
    const x = renderJunit(evil);
    assertWellFormedXml(x);
    expect(x).toContain("&#10;line2");
    expect(xmlEscape("<a & 'b'>")).toBe("&lt;a &amp; &apos;b&apos;&gt;");
  });
});
