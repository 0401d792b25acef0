// Secrets never reach a report: every header, body and URL goes through here before it is stored,
// and every message, reason and observation of a check before it leaves the worker (check.ts).
// Secrets the target mints (OAuth client secrets, access keys' secret_key, tokens) are learned
// from the bodies that carry them, so a failure message quoting the raw body is masked too.
import { cutMarker, MAX_DEPTH } from "./bounded.ts";

export const REDACTED = "[REDACTED]";

/** Body keys whose values are secret wherever they appear (request or response, any depth). */
const SECRET_KEYS = new Set([
  "password",
  "root_pass",
  "secret",
  "secret_key",
  "private_key",
  "card_number",
  "cvv",
  "token",
  "access_token",
  "refresh_token",
  "client_secret",
  "api_key",
  "apikey",
  "authorization",
]);
// the same keys as JSON text: a body that did not parse (cut, or broken) still has its values masked
const SECRET_IN_TEXT = new RegExp(
  `"(${[...SECRET_KEYS].join("|")})"(\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`,
  "gi",
);
// keys repeat across thousands of bodies: remember each one's verdict instead of lowercasing it
const secretKeySeen = new Map<string, boolean>();
function isSecretKey(k: string): boolean {
  let secret = secretKeySeen.get(k);
  if (secret === undefined) {
    secret = SECRET_KEYS.has(k.toLowerCase());
    if (secretKeySeen.size < 10_000) secretKeySeen.set(k, secret);
  }
  return secret;
}
/** Learned secrets shorter than this are not learned: they would scrub ordinary words. */
const MIN_LEARNED = 8;
const SECRET_HEADERS = new Set([
  "authorization",
  "cookie",
  "set-cookie",
  "proxy-authorization",
  "x-api-key",
]);

export class Redactor {
  /** literal secrets (configured or minted tokens) scrubbed from any string */
  private readonly literals = new Set<string>();
  /** all literals as one pattern, longest first; rebuilt when one is added (one test per string) */
  private pattern?: RegExp;

  private remember(secret: string): void {
    if (this.literals.has(secret)) return;
    this.literals.add(secret);
    this.pattern = undefined;
  }

  private literalPattern(): RegExp {
    this.pattern ??= new RegExp(
      [...this.literals]
        .sort((a, b) => b.length - a.length)
        .map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("|"),
      "g",
    );
    return this.pattern;
  }

  constructor(secrets: string[] = []) {
    for (const s of secrets) this.add(s);
  }

  add(secret: string | undefined): void {
    // very short strings would scrub ordinary words; real tokens are long
    if (secret && secret.length >= 6) this.remember(secret);
  }

  /**
   * Learns the secret values a body carries (under a secret key, at any depth up to MAX_DEPTH), so
   * they are masked wherever they turn up later: in a failure message, a header, another body.
   */
  learn(v: unknown, depth = 0): void {
    if (v === null || typeof v !== "object" || depth >= MAX_DEPTH) return;
    // for-in, not Object.entries: every exchange's bodies pass here, and the pairs cost
    for (const k in v) {
      const x = (v as Record<string, unknown>)[k];
      if (typeof x === "string") {
        if (
          isSecretKey(k) &&
          x.length >= MIN_LEARNED &&
          !x.includes(REDACTED) &&
          !/^(.)\1*$/.test(x)
        )
          this.remember(x);
      } else this.learn(x, depth + 1);
    }
  }

  /** The literal secrets known so far (for the reporter's last pass; never written anywhere). */
  known(): string[] {
    return [...this.literals];
  }

  /** Only the literal secrets masked: the last pass over a whole rendered report file. */
  scrub(s: string): string {
    if (this.literals.size === 0) return s;
    // one regex over all literals: with hundreds of minted secrets, an includes() per secret
    // cost 11 µs a string; the combined pattern about 2
    const re = this.literalPattern();
    re.lastIndex = 0;
    return re.test(s) ? s.replace(re, REDACTED) : s;
  }

  text(s: string): string {
    // every string of every exchange passes here, and minted tokens accumulate
    let out = this.scrub(s);
    if (out.includes('":')) out = out.replace(SECRET_IN_TEXT, `"$1"$2"${REDACTED}"`);
    // certificate private keys pasted into free text
    if (!out.includes("PRIVATE KEY-----")) return out;
    return out.replace(
      /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g,
      REDACTED,
    );
  }

  headers(h: Record<string, unknown> | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const k in h) {
      const v = h[k];
      const value = Array.isArray(v) ? v.join(", ") : String(v);
      if (!SECRET_HEADERS.has(k.toLowerCase())) out[k] = this.text(value);
      else out[k] = /^bearer /i.test(value) ? `Bearer ${REDACTED}` : REDACTED;
    }
    return out;
  }

  /** A redacted copy of any value; below MAX_DEPTH levels it is cut (marked), never walked. */
  body(v: unknown, depth = 0): unknown {
    if (typeof v === "string") return this.text(v);
    if (v === null || typeof v !== "object") return v;
    if (depth >= MAX_DEPTH) return cutMarker();
    if (Array.isArray(v)) return v.map((x) => this.body(x, depth + 1));
    const out: Record<string, unknown> = {};
    for (const k in v) {
      const x = (v as Record<string, unknown>)[k];
      out[this.text(k)] =
        isSecretKey(k) && x !== null && x !== undefined && x !== ""
          ? REDACTED
          : this.body(x, depth + 1);
    }
    return out;
  }
}

/** A shell-quoted single argument. */
function sq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command reproducing a request. The bearer token is written as $PLUMBLINE_TOKEN (inside
 * double quotes so the shell expands it); the body is the redacted body, so secret fields must be
 * filled in by hand.
 */
export function toCurl(req: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  rawBody?: boolean;
}): string {
  const parts = ["curl", "-sS", "-i", "-X", req.method.toUpperCase(), sq(req.url)];
  for (const [k, v] of Object.entries(req.headers)) {
    if (k.toLowerCase() === "authorization")
      parts.push("-H", `"Authorization: Bearer $PLUMBLINE_TOKEN"`);
    else parts.push("-H", sq(`${k}: ${v}`));
  }
  if (req.body !== undefined) {
    const data = typeof req.body === "string" ? req.body : JSON.stringify(req.body);
    parts.push(req.rawBody ? "--data-binary" : "--data-raw", sq(data));
  }
  return parts.join(" ");
}
