// The expectations file: known failures of one implementation, with reasons (after WPT's
// expectation files). A listed failure does not gate; a listed check that passes is an
// "unexpected pass", reported everywhere so the file stays true.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { Expectation, ExpectationEntry, ExpectationStatus, ReportCheck } from "./types.ts";

/** Parses the YAML: a list of `{ id, reason }` (or `{ expectations: [...] }`). Throws on anything else. */
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
    const { id, reason } = e as Expectation;
    if (typeof reason !== "string" || !reason.trim())
      throw new Error(`${source}: entry ${i + 1} (${id}) has no 'reason'`);
    return { id: id.trim(), reason: reason.trim() };
  });
}

export function loadExpectations(file: string): Expectation[] {
  return parseExpectations(readFileSync(file, "utf8"), file);
}

export function matchesCheck(id: string, check: ReportCheck): boolean {
  return check.name === id || check.name.endsWith(` > ${id}`) || check.requirementIds.includes(id);
}

/**
 * Marks the failed checks an entry matches as expected (sets `check.expected`, in place) and
 * returns each entry's status. With `target`, only that target's checks are considered.
 */
export function applyExpectations(
  checks: ReportCheck[],
  list: Expectation[],
  target?: string,
): ExpectationEntry[] {
  return list.map((e) => {
    const idx: number[] = [];
    checks.forEach((c, i) => {
      if ((target === undefined || c.target === target) && matchesCheck(e.id, c)) idx.push(i);
    });
    for (const i of idx)
      if (checks[i].outcome === "fail") checks[i].expected = { reason: e.reason };
    const outcomes = idx.map((i) => checks[i].outcome);
    const status: ExpectationStatus =
      idx.length === 0
        ? "unmatched"
        : outcomes.includes("fail")
          ? "expected-failure"
          : outcomes.includes("pass")
            ? "unexpected-pass"
            : "not-run";
    return {
      id: e.id,
      reason: e.reason,
      status,
      checks: idx,
      ...(target !== undefined ? { target } : {}),
    };
  });
}
