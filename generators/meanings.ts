// Members whose name or note in the material gives their value a meaning (an email address, a
// phone number, an address line, a two-letter country code, a card number, a user name, a script…):
// a valid request demanded at MUST carries a realistic value of that meaning, and a value on a
// stated length bound is built from one (a 128-character email is still local@domain with a local
// part of at most 64 characters and DNS labels of at most 63; a 32-character phone is still digits
// with spaces, dashes, parentheses and a plus). A target that checks the meaning (refuses an email
// that is not an address) is conforming, so values valid by the schema alone (any text within the
// length) are demanded only where the material gives no format beyond type and length, and there at
// SHOULD (`schemaOnly`: the stateless fuzz property CONV-TEXT-1 "schema-only values").
// Members whose schema already holds the meaning (the instance label's pattern, a `format: uri`
// redirect_uri or address, `format: email` contact email) or whose values come from the target
// (regions, clusters, bucket labels, object names) are in rules.ts: their values are realistic in
// both modes.
import fc from "fast-check";
import type { Bounds } from "./schema.ts";
import { strongPassword } from "./schema.ts";
import { conservative, poolOf, pooled } from "./values.ts";
import { faker } from "@faker-js/faker/locale/en";

export type MeaningKind =
  | "email"
  | "phone"
  | "street"
  | "secondaryAddress"
  | "city"
  | "state"
  | "company"
  | "firstName"
  | "lastName"
  | "taxId"
  | "zip"
  | "country"
  | "url"
  | "money"
  | "cardNumber"
  | "cvv"
  | "expiryYear"
  | "objectName"
  | "objectPrefix"
  | "delimiter"
  | "ip"
  | "unixUser"
  | "username"
  | "password"
  | "script";

export interface Meaning {
  in: "body" | "query";
  /** dotted member path, array items as `*` */
  member: string;
  kind: MeaningKind;
  /** the material's words that give the member its meaning (and its type and bounds), verbatim */
  words: string[];
  /** the member takes null (a realistic value or null) */
  nullable?: boolean;
  /** no realistic value sits on the member's stated bounds: only the schema-only property tries them */
  offBounds?: boolean;
  /**
   * the material gives no format beyond type and length ("email | string <= 128 chars", "zip |
   * string | restrictions on its format: not shown"): any text within the bounds is valid by the
   * schema and a target may take it, the SHOULD property sends it. False where the material names
   * the format ("string phone", "two-letter country code", "ip string ip"): only realistic values.
   */
  schemaOnly: boolean;
}

const body = (
  member: string,
  kind: MeaningKind,
  words: string | string[],
  more: Partial<Meaning> = {},
): Meaning => ({
  in: "body",
  member,
  kind,
  words: Array.isArray(words) ? words : [words],
  schemaOnly: true,
  ...more,
});

const MONEY = "Money amounts are in US dollars.";
const credentialMembers = [
  body("username", "username", "username (string <= 5000)"),
  body("password", "password", "password (string, required on create)"),
];
const contactMembers = [
  // the Contact row names the formats ("string email", "string phone"): realistic values only
  body("email", "email", "email (string email)", { schemaOnly: false }),
  body("phone.primary", "phone", "primary string phone nullable", {
    nullable: true,
    schemaOnly: false,
  }),
  body("phone.secondary", "phone", "secondary string phone nullable", {
    nullable: true,
    schemaOnly: false,
  }),
];
const recipeMembers = [body("script", "script", "script (string, required on create)")];

/** Per operation, the members with a meaning. */
export const MEANINGS: Record<string, Meaning[]> = {
  updateAccount: [
    body("address_1", "street", "address_1 | string <= 64 chars | first billing address line"),
    body(
      "address_2",
      "secondaryAddress",
      "address_2 | string <= 64 chars | second billing address line",
    ),
    body("city", "city", "city | string <= 24 chars |"),
    body("company", "company", "company | string <= 128 chars |"),
    body("country", "country", "country | string, exactly 2 chars | two-letter country code", {
      schemaOnly: false,
    }),
    body("email", "email", "email | string <= 128 chars |"),
    body("first_name", "firstName", "first_name | string <= 50 chars |"),
    body("last_name", "lastName", "last_name | string <= 50 chars |"),
    body("phone", "phone", "phone | string <= 32 chars |"),
    body("state", "state", "state | string <= 24 chars | US state, or province outside the US"),
    body("tax_id", "taxId", "tax_id | string <= 100 chars | for tax calculation in some countries"),
    body("zip", "zip", "zip | string | restrictions on its format: not shown"),
    body("active_promotions.*.image_url", "url", "image_url (string)"),
    body("active_promotions.*.credit_monthly_cap", "money", ["credit_monthly_cap (string)", MONEY]),
    body("active_promotions.*.credit_remaining", "money", ["credit_remaining (string)", MONEY]),
    body("active_promotions.*.this_month_credit_remaining", "money", [
      "this_month_credit_remaining (string)",
      MONEY,
    ]),
  ],
  addCreditCard: [
    body(
      "card_number",
      "cardNumber",
      "card_number (string digits 14..24, required, no spaces or dashes)",
    ),
    // any three or four digits are a security code; which length goes with which card: `holds`
    body("cvv", "cvv", "cvv (string digits 3..4, required)", { schemaOnly: false }),
    // a card that expired is one a target may refuse: a year to come (1000 and 9999, the bounds of
    // "four digits", are no card's expiry)
    body("expiry_year", "expiryYear", "expiry_year (integer of four digits, required)", {
      offBounds: true,
    }),
  ],
  listBucketObjects: [
    {
      in: "query",
      member: "marker",
      kind: "objectName",
      words: ["marker (name of the last object of the previous page)"],
      schemaOnly: true,
    },
    {
      in: "query",
      member: "delimiter",
      kind: "delimiter",
      words: ["delimiter (names returned up to its first occurrence)"],
      schemaOnly: true,
    },
    {
      in: "query",
      member: "prefix",
      kind: "objectPrefix",
      words: ["prefix (only names starting with it)"],
      schemaOnly: true,
    },
  ],
  updateManagedVmSettings: [
    body("ssh.ip", "ip", "ip string ip", { schemaOnly: false }),
    body("ssh.user", "unixUser", "user string <= 32"),
  ],
  createManagedContact: contactMembers,
  updateManagedContact: contactMembers,
  createManagedCredential: credentialMembers,
  updateManagedCredentialUsernamePassword: credentialMembers,
  createRecipe: recipeMembers,
  updateRecipe: recipeMembers,
};

/**
 * A rule between members that a realistic request keeps: a card's security code has four digits
 * on an American Express card (15 digits, 34 or 37) and three on the others.
 */
export const MEANING_HOLDS: Record<string, (req: { body?: any; query?: any }) => boolean> = {
  addCreditCard: ({ body: b }) => {
    if (typeof b?.card_number !== "string" || typeof b?.cvv !== "string") return true;
    const amex = b.card_number.length === 15 && /^3[47]/.test(b.card_number);
    return b.cvv.length === (amex ? 4 : 3);
  },
};

/** The members of an operation that have a meaning. */
export function meaningsOf(operationId: string): Meaning[] {
  return MEANINGS[operationId] ?? [];
}

/**
 * The generators of an operation part's members with a meaning (SchemaGen `override`, keyed by
 * the member's dotted path): realistic values within the bounds, exactly at a bound when one is
 * pinned. `narrow` keeps free text (names, companies, addresses) to the conservative alphabet.
 */
export function meaningOverrides(
  operationId: string,
  part: "body" | "query",
  narrow: boolean,
): Record<string, (b: Bounds) => fc.Arbitrary<unknown>> {
  return Object.fromEntries(
    meaningsOf(operationId)
      .filter((m) => m.in === part)
      .map((m) => [
        m.member,
        (b: Bounds) => {
          const arb: fc.Arbitrary<unknown> =
            m.kind === "expiryYear" ? expiryYear(b) : meaningful(m.kind, b, narrow);
          return m.nullable ? fc.option(arb, { nil: null, freq: 5 }) : arb;
        },
      ]),
  );
}

/** The members of one part no realistic value sits on the bounds of (SchemaGen `offBounds`). */
export function offBoundMembers(operationId: string, part: "body" | "query"): string[] {
  return meaningsOf(operationId)
    .filter((m) => m.offBounds && m.in === part)
    .map((m) => m.member);
}

/** A card's expiry year: one of the next fifteen. */
function expiryYear(b: Bounds): fc.Arbitrary<number> {
  const next = new Date().getUTCFullYear() + 1;
  const min = Math.max(b.minimum ?? next, next);
  return fc.integer({ min, max: Math.max(min, Math.min(b.maximum ?? min + 14, min + 14)) });
}

/** The schema-only members (dotted, array items as `*`) of one part: plain text in the SHOULD property. */
export function schemaOnlyMembers(operationId: string, part?: "body" | "query"): string[] {
  return meaningsOf(operationId)
    .filter((m) => m.schemaOnly && (part === undefined || m.in === part))
    .map((m) => m.member);
}

// ---- realistic values fitted to a length -------------------------------------------------------

const len = (s: string) => [...s].length;
const cut = (s: string, n: number) => [...s].slice(0, n).join("");
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const LOWER_ALNUM = LOWER + DIGITS;

/** A small deterministic generator of characters from a seed (xorshift). */
function chars(seed: number, from: string): (n: number) => string {
  let x = seed | 0 || 0x2545f491;
  return (n) => {
    let out = "";
    for (let i = 0; i < n; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      out += from[(x >>> 0) % from.length];
    }
    return out;
  };
}

const isAlnum = (c: string | undefined) => c !== undefined && /[A-Za-z0-9]/.test(c);

/** The text with its last character made alphanumeric (a cut never ends on a separator). */
function endAlnum(s: string, filler: string): string {
  const a = [...s];
  for (let i = a.length - 1; i >= 0 && !isAlnum(a[i]); i--) a[i] = filler;
  return a.join("");
}

/**
 * Text of exactly n characters from a realistic value: cut at n, or extended with more realistic
 * words (`more(i)`) joined by `sep`; it never ends on a separator.
 */
function extend(
  base: string,
  n: number,
  more: (i: number) => string,
  sep = " ",
  filler = "a",
): string {
  let s = base;
  // the length kept as it grows: counting the whole text's code points again each turn made long
  // values quadratic (the largest cost of a run's own CPU in a profile, 2026-11-28)
  for (let i = 0, l = len(s); l < n; i++) {
    const added = (s ? sep : "") + more(i);
    s += added;
    l += len(added);
  }
  return n <= 0 ? "" : endAlnum(cut(s, n), filler);
}

const pick = <T>(list: readonly T[], i: number): T => list[Math.abs(i) % list.length];

const ADDRESS_MORE = ["Building", "Floor", "Unit", "Suite", "Block", "Wing", "Door", "Room"];
const CITY_MORE = ["Heights", "Springs", "Falls", "Park", "Valley", "Harbor", "Village", "Hills"];
const STATE_MORE = ["Province", "Region", "County", "Territory", "District"];
const COMPANY_MORE = [
  "Holdings",
  "International",
  "Group",
  "Partners",
  "Services",
  "Technologies",
  "Solutions",
  "Consulting",
  "Logistics",
  "Limited",
];

// every pool is made once (values.ts `pooled`): the functions are the pools' keys
const make = {
  email: () => faker.internet.email(),
  phone: () =>
    faker.helpers.arrayElement([
      faker.phone.number({ style: "national" }),
      faker.phone.number({ style: "international" }),
      `+1 ${faker.string.numeric(3)} ${faker.string.numeric(3)} ${faker.string.numeric(4)}`,
      `+44 20 ${faker.string.numeric(4)} ${faker.string.numeric(4)}`,
    ]),
  street: () => faker.location.streetAddress(),
  secondaryAddress: () => faker.location.secondaryAddress(),
  city: () => faker.location.city(),
  state: () =>
    faker.helpers.arrayElement([
      faker.location.state(),
      faker.location.state({ abbreviated: true }),
    ]),
  company: () => faker.company.name(),
  firstName: () => faker.person.firstName(),
  lastName: () => faker.person.lastName(),
  taxId: () =>
    faker.helpers.arrayElement([
      `${faker.string.numeric(2)}-${faker.string.numeric(7)}`,
      `DE${faker.string.numeric(9)}`,
      `GB${faker.string.numeric(9)}`,
      faker.string.numeric(9),
    ]),
  zip: () => faker.location.zipCode(),
  country: () => faker.location.countryCode("alpha-2"),
  url: () => faker.internet.url({ appendSlash: false }),
  money: () => faker.finance.amount({ min: 1, max: 500, dec: 2 }),
  objectName: () => faker.system.fileName(),
  unixUser: () => faker.internet.username(),
  username: () => faker.internet.username(),
  word: () => faker.lorem.word(),
  personFirst: () => faker.person.firstName(),
  personLast: () => faker.person.lastName(),
};

/** A realistic value of `kind` within the bounds (exactly n characters where min = max = n). */
export function meaningful(kind: MeaningKind, b: Bounds, narrow: boolean): fc.Arbitrary<string> {
  const lo = b.minLength ?? 0;
  const hi = b.maxLength ?? Number.POSITIVE_INFINITY;
  const text = (v: string) => (narrow ? conservative(v) : v);
  /** a pooled realistic value, fitted to the bounds with `adjust` when it falls outside them */
  const fitted = (
    m: () => string,
    adjust: (v: string, n: number, seed: number) => string,
    shape: (v: string) => string = (v) => v,
  ) =>
    fc.tuple(pooled(m), fc.nat()).map(([raw, seed]) => {
      const v = shape(raw);
      const n = len(v);
      return n >= lo && n <= hi ? v : adjust(v, n < lo ? lo : hi, seed);
    });
  switch (kind) {
    case "email":
      return fitted(make.email, emailOfLength, (v) => v.toLowerCase());
    case "phone":
      return fitted(make.phone, phoneOfLength);
    case "street":
    case "secondaryAddress":
      return fitted(
        kind === "street" ? make.street : make.secondaryAddress,
        (v, n, seed) =>
          extend(v, n, (i) => `${pick(ADDRESS_MORE, seed + i)} ${1 + ((seed >>> i) % 40)}`),
        text,
      );
    case "city":
      return fitted(
        make.city,
        (v, n, seed) => extend(v, n, (i) => pick(CITY_MORE, seed + i)),
        text,
      );
    case "state":
      return fitted(
        make.state,
        (v, n, seed) => extend(v, n, (i) => pick(STATE_MORE, seed + i)),
        text,
      );
    case "company":
      return fitted(
        make.company,
        (v, n, seed) => extend(v, n, (i) => pick(COMPANY_MORE, seed + i)),
        text,
      );
    case "firstName":
    case "lastName": {
      // more names: given names joined by spaces, family names by hyphens (double-barrelled)
      const list = poolOf(kind === "firstName" ? make.personFirst : make.personLast).map(
        conservative,
      );
      return fitted(
        kind === "firstName" ? make.firstName : make.lastName,
        (v, n, seed) =>
          extend(v, n, (i) => pick(list, seed + i * 7), kind === "firstName" ? " " : "-"),
        text,
      );
    }
    case "taxId":
      return fitted(make.taxId, (v, n, seed) =>
        extend(v, n, (i) => chars(seed + i, DIGITS)(4), "-", "0"),
      );
    case "zip":
      return fitted(make.zip, (v, n, seed) => extend(v, n, () => chars(seed, DIGITS)(4), "-", "0"));
    case "country":
      // a code has two letters whatever the bounds say
      return pooled(make.country);
    case "url":
      return fitted(make.url, (v, n, seed) =>
        extend(v, n, (i) => chars(seed + i, LOWER_ALNUM)(8), "/"),
      );
    case "money":
      return pooled(make.money);
    case "cardNumber":
      return cardNumber(b);
    case "expiryYear":
      return expiryYear(b).map(String);
    case "cvv":
      return fc.oneof(
        { weight: 3, arbitrary: fc.nat({ max: 999 }).map((x) => String(x).padStart(3, "0")) },
        { weight: 1, arbitrary: fc.nat({ max: 9999 }).map((x) => String(x).padStart(4, "0")) },
      );
    case "objectName":
      return fitted(make.objectName, (v, n, seed) =>
        extend(v, n, (i) => chars(seed + i, LOWER_ALNUM)(6), "-"),
      );
    case "objectPrefix":
      return fc
        .tuple(pooled(make.objectName), fc.nat())
        .map(([v, k]) => cut(v, Math.max(1, Math.min(hi, 1 + (k % len(v))))));
    case "delimiter":
      return fc.constantFrom("/", "-", "_", ".");
    case "ip":
      return ipAddress();
    case "unixUser":
      // a login name: lower-case letters first, then letters, digits, _ and - (at most 32 on Linux)
      return fitted(
        make.unixUser,
        (v, n, seed) => extend(v, n, (i) => chars(seed + i, LOWER_ALNUM)(6), "_"),
        (v) =>
          v
            .toLowerCase()
            .replace(/[^a-z0-9_-]/g, "_")
            .replace(/^[^a-z]+/, "")
            .replace(/_{2,}/g, "_") || "ops",
      );
    case "username":
      return fitted(
        make.username,
        (v, n, seed) => extend(v, n, (i) => chars(seed + i, LOWER_ALNUM)(6), "."),
        (v) => v.replace(/[^A-Za-z0-9._-]/g, "") || "monitor",
      );
    case "password":
      return strongPassword(Math.max(lo, 12), Math.min(hi, 64));
    case "script":
      return script();
  }
}

/** local@domain of exactly n characters: a local part of at most 64, DNS labels of at most 63. */
export function emailOfLength(base: string, n: number, seed: number): string {
  const at = base.lastIndexOf("@");
  let local = base.slice(0, at).replace(/[^a-z0-9._+-]/g, "") || "mail";
  let domain = base.slice(at + 1).replace(/[^a-z0-9.-]/g, "") || "example.com";
  const random = chars(seed, LOWER_ALNUM);
  let localLength = Math.min(64, Math.max(1, n - 1 - len(domain)));
  let domainLength = n - 1 - localLength;
  if (domainLength < 4) {
    // the shortest domains: a one-letter name and a two-letter top-level domain
    domainLength = Math.max(4, Math.min(len(domain), n - 2));
    localLength = Math.max(1, n - 1 - domainLength);
  }
  // the local part: cut, or longer with dotted words; never a dot first, last or twice
  local = extend(local.replace(/^[._+-]+/, ""), localLength, () => random(5), ".");
  // the domain: more labels in front (each at most 63), or a shorter first label
  const labels = domain.split(".").filter(Boolean);
  let tld = labels.length > 1 ? labels.pop()! : "com";
  // the shortest domain has a one-character name and a two-letter top-level domain
  if (domainLength - 1 - len(tld) < 1) tld = cut(tld, Math.max(2, domainLength - 2));
  let name = labels.join(".") || "example";
  const nameLength = domainLength - 1 - len(tld);
  if (nameLength < len(name)) name = endAlnum(cut(name, Math.max(1, nameLength)), "a");
  while (len(name) < nameLength) {
    const need = nameLength - len(name);
    const [first, ...rest] = name.split(".");
    if (need >= 2) name = `${random(Math.min(63, need - 1))}.${name}`;
    // one character more: the first label grows, or (full at 63) gives one to a new label
    else if (first.length < 63) name = [`${first}${random(1)}`, ...rest].join(".");
    else name = [random(1), first.slice(0, 62), ...rest].join(".");
  }
  domain = `${name}.${tld}`;
  return `${local}@${domain}`;
}

/**
 * A phone number of exactly n characters: digits with spaces, dashes, parentheses and a leading
 * plus (no extension letters): cut, or longer with more digit groups (an extension).
 */
export function phoneOfLength(base: string, n: number, seed: number): string {
  if (n <= 0) return "";
  const digits = chars(seed, DIGITS);
  if (n < len(base)) {
    // shorter: the usual form cut where it keeps seven digits, else the digits alone
    const short = cut(base, n);
    if (/[0-9]$/.test(short) && short.replace(/\D/g, "").length >= 7) return short;
    const plain = base.replace(/\D/g, "");
    return cut(`${plain}${digits(Math.max(0, n - len(plain)))}`, n);
  }
  let s = base;
  for (let i = 0; len(s) < n; i++) s += `${i % 2 ? "-" : " "}${digits(4)}`;
  s = cut(s, n);
  // never end on a separator
  return /[0-9]$/.test(s) ? s : `${s.slice(0, -1)}${digits(1)}`;
}

/** Card numbers that pass the Luhn check, with a card network's prefix for their length (14..19). */
function cardNumber(b: Bounds): fc.Arbitrary<string> {
  const PREFIX: Record<number, string[]> = {
    14: ["36", "38"], // Diners Club
    15: ["34", "37"], // American Express
    16: ["4", "51", "52", "53", "54", "55", "6011"], // Visa, Mastercard, Discover
    17: ["6759"], // Maestro
    18: ["6759"],
    19: ["4", "6011", "62"], // Visa, Discover, UnionPay
  };
  const lo = Math.max(14, b.minLength ?? 14);
  const hi = Math.min(19, b.maxLength ?? 19);
  const lengths =
    lo <= hi
      ? [16, 16, 16, 15, 14, 19, 17, 18].filter((n) => n >= lo && n <= hi)
      : [b.minLength ?? 16];
  return fc
    .tuple(fc.constantFrom(...(lengths.length ? lengths : [lo])), fc.nat(), fc.nat())
    .map(([n, k, seed]) => luhn(pick(PREFIX[n] ?? ["4"], k), n, seed));
}

/** Digits of length n starting with `prefix`, the last one the Luhn check digit. */
export function luhn(prefix: string, n: number, seed: number): string {
  const body = (prefix + chars(seed, DIGITS)(Math.max(0, n - 1 - prefix.length))).slice(0, n - 1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Whether digits pass the Luhn check. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A public unicast address: IPv4 outside the private, loopback, link-local and reserved ranges, or global IPv6. */
function ipAddress(): fc.Arbitrary<string> {
  const FIRST = [23, 31, 45, 51, 62, 66, 80, 93, 104, 139, 151, 176, 185, 198, 203, 212];
  const octet = fc.integer({ min: 1, max: 254 });
  const v4 = fc.tuple(fc.constantFrom(...FIRST), octet, octet, octet).map((o) => o.join("."));
  const group = fc.integer({ min: 0, max: 0xffff }).map((x) => x.toString(16));
  const v6 = fc
    .tuple(
      fc.constantFrom("2001:db8", "2a01:4f8", "2600:3c00", "2a03:b0c0"),
      fc.array(group, {
        minLength: 6,
        maxLength: 6,
      }),
    )
    .map(([head, rest]) => `${head}:${rest.join(":")}`);
  return fc.oneof({ weight: 3, arbitrary: v4 }, { weight: 1, arbitrary: v6 });
}

/** A provisioning script: a shebang line and a few shell commands. */
function script(): fc.Arbitrary<string> {
  const LINES = [
    "apt-get update",
    "apt-get install -y nginx",
    "systemctl enable --now nginx",
    "useradd -m deploy",
    'echo "provisioned" > /etc/motd',
    "mkdir -p /srv/app",
    "timedatectl set-timezone UTC",
  ];
  return fc
    .tuple(
      fc.constantFrom("#!/bin/bash", "#!/bin/sh", "#!/usr/bin/env bash"),
      fc.subarray(LINES, { minLength: 1, maxLength: 4 }),
    )
    .map(([shebang, lines]) => `${shebang}\n${lines.join("\n")}\n`);
}
