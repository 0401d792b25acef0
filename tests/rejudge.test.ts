// `plumbline rejudge` on a small recorded run against the embedded reference, with a fault that
// answers `null` where the spec shows `{}` (empty-reply-null): some checks fail on the response
// schema (a passive oracle that reads the spec), some on the empty-object oracle (which does not),
// the error checks pass. Re-judged offline with the same spec every verdict stands; with a copy
// that relaxes one constraint or tightens one, exactly the checks that depended on it change.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../harness/errors.ts";
import { evidenceProblems } from "../reporter/evidence-schema.ts";
import { parseReport } from "../reporter/json.ts";
import type { ReportCheck, RunReport } from "../reporter/types.ts";
import { rejudge } from "../runner/rejudge.ts";
import { REQUIREMENTS_PATH as CATALOG } from "../spec/catalog.ts";
import { SPEC_PATH } from "../spec/index.ts";
import { runPlumbline } from "./plumbline-child.ts";

const FILES = [
  "suites/conventions/errors.test.ts",
  "suites/conventions/empty.test.ts",
  "suites/tags/delete.test.ts",
];
const SPEC = readFileSync(SPEC_PATH, "utf8");
const scratch = mkdtempSync(join(tmpdir(), "plb-rejudge-"));

/** A copy of the spec with one edit (the edit must apply exactly once). */
function specWith(name: string, from: string, to: string): string {
  expect(SPEC.split(from)).toHaveLength(2);
  const file = join(scratch, `${name}.yaml`);
  writeFileSync(file, SPEC.replace(from, to));
  return file;
}

async function rejudged(evidence: string, spec?: string): Promise<RunReport> {
  const dir = mkdtempSync(join(scratch, "r-"));
  await rejudge(evidence, { spec, reportDir: dir, log: () => {} });
  const text = readFileSync(join(dir, "conformance.json"), "utf8");
  expect(evidenceProblems(JSON.parse(text))).toEqual([]);
  return parseReport(text);
}

const status = (c: ReportCheck) => c.rejudge?.status;

describe("plumbline rejudge", { timeout: 120_000 }, async () => {
  const run = await runPlumbline(["--files", ...FILES, "--seed", "7"], {
    PLUMBLINE_REFERENCE_FAULTS: "empty-reply-null",
  });
  const evidence = join(run.dir, "conformance.json");
  const recorded = parseReport(readFileSync(evidence, "utf8"));
  const failedOn = (c: ReportCheck) =>
    c.failedOn === undefined ? undefined : c.oracles![c.failedOn];

  it("the recorded run has checks failing on the response schema, on the empty-object oracle, and passing error checks", () => {
    expect(run.code, run.out.slice(-2000)).toBe(1);
    const on = (o: string) => recorded.checks.filter((c) => failedOn(c)?.oracle === o);
    expect(on("success").length).toBeGreaterThan(0);
    expect(on("empty-object").length).toBeGreaterThan(0);
    expect(
      recorded.checks.some(
        (c) => c.outcome === "pass" && c.oracles?.some((u) => u.oracle === "error-body"),
      ),
    ).toBe(true);
  });

  it("with the same spec: the same verdict for every check, none left unjudged", async () => {
    const r = await rejudged(evidence);
    expect(r.checks.map((c) => [c.name, c.outcome])).toEqual(
      recorded.checks.map((c) => [c.name, c.outcome]),
    );
    expect(r.checks.filter((c) => status(c) !== "same" && status(c) !== "kept")).toEqual([]);
    expect(r.gate.verdict).toBe(recorded.gate.verdict);
    expect(r.rejudged).toMatchObject({
      evidence,
      counts: { changed: 0, "not-re-judgeable": 0 },
      recorded: { judgedWith: { spec: recorded.judgedWith!.spec } },
    });
    expect(r.judgedWith!.spec.sha256).toBe(recorded.judgedWith!.spec.sha256);
  });

  it("relaxing one constraint (tag delete's answer may be null): exactly the checks that failed on it change, to not re-judgeable", async () => {
    const spec = specWith(
      "relaxed",
      "                type: object\n                description: 'The Tags table says `{}`",
      "                type: [ object, 'null' ]\n                description: 'The Tags table says `{}`",
    );
    const r = await rejudged(evidence, spec);
    // independently of rejudge: the checks whose response-schema failure was a null body
    const dependent = recorded.checks
      .filter((c) => failedOn(c)?.oracle === "success")
      .filter((c) => c.exchanges[failedOn(c)!.exchange].responseBody === null)
      .map((c) => c.name);
    expect(dependent.length).toBeGreaterThan(0);
    const changed = r.checks.filter((c) => status(c) !== "same" && status(c) !== "kept");
    expect(changed.map((c) => c.name)).toEqual(dependent);
    for (const c of changed) {
      expect(c).toMatchObject({ outcome: "skip", rejudge: { status: "not-re-judgeable" } });
      expect(c.reason).toMatch(
        /^not re-judgeable: it failed success on exchange \d+, which now holds/,
      );
    }
    // the empty-object oracle does not read the spec: its failures stand
    for (const c of r.checks.filter((c) => failedOn(c)?.oracle === "empty-object"))
      expect(c.outcome).toBe("fail");
    expect(r.judgedWith!.spec.sha256).not.toBe(recorded.judgedWith!.spec.sha256);
    expect(r.rejudged!.counts["not-re-judgeable"]).toBe(dependent.length);
  });

  it("tightening one constraint (an error's reason at most 40 characters): exactly the passing checks whose recorded bodies break it fail", async () => {
    const spec = specWith(
      "tightened",
      "              reason:\n                type: string\n",
      "              reason:\n                type: string\n                maxLength: 40\n",
    );
    const r = await rejudged(evidence, spec);
    const long = (c: ReportCheck) =>
      (c.oracles ?? []).some((u) => {
        const body = c.exchanges[u.exchange]?.responseBody as {
          errors?: { reason: string }[];
        };
        return u.oracle === "error-body" && body?.errors?.some((e) => e.reason.length > 40);
      });
    const breaking = recorded.checks
      .filter((c) => c.outcome === "pass" && long(c))
      .map((c) => c.name);
    const keeping = recorded.checks.filter(
      (c) => c.outcome === "pass" && !long(c) && c.oracles?.some((u) => u.oracle === "error-body"),
    );
    expect(breaking.length).toBeGreaterThan(0);
    expect(keeping.length).toBeGreaterThan(0);
    const changed = r.checks.filter((c) => status(c) === "changed");
    expect(changed.map((c) => c.name)).toEqual(breaking);
    for (const c of changed) {
      expect(c.outcome).toBe("fail");
      expect(c.reason).toMatch(/not the Error body .*must NOT have more than 40 characters/);
    }
    expect(r.checks.filter((c) => status(c) === "not-re-judgeable")).toEqual([]);
    expect(r.gate.failures).toBe(recorded.gate.failures + breaking.length);
  });

  it("levels come from the given catalog: a requirement made SHOULD turns its failures into warnings", async () => {
    const text = readFileSync(CATALOG, "utf8");
    const from =
      "- id: TAG-DELETE-1\n  area: tags\n  operations: [deleteTag, listTaggedObjects]\n  kind: happy\n  level: MUST\n";
    expect(text.split(from)).toHaveLength(2);
    const catalog = join(scratch, "catalog.yaml");
    writeFileSync(catalog, text.replace(from, from.replace("level: MUST", "level: SHOULD")));
    const dir = mkdtempSync(join(scratch, "c-"));
    await rejudge(evidence, { catalog, reportDir: dir, log: () => {} });
    const r = parseReport(readFileSync(join(dir, "conformance.json"), "utf8"));
    const named = (x: RunReport) =>
      x.checks.filter((c) => c.requirementIds[0] === "TAG-DELETE-1" && c.outcome === "fail");
    expect(named(recorded).length).toBeGreaterThan(0);
    expect(named(r).map((c) => c.level)).toEqual(named(recorded).map(() => "SHOULD"));
    expect(r.gate.failures).toBe(recorded.gate.failures - named(recorded).length);
    expect(r.judgedWith!.catalog.sha256).not.toBe(recorded.judgedWith!.catalog.sha256);
    expect(r.judgedWith!.spec.sha256).toBe(recorded.judgedWith!.spec.sha256);
  });

  it("bad input is refused in one line naming what to fix: a missing file, a file that is not evidence, a newer schema, evidence older than schema 2, a spec that is not one", async () => {
    const notEvidence = join(scratch, "not-evidence.json");
    writeFileSync(notEvidence, '{"hello": "world"}');
    const newer = join(scratch, "newer.json");
    writeFileSync(newer, JSON.stringify({ ...recorded, schemaVersion: 99 }));
    const older = join(scratch, "older.json");
    writeFileSync(older, JSON.stringify({ ...recorded, schemaVersion: 1 }));
    const cases: [string, string | undefined, RegExp][] = [
      [
        join(scratch, "missing.json"),
        undefined,
        /^rejudge <evidence>: .*missing\.json: no such file$/,
      ],
      [scratch, undefined, /^rejudge <evidence>: .* is not a file$/],
      [notEvidence, undefined, /^rejudge <evidence>: .*not a plumbline conformance\.json/],
      [newer, undefined, /^rejudge <evidence>: .*written by a newer plumbline \(schemaVersion 99/],
      [
        older,
        undefined,
        /^rejudge <evidence>: .*schemaVersion 1: it does not record which oracles/,
      ],
      [evidence, notEvidence, /^--spec: .*is not an OpenAPI document/],
    ];
    // the run's evidence is never written over
    const over = await rejudge(evidence, { reportDir: run.dir, log: () => {} }).catch(
      (e: Error) => e,
    );
    expect((over as Error).message).toMatch(/^--report-dir: .* holds the evidence being re-judged/);
    expect(readFileSync(evidence, "utf8")).not.toContain('"rejudged"');
    // a catalog that is not one
    const badCatalog = await rejudge(evidence, {
      catalog: notEvidence,
      reportDir: join(scratch, "bad"),
      log: () => {},
    }).catch((e: Error) => e);
    expect(badCatalog).toBeInstanceOf(ConfigError);
    expect((badCatalog as Error).message).toMatch(
      /^--catalog: .*expected a top-level 'requirements' list/,
    );
    for (const [file, spec, line] of cases) {
      const err = await rejudge(file, {
        spec,
        reportDir: join(scratch, "bad"),
        log: () => {},
      }).catch((e: Error) => e);
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(line);
      expect((err as Error).message).not.toContain("\n");
    }
  });

  it("the command prints that one line and exits 2", () => {
    const r = spawnSync(
      process.execPath,
      [
        "bin/plumbline.mjs",
        "rejudge",
        join(scratch, "newer.json"),
        "--report-dir",
        join(scratch, "bad"),
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    const out = (r.stdout + r.stderr).trim();
    expect(r.status, out).toBe(2);
    const help = spawnSync(process.execPath, ["bin/plumbline.mjs", "rejudge", "--help"], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Usage: plumbline rejudge .*<evidence>[\s\S]*not\s+re-judgeable/);
    expect(out).toMatch(
      /^plumbline: rejudge <evidence>: .*newer\.json: written by a newer plumbline \(schemaVersion 99; this one reads up to 3\); use that plumbline or a newer one$/,
    );
  });
});
