// --concurrency N over a slow network, as the target sees it: one file of many short, independent
// checks (the anonymous column of the authorization matrix) behind a proxy that counts the requests
// in flight. Its worker runs its share of the N checks at once (harness/concurrency.ts), not
// vitest's default of five, and never more than N requests are in flight.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReference, type ReferenceHandle } from "../reference/index.ts";
import { checksPerWorker } from "../harness/concurrency.ts";

import { countingProxy, type CountingProxy } from "./counting-proxy.ts";
import { referenceTargetArgs, runPlumbline, type ChildRun } from "./plumbline-child.ts";

const CONCURRENCY = 16;
let ref: ReferenceHandle;
let proxy: CountingProxy;
let run: ChildRun;

beforeAll(async () => {
  // 40 ms per answer: the run shares one pool of places between its workers (runner/run.ts)
  ref = await startReference({ port: 0, latencyMs: 40 });
  proxy = await countingProxy(ref.url);
  // biome-ignore format: flags and their values in pairs
  run = await runPlumbline([
    "--files", "suites/authz/scopes-anonymous.test.ts",
    ...referenceTargetArgs(proxy.url, ref),
    "--concurrency", String(CONCURRENCY),
  ]);
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await ref?.close();
});

describe(`--concurrency ${CONCURRENCY} against a target answering in 40 ms`, () => {
  it("one file's worker has its share of checks in flight at once, and the run no more than N requests", () => {
    expect(run.code, run.out.slice(-3000)).toBe(0);
    const share = checksPerWorker(CONCURRENCY, true);
    expect(share).toBeGreaterThan(5);
    const most = proxy.mostInFlight();
    console.log(
      `--concurrency ${CONCURRENCY}: at most ${most} requests in flight (share ${share})`,
    );
    expect(most).toBeGreaterThanOrEqual(share - 1);
    expect(most).toBeLessThanOrEqual(CONCURRENCY);
  });
});
