// The expectations file: known failures of one implementation, with reasons (after WPT's
// expectation files). A listed failure does not gate; a listed check that passes is an
// "unexpected pass", reported everywhere so the file stays true. An entry may carry an end date
// (`until`) and a link to where the failure is tracked: after the date it waives nothing, so a
// waiver cannot outlive its reason.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { Expectation, ExpectationEntry, ExpectationStatus, ReportCheck } from "./types.ts";

/** A calendar date written YYYY-MM-DD (2026-02-30 is not one). */
function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && u.host !== "";
  } catch {
    return false;
  }
}

/** Parses the YAML: a list of `{ id, reason, until?, link? }` (or `{ expectations: [...] }`). Throws on anything else. */
export function parseExpectations(text: string, source = "expectations file"): Expectation[] {
  const doc: unknown = parse(text);
  const list =
    doc && typeof doc === "object" && !Array.isArray(doc) && "expectations" in doc
      ? (doc as { expectations: unknown }).expectations
      : doc;
  if (list === null || list === undefined) return [];
  if (!Array.isArray(list)) throw new Error(`${source}: expected a list of { id, reason }`);
  return list.map((e, i) => {
    if (
      !e ||
      typeof e !== "object" ||
      typeof (e as Expectation).id !== "string" ||
      !(e as Expectation).id.trim()
    ) {
      throw new Error(`${source}: entry ${i + 1} has no string 'id'`);
    }
    const { id, reason, until, link } = e as {
      id: string;
      reason?: unknown;
      until?: unknown;
      link?: unknown;
    };
    const entry = `${source}: entry ${i + 1} (${id.trim()})`;
    if (typeof reason !== "string" || !reason.trim()) throw new Error(`${entry} has no 'reason'`);
    // a YAML 1.1 reader would hand an unquoted date over as a Date: take its day
    const day = until instanceof Date ? until.toISOString().slice(0, 10) : until;
    if (day !== undefined && day !== null && !(typeof day === "string" && isDate(day.trim())))
      throw new Error(
        `${entry}: 'until' is ${JSON.stringify(day)}; expected a date written YYYY-MM-DD (the last day the entry waives the failure)`,
      );
    if (
      link !== undefined &&
      link !== null &&
      !(typeof link === "string" && isHttpUrl(link.trim()))
    )
      throw new Error(
        `${entry}: 'link' is ${JSON.stringify(link)}; expected an http(s) URL (where the failure is tracked)`,
      );
    return {
      id: id.trim(),
      reason: reason.trim(),
      ...(typeof day === "string" ? { until: day.trim() } : {}),
      ...(typeof link === "string" ? { link: link.trim() } : {}),
    };
  });
}

export function loadExpectations(file: string): Expectation[] {
  return parseExpectations(readFileSync(file, "utf8"), file);
}

export function matchesCheck(id: string, check: ReportCheck): boolean {
  return check.name === id || check.name.endsWith(` > ${id}`) || check.requirementIds.includes(id);
}

/**
 * Whether the entry's date has passed at the run's start: compared as UTC days, so the `until`
 * day itself still waives, wherever the run's machine is.
 */
export function isExpired(e: Expectation, runStart: Date): boolean {
  return e.until !== undefined && runStart.toISOString().slice(0, 10) > e.until;
}

/**
 * Marks the failed checks an entry matches as expected (sets `check.expected`, in place) and
 * returns each entry's status. An entry past its `until` date at `runStart` marks its failures
 * `expired` instead (they gate) and has status `expired`. With `target`, only that target's checks
 * are considered.
 */
export function applyExpectations(
  checks: ReportCheck[],
  list: Expectation[],
  target?: string,
  runStart: Date = new Date(),
): ExpectationEntry[] {
  return list.map((e) => {
    const idx: number[] = [];
    checks.forEach((c, i) => {
      if ((target === undefined || c.target === target) && matchesCheck(e.id, c)) idx.push(i);
    });
    const expired = isExpired(e, runStart);
    const about = { reason: e.reason, ...(e.link ? { link: e.link } : {}) };
    for (const i of idx) {
      if (checks[i].outcome !== "fail") continue;
      if (expired) checks[i].expired = { ...about, until: e.until! };
      else checks[i].expected = { ...about, ...(e.until ? { until: e.until } : {}) };
    }
    const outcomes = idx.map((i) => checks[i].outcome);
    const status: ExpectationStatus = expired
      ? "expired"
      : idx.length === 0
        ? "unmatched"
        : outcomes.includes("fail")
          ? "expected-failure"
          : outcomes.includes("pass")
            ? "unexpected-pass"
            : "not-run";
    return {
      id: e.id,
      reason: e.reason,
      ...(e.until ? { until: e.until } : {}),
      ...(e.link ? { link: e.link } : {}),
      status,
      checks: idx,
      ...(target !== undefined ? { target } : {}),
    };
  });
}
