// `plumbline run` against a target that misbehaves in one way per mode (tests/hostile-server.ts):
// HTML, truncated, 10 MB and 20,000-deep bodies, resets, stalls, redirect loops, JSON labelled
// text/plain, a gzip header on plain JSON, creates answered with no ID, and secrets minted in every
// answer. Each mode must end with a verdict, the four reports, no secret anywhere (files and
// console), no stack overflow blamed on plumbline, and in bounded time. Only the conventions area
// runs (it touches every kind of answer), one worker, a lowered request timeout: a whole run per
// mode is what costs, not the checks.
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HOSTILE_MODES, startHostile, type HostileMode } from "./hostile-server.ts";
import { runPlumbline } from "./plumbline-child.ts";
import { REPORT_FILES } from "../reporter/write.ts";
import { readLedger, listLedgers } from "../harness/ledger.ts";

const ADMIN = "hostile-admin-token-0123456789";
const MODE_LIMIT_MS = 60_000;
// a minute per mode on a machine not oversubscribed more than 4 times; beyond that the wall clock
// measures the other processes, so the bound widens with the load (it still catches a hang)
const loadFactor = () => Math.max(1, loadavg()[0] / cpus().length / 4);

interface Outcome {
  mode: HostileMode;
  code: number | null;
  ms: number;
  console: string;
  dir: string;
  minted: string[];
}

async function runMode(mode: HostileMode): Promise<Outcome> {
  const target = await startHostile(mode);
  const areas =
    mode === "secrets" || mode === "no-id" ? "conventions,oauth-clients" : "conventions";
  // biome-ignore format: flags and their values in pairs
  const args = [
    "--target", target.url, "--admin-token", ADMIN, "--areas", areas, "--concurrency", "1",
    // the matrix's robustness is exercised by its classes; every extra cell only multiplies the
    // secrets mode's minted secrets
    "--matrix", "classes",
    "--request-timeout", "1000",
  ];
  const started = Date.now();
  const run = await runPlumbline(args, {}, 3 * MODE_LIMIT_MS);
  await target.close();
  return {
    mode,
    code: run.code,
    ms: Date.now() - started,
    console: run.out,
    dir: run.dir,
    minted: [...target.minted, ADMIN],
  };
}

// modes run two at a time: each is a whole `plumbline run`, mostly start-up
const results = new Map<HostileMode, Promise<Outcome>>();
async function result(mode: HostileMode): Promise<Outcome> {
  if (!results.has(mode)) {
    const i = HOSTILE_MODES.indexOf(mode);
    const before = i >= 2 ? result(HOSTILE_MODES[i - 2]).catch(() => undefined) : Promise.resolve();
    results.set(
      mode,
      before.then(() => runMode(mode)),
    );
    if (i + 2 < HOSTILE_MODES.length) void result(HOSTILE_MODES[i + 2]);
  }
  return results.get(mode)!;
}
void result(HOSTILE_MODES[0]);
void result(HOSTILE_MODES[1]);

describe("plumbline run against a hostile target", () => {
  for (const mode of HOSTILE_MODES) {
    it(`${mode}: a verdict, four reports, no secret, bounded time`, {
      timeout: 12 * MODE_LIMIT_MS,
    }, async () => {
      const r = await result(mode);
      const tail = r.console.slice(-2000);
      expect([1, 2], `exit ${r.code}\n${tail}`).toContain(r.code);
      expect(r.console).toMatch(/plumbline: (PASS|FAIL|INCOMPLETE) \(exit [12]/);
      expect(r.console).not.toMatch(/internal error|\n\s+at .+\(.+:\d+:\d+\)/);
      for (const f of REPORT_FILES) expect(existsSync(join(r.dir, f)), f).toBe(true);
      const files = REPORT_FILES.map((f) => readFileSync(join(r.dir, f), "utf8"));
      const report = JSON.parse(files[0]) as {
        checks: { outcome: string; reason?: string }[];
        gate: { verdict: string };
      };
      expect(["fail", "error"]).toContain(report.gate.verdict);
      expect(report.checks.length).toBeGreaterThan(0);
      // nothing blamed on plumbline for what the target sent
      expect(
        report.checks.filter((c) =>
          /Maximum call stack|RangeError|Invalid string length/.test(c.reason ?? ""),
        ),
      ).toEqual([]);
      for (const secret of r.minted) {
        for (const [i, text] of files.entries())
          expect(text.includes(secret), `${secret} in ${REPORT_FILES[i]}`).toBe(false);
        expect(r.console.includes(secret), `${secret} on the console`).toBe(false);
      }
      console.log(
        `hostile ${mode}: exit ${r.code} in ${r.ms} ms (load ${loadavg()[0].toFixed(1)})`,
      );
      expect(
        r.ms,
        `${mode} took ${r.ms} ms (load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
      ).toBeLessThan(MODE_LIMIT_MS * loadFactor());
    });
  }

  it("secrets: the target minted secrets in every answer, and the run reports failures, not errors", {
    timeout: 12 * MODE_LIMIT_MS,
  }, async () => {
    const r = await result("secrets");
    expect(r.minted.length).toBeGreaterThan(50);
    const report = JSON.parse(readFileSync(join(r.dir, "conformance.json"), "utf8")) as {
      checks: { outcome: string }[];
    };
    expect(report.checks.some((c) => c.outcome === "fail")).toBe(true);
  });

  it("stall: the breaker ends the remaining checks as `error: target not answering`", {
    timeout: 12 * MODE_LIMIT_MS,
  }, async () => {
    const r = await result("stall");
    const report = JSON.parse(readFileSync(join(r.dir, "conformance.json"), "utf8")) as {
      checks: { outcome: string; reason?: string }[];
    };
    expect(
      report.checks.filter(
        (c) => c.outcome === "error" && /^target not answering/.test(c.reason ?? ""),
      ).length,
    ).toBeGreaterThan(10);
  });

  it("no-id: creates answered 2xx with no ID are target failures naming the fixture, and the ledger holds no unreplayable path", {
    timeout: 12 * MODE_LIMIT_MS,
  }, async () => {
    const r = await result("no-id");
    const report = JSON.parse(readFileSync(join(r.dir, "conformance.json"), "utf8")) as {
      checks: { outcome: string; reason?: string }[];
    };
    const fixtures = report.checks.filter((c) =>
      /^setup: the \w+ fixture .* was not created: \w+ answered 200 but its body gives no ID/.test(
        c.reason ?? "",
      ),
    );
    expect(fixtures.length).toBeGreaterThan(3);
    expect(fixtures.every((c) => c.outcome === "fail")).toBe(true);
    for (const file of listLedgers(join(r.dir, "ledger"))) {
      for (const e of readLedger(file).open) expect(e.path, JSON.stringify(e)).toBeUndefined();
    }
  });

  it("fake-gzip: a gzip header on a plain JSON body fails CONV-JSON-2; wrong-type: JSON as text/plain is a SHOULD warning (CONV-JSON-3)", {
    timeout: 12 * MODE_LIMIT_MS,
  }, async () => {
    const gz = JSON.parse(
      readFileSync(join((await result("fake-gzip")).dir, "conformance.json"), "utf8"),
    ) as { checks: { name: string; outcome: string; reason?: string }[] };
    expect(gz.checks.find((c) => c.name.includes("[CONV-JSON-2]"))).toMatchObject({
      outcome: "fail",
      reason: expect.stringMatching(/Content-Encoding "gzip" but the body is not gzip data/),
    });
    const wt = JSON.parse(
      readFileSync(join((await result("wrong-type")).dir, "conformance.json"), "utf8"),
    ) as { checks: { name: string; outcome: string; level: string }[] };
    expect(wt.checks.find((c) => c.name.includes("[CONV-JSON-3]"))).toMatchObject({
      outcome: "fail",
      level: "SHOULD",
    });
  });
});
