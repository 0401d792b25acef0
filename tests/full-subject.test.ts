// The full subject of the member matrix (suites/invariants/members.ts) holds every reference it
// can: whatever the run's seed, a managed service's create carries the credential made for it.
// Before, `[id]` and `[]` counted as equally full (and `null` as a string), and one seed in a few
// made a service without credentials (or notes): the fault that drops them on update
// (managed-service-update-drops-credentials, -resets-notes) went unseen in that run.
import { describe, expect, it } from "vitest";
import type { CheckContext } from "../harness/check.ts";
import { resourceModel } from "../spec/kinds.ts";
import { fullBodies, fullness } from "../suites/invariants/members.ts";

// no fixtures: the generators draw against the offline target values, as a check without a target would
const ctx = (seed: number) =>
  ({
    config: { seed, fixtures: {} },
    skip: (why: string) => {
      throw new Error(why);
    },
  }) as unknown as CheckContext;

describe("full subjects", () => {
  it("counts each array item: a list holding an ID is fuller than an empty one", () => {
    expect(fullness([7])).toBeGreaterThan(fullness([]));
    expect(fullness(["a", "b"])).toBeGreaterThan(fullness(["a"]));
    expect(fullness({ notes: "seen" })).toBeGreaterThan(fullness({ notes: null }));
    expect(fullness({ notes: "seen" })).toBeGreaterThan(fullness({ notes: "" }));
  });

  it("a managed service's full create holds its credential and its notes, whatever the seed", async () => {
    const model = resourceModel().get("managedService")!;
    // 982687488: the seed of a loaded run whose service was made without one
    for (const seed of [982687488, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      const [merged] = await fullBodies(ctx(seed), model, { credentialId: 77 });
      expect(merged!.credentials, `seed ${seed}`).toEqual([77]);
      expect(merged!.notes, `seed ${seed}`).toEqual(expect.any(String));
    }
  });
});
