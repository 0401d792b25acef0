// The campaign's pieces without a target: durations, round seeds, buckets (one per shape, not per
// case), the corpus (files a person reads, replayed first, fixed and regressions told apart), the
// documented outcomes per operation and the weights they give, and `report merge` of two shards.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { outcomeKeys } from "../harness/fuzz.ts";
import type { Exchange, FuzzRecord } from "../harness/model.ts";
import { check, fixtureReport } from "../reporter/fixtures.ts";
import { renderJson } from "../reporter/json.ts";
import { renderMarkdown } from "../reporter/md.ts";
import { renderHtml } from "../reporter/html.ts";
import { mergeReports } from "../reporter/merge.ts";
import { evidenceProblems } from "../reporter/evidence-schema.ts";
import type { ReportCheck } from "../reporter/types.ts";
import { CampaignState, campaignReport, parseDurationMs, roundSeed, untilMs } from "./campaign.ts";
import { caseId, loadCorpus, replayMap } from "./corpus.ts";
import { coverageOf, documentedOutcomes, weightsFor } from "./reach.ts";

const OP = "updateManagedService";
const PROPERTY = `${OP}: a request breaking one stated constraint is refused, a body member's error naming it`;

function exchange(status: number, body: unknown, op = OP): Exchange {
  return {
    operationId: op,
    method: "PUT",
    url: "http://127.0.0.1:1/v4/managed/services/1",
    requestHeaders: {},
    requestBody: body,
    status,
    responseBody: status >= 400 ? { errors: [{ field: "label", reason: "bad" }] } : { id: 1 },
    durationMs: 1,
    curl: `curl -X PUT http://127.0.0.1:1/v4/managed/services/1 --data-raw '${JSON.stringify(body)}'`,
  };
}

function fuzzCheck(fuzz: Partial<FuzzRecord>, outcome: "pass" | "fail" = "pass"): ReportCheck {
  return check({
    name: PROPERTY,
    file: "suites/fuzz/stateless-others.test.ts",
    requirementIds: ["CONV-ERR-3", "CONV-ERR-1"],
    operationIds: [OP],
    area: "managed",
    kind: "fuzz",
    generic: "fuzz",
    outcome,
    fuzz: [
      {
        property: PROPERTY,
        seed: 7,
        runSeed: 1,
        numRuns: 100,
        cases: 100,
        shrinks: 0,
        durationMs: 1000,
        casesPerSecond: 100,
        interrupted: false,
        op: OP,
        ...fuzz,
      },
    ],
  });
}

/** A failing round: timeout broken (`size` characters of input), accepted with 200. */
function failing(timeout: number, extra = ""): ReportCheck {
  const value = {
    request: { body: { timeout, label: `x${extra}` } },
    in: "body",
    path: "timeout",
    breaks: timeout < 1 ? "minimum" : "maximum",
  };
  return fuzzCheck(
    {
      reached: { [`status ${OP} 200`]: 3, [`site ${OP} body timeout breaks minimum 2xx`]: 1 },
      counterexample: {
        value,
        path: "3",
        reason: "body timeout breaks minimum: expected a 4xx error, got 200",
        exchanges: [exchange(200, value.request.body)],
        site: `body timeout breaks ${value.breaks}`,
      },
    },
    "fail",
  );
}

describe("campaign settings", () => {
  it("reads durations and times", () => {
    expect(parseDurationMs("1h")).toBe(3_600_000);
    expect(parseDurationMs("10m")).toBe(600_000);
    expect(parseDurationMs("1h30m")).toBe(5_400_000);
    expect(parseDurationMs("90s")).toBe(90_000);
    expect(parseDurationMs("45")).toBe(45_000);
    expect(parseDurationMs("soon")).toBeUndefined();
    expect(parseDurationMs("")).toBeUndefined();
    const now = new Date(2026, 0, 1, 10, 0, 0);
    expect(untilMs("11:30", now)).toBe(90 * 60_000);
    expect(untilMs("09:00", now)).toBe(23 * 3_600_000); // tomorrow
    expect(untilMs("2020-01-01T00:00:00Z", now)).toBeUndefined();
  });

  it("derives each round's seed from the campaign's, the same every time; round 1 is the campaign's own", () => {
    expect(roundSeed(33, 1)).toBe(33);
    const seeds = [2, 3, 4, 5].map((r) => roundSeed(33, r));
    expect(new Set(seeds).size).toBe(4);
    expect([2, 3, 4, 5].map((r) => roundSeed(33, r))).toEqual(seeds);
    expect(roundSeed(34, 2)).not.toBe(seeds[0]);
  });
});

describe("outcome keys", () => {
  it("names statuses, error fields and the site's outcome (named when the error names the member)", () => {
    const keys = outcomeKeys(
      [
        {
          ...exchange(400, {}),
          responseBody: { errors: [{ field: "timeout", reason: "too small" }] },
        },
      ],
      OP,
      "body timeout breaks minimum",
    );
    expect(keys).toEqual([
      `status ${OP} 400`,
      `field ${OP} 400 timeout`,
      `site ${OP} body timeout breaks minimum 4xx named`,
    ]);
  });
});

describe("buckets", () => {
  it("groups failing cases of one shape into one bucket, keeping the first and the smallest", () => {
    const s = new CampaignState(33, undefined);
    s.absorb(fixtureReport({ checks: [failing(0, "a longer label")] }), 1, 33, 1000);
    s.absorb(fixtureReport({ checks: [failing(999)] }), 2, roundSeed(33, 2), 1000);
    s.absorb(fixtureReport({ checks: [failing(-5, "mid")] }), 3, roundSeed(33, 3), 1000);
    expect(s.buckets.size).toBe(1);
    const [b] = s.buckets.values();
    expect(b.count).toBe(3);
    expect(b.member).toBe("body.timeout");
    expect(b.statusClass).toBe("2xx");
    expect(b.first.round).toBe(1);
    expect(b.smallest.round).toBe(2);
    expect(b.smallest.curl[0]).toContain("curl -X PUT");
    expect(b.replay).toContain("plumbline fuzz --replay");
    // the site has a bucket: the next round does not draw it again
    expect(s.input(4).failing?.[PROPERTY]).toEqual([
      "body timeout breaks minimum",
      "body timeout breaks maximum",
    ]);
  });
});

describe("corpus", () => {
  it("keeps failing and newly-reaching cases as readable files, and replays them first next time", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-corpus-"));
    const s = new CampaignState(33, dir);
    const reach = fuzzCheck({
      reached: { [`status ${OP} 400`]: 1, [`site ${OP} body label at maxLength 64 2xx`]: 1 },
      novel: [
        { key: `status ${OP} 400`, value: { request: { body: { label: "" } } }, site: "valid" },
        // a boundary site alone is not kept: not a documented outcome
        {
          key: `site ${OP} body label at maxLength 64 2xx`,
          value: { request: { body: { label: "y" } } },
          site: "body label at maxLength 64",
        },
      ],
    });
    s.absorb(fixtureReport({ checks: [failing(0), reach] }), 1, 33, 1000);
    expect(s.flushCorpus()).toBe(2);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.startsWith(`${OP}-`) && f.endsWith(".json"))).toBe(true);
    const cases = [...loadCorpus(dir).cases.values()];
    const fail = cases.find((c) => c.why === "failing")!;
    expect(fail).toMatchObject({
      operation: OP,
      property: PROPERTY,
      requirementIds: ["CONV-ERR-3", "CONV-ERR-1"],
      site: "body timeout breaks minimum",
      replayBy: "input",
      lastVerdict: "fail",
      foundBy: { campaignSeed: 33, round: 1, roundSeed: 33, propertySeed: 7, path: "3" },
    });
    expect(fail.requests?.[0]).toMatchObject({ method: "PUT", status: 200 });
    expect(fail.id).toBe(caseId(OP, PROPERTY, fail.input));
    // a person reads it: indented JSON
    expect(readFileSync(join(dir, `${fail.id}.json`), "utf8")).toContain('\n  "operation": ');

    // next campaign: the corpus replayed first; the failing case passes (fixed), the other fails (regression)
    const next = new CampaignState(34, dir, loadCorpus(dir).cases);
    const input = next.input(1);
    expect(input.replay?.[PROPERTY]).toHaveLength(2);
    expect(input.failing?.[PROPERTY]).toEqual(["body timeout breaks minimum"]);
    expect(next.input(2).replay).toBeUndefined();
    const reached = cases.find((c) => c.why === "reached")!;
    next.absorb(
      fixtureReport({
        checks: [
          fuzzCheck({
            replayed: [
              { id: fail.id, outcome: "pass" },
              { id: reached.id, outcome: "fail", reason: "now refused" },
            ],
          }),
        ],
      }),
      1,
      34,
      1000,
    );
    expect(next.replay).toEqual({
      cases: 2,
      fixed: [fail.id],
      stillFailing: [],
      passing: 0,
      regressions: [reached.id],
    });
    // fixed: its site is drawn again
    expect(next.input(2).failing?.[PROPERTY]).toEqual([]);
    next.flushCorpus();
    expect(loadCorpus(dir).cases.get(fail.id)?.lastVerdict).toBe("pass");
    expect(replayMap(loadCorpus(dir).cases.values())[PROPERTY]).toHaveLength(2);
  });

  it("says which files are not cases instead of reading them", () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-corpus-"));
    writeFileSync(join(dir, "notes.json"), "{}");
    expect(loadCorpus(dir).problems[0]).toContain("not a corpus case");
  });
});

describe("reach", () => {
  it("takes an operation's documented outcomes from the generators: success, each constraint's refusal, each rule", () => {
    const labels = documentedOutcomes("createManagedService").map((d) => d.label);
    expect(labels[0]).toBe("success");
    expect(labels).toContain("refused: body timeout (minimum)");
    expect(labels.some((l) => l.includes("MNG-SVC-4"))).toBe(true);
  });

  it("counts reached and not reached, and weighs the next round toward what is not reached", () => {
    const reached = new Map([
      [`status ${OP} 200`, 4],
      [`site ${OP} body timeout breaks minimum 4xx named`, 1],
      ["status getManagedService 200", 2],
    ]);
    const cov = coverageOf([OP, "getManagedService"], reached);
    const mine = cov.find((c) => c.operation === OP)!;
    expect(mine.reached).toEqual(["success", "refused: body timeout (minimum)"]);
    expect(mine.notReached).toContain("refused: body timeout (maximum)");
    expect(mine.documented.length).toBe(mine.reached.length + mine.notReached.length);
    const w = weightsFor(cov);
    expect(w[OP]).toBeGreaterThan(1);
    expect(w.getManagedService).toBeUndefined(); // everything reached
  });
});

describe("campaign report", () => {
  it("has a Fuzz campaign section in every format, conforms to the schema, and merges by seed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "plumbline-campaign-"));
    const reports = [];
    for (const seed of [33, 34]) {
      const s = new CampaignState(seed, undefined);
      s.absorb(fixtureReport({ checks: [failing(seed === 33 ? 0 : 300)] }), 1, seed, 1000);
      const summary = s.summary({
        startedAt: Date.now() - 1000,
        plannedMs: 1000,
        checkpointMs: 500,
      });
      const r = (await campaignReport(s, summary, {
        url: "http://127.0.0.1:1",
        label: "reference",
      }))!;
      expect(renderMarkdown(r)).toContain("## Fuzz campaign");
      expect(renderHtml(r)).toContain('id="campaign"');
      expect(evidenceProblems(JSON.parse(renderJson(r)))).toEqual([]);
      const p = join(dir, `${seed}.json`);
      writeFileSync(p, renderJson(r));
      reports.push(p);
    }
    const m = mergeReports(reports, join(dir, "merged"), { write: false });
    expect(m.targets).toHaveLength(1); // shards of one campaign, not two targets
    expect(m.campaign?.seeds).toEqual([33, 34]);
    expect(m.campaign?.buckets).toHaveLength(1);
    expect(m.campaign?.buckets[0].count).toBe(2);
    expect(m.campaign?.rounds).toHaveLength(2);
  });
});
