// The HTTP client: one request in, one ApiResponse out, never a throw for what the target does.
// Node's own http/https rather than supertest: supertest's per-request machinery alone held the
// harness to ~40% of a raw client's rate (the design asks for 80%), and we need no assertions of it.
// Hostile answers (stalls, resets, huge or non-JSON bodies, redirect loops) become a response with
// `error` set or a text body; every attempt is recorded, redacted, into the current check.
import http from "node:http";
import https from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { Exchange } from "./model.ts";
import { Redactor, toCurl } from "./redact.ts";
import { noteQueued, recordExchange, requestSent } from "./current.ts";
import { cutDeep, MAX_DEPTH, nestsDeeperThan } from "./bounded.ts";
import { TargetNotAnswering } from "./errors.ts";
import { InFlight, kindOf, type Places, type Sample } from "./concurrency.ts";
import type { Pacer } from "./rate.ts";
import { Routes } from "./proxy.ts";
import { tlsFailure } from "./tls.ts";
import type { SecureContext } from "node:tls";

export interface ClientOptions {
  baseUrl: string;
  requestTimeoutMs: number;
  maxRetries: number;
  maxRetryWaitMs: number;
  /** bytes of a response body kept; the rest is read no further */
  maxBodyBytes: number;
  redactor?: Redactor;
  /**
   * After this many timeouts in a row the target counts as not answering: every later send
   * throws TargetNotAnswering at once, so a stalling target ends the run quickly. 0 disables.
   */
  breakAfterTimeouts?: number;
  /** requests in flight at once from this client (its worker's share of --concurrency); unbounded when unset */
  maxInFlight?: number;
  /** the run's requests in flight, shared by its workers (harness/rate.ts RemoteSlots): instead of a share */
  slots?: Places;
  /** the run's rate limit and request budget, and where its 429s are counted (harness/rate.ts) */
  pacer?: Pacer;
  /** the private CA and client certificate for https (harness/tls.ts `secureContextOf`) */
  secureContext?: SecureContext;
  /** whether a client certificate is in secureContext: a refused handshake is described by it */
  clientCert?: boolean;
  /** honour HTTPS_PROXY / HTTP_PROXY / NO_PROXY (harness/proxy.ts); off for the embedded reference */
  proxy?: boolean;
}

export interface RequestSpec {
  method: string;
  /** path under the base URL (starting with /) or an absolute URL */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  token?: string;
  /** JSON body; a Buffer or string is sent as is (set contentType) */
  body?: unknown;
  contentType?: string;
  operationId?: string;
}

/** One answer; `K` is the operation it answers (ops.X gives its own), which expectSuccess types by. */
export interface ApiResponse<K extends string = string> {
  operationId?: K;
  /** 0 when no response came; see `error` */
  status: number;
  headers: Record<string, string>;
  /** parsed JSON when the body parses, else the text; undefined for an empty body */
  body: any;
  text: string;
  /** the body is JSON (parsed) */
  json: boolean;
  /** why no usable response came: timeout, reset, body too large... */
  error?: string;
  exchange: Exchange;
}

/** Stored bodies above this are cut for the report; the test still sees the whole (capped) body. */
const STORED_TEXT_LIMIT = 64 * 1024;

interface RawBody {
  text: string;
  bytes: number;
  truncated: boolean;
  /** set when a Content-Encoding header does not match the body (unreadable as sent) */
  encodingError?: string;
}

const DECODERS: Record<string, (b: Buffer, o: { maxOutputLength: number }) => Buffer> = {
  gzip: gunzipSync,
  "x-gzip": gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/**
 * The body as a client honouring Content-Encoding reads it. We send no Accept-Encoding, but a
 * correctly encoded body is still readable; a header naming an encoding the body does not have
 * (gzip on plain JSON) makes it unreadable as sent, which is the target's failure.
 */
function decode(
  buf: Buffer,
  encoding: string | undefined,
  limit: number,
): { text: string; error?: string } {
  const enc = (encoding ?? "").trim().toLowerCase();
  if (!enc || enc === "identity" || buf.length === 0) return { text: buf.toString("utf8") };
  const decoder = DECODERS[enc];
  if (!decoder)
    return {
      text: buf.toString("utf8"),
      error: `Content-Encoding "${enc}" is not one a client can decode: the body is unreadable as sent`,
    };
  try {
    return { text: decoder(buf, { maxOutputLength: limit }).toString("utf8") };
  } catch (e) {
    // a small body that inflates past the cap (a compression bomb) is read no further
    if ((e as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
      return { text: "", error: `${enc} body inflates past ${limit} bytes; not read` };
    return {
      text: buf.toString("utf8"),
      error: `Content-Encoding "${enc}" but the body is not ${enc} data: unreadable as sent`,
    };
  }
}

/** The body received so far, decoded unless reading stopped (a cut body is not decoded). */
function rawBody(
  chunks: Buffer[],
  bytes: number,
  truncated: boolean,
  encoding: string | undefined,
  limit: number,
): RawBody {
  const buf = Buffer.concat(chunks);
  if (truncated) return { text: buf.toString("utf8"), bytes, truncated };
  const d = decode(buf, encoding, limit);
  return { text: d.text, bytes, truncated, encodingError: d.error };
}

function describeError(e: any, timeoutMs: number, url: string, clientCert = false): string {
  // the code may also stand only at the head of the message ("ECONNREFUSED: ...")
  const code: string | undefined = e?.code ?? /^(E[A-Z]+|HPE_[A-Z_]+):/.exec(e?.message ?? "")?.[1];
  const host = new URL(url).host;
  const tls = tlsFailure(code, e?.message ?? "", host, clientCert);
  if (tls) return tls;
  if (e?.timeout || code === "ECONNABORTED")
    return `timeout: no complete response within ${timeoutMs} ms`;
  if (code === "ECONNRESET") return "connection reset by the target (ECONNRESET)";
  if (code === "ECONNREFUSED")
    return `connection refused (ECONNREFUSED): nothing listens at ${host}`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return `host not found (${code} ${new URL(url).hostname})`;
  if (code === "ETOOLARGE") return "response body too large";
  if (code?.startsWith("HPE_")) return `malformed HTTP response (${code})`;
  const msg = e?.message ?? String(e);
  return code && !msg.startsWith(code) ? `${code}: ${msg}` : msg;
}

function lowerHeaders(h: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in h) {
    const v = h[k];
    out[k.toLowerCase()] = typeof v === "string" ? v : Array.isArray(v) ? v.join(", ") : String(v);
  }
  return out;
}

function parseBody(raw: RawBody | undefined): { body: unknown; text: string; json: boolean } {
  const text = raw?.text ?? "";
  if (text.trim() === "") return { body: undefined, text, json: false };
  if (!raw?.truncated && !raw?.encodingError) {
    try {
      // JSON.parse copes with any depth; what walks the value afterwards does not
      const body = JSON.parse(text);
      return { body: nestsDeeperThan(text) ? cutDeep(body, MAX_DEPTH) : body, text, json: true };
    } catch {
      /* not JSON: kept as text */
    }
  }
  return { body: text, text, json: false };
}

function storedBody(redactor: Redactor, body: unknown, raw: RawBody): unknown {
  // the received byte count says whether it fits; no need to serialise the body again to know
  if (typeof body !== "string" && raw.bytes <= STORED_TEXT_LIMIT && !raw.truncated)
    return redactor.body(body);
  const text = typeof body === "string" ? body : JSON.stringify(body);
  if (text.length <= STORED_TEXT_LIMIT && !raw.truncated) return redactor.text(text);
  return `${redactor.text(text.slice(0, STORED_TEXT_LIMIT))}… [cut: ${raw.bytes} bytes received${raw.truncated ? ", reading stopped" : ""}]`;
}

type Rendered = Pick<
  Exchange,
  "requestHeaders" | "requestBody" | "responseHeaders" | "responseBody" | "curl"
>;

/**
 * An exchange whose redacted copies and curl are made when first read (a failure message, the
 * check's record sealed as it leaves the worker), not per request: most exchanges of a fuzz
 * property or a long check are never kept, and a kept one is rendered once.
 */
export class RecordedExchange implements Exchange {
  // private fields: a structured clone of the record mid-check (vitest sends task updates while a
  // test runs) copies the plain fields and skips these; the sealed record carries the rest
  #shown?: Rendered;
  readonly #render: () => Rendered;
  constructor(
    readonly operationId: string | undefined,
    readonly method: string,
    readonly url: string,
    readonly status: number | undefined,
    readonly durationMs: number,
    readonly error: string | undefined,
    render: () => Rendered,
  ) {
    this.#render = render;
  }
  private get rendered(): Rendered {
    this.#shown ??= this.#render();
    return this.#shown;
  }
  get requestHeaders() {
    return this.rendered.requestHeaders;
  }
  get requestBody() {
    return this.rendered.requestBody;
  }
  get responseHeaders() {
    return this.rendered.responseHeaders;
  }
  get responseBody() {
    return this.rendered.responseBody;
  }
  get curl() {
    return this.rendered.curl;
  }
  /** a plain object: what JSON, structured clone and the reporter take */
  toJSON(): Exchange {
    const { operationId, method, url, status, durationMs, error } = this;
    return { operationId, method, url, status, durationMs, error, ...this.rendered };
  }
}

/** An exchange as plain data (rendered now if it was not yet). */
export function sealed(x: Exchange): Exchange {
  return x instanceof RecordedExchange ? x.toJSON() : x;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Retry-After in ms: seconds or an HTTP date; undefined when absent or unreadable. */
/** Sends of one request on reused sockets the target had closed (the agent's pool, at most). */
const MAX_RESENDS = 8;

export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const t = Date.parse(header);
  return Number.isNaN(t) ? undefined : Math.max(0, t - now);
}

/** A request's destination: the URL's text and the parts node:http is given. */
interface Destination {
  href: string;
  protocol: string;
  hostname: string;
  port: string;
  /** path and query */
  path: string;
}
// a path the URL parser would leave exactly as it is (after the base's path): only these
// characters, and none of what the parser rewrites (dot segments, %2e, a % not starting an escape)
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~/%:@!$&'()*+,;=]*$/;
const PARSER_REWRITES = /(^|\/)\.\.?(\/|$)|%2e|%(?![0-9A-Fa-f]{2})/i;

export class Client {
  readonly redactor: Redactor;
  private readonly routes: Routes;
  private timeoutsInARow = 0;
  private readonly inFlight?: Places;
  private readonly base: Omit<Destination, "href" | "path"> & { origin: string; prefix: string };

  /**
   * At least `size` requests of this worker in flight until the function answered is called, where
   * the worker holds a fixed share (InFlight); the run's one pool (slow networks) is left as it is.
   */
  widen(size: number): () => void {
    return this.inFlight instanceof InFlight ? this.inFlight.widen(size) : () => undefined;
  }

  constructor(readonly opts: ClientOptions) {
    this.redactor = opts.redactor ?? new Redactor();
    this.inFlight = opts.slots ?? (opts.maxInFlight ? new InFlight(opts.maxInFlight) : undefined);
    const b = new URL(opts.baseUrl);
    this.base = {
      origin: b.origin,
      prefix: b.pathname.replace(/\/$/, ""),
      protocol: b.protocol,
      hostname: b.hostname,
      port: b.port,
    };
    // keep-alive agents, one per origin (direct, or through the proxy the environment names): a
    // new TCP connection per request would cost more than the request itself
    this.routes = new Routes(opts.proxy ?? false);
  }

  /**
   * Where a request goes. A plain path under the base URL (no query, no dot segments, nothing to
   * escape) is joined to the parsed base as is, which is what the URL parser would give: the
   * parse per request cost more than any other step of the harness's own.
   */
  url(path: string, query?: RequestSpec["query"]): Destination {
    if (!query && PLAIN_PATH.test(path) && !PARSER_REWRITES.test(path)) {
      const { origin, prefix, protocol, hostname, port } = this.base;
      return { href: origin + prefix + path, protocol, hostname, port, path: prefix + path };
    }
    const u = new URL(
      /^https?:\/\//.test(path) ? path : this.base.origin + this.base.prefix + path,
    );
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined) u.searchParams.set(k, String(v));
    return {
      href: u.href,
      protocol: u.protocol,
      hostname: u.hostname,
      port: u.port,
      path: u.pathname + u.search,
    };
  }

  /** Sends a request, retrying a bounded number of times on 429. Every attempt is recorded. */
  async send(spec: RequestSpec): Promise<ApiResponse> {
    let waitedMs = 0;
    const pacer = this.opts.pacer;
    for (let attempt = 0; ; attempt++) {
      const limit = this.opts.breakAfterTimeouts ?? 0;
      if (limit > 0 && this.timeoutsInARow >= limit) {
        throw new TargetNotAnswering(
          `target not answering: ${limit} requests in a row got no complete response within ${this.opts.requestTimeoutMs} ms; ${spec.method.toUpperCase()} ${new URL(this.url(spec.path).href).pathname} not sent`,
        );
      }
      const res = await this.within(spec);
      this.timeoutsInARow = res.error?.startsWith("timeout:") ? this.timeoutsInARow + 1 : 0;
      if (res.status !== 429) return res;
      const wait = Math.min(
        retryAfterMs(res.headers["retry-after"]) ?? 1000 * 2 ** attempt,
        this.opts.maxRetryWaitMs,
      );
      const retry = attempt < this.opts.maxRetries && waitedMs + wait <= this.opts.maxRetryWaitMs;
      await pacer?.tooMany(retry ? wait : undefined);
      if (!retry) return res;
      waitedMs += wait;
      await sleep(wait);
    }
  }

  /**
   * One attempt: holding one of the worker's places in flight while it waits for its slot of the
   * run's rate (when a limit is set) and while it is on the wire, not while waiting to retry.
   */
  private async within(spec: RequestSpec): Promise<ApiResponse> {
    const queued = performance.now();
    await this.inFlight?.acquire();
    let sample: Sample | undefined;
    try {
      // every request to the target, a retry included, waits for its slot when a limit is set
      if (this.opts.pacer?.limited)
        await this.opts.pacer.permit(
          () => `${spec.method.toUpperCase()} ${new URL(this.url(spec.path).href).pathname}`,
        );
      const started = performance.now();
      noteQueued(started - queued);
      const res = await this.once(spec);
      // what the round trip said, for the run's adaptive pool (harness/concurrency.ts)
      const retryAfter = res.headers["retry-after"];
      sample = {
        ms: performance.now() - started,
        status: res.status,
        kind: kindOf(spec.method),
        ...(retryAfter !== undefined
          ? {
              retryAfterMs: Math.min(retryAfterMs(retryAfter) ?? 1000, this.opts.maxRetryWaitMs),
            }
          : {}),
      };
      return res;
    } finally {
      this.inFlight?.release(sample);
    }
  }

  private async once(spec: RequestSpec): Promise<ApiResponse> {
    const target = this.url(spec.path, spec.query);
    const url = target.href;
    const headers: Record<string, string> = { Accept: "application/json", ...spec.headers };
    if (spec.token) headers.Authorization = `Bearer ${spec.token}`;
    const raw = Buffer.isBuffer(spec.body) || typeof spec.body === "string";
    if (spec.body !== undefined)
      headers["Content-Type"] =
        spec.contentType ?? (raw ? "application/octet-stream" : "application/json");

    const started = performance.now();
    const payload =
      spec.body === undefined
        ? undefined
        : raw
          ? (spec.body as string | Buffer)
          : JSON.stringify(spec.body);
    const answered = requestSent();
    const answer = await this.exchange(spec.method.toUpperCase(), target, headers, payload).finally(
      answered,
    );
    const status = answer.status;
    const resHeaders = answer.headers;
    const rawBody = answer.body;
    const error = answer.error;
    const durationMs = Math.round(performance.now() - started);
    const parsed = parseBody(rawBody);
    const r = this.redactor;
    // secrets are learned now, so whatever is shown later (this exchange included) masks them
    if (spec.body !== undefined && !raw) r.learn(spec.body);
    if (parsed.json) r.learn(parsed.body);
    const shownUrl = r.text(url);
    const exchange = new RecordedExchange(
      spec.operationId,
      spec.method.toUpperCase(),
      shownUrl,
      status || undefined,
      durationMs,
      error ??
        (rawBody?.truncated
          ? `body cut at ${this.opts.maxBodyBytes} bytes (more was sent)`
          : rawBody?.encodingError),
      () => {
        // bodies from the sent and received text, not from the objects the check holds and may edit
        const shownHeaders = r.headers(headers);
        const sent =
          payload === undefined || raw ? undefined : r.body(JSON.parse(payload as string));
        return {
          requestHeaders: shownHeaders,
          requestBody: raw
            ? `[${Buffer.byteLength(payload as string | Buffer)} bytes, ${headers["Content-Type"]}]`
            : sent,
          responseHeaders: status ? r.headers(resHeaders) : undefined,
          responseBody: rawBody ? storedBody(r, parseBody(rawBody).body, rawBody) : undefined,
          curl: toCurl({
            method: spec.method,
            url: shownUrl,
            headers: shownHeaders,
            body: raw ? "@body.bin" : sent,
            rawBody: raw,
          }),
        };
      },
    );
    recordExchange(exchange);
    return {
      operationId: spec.operationId,
      status,
      headers: resHeaders,
      body: parsed.body,
      text: parsed.text,
      json: parsed.json,
      error: exchange.error,
      exchange,
    };
  }

  /**
   * One request on the wire. Redirects are not followed; the body is read up to maxBodyBytes and
   * then no further; the whole exchange (headers and body) has requestTimeoutMs to complete.
   */
  private exchange(
    method: string,
    u: Destination,
    headers: Record<string, string>,
    payload: string | Buffer | undefined,
    resent = 0,
  ): Promise<{ status: number; headers: Record<string, string>; body?: RawBody; error?: string }> {
    const limit = this.opts.maxBodyBytes;
    const timeoutMs = this.opts.requestTimeoutMs;
    return new Promise((resolve) => {
      let settled = false;
      let status = 0;
      let resHeaders: Record<string, string> = {};
      const chunks: Buffer[] = [];
      let kept = 0;
      let bytes = 0;
      // methods of one object rather than arrow consts: under tsx every named arrow costs a
      // defineProperty (keepNames) per request
      const reply = {
        body(truncated: boolean): RawBody {
          return rawBody(chunks, bytes, truncated, resHeaders["content-encoding"], limit);
        },
        done(r: {
          status: number;
          headers: Record<string, string>;
          body?: RawBody;
          error?: string;
        }) {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(r);
        },
      };
      const url = u.href;
      const secure = u.protocol === "https:";
      const lib = secure ? https : http;
      const route = this.routes.to(u.protocol, u.hostname, u.port);
      const outHeaders =
        payload === undefined
          ? headers
          : { ...headers, "Content-Length": String(Buffer.byteLength(payload)) };
      // request options straight from the URL's parts: handing Node the URL object costs a
      // conversion per request (urlToHttpOptions) that a raw client's options do not pay
      const options = {
        protocol: u.protocol,
        hostname: u.hostname.startsWith("[") ? u.hostname.slice(1, -1) : u.hostname,
        port: u.port,
        path: u.path,
        method,
        headers: outHeaders,
        agent: route.agent,
        // with a request, not the agent: a proxy agent's own options serve only the proxy
        secureContext: secure ? this.opts.secureContext : undefined,
      };
      const req = lib.request(options, (res) => {
        status = res.statusCode ?? 0;
        resHeaders = lowerHeaders(res.headers);
        res.on("data", (c: Buffer) => {
          bytes += c.length;
          if (kept < limit) {
            const part = c.subarray(0, limit - kept);
            chunks.push(part);
            kept += part.length;
          }
          if (bytes > limit) {
            // keep what we have and stop reading: a 10 GB body costs nothing more
            reply.done({ status, headers: resHeaders, body: reply.body(true) });
            res.destroy();
          }
        });
        res.on("end", () => reply.done({ status, headers: resHeaders, body: reply.body(false) }));
        res.on("aborted", () =>
          reply.done({
            status,
            headers: resHeaders,
            body: reply.body(false),
            error: `connection closed mid-body after ${bytes} bytes`,
          }),
        );
        res.on("error", (e) =>
          reply.done({
            status,
            headers: resHeaders,
            body: reply.body(false),
            error: bytes
              ? `connection closed mid-body after ${bytes} bytes`
              : describeError(e, timeoutMs, url),
          }),
        );
      });
      const timer = setTimeout(() => {
        reply.done({
          status: 0,
          headers: resHeaders,
          body: bytes ? reply.body(false) : undefined,
          error: `timeout: no complete response within ${timeoutMs} ms`,
        });
        req.destroy();
      }, timeoutMs);
      req.on("error", (e: NodeJS.ErrnoException) => {
        // a kept-alive socket the target closed while idle: the request never reached it, so
        // sending it again is safe (Node's documented remedy); after a long idle spell every
        // pooled socket may be closed, so it is sent again while the socket was a reused one
        if (resent < MAX_RESENDS && req.reusedSocket && e.code === "ECONNRESET" && !settled) {
          settled = true;
          clearTimeout(timer);
          resolve(this.exchange(method, u, headers, payload, resent + 1));
          return;
        }
        const error = describeError(e, timeoutMs, url, this.opts.clientCert);
        reply.done({
          status: 0,
          headers: {},
          error:
            route.via && !error.startsWith("TLS")
              ? `${error} (through the proxy ${route.via})`
              : error,
        });
      });
      req.end(payload);
    });
  }

  close(): void {
    this.routes.destroy();
    this.opts.pacer?.close();
    this.opts.slots?.close?.();
  }
}
