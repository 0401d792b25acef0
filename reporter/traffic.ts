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

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** The requests in flight: adaptive (start, peak, end, back-offs) or fixed. */
export function concurrencyText(t: Traffic): string | undefined {
  const c = t.concurrency;
  if (!c) return undefined;
  if (c.mode === "fixed")
    return `requests in flight: fixed at ${c.ceiling}${c.why ? ` (${c.why})` : " (--concurrency fixed:N)"}`;
  const rate = c.rateCap
    ? `; after a Retry-After, grants paced at ${c.rateCap} per second at the end`
    : "";
  return `requests in flight: adaptive up to ${c.ceiling} (--concurrency), started at ${c.start}, peak ${c.peak}, ended at ${c.end}; ${plural(c.backOffCount, "back-off")}${rate}`;
}

/** The curve, sampled to about `points` points: "0 s 4 · 1.2 s 8 · ...". */
export function curveText(t: Traffic, points = 16): string | undefined {
  const c = t.concurrency;
  if (!c || c.curve.length === 0) return undefined;
  const step = Math.max(1, Math.ceil(c.curve.length / points));
  const shown = c.curve.filter((_, i) => i % step === 0 || i === c.curve.length - 1);
  return `in flight over time (limit/in use): ${shown.map(([ms, limit, used]) => `${seconds(ms)} ${limit}/${used}`).join(" · ")}`;
}

/** Each back-off: when, from, to, why (the first `most`). */
export function backOffLines(t: Traffic, most = 10): string[] {
  const c = t.concurrency;
  if (!c) return [];
  const lines = c.backOffs
    .slice(0, most)
    .map((b) => `back-off at ${seconds(b.atMs)}: ${b.from} → ${b.to} (${b.cause})`);
  if (c.backOffCount > lines.length) lines.push(`… and ${c.backOffCount - lines.length} more`);
  return lines;
}

/** The console's lines: the run's pool of requests in flight (a far target), then the limits and 429s when set or met. */
export function consoleTraffic(t: Traffic | undefined): string[] {
  if (!t) return [];
  // a near target's fixed shares are in the reports, not worth a console line
  const pool = t.concurrency && !t.concurrency.why;
  const inFlight = pool
    ? [concurrencyText(t), curveText(t, 12), ...backOffLines(t, 5)].filter(
        (l): l is string => l !== undefined,
      )
    : [];
  if (!t.maxRps && !t.maxRequests && !t.tooMany) return inFlight;
  return [...inFlight, limitsText(t), tooManyText(t)];
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
