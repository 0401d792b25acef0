// Benchmark of the reference target: start-up time, and simple authenticated GETs per second
// (GET /v4/vm/instances with the admin token), the target in a child process so the load
// generator (autocannon) does not share its event loop.
//   npx tsx scripts/bench-reference.ts [--seconds 10] [--connections 50] [--path /v4/account]
import { fork } from "node:child_process";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    path: { type: "string", default: "/v4/vm/instances" },
    child: { type: "boolean", default: false },
  },
});

if (values.child) {
  const t0 = performance.now();
  const { startReference } = await import("../reference/index.ts");
  const ref = await startReference();
  process.send!({ url: ref.url, token: ref.tokens.admin, startupMs: performance.now() - t0 });
} else {
  const t0 = performance.now();
  const child = fork(new URL(import.meta.url).pathname, ["--child"], {
    execArgv: ["--import", "tsx"],
  });
  const ready = await new Promise<{ url: string; token: string; startupMs: number }>((resolve) =>
    child.once("message", (m) => resolve(m as never)),
  );
  const spawnMs = performance.now() - t0;
  const result = await autocannon({
    url: ready.url + values.path,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    headers: { authorization: `Bearer ${ready.token}` },
  });
  child.kill();
  const non2xx = result.non2xx + result.errors;
  console.log(
    `start-up: ${ready.startupMs.toFixed(0)} ms in-process (import + listen); ${spawnMs.toFixed(0)} ms including a fresh Node process`,
  );
  console.log(
    `GET ${values.path}: ${Math.round(result.requests.average)} requests/s average over ${values.seconds} s, ${values.connections} connections; p99 latency ${result.latency.p99} ms; ${non2xx} non-2xx or errors`,
  );
  process.exit(non2xx > 0 ? 1 : 0);
}
