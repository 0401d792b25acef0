// Which agent carries a request: a direct keep-alive agent, or one through the proxy the standard
// variables name (HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NO_PROXY, in either case), which Node 20's
// http/https do not read themselves. proxy-from-env reads the variables as curl does; the proxy
// agents (https: CONNECT tunnel, http: absolute-URI requests) keep their connections alive too.
import http from "node:http";
import https from "node:https";
import { HttpProxyAgent } from "http-proxy-agent";
import { HttpsProxyAgent } from "https-proxy-agent";
import { getProxyForUrl } from "proxy-from-env";

export interface Route {
  agent: http.Agent;
  /** the proxy's host:port (never its credentials), for error messages */
  via?: string;
}

/** One agent per origin, chosen once: a request costs a Map lookup, not a look at the variables. */
export class Routes {
  private readonly byOrigin = new Map<string, Route>();
  private direct?: { "http:": http.Agent; "https:": https.Agent };

  /**
   * `honourProxy`: false for the embedded reference (it lives in this process: no proxy between).
   * TLS settings travel with each request (a proxy agent's own options serve only the proxy).
   */
  constructor(private readonly honourProxy: boolean) {}

  /** The route to protocol//hostname:port (hostname as the URL parser gives it, [::1] bracketed). */
  to(protocol: string, hostname: string, port: string): Route {
    const origin = `${protocol}//${hostname}${port ? `:${port}` : ""}`;
    let route = this.byOrigin.get(origin);
    if (!route) {
      route = this.make(protocol, origin);
      this.byOrigin.set(origin, route);
    }
    return route;
  }

  private make(protocol: string, origin: string): Route {
    const proxy = this.honourProxy ? getProxyForUrl(origin) : "";
    if (!proxy) {
      this.direct ??= {
        "http:": new http.Agent({ keepAlive: true }),
        "https:": new https.Agent({ keepAlive: true }),
      };
      return { agent: protocol === "https:" ? this.direct["https:"] : this.direct["http:"] };
    }
    const agent =
      protocol === "https:"
        ? new HttpsProxyAgent(proxy, { keepAlive: true })
        : new HttpProxyAgent(proxy, { keepAlive: true });
    // said once here, so Node's per-request protocol check does not make agent-base guess it
    // from a stack trace
    agent.protocol = protocol;
    return { agent, via: new URL(proxy).host };
  }

  destroy(): void {
    this.direct?.["http:"].destroy();
    this.direct?.["https:"].destroy();
    for (const r of this.byOrigin.values()) r.agent.destroy();
  }
}
