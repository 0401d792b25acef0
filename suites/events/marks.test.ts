// Events 1: mark read sets `read` on one event; mark seen sets `seen` on every event up to and
// including the given ID. Fresh events come from OAuth client operations; only this file marks events.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectEmptyObject, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import type { Ops } from "../../harness/ops.ts";
import { freshEvents } from "./helpers.ts";

async function flag(ops: Ops, id: number, name: "read" | "seen"): Promise<unknown> {
  return expectSuccess(await ops.getEvent({ path: { eventId: id } }))[name];
}

function expectFlag(id: number, name: string, got: unknown, want: boolean): void {
  if (got !== want)
    throw new TargetFailure(`event ${id} has ${name} ${JSON.stringify(got)}, expected ${want}`);
}

describe("events/marks", () => {
  check(
    { id: "EVT-READ-1", op: ["markEventRead", "getEvent"], effect: "creates" },
    "mark read answers {} and sets read on that one event only",
    async ({ ops, fresh, skip }) => {
      const unread = (await freshEvents(ops, fresh, 2)).filter((e) => e.read === false);
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

  check(
    { id: "EVT-SEEN-1", op: ["markEventSeen", "getEvent"], effect: "creates" },
    "mark seen answers {} and sets seen on every event up to and including that ID, not later ones",
    async ({ ops, fresh, skip }) => {
      const unseen = (await freshEvents(ops, fresh, 3)).filter((e) => e.seen === false);
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
