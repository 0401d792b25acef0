// The report files mask the run's secrets and stay valid whatever the strings around them hold.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Redactor } from "../harness/redact.ts";
import { check, exchange, fixtureReport } from "./fixtures.ts";
import { writeReports } from "./write.ts";
import { evidenceProblems } from "./evidence-schema.ts";

describe("writeReports", () => {
  it("masks a secret holding a quote, and a string whose escape looks like the start of a secret stays valid JSON", () => {
    const quoted = 'ab"cdefgh-secret';
    const lookalike = "nNNNNNNNN-secret"; // in JSON text "\nNNN..." holds it right after a backslash
    const redactor = new Redactor([quoted, lookalike]);
    const report = fixtureReport();
    report.checks.push(
      check({
        name: "account > [ACC-VIEW-1] a label with a newline",
        outcome: "pass",
        exchanges: [exchange("GET", "/v4/x", 200, { label: `\nNNNNNNNN-secret`, note: quoted })],
      }),
    );
    const dir = mkdtempSync(join(tmpdir(), "plb-write-"));
    writeReports(report, dir, (t) => redactor.scrub(t));
    const json = readFileSync(join(dir, "conformance.json"), "utf8");
    const back = JSON.parse(json);
    expect(evidenceProblems(back)).toEqual([]);
    const body = back.checks.at(-1).exchanges[0].responseBody;
    expect(body).toEqual({ label: "\nNNNNNNNN-secret", note: "[REDACTED]" });
    for (const f of ["conformance.md", "conformance.html", "junit.xml"])
      expect(readFileSync(join(dir, f), "utf8")).not.toContain("cdefgh-secret");
  });

  it("writes all four reports when a check that timed out left an exchange unfinished (no status, no curl)", () => {
    const report = fixtureReport();
    const { curl: _, ...unfinished } = exchange("POST", "/v4/vm/instances", 0, undefined);
    report.checks.push(
      check({
        name: "vm > [VM-CREATE-1] a check past its time limit",
        outcome: "error",
        reason: "timed out",
        exchanges: [{ ...unfinished, status: undefined, responseBody: undefined } as never],
      }),
    );
    const dir = mkdtempSync(join(tmpdir(), "plb-write-"));
    writeReports(report, dir, (t) => t);
    expect(evidenceProblems(join(dir, "conformance.json"))).toEqual([]);
    expect(readFileSync(join(dir, "conformance.md"), "utf8")).toContain("POST /v4/vm/instances");
    expect(readFileSync(join(dir, "junit.xml"), "utf8")).toContain("not finished");
    expect(readFileSync(join(dir, "conformance.html"), "utf8")).toContain(
      "a check past its time limit",
    );
  });
});
