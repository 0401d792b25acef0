// A forward proxy for plumbline's own tests: CONNECT tunnels (https targets) and absolute-URI
// requests (http targets), counting what it forwarded, as HTTPS_PROXY / HTTP_PROXY name it.
import http from "node:http";
import net from "node:net";

export interface TestProxy {
  url: string;
  /** CONNECT tunnels opened */
  tunnels: number;
  /** plain requests forwarded */
  forwarded: number;
  close(): Promise<void>;
}

/** `credentials` ("user:password"): every request and tunnel without them is answered 407. */
export async function startProxy(credentials?: string): Promise<TestProxy> {
  const counts = { tunnels: 0, forwarded: 0 };
  const wanted = credentials && `Basic ${Buffer.from(credentials).toString("base64")}`;
  const refused = (req: http.IncomingMessage) =>
    wanted !== undefined && req.headers["proxy-authorization"] !== wanted;
  const server = http.createServer((req, res) => {
    if (refused(req))
      return void res.writeHead(407, { "proxy-authenticate": 'Basic realm="test"' }).end();
    // an http target: the request line holds the absolute URL
    const to = new URL(req.url ?? "/");
    counts.forwarded++;
    const up = http.request(
      {
        host: to.hostname,
        port: to.port,
        path: to.pathname + to.search,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on("error", () => res.writeHead(502).end());
    req.pipe(up);
  });
  server.on("connect", (req, client: net.Socket, head) => {
    if (refused(req)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const [host, port] = (req.url ?? "").split(":");
    counts.tunnels++;
    const up = net.connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      up.write(head);
      up.pipe(client);
      client.pipe(up);
    });
    const end = () => {
      up.destroy();
      client.destroy();
    };
    up.on("error", end);
    client.on("error", end);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get tunnels() {
      return counts.tunnels;
    },
    get forwarded() {
      return counts.forwarded;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
