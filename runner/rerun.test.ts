// --rerun-failures: which checks are rerun, what makes one flaky, what is kept, and that a run
// with nothing failing reruns nothing. (The runs themselves: tests/rerun-failures.test.ts.)
import { describe, expect, it } from "vitest";
import { check, exchange, fixtureReport } from "../reporter/fixtures.ts";
import { testConfig } from "../harness/testing.ts";
import { chooseReruns, MAX_RERUN_CHECKS, recordReruns, rerunFailures } from "./rerun.ts";
import type { Outcome } from "../harness/model.ts";
import type { ReportCheck } from "../reporter/types.ts";

const failing = (name: string, level: "MUST" | "SHOULD" | "INFO" = "MUST") =>
  check({ name, level, outcome: "fail", reason: "broke" });
const rerun = (outcome: Outcome, reason?: string): ReportCheck =>
  check({
    name: "x",
    outcome,
    ...(reason ? { reason } : {}),
    exchanges: [exchange("GET", "http://t/v4/account", outcome === "pass" ? 200 : 500, {})],
  });

describe("chooseReruns", () => {
  it("reruns MUST and SHOULD failures, gated ones first, at most the cap; INFO never", () => {
    const checks = [
      failing("s1", "SHOULD"),
      check({ name: "p", outcome: "pass" }),
      failing("i1", "INFO"),
      ...Array.from({ length: 11 }, (_, n) => failing(`m${n}`)),
    ];
    const report = fixtureReport({ checks });
    const { chosen, failing: n } = chooseReruns(report);
    expect(n).toBe(12); // 11 MUST + 1 SHOULD
    expect(chosen).toHaveLength(MAX_RERUN_CHECKS);
    expect(chosen.map((i) => report.checks[i].name)).toEqual(
      Array.from({ length: 10 }, (_, k) => `m${k}`),
    );
    // with SHOULD gated (strict) the SHOULD failure ranks after the MUST ones, before a known failure
    const strict = fixtureReport({
      checks: [failing("k"), failing("s", "SHOULD"), failing("m")],
      expectations: [{ id: "k", reason: "known" }],
      strict: true,
    });
    expect(chooseReruns(strict).chosen.map((i) => strict.checks[i].name)).toEqual(["m", "s", "k"]);
  });
});

describe("recordReruns", () => {
  it("a failure that passes on a rerun is flaky; the first outcome stays", () => {
    const c = failing("a");
    recordReruns(c, [rerun("fail"), rerun("pass"), rerun("pass")]);
    expect(c.outcome).toBe("fail");
    expect(c.flaky).toBe(true);
    expect(c.reruns).toEqual(["fail", "pass", "pass"]);
    // only the first rerun of each differing outcome is kept, with its exchanges
    expect(c.rerunEvidence).toEqual([
      { attempt: 2, outcome: "pass", exchanges: rerun("pass").exchanges },
    ]);
  });

  it("a failure that fails every rerun is not flaky and keeps no rerun exchanges", () => {
    const c = failing("a");
    recordReruns(c, [rerun("fail"), rerun("fail")]);
    expect(c.flaky).toBeUndefined();
    expect(c.reruns).toEqual(["fail", "fail"]);
    expect(c.rerunEvidence).toBeUndefined();
  });

  it("a skip or an error judges nothing: no flake, but the rerun that differed is kept", () => {
    const c = failing("a");
    recordReruns(c, [rerun("error", "target not answering"), rerun("skip", "no fixture")]);
    expect(c.flaky).toBeUndefined();
    expect(c.rerunEvidence?.map((e) => [e.attempt, e.outcome, e.reason])).toEqual([
      [1, "error", "target not answering"],
      [2, "skip", "no fixture"],
    ]);
  });
});

describe("rerunFailures", () => {
  const ctx = (checks: ReportCheck[], rounds: number) => {
    let started = 0;
    const report = fixtureReport({ checks });
    return {
      report,
      started: () => started,
      run: () =>
        rerunFailures({
          config: testConfig("http://127.0.0.1:1", { rerunFailures: rounds }),
          report,
          modules: [],
          createVitest: async () => {
            started++;
            throw new Error("no vitest in a unit test");
          },
          stopped: () => undefined,
          onStop: () => {},
          addSecret: () => {},
          log: () => {},
        }),
    };
  };

  it("a passing run reruns nothing: no vitest is started, the report has no reruns", async () => {
    const c = ctx([check({ name: "p", outcome: "pass" }), failing("i", "INFO")], 3);
    expect(await c.run()).toBeUndefined();
    expect(c.started()).toBe(0);
    expect(c.report.reruns).toBeUndefined();
  });

  it("reruns that break off leave the first run's verdict and say why", async () => {
    const c = ctx([failing("m")], 2);
    const summary = await c.run();
    expect(c.started()).toBe(1);
    expect(summary).toMatchObject({ rounds: 2, roundsRun: 0, rerun: 1, flaky: 0 });
    expect(summary?.stopped).toBe("the reruns broke off (no vitest in a unit test)");
    expect(c.report.checks[0].reruns).toBeUndefined();
    expect(c.report.gate.exitCode).toBe(1);
  });

  it("--rerun-failures 0 reruns nothing, failures or not", async () => {
    const c = ctx([failing("m")], 0);
    expect(await c.run()).toBeUndefined();
    expect(c.started()).toBe(0);
  });
});
