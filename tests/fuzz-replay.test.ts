// Reproduction: one seed, the same cases and the same outcome, against the embedded reference;
// with a fault switched on, the same shrunk counterexample both times.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReference, type ReferenceHandle } from "../reference/index.ts";
import { declare, runCheck } from "../harness/check.ts";
import { fuzz } from "../harness/fuzz.ts";
import { expectErrorNamingField } from "../harness/expect.ts";
import { testWorld } from "../harness/testing.ts";
import { REFERENCE_FIXTURES } from "../runner/run.ts";
import { loadRequirements } from "../harness/catalog.ts";
import type { CheckMeta } from "../harness/model.ts";
import { generatorsFor } from "../generators/index.ts";

let clean: ReferenceHandle;
let faulty: ReferenceHandle;
beforeAll(async () => {
  clean = await startReference();
  faulty = await startReference({ faults: ["managed-timeout-unbounded"] });
});
afterAll(async () => {
  await clean.close();
  await faulty.close();
});

/** Runs the createManagedService single-violation property once; returns what it sent and how it ended. */
async function once(ref: ReferenceHandle, seed: number) {
  const sent: string[] = [];
  const w = testWorld(ref.url, {
    tokens: ref.tokens,
    controlUrl: ref.controlUrl,
    fixtures: REFERENCE_FIXTURES,
    seed,
    fuzzRuns: 40,
    timeBudgetMs: 60_000,
  });
  const ctx = {
    task: { meta: {} as { plumbline?: CheckMeta }, file: { filepath: "suites/fuzz/x.test.ts" } },
    skip: (() => undefined) as never,
  };
  const { catalog } = loadRequirements();
  const g = generatorsFor("createManagedService", { ...REFERENCE_FIXTURES, kernels: [] });
  await runCheck(
    declare(
      { id: "CONV-ERR-3", op: "createManagedService", kind: "fuzz", effect: "creates" },
      catalog,
    ),
    ctx as never,
    async (c) => {
      await fuzz(
        c,
        "createManagedService: one broken member is refused",
        g.violations!,
        async (v) => {
          sent.push(JSON.stringify(v));
          const res = await c.fresh.attempt("managedService", "createManagedService", {
            body: v.request.body,
          });
          expectErrorNamingField(res, v.path);
        },
      );
    },
    w,
    catalog,
  ).catch(() => undefined);
  w.client.close();
  const meta = ctx.task.meta.plumbline!;
  return { sent, outcome: meta.outcome, counterexample: meta.fuzz?.[0]?.counterexample?.value };
}

describe("fuzz replay", () => {
  it("one seed gives identical cases and outcomes", async () => {
    const a = await once(clean, 1234);
    const b = await once(clean, 1234);
    expect(a.outcome).toBe("pass");
    expect(b).toEqual(a);
    expect((await once(clean, 4321)).sent).not.toEqual(a.sent);
  });

  it("a fault is found, shrunk to one minimal input, the same on replay", async () => {
    const a = await once(faulty, 77);
    const b = await once(faulty, 77);
    expect(a.outcome).toBe("fail");
    expect(a.counterexample).toMatchObject({ path: "timeout" });
    expect(b).toEqual(a);
  });
});
