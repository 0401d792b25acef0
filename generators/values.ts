// Realistic values from @faker-js/faker where a member's name or format calls for one (emails,
// phone numbers, URLs, addresses, company names, IPs). Seeding faker costs more than a whole case
// against the reference, so each kind gets a pool of values made once from a fixed faker seed, and
// fast-check draws the index: the same fast-check seed gives the same values, and shrinking moves
// towards the pool's first values.
import fc from "fast-check";
// the English instance alone (the package's main entry loads every locale); it is seeded right
// before each value is made, so whatever else uses it cannot change our values
import { faker } from "@faker-js/faker/locale/en";

const POOL_SIZE = 64;
const pools = new Map<() => string, string[]>();

/** The pool of values `make` gives from the fixed faker seed (made once; `make` is its key). */
export function poolOf(make: () => string): readonly string[] {
  let pool = pools.get(make);
  if (!pool) {
    faker.seed(0x9e3779b9);
    pool = Array.from({ length: POOL_SIZE }, make);
    pools.set(make, pool);
  }
  return pool;
}

/** A value of the pool, its index drawn by fast-check (shrinking moves towards the first values). */
export function pooled(make: () => string): fc.Arbitrary<string> {
  const values = poolOf(make);
  return fc.integer({ min: 0, max: POOL_SIZE - 1 }).map((i) => values[i]);
}

/** Member names (the last part of the path) and what a realistic value of each looks like. */
const BY_NAME: Record<string, () => string> = {
  email: () => faker.internet.email(),
  phone: () => faker.phone.number(),
  primary: () => faker.phone.number({ style: "national" }),
  secondary: () => faker.phone.number({ style: "national" }),
  first_name: () => faker.person.firstName(),
  last_name: () => faker.person.lastName(),
  name: () => faker.person.fullName(),
  company: () => faker.company.name(),
  address_1: () => faker.location.streetAddress(),
  address_2: () => faker.location.secondaryAddress(),
  city: () => faker.location.city(),
  state: () => faker.location.state({ abbreviated: true }),
  country: () => faker.location.countryCode("alpha-2"),
  zip: () => faker.location.zipCode(),
  tax_id: () => faker.string.numeric(9),
  url: () => faker.internet.url(),
  redirect_uri: () => `${faker.internet.url({ appendSlash: false })}/callback`,
  ip: () => faker.internet.ipv4(),
  username: () => faker.internet.username(),
  user: () => faker.internet.username().slice(0, 32),
  description: () => faker.lorem.sentence(),
  summary: () => faker.lorem.sentence({ min: 2, max: 6 }),
  comments: () => faker.lorem.sentence(),
  notes: () => faker.lorem.sentence(),
  rev_note: () => faker.lorem.sentence({ min: 2, max: 6 }),
  consultation_group: () => faker.company.buzzNoun(),
  group: () => faker.company.buzzNoun(),
};

const BY_FORMAT: Record<string, () => string> = {
  email: BY_NAME.email,
  uri: BY_NAME.url,
  url: BY_NAME.url,
  ipv4: () => faker.internet.ipv4(),
  ipv6: () => faker.internet.ipv6(),
};

/**
 * Members whose realistic values keep their own characters in the conservative mode: an address, a
 * phone number, a code has a syntax of its own that a target checking it expects.
 */
const OWN_SYNTAX = new Set([
  "email",
  "phone",
  "primary",
  "secondary",
  "country",
  "state",
  "zip",
  "tax_id",
  "url",
  "redirect_uri",
  "ip",
  "username",
  "user",
]);

/** Free text in the conservative alphabet: other characters left out, spaces single and inside. */
export const conservative = (v: string) =>
  v
    .replace(/[^A-Za-z0-9_. -]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();

/**
 * A faker-backed arbitrary for a member name or format, or undefined when none fits; `narrow`
 * keeps free text (names, companies, addresses, sentences) to the conservative alphabet
 * (schema.ts `CONSERVATIVE`: "O'Keefe" becomes "OKeefe").
 */
export function realistic(
  name: string,
  format?: string,
  narrow = false,
): fc.Arbitrary<string> | undefined {
  const byFormat = format && BY_FORMAT[format];
  const make = byFormat || BY_NAME[name];
  if (!make) return undefined;
  return narrow && !byFormat && !OWN_SYNTAX.has(name)
    ? pooled(make).map(conservative)
    : pooled(make);
}
