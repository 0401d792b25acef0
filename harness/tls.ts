// TLS as a staging system has it: a private CA, a client certificate it demands. The PEM files
// are read once per process into one secure context the client's agents share; a file that cannot
// serve is refused before any request, naming the setting. A handshake that fails against the
// target becomes a line saying what to set, not Node's error code alone.
import { createPrivateKey, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { createSecureContext, rootCertificates, type SecureContext } from "node:tls";
import { CONFIG_FIELDS, refuse, type Config, type FieldName } from "./config.ts";

type TlsSettings = Config["tls"];

const named = (f: FieldName) => `${CONFIG_FIELDS[f].flag} / ${CONFIG_FIELDS[f].env}`;

/** A file's text; refused naming the setting when it is missing, a directory or unreadable. */
function readPem(path: string, setting: FieldName): string {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "does not exist"
        : code === "EISDIR"
          ? "is a directory"
          : `cannot be read (${code ?? (e as Error).message})`;
    refuse(named(setting), `${path} ${why}; give the path of a PEM file`);
    throw e; // not reached: refuse threw
  }
}

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The PEM certificates of a file, each one parsed; refused when there is none or one is broken. */
function certificates(path: string, setting: FieldName): string[] {
  const blocks = readPem(path, setting).match(CERT_BLOCK) ?? [];
  refuse(
    named(setting),
    blocks.length ? undefined : `${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
  );
  for (const b of blocks) {
    try {
      new X509Certificate(b);
    } catch (e) {
      refuse(
        named(setting),
        `${path} holds a certificate that cannot be read (${(e as Error).message})`,
      );
    }
  }
  return blocks;
}

/** The client key, decrypted with the passphrase when it is encrypted; refused naming why not. */
function privateKey(path: string, passphrase: string | undefined): string {
  const pem = readPem(path, "clientKey");
  refuse(
    named("clientKey"),
    /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)
      ? undefined
      : `${path} holds no PEM private key (-----BEGIN PRIVATE KEY-----)`,
  );
  // PKCS#8 "ENCRYPTED PRIVATE KEY" or a traditional key with "Proc-Type: 4,ENCRYPTED"
  const encrypted = /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(pem);
  refuse(
    named("clientKey"),
    encrypted && !passphrase
      ? `${path} is encrypted; give its passphrase with ${named("clientKeyPassphrase")}`
      : undefined,
  );
  try {
    createPrivateKey({ key: pem, passphrase });
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    if (encrypted) refuse(named("clientKeyPassphrase"), `the passphrase does not decrypt ${path}`);
    refuse(named("clientKey"), `${path} holds a private key that cannot be read (${why})`);
  }
  return pem;
}

/**
 * The certificates of NODE_EXTRA_CA_CERTS: Node adds them to its roots only when no `ca` is given,
 * and `rootCertificates` holds the bundled ones alone, so a run with --ca-file keeps them this way.
 */
function extraCertificates(): string[] {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  if (!file) return [];
  try {
    return readFileSync(file, "utf8").match(CERT_BLOCK) ?? [];
  } catch {
    return []; // Node itself only warns about an unreadable one
  }
}

const contexts = new Map<string, SecureContext | undefined>();

/**
 * The secure context of the TLS settings (undefined when none is set: Node's defaults serve), made
 * once per process. A private CA is added to Node's trusted roots, not put in their place: the
 * same run may reach a control endpoint or a pre-signed URL under a public CA.
 */
export function secureContextOf(tls: TlsSettings | undefined): SecureContext | undefined {
  if (!tls || (!tls.caFile && !tls.clientCert && !tls.clientKey)) return undefined;
  const key = JSON.stringify(tls);
  if (contexts.has(key)) return contexts.get(key);
  refuse(
    named(tls.clientCert ? "clientKey" : "clientCert"),
    Boolean(tls.clientCert) !== Boolean(tls.clientKey)
      ? `${named("clientCert")} and ${named("clientKey")} go together: give both files`
      : undefined,
  );
  const ca = tls.caFile
    ? [...rootCertificates, ...extraCertificates(), ...certificates(tls.caFile, "caFile")]
    : undefined;
  const cert = tls.clientCert ? certificates(tls.clientCert, "clientCert").join("\n") : undefined;
  const key_ = tls.clientKey ? privateKey(tls.clientKey, tls.clientKeyPassphrase) : undefined;
  let context: SecureContext;
  try {
    context = createSecureContext({ ca, cert, key: key_, passphrase: tls.clientKeyPassphrase });
  } catch (e) {
    const msg = (e as Error).message;
    refuse(
      named("clientKey"),
      /key values mismatch/i.test(msg)
        ? `${tls.clientKey} is not the key of the certificate in ${tls.clientCert}`
        : `the TLS files cannot be used together (${msg})`,
    );
    throw e;
  }
  contexts.set(key, context);
  return context;
}

const UNTRUSTED = new Set([
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
]);

/**
 * What a TLS failure means and what to set, as one sentence; undefined when the error is not one.
 * `clientCert`: whether a client certificate was given (a refused handshake reads differently).
 */
export function tlsFailure(
  code: string | undefined,
  message: string,
  host: string,
  clientCert: boolean,
): string | undefined {
  if (!code) return undefined;
  if (UNTRUSTED.has(code))
    return `TLS: ${host}'s certificate is not signed by a CA this machine trusts (${code}); give that CA's certificate (PEM) with ${named("caFile")}`;
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID")
    return `TLS: ${host}'s certificate is not issued for that name (${code}: ${message}); use a host name the certificate names in the URL`;
  if (code === "CERT_HAS_EXPIRED" || code === "CERT_NOT_YET_VALID")
    return `TLS: ${host}'s certificate is outside its validity period (${code}); the target needs a current certificate`;
  // the server's alerts: it asked for a client certificate and got none, or one it does not accept
  if (
    /ALERT_(CERTIFICATE_REQUIRED|HANDSHAKE_FAILURE|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN|ACCESS_DENIED)/.test(
      code,
    )
  )
    return clientCert
      ? `TLS: ${host} refused the client certificate of ${named("clientCert")} (${code}); give one the target accepts`
      : `TLS: ${host} refused the handshake (${code}): it asks for a client certificate; give one with ${named("clientCert")} and ${named("clientKey")}`;
  if (code === "ERR_SSL_WRONG_VERSION_NUMBER" || /wrong version number/i.test(message))
    return `TLS: ${host} does not answer TLS there (${code}); if it serves plain HTTP, use an http:// URL`;
  return undefined;
}
