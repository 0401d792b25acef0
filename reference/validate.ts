// The reference target's own field validation (independent of spec/). Collects every field error of
// a body, then throws one ApiError naming each field by its dotted path.
import { ApiError, type FieldError } from "./http.ts";

type Obj = Record<string, unknown>;

/** Request bodies read under the `unknown-members-refused` variant: members no getter asked for are refused at `done()`. */
export const STRICT_BODIES = new WeakSet<object>();

interface Common {
  required?: boolean;
  nullable?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Variant email-validated: the account's email is an address, local@domain (a contact's is always checked, EMAIL). */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+$/;
/** Variant email-validated: a phone number of digits, spaces and + - ( ) . (at least one digit). */
export const PHONE_NUMBER = /^(?=.*\d)[0-9+().\-\s]+$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isIpv4 = (s: string) => IPV4.test(s);
export const isUuid = (s: string) => UUID.test(s);
export function isUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Reads fields of one request body. Each getter returns the value when it is present and valid,
 * undefined when absent (or invalid: the error is recorded). `done()` throws if anything failed.
 */
export class Fields {
  readonly errors: FieldError[] = [];
  /** the members a getter (or has/given) asked for */
  private readonly asked = new Set<string>();
  constructor(
    readonly body: Obj,
    readonly prefix = "",
  ) {}

  path(name: string) {
    return this.prefix ? `${this.prefix}.${name}` : name;
  }

  fail(name: string, reason: string) {
    this.errors.push({
      field: this.path(name),
      reason: `${this.path(name)} must be a valid value: ${reason}`,
    });
    return undefined;
  }

  has(name: string) {
    this.asked.add(name);
    return this.body[name] !== undefined;
  }

  /** present and not null */
  given(name: string) {
    this.asked.add(name);
    return this.body[name] !== undefined && this.body[name] !== null;
  }

  private present(name: string, o: Common): "absent" | "null" | "value" {
    this.asked.add(name);
    const v = this.body[name];
    if (v === undefined) {
      if (o.required) this.fail(name, "is required");
      return "absent";
    }
    if (v === null) {
      if (!o.nullable) this.fail(name, o.required ? "is required" : "must not be null");
      return "null";
    }
    return "value";
  }

  string(
    name: string,
    o: Common & {
      min?: number;
      max?: number;
      pattern?: RegExp;
      oneOf?: readonly string[];
      format?: "email" | "url" | "ipv4";
    } = {},
  ): string | null | undefined {
    const p = this.present(name, o);
    if (p !== "value") return p === "null" ? null : undefined;
    const v = this.body[name];
    if (typeof v !== "string") return this.fail(name, "must be a string");
    if (o.min !== undefined && v.length < o.min)
      return this.fail(name, `length must be at least ${o.min}`);
    if (o.max !== undefined && v.length > o.max)
      return this.fail(name, `length must be at most ${o.max}`);
    if (o.oneOf && !o.oneOf.includes(v))
      return this.fail(name, `must be one of ${o.oneOf.join(", ")}`);
    if (o.pattern && !o.pattern.test(v)) return this.fail(name, "has an invalid format");
    if (o.format === "email" && !EMAIL.test(v)) return this.fail(name, "must be an email address");
    if (o.format === "url" && !isUrl(v)) return this.fail(name, "must be a URL");
    if (o.format === "ipv4" && !IPV4.test(v)) return this.fail(name, "must be an IP address");
    return v;
  }

  int(name: string, o: Common & { min?: number; max?: number } = {}): number | null | undefined {
    const p = this.present(name, o);
    if (p !== "value") return p === "null" ? null : undefined;
    const v = this.body[name];
    if (typeof v !== "number" || !Number.isInteger(v)) return this.fail(name, "must be an integer");
    if (o.min !== undefined && v < o.min) return this.fail(name, `must be at least ${o.min}`);
    if (o.max !== undefined && v > o.max) return this.fail(name, `must be at most ${o.max}`);
    return v;
  }

  bool(name: string, o: Common = {}): boolean | null | undefined {
    const p = this.present(name, o);
    if (p !== "value") return p === "null" ? null : undefined;
    const v = this.body[name];
    if (typeof v !== "boolean") return this.fail(name, "must be a boolean");
    return v;
  }

  object(name: string, o: Common = {}): Obj | null | undefined {
    const p = this.present(name, o);
    if (p !== "value") return p === "null" ? null : undefined;
    const v = this.body[name];
    if (typeof v !== "object" || Array.isArray(v)) return this.fail(name, "must be an object");
    return v as Obj;
  }

  array(
    name: string,
    o: Common & { max?: number; min?: number } = {},
  ): unknown[] | null | undefined {
    const p = this.present(name, o);
    if (p !== "value") return p === "null" ? null : undefined;
    const v = this.body[name];
    if (!Array.isArray(v)) return this.fail(name, "must be an array");
    if (o.max !== undefined && v.length > o.max)
      return this.fail(name, `must have at most ${o.max} items`);
    if (o.min !== undefined && v.length < o.min)
      return this.fail(name, `must have at least ${o.min} items`);
    return v;
  }

  intArray(name: string, o: Common = {}): number[] | null | undefined {
    const a = this.array(name, o);
    if (!a) return a;
    if (!a.every((x) => typeof x === "number" && Number.isInteger(x)))
      return this.fail(name, "must be an array of integers");
    return a as number[];
  }

  stringArray(name: string, o: Common = {}): string[] | null | undefined {
    const a = this.array(name, o);
    if (!a) return a;
    if (!a.every((x) => typeof x === "string"))
      return this.fail(name, "must be an array of strings");
    return a as string[];
  }

  /** Fields of a nested object, reporting errors under `name.` */
  nested(name: string, value: Obj): Fields {
    const f = new Fields(value, this.path(name));
    (f as { errors: FieldError[] }).errors = this.errors;
    return f;
  }

  done(): void {
    if (STRICT_BODIES.has(this.body))
      for (const k of Object.keys(this.body))
        if (!this.asked.has(k)) this.fail(k, "is not a field of this operation");
    if (this.errors.length) throw new ApiError(400, this.errors);
  }
}

/**
 * For fault switches only: what a lax implementation does with JSON types. `truthy` turns any
 * non-boolean value into a boolean (`"yes"` → true), `numeric` turns a numeric string into a number,
 * `drop` forgets a value of the wrong kind as if it were absent.
 */
export function loosen(
  body: Obj,
  name: string,
  how: "truthy" | "numeric" | "drop",
  keep: (v: unknown) => boolean = () => false,
): void {
  const v = body[name];
  if (v === undefined || v === null || keep(v)) return;
  if (how === "truthy" && typeof v !== "boolean") body[name] = Boolean(v);
  if (how === "numeric" && typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)))
    body[name] = Number(v);
  if (how === "drop") delete body[name];
}
