// The mutation score in every CI run, on a sample: one or two reference faults per area, spread over
// validation, state moves, documented errors, scopes, secrets and limits. Each must make a check
// fail that passes against the fault-free reference. `npm run mutation` runs all of them.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_FAULTS } from "../reference/index.ts";

const SAMPLE = [
  "error-body-plain", // conventions: the Error body
  "cancel-unpaid-allowed", // account: a documented error (serial: unpaid balance)
  "event-seen-only-one", // events: mark seen up to and including the ID
  "oauth-old-secret-valid", // oauth-clients: a secret that must die at reset
  "os-key-secret-in-view", // object storage: secret_key only at creation
  "vm-boot-picks-first-config", // vm: boot with several configs and none booted
  "vm-clone-limit-unenforced", // vm: the limit of 5 concurrent clones (serial: held jobs)
  "managed-fragment-kept", // managed: URL fragment dropped
  "support-two-ids-accepted", // support: only one ID attribute
  "recipe-public-deleted", // recipes: a public recipe cannot be deleted
  "tag-partial-create", // tags: all or nothing
];

describe("mutation score on a sample of reference faults", () => {
  it("names faults that exist", () => {
    expect(SAMPLE.filter((f) => !ALL_FAULTS.some((k) => k.name === f))).toEqual([]);
  });

  it(`detects each of the ${SAMPLE.length} sampled faults`, { timeout: 600_000 }, () => {
    const out = mkdtempSync(join(tmpdir(), "plb-mutation-"));
    const r = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/mutation.ts",
        "--only",
        SAMPLE.join(","),
        "--jobs",
        "2",
        "--out",
        out,
      ],
      { encoding: "utf8", timeout: 590_000 },
    );
    const summary = JSON.parse(readFileSync(join(out, "mutation.json"), "utf8")) as {
      results: { name: string; detected: boolean }[];
    };
    expect(
      summary.results.filter((x) => !x.detected).map((x) => x.name),
      r.stderr.slice(-2000),
    ).toEqual([]);
    expect(summary.results).toHaveLength(SAMPLE.length);
  });
});
