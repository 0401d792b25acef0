// The report writers at a run's size and at ten times it (issue 32, "reports that scale"): a real
// run's conformance.json is read, its checks replicated ten times (distinct names; each replica's
// exchanges distinct by their URL and a response header, their bodies kept: list items repeat
// across pages as in a long fuzz campaign; BENCH_REPORTS_DISTINCT=1 marks the bodies per replica), and each writer (json, html, md, junit) and parseReport
// timed at 1× and 10× (the ratio should be about 10, not 100); the files' sizes; and, with a
// Chromium (tests/needs.ts), the page's first render: from navigation until the summary and the
// matrix are drawn and the page answers.
//   npx tsx scripts/bench-reports.ts [conformance.json] [--no-browser] [--keep <dir>]
// Default input: reports/conformance.json. Give node room: NODE_OPTIONS=--max-old-space-size=8192.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { renderHtml } from "../reporter/html.ts";
import { parseReport, renderJson } from "../reporter/json.ts";
import { renderJunit } from "../reporter/junit.ts";
import { renderMarkdown } from "../reporter/md.ts";
import { buildReport } from "../reporter/report.ts";
import type {
  CatalogRequirement,
  OperationRef,
  ReportCheck,
  RunReport,
} from "../reporter/types.ts";
import type { Exchange } from "../harness/model.ts";
import { toCurl } from "../harness/redact.ts";
import { findBrowser } from "../tests/needs.ts";
import { firstRender, HEADLESS_ARGS } from "../tests/browser-page.ts";

const args = process.argv.slice(2);
const input = resolve(
  args.find((a) => !a.startsWith("--") && !/^\d/.test(a)) ?? "reports/conformance.json",
);
const browserWanted = !args.includes("--no-browser");
const keepAt = args.includes("--keep") ? args[args.indexOf("--keep") + 1] : undefined;
const times = Number(process.env.BENCH_REPORTS_TIMES ?? 10);

/** The catalog and the operations as the report records them (as `report merge` reads them). */
function inputsOf(r: RunReport): { catalog?: CatalogRequirement[]; operations: OperationRef[] } {
  const catalog = r.coverage.catalogAvailable
    ? r.coverage.requirements.map(({ id, area, operations, kind, level, source, statement }) => ({
        id,
        area,
        operations,
        kind,
        level,
        source,
        statement,
      }))
    : undefined;
  const operations = r.matrix.rows
    .filter((row) => row.known)
    .map(({ operationId, method, path, area }) => ({ operationId, method, path, area }));
  return { catalog, operations };
}

/**
 * With BENCH_REPORTS_DISTINCT=1 each replica's bodies differ too (every number and every string
 * longer than 8 characters marked with the replica): ten runs' worth of content, nothing shared
 * across replicas (list items still repeat across the pages of one replica).
 */
const distinct = process.env.BENCH_REPORTS_DISTINCT === "1";

function marked(v: unknown, k: number): unknown {
  if (typeof v === "number") return v + k * 1_000_003;
  if (typeof v === "string") return v.length > 8 ? `${v}~${k}` : v;
  if (Array.isArray(v)) return v.map((x) => marked(x, k));
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, x] of Object.entries(v)) out[key] = marked(x, k);
    return out;
  }
  return v;
}

/** A replica's exchange: its URL and a response header distinct, its bodies the same values (or marked). */
function replicaExchange(x: Exchange, k: number, memo: Map<unknown, unknown>): Exchange {
  if (k === 0) return x;
  const url = `${x.url}${x.url.includes("?") ? "&" : "?"}replica=${k}`;
  // the same body object marked once per replica (a body the report shares stays shared)
  const body = (b: unknown) => {
    if (!distinct || b === undefined) return b;
    if (!memo.has(b)) memo.set(b, marked(b, k));
    return memo.get(b);
  };
  const out: Exchange = {
    ...x,
    url,
    ...(x.responseHeaders
      ? { responseHeaders: { ...x.responseHeaders, "x-replica": String(k) } }
      : {}),
    ...(x.requestBody !== undefined ? { requestBody: body(x.requestBody) } : {}),
    ...(x.responseBody !== undefined ? { responseBody: body(x.responseBody) } : {}),
  };
  // the curl the harness would have made of the replica's request (one it did not make stays)
  const curlOf = (e: Exchange) =>
    toCurl({ method: e.method, url: e.url, headers: e.requestHeaders, body: e.requestBody });
  if (x.curl !== undefined && x.curl === curlOf(x)) out.curl = curlOf(out);
  return out;
}

/** The run's checks `n` times over (replica k: ` #k` after each name), its report built again. */
export function replicate(r: RunReport, n: number): RunReport {
  const checks: ReportCheck[] = [];
  for (let k = 0; k < n; k++) {
    const memo = new Map<unknown, unknown>();
    for (const c of r.checks)
      checks.push({
        ...c,
        name: k ? `${c.name} #${k}` : c.name,
        exchanges: c.exchanges.map((x) => replicaExchange(x, k, memo)),
        ...(c.rerunEvidence
          ? {
              rerunEvidence: c.rerunEvidence.map((e) => ({
                ...e,
                exchanges: e.exchanges.map((x) => replicaExchange(x, k, memo)),
              })),
            }
          : {}),
      });
  }
  const { catalog, operations } = inputsOf(r);
  return {
    ...buildReport({
      checks,
      targets: r.targets,
      options: r.options,
      operations,
      catalog,
      expectations: r.expectations,
      runErrors: r.runErrors,
      toolVersion: r.tool.version,
      judgedWith: r.judgedWith,
    }),
    ...(r.traffic ? { traffic: r.traffic } : {}),
  };
}

/** The least of `reps` timings of fn (ms), and its last result. */
function time<T>(fn: () => T, reps: number): { ms: number; out: T } {
  let best = Number.POSITIVE_INFINITY;
  let out!: T;
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    out = fn();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, out };
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

interface Row {
  what: string;
  one: number;
  ten: number;
}

const base = parseReport(readFileSync(input, "utf8"), input);
const sizes: Row[] = [];
const timings: Row[] = [];
const dir = keepAt ? resolve(keepAt) : mkdtempSync(join(tmpdir(), "plb-bench-reports-"));
mkdirSync(dir, { recursive: true });
const pages: Record<string, string> = {};
const results: Record<string, Record<string, number>> = { one: {}, ten: {} };
const sizeOf: Record<string, Record<string, number>> = { one: {}, ten: {} };

for (const [label, n] of [
  ["one", 1],
  ["ten", times],
] as const) {
  const r = n === 1 ? base : replicate(base, n);
  const reps = n === 1 ? 3 : 2;
  const writers: [string, (r: RunReport) => string][] = [
    ["json", renderJson],
    ["html", renderHtml],
    ["md", renderMarkdown],
    ["junit", renderJunit],
  ];
  for (const [name, fn] of writers) {
    // the fast writers take a few ms: more tries, so that a collector's pause is not the figure
    const { ms, out } = time(() => fn(r), name === "md" || name === "junit" ? 7 : reps);
    results[label]![name] = ms;
    sizeOf[label]![name] = Buffer.byteLength(out, "utf8");
    if (name === "json") {
      const parsed = time(() => parseReport(out), reps);
      results[label]!.parseReport = parsed.ms;
    }
    if (name === "html") {
      const file = join(dir, `conformance-${n}x.html`);
      writeFileSync(file, out);
      pages[label] = file;
    }
    if (name === "json" && keepAt) writeFileSync(join(dir, `conformance-${n}x.json`), out);
  }
  process.stderr.write(`bench-reports: ${n}×: ${r.checks.length} checks written\n`);
}
for (const w of ["json", "html", "md", "junit"]) {
  sizes.push({ what: w, one: sizeOf.one![w]!, ten: sizeOf.ten![w]! });
}
for (const w of ["json", "parseReport", "html", "md", "junit"])
  timings.push({ what: w, one: results.one![w]!, ten: results.ten![w]! });

console.log(
  `bench-reports: ${input}: ${base.checks.length} checks; 1× and ${times}×${distinct ? " (bodies distinct per replica)" : " (bodies shared by the replicas)"}`,
);
console.log("| file | 1× | 10× | ratio |");
console.log("|---|---|---|---|");
for (const s of sizes)
  console.log(`| ${s.what} | ${mb(s.one)} | ${mb(s.ten)} | ${(s.ten / s.one).toFixed(1)} |`);
console.log("");
console.log("| writer | 1× ms | 10× ms | ratio |");
console.log("|---|---|---|---|");
for (const t of timings)
  console.log(
    `| ${t.what} | ${t.one.toFixed(0)} | ${t.ten.toFixed(0)} | ${(t.ten / t.one).toFixed(1)} |`,
  );

if (browserWanted) {
  const browser = findBrowser();
  if (!browser.path) console.log(`\npage: skipped: ${browser.missing}`);
  else {
    const { chromium } = await import("playwright-core");
    const b = await chromium.launch({
      executablePath: browser.path,
      args: HEADLESS_ARGS,
    });
    console.log("");
    console.log("| page | first render ms (best of 3) | largest cell's cards ms | problems |");
    console.log("|---|---|---|---|");
    for (const [label, file] of Object.entries(pages)) {
      let best = Number.POSITIVE_INFINITY;
      let cards = Number.POSITIVE_INFINITY;
      let cell = 0;
      const problems: string[] = [];
      for (let i = 0; i < 3; i++) {
        const page = await b.newPage();
        page.setDefaultTimeout(120_000);
        page.on("pageerror", (e) => problems.push(e.message));
        best = Math.min(best, await firstRender(page, file));
        // the matrix cell with the most checks opened once the page is loaded: the exchanges read
        await page.waitForLoadState("load");
        const most = await page.evaluate(() => {
          let at = -1;
          let n = 0;
          document.querySelectorAll("#matrix button").forEach((el, k) => {
            const m = Number(el.querySelector(".n")?.textContent ?? 1);
            if (!el.classList.contains("untested") && m > n) {
              n = m;
              at = k;
            }
          });
          return { at, n };
        });
        if (most.at >= 0) {
          const t1 = performance.now();
          await page.locator("#matrix button").nth(most.at).click();
          await page.waitForSelector("#detail .card");
          await page.evaluate(() => 1);
          cards = Math.min(cards, performance.now() - t1);
          cell = most.n;
        }
        await page.close();
      }
      console.log(
        `| ${label === "one" ? "1×" : `${times}×`} | ${best.toFixed(0)} | ${cards.toFixed(0)} (${cell} checks) | ${problems.length ? problems.slice(0, 2).join("; ") : "none"} |`,
      );
    }
    await b.close();
  }
}
if (!keepAt) rmSync(dir, { recursive: true, force: true });
