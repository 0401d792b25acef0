// Account and billing (the material's "Account and billing" endpoints, events excepted: see
// events.ts): account view/update/cancel, the deprecated credit card and entity-transfer
// operations, invoices, logins, maintenance, notifications, payment methods.
import { randomUUID } from "node:crypto";
import type { Area, ControlCtx } from "../area.ts";
import { ApiError, badRequest, EMPTY, forbidden, notFound, ok } from "../http.ts";
import { paginate } from "../paginate.ts";
import { intParam, type Ctx, type Router } from "../router.ts";
import type { Account, State, User } from "../state.ts";
import { Fields } from "../validate.ts";

const DAY_MS = 86_400_000;
const RETENTION_MS = 90 * DAY_MS;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_TIME_ANY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

// ---------------------------------------------------------------------------------------------
// records

type Entity = { id: number | string; label: string; type: string; url: string };

interface PaymentMethod {
  id: number;
  type: "credit_card";
  is_default: boolean;
  created: string;
  data: { card_type: string; expiry: string; last_four: string };
}

interface Invoice {
  id: number;
  date: string;
  label: string;
  subtotal: number;
  tax: number;
  total: number;
}
interface InvoiceItem {
  amount: number;
  from: string;
  to: string;
  label: string;
  quantity: number;
  tax: number;
  total: number;
  type: string;
  unit_price: number;
}
interface Login {
  id: number;
  datetime: string;
  ip: string;
  restricted: boolean;
  username: string;
}
interface Maintenance {
  vmId: number | null;
  entity: Entity;
  reason: string;
  status: string;
  type: string;
  when: string;
}
interface Notice {
  kind: "payment_due" | "notice";
  body: string | null;
  entity: Entity;
  label: string;
  message: string;
  severity: string;
  type: string;
  until: string | null;
  when: string | null;
}

/** Everything this area keeps per account, besides `account.profile`, `balance` and `chargeable`. */
interface AccountData {
  activeSince: string;
  balanceUninvoiced: number;
  activePromotions: Record<string, unknown>[];
  creditCard: { expiry: string; last_four: number };
  paymentMethods: PaymentMethod[];
  invoices: Invoice[];
  items: Map<number, InvoiceItem[]>;
  logins: Login[];
  /** users that already got their seeded login */
  loginSeeded: Set<string>;
  maintenance: Maintenance[];
  notices: Notice[];
  surveyCount: number;
}

export const WRITABLE = [
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
  "zip",
] as const;
const BOUNDS: Record<(typeof WRITABLE)[number], { min?: number; max?: number; pattern?: RegExp }> =
  {
    address_1: { max: 64 },
    address_2: { max: 64 },
    city: { max: 24 },
    company: { max: 128 },
    country: { min: 2, max: 2, pattern: /^[A-Za-z]{2}$/ },
    email: { max: 128 },
    first_name: { max: 50 },
    last_name: { max: 50 },
    phone: { max: 32 },
    state: { max: 24 },
    tax_id: { max: 100 },
    zip: {},
  };
const READ_ONLY = [
  "active_since",
  "balance",
  "balance_uninvoiced",
  "capabilities",
  "credit_card",
  "euuid",
] as const;
const PROMOTION_FIELDS = [
  "credit_monthly_cap",
  "credit_remaining",
  "description",
  "expire_dt",
  "image_url",
  "service_type",
  "summary",
  "this_month_credit_remaining",
] as const;
const CAPABILITIES = [
  "Vms",
  "Block Storage",
  "Object Storage",
  "Managed",
  "NodeBalancers",
  "Cloud Firewall",
  "Vlans",
];

const money = (n: number) => Math.round(n * 100) / 100;
const cardType = (num: string) =>
  num.startsWith("4")
    ? "Visa"
    : /^5[1-5]/.test(num)
      ? "MasterCard"
      : /^3[47]/.test(num)
        ? "American Express"
        : "Discover";
const accountEntity = (a: Account): Entity => ({
  id: a.id,
  label: `account-${a.id}`,
  type: "account",
  url: "/v4/account",
});

function initData(state: State, account: Account): AccountData {
  const now = state.now().getTime();
  if (Object.keys(account.profile).length === 0) {
    Object.assign(account.profile, {
      address_1: "",
      address_2: "",
      city: "",
      company: "",
      country: "US",
      email: "",
      first_name: "",
      last_name: "",
      phone: "",
      state: "",
      tax_id: "",
      zip: "",
    });
    const owner = [...account.users.values()].find((u) => !u.restricted);
    if (owner) account.profile.email = owner.email;
  }
  const invoices: Invoice[] = [];
  const items = new Map<number, InvoiceItem[]>();
  for (const monthsAgo of [2, 1]) {
    const inv = makeInvoice(state, new Date(now - monthsAgo * 30 * DAY_MS), 2);
    invoices.push(inv.invoice);
    items.set(inv.invoice.id, inv.items);
  }
  return {
    activeSince: state.iso(new Date(now - 365 * DAY_MS)),
    balanceUninvoiced: 0,
    activePromotions: [],
    creditCard: { expiry: "12/2030", last_four: 1111 },
    paymentMethods: [
      {
        id: state.id(),
        type: "credit_card",
        is_default: true,
        created: state.iso(new Date(now - 365 * DAY_MS)),
        data: { card_type: "Visa", expiry: "12/2030", last_four: "1111" },
      },
    ],
    invoices,
    items,
    logins: [],
    loginSeeded: new Set(),
    maintenance: [],
    notices: [],
    surveyCount: 0,
  };
}

function makeInvoice(
  state: State,
  date: Date,
  count: number,
): { invoice: Invoice; items: InvoiceItem[] } {
  const to = date.getTime();
  const from = to - 30 * DAY_MS;
  const items: InvoiceItem[] = [];
  for (let i = 0; i < count; i++) {
    const quantity = 720 - i * 100;
    const unit_price = money(0.0075 * (i + 1));
    const amount = money(quantity * unit_price);
    const tax = money(amount * 0.1);
    items.push({
      amount,
      from: state.iso(new Date(from)),
      to: state.iso(new Date(to)),
      label: `vm-standard-${i + 1} - instance ${i + 1}`,
      quantity,
      tax,
      total: money(amount + tax),
      type: "hourly",
      unit_price,
    });
  }
  const subtotal = money(items.reduce((s, x) => s + x.amount, 0));
  const tax = money(items.reduce((s, x) => s + x.tax, 0));
  const invoice = {
    id: state.id(),
    date: state.iso(date),
    label: "Invoice",
    subtotal,
    tax,
    total: money(subtotal + tax),
  };
  return { invoice, items };
}

export const accountData = (state: State, account: Account): AccountData =>
  state.area(account, "account", () => initData(state, account));

function accountView(ctx: Ctx) {
  const { state, account } = ctx;
  const d = accountData(state, account);
  // variant null-for-absent: a profile string with no value is null instead of ""
  const none = ctx.variants.has("null-for-absent") ? null : "";
  return {
    active_promotions: d.activePromotions,
    active_since: d.activeSince,
    ...Object.fromEntries(WRITABLE.map((k) => [k, account.profile[k] || none])),
    balance: money(account.balance),
    balance_uninvoiced: money(d.balanceUninvoiced),
    capabilities: [...CAPABILITIES],
    credit_card: { ...d.creditCard },
    euuid: account.euuid,
  };
}

/** One login per user of the account (seeded on first look), newest first; last 90 days only. */
function visibleLogins(ctx: Ctx): Login[] {
  const d = accountData(ctx.state, ctx.account);
  for (const u of ctx.account.users.values())
    if (!d.loginSeeded.has(u.username)) addLogin(ctx.state, d, u, 60);
  const cutoff = ctx.state.now().getTime() - RETENTION_MS;
  const all = ctx.faults.has("logins-not-windowed")
    ? d.logins
    : d.logins.filter((l) => Date.parse(l.datetime) >= cutoff);
  return [...all].sort((a, b) => b.id - a.id);
}

function addLogin(state: State, d: AccountData, u: User, minutesAgo: number): Login {
  d.loginSeeded.add(u.username);
  const login = {
    id: state.id(),
    datetime: state.iso(new Date(state.now().getTime() - minutesAgo * 60_000)),
    ip: `192.0.2.${(d.logins.length % 250) + 1}`,
    restricted: u.restricted,
    username: u.username,
  };
  d.logins.push(login);
  return login;
}

function loginsAllowed(ctx: Ctx) {
  if (ctx.user.restricted && !ctx.faults.has("logins-restricted-visible"))
    throw forbidden("Logins are available only to unrestricted users");
}

/** Notifications still caused by a current circumstance (unpaid balance; a notice before its `until`). */
function currentNotices(ctx: Ctx): Notice[] {
  const d = accountData(ctx.state, ctx.account);
  const now = ctx.state.now().getTime();
  if (
    ctx.account.balance > 0 &&
    !d.notices.some((n) => n.kind === "payment_due" && resolved(ctx.account, n, now) === false)
  ) {
    d.notices.push({
      kind: "payment_due",
      body: null,
      entity: accountEntity(ctx.account),
      label: "Payment due",
      message: `Your account has an outstanding balance of $${money(ctx.account.balance).toFixed(2)}.`,
      severity: "major",
      type: "payment_due",
      until: null,
      when: ctx.state.iso(),
    });
  }
  if (ctx.faults.has("notification-not-resolved")) return d.notices;
  d.notices = d.notices.filter((n) => !resolved(ctx.account, n, now));
  return d.notices;
}

function resolved(account: Account, n: Notice, now: number): boolean {
  if (n.kind === "payment_due") return account.balance <= 0;
  return n.until !== null && Date.parse(n.until) <= now;
}

// ---------------------------------------------------------------------------------------------
// entity transfers: one platform-wide table keyed by token (the receiving account views and
// accepts by token, so a transfer is not private to its sender)

interface Transfer {
  token: string;
  created: number;
  updated: number;
  expiry: number;
  entities: { vms: number[] };
  status: "accepted" | "cancelled" | "completed" | "failed" | "pending" | "stale";
  sender: Account;
  senderUser: string;
  receiver: Account | null;
}

const transfers = (state: State) =>
  state.globalArea("entity-transfers", () => new Map<string, Transfer>());

const transferEntity = (t: Transfer): Entity => ({
  id: t.token,
  label: t.token,
  type: "entity_transfer",
  url: `/v4/account/entity-transfers/${t.token}`,
});

/** A pending transfer past its expiry becomes stale (checked lazily against the clock). */
function refresh(state: State, t: Transfer): Transfer {
  if (t.status === "pending" && state.now().getTime() >= t.expiry) {
    t.status = "stale";
    t.updated = t.expiry;
    state.emit(t.sender, {
      action: "entity_transfer_stale",
      username: t.senderUser,
      entity: transferEntity(t),
      status: "notification",
    });
  }
  return t;
}

function transferView(ctx: Ctx, t: Transfer) {
  const s = ctx.state;
  return {
    created: s.iso(new Date(t.created)),
    entities: { vms: [...t.entities.vms] },
    expiry: s.iso(new Date(t.expiry)),
    is_sender: ctx.faults.has("transfer-is-sender-always-true") ? true : t.sender === ctx.account,
    status: t.status,
    token: t.token,
    updated: s.iso(new Date(t.updated)),
  };
}

function findTransfer(ctx: Ctx): Transfer {
  const t = transfers(ctx.state).get(ctx.params.token ?? "");
  if (!t) throw notFound("Entity transfer not found");
  return refresh(ctx.state, t);
}

function createTransfer(ctx: Ctx) {
  const f = new Fields(ctx.json());
  const entities = f.object("entities", { required: true });
  let vms: number[] = [];
  if (entities) {
    const e = f.nested("entities", entities);
    for (const key of Object.keys(entities))
      if (key !== "vms") e.fail(key, "unsupported entity type (only vms can be transferred)");
    const given = e.intArray("vms", { required: true });
    if (given) {
      vms = [...new Set(given)];
      const pending = new Set(
        [...transfers(ctx.state).values()]
          .filter((t) => refresh(ctx.state, t).status === "pending" && t.sender === ctx.account)
          .flatMap((t) => t.entities.vms),
      );
      const unknown = vms.filter((id) => !ctx.account.vms.has(id));
      if (vms.length === 0) e.fail("vms", "must name at least one instance");
      else if (unknown.length) e.fail("vms", `no instance ${unknown.join(", ")} on the account`);
      else if (vms.some((id) => pending.has(id)))
        e.fail("vms", "an instance is already part of a pending transfer");
    }
  }
  f.done();
  if (ctx.user.restricted && vms.some((id) => ctx.user.grants.vms.get(id) !== "read_write")) {
    throw forbidden("You need read_write access to every instance you transfer");
  }
  const now = ctx.state.now().getTime();
  const hours = ctx.faults.has("transfer-expiry-not-24h") ? 48 : 24;
  const t: Transfer = {
    token: randomUUID(),
    created: now,
    updated: now,
    expiry: now + hours * 3_600_000,
    entities: { vms },
    status: "pending",
    sender: ctx.account,
    senderUser: ctx.user.username,
    receiver: null,
  };
  transfers(ctx.state).set(t.token, t);
  ctx.state.emit(ctx.account, {
    action: "entity_transfer_create",
    username: ctx.user.username,
    entity: transferEntity(t),
  });
  return ok(transferView(ctx, t));
}

function acceptTransfer(ctx: Ctx) {
  const t = findTransfer(ctx);
  if (t.sender === ctx.account)
    throw badRequest("You cannot accept a transfer your own account created");
  if (ctx.user.restricted) throw forbidden("Only unrestricted users can accept a transfer");
  if (t.status !== "pending")
    throw new ApiError(409, [
      { field: null, reason: `This transfer is ${t.status} and can no longer be accepted` },
    ]);
  const now = ctx.state.now().getTime();
  const missing = t.entities.vms.filter((id) => !t.sender.vms.has(id));
  if (missing.length) {
    t.status = "failed";
    t.updated = now;
    ctx.state.emit(t.sender, {
      action: "entity_transfer_fail",
      username: t.senderUser,
      entity: transferEntity(t),
      status: "failed",
    });
    throw new ApiError(409, [
      {
        field: null,
        reason: `The transfer failed: instance ${missing.join(", ")} no longer exists`,
      },
    ]);
  }
  for (const id of t.entities.vms) {
    const vm = t.sender.vms.get(id)!;
    t.sender.vms.delete(id);
    ctx.account.vms.set(id, vm);
    for (const u of t.sender.users.values()) u.grants.vms.delete(id);
  }
  t.status = "completed";
  t.receiver = ctx.account;
  t.updated = now;
  ctx.state.emit(ctx.account, {
    action: "entity_transfer_accept",
    username: ctx.user.username,
    entity: transferEntity(t),
  });
  ctx.state.emit(t.sender, {
    action: "entity_transfer_accept",
    username: ctx.user.username,
    entity: transferEntity(t),
  });
  return EMPTY;
}

function cancelTransfer(ctx: Ctx) {
  const t = findTransfer(ctx);
  if (t.sender !== ctx.account) throw forbidden("Only the sending account can cancel a transfer");
  if (t.status !== "pending")
    throw new ApiError(409, [
      { field: null, reason: `This transfer is ${t.status} and can no longer be cancelled` },
    ]);
  t.status = "cancelled";
  t.updated = ctx.state.now().getTime();
  ctx.state.emit(ctx.account, {
    action: "entity_transfer_cancel",
    username: ctx.user.username,
    entity: transferEntity(t),
  });
  return EMPTY;
}

// ---------------------------------------------------------------------------------------------
// account update, cancel, credit card

function updateAccount(ctx: Ctx) {
  const body = ctx.json();
  const f = new Fields(body);
  const values: Record<string, string> = {};
  const unchecked = ctx.faults.has("account-field-bound-unchecked");
  const nulls = ctx.variants.has("null-for-absent"); // null is what this variant writes for "no value", so it takes it back
  for (const k of WRITABLE) {
    const b =
      unchecked && k === "address_1"
        ? {}
        : ctx.faults.has("account-country-any-chars") && k === "country"
          ? { min: 2, max: 2 }
          : BOUNDS[k];
    const v = f.string(k, { ...b, nullable: nulls });
    if (typeof v === "string") values[k] = v;
    else if (v === null) values[k] = "";
  }
  // variants: a no-offset date-time is what timestamps-no-offset writes; promotions-lenient drops a malformed one
  const dateTime = ctx.variants.has("timestamps-no-offset") ? DATE_TIME_ANY : DATE_TIME;
  const lenient = ctx.variants.has("promotions-lenient");
  let promotions: Record<string, unknown>[] | undefined;
  const arr = f.array("active_promotions");
  if (arr) {
    promotions = [];
    for (const [i, item] of arr.entries()) {
      if (item === null || typeof item !== "object" || Array.isArray(item)) {
        f.fail(`active_promotions.${i}`, "must be an object");
        continue;
      }
      const p = f.nested(`active_promotions.${i}`, item as Record<string, unknown>);
      const kept: Record<string, unknown> = {};
      for (const k of PROMOTION_FIELDS) {
        if (
          k === "expire_dt" &&
          lenient &&
          !(
            typeof (item as Record<string, unknown>)[k] === "string" &&
            dateTime.test((item as Record<string, string>)[k])
          )
        )
          continue;
        const v = p.string(k, k === "expire_dt" ? { pattern: dateTime } : {});
        if (typeof v === "string") kept[k] = v;
      }
      promotions!.push(kept);
    }
  }
  f.done();
  Object.assign(ctx.account.profile, values);
  const d = accountData(ctx.state, ctx.account);
  if (promotions) d.activePromotions = promotions;
  if (ctx.faults.has("account-readonly-updatable")) {
    // the wrong way: read-only fields taken from the body as well
    if (typeof body.euuid === "string") ctx.account.euuid = body.euuid;
    if (typeof body.balance === "number") ctx.account.balance = body.balance;
    if (typeof body.active_since === "string") d.activeSince = body.active_since;
  }
  // read-only fields (READ_ONLY) in the body are ignored
  void READ_ONLY;
  ctx.state.emit(ctx.account, {
    action: "account_update",
    username: ctx.user.username,
    entity: accountEntity(ctx.account),
  });
  return ok(accountView(ctx));
}

function cancelAccount(ctx: Ctx) {
  if (ctx.user.restricted && !ctx.faults.has("cancel-restricted-allowed"))
    throw forbidden("Restricted users cannot cancel the account");
  const f = new Fields(ctx.json());
  if (ctx.faults.has("cancel-comments-any-type")) f.has("comments");
  else f.string("comments");
  f.done();
  const a = ctx.account;
  if (a.balance > 0) {
    if (!a.chargeable && !ctx.faults.has("cancel-unpaid-allowed")) {
      throw new ApiError(409, [
        {
          field: null,
          reason: `We were unable to charge your card for the remaining balance of $${money(a.balance).toFixed(2)}. The account cannot be cancelled until the balance is paid.`,
        },
      ]);
    }
    if (a.chargeable) {
      a.balance = 0;
      ctx.state.emit(a, {
        action: "payment_submitted",
        username: ctx.user.username,
        entity: accountEntity(a),
      });
    }
  }
  a.cancelled = true;
  const d = accountData(ctx.state, a);
  d.surveyCount++;
  return ok({
    survey_link: `https://survey.example.com/cancel?account=${a.euuid}&n=${d.surveyCount}`,
  });
}

function addCreditCard(ctx: Ctx) {
  const f = new Fields(ctx.json());
  const digits = ctx.faults.has("card-number-dashes-accepted")
    ? /^(?=(?:\D*\d){14,24}\D*$)[\d -]+$/
    : /^\d{14,24}$/;
  const raw = f.body.card_number;
  const number =
    typeof raw === "string" && !digits.test(raw)
      ? f.fail("card_number", "must be 14 to 24 digits, with no spaces or dashes")
      : f.string("card_number", { required: true });
  f.string("cvv", { required: true, pattern: /^\d{3,4}$/ });
  const month = f.int("expiry_month", { required: true, min: 1, max: 12 });
  const year = f.int("expiry_year", { required: true, min: 1000, max: 9999 });
  f.done();
  const digitsOnly = number!.replace(/\D/g, "");
  const expiry = `${String(month).padStart(2, "0")}/${year}`;
  const d = accountData(ctx.state, ctx.account);
  const last4 = digitsOnly.slice(-4);
  if (!ctx.faults.has("card-not-stored")) d.creditCard = { expiry, last_four: Number(last4) };
  const card =
    d.paymentMethods.find((p) => p.type === "credit_card" && p.is_default) ??
    d.paymentMethods.find((p) => p.type === "credit_card");
  const data = { card_type: cardType(digitsOnly), expiry, last_four: last4 };
  if (card) {
    card.data = data;
  } else {
    for (const p of d.paymentMethods) p.is_default = false;
    d.paymentMethods.push({
      id: ctx.state.id(),
      type: "credit_card",
      is_default: true,
      created: ctx.state.iso(),
      data,
    });
  }
  ctx.account.chargeable = true;
  ctx.state.emit(ctx.account, {
    action: "credit_card_updated",
    username: ctx.user.username,
    entity: accountEntity(ctx.account),
  });
  return EMPTY;
}

// ---------------------------------------------------------------------------------------------
// invoices, maintenance

function findInvoice(ctx: Ctx): Invoice {
  const id = intParam(ctx, "invoiceId");
  const inv = accountData(ctx.state, ctx.account).invoices.find((i) => i.id === id);
  if (!inv) throw notFound("Invoice not found");
  return inv;
}

/** Maintenance items whose instance is still on the caller's account (placeholders always). */
function maintenanceItems(ctx: Ctx) {
  const d = accountData(ctx.state, ctx.account);
  return d.maintenance
    .filter((m) => m.vmId === null || ctx.account.vms.has(m.vmId))
    .map((m) => {
      const vm = m.vmId === null ? undefined : ctx.account.vms.get(m.vmId);
      return {
        entity: { ...m.entity, label: vm?.label ?? m.entity.label },
        reason: m.reason,
        status: m.status,
        type: m.type,
        when: m.when,
      };
    });
}

// ---------------------------------------------------------------------------------------------

export const accountArea: Area = {
  name: "account",

  register(r: Router) {
    r.get("/v4/account", "account:read_only", (ctx) => ok(accountView(ctx)));
    r.put("/v4/account", "account:read_write", updateAccount);
    r.post("/v4/account/cancel", "account:read_write", cancelAccount);
    r.post("/v4/account/credit-card", "account:read_write", addCreditCard);

    r.get("/v4/account/entity-transfers", "account:read_only", (ctx) => {
      const mine = [...transfers(ctx.state).values()].filter(
        (t) => t.sender === ctx.account || t.receiver === ctx.account,
      );
      return paginate(
        ctx,
        mine.map((t) => transferView(ctx, refresh(ctx.state, t))),
      );
    });
    r.post("/v4/account/entity-transfers", "account:read_write", createTransfer);
    r.get("/v4/account/entity-transfers/{token}", "account:read_only", (ctx) =>
      ok(transferView(ctx, findTransfer(ctx))),
    );
    r.delete("/v4/account/entity-transfers/{token}", "account:read_write", cancelTransfer);
    r.post("/v4/account/entity-transfers/{token}/accept", "account:read_write", acceptTransfer);

    r.get("/v4/account/invoices", "account:read_only", (ctx) =>
      paginate(
        ctx,
        [...accountData(ctx.state, ctx.account).invoices].sort((a, b) => b.id - a.id),
      ),
    );
    r.get("/v4/account/invoices/{invoiceId}", "account:read_only", (ctx) => ok(findInvoice(ctx)));
    r.get("/v4/account/invoices/{invoiceId}/items", "account:read_only", (ctx) => {
      const inv = findInvoice(ctx);
      return paginate(ctx, accountData(ctx.state, ctx.account).items.get(inv.id) ?? []);
    });

    r.get("/v4/account/logins", "account:read_only", (ctx) => {
      loginsAllowed(ctx);
      const logins = visibleLogins(ctx);
      return paginate(
        ctx,
        ctx.faults.has("logins-list-restricted-false")
          ? logins.map((l) => ({ ...l, restricted: false }))
          : logins,
      );
    });
    r.get("/v4/account/logins/{loginId}", "account:read_only", (ctx) => {
      loginsAllowed(ctx);
      const id = intParam(ctx, "loginId");
      const login = visibleLogins(ctx).find((l) => l.id === id);
      if (!login) throw notFound("Login not found");
      return ok(login);
    });

    r.get("/v4beta/account/maintenance", "maintenance:read_only", (ctx) =>
      paginate(ctx, maintenanceItems(ctx)),
    );
    r.get("/v4/account/notifications", "account:read_only", (ctx) =>
      paginate(
        ctx,
        currentNotices(ctx).map(({ kind: _kind, ...n }) => n),
      ),
    );
    r.get("/v4/account/payment-methods", "account:read_only", (ctx) =>
      paginate(ctx, accountData(ctx.state, ctx.account).paymentMethods),
    );
  },

  seed(state, seeded) {
    for (const a of [seeded.accountA, seeded.accountB]) accountData(state, a);
    Object.assign(seeded.accountA.profile, {
      first_name: "Ada",
      last_name: "Admin",
      company: "Example Co",
      address_1: "1 Main Street",
      city: "Springfield",
      state: "PA",
      zip: "19001",
      phone: "215-555-0100",
    });
    Object.assign(seeded.accountB.profile, {
      first_name: "Sam",
      last_name: "Second",
      company: "Second Co",
      address_1: "2 High Street",
      city: "Leeds",
      state: "West Yorkshire",
      zip: "LS1 1AA",
      country: "GB",
      phone: "+44 113 555 0100",
    });
    // one login older than the 90-day window, never listed
    const d = accountData(state, seeded.accountA);
    d.logins.push({
      id: state.id(),
      datetime: state.iso(new Date(state.now().getTime() - 100 * DAY_MS)),
      ip: "198.51.100.7",
      restricted: false,
      username: seeded.admin.username,
    });
  },

  states: {
    "unpaid-balance"(c, p) {
      const amount = p.amount === undefined ? 10 : p.amount;
      if (typeof amount !== "number" || !(amount > 0))
        throw badRequest("amount must be a positive number", "amount");
      if (p.chargeable !== undefined && typeof p.chargeable !== "boolean")
        throw badRequest("chargeable must be a boolean", "chargeable");
      const a = c.seeded.accountA;
      a.balance = money(amount);
      a.chargeable = p.chargeable === true;
      return { balance: a.balance };
    },
    "paid-balance"(c) {
      const a = c.seeded.accountA;
      a.balance = 0;
      a.chargeable = true;
      return { balance: 0 };
    },
    "invoice-with-items"(c, p) {
      const n = p.items === undefined ? 3 : p.items;
      if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 500)
        throw badRequest("items must be an integer 1..500", "items");
      const d = accountData(c.state, c.seeded.accountA);
      const inv = makeInvoice(c.state, c.state.now(), n);
      d.invoices.push(inv.invoice);
      d.items.set(inv.invoice.id, inv.items);
      return { invoiceId: inv.invoice.id };
    },
    login(c, p) {
      if (p.restricted !== undefined && typeof p.restricted !== "boolean")
        throw badRequest("restricted must be a boolean", "restricted");
      const user = p.restricted ? c.seeded.restricted : c.seeded.admin;
      const d = accountData(c.state, c.seeded.accountA);
      return { loginId: addLogin(c.state, d, user, 0).id };
    },
    "maintenance-item"(c: ControlCtx, p) {
      const a = c.seeded.accountA;
      if (p.vmId !== undefined && (typeof p.vmId !== "number" || !a.vms.has(p.vmId)))
        throw badRequest("vmId must name an instance of the admin's account", "vmId");
      const vm = p.vmId !== undefined ? a.vms.get(p.vmId as number) : [...a.vms.values()][0];
      const id = vm?.id ?? c.state.id();
      const entity: Entity = {
        id,
        label: vm?.label ?? `vm-${id}`,
        type: "vm",
        url: `/v4/vm/instances/${id}`,
      };
      const when = c.state.iso(new Date(c.state.now().getTime() + DAY_MS));
      accountData(c.state, a).maintenance.push({
        vmId: vm ? vm.id : null,
        entity,
        reason: "Scheduled host maintenance for a security update.",
        status: "started",
        type: "reboot",
        when,
      });
      return { entity };
    },
    notification(c) {
      const a = c.seeded.accountA;
      const d = accountData(c.state, a);
      const now = c.state.now().getTime();
      const label = `Scheduled network maintenance ${c.state.id()}`;
      d.notices.push({
        kind: "notice",
        body: null,
        entity: accountEntity(a),
        label,
        message: "Network maintenance is scheduled; brief interruptions are possible.",
        severity: "minor",
        type: "notice",
        until: c.state.iso(new Date(now + 3_600_000)),
        when: c.state.iso(new Date(now)),
      });
      return { label };
    },
  },

  faults: [
    {
      name: "account-field-bound-unchecked",
      requirement: "FIELD.updateAccount.address_1",
      description: "account update accepts address_1 longer than 64 characters",
    },
    {
      name: "account-readonly-updatable",
      requirement: "ACCT-UPDATE-2",
      description: "account update takes euuid, balance and active_since from the body",
    },
    {
      name: "cancel-restricted-allowed",
      requirement: "ACCT-CANCEL-3",
      description: "a restricted user can cancel the account",
    },
    {
      name: "cancel-unpaid-allowed",
      requirement: "ACCT-CANCEL-2",
      description: "account cancel succeeds although the card cannot be charged the unpaid balance",
    },
    {
      name: "card-number-dashes-accepted",
      requirement: "ACCT-CARD-2",
      description: "credit card add accepts a card_number written with spaces or dashes",
    },
    {
      name: "transfer-expiry-not-24h",
      requirement: "ACCT-XFER-2",
      description: "entity transfers expire 48 hours after creation instead of 24",
    },
    {
      name: "transfer-is-sender-always-true",
      requirement: "ACCT-XFER-7",
      description: "is_sender is true on transfers the account receives too",
    },
    {
      name: "logins-restricted-visible",
      requirement: "ACCT-LOGIN-3",
      description: "restricted users can list and view logins",
    },
    {
      name: "cancel-comments-any-type",
      requirement: "FIELD.cancelAccount.comments",
      description: "account cancel takes `comments` of any JSON type (a number is accepted)",
    },
    {
      name: "logins-list-restricted-false",
      requirement: "ACCT-LOGIN-5",
      description: "the logins list shows restricted false for every login (the view is right)",
    },
    {
      name: "logins-not-windowed",
      requirement: "ACCT-LOGIN-4",
      description: "logins older than 90 days are listed",
    },
    {
      name: "notification-not-resolved",
      requirement: "ACCT-NOTIF-2",
      description:
        "notifications stay listed after their cause is resolved (balance paid, notice expired)",
    },
    {
      name: "card-not-stored",
      requirement: "ACCT-CARD-1",
      description: "credit card add answers {} but the account keeps the old card",
    },
    {
      name: "account-country-any-chars",
      requirement: "FIELD.updateAccount.country",
      description: "country accepts any two characters (`12`), not only letters",
    },
  ],
};
