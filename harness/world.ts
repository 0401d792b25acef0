// Everything a check needs, built once per test worker from the resolved configuration.
// `plumbline run` hands the configuration over with vitest's provide/inject (key "plumbline");
// a bare `vitest --project conformance` falls back to PLUMBLINE_* and plumbline.config.yaml.
import { AsyncLocalStorage } from "node:async_hooks";
import { inject } from "vitest";
import { loadConfig, secretsOf, type Config } from "./config.ts";
import { Client, type ApiResponse, type ClientOptions, type RequestSpec } from "./client.ts";
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
  kindOf,
  letGo,
  type Places,
  type RequestKind,
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

/** The kind of the request being sent (a read, a write): its round trip is judged with its kind's. */
const requestKind = new AsyncLocalStorage<RequestKind>();

/** A client that tells the places in flight what kind of request each answer was. */
class KindedClient extends Client {
  override send(spec: RequestSpec): Promise<ApiResponse> {
    return requestKind.run(kindOf(spec.method), () => super.send(spec));
  }
}

/** The run's pool (at the permit service), told each answer's kind. */
function kinded(slots: Places): Places {
  return {
    acquire: () => slots.acquire(),
    release: (s) => {
      const kind = requestKind.getStore();
      slots.release(s && kind ? { ...s, kind } : s);
    },
    close: () => slots.close?.(),
  };
}

/**
 * The worker's places for requests in flight: the run's one pool when the target is far; a near
 * run's fixed share that turns to that pool once requests turn slow (adaptive by default); else
 * the fixed share alone (the client makes it).
 */
function placesFor(config: Config, poolId: number): Places | undefined {
  if (!config.permits) return undefined;
  if (config.sharedSlots) return kinded(new RemoteSlots(config.permits));
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
    kind: () => requestKind.getStore(),
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
  const client = new (slots ? KindedClient : Client)({
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
