// Resource kind × member: each cell the worst the checks gave (fail > pass > info > empty) with its
// note, counts and fill rate per kind, the Markdown section (a table per kind, notes numbered under
// it), the page's grid (hostile notes escaped, drill-down in Chromium), merge and rejudge.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { MemberCell } from "../harness/model.ts";
import { validator } from "../spec/validate.ts";
import { openPage } from "../tests/browser-page.ts";
import { findBrowser, need } from "../tests/needs.ts";
import { evidenceProblems } from "./evidence-schema.ts";
import {
  check,
  fixtureChecks,
  fixtureReport,
  HOSTILE,
  memberChecks,
  OPERATIONS,
} from "./fixtures.ts";
import { membersHtml, renderHtml } from "./html.ts";
import { renderJson } from "./json.ts";
import { renderMarkdown } from "./md.ts";
import { computeMemberMatrix, memberNotes, noteWhere } from "./members.ts";
import { mergeReports } from "./merge.ts";
import { rejudgeReport } from "./rejudge.ts";
import type { RunReport } from "./types.ts";

const BROWSER = findBrowser();

const cell = (
  member: string,
  question: MemberCell["question"],
  outcome: MemberCell["outcome"],
  note?: string,
  level: MemberCell["level"] = "MUST",
): MemberCell => ({ member, question, outcome, level, ...(note !== undefined ? { note } : {}) });

const kindCheck = (resource: string, members: MemberCell[], name = resource) =>
  check({
    name: `members > ${name}`,
    outcome: "pass",
    resource,
    members,
    file: "suites/invariants/members.test.ts",
  });

function save(dir: string, name: string, r: RunReport): string {
  const p = join(dir, name);
  writeFileSync(p, renderJson(r));
  return p;
}

describe("computeMemberMatrix", () => {
  it("is absent when no check recorded a member cell or is a member check", () => {
    expect(computeMemberMatrix(fixtureChecks())).toBeUndefined();
    expect(
      computeMemberMatrix([check({ name: "inv", outcome: "pass", resource: "tag" })]),
    ).toBeUndefined();
  });

  it("gives each cell the worst outcome the checks gave, fail > pass > info > empty, with its note and level", () => {
    const m = computeMemberMatrix([
      kindCheck(
        "config",
        [
          cell("label", "created", "empty", "not shown"),
          cell("label", "updated", "info", "observed"),
          cell("label", "kept", "pass"),
          cell("label", "agree", "pass", undefined, "SHOULD"),
          cell("devices", "created", "pass"),
        ],
        "a",
      ),
      kindCheck(
        "config",
        [
          cell("label", "created", "pass"),
          cell("label", "updated", "empty", "no update"),
          cell("label", "kept", "fail", "dropped", "SHOULD"),
          cell("label", "agree", "fail", "list differs", "SHOULD"),
          cell("devices", "created", "fail", "not kept"),
        ],
        "b",
      ),
      kindCheck("config", [cell("label", "agree", "fail", "list differs at MUST")], "c"),
    ])!;
    const label = m.cells.config!.label!;
    // pass beats empty: the empty cell's note does not stay on a pass
    expect(label.created).toEqual({ outcome: "pass", level: "MUST", checks: [0, 1] });
    // info beats empty, and keeps its own note
    expect(label.updated).toEqual({
      outcome: "info",
      level: "MUST",
      note: "observed",
      checks: [0, 1],
    });
    expect(label.kept).toEqual({
      outcome: "fail",
      level: "SHOULD",
      note: "dropped",
      checks: [0, 1],
    });
    // the same outcome at a stronger level decides, with its note
    expect(label.agree).toEqual({
      outcome: "fail",
      level: "MUST",
      note: "list differs at MUST",
      checks: [0, 1, 2],
    });
    expect(m.members.config).toEqual(["label", "devices"]);
    expect(m.cells.config!.devices!.created!.outcome).toBe("fail");
  });

  it("counts per kind and overall: filled, empty, not recorded, the fill rate; kinds that fail first; unreached checks", () => {
    const r = fixtureReport({ checks: [...fixtureChecks(), ...memberChecks()] });
    const m = r.memberMatrix!;
    expect(m.questions).toEqual(["created", "updated", "kept", "agree"]);
    expect(m.kinds).toEqual(["managedService", "oauthClient", "tag"]);
    expect(m.counts.managedService).toEqual({
      members: 4,
      cells: 16,
      filled: 16,
      pass: 14,
      fail: 1,
      info: 1,
      empty: 0,
      na: 0,
      missing: 0,
      fillRate: 100,
    });
    expect(m.counts.tag).toMatchObject({
      members: 2,
      cells: 8,
      filled: 3,
      empty: 5,
      na: 0,
      fillRate: 37.5,
    });
    expect(m.counts.oauthClient).toMatchObject({ members: 0, cells: 0, fillRate: 0 });
    expect(m.unreached).toEqual({ oauthClient: [fixtureChecks().length + 2] });
    expect(m.totals).toEqual({
      kinds: 3,
      members: 6,
      cells: 24,
      filled: 19,
      pass: 17,
      fail: 1,
      info: 1,
      empty: 5,
      na: 0,
      missing: 0,
      fillRate: 79.2,
    });
    expect(m.byTarget).toBeUndefined();
    // a question no check gave a cell for: not recorded, not filled
    const gap = computeMemberMatrix([
      kindCheck("key", [cell("label", "created", "pass"), cell("bucket_access", "kept", "pass")]),
    ])!;
    expect(gap.counts.key).toMatchObject({ cells: 8, filled: 2, missing: 6, fillRate: 25 });
    const notes = memberNotes(gap, "key").notes;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ n: 1, outcome: "missing" });
    const two = computeMemberMatrix([
      kindCheck("disk", [
        cell("size", "created", "pass"),
        cell("size", "updated", "pass"),
        cell("size", "kept", "pass"),
        cell("size", "agree", "pass"),
        cell("image", "created", "info", "not shown"),
        cell("root_pass", "created", "info", "not shown"),
      ]),
    ])!;
    const missing = memberNotes(two, "disk").notes.find((x) => x.outcome === "missing")!;
    expect(noteWhere(two, "disk", missing)).toBe(
      "updated alone, kept, list = view: image, root_pass",
    );
    expect(noteWhere(gap, "key", notes[0]!)).toBe(
      "updated alone, kept, list = view: label; created, updated alone, list = view: bucket_access",
    );
  });
});

describe("the member matrix in the reports", () => {
  const report = fixtureReport({ checks: [...fixtureChecks(), ...memberChecks()] });

  it("conformance.md: after the invariants, a line of counts, a table of kinds, a table per kind with numbered notes", () => {
    const inv = check({
      name: "tag: CONV-PREFIX-1",
      outcome: "pass",
      requirementIds: ["CONV-PREFIX-1"],
      resource: "tag",
    });
    const md = renderMarkdown(
      fixtureReport({ checks: [...fixtureChecks(), inv, ...memberChecks()] }),
    );
    const at = md.indexOf("## Members: resource kind × member");
    expect(at).toBeGreaterThan(md.indexOf("## Invariants: resource kind × invariant"));
    const section = md.slice(at, md.indexOf("\n## ", at + 1));
    expect(section).toContain(
      "6 members of 3 kinds: 19 of 24 cells filled (79.2%): 17 pass, 1 fail, 1 INFO; 5 empty; below the aim of 95%. 1 kind gave no cell (below): its members are not counted.",
    );
    expect(section).toContain("| `tag` | 2 | 3/8 (37.5%) | 3 | 0 | 0 | 5 | 0 |");
    expect(section).toContain(
      "- `oauthClient`: a member check gave no cell: skip: needs --allow billable",
    );
    expect(section).toContain("| `credentials` | ✅ | ✅ | ❌¹ | ✅ |");
    expect(section).toContain("| `notes` | ✅ | ✅ | ✅ | ℹ² |");
    expect(section).toContain("| `entities` | ✅ | —¹ | —¹ | —² |");
    expect(section).toContain(
      "- ¹ — empty: the kind has no update (every member's updated alone, kept)",
    );
    expect(section).toContain(
      "- ² — empty: the list does not show the member (list = view: entities)",
    );
    // the hostile note is text: no HTML, no table break
    expect(section).toContain(
      "- ¹ ❌ fail (MUST): dropped by an update naming label: expected \\[1\\], got \\[\\] &lt;/script&gt;&lt;img",
    );
    expect(section).not.toContain("<img");
  });

  it("conformance.html: a folded table per kind, every note escaped in its title and its list", () => {
    const html = renderHtml(report);
    const section = membersHtml(report);
    expect(html).toContain(section);
    expect(html.indexOf('<section id="members">')).toBeLessThan(
      html.indexOf('<section id="lists">'),
    );
    expect(section).not.toContain("<img");
    expect(section).not.toContain("</script>");
    expect(section).toContain("&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    const tips = [...section.matchAll(/ title="([^"]*)"/g)].map((x) => x[1]!);
    const failTip = tips.find((t) => t.includes("credentials · kept"))!;
    expect(failTip).toContain("fail at MUST");
    expect(failTip).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(failTip).toContain("&#39;single&#39;");
    // the failing kind is open, the others folded (more than a few kinds would be long)
    expect(section).toMatch(
      /<details class="mkind failing" open><summary><code>managedService<\/code>/,
    );
    expect(section).toContain(`data-checks="${fixtureChecks().length}"`);
    expect(section).toContain(
      '<li value="1"><span class="sw blank">—</span> empty: the kind has no update',
    );
  });

  it("the page opens a cell's checks on click, with no console error", {
    timeout: 60_000,
  }, async (ctx) => {
    need(BROWSER, ctx);
    const dir = mkdtempSync(join(tmpdir(), "plumbline-members-"));
    const file = join(dir, "conformance.html");
    writeFileSync(file, renderHtml(report));
    const browser = await chromium.launch({
      executablePath: BROWSER.path!,
      args: ["--headless", "--no-sandbox", "--disable-gpu"],
    });
    try {
      const { page, problems, requests } = await openPage(browser, file);
      await page.click("#members button.fail");
      expect(await page.textContent("#detail-title")).toBe("managedService · credentials · kept");
      expect(await page.locator("#detail-body .card").count()).toBe(1);
      expect(await page.locator("#members img").count()).toBe(0);
      expect(problems).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("conformance.json carries it and conforms to the evidence schema", () => {
    const json = JSON.parse(renderJson(report));
    expect(json.memberMatrix.totals.fillRate).toBe(79.2);
    expect(json.checks.at(-2).members).toHaveLength(8);
    expect(evidenceProblems(json)).toEqual([]);
    const bad = structuredClone(json);
    bad.memberMatrix.cells.tag.label.created.outcome = "skip";
    expect(evidenceProblems(bad).join("\n")).toMatch(/memberMatrix/);
  });
});

describe("merge and rejudge", () => {
  it("shards: the merged matrix is the one run's", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-members-merge-"));
    const all = [...fixtureChecks(), ...memberChecks()];
    const whole = fixtureReport({ checks: all });
    const a = fixtureReport({ checks: all.slice(0, 7) });
    const b = fixtureReport({ checks: all.slice(7) });
    const m = mergeReports([save(dir, "a.json", a), save(dir, "b.json", b)], join(dir, "out"));
    expect(m.memberMatrix).toEqual(whole.memberMatrix);
    expect(evidenceProblems(join(dir, "out", "conformance.json"))).toEqual([]);
    expect(readFileSync(join(dir, "out", "conformance.md"), "utf8")).toContain(
      "## Members: resource kind × member",
    );
  });

  it("targets: each cell's outcome per target and each target's counts; the cell shows the worst", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-members-targets-"));
    const fixed = memberChecks().map((c) =>
      c.resource === "managedService"
        ? {
            ...c,
            outcome: "pass" as const,
            members: c.members!.map((x) =>
              x.outcome === "fail" ? { ...x, outcome: "pass" as const, note: undefined } : x,
            ),
          }
        : c,
    );
    const a = fixtureReport({ checks: memberChecks(), target: { url: "http://a", label: "a" } });
    const b = fixtureReport({ checks: fixed.slice(0, 1), target: { url: "http://b", label: "b" } });
    const m = mergeReports([save(dir, "a.json", a), save(dir, "b.json", b)], join(dir, "out"));
    const mm = m.memberMatrix!;
    const kept = mm.cells.managedService!.credentials!.kept!;
    expect(kept.outcome).toBe("fail");
    expect(kept.byTarget).toEqual({ a: "fail", b: "pass" });
    expect(mm.cells.tag!.label!.updated!.byTarget).toEqual({ a: "empty" });
    expect(mm.byTarget!.a).toMatchObject({ cells: 24, filled: 19, fail: 1 });
    // b gave no tag cell: its 8 are not recorded there
    expect(mm.byTarget!.b).toMatchObject({ cells: 24, filled: 16, fail: 0, missing: 8 });
    expect(evidenceProblems(join(dir, "out", "conformance.json"))).toEqual([]);
    const md = readFileSync(join(dir, "out", "conformance.md"), "utf8");
    expect(md).toContain("Each cell shows the targets in order: a, b.");
    expect(md).toContain("| `credentials` | ✅✅ | ✅✅ | ❌✅¹ | ✅✅ |");
    expect(md).toContain("| `label` | ✅· | —·¹ | —·¹ | ✅· |");
    expect(md).toContain("- b: 16 of 24 cells filled (66.7%)");
    // the page: each target's glyph in the cell, each target's outcome on hover
    const html = readFileSync(join(dir, "out", "conformance.html"), "utf8");
    const tip = /title="(managedService · credentials · kept[^"]*)"/.exec(html)![1]!;
    expect(tip).toMatch(/\na: fail\nb: pass$/);
    expect(html).toContain("<li>b: 16 of 24 cells filled (66.7%)");
  });

  it("rejudge keeps the recorded cells (live read-backs, not oracles) and computes the matrix again", () => {
    const evidence = fixtureReport({ checks: [...fixtureChecks(), ...memberChecks()] });
    const again = rejudgeReport(JSON.parse(renderJson(evidence)), {
      validator: validator(),
      operations: OPERATIONS,
      judgedWith: {
        spec: { sha256: "a".repeat(64) },
        catalog: { sha256: "b".repeat(64) },
        node: "v20.19.0",
      },
      toolVersion: "0.1.0",
      evidenceFile: "conformance.json",
    });
    expect(again.memberMatrix).toEqual(evidence.memberMatrix);
    expect(evidenceProblems(JSON.parse(renderJson(again)))).toEqual([]);
  });
});

describe("a hostile member name", () => {
  it("is escaped in the Markdown and the page", () => {
    const r = fixtureReport({
      checks: [kindCheck(`k${HOSTILE}`, [cell(`m${HOSTILE}`, "created", "empty", HOSTILE)])],
    });
    const md = renderMarkdown(r);
    const html = membersHtml(r);
    // names in code spans (literal text), the note escaped
    expect(md).toContain("- ¹ — empty: &lt;/script&gt;&lt;img");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<!--");
  });
});
