// `plumbline rejudge`: recorded evidence judged again, offline, with a spec and a catalog that may
// differ from the run's. Only the passive oracles (harness/oracles.ts) are applied again, the very
// functions the live checks call, to the exchanges each check recorded, in the order it applied
// them. Everything else a check asserted (a read-back, a count, a state) is live and held or
// failed as recorded. A verdict the record cannot decide is `not re-judgeable`, never guessed.
import type { Exchange } from "../harness/model.ts";
import { type Answer, applyOracle, type Finding, ORACLE_NAMES } from "../harness/oracles.ts";
import { REDACTED } from "../harness/redact.ts";
import type { Validator } from "../spec/validate.ts";
import { applyExpectations } from "./expectations.ts";
import { buildReport } from "./report.ts";
import type {
  CatalogRequirement,
  CheckRejudge,
  JudgedWith,
  OperationRef,
  RejudgeStatus,
  ReportCheck,
  RunReport,
} from "./types.ts";

export interface RejudgeInputs {
  /** the given spec's validator */
  validator: Validator;
  /** the given catalog (built against the given spec); undefined when it could not be loaded */
  catalog?: CatalogRequirement[];
  operations: OperationRef[];
  /** the given spec's and catalog's hashes (and files), Node's version */
  judgedWith: JudgedWith;
  toolVersion: string;
  /** the evidence file, as named on the command line */
  evidenceFile: string;
  now?: Date;
}

export const NOT_REJUDGEABLE = "not re-judgeable";

// what the record keeps in place of what was sent: a body cut past the stored limit
// (harness/client.ts storedBody) or below the depth limit (harness/bounded.ts)
const CUT_BODY = /… \[cut: \d+ bytes received/;
const CUT_DEEP = "…(cut at depth";

/** The recorded exchange as the oracles read an answer; a string says why it cannot be read so. */
export function answerOf(x: Exchange | undefined): Answer | string {
  if (!x) return "its exchange was not kept (past the record's cap, or after the check was cut)";
  const body = x.responseBody;
  if (typeof body === "string" && CUT_BODY.test(body))
    return "its body was cut when recorded (past the stored limit)";
  const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
  if (typeof body !== "string" && text.includes(CUT_DEEP))
    return "its body was cut when recorded (nested past the depth limit)";
  return {
    operationId: x.operationId,
    status: x.status ?? 0,
    headers: x.responseHeaders ?? {},
    body,
    text,
    // a recorded string is a body that was not JSON (a JSON string body reads the same: rare)
    json: body !== undefined && typeof body !== "string",
    error: x.error,
    exchange: x,
  };
}

/** One use applied again: its finding, or why it cannot be applied to the record. */
function reapply(
  c: ReportCheck,
  use: NonNullable<ReportCheck["oracles"]>[number],
  v: Validator,
): Finding | string {
  if (!(ORACLE_NAMES as readonly string[]).includes(use.oracle))
    return `oracle "${use.oracle}" is not one this plumbline knows`;
  const answer = answerOf(use.exchange >= 0 ? c.exchanges[use.exchange] : undefined);
  if (typeof answer === "string") return answer;
  try {
    return applyOracle(use.oracle as never, answer, v, use.operationId);
  } catch (e) {
    // an operation the given spec does not have
    return `it cannot be judged with the given spec: ${(e as Error).message}`;
  }
}

/** Whether a failure points at what the record masked (a secret): the original value may differ. */
function onMasked(f: Finding): boolean {
  if (f.ok) return false;
  const at = f.details && "value" in f.details ? JSON.stringify(f.details.value ?? null) : "";
  return at.includes(REDACTED);
}

interface Rejudged {
  outcome: ReportCheck["outcome"];
  reason?: string;
  rejudge: CheckRejudge;
}

/**
 * One check judged again. Its oracle uses are applied again in the order it made them; the first
 * whose finding differs from the record decides:
 * - none differs: the recorded verdict stands (a failure on an oracle gets the new wording);
 * - a use that held now fails: the check would have stopped there, so it fails, naming it (unless
 *   the record shows the check caught an oracle's failure: then what it did next is unknown);
 * - the use it failed on now holds: it stopped there, what it would have done next was never
 *   recorded: not re-judgeable;
 * - a use cannot be applied (its exchange not kept, its body cut, a masked secret decides it, an
 *   operation the spec lacks): not re-judgeable.
 */
export function rejudgeCheck(c: ReportCheck, v: Validator): Rejudged {
  const recorded = c.outcome;
  const not = (why: string): Rejudged => ({
    outcome: "skip",
    reason: `${NOT_REJUDGEABLE}: ${why}`,
    rejudge: { status: "not-re-judgeable", recorded, why },
  });
  if (recorded === "skip" || recorded === "error")
    return { outcome: recorded, reason: c.reason, rejudge: { status: "kept", recorded } };
  if (c.kind === "fuzz" || c.fuzz?.length)
    return not("a fuzz property's cases are not all recorded (each case's exchanges are sampled)");
  const uses = c.oracles ?? [];
  for (let i = 0; i < uses.length; i++) {
    const use = uses[i];
    const where = `${use.oracle} on exchange ${use.exchange}`;
    const now = reapply(c, use, v);
    if (typeof now === "string") return not(`${where}: ${now}`);
    if (now.ok === use.ok) continue;
    if (onMasked(now))
      return not(
        `${where} now fails on a value the record masks as a secret: ${now.ok ? "" : now.message}`,
      );
    const caught = uses.slice(0, i + 1).some((u, j) => !u.ok && j !== c.failedOn);
    if (caught)
      return not(
        `${where} judges differently now, and the record shows the check went on past an oracle's failure: what it did next is unknown`,
      );
    if (!now.ok) {
      const why = `now fails ${where}: ${now.message}`;
      return {
        outcome: "fail",
        reason: now.message,
        rejudge: { status: recorded === "fail" ? "same" : "changed", recorded, why },
      };
    }
    return not(
      `it failed ${where}, which now holds; the check stopped there and what it would have done next was never recorded`,
    );
  }
  if (recorded === "fail" && c.failedOn !== undefined) {
    // the same failure; its wording from the given spec (a pointer or message may read otherwise)
    const again = reapply(c, uses[c.failedOn], v);
    if (typeof again !== "string" && !again.ok)
      return { outcome: "fail", reason: again.message, rejudge: { status: "same", recorded } };
  }
  return { outcome: recorded, reason: c.reason, rejudge: { status: "same", recorded } };
}

/** The evidence judged again: every check, then the report rebuilt as `run` builds it. */
export function rejudgeReport(evidence: RunReport, inputs: RejudgeInputs): RunReport {
  const byId = new Map((inputs.catalog ?? []).map((q) => [q.id, q]));
  const checks: ReportCheck[] = evidence.checks.map((c) => {
    const { expected: _expected, rejudge: _previous, reason: _reason, ...rest } = c;
    const r = rejudgeCheck(c, inputs.validator);
    // the level is the given catalog's, unless the check named its own
    const level = c.levelDeclared ? c.level : (byId.get(c.requirementIds[0])?.level ?? c.level);
    return {
      ...rest,
      level,
      outcome: r.outcome,
      ...(r.reason !== undefined ? { reason: r.reason } : {}),
      rejudge: r.rejudge,
    };
  });
  const expectations = evidence.expectations.map(
    (e) => applyExpectations(checks, [{ id: e.id, reason: e.reason }], e.target)[0],
  );
  const report = buildReport({
    checks,
    targets: evidence.targets,
    options: evidence.options,
    operations: inputs.operations,
    catalog: inputs.catalog,
    expectations,
    runErrors: evidence.runErrors,
    toolVersion: inputs.toolVersion,
    ...(evidence.merged ? { merged: evidence.merged } : {}),
    judgedWith: {
      ...inputs.judgedWith,
      ...(evidence.judgedWith?.config ? { config: evidence.judgedWith.config } : {}),
    },
  });
  if (evidence.leftOnTarget) report.leftOnTarget = evidence.leftOnTarget;
  if (evidence.interrupted) report.interrupted = evidence.interrupted;
  if (evidence.traffic) report.traffic = evidence.traffic;
  const counts: Record<RejudgeStatus, number> = {
    same: 0,
    changed: 0,
    "not-re-judgeable": 0,
    kept: 0,
  };
  for (const c of checks) counts[c.rejudge!.status]++;
  report.rejudged = {
    evidence: inputs.evidenceFile,
    at: (inputs.now ?? new Date()).toISOString(),
    recorded: {
      ...(evidence.judgedWith ? { judgedWith: evidence.judgedWith } : {}),
      tool: evidence.tool.version,
    },
    counts,
  };
  return report;
}

/** The summary line: what was judged again, against which inputs. */
export function rejudgeLine(r: RunReport): string {
  const j = r.rejudged;
  if (!j) return "";
  const c = j.counts;
  const same = (now: string, then?: string) =>
    then === undefined ? "not recorded" : now === then ? "same" : "differs";
  const rec = j.recorded.judgedWith;
  return `re-judged ${c.same + c.changed} checks (${c.changed} changed), ${c["not-re-judgeable"]} not re-judgeable, ${c.kept} kept as recorded (skip, error); spec ${same(r.judgedWith?.spec.sha256 ?? "", rec?.spec.sha256)}, catalog ${same(r.judgedWith?.catalog.sha256 ?? "", rec?.catalog.sha256)} as the run's`;
}
