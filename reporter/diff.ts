// `plumbline diff`: two runs of one seeded scenario (side a, side b), compared check by check:
// outcomes, the status of each exchange, INFO observations, error reasons, and the shape (members
// and their types) of each JSON answer. Every difference is marked legal when the policy of
// spec/README.md lets two conforming implementations differ that way, else not legal. Pure: no I/O.
//
// The policy, as this module applies it (what the material fixes, a check asserts, so a difference
// there also shows as an outcome difference, never legal):
// - success status: any 2xx where the material gives none; error status: any 4xx where it gives none;
// - in a check both sides passed, a status or a member's type that differs was accepted by the check
//   that asserts what the material fixes (a query bound refused or clamped, "integer or string");
// - a SHOULD or INFO verdict that differs is a warning or an observation; a skip against a pass names
//   what a target does not show; a MUST pass against a MUST fail is never legal;
// - members the material does not list are accepted, and a nullable member may be null or left
//   out: a member on one side only, or null against a value, is legal as a shape; a listed member
//   left out, or null on a member that is not nullable, fails the check's schema test (spec/README.md,
//   issue 19), so it shows as the outcome difference, never legal;
// - timestamps MUST be ISO 8601, SHOULD carry an offset: with and without offset is legal;
// - error reasons are free except where the material fixes them (checks assert those);
// - INFO observations record what the material leaves open: their differences are legal;
// - a different number of exchanges in a check both sides passed is polling or paging: legal.
import type { Exchange } from "../harness/model.ts";
import type { PrincipalCell, ReportCheck, RunReport, TargetRun } from "./types.ts";

export type DifferenceKind =
  | "outcome"
  | "status"
  | "shape"
  | "observation"
  | "reason"
  | "exchanges";

export interface Difference {
  kind: DifferenceKind;
  /** where: the exchange (`#2 GET /v4/tags/x`) and, for shapes, the member path */
  where: string;
  a: unknown;
  b: unknown;
  legal: boolean;
  /** the policy clause that makes it legal, or why it is not */
  why: string;
}

export interface CheckDiff {
  file: string;
  name: string;
  area: string;
  requirementIds: string[];
  level: string;
  outcome: { a: string; b: string };
  reason: { a?: string; b?: string };
  differences: Difference[];
}

export interface DiffTotals {
  /** checks present on either side */
  checks: number;
  /** checks with at least one difference */
  differing: number;
  /** checks with at least one difference that is not legal */
  notLegal: number;
  differences: number;
  legal: number;
}

export interface DiffReport {
  tool: "plumbline diff";
  a: TargetRun;
  b: TargetRun;
  seed: number | string;
  /** every check, those without difference included (their list is empty) */
  checks: CheckDiff[];
  totals: DiffTotals;
  /** the authorization matrices' cells that differ (principal × operation); absent when neither ran one */
  principals?: PrincipalCellDiff[];
  /** 0: no difference that is not legal; 1: some */
  exitCode: 0 | 1;
}

/** One principal × operation cell the two sides answer differently. */
export interface PrincipalCellDiff {
  operation: string;
  principal: string;
  /** `pass 403`, `fail 200`, `info 400`, `(not run)` */
  a: string;
  b: string;
  legal: boolean;
  why: string;
}

const cellText = (c: PrincipalCell | undefined) =>
  c
    ? `${c.info && c.outcome === "pass" ? "info" : c.outcome}${c.status !== undefined ? ` ${c.status}` : ""}`
    : "(not run)";

/**
 * The authorization matrices compared cell by cell. Legal: the same verdict with another status (a
 * refusal's status is free within 4xx, 401/403/404 a SHOULD), an INFO cell's outcome (the material
 * does not decide it), a skip against a run (what one target does not show). Not legal: a verdict
 * that passes on one side and fails on the other.
 */
export function diffPrincipals(a: RunReport, b: RunReport): PrincipalCellDiff[] | undefined {
  if (!a.principals && !b.principals) return undefined;
  const out: PrincipalCellDiff[] = [];
  const ops = new Set([...(a.principals?.operations ?? []), ...(b.principals?.operations ?? [])]);
  const cols = new Set([...(a.principals?.principals ?? []), ...(b.principals?.principals ?? [])]);
  for (const op of ops)
    for (const p of cols) {
      const ca = a.principals?.cells[op]?.[p];
      const cb = b.principals?.cells[op]?.[p];
      const ta = cellText(ca);
      const tb = cellText(cb);
      if (ta === tb) continue;
      const outcomes = [ca?.outcome, cb?.outcome];
      const legal =
        ca?.outcome === cb?.outcome ||
        Boolean(ca?.info && cb?.info) ||
        outcomes.includes("skip") ||
        !ca ||
        !cb;
      const why = legal
        ? ca?.outcome === cb?.outcome
          ? "same verdict: the status of a refusal is free within 4xx (401/403/404 SHOULD), of a success within 2xx"
          : ca?.info && cb?.info
            ? "INFO: the material does not decide the cell"
            : "a skip or a cell on one side only: what one target does not show"
        : "the cell passes on one side and fails on the other";
      out.push({ operation: op, principal: p, a: ta, b: tb, legal, why });
    }
  return out.sort(
    (x, y) => Number(x.legal) - Number(y.legal) || x.operation.localeCompare(y.operation),
  );
}

type Shape = Map<string, string>;

const ISO = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?/;
const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** The type of a JSON value as the shape shows it; strings that are timestamps say so. */
function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "string" && ISO.test(v))
    return OFFSET.test(v) ? "date-time" : "date-time (no offset)";
  return typeof v;
}

/** member path → type, arrays' items merged under `[]` (the first item's type wins). */
export function shapeOf(body: unknown, path = "", out: Shape = new Map(), depth = 0): Shape {
  if (depth > 12) return out;
  const t = typeOf(body);
  if (path) out.set(path, out.get(path) ?? t);
  if (t === "array")
    for (const item of body as unknown[]) shapeOf(item, `${path}[]`, out, depth + 1);
  else if (t === "object")
    for (const [k, v] of Object.entries(body as Record<string, unknown>))
      shapeOf(v, path ? `${path}.${k}` : k, out, depth + 1);
  return out;
}

const is2xx = (s?: number) => s !== undefined && s >= 200 && s < 300;
const is4xx = (s?: number) => s !== undefined && s >= 400 && s < 500;
const boundQuery = (url: string) => /[?&](page|page_size)=/.test(url);
const pathOnly = (url: string) => {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
};

function statusDiff(
  ea: Exchange,
  eb: Exchange,
  where: string,
  bothPass: boolean,
): Difference | undefined {
  if (ea.status === eb.status) return undefined;
  const d = {
    kind: "status" as const,
    where,
    a: ea.status ?? ea.error ?? null,
    b: eb.status ?? eb.error ?? null,
  };
  if (is2xx(ea.status) && is2xx(eb.status))
    return { ...d, legal: true, why: "success status: any 2xx where the material gives none" };
  if (is4xx(ea.status) && is4xx(eb.status))
    return { ...d, legal: true, why: "error status: any 4xx where the material gives none" };
  // a delete of what is not there: refused (404, 410) or an idempotent success with no data, as the
  // policy has it (spec/README.md: CONV-ERR-5's 404 is a SHOULD)
  const gone = (x: Exchange) => x.status === 404 || x.status === 410;
  const empty = (x: Exchange) =>
    is2xx(x.status) &&
    (x.responseBody === undefined ||
      (typeof x.responseBody === "object" &&
        x.responseBody !== null &&
        Object.keys(x.responseBody).length === 0));
  if (ea.method === "DELETE" && ((gone(ea) && empty(eb)) || (empty(ea) && gone(eb))))
    return {
      ...d,
      legal: true,
      why: "a delete of what is not there: refused or an idempotent success (CONV-ERR-5 is a SHOULD)",
    };
  // both answers passed the check that asserts what the material fixes (a query bound refused or
  // clamped, an update body refused or taken): the check, not this module, is the judge
  if (bothPass)
    return {
      ...d,
      legal: true,
      why: boundQuery(ea.url)
        ? "query bound: refused or clamped (which one is INFO)"
        : "both answers passed the check that asserts what the material fixes",
    };
  return {
    ...d,
    legal: false,
    why: "one side succeeds and the other does not, or answers outside 2xx/4xx",
  };
}

function shapeDiffs(ea: Exchange, eb: Exchange, where: string, bothPass: boolean): Difference[] {
  if (typeof ea.responseBody !== "object" || typeof eb.responseBody !== "object") return [];
  const [sa, sb] = [shapeOf(ea.responseBody), shapeOf(eb.responseBody)];
  const out: Difference[] = [];
  const parentArrayEmpty = (s: Shape, p: string) => {
    // items of an array that is empty on one side have no shape there to compare
    const i = p.lastIndexOf("[]");
    return (
      i >= 0 &&
      s.get(p.slice(0, i)) === "array" &&
      ![...s.keys()].some((k) => k.startsWith(p.slice(0, i + 2)))
    );
  };
  for (const p of new Set([...sa.keys(), ...sb.keys()])) {
    const [ta, tb] = [sa.get(p), sb.get(p)];
    if (ta === tb) continue;
    if (ta === undefined || tb === undefined) {
      if (parentArrayEmpty(ta === undefined ? sa : sb, p)) continue;
      const parent = p.includes(".") ? p.slice(0, p.lastIndexOf(".")) : "";
      if (parent && (ta === undefined ? sa : sb).get(parent) !== "object") continue; // reported at the parent
      out.push({
        kind: "shape",
        where: `${where} ${p}`,
        a: ta ?? "(absent)",
        b: tb ?? "(absent)",
        legal: true,
        why: "a member on one side only: unlisted members are accepted, and a nullable one may be null or left out (a listed one left out fails the check)",
      });
    } else if (ta === "null" || tb === "null") {
      out.push({
        kind: "shape",
        where: `${where} ${p}`,
        a: ta,
        b: tb,
        legal: true,
        why: "null for a member without value is accepted where the member is nullable (elsewhere the check fails)",
      });
    } else if (ta.startsWith("date-time") && tb.startsWith("date-time")) {
      out.push({
        kind: "shape",
        where: `${where} ${p}`,
        a: ta,
        b: tb,
        legal: true,
        why: "timestamps: ISO 8601 (MUST), with an offset (SHOULD)",
      });
    } else {
      // a type the material leaves open ("id (integer or string)") passed the check on both sides
      out.push({
        kind: "shape",
        where: `${where} ${p}`,
        a: ta,
        b: tb,
        legal: bothPass,
        why: bothPass
          ? "a member's type differs, and both answers passed the check"
          : "a member's type differs",
      });
    }
  }
  return out;
}

function reasonsOf(e: Exchange): string[] {
  const errs = (e.responseBody as { errors?: { reason?: unknown }[] } | undefined)?.errors;
  return Array.isArray(errs) ? errs.map((x) => String(x?.reason ?? "")) : [];
}

/**
 * Why two different verdicts are both legal, or undefined: a SHOULD or INFO check only warns or
 * records (the policy lets a conforming target depart from a convention), and a skip names what a
 * target does not show, which is no verdict on it. A MUST pass against a MUST fail never is.
 */
function legalVerdicts(ca: ReportCheck, cb: ReportCheck): string | undefined {
  if (ca.outcome === cb.outcome) return undefined;
  if (ca.level !== "MUST") return `a ${ca.level} check: a warning or an observation, not a failure`;
  const outcomes = new Set([ca.outcome, cb.outcome]);
  if (outcomes.has("skip") && outcomes.has("pass"))
    return "a skip names what one target does not show; neither side failed";
  return undefined;
}

/** The differences of one check present on both sides. */
export function diffCheck(ca: ReportCheck, cb: ReportCheck): Difference[] {
  const out: Difference[] = [];
  const bothPass = ca.outcome === "pass" && cb.outcome === "pass";
  const verdict = (c: ReportCheck) =>
    c.reason ? `${c.outcome}: ${c.reason.slice(0, 500)}` : c.outcome;
  const verdictLegal = legalVerdicts(ca, cb);
  if (ca.outcome !== cb.outcome)
    out.push({
      kind: "outcome",
      where: "verdict",
      a: verdict(ca),
      b: verdict(cb),
      legal: !!verdictLegal,
      why: verdictLegal ?? "the sides' verdicts differ",
    });
  const n = Math.min(ca.exchanges.length, cb.exchanges.length);
  if (ca.exchanges.length !== cb.exchanges.length) {
    const same = ca.outcome === cb.outcome || !!verdictLegal;
    out.push({
      kind: "exchanges",
      where: "requests sent",
      a: ca.exchanges.length,
      b: cb.exchanges.length,
      legal: same,
      why: same
        ? "the same verdict with more or fewer requests (polling, paging)"
        : "the check stopped at a different point",
    });
  }
  for (let i = 0; i < n; i++) {
    const [ea, eb] = [ca.exchanges[i], cb.exchanges[i]];
    if (
      ea.method !== eb.method ||
      pathOnly(ea.url).split("?")[0].replace(/\d+/g, "#") !==
        pathOnly(eb.url).split("?")[0].replace(/\d+/g, "#")
    )
      break; // the scenarios diverged
    const where = `#${i + 1} ${ea.method} ${pathOnly(ea.url)}`;
    const s = statusDiff(ea, eb, where, bothPass);
    // a SHOULD or INFO check's answers may differ as its verdict may (a warning, an observation)
    if (s)
      out.push(
        ca.level === "MUST" || s.legal
          ? s
          : {
              ...s,
              legal: true,
              why: `a ${ca.level} check: ${s.why}; it warns or records, never fails`,
            },
      );
    if (ea.status === eb.status || (is2xx(ea.status) && is2xx(eb.status)))
      out.push(...shapeDiffs(ea, eb, where, bothPass));
    const [ra, rb] = [reasonsOf(ea), reasonsOf(eb)];
    if (ra.length && rb.length && ra.join("\n") !== rb.join("\n"))
      out.push({
        kind: "reason",
        where,
        a: ra,
        b: rb,
        legal: true,
        why: "error reasons are free except where the material fixes them (checks assert those)",
      });
  }
  const obs = (c: ReportCheck) =>
    c.observations
      .map((o) => unlabel(`${o.requirementId} ${o.note}: ${JSON.stringify(o.value)}`))
      .filter((o) => !o.includes("cleanup could not remove"));
  const [oa, ob] = [obs(ca), obs(cb)];
  if (oa.join("\n") !== ob.join("\n")) {
    const [onlyA, onlyB] = [oa.filter((o) => !ob.includes(o)), ob.filter((o) => !oa.includes(o))];
    out.push({
      kind: "observation",
      where: "INFO observations",
      a: onlyA,
      b: onlyB,
      legal: true,
      why: "an observation of what the material leaves open (INFO)",
    });
  }
  return out;
}

/** Labels a run makes up (`plb-<run id>-<kind>-<random>`) differ on every run: not a difference. */
const unlabel = (s: string) =>
  s
    .replace(/plb-[A-Za-z0-9]{1,12}-[A-Za-z0-9-]*[0-9a-f]{6}/g, "<run label>")
    .replace(/plb-[A-Za-z0-9]{1,12}-/g, "<run prefix>");

const keyOf = (c: ReportCheck) => `${c.file}\u0000${c.name}`;

export function diffReports(a: RunReport, b: RunReport): DiffReport {
  const mapB = new Map(b.checks.map((c) => [keyOf(c), c]));
  const seen = new Set<string>();
  const checks: CheckDiff[] = [];
  const entry = (
    c: ReportCheck,
    oa: ReportCheck | undefined,
    ob: ReportCheck | undefined,
    differences: Difference[],
  ): CheckDiff => ({
    file: c.file,
    name: c.name,
    area: c.area,
    requirementIds: c.requirementIds,
    level: c.level,
    outcome: { a: oa?.outcome ?? "(not run)", b: ob?.outcome ?? "(not run)" },
    reason: { ...(oa?.reason ? { a: oa.reason } : {}), ...(ob?.reason ? { b: ob.reason } : {}) },
    differences,
  });
  for (const ca of a.checks) {
    const k = keyOf(ca);
    seen.add(k);
    const cb = mapB.get(k);
    if (!cb)
      checks.push(
        entry(ca, ca, undefined, [
          {
            kind: "outcome",
            where: "verdict",
            a: ca.outcome,
            b: "(not run)",
            legal: false,
            why: "the check ran on one side only",
          },
        ]),
      );
    else checks.push(entry(ca, ca, cb, diffCheck(ca, cb)));
  }
  for (const cb of b.checks) {
    if (seen.has(keyOf(cb))) continue;
    checks.push(
      entry(cb, undefined, cb, [
        {
          kind: "outcome",
          where: "verdict",
          a: "(not run)",
          b: cb.outcome,
          legal: false,
          why: "the check ran on one side only",
        },
      ]),
    );
  }
  const all = checks.flatMap((c) => c.differences);
  const totals: DiffTotals = {
    checks: checks.length,
    differing: checks.filter((c) => c.differences.length).length,
    notLegal: checks.filter((c) => c.differences.some((d) => !d.legal)).length,
    differences: all.length,
    legal: all.filter((d) => d.legal).length,
  };
  const principals = diffPrincipals(a, b);
  return {
    tool: "plumbline diff",
    a: a.targets[0],
    b: b.targets[0],
    seed: a.seed,
    checks,
    totals,
    ...(principals ? { principals } : {}),
    exitCode: totals.notLegal ? 1 : 0,
  };
}
