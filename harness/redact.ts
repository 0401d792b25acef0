// Secrets never reach a report: every header, body and URL goes through here before it is stored.

export const REDACTED = "[REDACTED]";

/** Body keys whose values are secret wherever they appear (request or response, any depth). */
const SECRET_KEYS = new Set([
  "password", "root_pass", "secret", "secret_key", "private_key", "card_number", "cvv",
  "token", "access_token", "refresh_token", "client_secret", "api_key", "apikey", "authorization",
]);
const SECRET_HEADERS = new Set(["authorization", "cookie", "set-cookie", "proxy-authorization", "x-api-key"]);

export class Redactor {
  /** literal secrets (configured or minted tokens) scrubbed from any string */
  private readonly literals = new Set<string>();

  constructor(secrets: string[] = []) {
    for (const s of secrets) this.add(s);
  }

  add(secret: string | undefined): void {
    // very short strings would scrub ordinary words; real tokens are long
    if (secret && secret.length >= 6) this.literals.add(secret);
  }

  text(s: string): string {
    let out = s;
    // every string of every exchange passes here, and minted tokens accumulate: test before rewriting
    for (const lit of this.literals) if (out.includes(lit)) out = out.split(lit).join(REDACTED);
    // certificate private keys pasted into free text
    if (!out.includes("PRIVATE KEY-----")) return out;
    return out.replace(/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g, REDACTED);
  }

  headers(h: Record<string, unknown> | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(h ?? {})) {
      const value = Array.isArray(v) ? v.join(", ") : String(v);
      if (!SECRET_HEADERS.has(k.toLowerCase())) out[k] = this.text(value);
      else out[k] = /^bearer /i.test(value) ? `Bearer ${REDACTED}` : REDACTED;
    }
    return out;
  }

  body(v: unknown): unknown {
    if (typeof v === "string") return this.text(v);
    if (Array.isArray(v)) return v.map((x) => this.body(x));
    if (v && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        out[k] = SECRET_KEYS.has(k.toLowerCase()) && x !== null && x !== undefined && x !== "" ? REDACTED : this.body(x);
      }
      return out;
    }
    return v;
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
export function toCurl(req: { method: string; url: string; headers: Record<string, string>; body?: unknown; rawBody?: boolean }): string {
  const parts = ["curl", "-sS", "-i", "-X", req.method.toUpperCase(), sq(req.url)];
  for (const [k, v] of Object.entries(req.headers)) {
    if (k.toLowerCase() === "authorization") parts.push("-H", `"Authorization: Bearer $PLUMBLINE_TOKEN"`);
    else parts.push("-H", sq(`${k}: ${v}`));
  }
  if (req.body !== undefined) {
    const data = typeof req.body === "string" ? req.body : JSON.stringify(req.body);
    parts.push(req.rawBody ? "--data-binary" : "--data-raw", sq(data));
  }
  return parts.join(" ");
}
