// Run configuration, from three sources. Precedence: CLI flags > environment (PLUMBLINE_*) >
// plumbline.config.yaml > defaults. Environment wins over the file because the file is shared by
// a repo while the environment belongs to one invocation (CI secrets, a one-off target).
// Every bad value becomes a ConfigError naming where it came from and what is expected.
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { parse as parseYaml } from "yaml";
import { AREAS, type Area, type Level, type SideEffect } from "./model.ts";
import { ConfigError } from "./errors.ts";

export const SIDE_EFFECTS: SideEffect[] = [
  "read-only",
  "creates",
  "billable",
  "destructive",
  "account-wide",
  "concurrent",
];
/** A deterministic slice of the test files: the index-th of count (1-based). */
export interface Shard {
  index: number;
  count: number;
}
export type PrincipalName = "admin" | "restricted" | "secondary" | "anonymous";

export interface Config {
  /** the target is the reference this run started: in its memory, gone when the run ends */
  embedded?: boolean;
  /** base URL of the target; undefined means "start the embedded reference" */
  target?: string;
  /** name of the target in reports */
  targetLabel: string;
  /** what the target says it is (a build, a commit): history tells a changed target from a flaky one */
  targetVersion?: string;
  controlUrl?: string;
  tokens: { admin?: string; restricted?: string; secondary?: string };
  areas: Area[];
  /** lowest level that fails the gate: MUST, or SHOULD with --strict */
  gateLevel: Exclude<Level, "INFO">;
  strict: boolean;
  seed: number;
  /** a fuzz campaign's round (runner/campaign.ts): corpus to replay, weights, what is known */
  fuzzCampaign?: import("./model.ts").FuzzCampaign;
  fuzzRuns: number;
  /** per fuzz property: stop generating cases after this many ms */
  timeBudgetMs: number;
  /**
   * --concurrency: requests in flight at most. Adaptive by default (the ceiling; runner/run.ts and
   * harness/concurrency.ts AdaptiveInFlight); `fixed:N` holds N.
   */
  concurrency: number;
  /**
   * `adaptive`: the run finds its requests in flight up to `concurrency` (from a 5 ms round trip on;
   * nearer, 4 unless --concurrency was given); `fixed`: `--concurrency fixed:N`
   */
  concurrencyMode: "adaptive" | "fixed";
  /** --concurrency was given (flag, variable or file): nearer than 5 ms it is held as given */
  concurrencyGiven?: boolean;
  requestTimeoutMs: number;
  waitTimeoutMs: number;
  /** a check's time limit; 0: 60 s (or what the check declares) plus 1,000 round trips at the latency measured before the run */
  checkTimeoutMs: number;
  /**
   * The convergence window (harness/settle.ts): a read after a write that disagrees with it is read
   * again, with back-off, for this long before the disagreement is a failure; 0 reads at once and
   * once more. spec/README.md's policy: how soon a write shows is not said.
   */
  settleMs: number;
  /** the target's round trip in ms, measured before the run (runner/run.ts preflight) */
  latencyMs?: number;
  /** bounded 429 handling */
  maxRetries: number;
  maxRetryWaitMs: number;
  runId: string;
  labelPrefix: string;
  allow: SideEffect[];
  reportDir: string;
  /** run history: each run's conformance.json is kept here too (reporter/history-store.ts) */
  historyDir?: string;
  expectationsFile?: string;
  ledgerDir: string;
  /** response bytes kept per exchange */
  maxBodyBytes: number;
  /** this machine's slice of the suite's files (`--shard 2/4`); undefined runs them all */
  shard?: Shard;
  /** the whole run stops (cleans up, writes reports marked interrupted) after this long */
  deadlineMs: number;
  /** the authorization matrix: `full` asks every principal column, `classes` every operation once
   * per principal class, for a target where each request costs (suites/authz/cells.ts inMatrix) */
  matrix: "classes" | "full";
  /** requests per second at most, across every worker of the run (harness/rate.ts) */
  maxRps?: number;
  /** requests the run may send; when spent the run stops as at its deadline (cleanup may go past it) */
  maxRequests?: number;
  /** failing checks run this many more times after the run, same seed (runner/rerun.ts); 0: none */
  rerunFailures: number;
  /** a flaky failure (failed, then passed on a rerun) gates with `fail`; with `warn` it is reported only */
  flaky: "fail" | "warn";
  /** where the run's permit service listens (set by `plumbline run`, not a setting) */
  permits?: string;
  /**
   * The workers take the run's requests in flight from one shared pool at the permit service, not
   * each its fixed share (set by `plumbline run` when the target is far away, not a setting).
   */
  sharedSlots?: boolean;
  /**
   * A near target, adaptive by default: each worker holds its fixed share until its requests turn
   * slow (a kind of request answered in 20 ms or more), then takes its places from the run's adaptive
   * pool up to this ceiling (harness/concurrency.ts WidenWhenSlow; set by `plumbline run`, not a
   * setting).
   */
  widenCeiling?: number;
  /** target-specific values the material does not define (regions, types, images: not shown) */
  fixtures: {
    region?: string;
    type?: string;
    largerType?: string;
    image?: string;
    cluster?: string;
  };
  /** PEM files for an https target (harness/tls.ts): a private CA, a client certificate */
  tls: { caFile?: string; clientCert?: string; clientKey?: string; clientKeyPassphrase?: string };
  /** a shell command per principal printing its token, run at start and on a 401 (harness/token-command.ts) */
  tokenCommands: { admin?: string; restricted?: string; secondary?: string };
}

/** Raw values as strings (or YAML scalars) before parsing, keyed by Config field. */
type Raw = Partial<Record<keyof typeof FIELDS, unknown>>;

interface Field {
  env: string;
  flag: string;
  /** key in plumbline.config.yaml (dotted for nested) */
  file: string;
  expected: string;
}

// One row per setting: where it can come from and what a good value looks like.
const FIELDS = {
  target: {
    env: "PLUMBLINE_TARGET",
    flag: "--target",
    file: "target",
    expected: "an http(s) URL such as https://api.example.com",
  },
  targetLabel: {
    env: "PLUMBLINE_TARGET_LABEL",
    flag: "--target-label",
    file: "targetLabel",
    expected: "a short name for reports",
  },
  targetVersion: {
    env: "PLUMBLINE_TARGET_VERSION",
    flag: "--target-version",
    file: "targetVersion",
    expected:
      "the target's build or commit, 1 to 64 characters (history counts a check flaky only within one version)",
  },
  controlUrl: {
    env: "PLUMBLINE_CONTROL_URL",
    flag: "--control",
    file: "control",
    expected: "an http(s) URL of the control endpoint",
  },
  adminToken: {
    env: "PLUMBLINE_ADMIN_TOKEN",
    flag: "--admin-token",
    file: "principals.admin",
    expected: "a bearer token",
  },
  restrictedToken: {
    env: "PLUMBLINE_RESTRICTED_TOKEN",
    flag: "--restricted-token",
    file: "principals.restricted",
    expected: "a bearer token",
  },
  secondaryToken: {
    env: "PLUMBLINE_SECONDARY_TOKEN",
    flag: "--secondary-token",
    file: "principals.secondary",
    expected: "a bearer token",
  },
  areas: {
    env: "PLUMBLINE_AREAS",
    flag: "--areas",
    file: "areas",
    expected: `a comma-separated list of ${AREAS.join(", ")}`,
  },
  gateLevel: {
    env: "PLUMBLINE_GATE_LEVEL",
    flag: "--gate-level",
    file: "gateLevel",
    expected: "MUST or SHOULD",
  },
  strict: { env: "PLUMBLINE_STRICT", flag: "--strict", file: "strict", expected: "true or false" },
  seed: { env: "PLUMBLINE_SEED", flag: "--seed", file: "seed", expected: "an integer" },
  fuzzRuns: {
    env: "PLUMBLINE_FUZZ_RUNS",
    flag: "--fuzz-runs",
    file: "fuzzRuns",
    expected: "an integer from 1 to 100000 (cases per fuzz property)",
  },
  timeBudgetMs: {
    env: "PLUMBLINE_TIME_BUDGET_MS",
    flag: "--time-budget",
    file: "timeBudgetMs",
    expected: "milliseconds per fuzz property, an integer from 100 to 3600000",
  },
  concurrency: {
    env: "PLUMBLINE_CONCURRENCY",
    flag: "--concurrency",
    file: "concurrency",
    expected: "an integer from 1 to 64 (the ceiling of adaptive requests in flight), or fixed:N",
  },
  requestTimeoutMs: {
    env: "PLUMBLINE_REQUEST_TIMEOUT_MS",
    flag: "--request-timeout",
    file: "requestTimeoutMs",
    expected: "milliseconds, an integer from 100 to 600000",
  },
  waitTimeoutMs: {
    env: "PLUMBLINE_WAIT_TIMEOUT_MS",
    flag: "--wait-timeout",
    file: "waitTimeoutMs",
    expected: "milliseconds, an integer from 0 to 3600000",
  },
  checkTimeoutMs: {
    env: "PLUMBLINE_CHECK_TIMEOUT_MS",
    flag: "--check-timeout",
    file: "checkTimeoutMs",
    expected:
      "milliseconds a check may take, an integer from 100 to 3600000; 0 (the default): 60 s plus 1,000 round trips at the target's measured latency",
  },
  settleMs: {
    env: "PLUMBLINE_SETTLE",
    flag: "--settle",
    file: "settle",
    expected:
      "a convergence window from 0 to 60s: milliseconds, or a number with ms or s (default 2s). A read after a write (read-your-writes, list = view, delete is complete, hierarchy, events of a write, tags) that disagrees with the write is read again, with back-off, until it agrees or the window closes; the lag is reported, a disagreement past the window fails. 0 reads at once and once more",
  },
  maxRetries: {
    env: "PLUMBLINE_MAX_RETRIES",
    flag: "--max-retries",
    file: "maxRetries",
    expected: "an integer from 0 to 10",
  },
  maxRetryWaitMs: {
    env: "PLUMBLINE_MAX_RETRY_WAIT_MS",
    flag: "--max-retry-wait",
    file: "maxRetryWaitMs",
    expected: "milliseconds, an integer from 0 to 120000",
  },
  runId: {
    env: "PLUMBLINE_RUN_ID",
    flag: "--run-id",
    file: "runId",
    expected: "letters and digits, 1 to 12 characters",
  },
  labelPrefix: {
    env: "PLUMBLINE_LABEL_PREFIX",
    flag: "--label-prefix",
    file: "labelPrefix",
    expected: "letters, digits and dashes, 3 to 20 characters, starting with a letter",
  },
  allow: {
    env: "PLUMBLINE_ALLOW",
    flag: "--allow",
    file: "allow",
    expected: `a comma-separated list of ${SIDE_EFFECTS.join(", ")}`,
  },
  destructive: {
    env: "PLUMBLINE_DESTRUCTIVE",
    flag: "--destructive",
    file: "destructive",
    expected: "true or false",
  },
  reportDir: {
    env: "PLUMBLINE_REPORT_DIR",
    flag: "--report-dir",
    file: "reportDir",
    expected: "a directory path",
  },
  historyDir: {
    env: "PLUMBLINE_HISTORY",
    flag: "--history",
    file: "history",
    expected:
      "a directory path: each run's conformance.json is kept there under its sha256, for plumbline history (created when missing)",
  },
  expectationsFile: {
    env: "PLUMBLINE_EXPECTATIONS",
    flag: "--expectations",
    file: "expectations",
    expected: "the path of an existing expectations file",
  },
  ledgerDir: {
    env: "PLUMBLINE_LEDGER_DIR",
    flag: "--ledger-dir",
    file: "ledgerDir",
    expected: "a directory path",
  },
  fixtureRegion: {
    env: "PLUMBLINE_FIXTURE_REGION",
    flag: "--fixture-region",
    file: "fixtures.region",
    expected: "a region ID of the target",
  },
  fixtureType: {
    env: "PLUMBLINE_FIXTURE_TYPE",
    flag: "--fixture-type",
    file: "fixtures.type",
    expected: "an instance type ID of the target",
  },
  fixtureLargerType: {
    env: "PLUMBLINE_FIXTURE_LARGER_TYPE",
    flag: "--fixture-larger-type",
    file: "fixtures.largerType",
    expected: "an instance type ID of the target with more disk than the type fixture",
  },
  fixtureImage: {
    env: "PLUMBLINE_FIXTURE_IMAGE",
    flag: "--fixture-image",
    file: "fixtures.image",
    expected: "an image ID of the target",
  },
  fixtureCluster: {
    env: "PLUMBLINE_FIXTURE_CLUSTER",
    flag: "--fixture-cluster",
    file: "fixtures.cluster",
    expected: "an object storage cluster ID of the target",
  },
  shard: {
    env: "PLUMBLINE_SHARD",
    flag: "--shard",
    file: "shard",
    expected:
      "i/n with 1 <= i <= n <= 64, e.g. 2/4 (this machine's slice; merge the slices with plumbline report merge)",
  },
  maxBodyBytes: {
    env: "PLUMBLINE_MAX_BODY_BYTES",
    flag: "--max-body-bytes",
    file: "maxBodyBytes",
    expected: "an integer from 1024 to 104857600",
  },
  matrix: {
    env: "PLUMBLINE_MATRIX",
    flag: "--matrix",
    file: "matrix",
    expected: "classes (every operation once per principal class) or full (every principal column)",
  },
  deadline: {
    env: "PLUMBLINE_DEADLINE",
    flag: "--deadline",
    file: "deadline",
    expected: "a duration from 10s to 24h: seconds, or a number with s, m or h (default 30m)",
  },
  maxRps: {
    env: "PLUMBLINE_MAX_RPS",
    flag: "--max-rps",
    file: "maxRps",
    expected:
      "requests per second at most across the whole run, a number from 0.1 to 100000 (default: no limit)",
  },
  maxRequests: {
    env: "PLUMBLINE_MAX_REQUESTS",
    flag: "--max-requests",
    file: "maxRequests",
    expected:
      "the run's request budget, an integer from 1 to 1000000000; when spent the run stops, cleans up (past the budget) and writes its reports (default: none)",
  },
  rerunFailures: {
    env: "PLUMBLINE_RERUN_FAILURES",
    flag: "--rerun-failures",
    file: "rerunFailures",
    expected:
      "an integer from 0 to 5: after the run, each failing check (at most 10, MUST first) runs that many more times with the same seed and is marked flaky when the runs both pass and fail (default 0)",
  },
  flaky: {
    env: "PLUMBLINE_FLAKY",
    flag: "--flaky",
    file: "flaky",
    expected:
      "fail or warn: whether a flaky MUST failure (failed, then passed on a rerun) fails the gate (fail) or is only reported (warn, the default)",
  },
  caFile: {
    env: "PLUMBLINE_CA_FILE",
    flag: "--ca-file",
    file: "tls.caFile",
    expected:
      "a PEM file of the CA certificates that sign an https target's (and control endpoint's) certificate, trusted besides the usual ones",
  },
  clientCert: {
    env: "PLUMBLINE_CLIENT_CERT",
    flag: "--client-cert",
    file: "tls.clientCert",
    expected: "a PEM file of the client certificate an https target asks for (with --client-key)",
  },
  clientKey: {
    env: "PLUMBLINE_CLIENT_KEY",
    flag: "--client-key",
    file: "tls.clientKey",
    expected: "a PEM file of the client certificate's private key",
  },
  clientKeyPassphrase: {
    env: "PLUMBLINE_CLIENT_KEY_PASSPHRASE",
    flag: "--client-key-passphrase",
    file: "tls.clientKeyPassphrase",
    expected: "the passphrase of an encrypted --client-key (masked in every report)",
  },
  adminTokenCommand: {
    env: "PLUMBLINE_ADMIN_TOKEN_COMMAND",
    flag: "--admin-token-command",
    file: "tokenCommands.admin",
    expected:
      "a shell command printing the admin token alone, instead of --admin-token: run at start and again when the target answers 401 to a token that worked (the request is then sent once more); 30 s at most",
  },
  restrictedTokenCommand: {
    env: "PLUMBLINE_RESTRICTED_TOKEN_COMMAND",
    flag: "--restricted-token-command",
    file: "tokenCommands.restricted",
    expected:
      "a shell command printing the restricted principal's token (as --admin-token-command)",
  },
  secondaryTokenCommand: {
    env: "PLUMBLINE_SECONDARY_TOKEN_COMMAND",
    flag: "--secondary-token-command",
    file: "tokenCommands.secondary",
    expected: "a shell command printing the secondary principal's token (as --admin-token-command)",
  },
} satisfies Record<string, Field>;

export type FieldName = keyof typeof FIELDS;
export const CONFIG_FIELDS: Readonly<Record<FieldName, Field>> = FIELDS;

export interface LoadOptions {
  flags?: Raw;
  env?: NodeJS.ProcessEnv;
  /** path of the YAML file; default ./plumbline.config.yaml (or PLUMBLINE_CONFIG), optional */
  file?: string;
  /** defaults of the command (`plumbline fuzz` fuzzes more than `run`) */
  defaults?: Partial<Pick<Config, "fuzzRuns" | "timeBudgetMs">>;
}

/** Where a value came from, for error messages. */
function sourceName(
  name: FieldName,
  src: "flag" | "env" | "file" | "default",
  file: string,
): string {
  const f = FIELDS[name];
  return src === "flag"
    ? f.flag
    : src === "env"
      ? f.env
      : src === "file"
        ? `${file}: ${f.file}`
        : `default ${name}`;
}

function readFile(path: string, required: boolean): Raw {
  if (!existsSync(path)) {
    if (required)
      throw new ConfigError(
        `config file ${path} does not exist; give an existing YAML file or none`,
      );
    return {};
  }
  let doc: unknown;
  try {
    doc = parseYaml(readFileSync(path, "utf8"));
  } catch (e) {
    throw new ConfigError(
      `${path} is not valid YAML (${(e as Error).message.split("\n")[0]}); fix the file or remove it`,
    );
  }
  if (doc == null) return {};
  if (typeof doc !== "object" || Array.isArray(doc))
    throw new ConfigError(
      `${path} must hold a YAML mapping of settings (see plumbline.config.example.yaml)`,
    );
  const known = new Map(Object.entries(FIELDS).map(([k, f]) => [f.file, k as FieldName]));
  const out: Raw = {};
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix + k;
      if (known.has(key)) out[known.get(key)!] = v;
      else if (v === null && [...known.keys()].some((k) => k.startsWith(`${key}.`)))
        continue; // an empty section
      else if (v && typeof v === "object" && !Array.isArray(v))
        walk(v as Record<string, unknown>, `${key}.`);
      else
        throw new ConfigError(
          `${path}: unknown setting "${key}"; known settings: ${[...known.keys()].join(", ")}`,
        );
    }
  };
  walk(doc as Record<string, unknown>, "");
  return out;
}

function fromEnv(env: NodeJS.ProcessEnv): Raw {
  const out: Raw = {};
  for (const [k, f] of Object.entries(FIELDS)) {
    const v = env[f.env];
    if (v !== undefined && v !== "") out[k as FieldName] = v;
  }
  return out;
}

// ---- value parsers: each returns the value or throws with what is expected ----

class Bad extends Error {}

function url(v: unknown): string {
  const s = String(v).trim();
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw new Bad();
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new Bad();
  return s.replace(/\/+$/, "");
}
function int(min: number, max: number) {
  return (v: unknown): number => {
    const n =
      typeof v === "number" ? v : /^-?\d+$/.test(String(v).trim()) ? Number(String(v).trim()) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) throw new Bad();
    return n;
  };
}
function duration(min: number, max: number) {
  return (v: unknown): number => {
    const m = /^(\d+)\s*(s|m|h)?$/i.exec(String(v).trim());
    if (!m) throw new Bad();
    const ms =
      Number(m[1]) *
      { s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? "s").toLowerCase() as "s" | "m" | "h"];
    if (ms < min || ms > max) throw new Bad();
    return ms;
  };
}
function decimal(min: number, max: number) {
  return (v: unknown): number => {
    const n = typeof v === "number" ? v : /^\d+(\.\d+)?$/.test(String(v).trim()) ? Number(v) : NaN;
    if (!(n >= min && n <= max)) throw new Bad();
    return n;
  };
}
function bool(v: unknown): boolean {
  if (typeof v === "boolean") return v;
  const s = String(v).trim().toLowerCase();
  if (["true", "1", "yes", ""].includes(s)) return true;
  if (["false", "0", "no"].includes(s)) return false;
  throw new Bad();
}
function list<T extends string>(allowed: readonly T[]) {
  return (v: unknown): T[] => {
    const items = (Array.isArray(v) ? v.map(String) : String(v).split(","))
      .map((s) => s.trim())
      .filter(Boolean);
    if (items.length === 0 || items.some((i) => !allowed.includes(i as T))) throw new Bad();
    return [...new Set(items)] as T[];
  };
}
function text(re: RegExp) {
  return (v: unknown): string => {
    const s = String(v).trim();
    if (!re.test(s)) throw new Bad();
    return s;
  };
}
const PARSERS: Record<FieldName, (v: unknown) => unknown> = {
  target: url,
  targetLabel: text(/^.{1,64}$/),
  targetVersion: text(/^.{1,64}$/),
  controlUrl: url,
  adminToken: text(/^\S+$/),
  restrictedToken: text(/^\S+$/),
  secondaryToken: text(/^\S+$/),
  areas: list(AREAS),
  gateLevel: (v) => {
    const s = String(v).trim().toUpperCase();
    if (s !== "MUST" && s !== "SHOULD") throw new Bad();
    return s;
  },
  strict: bool,
  seed: int(-(2 ** 31), 2 ** 31 - 1),
  fuzzRuns: int(1, 100_000),
  timeBudgetMs: int(100, 3_600_000),
  concurrency: (v) => {
    const m = /^\s*fixed:\s*(.+)$/i.exec(String(v));
    return m ? { n: int(1, 64)(m[1]), fixed: true } : { n: int(1, 64)(v), fixed: false };
  },
  requestTimeoutMs: int(100, 600_000),
  waitTimeoutMs: int(0, 3_600_000),
  checkTimeoutMs: (v) => (String(v).trim() === "0" ? 0 : int(100, 3_600_000)(v)),
  settleMs: (v) => {
    const m = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/i.exec(String(v).trim());
    if (!m) throw new Bad();
    const ms = Math.round(Number(m[1]) * ((m[2] ?? "ms").toLowerCase() === "s" ? 1000 : 1));
    if (ms > 60_000) throw new Bad();
    return ms;
  },
  maxRetries: int(0, 10),
  maxRetryWaitMs: int(0, 120_000),
  runId: text(/^[A-Za-z0-9]{1,12}$/),
  labelPrefix: text(/^[A-Za-z][A-Za-z0-9-]{2,19}$/),
  allow: list(SIDE_EFFECTS),
  destructive: bool,
  reportDir: text(/^.+$/),
  historyDir: text(/^.+$/),
  expectationsFile: (v) => {
    const s = String(v).trim();
    if (!existsSync(s)) throw new Bad();
    return s;
  },
  ledgerDir: text(/^.+$/),
  maxBodyBytes: int(1024, 100 * 1024 * 1024),
  shard: (v): Shard => {
    const m = /^(\d{1,2})\/(\d{1,2})$/.exec(String(v).trim());
    const [index, count] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
    if (!(index >= 1 && index <= count && count <= 64)) throw new Bad();
    return { index, count };
  },
  deadline: duration(10_000, 24 * 3_600_000),
  matrix: (v) => {
    const s = String(v).trim().toLowerCase();
    if (s !== "classes" && s !== "full") throw new Bad();
    return s;
  },
  rerunFailures: int(0, 5),
  flaky: (v) => {
    const s = String(v).trim().toLowerCase();
    if (s !== "fail" && s !== "warn") throw new Bad();
    return s;
  },
  maxRps: decimal(0.1, 100_000),
  maxRequests: int(1, 1_000_000_000),
  fixtureRegion: text(/^\S{1,64}$/),
  fixtureType: text(/^\S{1,64}$/),
  fixtureLargerType: text(/^\S{1,64}$/),
  fixtureImage: text(/^\S{1,128}$/),
  fixtureCluster: text(/^\S{1,64}$/),
  // files are read, and refused naming the setting, before any request (harness/tls.ts)
  caFile: text(/^.+$/),
  clientCert: text(/^.+$/),
  clientKey: text(/^.+$/),
  clientKeyPassphrase: (v) => {
    if (String(v) === "") throw new Bad();
    return String(v);
  },
  adminTokenCommand: text(/\S/),
  restrictedTokenCommand: text(/\S/),
  secondaryTokenCommand: text(/\S/),
};

/** The convergence window when none is given: lists and events that catch up within 2 s pass. */
export const DEFAULT_SETTLE_MS = 2_000;

export function newRunId(): string {
  return randomBytes(4).toString("hex").slice(0, 6);
}

/** Resolves the configuration; throws ConfigError (one line, names what to fix). */
export function loadConfig(opts: LoadOptions = {}): Config {
  const env = opts.env ?? process.env;
  const filePath = opts.file ?? env.PLUMBLINE_CONFIG ?? "plumbline.config.yaml";
  const layers: [Raw, "flag" | "env" | "file"][] = [
    [opts.flags ?? {}, "flag"],
    [fromEnv(env), "env"],
    [readFile(filePath, Boolean(opts.file ?? env.PLUMBLINE_CONFIG)), "file"],
  ];
  const v: Partial<Record<FieldName, unknown>> = {};
  for (const name of Object.keys(FIELDS) as FieldName[]) {
    for (const [raw, src] of layers) {
      if (raw[name] === undefined || raw[name] === null) continue;
      try {
        v[name] = PARSERS[name](raw[name]);
      } catch (e) {
        if (!(e instanceof Bad)) throw e;
        const shown = JSON.stringify(raw[name]);
        throw new ConfigError(
          `${sourceName(name, src, filePath)}: ${shown} is not valid; expected ${FIELDS[name].expected}`,
        );
      }
      break;
    }
  }
  for (const p of ["admin", "restricted", "secondary"] as const) {
    const [token, command] = [FIELDS[`${p}Token`], FIELDS[`${p}TokenCommand`]];
    if (v[`${p}Token`] !== undefined && v[`${p}TokenCommand`] !== undefined)
      throw new ConfigError(
        `${token.flag} (${token.env}, ${token.file}) and ${command.flag} (${command.env}, ${command.file}) are both set: give the ${p} principal a fixed token or a command that prints one, not both`,
      );
  }
  const runId = (v.runId as string) ?? newRunId();
  const strict = (v.strict as boolean) ?? false;
  const target = v.target as string | undefined;
  // The embedded reference is disposable: every class is allowed there. A real target gets
  // read-only and creates unless the operator opts in to more.
  const allow = v.destructive
    ? SIDE_EFFECTS
    : ((v.allow as SideEffect[]) ?? (target ? ["read-only", "creates"] : SIDE_EFFECTS));
  return {
    target,
    targetLabel: (v.targetLabel as string) ?? (target ? new URL(target).host : "reference"),
    ...(v.targetVersion ? { targetVersion: v.targetVersion as string } : {}),
    controlUrl: v.controlUrl as string | undefined,
    tokens: {
      admin: v.adminToken as string | undefined,
      restricted: v.restrictedToken as string | undefined,
      secondary: v.secondaryToken as string | undefined,
    },
    areas: (v.areas as Area[]) ?? [...AREAS],
    gateLevel: strict ? "SHOULD" : ((v.gateLevel as "MUST" | "SHOULD") ?? "MUST"),
    strict,
    seed: (v.seed as number) ?? Math.floor(Math.random() * 2 ** 31),
    // `run` fuzzes lightly (the CI gate stays fast); `plumbline fuzz` passes bigger defaults
    fuzzRuns: (v.fuzzRuns as number) ?? opts.defaults?.fuzzRuns ?? 10,
    timeBudgetMs: (v.timeBudgetMs as number) ?? opts.defaults?.timeBudgetMs ?? 2_000,
    ...concurrencyOf(v.concurrency as { n: number; fixed: boolean } | undefined),
    requestTimeoutMs: (v.requestTimeoutMs as number) ?? 10_000,
    waitTimeoutMs: (v.waitTimeoutMs as number) ?? 30_000,
    checkTimeoutMs: (v.checkTimeoutMs as number) ?? 0,
    settleMs: (v.settleMs as number) ?? DEFAULT_SETTLE_MS,
    maxRetries: (v.maxRetries as number) ?? 3,
    maxRetryWaitMs: (v.maxRetryWaitMs as number) ?? 10_000,
    runId,
    labelPrefix: (v.labelPrefix as string) ?? `plb-${runId}-`,
    allow: [...allow],
    reportDir: (v.reportDir as string) ?? "reports",
    ...(v.historyDir ? { historyDir: v.historyDir as string } : {}),
    expectationsFile: v.expectationsFile as string | undefined,
    ledgerDir: (v.ledgerDir as string) ?? ".plumbline",
    maxBodyBytes: (v.maxBodyBytes as number) ?? 1024 * 1024,
    ...(v.shard ? { shard: v.shard as Shard } : {}),
    // long enough for a real target's slow jobs; a stalling one is stopped sooner by the breaker
    deadlineMs: (v.deadline as number) ?? 30 * 60_000,
    matrix: (v.matrix as Config["matrix"]) ?? "full",
    rerunFailures: (v.rerunFailures as number) ?? 0,
    flaky: (v.flaky as Config["flaky"]) ?? "warn",
    ...(v.maxRps !== undefined ? { maxRps: v.maxRps as number } : {}),
    ...(v.maxRequests !== undefined ? { maxRequests: v.maxRequests as number } : {}),
    fixtures: {
      region: v.fixtureRegion as string | undefined,
      type: v.fixtureType as string | undefined,
      largerType: v.fixtureLargerType as string | undefined,
      image: v.fixtureImage as string | undefined,
      cluster: v.fixtureCluster as string | undefined,
    },
    tls: {
      caFile: v.caFile as string | undefined,
      clientCert: v.clientCert as string | undefined,
      clientKey: v.clientKey as string | undefined,
      clientKeyPassphrase: v.clientKeyPassphrase as string | undefined,
    },
    tokenCommands: {
      admin: v.adminTokenCommand as string | undefined,
      restricted: v.restrictedTokenCommand as string | undefined,
      secondary: v.secondaryTokenCommand as string | undefined,
    },
  };
}

/** The secrets of a configuration, for redaction. */
export function secretsOf(c: Pick<Config, "tokens"> & { tls?: Config["tls"] }): string[] {
  return [...Object.values(c.tokens), c.tls?.clientKeyPassphrase].filter(
    (t): t is string => typeof t === "string" && t.length > 0,
  );
}

/**
 * A directory setting that can be used: created when missing, refused (one line naming the
 * setting) when it is a file or cannot be written. Called before any request is sent.
 */
export function usableDir(dir: string, setting: FieldName): void {
  const named = `${FIELDS[setting].flag} / ${FIELDS[setting].env}`;
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new ConfigError(
      `${named}: ${dir} is a file, not a directory; give a directory (it is created when missing)`,
    );
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new ConfigError(
      `${named}: ${dir} cannot be used (${err.code ?? err.message}); give a directory plumbline may create and write`,
    );
  }
}

/**
 * Refuses a setting given what is wrong with it (undefined: nothing is), as one line naming the
 * flag or variable; e.g. refuse("--fault", faultNamesError(names)) with the reference's own check.
 */
export function refuse(setting: string, problem: string | undefined): void {
  if (problem) throw new ConfigError(`${setting}: ${problem}`);
}

/** The default ceiling of adaptive requests in flight. */
export const DEFAULT_CONCURRENCY_CEILING = 32;
/** Requests in flight nearer than a 5 ms round trip when --concurrency is not given. */
export const LOCAL_CONCURRENCY = 4;

function concurrencyOf(
  c: { n: number; fixed: boolean } | undefined,
): Pick<Config, "concurrency" | "concurrencyMode" | "concurrencyGiven"> {
  if (!c) return { concurrency: DEFAULT_CONCURRENCY_CEILING, concurrencyMode: "adaptive" };
  return {
    concurrency: c.n,
    concurrencyMode: c.fixed ? "fixed" : "adaptive",
    concurrencyGiven: true,
  };
}
