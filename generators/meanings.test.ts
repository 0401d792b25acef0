// Members with a meaning (meanings.ts): in valid requests and on their bounds they carry a value of
// that meaning (an email is local@domain within RFC 5321's lengths, a phone is digits with
// separators, a card number passes the Luhn check…); in the schema-only mode they carry what their
// schema alone allows, which is more than the meaning.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { generatorsFor, OFFLINE_TARGET, type Part } from "./index.ts";
import {
  emailOfLength,
  luhn,
  luhnValid,
  MEANING_HOLDS,
  MEANINGS,
  type MeaningKind,
  phoneOfLength,
} from "./meanings.ts";
import { CONSERVATIVE } from "./schema.ts";

const RUNS = 40;
const len = (s: string) => [...s].length;
const conservativeText = (v: string) =>
  [...v].every((c) => CONSERVATIVE.includes(c)) && !/ {2}/.test(v) && /[A-Za-z0-9]$/.test(v);

function isEmail(v: string): boolean {
  const m = /^([^@]+)@([^@]+)$/.exec(v);
  if (!m) return false;
  const [, local, domain] = m;
  const labels = domain.split(".");
  return (
    len(local) <= 64 &&
    /^[a-z0-9+_-]+(\.[a-z0-9+_-]+)*$/.test(local) &&
    len(domain) <= 253 &&
    labels.length >= 2 &&
    labels.every((l) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) &&
    /^[a-z]{2,}$/.test(labels[labels.length - 1])
  );
}

const isPhone = (v: string) =>
  /^\+?[0-9(][0-9 ()-]*$/.test(v) &&
  /[0-9]$/.test(v) &&
  !/[ -]{2}/.test(v) &&
  v.replace(/\D/g, "").length >= 7;

/** What a value of each meaning looks like. */
const IS: Record<MeaningKind, (v: any) => boolean> = {
  email: isEmail,
  phone: isPhone,
  street: conservativeText,
  secondaryAddress: conservativeText,
  city: conservativeText,
  state: conservativeText,
  company: conservativeText,
  firstName: conservativeText,
  lastName: conservativeText,
  taxId: (v) => /^[A-Z0-9]+(-[0-9]+)*$/.test(v) && /[0-9]/.test(v),
  zip: (v) => /^[0-9]{5}(-[0-9]{4})*$/.test(v),
  country: (v) => /^[A-Z]{2}$/.test(v),
  url: (v) => /^https?:\/\/[a-z0-9.-]+\.[a-z]{2,}(\/[a-z0-9]+)*$/.test(v),
  money: (v) => /^[0-9]+\.[0-9]{2}$/.test(v),
  cardNumber: (v) => /^[0-9]{14,19}$/.test(v) && luhnValid(v),
  cvv: (v) => /^[0-9]{3,4}$/.test(v),
  expiryYear: (v) => Number.isInteger(v) && v > new Date().getUTCFullYear() && v < 10_000,
  objectName: (v) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v),
  objectPrefix: (v) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v),
  delimiter: (v) => ["/", "-", "_", "."].includes(v),
  ip: (v) =>
    /^(\d{1,3})(\.\d{1,3}){3}$/.test(v)
      ? v.split(".").every((o: string) => Number(o) <= 255) && !/^(10|127|0)\./.test(v)
      : /^2[0-9a-f]{3}:([0-9a-f]{1,4}:){6}[0-9a-f]{1,4}$/.test(v),
  unixUser: (v) => /^[a-z][a-z0-9_-]{0,31}$/.test(v),
  username: (v) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v) && /[A-Za-z0-9]$/.test(v),
  password: (v) => len(v) >= 12 && /[a-z]/.test(v) && /[A-Z]/.test(v) && /[0-9]/.test(v),
  script: (v) => /^#!\/(usr\/bin\/env bash|bin\/bash|bin\/sh)\n(.+\n)+$/.test(v),
};

/** The values at a dotted member path (array items as `*`) of a request part. */
function at(value: unknown, member: string): unknown[] {
  let here: unknown[] = [value];
  for (const k of member.split(".")) {
    here = here.flatMap((v: any) =>
      k === "*" ? (Array.isArray(v) ? v : []) : v && typeof v === "object" && k in v ? [v[k]] : [],
    );
  }
  return here;
}

describe("members with a meaning", () => {
  describe.each(Object.keys(MEANINGS))("%s", (op) => {
    const meanings = MEANINGS[op];
    const g = generatorsFor(op);

    it("valid requests carry a value of each member's meaning", () => {
      const seen = new Set<string>();
      for (const req of fc.sample(g.valid, { seed: 11, numRuns: RUNS })) {
        for (const m of meanings)
          for (const v of at((req as Record<Part, unknown>)[m.in], m.member)) {
            if (v === null && m.nullable) continue;
            seen.add(m.member);
            expect(IS[m.kind](v), `${m.member} (${m.kind}): ${JSON.stringify(v)}`).toBe(true);
          }
        expect(MEANING_HOLDS[op]?.(req) ?? true, JSON.stringify(req)).toBe(true);
      }
      // every member is sent now and then (an optional one is left out at times)
      expect([...seen].sort()).toEqual(meanings.map((m) => m.member).sort());
    });

    it("a value on a member's length bound is still a value of its meaning, of that length", () => {
      g.boundarySites.forEach((site, i) => {
        const m = meanings.find(
          (x) => x.in === site.in && x.member === site.path.replace(/\.\d+(?=\.|$)/g, ".*"),
        );
        if (!m) return;
        expect(m.offBounds, `${site.path}: no realistic value sits on its bounds`).toBeFalsy();
        for (const b of fc.sample(g.eachBoundary[i], { seed: 3, numRuns: 8 })) {
          const v = at((b.request as Record<Part, unknown>)[b.in], m.member)[0];
          expect(typeof v === "string" ? len(v) : v).toBe(site.at);
          expect(IS[m.kind](v), `${site.path} at ${site.keyword} ${site.at}: ${v}`).toBe(true);
        }
      });
    });

    const schemaOnly = meanings.filter((m) => m.schemaOnly);
    // (contacts have none: their rows name the formats, "string email", "string phone")
    if (schemaOnly.length)
      it("in the schema-only mode its schema-only members carry what the schema alone allows", () => {
        const s = generatorsFor(op, OFFLINE_TARGET, "conservative", "schema");
        const requests = fc.sample(s.valid, { seed: 11, numRuns: RUNS * 2 });
        for (const req of requests)
          for (const part of s.parts)
            expect(s.errors(part, (req as Record<Part, unknown>)[part])).toEqual([]);
        // beyond the meaning, somewhere: text that is no email, digits that fail the Luhn check…
        const beyond = schemaOnly.filter((m) =>
          requests.some((req) =>
            at((req as Record<Part, unknown>)[m.in], m.member).some(
              (v) => v !== null && !IS[m.kind](v),
            ),
          ),
        );
        expect(beyond.map((m) => m.member)).toEqual(schemaOnly.map((m) => m.member));
        // and the bounds no realistic value sits on are the schema-only mode's to try
        for (const m of meanings.filter((x) => x.offBounds))
          expect(s.boundarySites.some((x) => x.path === m.member)).toBe(true);
      });
  });
});

describe("values fitted to a length", () => {
  it("an email of any length from 6 to 254 is local@domain within the RFC's lengths", () => {
    for (const base of ["effie59@hotmail.com", "collin.kling@yahoo.com", "a@b.co"])
      for (let n = 6; n <= 254; n++) {
        const v = emailOfLength(base, n, n * 7919);
        expect(len(v), `${base} → ${n}: ${v}`).toBe(n);
        expect(isEmail(v), `${base} → ${n}: ${v}`).toBe(true);
      }
  });

  it("a phone number of any length from 7 to 40 is digits with separators", () => {
    for (const base of ["(421) 262-3768", "+14212623768", "+44 20 7946 0958"])
      for (let n = 7; n <= 40; n++) {
        const v = phoneOfLength(base, n, n);
        expect(len(v), `${base} → ${n}: ${v}`).toBe(n);
        expect(isPhone(v), `${base} → ${n}: ${v}`).toBe(true);
      }
  });

  it("card numbers pass the Luhn check", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    for (let n = 12; n <= 24; n++) expect(luhnValid(luhn("4", n, n))).toBe(true);
  });
});
