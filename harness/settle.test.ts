// The convergence window: reads again while the judgment does not hold, records the lag on the
// check, fails with the reads it waited on when the window closes, and reads twice with a window of 0.
import { describe, expect, it } from "vitest";
import { type CheckRecord, runInCheck } from "./current.ts";
import { HarnessError, TargetFailure } from "./errors.ts";
import { settle, settled } from "./settle.ts";

const record = (): CheckRecord & { resource?: string } => ({
  requirementIds: ["X-1"],
  exchanges: [],
  observations: [],
  resource: "recipe",
});

describe("settle", () => {
  it("answers the first reading that agrees and records when it began", async () => {
    const rec = record();
    let n = 0;
    const got = await runInCheck(rec, () =>
      settle(
        { config: { settleMs: 2000 } },
        "the list holds it",
        async () => ++n,
        (v) => (v >= 3 ? [] : [`read ${v}`]),
        { oracle: "read-your-writes" },
      ),
    );
    expect(got).toBe(3);
    expect(rec.settled).toHaveLength(1);
    const s = rec.settled![0]!;
    expect(s).toMatchObject({
      oracle: "read-your-writes",
      kind: "recipe",
      reads: 3,
      converged: true,
    });
    expect(s.lagMs).toBeGreaterThanOrEqual(25 + 50 - 5); // two pauses: 25 and 50 ms
  });

  it("records a lag of 0 when the first read agrees", async () => {
    const rec = record();
    await runInCheck(rec, () =>
      settled({ config: { settleMs: 2000 } }, "tags", async () => 1, "tag"),
    );
    expect(rec.settled).toEqual([
      { oracle: "tags", kind: "tag", lagMs: 0, reads: 1, converged: true },
    ]);
  });

  it("fails once the window closes, with the last disagreement and the reads it waited on", async () => {
    const rec = record();
    const run = runInCheck(rec, () =>
      settle(
        { config: { settleMs: 200 } },
        "the list holds it",
        async () => 0,
        () => ["not listed"],
        { oracle: "list = view" },
      ),
    );
    await expect(run).rejects.toThrow(TargetFailure);
    await expect(run).rejects.toThrow(
      /the list holds it: not listed \[read \d+ times over \d+ ms \(convergence window 200 ms, --settle\)\]/,
    );
    expect(rec.settled![0]).toMatchObject({ oracle: "list = view", converged: false });
    expect(rec.settled![0]!.reads).toBeGreaterThan(2);
  });

  it("with a window of 0 reads at once and once more", async () => {
    let reads = 0;
    await expect(
      settled({ config: { settleMs: 0 } }, "read-your-writes", async () => {
        reads++;
        throw new TargetFailure("missing");
      }),
    ).rejects.toThrow(/missing \[read 2 times/);
    expect(reads).toBe(2);
  });

  it("stops at once on an error that is not the target's", async () => {
    let reads = 0;
    await expect(
      settled({ config: { settleMs: 2000 } }, "read-your-writes", async () => {
        reads++;
        throw new HarnessError("a bug");
      }),
    ).rejects.toThrow(HarnessError);
    expect(reads).toBe(1);
  });
});
