// TLS and proxies as a staging system has them, at the client: the PEM settings refused naming
// the setting when they cannot serve; a private CA, a wrong host name and a demanded client
// certificate each end as a line saying what to set, and work once it is set; HTTPS_PROXY,
// HTTP_PROXY and NO_PROXY are honoured with connections kept alive. The certificates are
// tests/fixtures/tls/ (make.sh says how they were made). tests/tls.test.ts runs the whole program.
import https from "node:https";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Client, type ClientOptions } from "./client.ts";
import { ConfigError } from "./errors.ts";
import { secureContextOf } from "./tls.ts";
import { json, serve, type TestServer } from "./testing.ts";
import { startProxy, type TestProxy } from "../tests/proxy-server.ts";

const FIX = join(import.meta.dirname, "../tests/fixtures/tls");
const pem = (name: string) => readFileSync(join(FIX, name), "utf8");
const at = (name: string) => join(FIX, name);
const CA = { caFile: at("ca.pem") };
const CLIENT = { ...CA, clientCert: at("client.pem"), clientKey: at("client.key") };

describe("TLS settings refused before any request", () => {
  const dir = mkdtempSync(join(tmpdir(), "plb-tls-"));
  const notPem = join(dir, "ca.txt");
  writeFileSync(notPem, "not a certificate\n");
  const refused = (tls: Parameters<typeof secureContextOf>[0]) => {
    try {
      secureContextOf(tls);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error("not refused");
  };

  it("a missing, directory or non-PEM file names its setting", () => {
    expect(refused({ caFile: join(dir, "none.pem") })).toMatch(
      /^--ca-file \/ PLUMBLINE_CA_FILE: .*none\.pem does not exist/,
    );
    expect(refused({ caFile: dir })).toMatch(/^--ca-file .*is a directory/);
    expect(refused({ caFile: notPem })).toMatch(/^--ca-file .*holds no PEM certificate/);
    expect(refused({ ...CA, clientCert: notPem, clientKey: at("client.key") })).toMatch(
      /^--client-cert .*holds no PEM certificate/,
    );
    expect(refused({ ...CA, clientCert: at("client.pem"), clientKey: at("client.pem") })).toMatch(
      /^--client-key .*holds no PEM private key/,
    );
  });

  it("a certificate without its key, a key of another certificate, a missing or wrong passphrase", () => {
    expect(refused({ clientCert: at("client.pem") })).toMatch(/^--client-key .*give both files/);
    expect(refused({ clientCert: at("client.pem"), clientKey: at("server.key") })).toMatch(
      /^--client-key .*server\.key is not the key of the certificate/,
    );
    expect(refused({ clientCert: at("client.pem"), clientKey: at("client.enc.key") })).toMatch(
      /^--client-key .*is encrypted; give its passphrase with --client-key-passphrase/,
    );
    expect(
      refused({
        clientCert: at("client.pem"),
        clientKey: at("client.enc.key"),
        clientKeyPassphrase: "not-the-passphrase",
      }),
    ).toMatch(/^--client-key-passphrase .*does not decrypt/);
    expect(
      secureContextOf({
        clientCert: at("client.pem"),
        clientKey: at("client.enc.key"),
        clientKeyPassphrase: "plumbline-test-passphrase",
      }),
    ).toBeDefined();
    expect(secureContextOf({})).toBeUndefined();
  });
});

async function tlsServer(opts: https.ServerOptions): Promise<TestServer> {
  const server = https.createServer(opts, (_req, res) => json(res, 200, { over: "tls" }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const base = { requestTimeoutMs: 5000, maxRetries: 0, maxRetryWaitMs: 0, maxBodyBytes: 1 << 16 };
async function get(url: string, over: Partial<ClientOptions> = {}, path = "/v4/account") {
  const c = new Client({ baseUrl: url, ...base, ...over });
  try {
    return await c.send({ method: "GET", path });
  } finally {
    c.close();
  }
}
const withTls = (tls: Parameters<typeof secureContextOf>[0]): Partial<ClientOptions> => ({
  secureContext: secureContextOf(tls),
  clientCert: Boolean(tls?.clientCert),
});

describe("an https target", () => {
  let plain: TestServer;
  let wrongHost: TestServer;
  let mutual: TestServer;
  beforeAll(async () => {
    plain = await tlsServer({ cert: pem("server.pem"), key: pem("server.key") });
    wrongHost = await tlsServer({ cert: pem("wrong-host.pem"), key: pem("wrong-host.key") });
    mutual = await tlsServer({
      cert: pem("server.pem"),
      key: pem("server.key"),
      ca: pem("ca.pem"),
      requestCert: true,
      rejectUnauthorized: true,
    });
  });
  afterAll(async () => {
    await Promise.all([plain.close(), wrongHost.close(), mutual.close()]);
  });

  it("under a private CA: refused naming --ca-file, served once it is given", async () => {
    const refused = await get(plain.url);
    expect(refused.status).toBe(0);
    expect(refused.error).toMatch(
      /^TLS: 127\.0\.0\.1:\d+'s certificate is not signed by a CA this machine trusts \(\w+\); give that CA's certificate \(PEM\) with --ca-file/,
    );
    const served = await get(plain.url, withTls(CA));
    expect([served.status, served.body]).toEqual([200, { over: "tls" }]);
  });

  it("--ca-file keeps the CAs of NODE_EXTRA_CA_CERTS trusted (Node drops them when given a CA list)", async () => {
    const saved = process.env.NODE_EXTRA_CA_CERTS;
    process.env.NODE_EXTRA_CA_CERTS = at("ca.pem");
    try {
      // a --ca-file of another certificate: the target is trusted through the extra CA alone
      const served = await get(plain.url, withTls({ caFile: at("wrong-host.pem") }));
      expect(served.status).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = saved;
    }
  });

  it("a certificate for another host name is named as such", async () => {
    const res = await get(wrongHost.url, withTls(CA));
    expect(res.error).toMatch(/^TLS: .*not issued for that name \(ERR_TLS_CERT_ALTNAME_INVALID/);
  });

  it("demanding a client certificate: refused naming --client-cert, served with one", async () => {
    const refused = await get(mutual.url, withTls(CA));
    expect(refused.status).toBe(0);
    expect(refused.error).toMatch(
      /^TLS: .* refused the handshake \(\w+\): it asks for a client certificate; give one with --client-cert .* and --client-key/,
    );
    const served = await get(mutual.url, withTls(CLIENT));
    expect([served.status, served.body]).toEqual([200, { over: "tls" }]);
  });
});

describe("the proxy variables", () => {
  const VARS = ["HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "ALL_PROXY"];
  const saved = Object.fromEntries(
    VARS.flatMap((v) => [v, v.toLowerCase()]).map((v) => [v, process.env[v]]),
  );
  const clearVars = () => {
    for (const v of Object.keys(saved)) delete process.env[v];
  };
  let proxy: TestProxy;
  let target: TestServer;
  let secure: TestServer;
  beforeAll(async () => {
    proxy = await startProxy();
    target = await serve((_req, res) => json(res, 200, { over: "http" }));
    secure = await tlsServer({
      cert: pem("server.pem"),
      key: pem("server.key"),
      ca: pem("ca.pem"),
      requestCert: true,
      rejectUnauthorized: true,
    });
  });
  afterEach(() => {
    clearVars();
    for (const [k, v] of Object.entries(saved)) if (v !== undefined) process.env[k] = v;
  });
  afterAll(async () => {
    await Promise.all([proxy.close(), target.close(), secure.close()]);
  });

  it("HTTPS_PROXY: an https target through one CONNECT tunnel, kept alive, with the TLS settings", async () => {
    clearVars();
    process.env.HTTPS_PROXY = proxy.url;
    const before = proxy.tunnels;
    const c = new Client({ baseUrl: secure.url, ...base, ...withTls(CLIENT), proxy: true });
    const statuses = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await c.send({ method: "GET", path: "/x" })).status);
    c.close();
    expect(statuses).toEqual(Array(20).fill(200));
    expect(proxy.tunnels - before).toBe(1);
  });

  it("http_proxy (lower case): an http target's requests forwarded; NO_PROXY and the embedded reference go direct", async () => {
    clearVars();
    process.env.http_proxy = proxy.url;
    const before = proxy.forwarded;
    expect((await get(target.url, { proxy: true })).body).toEqual({ over: "http" });
    expect((await get(target.url, { proxy: true })).status).toBe(200);
    expect(proxy.forwarded - before).toBe(2);
    // the embedded reference is reached without the variables (proxy: false)
    expect((await get(target.url, { proxy: false })).status).toBe(200);
    process.env.NO_PROXY = "localhost,127.0.0.1";
    expect((await get(target.url, { proxy: true })).status).toBe(200);
    expect(proxy.forwarded - before).toBe(2);
  });

  it("a proxy that is not there: the error names it", async () => {
    clearVars();
    process.env.HTTP_PROXY = "http://127.0.0.1:9";
    const res = await get(target.url, { proxy: true });
    expect(res.error).toMatch(/\(through the proxy 127\.0\.0\.1:9\)$/);
  });
});
