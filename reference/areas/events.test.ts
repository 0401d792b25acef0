// The events area of the reference target: list, view, mark read, mark seen; visibility by grants;
// 90-day retention; its fault switches.
import { describe, expect, it } from "vitest";
import { referenceForTests } from "../testing.ts";

const {
  ref,
  api: call,
  state: control,
  fault: faults,
} = await referenceForTests({ resetEach: true });
const ADMIN = ref.tokens.admin;
const RESTRICTED = ref.tokens.restricted;
const SECONDARY = ref.tokens.secondary;

/** Record events on account A directly (as other areas do through state.emit). */
function emit(n: number, opts: { username?: string; vmId?: number } = {}) {
  const { state, seeded } = ref.app;
  return Array.from(
    { length: n },
    () =>
      state.emit(seeded.accountA, {
        action: "vm_boot",
        username: opts.username ?? "admin",
        entity:
          opts.vmId === undefined
            ? null
            : {
                id: opts.vmId,
                label: `vm-${opts.vmId}`,
                type: "vm",
                url: `/v4/vm/instances/${opts.vmId}`,
              },
      }).id,
  );
}
type Ev = {
  id: number;
  read: boolean;
  seen: boolean;
  created: string;
  action: string;
  status: string | null;
};
const list = async (token = ADMIN): Promise<Ev[]> =>
  (await call("GET", "/v4/account/events", undefined, token)).body.data;

describe("events", () => {
  it("lists the account's events, newest first, with the Event fields", async () => {
    emit(2);
    const r = await call("GET", "/v4/account/events");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ page: 1, pages: 1 });
    expect(r.body.results).toBeGreaterThanOrEqual(3);
    const ids = r.body.data.map((e: Ev) => e.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    for (const e of r.body.data) {
      const keys = Object.keys(e)
        .filter((k) => k !== "entity" && k !== "secondary_entity")
        .sort();
      expect(keys).toEqual([
        "action",
        "created",
        "duration",
        "id",
        "message",
        "percent_complete",
        "rate",
        "read",
        "seen",
        "status",
        "time_remaining",
        "username",
      ]);
      // entity and secondary_entity are objects when present, never null
      if ("entity" in e)
        expect(e.entity).toEqual({
          id: expect.anything(),
          label: expect.any(String),
          type: expect.any(String),
          url: expect.any(String),
        });
      expect(e.secondary_entity).toBeUndefined();
      expect([null, "failed", "finished", "notification", "scheduled", "started"]).toContain(
        e.status,
      );
    }
    expect((await list(SECONDARY)).every((e) => !ids.includes(e.id))).toBe(true);
  });

  it("views one event; unknown or another account's id is 404", async () => {
    const [id] = emit(1);
    const r = await call("GET", `/v4/account/events/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id,
      action: "vm_boot",
      read: false,
      seen: false,
      username: "admin",
    });
    expect((await call("GET", `/v4/account/events/${id}`, undefined, SECONDARY)).status).toBe(404);
    expect((await call("GET", "/v4/account/events/999999")).status).toBe(404);
    expect((await call("GET", "/v4/account/events/x")).status).toBe(404);
  });

  it("mark read sets read on that one event only", async () => {
    const [a, b, c] = emit(3);
    const r = await call("POST", `/v4/account/events/${b}/read`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    const byId = new Map((await list()).map((e) => [e.id, e]));
    expect([byId.get(a)!.read, byId.get(b)!.read, byId.get(c)!.read]).toEqual([false, true, false]);
    expect((await call("POST", "/v4/account/events/999999/read")).status).toBe(404);
  });

  it("mark seen sets seen on every event up to and including the id, later ones unchanged", async () => {
    const [a, b, c] = emit(3);
    const r = await call("POST", `/v4/account/events/${b}/seen`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    const all = await list();
    expect(all.filter((e) => e.id <= b).every((e) => e.seen)).toBe(true);
    expect(all.find((e) => e.id === c)!.seen).toBe(false);
    expect(all.find((e) => e.id === a)!.read).toBe(false);
    expect((await call("POST", "/v4/account/events/999999/seen")).status).toBe(404);
  });

  it("needs events:read_only", async () => {
    const { token } = await control("token", { scopes: ["events:read_only"] });
    const [id] = emit(1);
    expect((await call("GET", "/v4/account/events", undefined, token)).status).toBe(200);
    expect((await call("POST", `/v4/account/events/${id}/seen`, undefined, token)).status).toBe(
      200,
    );
    const { token: other } = await control("token", { scopes: ["account:read_write"] });
    expect((await call("GET", "/v4/account/events", undefined, other)).status).toBe(403);
    expect((await call("GET", `/v4/account/events/${id}`, undefined, other)).status).toBe(403);
    expect((await call("POST", `/v4/account/events/${id}/read`, undefined, other)).status).toBe(
      403,
    );
    expect((await call("GET", "/v4/account/events", undefined, null)).status).toBe(401);
  });

  it("restricted users see events they caused and events on instances they hold a grant on", async () => {
    const { token, username } = await control("restricted-user", {
      grants: { vms: [{ id: 77, permissions: "read_only" }] },
    });
    const [onGranted] = emit(1, { vmId: 77 });
    const [onOther] = emit(1, { vmId: 78 });
    const [own] = emit(1, { username });
    const ids = (await list(token)).map((e) => e.id);
    expect(ids).toEqual([own, onGranted]);
    expect((await call("GET", `/v4/account/events/${onOther}`, undefined, token)).status).toBe(404);
    expect(await list(RESTRICTED)).toEqual([]);
    expect((await list()).map((e) => e.id)).toEqual(
      expect.arrayContaining([own, onGranted, onOther]),
    );
  });

  it("keeps 90 days: nothing older is listed; after 91 days current events drop out", async () => {
    const old = (es: Ev[]) =>
      es.filter((e) => Date.parse(e.created) < Date.now() - 90 * 86_400_000);
    expect(old(await list())).toEqual([]);
    const [id] = emit(1);
    await control("clock-advance", { seconds: 91 * 86_400 });
    expect((await list()).map((e) => e.id)).not.toContain(id);
    expect((await call("GET", `/v4/account/events/${id}`)).status).toBe(404);
  });

  it("fault event-seen-only-one", async () => {
    const [a, b] = emit(2);
    await faults("event-seen-only-one");
    await call("POST", `/v4/account/events/${b}/seen`);
    expect((await list()).find((e) => e.id === a)!.seen).toBe(false);
  });

  it("fault event-read-marks-earlier", async () => {
    const [a, b] = emit(2);
    await faults("event-read-marks-earlier");
    await call("POST", `/v4/account/events/${b}/read`);
    expect((await list()).find((e) => e.id === a)!.read).toBe(true);
  });

  it("fault event-username-missing: list and view leave out username", async () => {
    const [id] = emit(1);
    await faults("event-username-missing");
    expect((await list()).every((e) => !("username" in e))).toBe(true);
    expect("username" in (await call("GET", `/v4/account/events/${id}`)).body).toBe(false);
    await faults();
    expect((await call("GET", `/v4/account/events/${id}`)).body.username).toBeTypeOf("string");
  });

  it("fault events-not-windowed", async () => {
    await faults("events-not-windowed");
    const old = (await list()).filter((e) => Date.parse(e.created) < Date.now() - 90 * 86_400_000);
    expect(old.length).toBeGreaterThan(0);
  });
});
