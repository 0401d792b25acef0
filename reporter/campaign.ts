// A fuzz campaign's section of the report (`plumbline fuzz --duration`, runner/campaign.ts): its
// rounds, the failures in buckets (one per operation, property and shape of what failed), the
// corpus replayed first, and per operation the documented outcomes reached and not reached. Pure:
// the campaign builds the data, this file keys buckets, merges shards and renders the section.

import { escapeHtml } from "./text.ts";

import type {
  CaseRef,
  Bucket,
  OperationCoverage,
  CampaignRound,
  CorpusReplay,
  CampaignSummary,
} from "./campaign-types.ts";

export type { CaseRef, Bucket, OperationCoverage, CampaignRound, CorpusReplay, CampaignSummary };

/** A site's member: `body timeout breaks minimum` → `body.timeout`, `rule VM-CREATE-8 …` → `rule VM-CREATE-8`, else empty. */
export function memberOfSite(site: string | undefined): string {
  if (!site) return "";
  const m = /^(body|query|path) (\S+) (?:breaks|at) /.exec(site);
  if (m) return `${m[1]}.${m[2]}`;
  const r = /^rule (\S+)/.exec(site);
  return r ? `rule ${r[1]}` : "";
}

/** A status's class: 2xx, 4xx, 5xx; `none` when no answer came. */
export function statusClass(status: number | undefined): string {
  return status ? `${Math.floor(status / 100)}xx` : "none";
}

export function bucketKey(
  b: Pick<Bucket, "operation" | "property" | "requirementIds" | "member" | "statusClass">,
): string {
  return [b.operation, b.property, b.requirementIds.join(","), b.member, b.statusClass].join(" | ");
}

/** Adds a failing case to the buckets (a new bucket, or the count, the last time and the smallest case of its own). Returns whether the bucket is new. */
export function addToBuckets(
  buckets: Map<string, Bucket>,
  b: Omit<Bucket, "key" | "count" | "first" | "smallest" | "firstSeen" | "lastSeen" | "replay">,
  c: CaseRef,
  at: string,
  replay: (c: CaseRef) => string,
): boolean {
  const key = bucketKey(b);
  const old = buckets.get(key);
  if (old) {
    old.count++;
    old.lastSeen = at;
    if (c.size < old.smallest.size) {
      old.smallest = c;
      old.replay = replay(c);
    }
    return false;
  }
  buckets.set(key, {
    ...b,
    key,
    count: 1,
    firstSeen: at,
    lastSeen: at,
    first: c,
    smallest: c,
    replay: replay(c),
  });
  return true;
}

/** Campaigns of several shards (one campaign seed each) as one: buckets joined by key, coverage by operation. */
export function mergeCampaigns(list: CampaignSummary[]): CampaignSummary | undefined {
  if (!list.length) return undefined;
  if (list.length === 1) return list[0];
  const buckets = new Map<string, Bucket>();
  for (const c of list)
    for (const b of c.buckets) {
      const old = buckets.get(b.key);
      if (!old) {
        buckets.set(b.key, { ...b });
        continue;
      }
      old.count += b.count;
      if (b.firstSeen < old.firstSeen) {
        old.firstSeen = b.firstSeen;
        old.first = b.first;
      }
      if (b.lastSeen > old.lastSeen) old.lastSeen = b.lastSeen;
      if (b.smallest.size < old.smallest.size) {
        old.smallest = b.smallest;
        old.replay = b.replay;
      }
    }
  const ops = new Map<string, OperationCoverage>();
  for (const c of list)
    for (const o of c.operations) {
      const old = ops.get(o.operation);
      if (!old) {
        ops.set(o.operation, { ...o });
        continue;
      }
      const documented = [...new Set([...old.documented, ...o.documented])];
      const reached = new Set([...old.reached, ...o.reached]);
      ops.set(o.operation, {
        operation: o.operation,
        documented,
        reached: documented.filter((d) => reached.has(d)),
        notReached: documented.filter((d) => !reached.has(d)),
        statuses: [...new Set([...old.statuses, ...o.statuses])].sort((a, b) => a - b),
        errorFields: [...new Set([...old.errorFields, ...o.errorFields])].sort(),
        outcomes: Math.max(old.outcomes, o.outcomes),
        weight: Math.max(old.weight, o.weight),
      });
    }
  const operations = [...ops.values()].sort((a, b) => a.operation.localeCompare(b.operation));
  const start = Math.min(...list.map((c) => Date.parse(c.startedAt)));
  const durationMs = Math.max(...list.map((c) => c.durationMs));
  const cases = list.reduce((n, c) => n + c.cases, 0);
  const replays = list.map((c) => c.replay).filter((r): r is CorpusReplay => !!r);
  return {
    seed: list[0].seed,
    seeds: list.flatMap((c) => c.seeds ?? [c.seed]),
    startedAt: new Date(start).toISOString(),
    durationMs,
    plannedMs: Math.max(...list.map((c) => c.plannedMs)),
    checkpointMs: list[0].checkpointMs,
    cases,
    // shards run side by side: their rates add up
    casesPerSecond: list.reduce((n, c) => n + c.casesPerSecond, 0),
    rounds: list.flatMap((c) =>
      c.rounds.map((r) => ({ ...r, source: r.source ?? `seed ${c.seed}` })),
    ),
    buckets: [...buckets.values()],
    ...(list[0].corpusDir ? { corpusDir: list[0].corpusDir } : {}),
    corpusAdded: list.reduce((n, c) => n + c.corpusAdded, 0),
    ...(replays.length
      ? {
          replay: {
            cases: replays.reduce((n, r) => n + r.cases, 0),
            fixed: [...new Set(replays.flatMap((r) => r.fixed))],
            stillFailing: [...new Set(replays.flatMap((r) => r.stillFailing))],
            passing: replays.reduce((n, r) => n + r.passing, 0),
            regressions: [...new Set(replays.flatMap((r) => r.regressions))],
          },
        }
      : {}),
    operations,
    reachedTotal: operations.reduce((n, o) => n + o.reached.length, 0),
    documentedTotal: operations.reduce((n, o) => n + o.documented.length, 0),
    ...(list.some((c) => c.partial) ? { partial: true } : {}),
  };
}

const seconds = (ms: number) =>
  ms >= 60_000
    ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
    : `${Math.round(ms / 1000)} s`;

function replayLine(p: CorpusReplay): string {
  return `${p.cases} corpus case${p.cases === 1 ? "" : "s"} replayed first: ${p.fixed.length} fixed (kept failing, pass now), ${p.stillFailing.length} failing again, ${p.passing} passing as before, ${p.regressions.length} regression${p.regressions.length === 1 ? "" : "s"} (passed when kept, fail now)`;
}

function summaryLine(c: CampaignSummary): string {
  return `${c.rounds.length} round${c.rounds.length === 1 ? "" : "s"}, ${c.cases} cases in ${seconds(c.durationMs)} of ${seconds(c.plannedMs)} planned (${c.casesPerSecond} cases per second of wall time); campaign seed ${c.seeds ? c.seeds.join(", ") : c.seed}; ${c.buckets.length} bucket${c.buckets.length === 1 ? "" : "s"}; documented outcomes reached ${c.reachedTotal} of ${c.documentedTotal}${c.corpusDir ? `; corpus ${c.corpusDir} (${c.corpusAdded} case${c.corpusAdded === 1 ? "" : "s"} added)` : ""}${c.partial ? "; checkpoint: the campaign is still running" : ""}${c.interrupted ? `; stopped early: ${c.interrupted}` : ""}.`;
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

/** What a list shows: the first few, then how many more. */
function some(xs: string[], n = 6): string {
  return xs.length > n ? `${xs.slice(0, n).join("; ")}; … ${xs.length - n} more` : xs.join("; ");
}

/** The conformance.md section. */
export function campaignMarkdown(c: CampaignSummary | undefined): string[] {
  if (!c) return [];
  const out = ["## Fuzz campaign", "", summaryLine(c), ""];
  if (c.replay) out.push(replayLine(c.replay), "");
  for (const [label, list] of [
    ["Fixed", c.replay?.fixed ?? []],
    ["Regressions", c.replay?.regressions ?? []],
  ] as const)
    if (list.length) out.push(`${label}: ${list.map(code).join(", ")}`, "");
  out.push(`### Buckets (${c.buckets.length})`, "");
  if (!c.buckets.length) out.push("No case failed.", "");
  else {
    out.push(
      "| operation | requirement | member | status | level | cases | first seen | property |",
      "|---|---|---|---|---|---:|---|---|",
      ...c.buckets.map(
        (b) =>
          `| ${code(b.operation)} | ${cell(b.requirementIds.join(", "))} | ${b.member ? code(b.member) : "—"} | ${b.statusClass} | ${b.level} | ${b.count} | round ${b.first.round} | ${cell(b.property)} |`,
      ),
      "",
    );
    for (const b of c.buckets) {
      out.push(
        `#### ${cell(b.operation)} · ${cell(b.member || "valid request")} · ${b.statusClass}`,
        "",
        `- Smallest case (${b.smallest.size} characters, round ${b.smallest.round}${b.smallest.replayed ? ", from the corpus" : ""}): ${code(JSON.stringify(b.smallest.value).slice(0, 400))}`,
        `- Reason: ${cell(b.smallest.reason.slice(0, 600))}`,
        `- Replay: ${code(b.replay)}`,
        "",
        "```sh",
        ...b.smallest.curl,
        "```",
        "",
      );
    }
  }
  out.push(
    `### Reached per operation (${c.reachedTotal} of ${c.documentedTotal} documented outcomes)`,
    "",
    "Documented outcomes come from the generators' sites and rules: success, each stated constraint's refusal naming its member, each rule between members refused.",
    "",
    "| operation | reached | statuses | error fields | weight | not reached |",
    "|---|---:|---|---|---:|---|",
    ...c.operations.map(
      (o) =>
        `| ${code(o.operation)} | ${o.reached.length}/${o.documented.length} | ${o.statuses.join(", ")} | ${cell(some(o.errorFields, 8))} | ${o.weight} | ${cell(some(o.notReached))} |`,
    ),
    "",
    `### Rounds (${c.rounds.length})`,
    "",
    "| round | seed | cases | time | failures | new buckets |",
    "|---:|---|---:|---|---:|---:|",
    ...c.rounds.map(
      (r) =>
        `| ${r.round}${r.source ? ` (${r.source})` : ""} | ${r.seed} | ${r.cases} | ${seconds(r.durationMs)}${r.interrupted ? " (cut)" : ""} | ${r.failures} | ${r.newBuckets} |`,
    ),
    "",
  );
  return out;
}

/** The conformance.html section (every string escaped). */
export function campaignHtml(c: CampaignSummary | undefined): string {
  if (!c) return "";
  const e = escapeHtml;
  const buckets = c.buckets
    .map(
      (b) =>
        `<tr><td><code>${e(b.operation)}</code></td><td>${e(b.requirementIds.join(", "))}</td><td>${b.member ? `<code>${e(b.member)}</code>` : "—"}</td><td>${e(b.statusClass)}</td><td>${e(b.level)}</td><td>${b.count}</td><td>round ${b.first.round}</td><td><details><summary>${e(b.property)}</summary><p>Smallest case (${b.smallest.size} characters): <code>${e(JSON.stringify(b.smallest.value).slice(0, 400))}</code></p><p>${e(b.smallest.reason.slice(0, 600))}</p><pre>${e(b.replay)}\n${e(b.smallest.curl.join("\n"))}</pre></details></td></tr>`,
    )
    .join("");
  const ops = c.operations
    .map(
      (o) =>
        `<tr><td><code>${e(o.operation)}</code></td><td>${o.reached.length}/${o.documented.length}</td><td>${e(o.statuses.join(", "))}</td><td>${e(some(o.errorFields, 8))}</td><td>${o.weight}</td><td>${o.notReached.length ? `<details><summary>${o.notReached.length}</summary>${e(o.notReached.join("; "))}</details>` : "—"}</td></tr>`,
    )
    .join("");
  return `<section id="campaign"><h2>Fuzz campaign <small>${c.buckets.length} bucket${c.buckets.length === 1 ? "" : "s"} · ${c.reachedTotal}/${c.documentedTotal} documented outcomes reached</small></h2><p class="note">${e(summaryLine(c))}${c.replay ? ` ${e(replayLine(c.replay))}.` : ""}</p><h3>Buckets</h3>${buckets ? `<div class="list"><table><thead><tr><th>operation</th><th>requirement</th><th>member</th><th>status</th><th>level</th><th>cases</th><th>first seen</th><th>property, smallest case, repro</th></tr></thead><tbody>${buckets}</tbody></table></div>` : "<p>No case failed.</p>"}<h3>Reached per operation</h3><div class="list"><table><thead><tr><th>operation</th><th>reached</th><th>statuses</th><th>error fields</th><th>weight</th><th>not reached</th></tr></thead><tbody>${ops}</tbody></table></div></section>`;
}
