// What the reference target's own tests share: one in-process target per test file, a request
// helper, the control endpoint, fault switches and variants. Both are cleared after every test.
import { afterAll, afterEach, beforeEach, expect } from "vitest";
import { startReference, type ReferenceHandle } from "./index.ts";

export interface Res {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  body: any;
}

export interface TestTarget {
  ref: ReferenceHandle;
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

const parse = (text: string) => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Start the target for this test file; `resetEach` puts the seeded state back before every test. */
export async function referenceForTests(opts: { resetEach?: boolean } = {}): Promise<TestTarget> {
  const ref = await startReference();
  afterAll(() => ref.close());
  afterEach(() => {
    ref.app.faults.set([]);
    ref.app.variants.set([]);
  });
  if (opts.resetEach) beforeEach(() => ref.app.reset());

  const stateRes = async (name: string, params: Record<string, unknown> = {}): Promise<Res> => {
    const r = await fetch(`${ref.controlUrl}/states`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ state: name, params }) });
    return { status: r.status, body: parse(await r.text()) };
  };
  return {
    ref,
    async api(method, path, body, token = ref.tokens.admin) {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers["content-type"] = "application/json";
      const r = await fetch(ref.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: r.status, body: parse(await r.text()) };
    },
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
      ref.app.seeded.accountA.vms.set(id, { id, label: label ?? `vm-${id}`, region: "us-east", type: "vm-nano-1", tags: [] });
      return id;
    },
  };
}
