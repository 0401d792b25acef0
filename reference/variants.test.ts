// Legal variants: VARIANTS.md names every variant the code has, and each variant changes what it
// says (on: the other legal behaviour; off: the default one).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { referenceForTests } from "./testing.ts";
import { ALL_VARIANTS, Variants } from "./variants.ts";

const doc = readFileSync(new URL("./VARIANTS.md", import.meta.url), "utf8");
const rows = [...doc.matchAll(/^\| `([^`]+)` \| ([^|]+) \| (.+) \| ([^|]+) \|$/gm)].map((m) => {
  const [should, skips] = m[4].split(/\bskips\b/);
  const ids = (s = "") => s.match(/\b[A-Z]+(?:-[A-Z0-9]+)+\b/g) ?? [];
  return { name: m[1], words: m[3], should: ids(should), skips: ids(skips) };
});

describe("reference/VARIANTS.md", () => {
  it("lists every variant the code has, each with the material's words in quotes", () => {
    expect(rows.map((r) => r.name).sort()).toEqual(ALL_VARIANTS.map((v) => v.name).sort());
    for (const r of rows) expect(r.words, r.name).toMatch(/"[^"]{8,}"/);
  });

  it("names the same expected SHOULD warnings and skips as the code", () => {
    for (const r of rows) {
      const v = ALL_VARIANTS.find((x) => x.name === r.name);
      expect(r.should, r.name).toEqual(v?.shouldWarnings ?? []);
      expect(r.skips, r.name).toEqual(v?.skips ?? []);
    }
  });

  it("`all` turns on every variant; unknown names are refused naming VARIANTS.md", () => {
    expect(new Variants(["all"]).list().sort()).toEqual(ALL_VARIANTS.map((v) => v.name).sort());
    expect(() => new Variants(["created-201", "nope"])).toThrow(
      /unknown variant\(s\): nope; see reference\/VARIANTS.md/,
    );
  });
});

const { ref, api, state, stateRes, variant, fields, scoped, send } = await referenceForTests();
const I = "/v4/vm/instances";
const PASS = "Str0ng!Passw0rd";
const emptyVm = async () =>
  (await api("POST", I, { region: "us-east", type: "vm-standard-1" })).body;

describe("variants", () => {
  it("created-201: creates answer 201 with the record; a bucket the caller owns stays 200", async () => {
    const bucket = { cluster: "us-east-1", label: "variant-201" };
    expect((await api("POST", "/v4/object-storage/buckets/", bucket)).status).toBe(200);
    variant("created-201");
    const c = await api("POST", "/v4/managed/contacts", { name: "Ops Team" });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ id: expect.any(Number), name: "Ops Team" });
    expect((await api("POST", "/v4/object-storage/buckets/", bucket)).status).toBe(200);
    expect(
      (await api("POST", "/v4/object-storage/buckets/", { ...bucket, label: "variant-201-new" }))
        .status,
    ).toBe(201);
    expect((await api("GET", `/v4/managed/contacts/${c.body.id}`)).status).toBe(200);
  });

  it("action-202: actions answer 202 with the same body; creates and reads are untouched", async () => {
    const vm = await emptyVm();
    await api("POST", `${I}/${vm.id}/configs`, { label: "only", devices: {} });
    variant("action-202");
    const boot = await api("POST", `${I}/${vm.id}/boot`, {});
    expect(boot).toEqual({ status: 202, body: {} });
    expect(
      (await api("POST", `${I}/${vm.id}/configs`, { label: "second", devices: {} })).status,
    ).toBe(200);
  });

  it("timestamps-no-offset: date-times without Z; the account update takes them back", async () => {
    variant("timestamps-no-offset");
    const acct = await api("GET", "/v4/account");
    expect(acct.body.active_since).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const up = await api("PUT", "/v4/account", {
      active_promotions: [{ summary: "Ten off", expire_dt: "2030-01-02T03:04:05" }],
    });
    expect(up.status).toBe(200);
    expect(up.body.active_promotions).toEqual([
      { summary: "Ten off", expire_dt: "2030-01-02T03:04:05" },
    ]);
    variant();
    expect((await api("GET", "/v4/account")).body.active_since).toMatch(/Z$/);
    expect(
      fields(
        await api("PUT", "/v4/account", {
          active_promotions: [{ expire_dt: "2030-01-02T03:04:05" }],
        }),
      ),
    ).toEqual(["active_promotions.0.expire_dt"]);
  });

  it("null-for-absent: no value is null (events, unlimited keys); profile strings stay strings", async () => {
    const key = (await api("POST", "/v4/object-storage/keys", { label: "unlimited" })).body;
    expect(key.bucket_access).toEqual([]);
    await state("jobs-hold");
    const vm = await emptyVm();
    variant("null-for-absent");
    expect((await api("GET", `/v4/object-storage/keys/${key.id}`)).body.bucket_access).toBeNull();
    const events = (await api("GET", "/v4/account/events")).body.data as {
      action: string;
      status: string;
      duration: unknown;
      secondary_entity: unknown;
      entity: { id: number };
    }[];
    const running = events.find((e) => e.action === "vm_create" && e.entity.id === vm.id)!;
    expect(running.status).toMatch(/started|scheduled/);
    expect(running.duration).toBeNull();
    expect(running.secondary_entity).toBeNull();
    await state("jobs-release");
    // the Account table types every profile member a string, none nullable
    expect((await api("GET", "/v4/account")).body.tax_id).toBe("");
    expect(fields(await api("PUT", "/v4/account", { company: null }))).toEqual(["company"]);
    variant();
  });

  it("nullable-omitted: shown records leave out their null members; not-shown ones keep them", async () => {
    const client = { label: "app", redirect_uri: "https://example.com/cb" };
    const c = (await api("POST", "/v4/account/oauth-clients", client)).body;
    expect(c.thumbnail_url).toBeNull();
    const contact = (await api("POST", "/v4/managed/contacts", { name: "Jo" })).body;
    variant("nullable-omitted");
    expect("thumbnail_url" in (await api("GET", `/v4/account/oauth-clients/${c.id}`)).body).toBe(
      false,
    );
    const events = (await api("GET", "/v4/account/events")).body.data as Record<string, unknown>[];
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(Object.values(e)).not.toContain(null);
    expect((await api("GET", `/v4/managed/contacts/${contact.id}`)).body.group).toBeNull();
    variant();
  });

  it("extra-members: records, envelopes, items and errors carry x_vendor; {} stays {}", async () => {
    variant("extra-members");
    const list = await api("GET", "/v4/object-storage/clusters");
    expect(list.body.x_vendor).toBeDefined();
    expect(list.body.data[0].x_vendor).toBeDefined();
    expect((await api("GET", "/v4/account")).body.x_vendor).toBeDefined();
    const err = await api("GET", "/v4/managed/contacts/999999999");
    expect(err.body.x_vendor).toBeDefined();
    expect(err.body.errors[0]).toMatchObject({
      field: null,
      reason: expect.any(String),
      x_vendor: expect.anything(),
    });
    const events = (await api("GET", "/v4/account/events")).body.data;
    expect(await api("POST", `/v4/account/events/${events[0].id}/read`, {})).toEqual({
      status: 200,
      body: {},
    });
  });

  it("error-statuses: 422 for validation, 401 for a missing scope, other reasons; fixed texts and the clone 400 stay", async () => {
    variant("error-statuses");
    const bad = await api("POST", "/v4/managed/credentials", {});
    expect(bad.status).toBe(422);
    expect(fields(bad).sort()).toEqual(["label", "password"]);
    expect((await api("GET", "/v4/account", undefined, scoped("vms:read_only"))).status).toBe(401);
    const weak = await api("POST", I, {
      region: "us-east",
      type: "vm-standard-1",
      image: "vm/debian12",
      root_pass: "weakweakweak",
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors[0].reason).toBe("Password does not meet strength requirement");
    const missing = await api("GET", `${I}/999999999`);
    expect(missing).toEqual({
      status: 404,
      body: { errors: [{ field: null, reason: "Not found" }] },
    });
  });

  it("errors-empty: an unknown ID or path answers an empty errors array; field errors keep theirs", async () => {
    variant("errors-empty");
    expect(await api("GET", `${I}/999999999`)).toEqual({ status: 404, body: { errors: [] } });
    expect(await api("GET", "/v4/no-such-thing")).toEqual({ status: 404, body: { errors: [] } });
    expect(fields(await api("POST", "/v4/managed/credentials", {})).length).toBe(2);
  });

  it("page-size-clamp: out-of-range page and page_size are clamped; past the last page answers the last", async () => {
    expect((await api("GET", "/v4/vm/kernels?page_size=500")).status).toBe(400);
    variant("page-size-clamp");
    const big = await api("GET", "/v4/vm/kernels?page_size=500");
    expect(big.status).toBe(200);
    expect(big.body.data.length).toBeLessThanOrEqual(100);
    expect((await api("GET", "/v4/vm/kernels?page=0")).body.page).toBe(1);
    const past = await api("GET", "/v4/vm/kernels?page=99");
    expect(past.body.page).toBe(past.body.pages);
    expect(past.body.data.length).toBeGreaterThan(0);
  });

  it("memory-limit-zero: a config made without memory_limit stores 0; a given one is kept", async () => {
    const vm = await emptyVm();
    variant("memory-limit-zero");
    expect(
      (await api("POST", `${I}/${vm.id}/configs`, { label: "a", devices: {} })).body.memory_limit,
    ).toBe(0);
    expect(
      (await api("POST", `${I}/${vm.id}/configs`, { label: "b", devices: {}, memory_limit: 512 }))
        .body.memory_limit,
    ).toBe(512);
  });

  it("recipes-own-private-hidden: the list shows public recipes only; the own private one stays viewable", async () => {
    const r = (
      await api("POST", "/v4/vm/recipes", {
        label: "own-private",
        images: [],
        script: "#!/bin/sh\n",
      })
    ).body;
    const ids = async () =>
      ((await api("GET", "/v4/vm/recipes")).body.data as { id: unknown }[]).map((x) => x.id);
    expect(await ids()).toContain(r.id);
    variant("recipes-own-private-hidden");
    expect(await ids()).not.toContain(r.id);
    expect((await api("GET", `/v4/vm/recipes/${r.id}`)).status).toBe(200);
  });

  it("disk-update-label-refused: a label is refused naming it; size still works", async () => {
    const vm = await emptyVm();
    const d = (await api("POST", `${I}/${vm.id}/disks`, { size: 100, label: "data" })).body;
    variant("disk-update-label-refused");
    expect(fields(await api("PUT", `${I}/${vm.id}/disks/${d.id}`, { label: "renamed" }))).toEqual([
      "label",
    ]);
    expect((await api("PUT", `${I}/${vm.id}/disks/${d.id}`, { size: 200 })).body.size).toBe(200);
  });

  it("promotions-lenient: a malformed expire_dt is accepted and dropped", async () => {
    variant("promotions-lenient");
    const up = await api("PUT", "/v4/account", {
      active_promotions: [{ summary: "x", expire_dt: "tomorrow" }],
    });
    expect(up.status).toBe(200);
    expect(up.body.active_promotions).toEqual([{ summary: "x" }]);
  });

  it("kernel-id-unencoded-only: the encoded slash is 404, path segments work", async () => {
    expect((await api("GET", "/v4/vm/kernels/vm%2Flatest-64bit", undefined, null)).status).toBe(
      200,
    );
    variant("kernel-id-unencoded-only");
    expect((await api("GET", "/v4/vm/kernels/vm%2Flatest-64bit", undefined, null)).status).toBe(
      404,
    );
    expect((await api("GET", "/v4/vm/kernels/vm/latest-64bit", undefined, null)).body.id).toBe(
      "vm/latest-64bit",
    );
  });

  it("tag-element-no-type, redaction-text, oauth-create-secret-redacted: other shapes of not-shown details", async () => {
    const vm = ref.app.state.id();
    ref.app.seeded.accountA.vms.set(vm, {
      id: vm,
      label: `vm-${vm}`,
      region: "us-east",
      type: "vm-nano-1",
      tags: [],
    });
    await api("POST", "/v4/tags", { label: "variant-tag", vms: [vm] });
    variant("tag-element-no-type", "redaction-text", "oauth-create-secret-redacted");
    const items = (await api("GET", "/v4/tags/variant-tag")).body.data;
    expect(items).toEqual([{ data: expect.objectContaining({ id: vm }) }]);
    const c = await api("POST", "/v4/account/oauth-clients", {
      label: "variant",
      redirect_uri: "https://example.com/cb",
    });
    expect(c.body.secret).toBe("********");
    const reset = await api("POST", `/v4/account/oauth-clients/${c.body.id}/reset-secret`, {});
    expect(reset.body.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it("delete-idempotent: a DELETE of what is not there answers {}; a malformed ID and other methods stay refused", async () => {
    const c = await api("POST", "/v4/account/oauth-clients", {
      label: "idempotent",
      redirect_uri: "https://example.com/cb",
    });
    const path = `/v4/account/oauth-clients/${c.body.id}`;
    expect((await api("DELETE", path)).status).toBe(200);
    expect((await api("DELETE", path)).status).toBe(404);
    variant("delete-idempotent");
    const again = await api("DELETE", path);
    expect([again.status, again.body]).toEqual([200, {}]);
    expect((await api("GET", path)).status).toBe(404);
    expect((await api("DELETE", `${I}/2147480001`)).body).toEqual({});
    expect((await api("DELETE", `${I}/not-a-number`)).status).toBe(404);
    expect((await api("DELETE", "/v4/account/entity-transfers/not-a-uuid")).status).toBe(404);
    expect((await api("POST", `/v4/managed/credentials/2147480001/revoke`, {})).status).toBe(404);
  });

  it("jobs-delayed: instance work runs for a while; its event is started meanwhile", async () => {
    variant("jobs-delayed");
    const vm = (
      await api("POST", I, {
        region: "us-east",
        type: "vm-standard-1",
        image: "vm/debian12",
        root_pass: PASS,
      })
    ).body;
    const ev = () =>
      api("GET", "/v4/account/events").then((r) =>
        r.body.data.find(
          (e: { action: string; entity: { id: number } }) =>
            e.action === "vm_create" && e.entity.id === vm.id,
        ),
      );
    expect((await ev()).status).toBe("started");
    expect((await api("POST", `${I}/${vm.id}/shutdown`, {})).status).toBe(400); // busy: no running or queued actions
    await new Promise((r) => setTimeout(r, 400));
    expect((await ev()).status).toBe("finished");
  });

  it("seeded-records: account A holds records before the first request, again after a reset", async () => {
    variant("seeded-records");
    ref.app.reset();
    const labels = async (path: string) =>
      ((await api("GET", path)).body.data as { label: string }[]).map((x) => x.label);
    expect(await labels(I)).toEqual(expect.arrayContaining(["existing-vm-1", "existing-vm-2"]));
    expect(await labels("/v4/object-storage/buckets/")).toContain("existing-bucket");
    expect(await labels("/v4/managed/services")).toContain("existing-service");
    expect(await labels("/v4/vm/recipes")).toContain("existing-recipe");
    expect(
      ((await api("GET", "/v4/support/tickets")).body.data as { summary: string }[]).map(
        (t) => t.summary,
      ),
    ).toContain("Existing ticket");
    ref.app.reset();
    expect(await labels(I)).toHaveLength(2);
    variant();
    ref.app.reset();
    expect(await labels(I)).toHaveLength(0);
  });

  it("vm-label-unique: a label another instance has is refused on create and update; an update may keep its own", async () => {
    const a = (await api("POST", I, { region: "us-east", type: "vm-standard-1", label: "twin-a" }))
      .body;
    variant("vm-label-unique");
    expect(
      fields(await api("POST", I, { region: "us-east", type: "vm-standard-1", label: "twin-a" })),
    ).toEqual(["label"]);
    const b = (await api("POST", I, { region: "us-east", type: "vm-standard-1", label: "twin-b" }))
      .body;
    expect(fields(await api("PUT", `${I}/${b.id}`, { label: "twin-a" }))).toEqual(["label"]);
    expect((await api("PUT", `${I}/${a.id}`, { label: "twin-a" })).status).toBe(200);
  });

  it("cluster-unavailable: an unavailable cluster is listed first and takes no bucket", async () => {
    variant("cluster-unavailable");
    const list = (await api("GET", "/v4/object-storage/clusters", undefined, null)).body.data;
    expect(list[0]).toMatchObject({ id: "ap-south-1", status: "unavailable" });
    expect(
      (await api("GET", "/v4/object-storage/clusters/ap-south-1", undefined, null)).body.status,
    ).toBe("unavailable");
    expect(
      fields(
        await api("POST", "/v4/object-storage/buckets/", {
          cluster: "ap-south-1",
          label: "nowhere",
        }),
      ),
    ).toEqual(["cluster"]);
  });

  it("unknown-members-refused: a member the operation does not take is refused naming it", async () => {
    expect((await api("POST", "/v4/managed/contacts", { name: "Ops", shoe_size: 44 })).status).toBe(
      200,
    );
    variant("unknown-members-refused");
    expect(
      fields(await api("POST", "/v4/managed/contacts", { name: "Ops", shoe_size: 44 })),
    ).toEqual(["shoe_size"]);
    expect(fields(await api("PUT", "/v4/account", { city: "Springfield", euuid: "x" }))).toEqual([
      "euuid",
    ]);
    expect(
      (await api("POST", "/v4/managed/contacts", { name: "Ops", email: "ops@example.com" })).status,
    ).toBe(200);
    const vm = await emptyVm();
    expect(
      (
        await api("POST", `${I}/${vm.id}/configs`, {
          label: "c",
          devices: {},
          root_device: "/dev/sdb",
        })
      ).body.root_device,
    ).toBe("/dev/sdb");
  });

  it("tag-exists-refused: a second create of a label is refused naming label", async () => {
    expect((await api("POST", "/v4/tags", { label: "variant-twice" })).status).toBe(200);
    expect((await api("POST", "/v4/tags", { label: "variant-twice" })).status).toBe(200);
    variant("tag-exists-refused");
    expect(fields(await api("POST", "/v4/tags", { label: "variant-twice" }))).toEqual(["label"]);
    expect((await api("POST", "/v4/tags", { label: "variant-fresh" })).status).toBe(200);
  });

  it("records-minimal: buckets, tickets and services without the members the material does not list", async () => {
    variant("records-minimal");
    const b = (
      await api("POST", "/v4/object-storage/buckets/", {
        cluster: "us-east-1",
        label: "variant-minimal",
      })
    ).body;
    expect(Object.keys(b).sort()).toEqual([
      "cluster",
      "created",
      "hostname",
      "label",
      "objects",
      "size",
    ]);
    const t = (await api("POST", "/v4/support/tickets", { summary: "s", description: "d" })).body;
    expect(t.status).toBeUndefined();
    expect((await api("GET", `/v4/support/tickets/${t.id}`)).body).toMatchObject({
      id: t.id,
      summary: "s",
    });
    expect(
      (await api("GET", "/v4/support/tickets")).body.data.every((x: object) => !("status" in x)),
    ).toBe(true);
  });

  it("lists-reversed: events come oldest first; tickets keep the material's order", async () => {
    await api("POST", "/v4/support/tickets", { summary: "a", description: "d" });
    await api("POST", "/v4/support/tickets", { summary: "b", description: "d" });
    const newestFirst = (await api("GET", "/v4/account/events")).body.data.map(
      (e: { id: number }) => e.id,
    );
    const tickets = (await api("GET", "/v4/support/tickets")).body.data;
    variant("lists-reversed");
    const oldestFirst = (await api("GET", "/v4/account/events")).body.data.map(
      (e: { id: number }) => e.id,
    );
    expect(oldestFirst).toEqual([...newestFirst].reverse());
    expect((await api("GET", "/v4/support/tickets")).body.data).toEqual(tickets);
  });

  it("page-size-free: lists whose bounds are not shown take 1..500; the named ones keep 25..100", async () => {
    expect((await api("GET", "/v4/account/events?page_size=1")).status).toBe(400);
    variant("page-size-free");
    const one = await api("GET", "/v4/account/events?page_size=1");
    expect(one.body.data.length).toBe(1);
    expect((await api("GET", "/v4/account/events?page_size=500")).status).toBe(200);
    expect((await api("GET", "/v4/account/events?page_size=501")).status).toBe(400);
    expect((await api("GET", "/v4/vm/kernels?page_size=1")).status).toBe(400);
  });

  it("bucket-counts-lag: objects and size are the last hourly tally; the default counts at once", async () => {
    const B = "/v4/object-storage/buckets/";
    const counts = async (label: string) => {
      const b = (await api("GET", `${B}us-east-1/${label}`)).body;
      return [b.objects, b.size];
    };
    const fill = (bucket: string) =>
      state("bucket-objects", { cluster: "us-east-1", bucket, count: 3, size: 10 });
    await api("POST", B, { cluster: "us-east-1", label: "counts-now" });
    await fill("counts-now");
    expect(await counts("counts-now")).toEqual([3, 30]);
    variant("bucket-counts-lag");
    await api("POST", B, { cluster: "us-east-1", label: "counts-later" });
    await fill("counts-later");
    expect(await counts("counts-later")).toEqual([0, 0]);
    await state("clock-advance", { seconds: 3600 });
    expect(await counts("counts-later")).toEqual([3, 30]);
  });

  it("lists-lag: a list answers what it answered within 0.5 s; views are current; then it catches up", async () => {
    const C = "/v4/managed/contacts";
    const holds = async (id: number) =>
      (await api("GET", C)).body.data.some((c: { id: number }) => c.id === id);
    variant("lists-lag");
    await api("GET", C); // an answer of the list from before the create
    const made = (await api("POST", C, { name: "lagging" })).body;
    expect((await api("GET", `${C}/${made.id}`)).status).toBe(200);
    expect(await holds(made.id)).toBe(false);
    await new Promise((r) => setTimeout(r, 550));
    expect(await holds(made.id)).toBe(true);
    // a delete: still listed within the lag, then gone; a list under a removed parent answers its last
    await api("DELETE", `${C}/${made.id}`);
    expect(await holds(made.id)).toBe(true);
    await new Promise((r) => setTimeout(r, 550));
    expect(await holds(made.id)).toBe(false);
    const vm = (await api("POST", I, { region: "us-east", type: "vm-standard-1" })).body;
    expect((await api("GET", `${I}/${vm.id}/configs`)).status).toBe(200);
    await api("DELETE", `${I}/${vm.id}`);
    expect((await api("GET", `${I}/${vm.id}/configs`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 550));
    expect((await api("GET", `${I}/${vm.id}/configs`)).status).toBe(404);
    variant();
    await api("GET", C);
    const now = (await api("POST", C, { name: "current" })).body;
    expect(await holds(now.id)).toBe(true);
  });

  it("events-lag: an event shows in the list and view 0.5 to 1 s after its write; mark-seen reaches it", async () => {
    const E = "/v4/account/events";
    variant("events-lag");
    const ticket = (await api("POST", "/v4/support/tickets", { summary: "lag", description: "d" }))
      .body;
    const mine = async () =>
      (await api("GET", `${E}?page_size=100`)).body.data.filter(
        (e: { entity?: { id?: unknown } }) => e.entity?.id === ticket.id,
      );
    expect(await mine()).toEqual([]);
    await new Promise((r) => setTimeout(r, 1050));
    const [ev] = await mine();
    expect(ev?.action).toBe("ticket_create");
    expect((await api("GET", `${E}/${ev.id}`)).status).toBe(200);
    // an event recorded after the one marked seen but with a lower ID cannot exist; one recorded
    // before and not shown yet is marked too
    await api("POST", `/v4/support/tickets/${ticket.id}/replies`, { description: "r" });
    const latest = (await api("GET", `${E}?page_size=100`)).body.data[0];
    await api("POST", `${E}/${latest.id}/seen`);
    await new Promise((r) => setTimeout(r, 1050));
    const all = (await api("GET", `${E}?page_size=100`)).body.data;
    expect(all.filter((e: { id: number; seen: boolean }) => e.id <= latest.id && !e.seen)).toEqual(
      [],
    );
    variant();
  });

  it("field-paths-no-index: array items are named without their index", async () => {
    expect(
      fields(await api("PUT", "/v4/account", { active_promotions: [{ expire_dt: "x" }] })),
    ).toEqual(["active_promotions.0.expire_dt"]);
    variant("field-paths-no-index");
    expect(
      fields(await api("PUT", "/v4/account", { active_promotions: [{ expire_dt: "x" }] })),
    ).toEqual(["active_promotions.expire_dt"]);
  });

  it("json-charset: JSON answers name the charset", async () => {
    variant("json-charset");
    const r = await send(`${ref.url}/v4/object-storage/clusters`);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("scopes-not-implied: a read_write scope no longer grants the read_only one", async () => {
    const rw = scoped("account:read_write");
    expect((await api("GET", "/v4/account", undefined, rw)).status).toBe(200);
    variant("scopes-not-implied");
    expect((await api("GET", "/v4/account", undefined, rw)).status).toBe(403);
    expect((await api("GET", "/v4/account", undefined, scoped("account:read_only"))).status).toBe(
      200,
    );
  });

  it("snapshot-needs-backups: a snapshot is refused until the backup service is enabled", async () => {
    const a = await emptyVm();
    expect((await api("POST", `${I}/${a.id}/backups`, { label: "s" })).status).toBe(200);
    variant("snapshot-needs-backups");
    const b = await emptyVm();
    const refused = await api("POST", `${I}/${b.id}/backups`, { label: "s" });
    expect(refused.status).toBe(400);
    expect(fields(refused)).toEqual([null]);
    expect((await api("POST", `${I}/${b.id}/backups/enable`)).status).toBe(200);
    expect((await api("POST", `${I}/${b.id}/backups`, { label: "s" })).status).toBe(200);
  });

  it("card-not-in-account: the card added shows as a payment method, not in credit_card", async () => {
    variant("card-not-in-account");
    const before = (await api("GET", "/v4/account")).body.credit_card;
    const card = {
      card_number: "5555555555554444",
      cvv: "321",
      expiry_month: 3,
      expiry_year: 2032,
    };
    expect((await api("POST", "/v4/account/credit-card", card)).status).toBe(200);
    expect((await api("GET", "/v4/account")).body.credit_card).toEqual(before);
    const methods = (await api("GET", "/v4/account/payment-methods")).body.data;
    expect(methods.some((p: any) => p.data.last_four === "4444")).toBe(true);
  });

  it("bucket-access-partial: an entry missing a member grants nothing; the key is limited", async () => {
    await api("POST", "/v4/object-storage/buckets/", { cluster: "us-east-1", label: "partial" });
    const K = "/v4/object-storage/keys";
    const entry = { cluster: "us-east-1", bucket_name: "partial" };
    expect(fields(await api("POST", K, { bucket_access: [entry] }))).toEqual([
      "bucket_access.0.permissions",
    ]);
    variant("bucket-access-partial");
    const k = await api("POST", K, { bucket_access: [entry] });
    expect(k.status).toBe(200);
    expect(k.body).toMatchObject({ limited: true, bucket_access: [] });
    expect(fields(await api("POST", K, { bucket_access: [{ ...entry, cluster: 12 }] }))).toEqual([
      "bucket_access.0.cluster",
    ]);
  });

  it("promotions-wrong-type-dropped: a promotion of another type is dropped, not refused", async () => {
    const wrong = { active_promotions: [{ summary: 12 }] };
    expect(fields(await api("PUT", "/v4/account", wrong))).toEqual(["active_promotions.0.summary"]);
    variant("promotions-wrong-type-dropped");
    const r = await api("PUT", "/v4/account", {
      active_promotions: [{ summary: 12 }, { summary: "kept" }, 7],
    });
    expect(r.status).toBe(200);
    expect(r.body.active_promotions).toEqual([{ summary: "kept" }]);
  });

  it("rescue-sdh-accepted: rescue takes the reserved slot sdh", async () => {
    const vm = await emptyVm();
    const disk = (await api("POST", `${I}/${vm.id}/disks`, { label: "d", size: 100 })).body;
    const body = { devices: { sdh: { disk_id: disk.id } } };
    expect(fields(await api("POST", `${I}/${vm.id}/rescue`, body))).toEqual(["devices.sdh"]);
    variant("rescue-sdh-accepted");
    expect((await api("POST", `${I}/${vm.id}/rescue`, body)).status).toBe(200);
  });

  it("object-url-method-required: a create without method is refused naming it", async () => {
    await api("POST", "/v4/object-storage/buckets/", { cluster: "us-east-1", label: "url-method" });
    const url = "/v4/object-storage/buckets/us-east-1/url-method/object-url";
    expect((await api("POST", url, { name: "a" })).status).toBe(200);
    variant("object-url-method-required");
    expect(fields(await api("POST", url, { name: "a" }))).toEqual(["method"]);
    expect((await api("POST", url, { name: "a", method: "GET" })).status).toBe(200);
  });

  it("managed-text-conservative: managed names and labels outside ASCII letters, digits, -_. and space are refused", async () => {
    const C = "/v4/managed/contacts";
    expect((await api("POST", C, { name: "Équipe ops" })).status).toBe(200);
    variant("managed-text-conservative");
    expect(fields(await api("POST", C, { name: "Équipe ops" }))).toEqual(["name"]);
    expect((await api("POST", C, { name: "Ops team-1_a.b" })).status).toBe(200);
    const cred = { label: "clé <b>", password: "Plumbline-s3cret!" };
    expect(fields(await api("POST", "/v4/managed/credentials", cred))).toEqual(["label"]);
  });

  it("object-list-page-50: the contents list answers 50 names by default; page_size still works", async () => {
    const B = "/v4/object-storage/buckets";
    await api("POST", `${B}/`, { cluster: "us-east-1", label: "page-50" });
    await state("bucket-objects", { cluster: "us-east-1", bucket: "page-50", count: 120 });
    const list = (q = "") => api("GET", `${B}/us-east-1/page-50/object-list${q}`);
    expect((await list()).body.data).toHaveLength(100);
    variant("object-list-page-50");
    const page = (await list()).body;
    expect(page.data).toHaveLength(50);
    expect(page.is_truncated).toBe(true);
    expect((await list("?page_size=100")).body.data).toHaveLength(100);
  });

  it("force-remove-unbounded: a forced removal succeeds past the default's 1000 objects", async () => {
    const B = "/v4/object-storage/buckets";
    const big = async (label: string) => {
      await api("POST", `${B}/`, { cluster: "us-east-1", label });
      await state("bucket-objects", { cluster: "us-east-1", bucket: label, count: 1500 });
    };
    await big("too-big");
    expect((await api("DELETE", `${B}/us-east-1/too-big?force=true`)).status).toBe(400);
    expect((await api("GET", `${B}/us-east-1/too-big`)).status).toBe(200);
    variant("force-remove-unbounded");
    await big("not-too-big");
    expect(await api("DELETE", `${B}/us-east-1/not-too-big?force=true`)).toEqual({
      status: 200,
      body: {},
    });
    expect((await api("GET", `${B}/us-east-1/not-too-big`)).status).toBe(404);
    // without force a non-empty bucket is still refused
    expect((await api("DELETE", `${B}/us-east-1/too-big`)).status).toBe(400);
  });

  it("attachment-other-shape: the file comes as a part named attachment; a file part is refused", async () => {
    const t = (await api("POST", "/v4/support/tickets", { summary: "s", description: "d" })).body;
    const attach = async (part: string, filename = "note.txt") => {
      const form = new FormData();
      form.append(part, new Blob(["hello"], { type: "application/octet-stream" }), filename);
      const r = await send(`${ref.url}/v4/support/tickets/${t.id}/attachments`, {
        method: "POST",
        headers: { authorization: `Bearer ${ref.tokens.admin}` },
        body: form,
      });
      return { status: r.status, body: await r.json() };
    };
    expect((await attach("file")).status).toBe(200);
    expect(fields(await attach("attachment"))).toEqual(["file"]);
    variant("attachment-other-shape");
    expect((await attach("attachment")).status).toBe(200);
    expect(fields(await attach("attachment", "tool.exe"))).toEqual(["attachment"]);
    expect(fields(await attach("file"))).toEqual(["attachment"]);
    expect((await api("GET", `/v4/support/tickets/${t.id}`)).body.attachments).toEqual([
      "note.txt",
      "note.txt",
    ]);
  });

  it("card-not-shown: the card added shows neither in credit_card nor among the payment methods", async () => {
    variant("card-not-shown");
    const before = (await api("GET", "/v4/account")).body.credit_card;
    const methods = (await api("GET", "/v4/account/payment-methods")).body.data;
    const card = {
      card_number: "5555555555554444",
      cvv: "321",
      expiry_month: 3,
      expiry_year: 2032,
    };
    expect(await api("POST", "/v4/account/credit-card", card)).toEqual({ status: 200, body: {} });
    expect((await api("GET", "/v4/account")).body.credit_card).toEqual(before);
    expect((await api("GET", "/v4/account/payment-methods")).body.data).toEqual(methods);
    // the card is kept: an unpaid balance is charged to it, so the cancel succeeds
    await state("unpaid-balance", { amount: 5, chargeable: false });
    expect((await api("POST", "/v4/account/credit-card", card)).status).toBe(200);
    expect((await api("POST", "/v4/account/cancel", {})).status).toBe(200);
  });

  it("enable-monitored-refused: enable of a monitored service is refused; of a disabled one it works", async () => {
    const S = "/v4/managed/services";
    const svc = (
      await api("POST", S, {
        label: "svc-enable",
        address: "https://example.com/h",
        service_type: "url",
        timeout: 30,
      })
    ).body;
    expect((await api("POST", `${S}/${svc.id}/enable`)).status).toBe(200);
    variant("enable-monitored-refused");
    const refused = await api("POST", `${S}/${svc.id}/enable`);
    expect(refused.status).toBe(400);
    expect(fields(refused)).toEqual([null]);
    expect((await api("POST", `${S}/${svc.id}/disable`)).status).toBe(200);
    expect((await api("POST", `${S}/${svc.id}/enable`)).status).toBe(200);
    expect((await api("POST", `${S}/${svc.id}/enable`)).status).toBe(400);
  });

  it("disk-update-refuses-size: a size is refused naming it; a label still works", async () => {
    const vm = await emptyVm();
    const d = (await api("POST", `${I}/${vm.id}/disks`, { size: 100, label: "data" })).body;
    expect((await api("PUT", `${I}/${vm.id}/disks/${d.id}`, { size: 200 })).body.size).toBe(200);
    variant("disk-update-refuses-size");
    expect(fields(await api("PUT", `${I}/${vm.id}/disks/${d.id}`, { size: 300 }))).toEqual([
      "size",
    ]);
    expect((await api("GET", `${I}/${vm.id}/disks/${d.id}`)).body.size).toBe(200);
    const renamed = await api("PUT", `${I}/${vm.id}/disks/${d.id}`, { label: "renamed" });
    expect(renamed.body).toMatchObject({ label: "renamed", size: 200 });
  });

  it("managed-views-read-write: service view and settings view refuse account:read_only", async () => {
    const svc = (
      await api("POST", "/v4/managed/services", {
        label: "svc-view",
        address: "https://example.com/h",
        service_type: "url",
        timeout: 30,
      })
    ).body;
    const vm = await emptyVm();
    const ro = scoped("account:read_only");
    const rw = scoped("account:read_write");
    const views = [`/v4/managed/services/${svc.id}`, `/v4/managed/vm-settings/${vm.id}`];
    for (const v of views) expect((await api("GET", v, undefined, ro)).status).toBe(200);
    variant("managed-views-read-write");
    for (const v of views) {
      expect((await api("GET", v, undefined, ro)).status).toBe(403);
      expect((await api("GET", v, undefined, rw)).status).toBe(200);
    }
    // the lists keep account:read_only
    expect((await api("GET", "/v4/managed/services", undefined, ro)).status).toBe(200);
  });

  it("grant-permits-less: a grant permits no delete or resize; stats and transfer need read_write", async () => {
    const a = await emptyVm();
    const b = await emptyVm();
    const user = (
      await stateRes("restricted-user", {
        grants: {
          vms: [
            { id: a.id, permissions: "read_write" },
            { id: b.id, permissions: "read_only" },
          ],
        },
      })
    ).body.token as string;
    const reads = (id: number) => [
      `${I}/${id}/stats`,
      `${I}/${id}/transfer`,
      `${I}/${id}/stats/2020/1`,
      `${I}/${id}/transfer/2020/1`,
    ];
    for (const r of reads(b.id)) expect((await api("GET", r, undefined, user)).status, r).toBe(200);
    variant("grant-permits-less");
    for (const r of reads(b.id)) expect((await api("GET", r, undefined, user)).status, r).toBe(403);
    for (const r of reads(a.id)) expect((await api("GET", r, undefined, user)).status, r).toBe(200);
    expect((await api("GET", `${I}/${b.id}`, undefined, user)).status).toBe(200);
    const resize = await api("POST", `${I}/${a.id}/resize`, { type: "vm-standard-2" }, user);
    expect(resize.status).toBe(403);
    expect((await api("DELETE", `${I}/${a.id}`, undefined, user)).status).toBe(403);
    expect((await api("PUT", `${I}/${a.id}`, { label: "still-mine" }, user)).status).toBe(200);
    // unrestricted users are untouched
    expect((await api("DELETE", `${I}/${a.id}`)).status).toBe(200);
  });

  it("email-validated: the account email is an address; account and contact phones are phone numbers", async () => {
    const loose = { email: "ops", phone: "call the desk" };
    expect((await api("PUT", "/v4/account", loose)).status).toBe(200);
    const C = "/v4/managed/contacts";
    expect((await api("POST", C, { name: "Ops", phone: { primary: "555-0100 x12" } })).status).toBe(
      200,
    );
    variant("email-validated");
    expect(fields(await api("PUT", "/v4/account", loose)).sort()).toEqual(["email", "phone"]);
    const good = { email: "ops@example.com", phone: "+1 (555) 010-0100", country: "US" };
    expect((await api("PUT", "/v4/account", good)).body).toMatchObject(good);
    expect(fields(await api("PUT", "/v4/account", { country: "É1" }))).toEqual(["country"]);
    expect(
      fields(await api("POST", C, { name: "Ops", phone: { primary: "555-0100 x12" } })),
    ).toEqual(["phone.primary"]);
    expect(fields(await api("POST", C, { name: "Ops", email: "ops" }))).toEqual(["email"]);
    const contact = { name: "Ops", email: "ops@example.com", phone: { secondary: "555 0100" } };
    expect((await api("POST", C, contact)).status).toBe(200);
  });

  it("variants combine with faults and with each other", async () => {
    variant("all");
    ref.app.faults.set(["error-body-plain"]);
    const r = await api("GET", `${I}/999999999`);
    expect(r.status).toBe(404);
    expect(typeof r.body).toBe("string");
    ref.app.faults.set([]);
    expect((await api("POST", "/v4/managed/contacts", { name: "Ops" })).status).toBe(201);
  });

  it("the control endpoint lists and sets variants", async () => {
    const set = await send(`${ref.controlUrl}/variants`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ variants: ["action-202"] }),
    });
    const body = (await set.json()) as { active: string[]; known: { name: string }[] };
    expect(body.active).toEqual(["action-202"]);
    expect(body.known.length).toBe(ALL_VARIANTS.length);
  });
});
