// The false-alarm score in every CI run: the whole suite against the reference with every legal
// variant on (reference/VARIANTS.md). Each variant is a behaviour the material allows, so no MUST
// check may fail and nothing may error; a MUST check may skip only where a variant hides a member
// the material does not list (listed with the variant). SHOULD
// checks may warn only where a variant departs from a convention the material leaves open, and
// those warnings are listed here with the variant that causes each. `npm run mutation` also runs each
// variant alone and prints the false alarms next to the mutation score.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_VARIANTS } from "../reference/index.ts";
import { loadCatalog } from "../spec/catalog.ts";
import { EVERYWHERE_SKIP } from "../suites/invariants/each.ts";

/**
 * SHOULD requirements a variant is expected to warn on (reference/variants.ts `shouldWarnings`, the last
 * column of VARIANTS.md): CONV-ERR-4 ← error-statuses (422 instead of the conventional 400 for
 * validation), CONV-ERR-8 ← errors-empty (an empty errors array on 404/405), CONV-TIME-2 ←
 * timestamps-no-offset (RFC 3339 asks for the UTC offset), CONV-SCOPE-2 ← contact-update-replaces
 * (an update of "Contact fields" read as the whole contact clears what it leaves out), CONV-TEXT-1 ←
 * managed-text-conservative (managed names and labels refuse text outside a conservative alphabet)
 * and email-validated (the account's email and phones refuse values their schema alone allows),
 * AUTHZ-GRANT-3 and AUTHZ-GRANT-5 ← grant-permits-less (a grant permits less than its name says).
 */
const EXPECTED_SHOULD_WARNINGS: Record<string, string> = {};
for (const v of ALL_VARIANTS)
  for (const id of v.shouldWarnings ?? [])
    EXPECTED_SHOULD_WARNINGS[id] = [EXPECTED_SHOULD_WARNINGS[id], v.name]
      .filter(Boolean)
      .join(", ");
/** MUST requirements whose checks may skip (reference/variants.ts `skips`): OS-BUCKET-2 ← records-minimal (no `acl` in the Bucket record). */
const EXPECTED_SKIPS: Record<string, string> = Object.fromEntries(
  ALL_VARIANTS.flatMap((v) => (v.skips ?? []).map((id) => [id, v.name])),
);

interface Check {
  name: string;
  level: string;
  outcome: string;
  reason?: string;
  requirementIds: string[];
  /** the kind a generic invariant ran on */
  resource?: string;
}

function runAllVariants() {
  const dir = mkdtempSync(join(tmpdir(), "plb-false-alarm-"));
  const r = spawnSync(
    process.execPath,
    ["bin/plumbline.mjs", "run", "--report-dir", dir, "--ledger-dir", join(dir, "ledger")],
    {
      env: { ...process.env, PLUMBLINE_REFERENCE_VARIANTS: "all", PLUMBLINE_REFERENCE_FAULTS: "" },
      encoding: "utf8",
      // lists-lag and events-lag are in `all`: every read after a write waits up to a second for the
      // target to catch up (harness/settle.ts), and the stateful models fill their time budgets
      timeout: 300_000,
    },
  );
  const file = join(dir, "conformance.json");
  const checks = existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as { checks: Check[] }).checks
    : undefined;
  return { status: r.status, output: r.stdout + r.stderr, checks };
}

const line = (c: Check) => `${c.level} ${c.outcome}: ${c.name}: ${(c.reason ?? "").slice(0, 300)}`;

describe("no false alarms: the suite against the reference with every legal variant on", () => {
  it("expects exactly the SHOULD warnings documented for the variants", () => {
    expect(EXPECTED_SHOULD_WARNINGS).toEqual({
      "CONV-CALC-2": "bucket-counts-lag",
      "CONV-ERR-4": "error-statuses",
      "CONV-ERR-5": "delete-idempotent",
      "CONV-ERR-8": "errors-empty",
      "CONV-TIME-2": "timestamps-no-offset",
      "CONV-SCOPE-2": "contact-update-replaces",
      "CONV-TEXT-1": "managed-text-conservative, email-validated",
      "AUTHZ-GRANT-3": "grant-permits-less",
      "AUTHZ-GRANT-5": "grant-permits-less",
    });
    expect(EXPECTED_SKIPS).toEqual({ "OS-BUCKET-2": "records-minimal" });
    const catalog = loadCatalog().byId;
    for (const id of Object.keys(EXPECTED_SHOULD_WARNINGS))
      expect(catalog.get(id)?.level, `${id} in spec/requirements.yaml`).toBe("SHOULD");
    for (const id of Object.keys(EXPECTED_SKIPS))
      expect(catalog.get(id)?.level, `${id} in spec/requirements.yaml`).toBe("MUST");
  });

  const run = runAllVariants();

  it("writes a report and passes the MUST gate", () => {
    expect(run.checks, run.output.slice(-3000)).toBeDefined();
    expect(run.status, run.output.slice(-3000)).toBe(0);
  });

  it("no MUST check fails (zero false alarms) and no check errors", () => {
    const bad = run
      .checks!.filter((c) => (c.level === "MUST" && c.outcome === "fail") || c.outcome === "error")
      .map(line);
    expect(bad).toEqual([]);
  });

  it("MUST checks skip only where a variant hides a member the material does not list (listed)", () => {
    // an invariant on a kind no subject makes skips on every target (the matrix shows the cell)
    const noSubject = (c: Check) => c.reason?.startsWith(EVERYWHERE_SKIP);
    const skipped = run.checks!.filter(
      (c) => c.level === "MUST" && c.outcome === "skip" && !noSubject(c),
    );
    expect(
      skipped.filter((c) => !c.requirementIds.some((id) => id in EXPECTED_SKIPS)).map(line),
    ).toEqual([]);
  });

  it("SHOULD checks warn only where a listed variant departs from the convention", () => {
    const warned = run.checks!.filter((c) => c.level === "SHOULD" && c.outcome !== "pass");
    expect(
      warned
        .filter((c) => !c.requirementIds.some((id) => id in EXPECTED_SHOULD_WARNINGS))
        .map(line),
    ).toEqual([]);
    // the list stays true: each listed warning still happens (else the variant or the check changed)
    const ids = new Set(warned.flatMap((c) => c.requirementIds));
    expect(Object.keys(EXPECTED_SHOULD_WARNINGS).filter((id) => !ids.has(id))).toEqual([]);
  });
});
