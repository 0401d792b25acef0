// Events 1: mark seen sets `seen` on every event up to and including the given ID, and on no later
// one. Serial: marking seen reaches every event of the account, so a check beside this one that
// marks seen a later event (the authorization matrix's mark-seen cells do) would mark this check's
// "later" event too.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectEmptyObject } from "../../harness/expect.ts";
import { expectFlag, flag, freshEvents } from "./helpers.ts";

describe("events/marks seen", () => {
  check(
    { id: "EVT-SEEN-1", op: ["markEventSeen", "getEvent"], effect: "creates" },
    "mark seen answers {} and sets seen on every event up to and including that ID, not later ones",
    async ({ ops, fresh, skip, config }) => {
      const unseen = (await freshEvents({ ops, fresh, config }, 3)).filter((e) => e.seen === false);
      if (unseen.length < 3)
        skip(
          `fewer than three new unseen events appeared after OAuth client operations (${unseen.length})`,
        );
      const [first, middle, last] = [
        unseen[0],
        unseen[Math.floor(unseen.length / 2)],
        unseen.at(-1),
      ];
      expectEmptyObject(await ops.markEventSeen({ path: { eventId: middle.id } }));
      expectFlag(first.id, "seen", await flag(ops, first.id, "seen"), true);
      expectFlag(middle.id, "seen", await flag(ops, middle.id, "seen"), true);
      expectFlag(last.id, "seen", await flag(ops, last.id, "seen"), false);
    },
  );
});
