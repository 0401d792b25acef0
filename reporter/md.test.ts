import { describe, expect, it } from "vitest";
import { fixtureReport, HOSTILE } from "./fixtures.ts";
import { mdCode, mdFence, mdText, renderMarkdown } from "./md.ts";

const lines = (s: string) => s.split("\n");

describe("conformance.md", () => {
  const r = fixtureReport({
    expectations: [
      { id: "CONV-404-1", reason: "we answer 400 (#4)" },
      { id: "ACC-VIEW-1", reason: "was broken" },
    ],
  });
  const md = renderMarkdown(r);

  it("leads with the verdict and the numbers", () => {
    const l = lines(md);
    expect(l[0]).toBe("# plumbline conformance: reference");
    expect(l[2]).toMatch(/^\*\*FAIL \(exit 1, gate MUST\): 1 MUST failure; 1 check ended in error/);
    expect(md).toContain("| MUST | 5 | 2 | 1 | 1 | 1 | 0 |");
    expect(md).toContain("| SHOULD | 1 | 0 | 1 | 0 | 0 | 1 |");
    expect(md).toContain(
      "Requirement coverage: **50%** of MUST and SHOULD requirements exercised (3 of 6; MUST 2/5, SHOULD 1/1).",
    );
    expect(md).toContain("Operations exercised: **3 of 5**.");
    expect(md.indexOf("## Matrix")).toBeLessThan(md.indexOf("## Failures"));
  });

  it("draws the matrix by area and operation against kinds, with a legend", () => {
    expect(md).toContain(
      "| operation |  | happy | validation | state | error | auth | convention | limit |",
    );
    expect(md).toContain("| `getAccount` | `GET /v4/account` | ✅ | · | · | · | · | · | · |");
    expect(md).toContain(
      "| `bootInstance` | `POST /v4/vm/instances/{vmId}/boot` | · | · | ⏭ | ❌ | · | · | · |",
    );
    expect(md).toContain(
      "| `listInstances` | `GET /v4/vm/instances` | ⚠ | · | · | · | · | · | · |",
    );
    expect(md).toContain("| **vm** |");
    expect(md).toContain("✅ pass · ❌ fail · ⏭ skip · ⚠ error");
  });

  it("details failures with requirement, statement, reason, curl and a trimmed body", () => {
    expect(md).toContain(
      "### ❌ account &gt; \\[ACC-UPD-2\\] email too long is refused (MUST, account, validation)",
    );
    expect(md).toContain(
      "- **ACC-UPD-2**: An email longer than 128 characters is refused, naming the field.",
    );
    expect(md).toContain("- Reason: expected 4xx, got 200");
    expect(md).toContain("```sh\ncurl -sS -X PUT 'http://t/v4/account'");
    expect(md).toMatch(/Response body \(9\.9 KiB, trimmed\):/);
    expect(md).not.toContain("x".repeat(3000));
    expect(md).toContain("> Known failure (expectations file): we answer 400 (\\#4)");
  });

  it("lists skips by reason, unexpected passes, untested requirements and INFO observations", () => {
    expect(md).toContain("| provider state 'held-jobs' not offered (404) | 1 |");
    expect(md).toContain("## Unexpected passes (1)");
    expect(md).toContain("| `ACC-VIEW-1` | was broken |");
    expect(md).toContain("## Untested requirements (3)");
    expect(md).toContain(
      "| `SUP-TICKET-1` | MUST | support | Opening a ticket returns the ticket. | no check |",
    );
    expect(md).toContain(
      "| `VM-BOOT-INFO-1` | `bootInstance` | event action emitted | `vm_boot` |",
    );
    expect(md).toContain("Requirement IDs named by checks but not in the catalog: `CONV-ENV-9`.");
    expect(md).toContain("- ⚠ unexpected pass: ACC-VIEW-1 is listed as a known failure");
  });

  it("never lets target text out of its code block or cell", () => {
    // the hostile body only appears inside a fenced block; outside fences no raw tag survives
    const outside = md.replace(/(`{3,})[^\n]*\n[\s\S]*?\n\1/g, "");
    expect(outside).not.toMatch(/<[a-z/!]/i);
    expect(mdText(HOSTILE)).not.toMatch(/<|>|(?<!\\)\|/);
    expect(mdText("a|b\nc")).toBe("a\\|b c");
    expect(mdCode("a ``b`` c")).toBe("``` a ``b`` c ```");
    expect(mdFence("```\nx", "sh")).toBe("````sh\n```\nx\n````");
  });
});
