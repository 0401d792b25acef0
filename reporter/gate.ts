// The verdict and the exit status of a run.
//   0  pass: no gated failure that the expectations file does not list, no harness error
//   1  the target fails the gate: a MUST check failed (SHOULD too with strict or gateLevel SHOULD)
//      and the expectations file does not list it (or lists it in an entry past its date), and it
//      is not flaky (a rerun passed) unless --flaky fail; with strict, also an unexpected pass
//      (the expectations file is stale). Wins over 2: a failure found is a failure.
//   2  no gated failure, but the verdict is incomplete: a check ended in `error` (plumbline or the
//      environment broke), a module failed to load, the run was interrupted, or no check ran.
import type { Level } from "../harness/model.ts";
import type { GateInput, GateOptions, GateResult, ReportCheck, RunReport } from "./types.ts";

export function gatedLevels(o: GateOptions): Level[] {
  return o.strict || o.gateLevel === "SHOULD" ? ["MUST", "SHOULD"] : ["MUST"];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A flaky failure (its reruns passed) is only reported unless `--flaky fail` asks it to gate. */
export function flakyWaived(c: ReportCheck, o: GateOptions): boolean {
  return c.flaky === true && (o.flaky ?? "warn") === "warn";
}

export function evaluateGate(r: GateInput): GateResult {
  const levels = gatedLevels(r.options);
  const failed = r.checks.filter((c) => c.outcome === "fail" && c.level !== "INFO");
  const atGatedLevel = failed.filter((c) => levels.includes(c.level) && !c.expected);
  const gatedFail = atGatedLevel.filter((c) => !flakyWaived(c, r.options));
  const flakyWarned = atGatedLevel.filter((c) => flakyWaived(c, r.options));
  const expected = failed.filter((c) => c.expected);
  const ungated = failed.filter((c) => !levels.includes(c.level) && !c.expected);
  const errors = r.checks.filter((c) => c.outcome === "error");
  const unexpected = r.expectations.filter((e) => e.status === "unexpected-pass");
  const reasons: string[] = [];
  const warningLines: string[] = [];

  for (const l of levels) {
    const atLevel = gatedFail.filter((c) => c.level === l);
    const flaky = atLevel.filter((c) => c.flaky).length;
    const pastDate = atLevel.filter((c) => c.expired).length;
    const notes = [
      flaky ? `${flaky} flaky, gated by --flaky fail` : "",
      pastDate ? `${pastDate} listed in an expired expectation` : "",
    ].filter(Boolean);
    if (atLevel.length)
      reasons.push(
        `${plural(atLevel.length, `${l} failure`)}${notes.length ? ` (${notes.join("; ")})` : ""}`,
      );
  }
  // flaky failures that do not gate are part of why the verdict is what it is
  for (const l of levels) {
    const n = flakyWarned.filter((c) => c.level === l).length;
    if (n)
      reasons.push(
        `${plural(n, `flaky ${l} failure`)} not gated (failed, then passed on a rerun; --flaky warn)`,
      );
  }
  const unexpectedLines = unexpected.map(
    (e) =>
      `unexpected pass: ${e.id}${e.target ? ` on ${e.target}` : ""} is listed as a known failure (${e.reason}) but passed; remove it from the expectations file`,
  );
  if (r.options.strict) reasons.push(...unexpectedLines);
  else warningLines.push(...unexpectedLines);
  const targetFails = gatedFail.length > 0 || (r.options.strict && unexpected.length > 0);

  const incomplete: string[] = [];
  if (errors.length)
    incomplete.push(
      `${plural(errors.length, "check")} ended in error (plumbline or the environment, not the target)`,
    );
  for (const e of r.runErrors) incomplete.push(`run error: ${e}`);
  if (r.checks.length === 0) incomplete.push("no check ran");
  reasons.push(...incomplete);

  if (ungated.length)
    warningLines.push(
      `${plural(ungated.length, "SHOULD failure")} (warnings; they gate with --strict)`,
    );
  if (expected.length)
    warningLines.push(
      `${plural(expected.length, "known failure")} listed in the expectations file`,
    );
  for (const e of r.expectations.filter((x) => x.status === "expired"))
    warningLines.push(
      `expectation '${e.id}'${e.target ? ` on ${e.target}` : ""} expired: its date ${e.until} has passed${e.link ? ` (${e.link})` : ""}; it no longer waives a failure: fix the target, or renew or remove the entry`,
    );
  for (const e of r.expectations.filter((x) => x.status === "unmatched"))
    warningLines.push(`expectation '${e.id}' matches no check of this run`);

  const exitCode = targetFails ? 1 : incomplete.length ? 2 : 0;
  return {
    verdict: exitCode === 0 ? "pass" : exitCode === 1 ? "fail" : "error",
    exitCode,
    gatedLevels: levels,
    failures: gatedFail.length,
    expectedFailures: expected.length,
    warnings: ungated.length,
    errors: errors.length,
    unexpectedPasses: unexpected.length,
    flaky: failed.filter((c) => c.flaky).length,
    reasons,
    warningLines,
  };
}

/** The process exit status for a report; recomputed from its checks, not read from report.gate. */
export function gateExitCode(report: RunReport): number {
  return evaluateGate(report).exitCode;
}

/** One line for the top of every report. */
export function verdictLine(report: RunReport): string {
  const g = report.gate;
  const head = g.verdict === "pass" ? "PASS" : g.verdict === "fail" ? "FAIL" : "INCOMPLETE";
  const gate = `gate ${g.gatedLevels.join("+")}${report.options.strict ? ", strict" : ""}`;
  return `${head} (exit ${g.exitCode}, ${gate})${g.reasons.length ? `: ${g.reasons.join("; ")}` : ""}`;
}
