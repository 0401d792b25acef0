// Start the reference target: in-process on a loopback port (the suite's embedded default), or
// standalone through `plumbline reference`.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { App, CONTROL_PREFIX, SEEDED_TOKENS, ALL_FAULTS, faultNamesError } from "./app.ts";
import type { JobMode } from "./jobs.ts";
import { ALL_VARIANTS, variantNamesError } from "./variants.ts";

export { ALL_FAULTS, ALL_VARIANTS, SEEDED_TOKENS, faultNamesError, variantNamesError };
export type { JobMode };

export interface ReferenceOptions {
  port?: number;
  host?: string;
  faults?: string[];
  /** seeds the draws of a fault with a rate (`name~0.5`); PLUMBLINE_REFERENCE_FAULT_SEED */
  faultSeed?: number;
  /** legal variants (VARIANTS.md); `all` turns on every one */
  variants?: string[];
  jobs?: JobMode;
  /** every answer is held back this long: a slow network, for the latency bench */
  latencyMs?: number;
}

export interface ReferenceHandle {
  url: string;
  controlUrl: string;
  tokens: { admin: string; restricted: string; secondary: string };
  app: App;
  /** requests received so far (API and control) */
  requests(): number;
  close(): Promise<void>;
}

/** Faults may also come from PLUMBLINE_REFERENCE_FAULTS (comma-separated). */
export function faultsFromEnv(env = process.env): string[] {
  return (env.PLUMBLINE_REFERENCE_FAULTS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The seed of a fault with a rate, from PLUMBLINE_REFERENCE_FAULT_SEED (unset: a random one). */
export function faultSeedFromEnv(env = process.env): number | undefined {
  const seed = Number(env.PLUMBLINE_REFERENCE_FAULT_SEED);
  return env.PLUMBLINE_REFERENCE_FAULT_SEED && Number.isInteger(seed) ? seed : undefined;
}

/** An added latency per answer may come from PLUMBLINE_REFERENCE_LATENCY_MS (the bench's slow network). */
export function latencyFromEnv(env = process.env): number {
  const ms = Number(env.PLUMBLINE_REFERENCE_LATENCY_MS ?? 0);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** Variants may also come from PLUMBLINE_REFERENCE_VARIANTS (comma-separated; `all` for every one). */
export function variantsFromEnv(env = process.env): string[] {
  return (env.PLUMBLINE_REFERENCE_VARIANTS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function startReference(opts: ReferenceOptions = {}): Promise<ReferenceHandle> {
  const app = new App({
    faults: opts.faults ?? faultsFromEnv(),
    faultSeed: opts.faultSeed ?? faultSeedFromEnv(),
    variants: opts.variants ?? variantsFromEnv(),
    jobs: opts.jobs,
  });
  const latency = opts.latencyMs ?? latencyFromEnv();
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    if (latency > 0) setTimeout(() => app.handle(req, res), latency);
    else app.handle(req, res);
  });
  server.keepAliveTimeout = 5000;
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  app.baseUrl = url;
  return {
    url,
    controlUrl: url + CONTROL_PREFIX,
    tokens: { ...SEEDED_TOKENS },
    app,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        app.jobs.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
