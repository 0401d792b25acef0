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

export async function startProxy(): Promise<TestProxy> {
  const counts = { tunnels: 0, forwarded: 0 };
  const server = http.createServer((req, res) => {
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
