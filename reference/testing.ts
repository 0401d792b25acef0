// What the reference target's own tests share: one in-process target per test file, requests to it
// through supertest (HTTP assertions on the app's handler, no port of ours), the control endpoint,
// fault switches and variants. Both are cleared after every test.
import type { IncomingMessage } from "node:http";
import supertest from "supertest";
import { afterAll, afterEach, beforeEach, expect } from "vitest";
import { startReference, type ReferenceHandle } from "./index.ts";

export interface Res {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  body: any;
}

/** supertest over the app's request handler: `request.get(path).set(auth()).expect(200)` */
export type Http = ReturnType<typeof supertest>;

export interface TestTarget {
  ref: ReferenceHandle;
  /** supertest over the reference's handler, for tests written with supertest's own assertions */
  request: Http;
  /** the Authorization header of `token` (admin by default) */
  auth(token?: string): Record<string, string>;
  /** fetch's interface over supertest, for what a client sends by URL (pre-signed URLs, multipart,
   *  raw images): the request is built as fetch builds it, the answer is a Response */
  send(url: string, init?: RequestInit): Promise<Response>;
  /** a JSON request as `token` (admin by default; null sends none); a non-JSON body comes back as text */
  api(method: string, path: string, body?: unknown, token?: string | null): Promise<Res>;
  /** a provider state, its answer as is */
  stateRes(name: string, params?: Record<string, unknown>): Promise<Res>;
  /** a provider state that must succeed; its result */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  state(name: string, params?: Record<string, unknown>): Promise<any>;
  /** turn on exactly these faults (none: all off) */
  fault(...names: string[]): void;
  /** turn on exactly these legal variants (none: all off) */
  variant(...names: string[]): void;
  /** the `field`s of an Error body */
  fields(r: Res): (string | null)[];
  /** the `reason`s of an Error body */
  reasons(r: Res): string[];
  /** a token of the admin user holding only these scopes */
  scoped(...scopes: string[]): string;
  /** an instance put straight into account A's records (no vm area, no event); its id */
  addVm(label?: string): number;
}

/** superagent parser that keeps the bytes as sent: a test reads every body the same way, JSON or not */
function rawBytes(res: IncomingMessage, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => done(null, Buffer.concat(chunks)));
  res.on("error", (e) => done(e, Buffer.alloc(0)));
}

/** one supertest request with the raw body; `headers` as given, `body` bytes or none */
async function exchange(
  request: Http,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; headers: Record<string, string>; bytes: Buffer }> {
  const verb = method.toLowerCase() as "get";
  if (typeof request[verb] !== "function")
    throw new Error(`testing: no supertest method for ${method}`);
  let t = request[verb](path)
    .set(headers)
    .buffer(true)
    .parse(rawBytes as never);
  // bytes as they are: superagent would otherwise serialize a Buffer by the content type (as JSON)
  if (body !== undefined) t = t.serialize((b: unknown) => b as string).send(body);
  const r = await t;
  return {
    status: r.status,
    headers: r.headers as Record<string, string>,
    bytes: Buffer.isBuffer(r.body) ? r.body : Buffer.alloc(0),
  };
}

const parse = (text: string) => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** fetch's interface over supertest: the request built as fetch builds it, the answer a Response */
async function sendByUrl(
  request: Http,
  origin: string,
  url: string,
  init?: RequestInit,
): Promise<Response> {
  const req = new Request(new URL(url, origin), init); // fetch's own encoding of the body and its content type
  const at = new URL(req.url);
  if (at.origin !== new URL(origin).origin)
    throw new Error(`testing: ${url} is not on the reference (${origin})`);
  const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
  const r = await exchange(
    request,
    req.method,
    at.pathname + at.search,
    Object.fromEntries(req.headers),
    body,
  );
  const empty = r.status === 204 || r.status === 304 || req.method === "HEAD";
  const headers = new Headers(
    Object.entries(r.headers).flatMap(([k, v]) =>
      Array.isArray(v) ? v.map((x) => [k, String(x)]) : [[k, String(v)]],
    ) as [string, string][],
  );
  return new Response(empty ? null : new Uint8Array(r.bytes), { status: r.status, headers });
}

/** Start the target for this test file; `resetEach` puts the seeded state back before every test. */
export async function referenceForTests(opts: { resetEach?: boolean } = {}): Promise<TestTarget> {
  // still listening: the URLs the reference hands out (pre-signed, thumbnails) name its origin
  const ref = await startReference();
  afterAll(() => ref.close());
  afterEach(() => {
    ref.app.faults.set([]);
    ref.app.variants.set([]);
  });
  if (opts.resetEach) beforeEach(() => ref.app.reset());
  const request = supertest(ref.app.handle);
  const controlPath = new URL(ref.controlUrl).pathname;

  const json = async (
    method: string,
    path: string,
    body: unknown,
    token: string | null | undefined,
  ): Promise<Res> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const r = await exchange(
      request,
      method,
      path,
      headers,
      body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    );
    return { status: r.status, body: parse(r.bytes.toString("utf8")) };
  };
  const stateRes = (name: string, params: Record<string, unknown> = {}) =>
    json("POST", `${controlPath}/states`, { state: name, params }, null);
  return {
    ref,
    request,
    auth: (token = ref.tokens.admin) => ({ authorization: `Bearer ${token}` }),
    send: (url, init) => sendByUrl(request, ref.url, url, init),
    api: (method, path, body, token = ref.tokens.admin) => json(method, path, body, token),
    stateRes,
    async state(name, params) {
      const r = await stateRes(name, params);
      expect(r.status, `provider state ${name}: ${JSON.stringify(r.body)}`).toBe(200);
      return r.body;
    },
    fault: (...names) => ref.app.faults.set(names),
    variant: (...names) => ref.app.variants.set(names),
    fields: (r) => (r.body?.errors ?? []).map((e: { field: string | null }) => e.field),
    reasons: (r) => (r.body?.errors ?? []).map((e: { reason: string }) => e.reason),
    scoped: (...scopes) => ref.app.state.issueToken(ref.app.seeded.admin, scopes),
    addVm(label) {
      const id = ref.app.state.id();
      ref.app.seeded.accountA.vms.set(id, {
        id,
        label: label ?? `vm-${id}`,
        region: "us-east",
        type: "vm-nano-1",
        tags: [],
      });
      return id;
    },
  };
}
