import { toCurl } from "../harness/redact.ts";
import type { Exchange } from "../harness/model.ts";
import { PoolReader, poolValues } from "./pool.ts";
import {
  READABLE_SCHEMA_VERSIONS,
  type ReportCheck,
  type RunReport,
  SCHEMA_VERSION,
} from "./types.ts";
// conformance.json: the whole RunReport, machine-readable (INFO observations and exchanges included).
// Since schema 3 the exchanges' headers and bodies are stored in pooled form (reporter/pool.ts,
// docs/evidence.md "Pooled values"): a value that repeats (a list item on many pages, the same
// headers) is written once in `pool`, and `curl` is left out when the request rebuilds it alike.

/** The members of an exchange that may hold pooled values, in the order they are written. */
export const POOLED_MEMBERS = [
  "requestHeaders",
  "requestBody",
  "responseHeaders",
  "responseBody",
] as const;

type Lists = (xs: Exchange[]) => Exchange[];

/**
 * The report's checks with every list of exchanges passed through `f`, in one fixed order: a
 * check's own, its reruns' (`rerunEvidence`), its fuzz records' counterexample and replayed cases'.
 * Containers are copied where a list is replaced; members keep their order.
 */
export function mapExchangeLists(checks: readonly ReportCheck[], f: Lists): ReportCheck[] {
  return checks.map((c) => {
    const out: ReportCheck = { ...c };
    if (Array.isArray(c.exchanges)) out.exchanges = f(c.exchanges);
    if (Array.isArray(c.rerunEvidence))
      out.rerunEvidence = c.rerunEvidence.map((e) =>
        Array.isArray(e.exchanges) ? { ...e, exchanges: f(e.exchanges) } : e,
      );
    if (Array.isArray(c.fuzz))
      out.fuzz = c.fuzz.map((p) => {
        const q = { ...p };
        if (p.counterexample && Array.isArray(p.counterexample.exchanges))
          q.counterexample = { ...p.counterexample, exchanges: f(p.counterexample.exchanges) };
        if (Array.isArray(p.replayed))
          q.replayed = p.replayed.map((x) =>
            Array.isArray(x.exchanges) ? { ...x, exchanges: f(x.exchanges) } : x,
          );
        return q;
      });
    return out;
  });
}

/** The same lists in place (a report just parsed is ours to change). */
function eachExchange(checks: readonly ReportCheck[], f: (x: Exchange) => void): void {
  const all = (xs: unknown) => {
    if (Array.isArray(xs)) for (const x of xs) if (x && typeof x === "object") f(x as Exchange);
  };
  for (const c of checks) {
    if (!c || typeof c !== "object") continue;
    all(c.exchanges);
    if (Array.isArray(c.rerunEvidence)) for (const e of c.rerunEvidence) all(e?.exchanges);
    if (Array.isArray(c.fuzz))
      for (const p of c.fuzz) {
        all(p?.counterexample?.exchanges);
        if (Array.isArray(p?.replayed)) for (const x of p.replayed) all(x?.exchanges);
      }
  }
}

/** The exchange's curl as the harness makes it (harness/redact.ts toCurl), or undefined when it cannot be. */
export function rebuiltCurl(x: Exchange): string | undefined {
  const h = x.requestHeaders as unknown;
  if (typeof x.method !== "string" || typeof x.url !== "string") return undefined;
  if (h === null || typeof h !== "object" || Array.isArray(h)) return undefined;
  try {
    return toCurl({ method: x.method, url: x.url, headers: x.requestHeaders, body: x.requestBody });
  } catch {
    return undefined;
  }
}

/** A plain exchange (a RecordedExchange renders itself). */
function plainExchange(x: Exchange): Exchange {
  const j = (x as { toJSON?: () => Exchange }).toJSON;
  return typeof j === "function" ? j.call(x) : x;
}

/**
 * conformance.json: compact (a full run's exchanges make it tens of megabytes; jq reads it), the
 * exchanges' repeated values pooled and a curl the request rebuilds left out. Linear in the
 * report's size.
 */
export function renderJson(report: RunReport): string {
  const roots: unknown[] = [];
  const exchanges: Exchange[] = [];
  eachExchange(report.checks, (x) => {
    const p = plainExchange(x);
    exchanges.push(p);
    for (const m of POOLED_MEMBERS) roots.push(p[m]);
  });
  const { roots: encoded, pool } = poolValues(roots);
  let i = 0;
  const stored = (x: Exchange): Exchange => {
    const p = exchanges[i]!;
    const at = i * POOLED_MEMBERS.length;
    i++;
    if (p !== x && plainExchange(x) === x) throw new Error("exchanges changed while written");
    const out = { ...p } as Record<string, unknown>;
    POOLED_MEMBERS.forEach((m, k) => {
      if (Object.hasOwn(out, m)) out[m] = encoded[at + k];
    });
    const keys = Object.keys(out);
    // curl: left out when it is the last member and rebuilt alike; null when there was none
    if (p.curl === undefined || p.curl === null) out.curl = null;
    else if (keys[keys.length - 1] === "curl" && rebuiltCurl(p) === p.curl) delete out.curl;
    return out as unknown as Exchange;
  };
  const checks = mapExchangeLists(report.checks, (xs) => xs.map(stored));
  return `${JSON.stringify({ ...report, schemaVersion: SCHEMA_VERSION, checks, pool })}\n`;
}

/** Expands a schema 3 report in place: pooled values back, curl rebuilt, `pool` removed. */
function expand(r: RunReport & { pool?: unknown }, source: string): void {
  if (!Array.isArray(r.pool))
    throw new Error(`${source}: schemaVersion ${r.schemaVersion} without its pool`);
  const reader = new PoolReader(r.pool);
  try {
    eachExchange(r.checks, (x) => {
      const o = x as unknown as Record<string, unknown>;
      for (const m of POOLED_MEMBERS) if (Object.hasOwn(o, m)) o[m] = reader.expand(o[m]);
      if (!Object.hasOwn(o, "curl")) {
        const curl = rebuiltCurl(x);
        if (curl !== undefined) o.curl = curl;
      } else if (o.curl === null) delete o.curl;
    });
  } catch (e) {
    throw new Error(`${source}: ${(e as Error).message}`);
  }
  delete r.pool;
}

/**
 * Reads a conformance.json back (merge, diff, rejudge, compare): any schema version up to ours;
 * a newer one is refused naming both versions (docs/evidence.md: a reader never guesses at fields
 * it lacks). Schema 3's pooled values are expanded: the RunReport is the one that was written
 * (a value that repeats is one shared object: treat the report as read-only).
 */
export function parseReport(text: string, source = "conformance.json"): RunReport {
  let r: RunReport;
  try {
    r = JSON.parse(text) as RunReport;
  } catch (e) {
    throw new Error(`${source}: not JSON (${(e as Error).message}); give a conformance.json`);
  }
  const version = (r as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (!r || typeof r !== "object" || typeof version !== "number" || !Array.isArray(r.checks))
    throw new Error(`${source}: not a plumbline conformance.json (no schemaVersion and checks)`);
  if (version > SCHEMA_VERSION)
    throw new Error(
      `${source}: written by a newer plumbline (schemaVersion ${version}; this one reads up to ${SCHEMA_VERSION}); use that plumbline or a newer one`,
    );
  if (!(READABLE_SCHEMA_VERSIONS as readonly number[]).includes(version))
    throw new Error(`${source}: schemaVersion ${version} is not one plumbline writes`);
  if (version >= 3) expand(r, source);
  return r;
}
