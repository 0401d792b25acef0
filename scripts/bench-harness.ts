// How fast the harness client drives requests compared with a raw HTTP client against the same
// target (at least 90%). The reference runs in a child process; both clients send
// GET /v4/account with the admin token from the same number of concurrent loops, keep-alive on.
// The harness runs as in a check (each exchange recorded, the record sealed, so its first 200
// exchanges are rendered); the raw client parses its URL string per request, as one would write it.
//   npx tsx scripts/bench-harness.ts [--seconds 3] [--concurrency 8] [--json]
import { fork } from "node:child_process";
import http from "node:http";
import { parseArgs } from "node:util";
import { Client, sealed } from "../harness/client.ts";
import { runInCheck, type CheckRecord } from "../harness/current.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "3" },
    concurrency: { type: "string", default: "8" },
    child: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
});

if (values.child) {
  const { startReference } = await import("../reference/index.ts");
  const ref = await startReference();
  process.send!({ url: ref.url, token: ref.tokens.admin });
} else {
  const child = fork(new URL(import.meta.url).pathname, ["--child"], {
    execArgv: ["--import", "tsx"],
  });
  const { url, token } = await new Promise<{ url: string; token: string }>((resolve) =>
    child.once("message", (m) => resolve(m as never)),
  );
  const seconds = Number(values.seconds);
  const loops = Number(values.concurrency);

  /** requests per second that `once` sustains from `loops` concurrent loops */
  async function rate(once: () => Promise<number>): Promise<number> {
    const end = Date.now() + seconds * 1000;
    let n = 0;
    await Promise.all(
      Array.from({ length: loops }, async () => {
        while (Date.now() < end) {
          if ((await once()) !== 200) throw new Error("a request failed");
          n++;
        }
      }),
    );
    return n / seconds;
  }

  // the target closes idle connections after a few seconds; the raw client must not reuse one
  const agent = new http.Agent({ keepAlive: true, timeout: 2000 });
  const raw = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.get(
        `${url}/v4/account`,
        { agent, headers: { authorization: `Bearer ${token}`, accept: "application/json" } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => {
            JSON.parse(Buffer.concat(chunks).toString("utf8"));
            resolve(res.statusCode ?? 0);
          });
        },
      );
      req.on("error", reject);
    });
  const client = new Client({
    baseUrl: url,
    requestTimeoutMs: 10_000,
    maxRetries: 0,
    maxRetryWaitMs: 0,
    maxBodyBytes: 1 << 20,
  });
  const send = () =>
    client.send({ method: "GET", path: "/v4/account", token }).then((r) => r.status);
  // as in a check: every exchange recorded (a record keeps its first 200) and the record sealed
  const harness = async () => {
    const record: CheckRecord = { requirementIds: ["bench"], exchanges: [], observations: [] };
    const perSecond = await runInCheck(record, () => rate(send));
    record.exchanges = record.exchanges.map(sealed);
    return perSecond;
  };

  // warm both paths up, then interleave rounds (alternating which goes first) so drift on a
  // shared machine hits both alike
  await rate(raw);
  await harness();
  const rounds: { raw: number; harness: number }[] = [];
  for (let i = 0; i < 5; i++) {
    if (i % 2) {
      const h = await harness();
      rounds.push({ raw: await rate(raw), harness: h });
    } else rounds.push({ raw: await rate(raw), harness: await harness() });
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rawRate = median(rounds.map((r) => r.raw));
  const harnessRate = median(rounds.map((r) => r.harness));
  agent.destroy();
  client.close();
  child.kill();
  const ratio = harnessRate / rawRate;
  if (values.json) console.log(JSON.stringify({ rawRate, harnessRate, ratio }));
  else
    console.log(
      `raw http: ${Math.round(rawRate)} req/s; harness client: ${Math.round(harnessRate)} req/s; ${(100 * ratio).toFixed(0)}% of raw (medians of 5 interleaved rounds; ${loops} loops, ${seconds} s each)`,
    );
  process.exit(ratio >= 0.9 ? 0 : 1);
}
