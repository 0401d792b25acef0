// The account area of the reference target: every operation on its happy path, the rules the
// material states, and each fault switch (on: the rule breaks; off: it holds).
import { describe, expect, it } from "vitest";
import { referenceForTests } from "../testing.ts";

const {
  ref,
  api: call,
  state: control,
  fault: faults,
  fields,
  addVm,
  scoped,
} = await referenceForTests({ resetEach: true });
const _ADMIN = ref.tokens.admin;
const RESTRICTED = ref.tokens.restricted;
const SECONDARY = ref.tokens.secondary;

describe("account view and update", () => {
  it("views the account with every listed field", async () => {
    const r = await call("GET", "/v4/account");
    expect(r.status).toBe(200);
    for (const k of [
      "active_promotions",
      "active_since",
      "address_1",
      "address_2",
      "balance",
      "balance_uninvoiced",
      "capabilities",
      "city",
      "company",
      "country",
      "credit_card",
      "email",
      "euuid",
      "first_name",
      "last_name",
      "phone",
      "state",
      "tax_id",
      "zip",
    ]) {
      expect(r.body, k).toHaveProperty(k);
    }
    expect(r.body.euuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof r.body.balance).toBe("number");
    expect(r.body.credit_card).toEqual({
      expiry: expect.any(String),
      last_four: expect.any(Number),
    });
  });

  it("updates writable fields and a later view shows them; an account_update event is recorded", async () => {
    const body = {
      address_1: "a".repeat(64),
      city: "c".repeat(24),
      country: "CA",
      first_name: "Grace",
      zip: "K1A 0B1",
      tax_id: "t".repeat(100),
    };
    const r = await call("PUT", "/v4/account", body);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject(body);
    expect((await call("GET", "/v4/account")).body).toMatchObject(body);
    const ev = await call("GET", "/v4/account/events");
    expect(ev.body.data[0].action).toBe("account_update");
  });

  it("refuses each field past its bound, naming every field", async () => {
    const r = await call("PUT", "/v4/account", {
      address_1: "a".repeat(65),
      address_2: "a".repeat(65),
      city: "c".repeat(25),
      company: "c".repeat(129),
      country: "USA",
      email: "e".repeat(129),
      first_name: "f".repeat(51),
      last_name: "l".repeat(51),
      phone: "1".repeat(33),
      state: "s".repeat(25),
      tax_id: "t".repeat(101),
    });
    expect(r.status).toBe(400);
    expect(fields(r).sort()).toEqual([
      "address_1",
      "address_2",
      "city",
      "company",
      "country",
      "email",
      "first_name",
      "last_name",
      "phone",
      "state",
      "tax_id",
    ]);
    expect((await call("PUT", "/v4/account", { country: "U" })).status).toBe(400);
    expect((await call("PUT", "/v4/account", { city: 5 })).status).toBe(400);
  });

  it("validates active_promotions items and stores them", async () => {
    const bad = await call("PUT", "/v4/account", {
      active_promotions: [{ expire_dt: "tomorrow" }],
    });
    expect(bad.status).toBe(400);
    expect(fields(bad)).toEqual(["active_promotions.0.expire_dt"]);
    const promo = {
      summary: "Ten off",
      expire_dt: "2030-01-01T00:00:00Z",
      credit_remaining: "10.00",
    };
    const r = await call("PUT", "/v4/account", { active_promotions: [promo] });
    expect(r.status).toBe(200);
    expect(r.body.active_promotions).toEqual([promo]);
  });

  it("ignores read-only fields in the update body", async () => {
    const before = (await call("GET", "/v4/account")).body;
    const r = await call("PUT", "/v4/account", {
      euuid: "00000000-0000-0000-0000-000000000000",
      balance: 99,
      active_since: "2000-01-01T00:00:00Z",
      city: "Here",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      euuid: before.euuid,
      balance: before.balance,
      active_since: before.active_since,
      city: "Here",
    });
  });

  it("needs account:read_write to update and account:read_only to view", async () => {
    const ro = scoped("account:read_only");
    expect((await call("GET", "/v4/account", undefined, ro)).status).toBe(200);
    expect((await call("PUT", "/v4/account", { city: "X" }, ro)).status).toBe(403);
    expect((await call("GET", "/v4/account", undefined, scoped("events:read_only"))).status).toBe(
      403,
    );
    expect((await call("GET", "/v4/account", undefined, null)).status).toBe(401);
  });

  it("fault account-field-bound-unchecked: address_1 of 65 chars is accepted", async () => {
    await faults("account-field-bound-unchecked");
    expect((await call("PUT", "/v4/account", { address_1: "a".repeat(65) })).status).toBe(200);
    await faults();
    expect((await call("PUT", "/v4/account", { address_1: "a".repeat(65) })).status).toBe(400);
  });

  it("fault account-view-empty: the view answers {}, the update still the record", async () => {
    await faults("account-view-empty");
    expect((await call("GET", "/v4/account")).body).toEqual({});
    expect((await call("PUT", "/v4/account", { city: "Berlin" })).body.euuid).toBeTypeOf("string");
    await faults();
    expect((await call("GET", "/v4/account")).body.euuid).toBeTypeOf("string");
  });

  it("fault account-readonly-updatable: euuid and balance change through update", async () => {
    await faults("account-readonly-updatable");
    const r = await call("PUT", "/v4/account", {
      euuid: "00000000-0000-0000-0000-000000000000",
      balance: 99,
    });
    expect(r.body).toMatchObject({ euuid: "00000000-0000-0000-0000-000000000000", balance: 99 });
  });
});

describe("account cancel", () => {
  it("cancels with a survey link (comments optional)", async () => {
    const r = await call("POST", "/v4/account/cancel", { comments: "bye" });
    expect(r.status).toBe(200);
    expect(typeof r.body.survey_link).toBe("string");
    // a cancelled account stays usable in the reference (README: choices)
    expect((await call("GET", "/v4/account")).status).toBe(200);
    expect((await call("POST", "/v4/account/cancel")).status).toBe(200);
  });

  it("refuses a restricted user", async () => {
    const r = await call("POST", "/v4/account/cancel", {}, RESTRICTED);
    expect(r.status).toBe(403);
    await faults("cancel-restricted-allowed");
    expect((await call("POST", "/v4/account/cancel", {}, RESTRICTED)).status).toBe(200);
  });

  it("refuses while the card cannot be charged the balance (field null), charges a chargeable card", async () => {
    await control("unpaid-balance", { amount: 25 });
    const r = await call("POST", "/v4/account/cancel", {});
    expect(r.status).toBe(409);
    expect(r.body.errors[0].field).toBeNull();
    expect(r.body.errors[0].reason).toMatch(/cannot be cancelled until the balance is paid/);
    expect((await call("GET", "/v4/account")).body.balance).toBe(25);

    await control("unpaid-balance", { amount: 5, chargeable: true });
    expect((await call("POST", "/v4/account/cancel", {})).status).toBe(200);
    expect((await call("GET", "/v4/account")).body.balance).toBe(0);

    await control("unpaid-balance");
    await control("paid-balance");
    expect((await call("POST", "/v4/account/cancel", {})).status).toBe(200);
  });

  it("fault cancel-unpaid-allowed: cancel succeeds with an unpaid balance", async () => {
    await control("unpaid-balance");
    await faults("cancel-unpaid-allowed");
    expect((await call("POST", "/v4/account/cancel", {})).status).toBe(200);
  });

  it("validates comments", async () => {
    const r = await call("POST", "/v4/account/cancel", { comments: 3 });
    expect(r.status).toBe(400);
    expect(fields(r)).toEqual(["comments"]);
  });
});

describe("credit card (deprecated)", () => {
  const card = { card_number: "5555444433332222", cvv: "123", expiry_month: 7, expiry_year: 2031 };

  it("adds a card: {} and the account and payment methods show it", async () => {
    const r = await call("POST", "/v4/account/credit-card", card);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    expect((await call("GET", "/v4/account")).body.credit_card).toEqual({
      expiry: "07/2031",
      last_four: 2222,
    });
    const pm = await call("GET", "/v4/account/payment-methods");
    expect(pm.body.data[0].data).toEqual({
      card_type: "MasterCard",
      expiry: "07/2031",
      last_four: "2222",
    });
    expect((await call("GET", "/v4/account/events")).body.data[0].action).toBe(
      "credit_card_updated",
    );
  });

  it("accepts the bounds and refuses outside them, naming each field", async () => {
    for (const ok of [
      { card_number: "1".repeat(14) },
      { card_number: "1".repeat(24) },
      { cvv: "1234" },
      { expiry_month: 1 },
      { expiry_month: 12 },
      { expiry_year: 1000 },
    ]) {
      expect(
        (await call("POST", "/v4/account/credit-card", { ...card, ...ok })).status,
        JSON.stringify(ok),
      ).toBe(200);
    }
    const bad: [Record<string, unknown>, string][] = [
      [{ card_number: "1".repeat(13) }, "card_number"],
      [{ card_number: "1".repeat(25) }, "card_number"],
      [{ card_number: "4111-1111-1111-1111" }, "card_number"],
      [{ card_number: "4111 1111 1111 1111" }, "card_number"],
      [{ cvv: "12" }, "cvv"],
      [{ cvv: "12345" }, "cvv"],
      [{ cvv: "12a" }, "cvv"],
      [{ expiry_month: 0 }, "expiry_month"],
      [{ expiry_month: 13 }, "expiry_month"],
      [{ expiry_year: 999 }, "expiry_year"],
      [{ expiry_year: 10000 }, "expiry_year"],
      [{ expiry_year: "2030" }, "expiry_year"],
    ];
    for (const [b, field] of bad) {
      const r = await call("POST", "/v4/account/credit-card", { ...card, ...b });
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect(fields(r)).toEqual([field]);
    }
    const none = await call("POST", "/v4/account/credit-card", {});
    expect(fields(none).sort()).toEqual(["card_number", "cvv", "expiry_month", "expiry_year"]);
  });

  it("fault card-number-dashes-accepted", async () => {
    await faults("card-number-dashes-accepted");
    expect(
      (
        await call("POST", "/v4/account/credit-card", {
          ...card,
          card_number: "4111-1111-1111-1111",
        })
      ).status,
    ).toBe(200);
  });
});

describe("entity transfers (deprecated)", () => {
  it("creates a pending transfer expiring in 24 hours; lists and views it", async () => {
    const vm = addVm();
    const r = await call("POST", "/v4/account/entity-transfers", { entities: { vms: [vm] } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "pending", is_sender: true, entities: { vms: [vm] } });
    expect(r.body.token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(Date.parse(r.body.expiry) - Date.parse(r.body.created)).toBe(24 * 3600 * 1000);
    expect(typeof r.body.updated).toBe("string");
    const list = await call("GET", "/v4/account/entity-transfers");
    expect(list.body.data.map((t: { token: string }) => t.token)).toContain(r.body.token);
    const view = await call("GET", `/v4/account/entity-transfers/${r.body.token}`);
    expect(view.body).toEqual(r.body);
    expect((await call("GET", "/v4/account/events")).body.data[0].action).toBe(
      "entity_transfer_create",
    );
  });

  it("validates entities", async () => {
    expect(fields(await call("POST", "/v4/account/entity-transfers", {}))).toEqual(["entities"]);
    expect(
      fields(await call("POST", "/v4/account/entity-transfers", { entities: { vms: ["x"] } })),
    ).toEqual(["entities.vms"]);
    expect(
      fields(await call("POST", "/v4/account/entity-transfers", { entities: { vms: [424242] } })),
    ).toEqual(["entities.vms"]);
    expect(
      fields(await call("POST", "/v4/account/entity-transfers", { entities: { vms: [] } })),
    ).toEqual(["entities.vms"]);
    expect(
      fields(
        await call("POST", "/v4/account/entity-transfers", {
          entities: { vms: [addVm()], domains: [1] },
        }),
      ),
    ).toEqual(["entities.domains"]);
    const vm = addVm();
    expect(
      (await call("POST", "/v4/account/entity-transfers", { entities: { vms: [vm] } })).status,
    ).toBe(200);
    expect(
      (await call("POST", "/v4/account/entity-transfers", { entities: { vms: [vm] } })).status,
    ).toBe(400);
  });

  it("is accepted by another account: instances move, is_sender false for the receiver, {}", async () => {
    const vm = addVm();
    const t = (await call("POST", "/v4/account/entity-transfers", { entities: { vms: [vm] } }))
      .body;
    expect((await call("POST", `/v4/account/entity-transfers/${t.token}/accept`)).status).toBe(400);
    const seen = await call("GET", `/v4/account/entity-transfers/${t.token}`, undefined, SECONDARY);
    expect(seen.body.is_sender).toBe(false);
    const r = await call(
      "POST",
      `/v4/account/entity-transfers/${t.token}/accept`,
      undefined,
      SECONDARY,
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    expect(ref.app.seeded.accountA.vms.has(vm)).toBe(false);
    expect(ref.app.seeded.accountB.vms.has(vm)).toBe(true);
    const recv = await call("GET", "/v4/account/entity-transfers", undefined, SECONDARY);
    expect(recv.body.data).toEqual([
      expect.objectContaining({ token: t.token, is_sender: false, status: "completed" }),
    ]);
    expect(
      (await call("POST", `/v4/account/entity-transfers/${t.token}/accept`, undefined, SECONDARY))
        .status,
    ).toBe(409);
  });

  it("is cancelled by the sender only, once", async () => {
    const t = (await call("POST", "/v4/account/entity-transfers", { entities: { vms: [addVm()] } }))
      .body;
    expect(
      (await call("DELETE", `/v4/account/entity-transfers/${t.token}`, undefined, SECONDARY))
        .status,
    ).toBe(403);
    const r = await call("DELETE", `/v4/account/entity-transfers/${t.token}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    expect((await call("GET", `/v4/account/entity-transfers/${t.token}`)).body.status).toBe(
      "cancelled",
    );
    expect((await call("DELETE", `/v4/account/entity-transfers/${t.token}`)).status).toBe(409);
    expect(
      (await call("POST", `/v4/account/entity-transfers/${t.token}/accept`, undefined, SECONDARY))
        .status,
    ).toBe(409);
  });

  it("goes stale after 24 hours and can no longer be accepted", async () => {
    const t = (await call("POST", "/v4/account/entity-transfers", { entities: { vms: [addVm()] } }))
      .body;
    await control("clock-advance", { seconds: 24 * 3600 });
    expect((await call("GET", `/v4/account/entity-transfers/${t.token}`)).body.status).toBe(
      "stale",
    );
    expect(
      (await call("POST", `/v4/account/entity-transfers/${t.token}/accept`, undefined, SECONDARY))
        .status,
    ).toBe(409);
  });

  it("unknown token is 404; restricted users need read_write on each instance and cannot accept", async () => {
    expect(
      (await call("GET", "/v4/account/entity-transfers/00000000-0000-0000-0000-000000000000"))
        .status,
    ).toBe(404);
    const vm = addVm();
    expect(
      (await call("POST", "/v4/account/entity-transfers", { entities: { vms: [vm] } }, RESTRICTED))
        .status,
    ).toBe(403);
    const { token } = await control("restricted-user", {
      grants: { vms: [{ id: vm, permissions: "read_write" }] },
    });
    expect(
      (await call("POST", "/v4/account/entity-transfers", { entities: { vms: [vm] } }, token))
        .status,
    ).toBe(200);
  });

  it("fault transfer-expiry-not-24h", async () => {
    await faults("transfer-expiry-not-24h");
    const t = (await call("POST", "/v4/account/entity-transfers", { entities: { vms: [addVm()] } }))
      .body;
    expect(Date.parse(t.expiry) - Date.parse(t.created)).not.toBe(24 * 3600 * 1000);
  });

  it("fault transfer-is-sender-always-true", async () => {
    const t = (await call("POST", "/v4/account/entity-transfers", { entities: { vms: [addVm()] } }))
      .body;
    await faults("transfer-is-sender-always-true");
    expect(
      (await call("GET", `/v4/account/entity-transfers/${t.token}`, undefined, SECONDARY)).body
        .is_sender,
    ).toBe(true);
  });
});

describe("invoices", () => {
  it("lists, views and lists items of invoices", async () => {
    const list = await call("GET", "/v4/account/invoices");
    expect(list.status).toBe(200);
    expect(list.body.results).toBeGreaterThanOrEqual(2);
    const inv = list.body.data[0];
    expect(inv).toEqual({
      id: expect.any(Number),
      date: expect.any(String),
      label: expect.any(String),
      subtotal: expect.any(Number),
      tax: expect.any(Number),
      total: expect.any(Number),
    });
    expect((await call("GET", `/v4/account/invoices/${inv.id}`)).body).toEqual(inv);
    const items = await call("GET", `/v4/account/invoices/${inv.id}/items`);
    expect(items.status).toBe(200);
    expect(Object.keys(items.body.data[0]).sort()).toEqual([
      "amount",
      "from",
      "label",
      "quantity",
      "tax",
      "to",
      "total",
      "type",
      "unit_price",
    ]);
  });

  it("invoice-with-items makes an invoice with that many items; other accounts get 404", async () => {
    const { invoiceId } = await control("invoice-with-items", { items: 30 });
    const page = await call("GET", `/v4/account/invoices/${invoiceId}/items?page_size=25`);
    expect(page.body).toMatchObject({ results: 30, pages: 2, page: 1 });
    expect(page.body.data).toHaveLength(25);
    expect(
      (await call("GET", `/v4/account/invoices/${invoiceId}`, undefined, SECONDARY)).status,
    ).toBe(404);
    expect(
      (await call("GET", `/v4/account/invoices/${invoiceId}/items`, undefined, SECONDARY)).status,
    ).toBe(404);
    expect((await call("GET", "/v4/account/invoices/abc")).status).toBe(404);
  });
});

describe("logins", () => {
  it("lists and views logins of any user of the account for unrestricted users", async () => {
    const { loginId } = await control("login", { restricted: true });
    const list = await call("GET", "/v4/account/logins");
    expect(list.status).toBe(200);
    expect(list.body.data.map((l: { username: string }) => l.username)).toEqual(
      expect.arrayContaining(["admin", "restricted"]),
    );
    const view = await call("GET", `/v4/account/logins/${loginId}`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      id: loginId,
      datetime: expect.any(String),
      ip: expect.any(String),
      restricted: true,
      username: "restricted",
    });
    expect((await call("GET", `/v4/account/logins/${loginId}`, undefined, SECONDARY)).status).toBe(
      404,
    );
  });

  it("refuses restricted users; fault logins-restricted-visible", async () => {
    const { loginId } = await control("login");
    expect((await call("GET", "/v4/account/logins", undefined, RESTRICTED)).status).toBe(403);
    expect((await call("GET", `/v4/account/logins/${loginId}`, undefined, RESTRICTED)).status).toBe(
      403,
    );
    await faults("logins-restricted-visible");
    expect((await call("GET", "/v4/account/logins", undefined, RESTRICTED)).status).toBe(200);
    expect((await call("GET", `/v4/account/logins/${loginId}`, undefined, RESTRICTED)).status).toBe(
      200,
    );
  });

  it("holds the last 90 days only; fault logins-not-windowed", async () => {
    const cutoff = () => Date.now() - 90 * 86_400_000;
    const old = (r: { body: { data: { datetime: string }[] } }) =>
      r.body.data.filter((l) => Date.parse(l.datetime) < cutoff());
    expect(old(await call("GET", "/v4/account/logins"))).toEqual([]);
    await faults("logins-not-windowed");
    expect(old(await call("GET", "/v4/account/logins")).length).toBeGreaterThan(0);
  });
});

describe("maintenance, notifications, payment methods", () => {
  it("maintenance list (beta, maintenance:read_only) shows instance items only", async () => {
    const vm = addVm("maint-vm");
    const { entity } = await control("maintenance-item", { vmId: vm });
    expect(entity).toMatchObject({ id: vm, type: "vm", label: "maint-vm" });
    const r = await call("GET", "/v4beta/account/maintenance");
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      {
        entity: { id: vm, label: "maint-vm", type: "vm", url: `/v4/vm/instances/${vm}` },
        reason: expect.any(String),
        status: "started",
        type: expect.any(String),
        when: expect.any(String),
      },
    ]);
    expect(
      (await call("GET", "/v4beta/account/maintenance", undefined, scoped("maintenance:read_only")))
        .status,
    ).toBe(200);
    expect(
      (await call("GET", "/v4beta/account/maintenance", undefined, scoped("account:read_write")))
        .status,
    ).toBe(403);
    expect((await call("GET", "/v4/account/maintenance")).status).toBe(404);
    expect(
      (await call("GET", "/v4beta/account/maintenance", undefined, SECONDARY)).body.data,
    ).toEqual([]);
  });

  it("notifications list; a notification disappears when its cause is resolved", async () => {
    const { label } = await control("notification");
    let r = await call("GET", "/v4/account/notifications");
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      {
        body: null,
        entity: expect.any(Object),
        label,
        message: expect.any(String),
        severity: expect.any(String),
        type: expect.any(String),
        until: expect.any(String),
        when: expect.any(String),
      },
    ]);
    await control("clock-advance", { seconds: 7200 });
    expect((await call("GET", "/v4/account/notifications")).body.data).toEqual([]);

    await control("unpaid-balance");
    r = await call("GET", "/v4/account/notifications");
    expect(r.body.data.map((n: { type: string }) => n.type)).toEqual(["payment_due"]);
    await control("paid-balance");
    expect((await call("GET", "/v4/account/notifications")).body.data).toEqual([]);
  });

  it("fault notification-not-resolved", async () => {
    await faults("notification-not-resolved");
    await control("unpaid-balance");
    await call("GET", "/v4/account/notifications");
    await control("paid-balance");
    expect((await call("GET", "/v4/account/notifications")).body.data).toHaveLength(1);
  });

  it("payment methods list is paginated with the seeded credit card", async () => {
    const r = await call("GET", "/v4/account/payment-methods?page=1&page_size=25");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ page: 1, pages: 1, results: 1 });
    expect(r.body.data[0]).toEqual({
      id: expect.any(Number),
      type: "credit_card",
      is_default: true,
      created: expect.any(String),
      data: {
        card_type: expect.any(String),
        expiry: expect.any(String),
        last_four: expect.any(String),
      },
    });
    expect((await call("GET", "/v4/account/payment-methods?page_size=10")).status).toBe(400);
  });
});
