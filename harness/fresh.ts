// Resource fixtures: fresh.instance(), fresh.bucket()... Each creates through ops with a label
// carrying the run's prefix, writes intent and ID to the ledger, and is removed when its check ends.
import { randomBytes } from "node:crypto";
import type { ApiResponse } from "./client.ts";
import type { CallOptions, Ops } from "./ops.ts";
import type { OperationId } from "./operation-ids.ts";
import { HarnessError, MissingCapability } from "./errors.ts";
import { removeEntries, type LedgerEntry, type Removal } from "./ledger.ts";
import { RESOURCES, type ResourceType } from "./resources.ts";
import type { World } from "./world.ts";

export class Fresh {
  private readonly entries: LedgerEntry[] = [];

  constructor(private readonly w: World) {}

  /** A unique label with the run's prefix, at most `max` characters. */
  label(kind = "r", max = 32): string {
    const tail = `${kind}-${randomBytes(3).toString("hex")}`;
    return (this.w.config.labelPrefix + tail).slice(0, max).replace(/-+$/, "");
  }

  private fixture(name: "region" | "type" | "image" | "cluster"): string {
    const v = this.w.config.fixtures[name];
    if (!v) throw new MissingCapability(`fixture "${name}" is not configured (set PLUMBLINE_FIXTURE_${name.toUpperCase()} or fixtures.${name})`);
    return v;
  }

  /**
   * Creates a resource and registers it: the intent is on disk before the request is sent and the
   * ID right after the answer, so a crash in between still leaves a trace for `sweep`.
   */
  async create(type: ResourceType, op: OperationId, opts: CallOptions & { label?: string; parent?: Record<string, string | number> }): Promise<any> {
    const res = await this.attempt(type, op, opts);
    if (res.status < 200 || res.status > 299 || !res.json || typeof res.body !== "object" || res.body === null) {
      throw new HarnessError(`setup: ${op} could not create a ${type} (${res.status || res.error}): ${res.text.slice(0, 200)}`);
    }
    return res.body;
  }

  /**
   * Sends a create request and registers what it made, like create(), but hands back the answer
   * whatever it is: for checks whose verdict is the create itself (fuzzing a create operation).
   */
  async attempt(type: ResourceType, op: OperationId, opts: CallOptions & { label?: string; parent?: Record<string, string | number> }): Promise<ApiResponse> {
    const key = this.w.ledger.intent(type, opts.label, opts.parent);
    const res: ApiResponse = await this.w.ops[op](opts);
    // a refusal (4xx) made nothing; anything else that is not a created record may have made something
    if (res.status >= 400 && res.status < 500) {
      this.w.ledger.deleted(key);
      return res;
    }
    if (res.status < 200 || res.status > 299 || !res.json || typeof res.body !== "object" || res.body === null) {
      this.w.ledger.leftover(key, `create answered ${res.status || res.error}`);
      return res;
    }
    const path = RESOURCES[type].pathOf({ label: opts.label, ...res.body }, opts.parent ?? {});
    this.w.ledger.created(key, type, path, opts.label);
    this.entries.push({ key, type, label: opts.label, path });
    return res;
  }

  /** How many resources this check holds now; cleanup(mark) removes only those made after it. */
  get mark(): number {
    return this.entries.length;
  }

  instance(body: Record<string, unknown> = {}, as?: CallOptions["as"]): Promise<any> {
    const label = this.label("vm");
    const full = { region: this.fixture("region"), type: this.fixture("type"), label, ...body };
    return this.create("instance", "createInstance", { body: full, label: String(full.label), as });
  }

  /** An instance with no image: offline, no disks or configs (material: create rule 5). */
  emptyInstance(body: Record<string, unknown> = {}): Promise<any> {
    return this.instance({ booted: false, ...body });
  }

  config(vmId: number, body: Record<string, unknown> = {}): Promise<any> {
    const label = this.label("cfg", 48);
    return this.create("config", "createConfig", { path: { vmId }, body: { label, devices: {}, ...body }, label, parent: { vmId } });
  }

  disk(vmId: number, body: Record<string, unknown> = {}): Promise<any> {
    const label = this.label("disk", 48);
    return this.create("disk", "createDisk", { path: { vmId }, body: { label, size: 1024, ...body }, label, parent: { vmId } });
  }

  async bucket(body: Record<string, unknown> = {}): Promise<any> {
    const label = this.label("bkt", 63).toLowerCase();
    const cluster = body.cluster ?? (await this.cluster());
    return this.create("bucket", "createBucket", { body: { label, cluster, ...body }, label });
  }

  oauthClient(body: Record<string, unknown> = {}): Promise<any> {
    const label = this.label("app", 512);
    return this.create("oauthClient", "createOAuthClient", { body: { label, redirect_uri: "https://example.com/callback", ...body }, label });
  }

  key(body: Record<string, unknown> = {}): Promise<any> {
    const label = this.label("key", 50);
    return this.create("key", "createKey", { body: { label, ...body }, label });
  }

  recipe(body: Record<string, unknown> = {}): Promise<any> {
    const label = this.label("rcp", 128);
    const full = { label, images: [this.fixture("image")], script: "#!/bin/sh\necho plumbline\n", is_public: false, ...body };
    return this.create("recipe", "createRecipe", { body: full, label });
  }

  tag(body: Record<string, unknown> = {}): Promise<any> {
    const label = this.label("tag", 50);
    return this.create("tag", "createTag", { body: { label, ...body }, label });
  }

  /** The configured cluster, or the first available one the target lists (clusters are public). */
  async cluster(): Promise<string> {
    if (this.w.config.fixtures.cluster) return this.w.config.fixtures.cluster;
    const res = await this.w.ops.listClusters({ as: "anonymous" });
    const found = res.json ? (res.body?.data ?? []).find((c: any) => c?.status !== "unavailable") : undefined;
    if (!found?.id) throw new MissingCapability("fixture \"cluster\": none configured and the target lists no available cluster");
    return String(found.id);
  }

  /**
   * The check's view of ops: when the check itself removes a resource it created (a 2xx answer of
   * that resource's delete operation on its path), the ledger entry is closed, so teardown does
   * not try again (a cancelled transfer cannot be cancelled twice).
   */
  watch(ops: Ops): Ops {
    return new Proxy(ops, {
      get: (target, name) => {
        const fn = target[name as keyof Ops];
        if (typeof name !== "string" || !Object.values(RESOURCES).some((k) => k.delete === name)) return fn;
        return async (opts: CallOptions = {}) => {
          const res = await fn(opts);
          if (res.status >= 200 && res.status < 300) this.forget(name, opts.path ?? {});
          return res;
        };
      },
    });
  }

  private forget(op: string, path: Record<string, string | number>): void {
    const same = (a: Record<string, string | number>) => Object.keys(a).length === Object.keys(path).length && Object.entries(a).every(([k, v]) => String(path[k]) === String(v));
    const i = this.entries.findIndex((e) => RESOURCES[e.type].delete === op && e.path && same(e.path));
    if (i < 0) return;
    this.w.ledger.deleted(this.entries[i].key);
    this.entries.splice(i, 1);
  }

  /** Removes what this check created (since `mark`, when given), children first. */
  async cleanup(mark = 0): Promise<Removal> {
    const result = await removeEntries(this.entries.slice(mark), this.w.ops, this.w.ledger);
    this.entries.length = Math.min(this.entries.length, mark);
    return result;
  }
}
