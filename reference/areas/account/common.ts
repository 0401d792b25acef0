// Account and billing records of the reference target: what the area keeps per account (profile
// extras, card, payment methods, invoices, logins, maintenance, notices) and the helpers its
// modules share. Written from the material alone.
import type { Account, State } from "../../state.ts";

export const DAY_MS = 86_400_000;

export type Entity = { id: number | string; label: string; type: string; url: string };

export interface PaymentMethod {
  id: number;
  type: "credit_card";
  is_default: boolean;
  created: string;
  data: { card_type: string; expiry: string; last_four: string };
}

export interface Invoice {
  id: number;
  date: string;
  label: string;
  subtotal: number;
  tax: number;
  total: number;
}
export interface InvoiceItem {
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
export interface Login {
  id: number;
  datetime: string;
  ip: string;
  restricted: boolean;
  username: string;
}
export interface Maintenance {
  vmId: number | null;
  entity: Entity;
  reason: string;
  status: string;
  type: string;
  when: string;
}
export interface Notice {
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
export interface AccountData {
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

export const money = (n: number) => Math.round(n * 100) / 100;

export const accountEntity = (a: Account): Entity => ({
  id: a.id,
  label: `account-${a.id}`,
  type: "account",
  url: "/v4/account",
});

/** The area's data of an account, made on first look (profile defaults, two invoices, one card). */
export const accountData = (state: State, account: Account): AccountData =>
  state.area(account, "account", () => initData(state, account));

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

/** An invoice dated `date` with `count` hourly items covering the 30 days before it. */
export function makeInvoice(
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
