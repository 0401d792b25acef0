import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "./config.ts";
import { ConfigError } from "./errors.ts";

const tmp = () => mkdtempSync(join(tmpdir(), "plb-cfg-"));
const none = join(tmpdir(), "no-such-plumbline.config.yaml");

describe("config", () => {
  it("defaults: no target means the embedded reference, every class allowed there", () => {
    const c = loadConfig({ env: { PLUMBLINE_CONFIG: undefined }, file: undefined, flags: {} });
    expect(c.target).toBeUndefined();
    expect(c.allow).toContain("destructive");
    expect(c.labelPrefix).toBe(`plb-${c.runId}-`);
    expect(c.gateLevel).toBe("MUST");
  });

  it("a real target gets read-only and creates only, unless opted in", () => {
    expect(loadConfig({ env: { PLUMBLINE_TARGET: "https://api.example.com/" } }).allow).toEqual([
      "read-only",
      "creates",
    ]);
    expect(
      loadConfig({ env: { PLUMBLINE_TARGET: "https://x.example", PLUMBLINE_DESTRUCTIVE: "true" } })
        .allow,
    ).toContain("account-wide");
    expect(
      loadConfig({ env: {}, flags: { target: "https://x.example", allow: "read-only,billable" } })
        .allow,
    ).toEqual(["read-only", "billable"]);
  });

  it("the convergence window: 2 s by default; ms or s from a flag, PLUMBLINE_SETTLE or the file; refused past 60 s", () => {
    expect(loadConfig({ env: {} }).settleMs).toBe(2000);
    expect(loadConfig({ env: {}, flags: { settleMs: "0" } }).settleMs).toBe(0);
    expect(loadConfig({ env: { PLUMBLINE_SETTLE: "750ms" } }).settleMs).toBe(750);
    expect(loadConfig({ env: { PLUMBLINE_SETTLE: "1.5s" } }).settleMs).toBe(1500);
    const dir = tmp();
    writeFileSync(join(dir, "c.yaml"), "settle: 5s\n");
    expect(loadConfig({ env: {}, file: join(dir, "c.yaml") }).settleMs).toBe(5000);
    expect(() => loadConfig({ env: { PLUMBLINE_SETTLE: "61s" } })).toThrow(
      /PLUMBLINE_SETTLE: "61s" is not valid; expected a convergence window/,
    );
    expect(() => loadConfig({ env: {}, flags: { settleMs: "soon" } })).toThrow(/--settle/);
  });

  it("races (class concurrent) run on the embedded reference, opt-in on a real target", () => {
    expect(loadConfig({ env: {} }).allow).toContain("concurrent");
    expect(loadConfig({ env: { PLUMBLINE_TARGET: "https://x.example" } }).allow).not.toContain(
      "concurrent",
    );
    expect(
      loadConfig({ env: { PLUMBLINE_TARGET: "https://x.example", PLUMBLINE_ALLOW: "concurrent" } })
        .allow,
    ).toEqual(["concurrent"]);
  });

  it("precedence: flags over env over file", () => {
    const dir = tmp();
    const file = join(dir, "plumbline.config.yaml");
    writeFileSync(
      file,
      "target: https://file.example\nconcurrency: 3\nseed: 7\nprincipals:\n  admin: file-token\nfixtures:\n  type: t1\n",
    );
    const c = loadConfig({
      file,
      env: { PLUMBLINE_TARGET: "https://env.example", PLUMBLINE_SEED: "9" },
      flags: { seed: "11" },
    });
    expect(c.target).toBe("https://env.example");
    expect(c.concurrency).toBe(3);
    expect(c.seed).toBe(11);
    expect(c.tokens.admin).toBe("file-token");
    expect(c.fixtures.type).toBe("t1");
  });

  it("--max-rps takes a fraction, --max-requests a count; neither is set by default", () => {
    expect(loadConfig({ env: {}, flags: {} })).not.toHaveProperty("maxRps");
    const c = loadConfig({ env: { PLUMBLINE_MAX_RPS: "2.5" }, flags: { maxRequests: "300" } });
    expect([c.maxRps, c.maxRequests]).toEqual([2.5, 300]);
  });

  it("reruns: none and --flaky warn by default; a flag, PLUMBLINE_* or the file sets them", () => {
    const none = loadConfig({ env: {}, flags: {} });
    expect([none.rerunFailures, none.flaky]).toEqual([0, "warn"]);
    const env = loadConfig({
      env: { PLUMBLINE_RERUN_FAILURES: "3", PLUMBLINE_FLAKY: "fail" },
      flags: {},
    });
    expect([env.rerunFailures, env.flaky]).toEqual([3, "fail"]);
    const file = join(tmp(), "r.yaml");
    writeFileSync(file, "rerunFailures: 5\nflaky: FAIL\n");
    const fromFile = loadConfig({ env: {}, file });
    expect([fromFile.rerunFailures, fromFile.flaky]).toEqual([5, "fail"]);
  });

  it("--strict gates on SHOULD", () => {
    expect(loadConfig({ env: {}, flags: { strict: true } }).gateLevel).toBe("SHOULD");
  });

  it.each([
    [{ target: "htp:/nope" }, /--target: "htp:\/nope" is not valid; expected an http\(s\) URL/],
    [{ gateLevel: "MAYBE" }, /--gate-level: "MAYBE" is not valid; expected MUST or SHOULD/],
    [{ concurrency: "0" }, /--concurrency: "0" is not valid; expected an integer from 1 to 64/],
    [
      { areas: "vm,moon" },
      /--areas: "vm,moon" is not valid; expected a comma-separated list of conventions/,
    ],
    [{ allow: "everything" }, /--allow/],
    [{ maxRps: "fast" }, /--max-rps: "fast" is not valid; expected requests per second at most/],
    [{ maxRps: "0" }, /--max-rps: "0" is not valid; expected .* a number from 0\.1 to 100000/],
    [
      { maxRequests: "1.5" },
      /--max-requests: "1\.5" is not valid; expected the run's request budget, an integer/,
    ],
    [{ rerunFailures: "6" }, /--rerun-failures: "6" is not valid; expected an integer from 0 to 5/],
    [{ flaky: "maybe" }, /--flaky: "maybe" is not valid; expected fail or warn/],
    [
      { expectationsFile: "/no/such/file" },
      /--expectations: .* expected the path of an existing expectations file/,
    ],
  ])("refuses %j with a message naming the flag", (flags, msg) => {
    expect(() => loadConfig({ env: {}, flags })).toThrow(ConfigError);
    expect(() => loadConfig({ env: {}, flags })).toThrow(msg);
  });

  it("names the environment variable or file key that is wrong", () => {
    expect(() => loadConfig({ env: { PLUMBLINE_REQUEST_TIMEOUT_MS: "soon" } })).toThrow(
      /^PLUMBLINE_REQUEST_TIMEOUT_MS: "soon" is not valid; expected milliseconds/,
    );
    const file = join(tmp(), "c.yaml");
    writeFileSync(file, "waitTimeoutMs: -5\n");
    expect(() => loadConfig({ env: {}, file })).toThrow(/c\.yaml: waitTimeoutMs: -5 is not valid/);
    writeFileSync(file, "targt: https://x\n");
    expect(() => loadConfig({ env: {}, file })).toThrow(/unknown setting "targt"/);
    writeFileSync(file, "target: [unclosed\n");
    expect(() => loadConfig({ env: {}, file })).toThrow(/is not valid YAML/);
    expect(() => loadConfig({ env: {}, file: none })).toThrow(/does not exist/);
  });
});
