// From a JSON Schema of spec/openapi.yaml to fast-check arbitraries of three kinds:
// - valid values: every stated constraint satisfied (types, lengths, ranges, enums, patterns,
//   formats, required members, nullability, array bounds, nested objects, oneOf/anyOf, and the
//   cross-field keywords allOf/if/then/not/dependentRequired, which the value is checked against);
// - boundary values: a valid value with one member exactly on one of its bounds;
// - single-violation values: a valid value with exactly one stated constraint of one member broken,
//   carrying { path, breaks } (the dotted member path and the JSON Schema keyword).
// Lengths are counted in characters as JSON Schema counts them (Unicode code points); generated
// text stays in the Basic Multilingual Plane, so code points and UTF-16 units agree.
import fc from "fast-check";
import { realistic } from "./values.ts";

export type Schema = boolean | Record<string, any>;
export type Path = (string | number)[];

/** Length and range bounds a member generator must respect (a boundary pins both ends to one bound). */
export interface Bounds {
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/**
 * The alphabet of free text (a string with no format, pattern or list of values): `conservative`
 * (the default) is ASCII letters, digits, `-`, `_`, `.` and a space inside, what any implementation
 * takes where the material states no character rule; `unicode` is mostly printable ASCII with one
 * character in nine another BMP letter (what the SHOULD property CONV-TEXT-1 sends).
 */
export type TextMode = "conservative" | "unicode";

/** The conservative alphabet; expand() never puts its space first, last or twice in a row. */
export const CONSERVATIVE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_. ";

/** Where and how a member's values come from somewhere other than its schema. */
export interface Hints {
  /** the alphabet of free text (default conservative) */
  text?: TextMode;
  /** dotted member path (array items as `*`) → its own generator of valid values within the bounds */
  override?: Record<string, (b: Bounds) => fc.Arbitrary<unknown>>;
  /** members never sent in valid values (their valid values depend on the target, see rules.ts) */
  omit?: string[];
  /** members the material says fall back to a default when invalid: never a violation */
  lenient?: string[];
  /**
   * members always sent in valid values though the schema does not require them: the material
   * contradicts itself on whether they may be left out ("method (required, default GET)"), so a
   * valid request never leaves them out, and no violation does either
   */
  present?: string[];
  /**
   * members whose valid strings are plain text of the alphabet, never a realistic value by their
   * name: members with a meaning (meanings.ts) in the schema-only mode
   */
  plain?: string[];
  /**
   * members no realistic value sits on the bounds of (a card expiring in the year 1000): no
   * boundary site (the schema-only mode leaves this out, so its property tries them)
   */
  offBounds?: string[];
}

/** One place a boundary or violation can be made: a member, a keyword, and values of the whole schema. */
export interface Site {
  path: Path;
  keyword: string;
  kind: "boundary" | "violation";
  /** for a boundary: the bound it sits on */
  at?: number;
  arb: fc.Arbitrary<unknown>;
}

export const dotted = (p: Path): string => p.join(".");
const key = (p: Path): string => p.map((x) => (typeof x === "number" ? "*" : x)).join(".");
const _COMPOSITION = new Set(["if", "allOf", "anyOf", "oneOf", "then", "else"]);

const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * n characters from a seed (mostly printable ASCII, one in nine another BMP letter; never control
 * characters or surrogates): one draw per string instead of one per character keeps generation far
 * cheaper than a request. Seed 0 gives "aaa…", so shrinking ends on the plainest text of the length.
 */
export function expand(n: number, seed: number, chars?: string): string {
  let x = seed | 0;
  let out = "";
  for (let i = 0; i < n; i++) {
    if (x === 0) {
      out += chars ? chars[0] : "a";
      continue;
    }
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const r = x >>> 0;
    if (chars) {
      const c = chars[r % chars.length];
      // the conservative alphabet's space only inside, never two in a row
      out +=
        chars === CONSERVATIVE && c === " " && (i === 0 || i === n - 1 || out.endsWith(" "))
          ? "a"
          : c;
    } else
      out +=
        r % 9 === 0
          ? String.fromCharCode(0xa1 + ((r >>> 8) % (0x2fff - 0xa1)))
          : String.fromCharCode(0x20 + ((r >>> 8) % 95));
  }
  return out;
}

/** Text of min..max characters (short values are the common case; the bounds are boundary sites). Pass `chars` to draw from them only. */
export function text(
  min: number,
  max: number,
  chars?: string | fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  const hi = Math.max(min, Math.min(max, min + 24));
  if (chars !== undefined && typeof chars !== "string")
    return fc.array(chars, { minLength: min, maxLength: hi }).map((a) => a.join(""));
  return fc
    .tuple(fc.integer({ min, max: hi }), fc.nat())
    .map(([n, seed]) => expand(n, seed, chars));
}

/** Exactly n characters. */
export function textOfLength(n: number, chars?: string): fc.Arbitrary<string> {
  return fc.nat().map((seed) => expand(n, seed, chars));
}

export const length = (s: string): number => [...s].length;

/** Values that break a format ajv-formats checks. */
const BAD_FORMAT: Record<string, string[]> = {
  uri: ["no scheme here", "//missing-scheme", "http//broken"],
  url: ["no scheme here", "example.com/path", "http//broken"],
  email: ["plainaddress", "no-at-sign.example.com", "two@@example.com"],
  uuid: ["not-a-uuid", "1234", "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz"],
  "date-time": ["yesterday", "2024-13-45T99:99:99Z", "2024-01-01"],
  ipv4: ["999.1.1.1", "1.2.3", "a.b.c.d"],
  ipv6: ["12345::", ":::", "g::1"],
};

export class SchemaGen {
  constructor(
    private readonly doc: any,
    private readonly hints: Hints = {},
  ) {}

  /** The characters of free text: the conservative alphabet, or undefined for any (expand's mix). */
  private get alphabet(): string | undefined {
    return this.hints.text === "unicode" ? undefined : CONSERVATIVE;
  }

  /** A schema with its $ref followed and the object parts of allOf merged in; if/then/not stay for the checker. */
  flatten(s: Schema): Schema {
    if (typeof s === "boolean") return s;
    if (s.$ref) {
      const target = this.resolve(s.$ref);
      if (typeof target === "boolean") return target;
      return this.flatten({
        ...target,
        ...Object.fromEntries(Object.entries(s).filter(([k]) => k !== "$ref")),
      });
    }
    if (!Array.isArray(s.allOf)) return s;
    let out: Record<string, any> = { ...s, allOf: [] };
    for (const part0 of s.allOf) {
      const part = this.flatten(part0);
      if (typeof part === "boolean" || part.if || part.not || part.oneOf || part.anyOf) {
        out.allOf.push(part0);
        continue;
      }
      out = {
        ...part,
        ...out,
        properties: { ...(part.properties ?? {}), ...(out.properties ?? {}) },
        required: [...new Set([...(part.required ?? []), ...(out.required ?? [])])],
        allOf: [...out.allOf, ...(part.allOf ?? [])],
      };
    }
    if (out.allOf.length === 0) delete out.allOf;
    return out;
  }

  private resolve(ref: string): Schema {
    const parts = ref
      .replace(/^#\//, "")
      .split("/")
      .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    return parts.reduce((o: any, p) => o?.[p], this.doc) ?? true;
  }

  types(s: Record<string, any>): string[] {
    if (Array.isArray(s.type)) return s.type;
    if (typeof s.type === "string") return [s.type];
    if (s.properties) return ["object"];
    if (s.items) return ["array"];
    return [];
  }

  private omitted(p: Path): boolean {
    return this.hints.omit?.includes(key(p)) ?? false;
  }

  /** Valid values of `s` at `path`, within `bounds` when given (a boundary pins them). */
  valid(s0: Schema, path: Path = [], bounds?: Bounds): fc.Arbitrary<unknown> {
    const s = this.flatten(s0);
    const own = this.hints.override?.[key(path)];
    if (own && typeof s !== "boolean") return own({ ...boundsOf(s), ...bounds });
    if (
      s === true ||
      (typeof s === "object" &&
        Object.keys(s).filter((k) => !/^(description|x-|example|deprecated|title|default)/.test(k))
          .length === 0)
    )
      return smallJson();
    if (s === false) return fc.constant(undefined);
    if (s.const !== undefined) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
    const branches = s.oneOf ?? s.anyOf;
    if (Array.isArray(branches)) {
      const { oneOf: _o, anyOf: _a, ...rest } = s;
      return fc.oneof(
        ...branches.map((b: Schema) =>
          this.valid(typeof b === "boolean" ? b : { ...rest, ...this.flattenObj(b) }, path, bounds),
        ),
      );
    }
    const types = this.types(s);
    if (types.length === 0) return smallJson();
    const arbs = types.map((t) => ({
      weight: t === "null" ? 1 : 4,
      arbitrary: this.ofType(s, t, path, bounds),
    }));
    return arbs.length === 1 ? arbs[0].arbitrary : fc.oneof(...arbs);
  }

  private flattenObj(b: Schema): Record<string, any> {
    const f = this.flatten(b);
    return typeof f === "boolean" ? {} : f;
  }

  private ofType(
    s: Record<string, any>,
    t: string,
    path: Path,
    bounds?: Bounds,
  ): fc.Arbitrary<unknown> {
    const b = { ...boundsOf(s), ...bounds };
    switch (t) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer": {
        // an unbounded integer is kept small and positive: sizes, limits and counts a target can honour
        const min = b.minimum ?? Math.max(1, (b.maximum ?? 10_000) - 10_000);
        const max = b.maximum ?? Math.max(min, 10_000);
        return fc.integer({ min, max });
      }
      case "number":
        return fc.double({
          min: b.minimum ?? 0,
          max: b.maximum ?? 1e6,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case "string":
        return this.string(s, path, b);
      case "array": {
        const min = s.minItems ?? 0;
        const max = Math.min(s.maxItems ?? 3, min + 3);
        return fc.array(this.valid(s.items ?? true, [...path, 0]), {
          minLength: min,
          maxLength: max,
        });
      }
      case "object":
        return this.object(s, path);
      default:
        return smallJson();
    }
  }

  private string(s: Record<string, any>, path: Path, b: Bounds): fc.Arbitrary<string> {
    const min = b.minLength ?? 0;
    const max = b.maxLength ?? Math.max(min, 64);
    const fits = (v: string) => length(v) >= min && length(v) <= max;
    const exact = min === max;
    if (s.format && FORMAT[s.format]) return FORMAT[s.format](min, max).filter(fits);
    if (typeof s.pattern === "string") {
      const cls = charClass(s.pattern);
      if (cls) {
        const lo = Math.max(min, cls.min);
        const hi = Math.min(max, cls.max);
        return lo === hi ? textOfLength(lo, cls.chars) : text(lo, hi, cls.chars);
      }
      const re = new RegExp(s.pattern, "u");
      // other patterns are rare (and overridden in rules.ts where a bound must be hit exactly)
      return fc.stringMatching(re).filter(fits);
    }
    const plain = exact ? textOfLength(min, this.alphabet) : text(min, max, this.alphabet);
    const real = this.hints.plain?.includes(key(path))
      ? undefined
      : realistic(String(path[path.length - 1] ?? ""), s.format, this.alphabet !== undefined);
    return real && !exact
      ? fc.oneof({ weight: 3, arbitrary: real.filter(fits) }, { weight: 1, arbitrary: plain })
      : plain;
  }

  /**
   * Dotted paths of the free-text members of `s` (array items as 0): strings whose valid values come
   * from the text alphabet (no format, pattern, list of values, or rule of its own), which is what
   * the text mode changes.
   */
  freeText(s0: Schema, path: Path = []): string[] {
    const s = this.flatten(s0);
    if (typeof s === "boolean" || s.const !== undefined || Array.isArray(s.enum)) return [];
    if (this.hints.override?.[key(path)] || this.omitted(path)) return [];
    const branches = s.oneOf ?? s.anyOf;
    if (Array.isArray(branches)) {
      const { oneOf: _o, anyOf: _a, ...rest } = s;
      const each = branches.flatMap((b: Schema) =>
        this.freeText(typeof b === "boolean" ? b : { ...rest, ...this.flattenObj(b) }, path),
      );
      return [...new Set(each)];
    }
    const types = this.types(s);
    const out: string[] = [];
    if (types.includes("string") && s.format === undefined && s.pattern === undefined)
      out.push(dotted(path));
    if (types.includes("array") && s.items !== undefined)
      out.push(...this.freeText(s.items, [...path, 0]));
    if (types.includes("object"))
      for (const [name, m] of this.members(s, path)) out.push(...this.freeText(m, [...path, name]));
    return out;
  }

  private members(s: Record<string, any>, path: Path): [string, Schema][] {
    return Object.entries((s.properties ?? {}) as Record<string, Schema>).filter(
      ([name, m]) => m !== false && !this.omitted([...path, name]),
    );
  }

  /** Valid objects; `without` leaves one member out (the caller puts its own value there). */
  private object(
    s: Record<string, any>,
    path: Path,
    without?: string,
  ): fc.Arbitrary<Record<string, unknown>> {
    const members = this.members(s, path).filter(([n]) => n !== without);
    if (members.length === 0 && !s.properties)
      return smallJson() as fc.Arbitrary<Record<string, unknown>>;
    const model = Object.fromEntries(members.map(([n, m]) => [n, this.valid(m, [...path, n])]));
    const required = Object.keys(model).filter(
      (n) =>
        ((s.required ?? []) as string[]).includes(n) ||
        this.hints.present?.includes(key([...path, n])),
    );
    return fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
  }

  /** Every boundary and violation site of `s`, each an arbitrary of whole values of `s`. */
  sites(s0: Schema, path: Path = []): Site[] {
    const s = this.flatten(s0);
    if (typeof s === "boolean" || s.const !== undefined) return [];
    if (this.hints.lenient?.includes(key(path))) return [];
    const out: Site[] = [];
    const types = this.types(s);
    const own = this.hints.override?.[key(path)];
    const onBounds = !this.hints.offBounds?.includes(key(path));
    // a member with only a type (or a type and an enum or bounds) can always be sent the wrong JSON type
    const wrong = wrongType(types);
    if (wrong && !s.oneOf && !s.anyOf)
      out.push({ path, keyword: "type", kind: "violation", arb: wrong });
    if (s.oneOf || s.anyOf) return out;
    if (Array.isArray(s.enum) && s.enum.every((e: unknown) => typeof e === "string")) {
      out.push({
        path,
        keyword: "enum",
        kind: "violation",
        arb: text(3, 12, ALNUM).filter((v) => !s.enum.includes(v)),
      });
    }
    if (types.includes("string")) {
      const { minLength, maxLength } = boundsOf(s);
      // a formatted value has the length its format gives it: its length bounds are not hit exactly
      const exactLengths = !s.format || own;
      const str = (n: number) =>
        own
          ? (own({ minLength: n, maxLength: n }) as fc.Arbitrary<string>)
          : this.string(s, path, { minLength: n, maxLength: n });
      const plainOfLength = (n: number) => (own ? str(n) : textOfLength(n, this.alphabet));
      if (minLength !== undefined && minLength > 0) {
        if (exactLengths && onBounds)
          out.push({
            path,
            keyword: "minLength",
            kind: "boundary",
            at: minLength,
            arb: str(minLength),
          });
        out.push({
          path,
          keyword: "minLength",
          kind: "violation",
          at: minLength - 1,
          arb: plainOfLength(minLength - 1),
        });
      }
      if (maxLength !== undefined && maxLength <= 100_000) {
        if (exactLengths && onBounds)
          out.push({
            path,
            keyword: "maxLength",
            kind: "boundary",
            at: maxLength,
            arb: str(maxLength),
          });
        out.push({
          path,
          keyword: "maxLength",
          kind: "violation",
          at: maxLength + 1,
          arb: own
            ? (own({ minLength: maxLength + 1, maxLength: maxLength + 1 }) as fc.Arbitrary<string>)
            : textOfLength(maxLength + 1, ALNUM),
        });
      }
      if (typeof s.pattern === "string") {
        const re = new RegExp(s.pattern, "u");
        const lo = Math.max(1, minLength ?? 1);
        // far misses, and near ones: a valid value with one character the pattern does not allow
        // ("4111-1111-1111-1111" for a digits-only card number)
        const cls = charClass(s.pattern);
        const stranger = [" ", "-", ".", "_", "/"].filter((c) => !cls?.chars.includes(c));
        const near =
          cls && stranger.length
            ? fc
                .tuple(
                  this.string(s, path, {
                    minLength,
                    maxLength:
                      maxLength === undefined ? undefined : Math.max(minLength ?? 0, maxLength - 1),
                  }),
                  fc.nat(),
                  fc.constantFrom(...stranger),
                )
                .map(
                  ([v, k, c]) =>
                    v.slice(0, 1 + (k % Math.max(1, v.length - 1))) +
                    c +
                    v.slice(1 + (k % Math.max(1, v.length - 1))),
                )
            : fc.constant("has space");
        out.push({
          path,
          keyword: "pattern",
          kind: "violation",
          arb: fc
            .oneof(
              near,
              text(lo, Math.min(maxLength ?? 40, lo + 12)),
              fc.constantFrom("has space", "-leading", "a__b", "ü-ünïcode"),
            )
            .filter((v) => !re.test(v)),
        });
      }
      if (s.format && BAD_FORMAT[s.format])
        out.push({
          path,
          keyword: "format",
          kind: "violation",
          arb: fc.constantFrom(...BAD_FORMAT[s.format]),
        });
    }
    if (types.includes("integer") || types.includes("number")) {
      const { minimum, maximum } = boundsOf(s);
      if (minimum !== undefined) {
        if (onBounds)
          out.push({
            path,
            keyword: "minimum",
            kind: "boundary",
            at: minimum,
            arb: fc.constant(minimum),
          });
        out.push({
          path,
          keyword: s.exclusiveMinimum !== undefined ? "exclusiveMinimum" : "minimum",
          kind: "violation",
          at: minimum - 1,
          arb: fc.constant(minimum - 1),
        });
      }
      if (maximum !== undefined) {
        if (onBounds)
          out.push({
            path,
            keyword: "maximum",
            kind: "boundary",
            at: maximum,
            arb: fc.constant(maximum),
          });
        // a bound the material contradicts (expires_in 68400 beside a day, spec/README.md C5) is not
        // fuzzed as a MUST violation: its own SHOULD check names the contradiction
        if (!(s as Record<string, unknown>)["x-contradiction"]) {
          out.push({
            path,
            keyword: s.exclusiveMaximum !== undefined ? "exclusiveMaximum" : "maximum",
            kind: "violation",
            at: maximum + 1,
            arb: fc.constant(maximum + 1),
          });
        }
      }
    }
    if (types.includes("array")) {
      const item = s.items ?? true;
      const itemArb = this.valid(item, [...path, 0]);
      // an array with its own generator (rules.ts) hits its bounds through it: its items obey rules between them
      const ofLength = (n: number) =>
        own
          ? (own({}) as fc.Arbitrary<unknown[]>).filter((a) => a.length === n)
          : fc.array(itemArb, { minLength: n, maxLength: n });
      if (s.maxItems !== undefined && s.maxItems <= 20) {
        out.push({
          path,
          keyword: "maxItems",
          kind: "boundary",
          at: s.maxItems,
          arb: ofLength(s.maxItems),
        });
        out.push({
          path,
          keyword: "maxItems",
          kind: "violation",
          at: s.maxItems + 1,
          arb: fc.array(itemArb, { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }),
        });
      }
      if (s.minItems !== undefined && s.minItems > 0) {
        out.push({
          path,
          keyword: "minItems",
          kind: "boundary",
          at: s.minItems,
          arb: ofLength(s.minItems),
        });
        out.push({
          path,
          keyword: "minItems",
          kind: "violation",
          at: s.minItems - 1,
          arb: fc.array(itemArb, { minLength: s.minItems - 1, maxLength: s.minItems - 1 }),
        });
      }
      const rest = fc.array(itemArb, {
        maxLength: Math.max(0, Math.min((s.maxItems ?? 3) - 1, 2)),
      });
      for (const site of this.sites(item, [...path, 0])) {
        if (own && site.kind === "boundary") continue;
        out.push({ ...site, arb: fc.tuple(site.arb, rest).map(([v, r]) => [v, ...r]) });
      }
    }
    if (types.includes("object") && s.properties) {
      for (const r of (s.required ?? []) as string[]) {
        if (!(r in s.properties)) continue;
        out.push({
          path: [...path, r],
          keyword: "required",
          kind: "violation",
          arb: this.object(s, path, r),
        });
      }
      for (const [name, m] of Object.entries(s.properties as Record<string, Schema>)) {
        const p = [...path, name];
        if (m === false) {
          out.push({
            path: p,
            keyword: "false schema",
            kind: "violation",
            arb: this.object(s, path, name).map((o) => ({ ...o, [name]: {} })),
          });
          continue;
        }
        for (const site of this.sites(m, p)) {
          out.push({
            ...site,
            arb: fc
              .tuple(this.object(s, path, name), site.arb)
              .map(([o, v]) => ({ ...o, [name]: v })),
          });
        }
      }
    }
    return out;
  }
}

/** A pattern that is one character class repeated (`^[A-Za-z0-9-]*$`, `^[0-9]{3,4}$`): its printable ASCII characters and counts. */
function charClass(pattern: string): { chars: string; min: number; max: number } | undefined {
  const m = /^\^\[([^\]]+)\](\*|\+|\{(\d+),(\d+)\}|\{(\d+)\})\$$/.exec(pattern);
  if (!m) return undefined;
  const one = new RegExp(`^[${m[1]}]$`);
  let chars = "";
  for (let c = 0x20; c < 0x7f; c++)
    if (one.test(String.fromCharCode(c))) chars += String.fromCharCode(c);
  if (!chars) return undefined;
  const [min, max] =
    m[2] === "*"
      ? [0, Infinity]
      : m[2] === "+"
        ? [1, Infinity]
        : m[5]
          ? [Number(m[5]), Number(m[5])]
          : [Number(m[3]), Number(m[4])];
  return { chars, min, max };
}

function boundsOf(s: Record<string, any>): Bounds {
  const b: Bounds = {};
  if (typeof s.minLength === "number") b.minLength = s.minLength;
  if (typeof s.maxLength === "number") b.maxLength = s.maxLength;
  if (typeof s.minimum === "number") b.minimum = s.minimum;
  if (typeof s.exclusiveMinimum === "number") b.minimum = s.exclusiveMinimum + 1;
  if (typeof s.maximum === "number") b.maximum = s.maximum;
  if (typeof s.exclusiveMaximum === "number") b.maximum = s.exclusiveMaximum - 1;
  return b;
}

/** A value of a JSON type the member does not allow (scalars first: they read best in a report). */
function wrongType(types: string[]): fc.Arbitrary<unknown> | undefined {
  if (types.length === 0) return undefined;
  const allows = (t: string) => types.includes(t) || (t === "integer" && types.includes("number"));
  if (!allows("string")) return text(1, 8, "abcdefghijklmnopqrstuvwxyz");
  if (!allows("integer")) return fc.integer({ min: 1, max: 1000 });
  if (!allows("boolean")) return fc.boolean();
  if (!allows("array")) return fc.constant([]);
  return undefined;
}

function smallJson(): fc.Arbitrary<unknown> {
  return fc.dictionary(
    text(1, 8, ALNUM),
    fc.oneof(text(0, 8, ALNUM), fc.integer({ min: 0, max: 100 }), fc.boolean()),
    { maxKeys: 3 },
  );
}

/** Valid values of the formats request schemas use. */
const FORMAT: Record<string, (min: number, max: number) => fc.Arbitrary<string>> = {
  "date-time": () =>
    fc
      .date({
        min: new Date("2000-01-01T00:00:00Z"),
        max: new Date("2037-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
  uuid: () => fc.uuid(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  email: () => realistic("email")!,
  uri: () => realistic("url")!,
  url: () => realistic("url")!,
  password: (min, max) => strongPassword(min, max),
};

/** A password with letters of both cases, digits and a symbol: "strength" is not shown, so never a weak one. */
export function strongPassword(min: number, max: number): fc.Arbitrary<string> {
  if (min > max) return fc.constant("");
  const lo = Math.min(Math.max(min, 8), max);
  const hi = Math.max(lo, Math.min(max, lo + 16));
  return fc
    .tuple(fc.integer({ min: lo, max: hi }), fc.nat())
    .map(([n, seed]) =>
      (
        "aZ7#" +
        expand(
          Math.max(0, n - 4),
          seed || 1,
          "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789",
        )
      ).slice(0, n),
    );
}
