// Which checks only confirm a status. A check can fail a wrong implementation only where it looks at
// an effect: a later read, a record the answer carries, or a refusal it demanded. A check whose own
// operation was accepted with an empty answer and that read nothing afterwards proves only that the
// target said yes: it does not count as exercising its requirements (design.md, "Numbers").
import type { CheckResult, Exchange, Outcome } from "../harness/model.ts";

const READS = new Set(["GET", "HEAD"]);
const accepted = (e: Exchange) => e.status !== undefined && e.status >= 200 && e.status < 300;
const refused = (e: Exchange) => e.status !== undefined && e.status >= 400;
/** an answer with nothing in it to compare: `{}`, no body, or an empty string */
const emptyAnswer = (b: unknown) =>
  b === undefined ||
  b === null ||
  b === "" ||
  (typeof b === "object" && !Array.isArray(b) && Object.keys(b as object).length === 0);

/**
 * True when the check reached a verdict yet looked at no effect: every accepted write of its own
 * operations answered empty, nothing was read after the first of them (no GET or HEAD, on the API
 * or on a pre-signed URL), and no request of the check was refused. Convention checks are exempt:
 * what they assert is the answer itself (CONV-EMPTY-1 asserts the `{}`).
 */
export function onlyConfirmsStatus(
  c: Pick<CheckResult, "outcome" | "kind" | "operationIds" | "exchanges">,
): boolean {
  if (c.outcome !== "pass" && c.outcome !== "fail") return false;
  if (c.kind === "convention") return false;
  const own = new Set(c.operationIds);
  const ex = c.exchanges;
  if (ex.some(refused)) return false;
  const writes = ex
    .map((e, i) => ({ e, i }))
    .filter(
      ({ e }) =>
        e.operationId !== undefined &&
        own.has(e.operationId) &&
        !READS.has(e.method) &&
        accepted(e),
    );
  if (writes.length === 0) return false;
  if (writes.some(({ e }) => !emptyAnswer(e.responseBody))) return false;
  return !ex.slice(writes[0].i + 1).some((e) => READS.has(e.method));
}

export const isVerdict = (o: Outcome) => o === "pass" || o === "fail";

/**
 * A check exercises the requirements it names when it reached a verdict, asserts (its level is
 * MUST or SHOULD: an INFO observation cannot fail) and looked at an effect (not only a status).
 */
export function exercises(c: CheckResult): boolean {
  return isVerdict(c.outcome) && c.level !== "INFO" && !onlyConfirmsStatus(c);
}
