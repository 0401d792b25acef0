// How many fuzz cases per second plumbline drives against the embedded reference (design: at
// least 1,000). The reference runs in a child process; this process runs stateless properties
// (the same generators and verdicts as suites/fuzz/) for a mix of operations, `--parallel` at a
// time like the run's worker concurrency, each for `--seconds`, and prints cases per second.
//   npx tsx scripts/bench-fuzz.ts [--seconds 3] [--parallel 4] [--json]
import { fork } from "node:child_process";
import { parseArgs } from "node:util";
import fc from "fast-check";
import { declare, runCheck } from "../harness/check.ts";
import { fuzz } from "../harness/fuzz.ts";
import { expectError, expectErrorNamingField, expectSuccess } from "../harness/expect.ts";
import { testWorld } from "../harness/testing.ts";
import { REFERENCE_FIXTURES } from "../runner/run.ts";
import { loadRequirements } from "../harness/catalog.ts";
import type { CheckMeta, FuzzRecord } from "../harness/model.ts";
import { generatorsFor } from "../generators/index.ts";
import type { OperationId } from "../harness/operation-ids.ts";
import { loose } from "../harness/ops.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "3" },
    parallel: { type: "string", default: "4" },
    child: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
});

/** Properties with no setup: refused bodies (most fuzz cases are violations) and valid reads. */
const MIX: { op: OperationId; kind: "violations" | "valid" }[] = [
  { op: "createTag", kind: "violations" },
  { op: "createManagedService", kind: "violations" },
  { op: "createManagedContact", kind: "violations" },
  { op: "createOAuthClient", kind: "violations" },
  { op: "openTicket", kind: "violations" },
  { op: "createInstance", kind: "violations" },
  { op: "listInstances", kind: "valid" },
  { op: "listManagedContacts", kind: "valid" },
];

if (values.child) {
  const { startReference } = await import("../reference/index.ts");
  const ref = await startReference();
  process.send!({ url: ref.url, controlUrl: ref.controlUrl, tokens: ref.tokens });
} else {
  const child = fork(new URL(import.meta.url).pathname, ["--child"], {
    execArgv: ["--import", "tsx"],
  });
  const ref = await new Promise<{
    url: string;
    controlUrl: string;
    tokens: Record<string, string>;
  }>((resolve) => child.once("message", (m) => resolve(m as never)));
  const seconds = Number(values.seconds);
  const parallel = Number(values.parallel);
  const { catalog } = loadRequirements();
  const target = { ...REFERENCE_FIXTURES, kernels: ["vm/latest-64bit"] };
  // generators are built once per run in the suite too: not part of the rate
  for (const m of MIX) generatorsFor(m.op, target);

  async function property(m: (typeof MIX)[number]): Promise<FuzzRecord> {
    const w = testWorld(ref.url, {
      tokens: ref.tokens,
      controlUrl: ref.controlUrl,
      fixtures: REFERENCE_FIXTURES,
      seed: 1,
      fuzzRuns: 100_000,
      timeBudgetMs: seconds * 1000,
    });
    const ctx = {
      task: {
        meta: {} as { plumbline?: CheckMeta },
        file: { filepath: "suites/fuzz/bench.test.ts" },
      },
      skip: (() => undefined) as never,
    };
    const g = generatorsFor(m.op, target);
    await runCheck(
      declare({ id: "CONV-ERR-3", op: m.op, kind: "fuzz", effect: "creates" }, catalog),
      ctx as never,
      async (c) => {
        if (m.kind === "valid")
          await fuzz(
            c,
            `${m.op} valid`,
            g.valid,
            async (r) => void expectSuccess(await loose(c.ops)[m.op]({ query: r.query as never })),
          );
        else
          await fuzz(c, `${m.op} violations`, g.violations!, async (v) => {
            const res = await loose(c.ops)[m.op]({ body: v.request.body });
            if (v.in === "body") expectErrorNamingField(res, v.path);
            else expectError(res);
          });
      },
      w,
      catalog,
    ).catch((e) => console.error(`${m.op}: ${(e as Error).message.slice(0, 300)}`));
    w.client.close();
    return ctx.task.meta.plumbline!.fuzz![0];
  }

  const started = performance.now();
  const records: FuzzRecord[] = [];
  for (let i = 0; i < MIX.length; i += parallel)
    records.push(...(await Promise.all(MIX.slice(i, i + parallel).map(property))));
  const wall = (performance.now() - started) / 1000;
  for (const r of records)
    console.log(
      `${r.property.padEnd(36)} ${String(r.cases).padStart(7)} cases  ${String(r.casesPerSecond).padStart(6)} cases/s alone`,
    );
  const cases = records.reduce((n, r) => n + r.cases, 0);
  if (values.json)
    console.log(JSON.stringify({ cases, seconds: wall, casesPerSecond: cases / wall }));
  else
    console.log(
      `total: ${cases} cases in ${wall.toFixed(1)} s wall = ${Math.round(cases / wall)} cases per second (${parallel} properties at a time; reference in a child process)`,
    );
  child.kill();
  void fc;
}
