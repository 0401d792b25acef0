// What a run was judged with, recorded in conformance.json (docs/evidence.md): the content hashes
// of the spec and the catalog as loaded, Node's version, and the configuration with every secret
// removed. With the recorded exchanges and oracle uses this makes the report evidence that
// `plumbline rejudge` can judge again offline.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { secretsOf, type Config } from "../harness/config.ts";
import { REDACTED, Redactor } from "../harness/redact.ts";
import type { JudgedWith } from "./types.ts";

export const SPEC_FILE = fileURLToPath(new URL("../spec/openapi.yaml", import.meta.url));
export const CATALOG_FILE = fileURLToPath(new URL("../spec/requirements.yaml", import.meta.url));

/** sha256 of a file's bytes, hex; undefined when it cannot be read. */
export function fileSha256(path: string): string | undefined {
  try {
    return createHash("sha256").update(readFileSync(path)).digest("hex");
  } catch {
    return undefined;
  }
}

/** A URL without user and password (a target given as https://user:pass@host keeps them out). */
function withoutUserinfo(url: string | undefined): string | undefined {
  if (!url) return url;
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = "";
    u.password = "";
    return u.href;
  } catch {
    return url;
  }
}

/**
 * The configuration as the evidence keeps it: tokens and the client key's passphrase replaced by
 * REDACTED (which principals had one stays visible), the permit service's loopback address and the
 * measured latency dropped (they belong to the process, not the run's settings), user and password
 * taken out of URLs, and every string passed through the Redactor holding the run's secrets, so a
 * token a token command printed cannot come back through the command text either.
 */
export function recordedConfig(c: Config): Record<string, unknown> {
  const { tokens, tls, permits: _permits, latencyMs: _latency, tokenCommands, ...rest } = c;
  const hidden = (v: string | undefined) => (v ? REDACTED : undefined);
  // a command may hold a token literally (`printf <token>`), however short: the Redactor's pass
  // below masks only secrets of 6 characters or more, so the command text masks every one itself
  const secrets = secretsOf(c).sort((a, b) => b.length - a.length);
  const masked = (command: string) =>
    secrets.reduce((text, secret) => text.split(secret).join(REDACTED), command);
  const out = {
    ...rest,
    tokenCommands: Object.fromEntries(
      Object.entries(tokenCommands ?? {}).map(([who, command]) => [
        who,
        command && masked(command),
      ]),
    ),
    target: withoutUserinfo(rest.target),
    controlUrl: withoutUserinfo(rest.controlUrl),
    tokens: {
      admin: hidden(tokens.admin),
      restricted: hidden(tokens.restricted),
      secondary: hidden(tokens.secondary),
    },
    tls: { ...tls, clientKeyPassphrase: hidden(tls?.clientKeyPassphrase) },
  };
  // JSON drops the undefined members (a token never given leaves no key)
  const plain = JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
  return new Redactor(secretsOf(c)).body(plain) as Record<string, unknown>;
}

/** What a run is judged with: the files as they are now (the reporter reads them at the run's end). */
export function judgedWith(config?: Config): JudgedWith {
  return {
    spec: { sha256: fileSha256(SPEC_FILE) ?? "unreadable" },
    catalog: { sha256: fileSha256(CATALOG_FILE) ?? "unreadable" },
    node: process.version,
    ...(config ? { config: recordedConfig(config) } : {}),
  };
}
