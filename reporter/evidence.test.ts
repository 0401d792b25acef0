// The evidence: what a run was judged with is recorded, no secret lands in it, the schema holds
// and a reader refuses what it cannot read (docs/evidence.md).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../harness/config.ts";
import { REDACTED } from "../harness/redact.ts";
import { CATALOG_FILE, fileSha256, judgedWith, recordedConfig, SPEC_FILE } from "./evidence.ts";
import { evidenceProblems } from "./evidence-schema.ts";
import { fixtureReport } from "./fixtures.ts";
import { parseReport, renderJson } from "./json.ts";
import { writeReports } from "./write.ts";

const TOKEN = "admin-token-0123456789abcdef";
const FROM_COMMAND = "restricted-from-command-98765";
const PASSPHRASE = "key-passphrase-secret-4711";
const PROXY_PASS = "userinfo-password-555";
const SHORT = "t0k"; // shorter than the Redactor's literals: the command text masks it itself

function secretConfig() {
  const c = loadConfig({
    env: { PLUMBLINE_CONFIG: undefined },
    file: undefined,
    flags: { target: `https://ops:${PROXY_PASS}@api.example.com/`, adminToken: TOKEN },
  });
  // what run.ts hands the reporter: the token commands already ran and their output is a token
  return {
    ...c,
    tokens: { ...c.tokens, restricted: FROM_COMMAND, secondary: SHORT },
    tokenCommands: { restricted: `printf ${FROM_COMMAND}`, secondary: `printf ${SHORT}` },
    tls: { clientKey: "/keys/client.pem", clientKeyPassphrase: PASSPHRASE },
  };
}

describe("evidence", () => {
  it("records the configuration with every secret removed: tokens, a token command's output, the passphrase, a URL's password", () => {
    const c = secretConfig();
    const rec = recordedConfig(c);
    const text = JSON.stringify(rec);
    for (const secret of [TOKEN, FROM_COMMAND, PASSPHRASE, PROXY_PASS])
      expect(text).not.toContain(secret);
    expect(rec.tokens).toEqual({ admin: REDACTED, restricted: REDACTED, secondary: REDACTED });
    expect(rec.tls).toEqual({ clientKey: "/keys/client.pem", clientKeyPassphrase: REDACTED });
    expect(rec.target).toBe("https://api.example.com/");
    expect(rec.tokenCommands).toEqual({
      restricted: `printf ${REDACTED}`,
      secondary: `printf ${REDACTED}`,
    });
    expect(rec).not.toHaveProperty("permits");
    // the settings a reader needs to know what ran stay
    expect(rec).toMatchObject({ seed: c.seed, areas: c.areas, allow: c.allow, strict: false });
  });

  it("records the spec's and catalog's hashes and Node's version; the written report conforms to the schema and holds no secret", () => {
    const c = secretConfig();
    const report = fixtureReport({ extra: { judgedWith: judgedWith(c) } });
    expect(report.schemaVersion).toBe(3);
    expect(report.judgedWith).toMatchObject({
      spec: { sha256: fileSha256(SPEC_FILE) },
      catalog: { sha256: fileSha256(CATALOG_FILE) },
      node: process.version,
    });
    expect(report.judgedWith!.spec.sha256).toMatch(/^[0-9a-f]{64}$/);
    const dir = mkdtempSync(join(tmpdir(), "plb-evidence-"));
    writeReports(report, dir);
    const json = readFileSync(join(dir, "conformance.json"), "utf8");
    expect(evidenceProblems(JSON.parse(json))).toEqual([]);
    for (const secret of [TOKEN, FROM_COMMAND, PASSPHRASE, PROXY_PASS])
      expect(json).not.toContain(secret);
  });

  it("the schema refuses what the format does not allow (a token left in the configuration, an unknown oracle)", () => {
    const report = JSON.parse(renderJson(fixtureReport({ extra: { judgedWith: judgedWith() } })));
    report.judgedWith.config = { tokens: { admin: TOKEN } };
    report.checks[0].oracles = [{ oracle: "guess", exchange: 0, ok: true }];
    const problems = evidenceProblems(report).join("\n");
    expect(problems).toContain("/judgedWith/config/tokens/admin");
    expect(problems).toContain("/checks/0/oracles/0/oracle");
  });

  it("a reader takes schema 1, 2 and 3 and refuses a newer version, or a file that is not evidence, in one line", () => {
    // versions 1 and 2 were plain JSON (no pool, every curl written)
    const r = fixtureReport();
    const v1 = { ...JSON.parse(JSON.stringify(r)), schemaVersion: 1 };
    expect(parseReport(JSON.stringify(v1)).schemaVersion).toBe(1);
    const v2 = parseReport(JSON.stringify({ ...v1, schemaVersion: 2 }));
    expect(v2.checks).toEqual(r.checks);
    expect(parseReport(renderJson(r)).checks).toEqual(r.checks);
    expect(() => parseReport(JSON.stringify({ ...v1, schemaVersion: 4 }), "x.json")).toThrow(
      /^x\.json: written by a newer plumbline \(schemaVersion 4; this one reads up to 3\)/,
    );
    expect(() => parseReport("{}", "x.json")).toThrow(/not a plumbline conformance\.json/);
    expect(() => parseReport("checks: []", "x.json")).toThrow(/^x\.json: not JSON/);
  });
});
