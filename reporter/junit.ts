// junit.xml: one <testsuite> per area (per target and area in a merged report of several targets).
// Mirrors the gate: gated failures are <failure>; a SHOULD failure that does not gate, and a known
// failure from the expectations file, are <skipped> with a message saying so; errors are <error>;
// a flaky failure that does not gate (--flaky warn) is surefire's <flakyFailure> in a passed case.
import { flakyWaived, verdictLine } from "./gate.ts";
import { bodyPreview, checkTitle, stripInvalidChars } from "./text.ts";
import type { ReportCheck, RunReport } from "./types.ts";

const BODY_CAP = 4000;

export function xmlEscape(s: unknown): string {
  return stripInvalidChars(String(s))
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Attribute values: also keep line breaks (parsers normalise raw ones to spaces). */
const attr = (s: unknown) =>
  xmlEscape(s).replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");

function details(c: ReportCheck): string {
  const lines = [
    `${c.level} ${c.kind} ${c.area}; requirements: ${c.requirementIds.join(", ") || "(none)"}`,
    `reason: ${c.reason ?? ""}`,
    ...(c.expired ? [expiredNote(c.expired)] : []),
  ];
  for (const x of c.exchanges) {
    lines.push(
      "",
      `${x.method} ${x.url} -> ${x.error ? `no response: ${x.error}` : x.status}`,
      x.curl ?? "(no curl: the exchange was not finished)",
    );
    if (x.responseBody !== undefined) {
      const p = bodyPreview(x.responseBody, BODY_CAP);
      lines.push(`response body (${p.size} bytes${p.truncated ? ", trimmed" : ""}):`, p.text);
    }
  }
  return lines.join("\n");
}

const linked = (e: { reason: string; link?: string }) =>
  `${e.reason}${e.link ? ` (${e.link})` : ""}`;

function expiredNote(e: NonNullable<ReportCheck["expired"]>): string {
  return `expectation expired: its date ${e.until} has passed, so this failure gates; it said: ${linked(e)}`;
}

function testcase(c: ReportCheck, r: RunReport): string {
  const head = `    <testcase name="${attr(checkTitle(c))}" classname="${attr(c.file || c.area)}" time="${(c.durationMs / 1000).toFixed(3)}"`;
  const gated = r.gate.gatedLevels.includes(c.level);
  let inner = "";
  if (c.outcome === "fail" && c.expected)
    inner = `<skipped message="${attr(`known failure (expectations file${c.expected.until ? `, until ${c.expected.until}` : ""}): ${linked(c.expected)}; ${c.reason ?? ""}`)}"/>`;
  else if (c.outcome === "fail" && !gated)
    inner = `<skipped message="${attr(`${c.level} failure, not gated${c.level === "SHOULD" ? " (gates with --strict)" : ""}: ${c.reason ?? ""}`)}"/>`;
  else if (c.outcome === "fail" && flakyWaived(c, r.options))
    // surefire's form of a test that failed and then passed on a rerun: not a failure
    inner = `<flakyFailure message="${attr(c.reason ?? "failed")}" type="${attr(c.level)}">${xmlEscape(details(c))}</flakyFailure>`;
  else if (c.outcome === "fail")
    inner = `<failure message="${attr(`${c.reason ?? "failed"}${c.expired ? `; ${expiredNote(c.expired)}` : ""}`)}" type="${attr(c.level)}">${xmlEscape(details(c))}</failure>`;
  else if (c.outcome === "error")
    inner = `<error message="${attr(c.reason ?? "error")}" type="plumbline">${xmlEscape(details(c))}</error>`;
  else if (c.outcome === "skip") inner = `<skipped message="${attr(c.reason ?? "skipped")}"/>`;
  const out = [
    c.outcome === "fail" && (c.expected || !gated) ? details(c) : "",
    c.reruns
      ? `${c.flaky ? "flaky" : "not flaky"}: ${c.outcome}, then on ${c.reruns.length} rerun${c.reruns.length === 1 ? "" : "s"} (--rerun-failures): ${c.reruns.join(", ")}${c.flaky ? ` (--flaky ${r.options.flaky ?? "warn"})` : ""}`
      : "",
  ].filter(Boolean);
  if (out.length) inner += `<system-out>${xmlEscape(out.join("\n\n"))}</system-out>`;
  return inner ? `${head}>${inner}</testcase>` : `${head}/>`;
}

export function renderJunit(r: RunReport): string {
  const groups = new Map<string, ReportCheck[]>();
  for (const c of r.checks) {
    const key = r.targets.length > 1 && c.target ? `${c.target}/${c.area}` : c.area;
    // pushed, not copied: a copy per check made the file quadratic in the checks
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  const suites: string[] = [];
  const count = (cs: ReportCheck[]) => {
    const gated = (c: ReportCheck) =>
      r.gate.gatedLevels.includes(c.level) && !c.expected && !flakyWaived(c, r.options);
    return {
      tests: cs.length,
      failures: cs.filter((c) => c.outcome === "fail" && gated(c)).length,
      errors: cs.filter((c) => c.outcome === "error").length,
      // a flaky failure that does not gate counts as passed (surefire's flaky test), as testcase() shows it
      skipped: cs.filter(
        (c) =>
          c.outcome === "skip" ||
          (c.outcome === "fail" && (!!c.expected || !r.gate.gatedLevels.includes(c.level))),
      ).length,
      time: cs.reduce((s, c) => s + c.durationMs, 0) / 1000,
    };
  };
  for (const [name, cs] of groups) {
    const n = count(cs);
    const target = r.targets.find((t) => t.label === cs[0].target) ?? r.targets[0];
    suites.push(
      `  <testsuite name="${attr(name)}" tests="${n.tests}" failures="${n.failures}" errors="${n.errors}" skipped="${n.skipped}" time="${n.time.toFixed(3)}" timestamp="${attr(target?.startedAt ?? r.startedAt)}">`,
      `    <properties>`,
      `      <property name="target" value="${attr(target?.url ?? "")}"/>`,
      `      <property name="label" value="${attr(target?.label ?? "")}"/>`,
      `      <property name="seed" value="${attr(target?.seed ?? r.seed)}"/>`,
      `      <property name="apiVersion" value="${attr(r.apiVersion)}"/>`,
      `    </properties>`,
    );
    // one by one: spreading a suite of tens of thousands of cases overflows the call's arguments
    for (const c of cs) suites.push(testcase(c, r));
    suites.push(`  </testsuite>`);
  }
  const all = count(r.checks);
  const runErrors = r.runErrors.length
    ? [
        `  <testsuite name="plumbline run" tests="${r.runErrors.length}" failures="0" errors="${r.runErrors.length}" skipped="0" time="0">`,
        ...r.runErrors.map(
          (e, i) =>
            `    <testcase name="run error ${i + 1}" classname="plumbline"><error message="${attr(e)}"/></testcase>`,
        ),
        `  </testsuite>`,
      ]
    : [];
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<!-- ${xmlEscape(verdictLine(r)).replace(/-(?=-)/g, "- ")} -->`,
    `<testsuites name="plumbline conformance" tests="${all.tests + r.runErrors.length}" failures="${all.failures}" errors="${all.errors + r.runErrors.length}" skipped="${all.skipped}" time="${(r.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    ...runErrors,
    ...leftSuite(r),
    `</testsuites>`,
    "",
  ].join("\n");
}

/** What the run left on the target: a suite of skipped cases, one each, the reason as message. */
function leftSuite(r: RunReport): string[] {
  const left = r.leftOnTarget ?? [];
  if (!left.length) return [];
  return [
    `  <testsuite name="plumbline left on target" tests="${left.length}" failures="0" errors="0" skipped="${left.length}" time="0">`,
    ...left.map(
      (l) =>
        `    <testcase name="${attr(l.what)}" classname="plumbline.left"><skipped message="${attr(`${l.onPurpose ? "left on purpose" : "could not remove"}: ${l.reason}`)}"/></testcase>`,
    ),
    `  </testsuite>`,
  ];
}
