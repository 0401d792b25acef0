// `plumbline rejudge <evidence>`: a run's conformance.json judged again offline (nothing is sent)
// with the spec and catalog given (plumbline's own by default), the four reports written again.
// The judging is reporter/rejudge.ts; here the inputs are read and bad ones refused in one line.
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { usableDir } from "../harness/config.ts";
import { ConfigError } from "../harness/errors.ts";
import { SPEC_PATH, listOperations } from "../spec/index.ts";
import { readYaml } from "../spec/yaml-cache.ts";
import type { OpenAPIV3_1 } from "openapi-types";

export interface RejudgeOptions {
  spec?: string;
  catalog?: string;
  reportDir?: string;
  log?: (line: string) => void;
}

/** A file the command reads: there, a file, readable; else one line naming the option. */
function readable(path: string, what: string): void {
  if (!existsSync(path)) throw new ConfigError(`${what}: ${path}: no such file`);
  if (!statSync(path).isFile()) throw new ConfigError(`${what}: ${path} is not a file`);
}

/** The evidence, or one line saying why it is not usable evidence. */
async function loadEvidence(path: string) {
  readable(path, "rejudge <evidence>");
  const { parseReport } = await import("../reporter/json.ts");
  let evidence: ReturnType<typeof parseReport>;
  try {
    evidence = parseReport(readFileSync(path, "utf8"), path);
  } catch (e) {
    throw new ConfigError(`rejudge <evidence>: ${(e as Error).message}`);
  }
  if (evidence.schemaVersion < 2)
    throw new ConfigError(
      `rejudge <evidence>: ${path} is schemaVersion ${evidence.schemaVersion}: it does not record which oracles its checks applied; give the conformance.json of a run by plumbline with schemaVersion 2 or later`,
    );
  return evidence;
}

/** The given spec, loaded and compiled as the live checks load theirs. */
async function loadSpec(path: string) {
  readable(path, "--spec");
  let doc: OpenAPIV3_1.Document;
  try {
    doc = readYaml(path) as OpenAPIV3_1.Document;
  } catch (e) {
    throw new ConfigError(`--spec: ${path} is not YAML: ${(e as Error).message.split("\n")[0]}`);
  }
  if (!doc || typeof doc !== "object" || typeof doc.paths !== "object")
    throw new ConfigError(`--spec: ${path} is not an OpenAPI document (no paths)`);
  const { Validator } = await import("../spec/validate.ts");
  try {
    return { doc, validator: new Validator(doc) };
  } catch (e) {
    throw new ConfigError(
      `--spec: ${path}: its schemas do not compile: ${(e as Error).message.split("\n")[0]}`,
    );
  }
}

async function loadCatalog(path: string, doc: OpenAPIV3_1.Document) {
  readable(path, "--catalog");
  const { buildCatalog, loadRawRequirements } = await import("../spec/catalog.ts");
  try {
    return buildCatalog(loadRawRequirements(path), doc).requirements;
  } catch (e) {
    throw new ConfigError(`--catalog: ${(e as Error).message.split("\n")[0]}`);
  }
}

/** Judges the evidence again, writes the four reports; returns the gate's exit status. */
export async function rejudge(evidencePath: string, opts: RejudgeOptions = {}): Promise<number> {
  const log = opts.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  const { CATALOG_FILE, fileSha256 } = await import("../reporter/evidence.ts");
  const specFile = opts.spec ?? SPEC_PATH;
  const catalogFile = opts.catalog ?? CATALOG_FILE;
  const evidence = await loadEvidence(evidencePath);
  const { doc, validator } = await loadSpec(specFile);
  const catalog = await loadCatalog(catalogFile, doc);
  const reportDir = opts.reportDir ?? process.env.PLUMBLINE_REPORT_DIR ?? "reports";
  // the evidence stays as the run wrote it: re-judging it again later needs the original
  if (resolve(reportDir, "conformance.json") === resolve(evidencePath))
    throw new ConfigError(
      `--report-dir: ${reportDir} holds the evidence being re-judged (${evidencePath}); give another directory so the run's evidence is kept`,
    );
  usableDir(reportDir, "reportDir");

  const { rejudgeReport, rejudgeLine } = await import("../reporter/rejudge.ts");
  const { toolVersion, writeReports, verdictLine, gateExitCode } = await import(
    "../reporter/index.ts"
  );
  const report = rejudgeReport(evidence, {
    validator,
    catalog,
    operations: listOperations(doc).map(({ operationId, method, path, area }) => ({
      operationId,
      method,
      path,
      area,
    })),
    judgedWith: {
      spec: { sha256: fileSha256(specFile)!, file: specFile },
      catalog: { sha256: fileSha256(catalogFile)!, file: catalogFile },
      node: process.version,
    },
    toolVersion: toolVersion(),
    evidenceFile: evidencePath,
  });
  // the evidence was redacted when it was recorded; nothing here learns a secret
  const paths = writeReports(report, reportDir);
  log(`plumbline: ${verdictLine(report)}`);
  log(`plumbline: ${rejudgeLine(report)}`);
  log(`plumbline: reports in ${paths.join(", ")} (exit status ${gateExitCode(report)})`);
  return gateExitCode(report);
}
