// Everything a check needs, built once per test worker from the resolved configuration.
// `plumbline run` hands the configuration over with vitest's provide/inject (key "plumbline");
// a bare `vitest --project conformance` falls back to PLUMBLINE_* and plumbline.config.yaml.
import { inject } from "vitest";
import { loadConfig, secretsOf, type Config } from "./config.ts";
import { Client, type ClientOptions } from "./client.ts";
import { secureContextOf } from "./tls.ts";
import { TokenRefresher } from "./token-command.ts";
import { Redactor } from "./redact.ts";
import { States } from "./states.ts";
import { Principals } from "./principals.ts";
import { makeOps, type Ops } from "./ops.ts";
import { Ledger } from "./ledger.ts";
import { HarnessError } from "./errors.ts";
import {
  checksPerWorker,
  inFlightFor,
  letGo,
  type Places,
  WidenWhenSlow,
  wideChecksPerWorker,
  workerCheckGate,
} from "./concurrency.ts";
import { pacerFor, RemoteSlots } from "./rate.ts";

declare module "vitest" {
  interface ProvidedContext {
    plumbline: Config;
  }
}

export interface World {
  config: Config;
  client: Client;
  redactor: Redactor;
  states: States;
  principals: Principals;
  ops: Ops;
  ledger: Ledger;
}

/** Timeouts in a row after which a worker counts the target as not answering (client.ts). */
export const BREAK_AFTER_TIMEOUTS = 3;

/** How the client reaches the target: TLS files (harness/tls.ts), the proxy variables (proxy.ts). */
export function networkOptions(
  config: Config,
): Pick<ClientOptions, "secureContext" | "clientCert" | "proxy"> {
  return {
    secureContext: secureContextOf(config.tls),
    clientCert: Boolean(config.tls?.clientCert),
    // the embedded reference lives in this process: nothing stands between
    proxy: !config.embedded,
  };
}

/**
 * The worker's places for requests in flight: the run's one pool when the target is far; a near
 * run's fixed share that turns to that pool once requests turn slow (adaptive by default); else
 * the fixed share alone (the client makes it).
 */
function placesFor(config: Config, poolId: number): Places | undefined {
  if (!config.permits) return undefined;
  if (config.sharedSlots) return new RemoteSlots(config.permits);
  if (!config.widenCeiling) return undefined;
  const permits = config.permits;
  return new WidenWhenSlow({
    share: inFlightFor(config.concurrency, poolId),
    far0: letGo() === "far",
    far: () => new RemoteSlots(permits),
    checks: {
      gate: workerCheckGate(checksPerWorker(config.concurrency, false)),
      wide: wideChecksPerWorker(config.widenCeiling, config.concurrency),
    },
  });
}

export function buildWorld(config: Config): World {
  if (!config.target)
    throw new HarnessError(
      "no target URL: run through `plumbline run` (which starts the reference) or set PLUMBLINE_TARGET",
    );
  const redactor = new Redactor(secretsOf(config));
  const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
  const slots = placesFor(config, poolId);
  const client = new Client({
    baseUrl: config.target,
    requestTimeoutMs: config.requestTimeoutMs,
    maxRetries: config.maxRetries,
    maxRetryWaitMs: config.maxRetryWaitMs,
    maxBodyBytes: config.maxBodyBytes,
    breakAfterTimeouts: BREAK_AFTER_TIMEOUTS,
    maxInFlight: inFlightFor(config.concurrency, poolId),
    slots,
    redactor,
    pacer: pacerFor(config),
    ...networkOptions(config),
  });
  const states = new States(client, config.controlUrl, redactor);
  const refresher = new TokenRefresher(config, (token) => redactor.add(token));
  const principals = new Principals(
    config.tokens,
    config.controlUrl ? states : undefined,
    refresher,
  );
  return {
    config,
    client,
    redactor,
    states,
    principals,
    ops: makeOps(client, principals),
    ledger: Ledger.forRun(config.ledgerDir, config.runId, !config.embedded),
  };
}

function providedConfig(): Config | undefined {
  try {
    return inject("plumbline");
  } catch {
    return undefined; // not inside a vitest worker
  }
}

/** The run's configuration without building the world (for what a suite file declares). */
export function settings(): Config {
  return current?.config ?? providedConfig() ?? loadConfig();
}

let current: World | undefined;

/** The worker's world; built on first use. */
export function world(): World {
  current ??= buildWorld(providedConfig() ?? loadConfig());
  return current;
}
