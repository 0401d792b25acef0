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

/** Every literal is at least this long (`add`); the index keys on its first PREFIX characters. */
const PREFIX = 6;

/**
 * Many literals found in one pass over a string. A regex alternation of hundreds of literals tries
 * each at every position (a 40 MB report with 800 minted secrets took 50 s). Here (Wu and Manber's
 * multi-pattern search) a window of PREFIX characters slides along the string, and the pair of
 * characters at its end says how far it may move: past every position where no literal's first
 * PREFIX characters could end in that pair, up to PREFIX - 1 at a time. Only a pair that ends some
 * literal's prefix looks up the literals sharing the window's six characters, longest first (as the
 * alternation did: the longest literal starting at the leftmost position is masked). Every report
 * string and every kept exchange's text passes here: reading about one pair in five, not every
 * pair, made the scan of a 10 MB report with 829 secrets 2.5× quicker.
 */
class LiteralIndex {
  /** per pair of characters (pairHash): how far the window may move when its last two are that pair */
  private readonly shift = new Uint8Array(65536).fill(PREFIX - 1);
  private readonly byPrefix = new Map<string, string[]>();

  constructor(literals: Iterable<string>) {
    for (const l of literals) this.add(l);
  }

  /**
   * One more literal, kept longest first among those sharing its prefix. Added in place: a fuzz
   * run learns a secret in most cases it sends (every generated password), and rebuilding the
   * index from all of them for each was most of the redaction's cost.
   */
  add(l: string): void {
    // a pair ending at offset q of the prefix: a window whose last pair it is may start this
    // literal PREFIX - 1 - q characters further on, so it moves no further than that
    for (let q = 1; q < PREFIX; q++) {
      const h = pairHash(l, q - 1);
      this.shift[h] = Math.min(this.shift[h]!, PREFIX - 1 - q);
    }
    const key = l.slice(0, PREFIX);
    const same = this.byPrefix.get(key);
    if (!same) {
      this.byPrefix.set(key, [l]);
      return;
    }
    const at = same.findIndex((x) => x.length < l.length);
    same.splice(at < 0 ? same.length : at, 0, l);
  }

  mask(s: string, mark: string): string {
    let out = "";
    let from = 0;
    // `end`: the last character of a window of PREFIX starting at end - PREFIX + 1
    for (let end = PREFIX - 1; end < s.length; ) {
      const skip = this.shift[pairHash(s, end - 1)]!;
      if (skip > 0) {
        end += skip;
        continue;
      }
      const i = end - PREFIX + 1;
      const found = this.byPrefix.get(s.slice(i, end + 1))?.find((l) => s.startsWith(l, i));
      if (!found) {
        end++;
        continue;
      }
      out += s.slice(from, i) + mark;
      from = i + found.length;
      end = from + PREFIX - 1;
    }
    return from === 0 ? s : out + s.slice(from);
  }
}

function pairHash(s: string, i: number): number {
  return (s.charCodeAt(i) * 31 + s.charCodeAt(i + 1)) & 0xffff;
}

export class Redactor {
  /** literal secrets (configured or minted tokens) scrubbed from any string */
  private readonly literals = new Set<string>();
  /** the literals indexed for scanning, made on first use; a new one is added to it */
  private index?: LiteralIndex;

  private remember(secret: string): void {
    if (this.literals.has(secret)) return;
    this.literals.add(secret);
    this.index?.add(secret);
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

  /** How many literal secrets are known: `learnedSince` this count gives the ones learned after. */
  get count(): number {
    return this.literals.size;
  }

  /** The literal secrets learned after the first `count` (a Set keeps the order they came in). */
  learnedSince(count: number): string[] {
    if (count >= this.literals.size) return [];
    return [...this.literals].slice(count);
  }

  /** Only the literal secrets masked: the last pass over a whole rendered report file. */
  scrub(s: string): string {
    if (this.literals.size === 0) return s;
    this.index ??= new LiteralIndex(this.literals);
    return this.index.mask(s, REDACTED);
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
