// A loopback proxy in front of a target that notes when each request arrived: what a shared
// target sees of a run (tests/polite.test.ts measures the rate and the budget with it).
import { createServer, request, Agent } from "node:http";
import type { AddressInfo } from "node:net";

export interface Arrival {
  /** ms since the proxy started (performance.now) */
  at: number;
  method: string;
  path: string;
}

export interface CountingProxy {
  url: string;
  arrivals: Arrival[];
  /** the most requests that were in flight at once (arrived, not yet answered) */
  mostInFlight(): number;
  close(): Promise<void>;
}

/** Forwards every request to `target` (an http base URL) as it is; answers as the target did. */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const arrivals: Arrival[] = [];
  let inFlight = 0;
  let most = 0;
  const server = createServer((req, res) => {
    arrivals.push({ at: performance.now(), method: req.method ?? "", path: req.url ?? "" });
    most = Math.max(most, ++inFlight);
    res.once("close", () => inFlight--);
    const out = request(
      {
        hostname: to.hostname,
        port: to.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: to.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    mostInFlight: () => most,
    close: () =>
      new Promise<void>((r) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
