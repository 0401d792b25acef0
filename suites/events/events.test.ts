// Events (the material's Events part; Resources / Event; Limits: event retention): list, view,
// retention, status values, visibility and scope.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection, expectError, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { ninetyDaysAgo } from "../shared/time.ts";
import { freshEvents } from "./helpers.ts";
import { allEvents, eventsOfWrite } from "../shared/pages.ts";
import { timestampMs } from "../../spec/formats.ts";
import { specEnum } from "../shared/enums.ts";

// the spec lists null too; a null status is accepted before the list is read
const STATUSES = specEnum<string | null>({ schema: "Event", member: "status" });

describe("events/events", () => {
  check(
    { id: ["EVT-LIST-1", "EVT-ACTION-1"], op: "listEvents" },
    "the list answers a collection of Event records",
    async ({ ops, observe }) => {
      const res = await ops.listEvents();
      const c = expectCollection(res);
      expectSuccess(res);
      observe("EVT-ACTION-1", "actions on the first page", [
        ...new Set(c.data.map((e) => e.action)),
      ]);
    },
  );

  check(
    { id: "EVT-LIST-2", op: "listEvents" },
    "events are kept for the last 90 days: none listed is older",
    async ({ ops }) => {
      const cutoff = ninetyDaysAgo();
      const old = (await allEvents(ops)).filter((e) => timestampMs(e.created) < cutoff);
      if (old.length)
        throw new TargetFailure(
          `${old.length} listed event(s) older than 90 days, e.g. ${old[0].id} created ${old[0].created}`,
        );
    },
  );

  check(
    { id: ["EVT-STATUS-1", "EVT-STATUS-2"], op: "listEvents" },
    "every event's status is null or one of failed, finished, notification, scheduled, started",
    async ({ ops }) => {
      const wrong = (await allEvents(ops)).filter(
        (e) => e.status !== null && e.status !== undefined && !STATUSES.includes(e.status),
      );
      if (wrong.length)
        throw new TargetFailure(
          `event ${wrong[0].id} has status ${JSON.stringify(wrong[0].status)}`,
        );
    },
  );

  check(
    { id: ["EVT-VIEW-1", "EVT-ACTION-2"], op: "getEvent", effect: "creates" },
    "view answers the one event of that ID",
    async ({ ops, fresh, skip, config }) => {
      const events = await freshEvents({ ops, fresh, config }, 0);
      const listed = events.at(-1) ?? expectCollection(await ops.listEvents()).data[0];
      // which operation records an event is not shown (Events 4): no event is not a failure
      if (!listed) skip("no event is listed, even after an OAuth client was created");
      const viewed = expectSuccess(await ops.getEvent({ path: { eventId: listed.id } }));
      for (const k of ["id", "action", "created"]) {
        if (viewed[k] !== listed[k])
          throw new TargetFailure(
            `${k} is ${JSON.stringify(viewed[k])} in the view, ${JSON.stringify(listed[k])} in the list`,
          );
      }
    },
  );

  check(
    { id: "EVT-LIST-3", op: ["listEvents", "getEvent"], effect: "billable" },
    "a restricted user without a grant on an instance does not see another user's events about it",
    async ({ ops, fresh, principals, skip, config }) => {
      const restricted = principals.get("restricted");
      const before = (await allEvents(ops)).reduce((m, e) => Math.max(m, e.id), 0);
      const vm = await fresh.emptyInstance();
      const about = await eventsOfWrite(
        { ops, config },
        (e) =>
          e.id > before &&
          [e.entity?.id, e.secondary_entity?.id].map(String).includes(String(vm.id)),
      );
      if (about.length === 0) skip("the target recorded no event naming the new instance");
      const seen = new Set((await allEvents(ops, restricted)).map((e) => e.id));
      const shown = about.filter((e) => seen.has(e.id));
      if (shown.length)
        throw new TargetFailure(
          `the restricted user lists event ${shown[0].id} about instance ${vm.id} it has no grant on`,
        );
      expectError(await ops.getEvent({ path: { eventId: about[0].id }, as: restricted }));
    },
  );

  check(
    { id: "EVT-SCOPE-1", op: ["listEvents", "getEvent", "markEventRead", "markEventSeen"] },
    "list, view, mark read and mark seen refuse a token without events:read_only",
    async ({ ops, principals, skip }) => {
      const as = await principals.withScopes(["account:read_only"]);
      const event = expectCollection(await ops.listEvents()).data[0];
      expectError(await ops.listEvents({ as }));
      if (!event) skip("no event is listed to view or mark (the list refusal was checked)");
      const path = { eventId: event.id };
      expectError(await ops.getEvent({ path, as }));
      expectError(await ops.markEventRead({ path, as }));
      expectError(await ops.markEventSeen({ path, as }));
    },
  );
});
