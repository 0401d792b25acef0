// `plumbline run` against the reference served over https under a private CA, as a staging system
// is: without --ca-file the run stops with one line naming it; a front that demands a client
// certificate stops it naming --client-cert; with the CA, the client certificate and HTTPS_PROXY
// set, one suite file passes through the proxy (which counts its tunnels). The certificates are
// tests/fixtures/tls/ (make.sh: a test CA valid for 100 years, committed as CI may lack openssl).
import net from "node:net";
import tls from "node:tls";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReference, type ReferenceHandle } from "../reference/index.ts";
import { startProxy, type TestProxy } from "./proxy-server.ts";
import { runPlumbline } from "./plumbline-child.ts";

const FIX = join(import.meta.dirname, "fixtures/tls");
const pem = (name: string) => readFileSync(join(FIX, name), "utf8");
const SUITE = ["--files", "suites/conventions/records.test.ts", "--concurrency", "2"];

interface Front {
  url: string;
  /** TLS connections that reached the reference (for a client-certificate front: authorized) */
  served: number;
  close(): Promise<void>;
}

/** https in front of the reference: TLS ends here, the bytes go on to its port. */
async function tlsFront(port: number, demandClientCert: boolean): Promise<Front> {
  const counts = { served: 0 };
  const server = tls.createServer(
    {
      cert: pem("server.pem"),
      key: pem("server.key"),
      ...(demandClientCert
        ? { ca: pem("ca.pem"), requestCert: true, rejectUnauthorized: true }
        : {}),
    },
    (socket) => {
      counts.served++;
      const up = net.connect(port, "127.0.0.1");
      socket.pipe(up).pipe(socket);
      const end = () => {
        up.destroy();
        socket.destroy();
      };
      up.on("error", end);
      socket.on("error", end);
    },
  );
  server.on("tlsClientError", () => {}); // a refused handshake is what some cases test
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    url: `https://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    get served() {
      return counts.served;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let ref: ReferenceHandle;
let front: Front;
let mutual: Front;
/** a front no run may reach: the settings refused before any request */
let untouched: Front;
let proxy: TestProxy;
/** a proxy that asks for credentials (407) */
let guarded: TestProxy;
const PROXY_CREDENTIALS = "plb:proxy-secret-7";
beforeAll(async () => {
  ref = await startReference({ port: 0 });
  const port = Number(new URL(ref.url).port);
  [front, mutual, untouched, proxy, guarded] = await Promise.all([
    tlsFront(port, false),
    tlsFront(port, true),
    tlsFront(port, false),
    startProxy(),
    startProxy(PROXY_CREDENTIALS),
  ]);
});
afterAll(async () => {
  await Promise.all([front, mutual, untouched, proxy, guarded].map((server) => server?.close()));
  await ref?.close();
});

const tokens = () => ({
  PLUMBLINE_ADMIN_TOKEN: ref.tokens.admin,
  PLUMBLINE_RESTRICTED_TOKEN: ref.tokens.restricted,
  PLUMBLINE_SECONDARY_TOKEN: ref.tokens.secondary,
});
const target = (f: Front) => ["--target", f.url, "--control", `${f.url}/__control`];

// the refusals are quick runs of their own, side by side; the run that passes counts the proxy's
// tunnels, so it runs alone
describe.concurrent("plumbline run refused against an https target", { timeout: 120_000 }, () => {
  it("a CA file that is not there: one line naming --ca-file, nothing sent", async () => {
    const r = await runPlumbline(
      [...target(untouched), "--ca-file", join(FIX, "missing.pem")],
      tokens(),
    );
    expect(r.code).toBe(2);
    expect(r.said).toEqual([
      expect.stringMatching(
        /^plumbline: --ca-file \/ PLUMBLINE_CA_FILE: .*missing\.pem does not exist/,
      ),
    ]);
    expect(untouched.served).toBe(0);
  });

  it("under a private CA without --ca-file: the run stops with the one line naming it", async () => {
    const r = await runPlumbline([...target(front), ...SUITE], tokens());
    expect(r.code).toBe(2);
    const line = r.said.find((l) => l.includes("TLS"));
    expect(line).toMatch(
      /^plumbline: target https:\/\/127\.0\.0\.1:\d+: TLS: .* not signed by a CA this machine trusts \(\w+\); give that CA's certificate \(PEM\) with --ca-file \/ PLUMBLINE_CA_FILE$/,
    );
    expect(r.out).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("demanding a client certificate: refused without one, naming --client-cert", async () => {
    const r = await runPlumbline(
      [...target(mutual), ...SUITE, "--ca-file", join(FIX, "ca.pem")],
      tokens(),
    );
    expect(r.code).toBe(2);
    expect(r.said.find((l) => l.includes("TLS"))).toMatch(
      /refused the handshake \(\w+\): it asks for a client certificate; give one with --client-cert/,
    );
  });
});

describe.concurrent("plumbline run through a proxy that asks for credentials", {
  timeout: 120_000,
}, () => {
  it("http target, no credentials in HTTP_PROXY: one line naming the 407 and where credentials go", async () => {
    const r = await runPlumbline(["--target", ref.url, "--control", ref.controlUrl, ...SUITE], {
      ...tokens(),
      HTTP_PROXY: guarded.url,
      NO_PROXY: "",
    });
    expect(r.code).toBe(2);
    expect(r.said).toContainEqual(
      expect.stringMatching(
        /^plumbline: the proxy in HTTPS_PROXY \/ HTTP_PROXY asks for credentials \(407\)/,
      ),
    );
    expect(r.out).not.toMatch(/\n\s+at /);
  });

  it("https target, credentials in HTTPS_PROXY: the suite file passes, the password in no report", async () => {
    const withCredentials = guarded.url.replace("http://", `http://${PROXY_CREDENTIALS}@`);
    const r = await runPlumbline([...target(front), ...SUITE, "--ca-file", join(FIX, "ca.pem")], {
      ...tokens(),
      HTTPS_PROXY: withCredentials,
    });
    expect(r.code, r.out.slice(-2000)).toBe(0);
    expect(guarded.tunnels).toBeGreaterThan(0);
    expect(r.out).not.toContain("proxy-secret-7");
    expect(r.reports()).not.toContain("proxy-secret-7");
  });
});

// each spawns a run: on a loaded machine (CI runs test files side by side) that takes a while
describe("plumbline run through a proxy to an https target", { timeout: 120_000 }, () => {
  it("with the CA, the client certificate and HTTPS_PROXY: the suite file passes through the proxy", async () => {
    const [tunnels, served] = [proxy.tunnels, mutual.served];
    const r = await runPlumbline(
      [
        ...target(mutual),
        ...SUITE,
        "--ca-file",
        join(FIX, "ca.pem"),
        "--client-cert",
        join(FIX, "client.pem"),
        "--client-key",
        join(FIX, "client.enc.key"),
      ],
      {
        ...tokens(),
        PLUMBLINE_CLIENT_KEY_PASSPHRASE: "plumbline-test-passphrase",
        HTTPS_PROXY: proxy.url,
      },
    );
    expect(r.said.at(-2) ?? r.out).toMatch(/^plumbline: PASS \(exit 0/);
    expect(r.code).toBe(0);
    expect(proxy.tunnels - tunnels).toBeGreaterThan(0);
    expect(mutual.served - served).toBe(proxy.tunnels - tunnels);
    expect(r.reports()).not.toContain("plumbline-test-passphrase");
  });
});
