// The account itself: view, update, cancel. The deprecated credit card add is in payments.ts.
import type { Seeded } from "../../area.ts";
import { ApiError, forbidden, ok } from "../../http.ts";
import { emitByCaller, type Ctx, type Router } from "../../router.ts";
import { EMAIL_ADDRESS, Fields, PHONE_NUMBER } from "../../validate.ts";
import { accountData, accountEntity, money } from "./common.ts";

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_TIME_ANY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

const WRITABLE = [
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
type Writable = (typeof WRITABLE)[number];
type Bounds = { min?: number; max?: number; pattern?: RegExp };
const BOUNDS: Record<Writable, Bounds> = {
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

function accountView(ctx: Ctx) {
  const { state, account } = ctx;
  const d = accountData(state, account);
  // a profile string never set is "": the Account table types each one a string, none nullable
  return {
    active_promotions: d.activePromotions,
    active_since: d.activeSince,
    ...Object.fromEntries(WRITABLE.map((k) => [k, account.profile[k] || ""])),
    balance: money(account.balance),
    balance_uninvoiced: money(d.balanceUninvoiced),
    capabilities: [...CAPABILITIES],
    credit_card: { ...d.creditCard },
    euuid: account.euuid,
  };
}

/**
 * Variant email-validated: `email` must be an address (local@domain) and `phone` must look like a
 * phone number (digits, spaces, + - ( ) .); the material types them "string <= 128 chars" and
 * "string <= 32 chars" only, so by default neither carries a format check.
 */
const VALIDATED: Partial<Record<Writable, Bounds>> = {
  email: { max: 128, pattern: EMAIL_ADDRESS },
  phone: { max: 32, pattern: PHONE_NUMBER },
};

/** The bounds a writable field is checked against (two faults loosen one each). */
function boundsOf(ctx: Ctx, k: Writable): Bounds {
  if (k === "address_1" && ctx.faults.has("account-field-bound-unchecked")) return {};
  if (k === "country" && ctx.faults.has("account-country-any-chars")) return { min: 2, max: 2 };
  if (ctx.variants.has("email-validated")) return VALIDATED[k] ?? BOUNDS[k];
  return BOUNDS[k];
}

/** The writable profile strings sent. */
function writableValues(ctx: Ctx, f: Fields): Record<string, string> {
  const values: Record<string, string> = {};
  for (const k of WRITABLE) {
    const v = f.string(k, boundsOf(ctx, k));
    // fault: the profile keeps its text folded to ASCII (marks dropped, as a Latin-1 store might)
    if (typeof v === "string")
      values[k] = ctx.faults.has("account-text-ascii-folded")
        ? v.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
        : v;
  }
  return values;
}

/**
 * `active_promotions` when sent: each item an object whose listed fields are strings (`expire_dt`
 * a date-time). Variants: a no-offset date-time is what timestamps-no-offset writes;
 * promotions-lenient drops a malformed `expire_dt` instead of refusing it;
 * promotions-wrong-type-dropped drops an item that is not an object or holds a member of another type.
 */
function promotionsValue(ctx: Ctx, f: Fields): Record<string, unknown>[] | undefined {
  const dateTime = ctx.variants.has("timestamps-no-offset") ? DATE_TIME_ANY : DATE_TIME;
  const lenient = ctx.variants.has("promotions-lenient");
  const dropWrongType = ctx.variants.has("promotions-wrong-type-dropped");
  const arr = f.array("active_promotions");
  if (!arr) return undefined;
  const promotions: Record<string, unknown>[] = [];
  for (const [i, item] of arr.entries()) {
    const object = item !== null && typeof item === "object" && !Array.isArray(item);
    const given = (object ? item : {}) as Record<string, unknown>;
    if (
      dropWrongType &&
      (!object ||
        PROMOTION_FIELDS.some((k) => given[k] !== undefined && typeof given[k] !== "string"))
    )
      continue;
    if (!object) {
      f.fail(`active_promotions.${i}`, "must be an object");
      continue;
    }
    const p = f.nested(`active_promotions.${i}`, given);
    const kept: Record<string, unknown> = {};
    for (const k of PROMOTION_FIELDS) {
      const expiry = k === "expire_dt";
      if (expiry && lenient && !(typeof given[k] === "string" && dateTime.test(given[k]))) continue;
      // fault account-promotion-any-type: a member that is not a string is stored as sent
      if (!expiry && given[k] !== undefined && ctx.faults.has("account-promotion-any-type")) {
        kept[k] = given[k];
        continue;
      }
      const v = p.string(k, expiry ? { pattern: dateTime } : {});
      if (typeof v === "string") kept[k] = v;
    }
    promotions.push(kept);
  }
  return promotions;
}

function updateAccount(ctx: Ctx) {
  const body = ctx.json();
  const f = new Fields(body);
  const values = writableValues(ctx, f);
  const promotions = promotionsValue(ctx, f);
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
  emitByCaller(ctx, "account_update", accountEntity(ctx.account));
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

export function registerProfile(r: Router) {
  // fault account-view-empty: the view answers {} for the record
  r.get("/v4/account", "account:read_only", (ctx) =>
    ok(ctx.faults.has("account-view-empty") ? {} : accountView(ctx)),
  );
  r.put("/v4/account", "account:read_write", updateAccount);
  r.post("/v4/account/cancel", "account:read_write", cancelAccount);
}

/** The seeded accounts' profiles (their defaults come from accountData). */
export function seedProfiles(seeded: Seeded) {
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
}
