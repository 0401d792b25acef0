// Resource fixtures: fresh.instance(), fresh.bucket()... Each creates through ops with a label
// carrying the run's prefix, writes intent and ID to the ledger, and is removed when its check ends.
import { randomBytes } from "node:crypto";
import type { ApiResponse } from "./client.ts";
import {
  loose,
  type CallOptions,
  type LooseOpFn,
  type Ops,
  type RequestBody,
  type RequestOf,
  type SuccessBody,
} from "./ops.ts";
import type { OperationId } from "./operation-ids.ts";
import { MissingCapability, TargetFailure } from "./errors.ts";
import { validator } from "../spec/validate.ts";
import { removeEntries, type LedgerEntry, type Removal } from "./ledger.ts";
import { kindCreatedBy, RESOURCES, type ResourceType } from "./resources.ts";
import { Ledger, replayable } from "./ledger.ts";
import type { World } from "./world.ts";
import { asCleanup } from "./rate.ts";

/** Where a fixture goes: its label (for the ledger and sweep) and its parent's path. */
type Placed = { label?: string; parent?: Record<string, string | number> };
/** The members a fixture's create takes, each optional: the fixture fills in the rest. */
type Fields<K extends OperationId> = Partial<RequestBody<K>>;

/** A fixture addressed by its ID: what its create answered, the ID present (create() checks it). */
export type Fixture<K extends OperationId> = SuccessBody<K> & {
  id: NonNullable<SuccessBody<K>["id"]>;
};

/** Why a public recipe stays on the target: the material's own words. */
export const PUBLIC_RECIPE_KEPT =
  "a public recipe cannot be deleted (Recipes: delete is for private recipes only; States and transitions: a public recipe cannot be deleted)";

export class Fresh {
  private readonly entries: LedgerEntry[] = [];
  /** resources left on purpose (public recipes), by ledger key */
  private readonly kept: LedgerEntry[] = [];

  constructor(private readonly w: World) {}

  /** A unique label with the run's prefix, at most `max` characters. */
  label(kind = "r", max = 32): string {
    const tail = `${kind}-${randomBytes(3).toString("hex")}`;
    return (this.w.config.labelPrefix + tail).slice(0, max).replace(/-+$/, "");
  }

  private fixture(name: "region" | "type" | "image" | "cluster"): string {
    const v = this.w.config.fixtures[name];
    if (!v)
      throw new MissingCapability(
        `fixture "${name}" is not configured (set PLUMBLINE_FIXTURE_${name.toUpperCase()} or fixtures.${name})`,
      );
    return v;
  }

  /**
   * Creates a resource and registers it: the intent is on disk before the request is sent and the
   * ID right after the answer, so a crash in between still leaves a trace for `sweep`.
   */
  async create<K extends OperationId>(
    type: ResourceType,
    op: K,
    given: RequestOf<K> & Placed,
  ): Promise<SuccessBody<K>> {
    // the label the body carries, not the one a factory drew before a caller's body replaced it:
    // sweep finds a create that never answered by this label
    const opts = { ...given, label: sentLabelOf(given.body) ?? given.label };
    const res = await this.attempt(type, op, opts as CallOptions & Placed);
    // a fixture the target did not make is the target's failure (the request is the material's),
    // named, so the dependent check reads "fixture ... not created" rather than a plumbline error
    const fixture = `setup: the ${type} fixture${opts.label ? ` ${opts.label}` : ""} was not created: ${op}`;
    if (res.status >= 400 && res.status < 500)
      throw new TargetFailure(`${fixture} answered ${res.status}: ${res.text.slice(0, 200)}`);
    if (!isRecord(res)) {
      throw new TargetFailure(
        `${fixture} answered ${res.status ? `${res.status}${res.json ? "" : ` with a body that is not JSON (${res.headers["content-type"] ?? "no content type"})`}` : res.error}: ${res.text.slice(0, 200)}`,
      );
    }
    const path = RESOURCES[type].pathOf({ label: opts.label, ...res.body }, opts.parent ?? {});
    const unaddressed = Object.entries(path).find(
      ([, v]) => v === undefined || v === null || v === "",
    );
    if (unaddressed) {
      // where the material shows the created record (an OAuth client, a key, a bucket), a record without
      // the ID that addresses it is the target's failure; where the body is not shown (most creates),
      // a target may answer without it, and nothing that follows can address the resource: a skip
      if (validator().showsBody(op, res.status)) {
        throw new TargetFailure(
          `${fixture} answered ${res.status} but its body gives no ID to address it by ("${unaddressed[0]}"): ${res.text.slice(0, 200)}`,
        );
      }
      throw new MissingCapability(
        `${op} answered ${res.status} without the "${unaddressed[0]}" that addresses the new ${type}, so the check cannot go on (plumbline sweep --prefix finds it by label)`,
      );
    }
    return res.body;
  }

  /** create() for a kind addressed by its ID: create() has checked the ID is there. */
  private async addressed<K extends OperationId>(
    type: ResourceType,
    op: K,
    opts: RequestOf<K> & Placed,
  ): Promise<Fixture<K>> {
    return (await this.create(type, op, opts)) as Fixture<K>;
  }

  /**
   * Sends a create request and registers what it made, like create(), but hands back the answer
   * whatever it is: for checks whose verdict is the create itself (fuzzing a create operation).
   * The ledger never holds a path it cannot replay: without an ID only the intent stays, for sweep.
   */
  async attempt(
    type: ResourceType,
    op: OperationId,
    opts: CallOptions & Placed,
  ): Promise<ApiResponse> {
    const key = this.w.ledger.intent(
      type,
      opts.label,
      opts.parent,
      RESOURCES[type].findBySent?.sent(opts.body),
      opts.as,
    );
    await this.w.ledger.durableNow();
    let res: ApiResponse;
    try {
      res = await loose(this.w.ops)[op](opts);
    } catch (e) {
      // thrown before anything was sent (the target not answering, a bad path): nothing was made
      this.w.ledger.refused(key, `not sent: ${(e as Error).message}`);
      throw e;
    }
    if (res.status >= 400 && res.status < 500) {
      this.w.ledger.refused(key, `create answered ${res.status}`);
      return res;
    }
    if (!isRecord(res)) {
      // a 5xx, a timeout or a garbage 2xx may still have made it: the intent stays for sweep
      this.w.ledger.leftover(
        key,
        `create answered ${res.status || res.error}${res.status && !res.json ? " with a body that is not JSON" : ""}`,
      );
      return res;
    }
    const path = RESOURCES[type].pathOf({ label: opts.label, ...res.body }, opts.parent ?? {});
    if (!replayable(path)) {
      const missing = Object.entries(path).find(
        ([, v]) => v === undefined || v === null || v === "",
      )?.[0];
      this.w.ledger.leftover(key, `create answered ${res.status} without "${missing}"`);
      return res;
    }
    this.w.ledger.created(key, type, path, opts.label);
    this.entries.push({ key, type, label: opts.label, path, as: opts.as });
    if (type === "recipe" && (opts.body as { is_public?: unknown } | undefined)?.is_public === true)
      this.keep(this.entries[this.entries.length - 1]);
    return res;
  }

  /** How many resources this check holds now; cleanup(mark) removes only those made after it. */
  get mark(): number {
    return this.entries.length;
  }

  /** A resource the API never lets anyone remove: out of cleanup, into the ledger's kept list. */
  private keep(entry: LedgerEntry): void {
    const i = this.entries.indexOf(entry);
    if (i >= 0) this.entries.splice(i, 1);
    this.kept.push(entry);
    this.w.ledger.kept(entry.key, entry.type, entry.path!, PUBLIC_RECIPE_KEPT, entry.label);
  }

  instance(
    body: Fields<"createInstance"> = {},
    as?: CallOptions["as"],
  ): Promise<Fixture<"createInstance">> {
    const label = this.label("vm");
    const full = { region: this.fixture("region"), type: this.fixture("type"), label, ...body };
    return this.addressed("instance", "createInstance", {
      body: full,
      label: String(full.label),
      as,
    });
  }

  /** An instance with no image: offline, no disks or configs (material: create rule 5). */
  emptyInstance(body: Fields<"createInstance"> = {}): Promise<Fixture<"createInstance">> {
    return this.instance({ booted: false, ...body });
  }

  config(vmId: number, body: Fields<"createConfig"> = {}): Promise<Fixture<"createConfig">> {
    const label = this.label("cfg", 48);
    return this.addressed("config", "createConfig", {
      path: { vmId },
      body: { label, devices: {}, ...body },
      label,
      parent: { vmId },
    });
  }

  disk(vmId: number, body: Fields<"createDisk"> = {}): Promise<Fixture<"createDisk">> {
    const label = this.label("disk", 48);
    return this.addressed("disk", "createDisk", {
      path: { vmId },
      body: { label, size: 1024, ...body },
      label,
      parent: { vmId },
    });
  }

  async bucket(body: Fields<"createBucket"> = {}): Promise<SuccessBody<"createBucket">> {
    const label = this.label("bkt", 63).toLowerCase();
    const cluster = body.cluster ?? (await this.cluster());
    return this.create("bucket", "createBucket", {
      body: { label, cluster, ...body },
      label,
      parent: { clusterId: String(cluster) },
    });
  }

  oauthClient(body: Fields<"createOAuthClient"> = {}): Promise<Fixture<"createOAuthClient">> {
    const label = this.label("app", 512);
    return this.addressed("oauthClient", "createOAuthClient", {
      body: { label, redirect_uri: "https://example.com/callback", ...body },
      label,
    });
  }

  key(body: Fields<"createKey"> = {}): Promise<Fixture<"createKey">> {
    const label = this.label("key", 50);
    return this.addressed("key", "createKey", { body: { label, ...body }, label });
  }

  recipe(body: Fields<"createRecipe"> = {}): Promise<Fixture<"createRecipe">> {
    const label = this.label("rcp", 128);
    const full = {
      label,
      images: [this.fixture("image")],
      script: "#!/bin/sh\necho plumbline\n",
      is_public: false,
      ...body,
    };
    return this.addressed("recipe", "createRecipe", { body: full, label });
  }

  tag(body: Fields<"createTag"> = {}): Promise<SuccessBody<"createTag">> {
    const label = this.label("tag", 50);
    return this.create("tag", "createTag", { body: { label, ...body }, label });
  }

  /** The configured cluster, or the first available one the target lists (clusters are public). */
  async cluster(): Promise<string> {
    if (this.w.config.fixtures.cluster) return this.w.config.fixtures.cluster;
    const res = await this.w.ops.listClusters({ as: "anonymous" });
    if (res.status < 200 || res.status > 299 || !res.json)
      throw new TargetFailure(
        `setup: the cluster fixture: listClusters answered ${res.status || res.error}${res.status && !res.json ? " with a body that is not JSON" : ""}`,
      );
    const found = Array.isArray(res.body?.data)
      ? res.body.data.find((c: any) => c?.status !== "unavailable")
      : undefined;
    if (!found?.id)
      throw new MissingCapability(
        'fixture "cluster": none configured and the target lists no available cluster',
      );
    return String(found.id);
  }

  /**
   * The check's view of ops: when the check itself removes a resource it created (a 2xx answer of
   * that resource's delete operation on its path), the ledger entry is closed, so teardown does
   * not try again (a cancelled transfer cannot be cancelled twice).
   */
  watch(ops: Ops): Ops {
    return new Proxy(loose(ops), {
      get: (target, name) => {
        const fn = target[name as OperationId];
        if (name === "updateRecipe") return this.watchPublic(fn);
        if (name === "acceptEntityTransfer") {
          // an accepted transfer is completed: there is nothing left to cancel
          return async (opts: CallOptions = {}) => {
            const res = await fn(opts);
            if (res.status >= 200 && res.status < 300)
              this.forget("cancelEntityTransfer", opts.path ?? {});
            return res;
          };
        }
        const made = typeof name === "string" ? kindCreatedBy(name) : undefined;
        if (made) return this.watchCreate(made, fn);
        if (typeof name !== "string" || !Object.values(RESOURCES).some((k) => k.delete === name))
          return fn;
        return async (opts: CallOptions = {}) => {
          const res = await fn(opts);
          if (res.status >= 200 && res.status < 300) this.forget(name, opts.path ?? {});
          return res;
        };
      },
    }) as unknown as Ops;
  }

  private forget(op: string, path: Record<string, string | number>): void {
    const same = (a: Record<string, string | number>) =>
      Object.keys(a).length === Object.keys(path).length &&
      Object.entries(a).every(([k, v]) => String(path[k]) === String(v));
    for (const list of [this.entries, this.kept]) {
      const i = list.findIndex((e) => RESOURCES[e.type].delete === op && e.path && same(e.path));
      if (i < 0) continue;
      this.w.ledger.deleted(list[i].key);
      list.splice(i, 1);
    }
  }

  /**
   * A recipe made public (created public, or updated with is_public true) can never be deleted
   * (material: States and transitions): it is recorded as left on purpose, so the run's report
   * lists it and cleanup does not count it as a failure. A later successful delete closes it.
   */
  private watchPublic(fn: LooseOpFn): LooseOpFn {
    return async (opts: CallOptions = {}) => {
      const res = await fn(opts);
      const madePublic =
        (opts.body as { is_public?: unknown } | undefined)?.is_public === true &&
        res.status >= 200 &&
        res.status < 300;
      if (!madePublic) return res;
      const recipeId = opts.path?.recipeId;
      if (recipeId === undefined || recipeId === null || recipeId === "") return res;
      const path = { recipeId: String(recipeId) };
      const known = this.entries.find(
        (e) => e.type === "recipe" && String(e.path?.recipeId) === path.recipeId,
      );
      if (known) this.keep(known);
      else if (!this.kept.some((e) => String(e.path?.recipeId) === path.recipeId)) {
        const label = typeof res.body?.label === "string" ? res.body.label : undefined;
        const entry: LedgerEntry = {
          key: this.w.ledger.intent("recipe", label),
          type: "recipe",
          path,
          label,
        };
        this.kept.push(entry);
        this.w.ledger.kept(entry.key, "recipe", path, PUBLIC_RECIPE_KEPT, label);
      }
      return res;
    };
  }

  /**
   * A create a check sends itself (a validation check the target wrongly accepts, a resource made
   * outside fresh): a 2xx answer with an ID goes into the ledger like a fixture, so it is removed
   * at the end too. A create that names a label leaves its intent first, so a run killed while the
   * request is on the wire still leaves `sweep` the label to find it by; a refusal closes it.
   */
  private watchCreate(type: ResourceType, fn: LooseOpFn): LooseOpFn {
    return async (opts: CallOptions = {}) => {
      const kind = RESOURCES[type];
      const body = (
        typeof opts.body === "object" && opts.body !== null && !Buffer.isBuffer(opts.body)
          ? opts.body
          : {}
      ) as Record<string, unknown>;
      const sentLabel = sentLabelOf(body);
      const parent = kind.parentOf?.(opts.path ?? {}, body) ?? {};
      const sent = kind.findBySent?.sent(body);
      // an intent only for what sweep could find again: by its label, or by what was sent
      const findable = sentLabel !== undefined || sent !== undefined;
      const key = findable
        ? this.w.ledger.intent(type, sentLabel, parent, sent, opts.as)
        : Ledger.key();
      if (findable) await this.w.ledger.durableNow();
      let res: ApiResponse;
      try {
        res = await fn(opts);
      } catch (e) {
        if (findable) this.w.ledger.refused(key, `not sent: ${(e as Error).message}`);
        throw e;
      }
      if (!isRecord(res)) {
        // a refusal made nothing; a 5xx, a timeout or a garbage 2xx may have: the intent stays for
        // the label search
        if (findable)
          if (res.status >= 400 && res.status < 500)
            this.w.ledger.refused(key, `create answered ${res.status}`);
          else this.w.ledger.leftover(key, `create answered ${res.status || res.error}`);
        return res;
      }
      const label = sentLabel ?? (typeof res.body.label === "string" ? res.body.label : undefined);
      const path = kind.pathOf({ label, ...res.body }, parent);
      if (!replayable(path)) {
        // no ID: the check itself judges the answer; the intent (if any) stays for the label search
        if (findable) this.w.ledger.leftover(key, `create answered ${res.status} without an ID`);
        return res;
      }
      const entry: LedgerEntry = { key, type, label, path, as: opts.as };
      this.w.ledger.created(entry.key, type, path, label);
      this.entries.push(entry);
      if (type === "recipe" && body.is_public === true) this.keep(entry);
      return res;
    };
  }

  /** Removes what this check created (since `mark`, when given), children first. */
  async cleanup(mark = 0): Promise<Removal> {
    // cleanup may go past a spent request budget (harness/rate.ts)
    const result = await asCleanup(() =>
      removeEntries(this.entries.slice(mark), this.w.ops, this.w.ledger),
    );
    this.entries.length = Math.min(this.entries.length, mark);
    return result;
  }
}

/** The label (or a contact's name) a create's body carries: what its kind's list shows it by. */
function sentLabelOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Buffer.isBuffer(body)) return undefined;
  const { label, name } = body as Record<string, unknown>;
  const sent = label ?? name;
  return typeof sent === "string" ? sent : undefined;
}

/** A 2xx answer whose body is a JSON object: a created record (its members are checked elsewhere). */
function isRecord(res: ApiResponse): boolean {
  return (
    res.status >= 200 &&
    res.status <= 299 &&
    res.json &&
    typeof res.body === "object" &&
    res.body !== null &&
    !Array.isArray(res.body)
  );
}
