// Events: list, view, mark read, mark seen. Other areas record events with `state.emit`; this area
// only serves them. Visibility: unrestricted users see every event of the account; restricted users
// see the events they caused and events about instances they hold a grant on.
import type { Area } from "../area.ts";
import { EMPTY, notFound, ok } from "../http.ts";
import { paginate } from "../paginate.ts";
import { intParam, type Ctx, type Router } from "../router.ts";
import type { EventRecord, User } from "../state.ts";
import { eventAppeared } from "../lag.ts";

const RETENTION_MS = 90 * 86_400_000;

const granted = (u: User, e: EventRecord["entity"]) =>
  !!e && e.type === "vm" && typeof e.id === "number" && u.grants.vms.has(e.id);

export function eventVisible(u: User, e: EventRecord): boolean {
  if (!u.restricted) return true;
  return e.username === u.username || granted(u, e.entity) || granted(u, e.secondary_entity);
}

/** Parsed `created` times: a run's events share few distinct seconds, and the list is read often. */
const parsed = new Map<string, number>();
function timeOf(created: string): number {
  let t = parsed.get(created);
  if (t === undefined) {
    if (parsed.size > 100_000) parsed.clear();
    parsed.set(created, (t = Date.parse(created)));
  }
  return t;
}

/**
 * The caller's visible events of the last 90 days, in recording order. Variant events-lag: an event
 * shows only once its delay has passed (reference/lag.ts); `pending` takes those not shown yet too.
 */
function visibleEvents(ctx: Ctx, pending = false): EventRecord[] {
  const cutoff = ctx.state.now().getTime() - RETENTION_MS;
  const windowed = !ctx.faults.has("events-not-windowed");
  const lag = !pending && ctx.variants.has("events-lag");
  const u = ctx.user;
  const now = performance.now();
  return ctx.account.events.filter(
    (e) =>
      (!windowed || timeOf(e.created) >= cutoff) &&
      eventVisible(u, e) &&
      (!lag || eventAppeared(e, now)),
  );
}

/**
 * The Event as served. `entity` and `secondary_entity` are objects in the material (not nullable);
 * every event this target records has an entity (the table lists it without a condition), and the
 * secondary one, "extra context for some events", is left out where there is none.
 */
function render(ctx: Ctx, e: EventRecord): Record<string, unknown> {
  const out = served(ctx, e);
  // fault: a member the Event table lists without a condition left out
  if (ctx.faults.has("event-username-missing")) delete out.username;
  return out;
}

function served(ctx: Ctx, e: EventRecord): Record<string, unknown> {
  const { entity, secondary_entity, ...rest } = e;
  // variant null-for-absent: no secondary entity is written as null (and a running event has no duration yet)
  if (ctx.variants.has("null-for-absent"))
    return {
      ...e,
      duration: e.status === "started" || e.status === "scheduled" ? null : e.duration,
    };
  return {
    ...rest,
    ...(entity ? { entity } : {}),
    ...(secondary_entity ? { secondary_entity } : {}),
  };
}

function findEvent(ctx: Ctx): EventRecord {
  const id = intParam(ctx, "eventId");
  const ev = visibleEvents(ctx).find((e) => e.id === id);
  if (!ev) throw notFound("Event not found");
  return ev;
}

export const eventsArea: Area = {
  name: "events",

  register(r: Router) {
    // newest first
    r.get("/v4/account/events", "events:read_only", (ctx) => {
      const reply = paginate(ctx, visibleEvents(ctx).reverse());
      const body = reply.body as { data: unknown[] };
      body.data = (body.data as EventRecord[]).map((e) => render(ctx, e)); // only the page is rendered
      return reply;
    });
    r.get("/v4/account/events/{eventId}", "events:read_only", (ctx) =>
      ok(render(ctx, findEvent(ctx))),
    );
    r.post("/v4/account/events/{eventId}/read", "events:read_only", (ctx) => {
      const id = intParam(ctx, "eventId");
      if (ctx.faults.has("events-unknown-read-ok") && !visibleEvents(ctx).some((e) => e.id === id))
        return EMPTY;
      const ev = findEvent(ctx);
      if (ctx.faults.has("event-read-marks-earlier")) {
        for (const e of visibleEvents(ctx)) if (e.id <= ev.id) e.read = true;
      } else {
        ev.read = true;
      }
      return EMPTY;
    });
    r.post("/v4/account/events/{eventId}/seen", "events:read_only", (ctx) => {
      const ev = findEvent(ctx);
      if (ctx.faults.has("event-seen-only-one")) {
        ev.seen = true;
      } else {
        // every event up to the ID, those the events-lag variant does not show yet included
        for (const e of visibleEvents(ctx, true)) if (e.id <= ev.id) e.seen = true;
      }
      return EMPTY;
    });
  },

  seed(state, seeded) {
    const now = state.now().getTime();
    for (const [account, user] of [
      [seeded.accountA, seeded.admin],
      [seeded.accountB, seeded.secondary],
    ] as const) {
      const entity = {
        id: account.id,
        label: `account-${account.id}`,
        type: "account",
        url: "/v4/account",
      };
      // one event past the 90-day retention (never listed) and one recent one
      const old = state.emit(account, {
        action: "account_update",
        username: user.username,
        entity,
      });
      old.created = state.iso(new Date(now - 100 * 86_400_000));
      old.read = true;
      old.seen = true;
      const recent = state.emit(account, {
        action: "account_update",
        username: user.username,
        entity,
      });
      recent.created = state.iso(new Date(now - 3_600_000));
    }
  },

  faults: [
    {
      name: "event-seen-only-one",
      requirement: "EVT-SEEN-1",
      description: "mark seen sets seen on the given event only, not on the earlier ones",
    },
    {
      name: "event-read-marks-earlier",
      requirement: "EVT-READ-1",
      description:
        "mark read sets read on every event up to the given one instead of that one only",
    },
    {
      name: "events-unknown-read-ok",
      requirement: "CONV-UNKNOWN-1",
      description: "mark read of an event ID that does not exist answers {}",
    },
    {
      name: "events-not-windowed",
      requirement: "EVT-LIST-2",
      description: "events older than 90 days stay listed",
    },
    {
      name: "event-username-missing",
      requirement: "CONV-NULL-2",
      description:
        "events list and view leave out username (a member the Event table lists without a condition)",
    },
  ],
};
