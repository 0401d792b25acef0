// Events 1: mark read sets `read` on one event. Fresh events come from OAuth client operations.
// Mark seen, which sets `seen` on every event up to and including the given ID, is checked alone
// (marks-seen.serial.test.ts): the matrix's mark-seen cells mark the whole account's events.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectEmptyObject } from "../../harness/expect.ts";
import { expectFlag, flag, freshEvents } from "./helpers.ts";

describe("events/marks", () => {
  check(
    { id: "EVT-READ-1", op: ["markEventRead", "getEvent"], effect: "creates" },
    "mark read answers {} and sets read on that one event only",
    async ({ ops, fresh, skip, config }) => {
      const unread = (await freshEvents({ ops, fresh, config }, 2)).filter((e) => e.read === false);
      if (unread.length < 2)
        skip(
          `fewer than two new unread events appeared after OAuth client operations (${unread.length})`,
        );
      const [earlier, later] = [unread[0], unread.at(-1)];
      expectEmptyObject(await ops.markEventRead({ path: { eventId: later.id } }));
      expectFlag(later.id, "read", await flag(ops, later.id, "read"), true);
      expectFlag(earlier.id, "read", await flag(ops, earlier.id, "read"), false);
    },
  );
});
