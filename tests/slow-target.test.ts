// A target slower than a check's time limit: the check is cut at its limit and ends as an error
// (plumbline's verdict is incomplete, not the target's), its exchanges so far are kept and sealed,
// and the run still writes all four reports.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPORT_FILES } from "../reporter/write.ts";
import { parseReport } from "../reporter/json.ts";
import { checkLimitMs } from "../harness/check.ts";

describe("a check's time limit", () => {
  it("follows the measured latency unless --check-timeout sets it; a declared longer limit is kept", () => {
    expect(checkLimitMs(undefined, { checkTimeoutMs: 0, latencyMs: 0.4 })).toBe(60_400);
    expect(checkLimitMs(undefined, { checkTimeoutMs: 0, latencyMs: 200 })).toBe(260_000);
    expect(checkLimitMs(120_000, { checkTimeoutMs: 0, latencyMs: 50 })).toBe(170_000);
    expect(checkLimitMs(undefined, { checkTimeoutMs: 5_000, latencyMs: 200 })).toBe(5_000);
    expect(checkLimitMs(120_000, { checkTimeoutMs: 5_000 })).toBe(120_000);
    // a request may also wait its slot of --max-rps
    expect(checkLimitMs(undefined, { checkTimeoutMs: 0, latencyMs: 0, maxRps: 10 })).toBe(160_000);
  });

  it("a check cut at its limit keeps its exchanges, and the run writes four reports", {
    timeout: 120_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-slow-"));
    const run = spawnSync(
      process.execPath,
      [
        "bin/plumbline.mjs",
        "run",
        "--files",
        "suites/oauth-clients/clients.test.ts",
        "--check-timeout",
        "300",
        "--report-dir",
        dir,
        "--ledger-dir",
        join(dir, "ledger"),
      ],
      {
        encoding: "utf8",
        env: { ...process.env, PLUMBLINE_CONFIG: "", PLUMBLINE_REFERENCE_LATENCY_MS: "120" },
      },
    );
    const out = run.stdout + run.stderr;
    expect(run.status, out).toBe(2);
    for (const f of REPORT_FILES) expect(existsSync(join(dir, f)), f).toBe(true);
    const report = parseReport(readFileSync(join(dir, "conformance.json"), "utf8"));
    const cut = report.checks.filter((c: { reason?: string }) =>
      /ran past its time limit of 0\.3 s/.test(c.reason ?? ""),
    );
    expect(cut.length, out).toBeGreaterThan(0);
    // a check cut before its first answer has nothing to keep; the others keep what they sent
    expect(cut.some((c: { exchanges: unknown[] }) => c.exchanges.length > 0)).toBe(true);
    for (const c of cut) {
      expect(c.outcome).toBe("error");
      for (const x of c.exchanges) expect(typeof x.curl).toBe("string");
    }
    const md = readFileSync(join(dir, "conformance.md"), "utf8");
    expect(md).toContain("ran past its time limit");
  });
});
