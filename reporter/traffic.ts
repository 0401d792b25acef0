// The run's traffic in words: its own limits (--max-rps, --max-requests, what it sent) and the
// target's 429 answers (how many, how many retried, how long waited). One wording for
// conformance.md, the HTML summary and the console's last lines.
import { formatDuration } from "./text.ts";
import type { Traffic } from "./types.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The client's limits and what was sent under them. */
export function limitsText(t: Traffic): string {
  if (!t.maxRps && !t.maxRequests) return "client limits: none (--max-rps, --max-requests)";
  const limits = [
    ...(t.maxRps ? [`at most ${t.maxRps} requests per second`] : []),
    ...(t.maxRequests ? [`a budget of ${plural(t.maxRequests, "request")}`] : []),
  ].join(" and ");
  const past = t.cleanupPastBudget
    ? `, of them ${t.cleanupPastBudget} by cleanup after the budget was spent (cleanup may go past it)`
    : "";
  const each = t.runs ? ` (each of the ${t.runs} runs merged)` : "";
  return `client limits${each}: ${limits}${t.sent === undefined ? "" : `; ${t.sent} sent${past}`}`;
}

/** The target's 429 answers: how many, how many retried, how long the client waited. */
export function tooManyText(t: Traffic): string {
  if (!t.tooMany) return "429 Too Many Requests: none";
  const left = t.tooMany - t.retried;
  return `429 Too Many Requests: ${plural(t.tooMany, "answer")}, ${t.retried} retried after ${formatDuration(t.waitedMs)} of waiting in total${left ? `, ${left} returned to the check (past --max-retries or --max-retry-wait)` : ""}`;
}

/** The console's lines: only when a limit was set or the target answered 429. */
export function consoleTraffic(t: Traffic | undefined): string[] {
  if (!t || (!t.maxRps && !t.maxRequests && !t.tooMany)) return [];
  return [limitsText(t), tooManyText(t)];
}

/** The traffic of several reports (shards, targets) together; a limit kept where all agree. */
export function sumTraffic(list: (Traffic | undefined)[]): Traffic | undefined {
  const known = list.filter((t): t is Traffic => t !== undefined);
  if (!known.length) return undefined;
  const same = <K extends "maxRps" | "maxRequests">(k: K) =>
    known.every((t) => t[k] === known[0][k]) && known[0][k] !== undefined
      ? { [k]: known[0][k] }
      : {};
  const sum = (k: "sent" | "cleanupPastBudget") =>
    known.every((t) => t[k] !== undefined)
      ? { [k]: known.reduce((n, t) => n + (t[k] ?? 0), 0) }
      : {};
  return {
    ...(known.length > 1 ? { runs: known.length } : {}),
    ...same("maxRps"),
    ...same("maxRequests"),
    ...sum("sent"),
    ...sum("cleanupPastBudget"),
    tooMany: known.reduce((n, t) => n + t.tooMany, 0),
    retried: known.reduce((n, t) => n + t.retried, 0),
    waitedMs: known.reduce((n, t) => n + t.waitedMs, 0),
  };
}
