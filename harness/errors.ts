// The four ways a check can end other than passing, as exception classes.
// The check wrapper (check.ts) maps each to an outcome; see design.md "Outcomes and side effects".

/** The target broke a requirement: outcome `fail`. */
export class TargetFailure extends Error {
  override name = "TargetFailure";
  /** set when a passive oracle threw it: its use's index in the check's record (CheckMeta.failedOn) */
  oracleUse?: number;

  /** The same failure with a prefix saying where: details and the oracle use it failed on kept. */
  within(where: string): TargetFailure {
    const e = new TargetFailure(`${where}: ${this.message}`, this.details);
    e.oracleUse = this.oracleUse;
    return e;
  }
  constructor(
    message: string,
    readonly details?: { pointer?: string; value?: unknown },
  ) {
    super(message);
  }
}

/** plumbline or the environment broke: outcome `error`, never counted against the target. */
export class HarnessError extends Error {
  override name = "HarnessError";
}

/**
 * The target stopped answering (the client's breaker opened after repeated timeouts): the checks
 * still to run cannot reach a verdict, so they end as `error`, quickly, instead of each waiting.
 */
export class TargetNotAnswering extends HarnessError {
  override name = "TargetNotAnswering";
}

/** Something the check needs is missing (a principal, a provider state, an opt-in): outcome `skip`. */
export class MissingCapability extends Error {
  override name = "MissingCapability";
}

/**
 * The run's request budget (--max-requests) is spent: the check is cut before its next request,
 * outcome `skip` naming the budget; the run itself stops (runner/run.ts).
 */
export class BudgetSpent extends Error {
  override name = "BudgetSpent";
}

/** Bad input to plumbline itself (flags, env, config file). Printed as one line, never a stack. */
export class ConfigError extends Error {
  override name = "ConfigError";
}
