// A last line CI systems read without parsing vitest's decorated summary: "N passed, N failed, N skipped",
// followed by what was skipped and why, so a skip is never silent: each distinct skip note (tests that
// need something outside the checkout skip with "<group> (<why, how to enable>)", see tests/needs.ts).
import type { Reporter, TestModule } from "vitest/node";

/** "; skipped: a (why), b (why), N with no reason given", or "" when nothing was skipped. */
export function skippedGroups(notes: ReadonlyArray<string | undefined>): string {
  const named = [...new Set(notes.filter((n): n is string => !!n))];
  const unnamed = notes.filter((n) => !n).length;
  if (unnamed) named.push(`${unnamed} with no reason given`);
  return named.length ? `; skipped: ${named.join(", ")}` : "";
}

export default class PlainSummary implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const count = { passed: 0, failed: 0, skipped: 0 };
    const notes: (string | undefined)[] = [];
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const result = t.result();
        if (result.state === "passed") count.passed++;
        else if (result.state === "failed") count.failed++;
        else {
          count.skipped++;
          notes.push(result.state === "skipped" ? result.note : undefined);
        }
      }
      if (m.state() === "failed" && [...m.children.allTests()].length === 0) count.failed++;
    }
    process.stdout.write(
      `\n${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped${skippedGroups(notes)}\n`,
    );
  }
}
