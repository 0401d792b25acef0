// The resource model: every kind of resource the API has, read from spec/openapi.yaml's paths and
// schemas, with the small table below for what the document cannot say (which path is a resource,
// which POST removes one, how an update treats the members it does not name). The invariants of
// suites/invariants/ run over this model, one check per kind; a test fails when an operation of the
// spec belongs to no kind.
import type { OpenAPIV3_1 } from "openapi-types";
import { listOperations, loadOpenApi, type OperationInfo } from "./index.ts";
import type { Area } from "./areas.ts";

/** What an operation does to its kind. */
export type Role = "list" | "create" | "view" | "update" | "delete" | "action" | "read";

/**
 * How an update treats members it does not name (the material's words, per kind):
 * - `partial`: the update's members are all optional ("all optional", "label only", a list of
 *   writable fields), so a member left out keeps its value: MUST;
 * - `fields`: the update takes the resource's fields with no word on the ones left out (a whole
 *   replacement is a possible reading): the same property is a SHOULD;
 * - `none`: the kind has no update.
 */
export type UpdateSemantics = "partial" | "fields" | "none";

export interface KindRow {
  /** the item path (ending in the kind's ID parameter), or the collection path of a kind with no item */
  path: string;
  /** the material's section the kind's words come from */
  section: string;
  /** how an update treats members it does not name; "none" when it has no update */
  update?: UpdateSemantics;
  /**
   * operations whose kind or role the method and path cannot say (a POST that removes the object,
   * the bucket's two-level collection, the backup service's switches that act on the instance)
   */
  roles?: Partial<Record<string, Role>>;
  /** a kind with one object per account (the account, the managed SSH key) */
  singleton?: boolean;
  /** the kind is made by the provider or the platform only: nothing the API can create */
  readOnly?: boolean;
}

/** The table: one row per kind. Parents, operations and members are derived from the document. */
export const KIND_TABLE: Record<string, KindRow> = {
  account: {
    path: "/v4/account",
    section: "Resources / Account",
    update: "partial",
    singleton: true,
  },
  entityTransfer: {
    path: "/v4/account/entity-transfers/{token}",
    section: "Resources / Entity transfer",
  },
  event: { path: "/v4/account/events/{eventId}", section: "Events", readOnly: true },
  invoice: {
    path: "/v4/account/invoices/{invoiceId}",
    section: "Resources / Invoice",
    readOnly: true,
  },
  invoiceItem: {
    path: "/v4/account/invoices/{invoiceId}/items",
    section: "Resources / Invoice item",
    readOnly: true,
  },
  login: { path: "/v4/account/logins/{loginId}", section: "Resources / Login", readOnly: true },
  maintenance: {
    path: "/v4beta/account/maintenance",
    section: "Resources / Maintenance item",
    readOnly: true,
  },
  notification: {
    path: "/v4/account/notifications",
    section: "Resources / Notification",
    readOnly: true,
  },
  paymentMethod: {
    path: "/v4/account/payment-methods",
    section: "Resources / Payment method",
    readOnly: true,
  },
  oauthClient: {
    path: "/v4/account/oauth-clients/{clientId}",
    section: "Resources / OAuth client",
    update: "partial",
  },
  bucket: {
    path: "/v4/object-storage/buckets/{clusterId}/{bucket}",
    section: "Object storage resources",
    roles: { listBuckets: "list", createBucket: "create" },
  },
  objectStorage: {
    path: "/v4/object-storage",
    section: "Endpoints / Object storage",
    singleton: true,
  },
  cluster: {
    path: "/v4/object-storage/clusters/{clusterId}",
    section: "Object storage resources",
    readOnly: true,
  },
  key: {
    path: "/v4/object-storage/keys/{keyId}",
    section: "Object storage resources",
    update: "partial",
  },
  instance: {
    path: "/v4/vm/instances/{vmId}",
    section: "Resources / Instance (vm)",
    update: "partial",
    roles: { cancelBackups: "action", enableBackups: "action" },
  },
  backup: {
    path: "/v4/vm/instances/{vmId}/backups/{backupId}",
    section: "Endpoints / Compute instances",
  },
  config: {
    path: "/v4/vm/instances/{vmId}/configs/{configId}",
    section: "Resources / Configuration profile",
    update: "partial",
  },
  disk: {
    path: "/v4/vm/instances/{vmId}/disks/{diskId}",
    section: "Resources / Disk",
    update: "fields",
  },
  instanceVolume: {
    path: "/v4/vm/instances/{vmId}/volumes",
    section: "Endpoints / Compute instances",
    readOnly: true,
  },
  kernel: {
    path: "/v4/vm/kernels/{kernelId}",
    section: "Endpoints / Compute instances",
    readOnly: true,
  },
  managedContact: {
    path: "/v4/managed/contacts/{contactId}",
    section: "Managed monitoring resources",
    update: "fields",
  },
  managedSshKey: {
    path: "/v4/managed/credentials/sshkey",
    section: "Endpoints / Managed monitoring",
    singleton: true,
    readOnly: true,
  },
  managedCredential: {
    path: "/v4/managed/credentials/{credentialId}",
    section: "Managed monitoring resources",
    update: "partial",
    roles: { revokeManagedCredential: "delete" },
  },
  managedIssue: {
    path: "/v4/managed/issues/{issueId}",
    section: "Endpoints / Managed monitoring",
    readOnly: true,
  },
  managedVmSettings: {
    path: "/v4/managed/vm-settings/{vmId}",
    section: "Managed monitoring resources",
    update: "partial",
  },
  managedService: {
    path: "/v4/managed/services/{serviceId}",
    section: "Managed monitoring resources",
    update: "partial",
  },
  managedStats: {
    path: "/v4/managed/stats",
    section: "Endpoints / Managed monitoring",
    readOnly: true,
  },
  ticket: { path: "/v4/support/tickets/{ticketId}", section: "Support resources" },
  reply: { path: "/v4/support/tickets/{ticketId}/replies", section: "Support resources" },
  recipe: { path: "/v4/vm/recipes/{recipeId}", section: "Resources / Recipe", update: "partial" },
  tag: { path: "/v4/tags/{label}", section: "Resources / Tag" },
};

export type KindName = keyof typeof KIND_TABLE & string;

export interface ResourceModel extends KindRow {
  name: KindName;
  area: Area;
  /** the collection path (the item path without its last parameter) */
  collection: string;
  /** the path parameter naming one object of this kind; undefined for a kind with no item path */
  idParam?: string;
  /** the path parameters of the parent objects, outermost first */
  parentParams: string[];
  parent?: KindName;
  children: KindName[];
  update: UpdateSemantics;
  /** operation IDs by role; `action`s write, `read`s are further GETs on the object */
  ops: Record<Role, string[]>;
  members: {
    /** members the create request takes */
    create: string[];
    /** members the update request takes */
    update: string[];
    /** members of the record the view (or the list) answers, as the spec gives it */
    shown: string[];
    /** shown members the spec marks nullable */
    nullable: string[];
    /** shown members the spec marks read-only */
    readOnly: string[];
  };
  /** the material marks the record's body `not shown` (x-not-shown on the view's answer) */
  recordShown: boolean;
}

const segments = (p: string) => p.replace(/\/$/, "").split("/").filter(Boolean);
const isParam = (s: string) => s.startsWith("{");
const sameShape = (a: string, b: string) => a === b || (isParam(a) && isParam(b));

/** How many leading segments of `path` the kind's path matches (literal segments first). */
function matchLength(kindPath: string[], path: string[]): number {
  if (kindPath.length > path.length) return -1;
  for (let i = 0; i < kindPath.length; i++) {
    const k = kindPath[i]!;
    const p = path[i]!;
    if (k === p) continue;
    if (isParam(k) && isParam(p)) continue;
    if (isParam(k) && !isParam(p)) return -1; // a literal segment ("sshkey") is not an ID
    return -1;
  }
  return kindPath.length;
}

/** The kind an operation's path belongs to: the longest kind path it starts with (collections too). */
export function kindOfPath(path: string): KindName | undefined {
  const segs = segments(path);
  let best: { name: KindName; score: number } | undefined;
  for (const [name, row] of Object.entries(KIND_TABLE)) {
    const item = segments(row.path);
    const coll = isParam(item.at(-1)!) ? item.slice(0, -1) : item;
    // a collection path alone belongs to the kind only when nothing longer claims the path
    const score = Math.max(matchLength(item, segs) * 2 + 1, matchLength(coll, segs) * 2);
    if (score > 0 && (!best || score > best.score)) best = { name, score };
  }
  return best?.name;
}

function roleOf(op: OperationInfo, row: KindRow): Role {
  const explicit = row.roles?.[op.operationId];
  if (explicit) return explicit;
  const segs = segments(op.path);
  const item = segments(row.path);
  const hasItem = isParam(item.at(-1)!);
  const coll = hasItem ? item.slice(0, -1) : item;
  const atItem =
    hasItem && segs.length === item.length && segs.every((s, i) => sameShape(s, item[i]!));
  const atColl = !row.singleton && segs.length === coll.length;
  if (row.singleton && segs.length === item.length) return op.method === "GET" ? "view" : "update";
  if (atColl && op.method === "GET") return "list";
  if (atColl && op.method === "POST") return "create";
  if (atColl && op.method === "PUT") return "update"; // a singleton's update
  if (atItem && op.method === "GET") return "view";
  if (atItem && op.method === "PUT") return "update";
  if (atItem && op.method === "DELETE") return "delete";
  return op.method === "GET" ? "read" : "action";
}

type Schema = OpenAPIV3_1.SchemaObject & { $ref?: string; nullable?: boolean };

function deref(doc: OpenAPIV3_1.Document, s: any): Schema | undefined {
  let cur = s;
  for (let i = 0; cur?.$ref && i < 10; i++) {
    const name = String(cur.$ref).split("/").pop()!;
    cur = (doc.components?.schemas as any)?.[name];
  }
  return cur;
}

/** Properties of an object schema, allOf parts included. */
function properties(doc: OpenAPIV3_1.Document, s: any): Record<string, Schema> {
  const d = deref(doc, s);
  if (!d) return {};
  const out: Record<string, Schema> = {};
  for (const part of (d.allOf as any[]) ?? []) Object.assign(out, properties(doc, part));
  for (const [k, v] of Object.entries(d.properties ?? {})) out[k] = deref(doc, v) ?? (v as Schema);
  return out;
}

const isNullable = (s: Schema) =>
  s.nullable === true ||
  (Array.isArray(s.type) && s.type.includes("null")) ||
  ((s as any).anyOf ?? (s as any).oneOf ?? []).some((x: any) => x?.type === "null");

function requestMembers(doc: OpenAPIV3_1.Document, op: OperationInfo | undefined): string[] {
  const body = op?.operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const schema = body?.content?.["application/json"]?.schema;
  return schema ? Object.keys(properties(doc, schema)) : [];
}

function successSchema(op: OperationInfo | undefined): { schema?: any; notShown: boolean } {
  const responses = (op?.operation.responses ?? {}) as Record<string, OpenAPIV3_1.ResponseObject>;
  const code = Object.keys(responses).find((c) => c.startsWith("2"));
  const res = code ? responses[code] : undefined;
  const media = res?.content?.["application/json"] as any;
  return {
    schema: media?.schema,
    notShown: Boolean(
      (res as any)?.["x-not-shown"] ?? media?.["x-not-shown"] ?? media?.schema?.["x-not-shown"],
    ),
  };
}

let cached: Map<KindName, ResourceModel> | undefined;

/** The model of every kind, read from the document once. */
export function resourceModel(doc = loadOpenApi()): Map<KindName, ResourceModel> {
  if (cached && doc === loadOpenApi()) return cached;
  const operations = listOperations(doc);
  const models = new Map<KindName, ResourceModel>();
  for (const [name, row] of Object.entries(KIND_TABLE)) {
    const item = segments(row.path);
    const hasItem = isParam(item.at(-1)!);
    const params = item.filter(isParam).map((s) => s.slice(1, -1));
    models.set(name, {
      ...row,
      name,
      area: "conventions",
      collection: `/${(hasItem ? item.slice(0, -1) : item).join("/")}`,
      idParam: hasItem ? params.at(-1) : undefined,
      parentParams: hasItem ? params.slice(0, -1) : params,
      children: [],
      update: row.update ?? "none",
      ops: { list: [], create: [], view: [], update: [], delete: [], action: [], read: [] },
      members: { create: [], update: [], shown: [], nullable: [], readOnly: [] },
      recordShown: true,
    });
  }
  const claimed = new Map<string, KindName>();
  for (const [name, row] of Object.entries(KIND_TABLE))
    for (const id of Object.keys(row.roles ?? {})) claimed.set(id, name);
  for (const op of operations) {
    const name = claimed.get(op.operationId) ?? kindOfPath(op.path);
    if (!name) continue;
    const m = models.get(name)!;
    m.ops[roleOf(op, m)].push(op.operationId);
    m.area = op.area as Area;
  }
  // parents: the kind whose item path is the longest proper prefix of this kind's collection
  for (const m of models.values()) {
    const coll = segments(m.collection);
    let best: ResourceModel | undefined;
    for (const p of models.values()) {
      if (p === m || !p.idParam) continue;
      const ps = segments(p.path);
      if (ps.length <= coll.length && matchLength(ps, coll) === ps.length)
        if (!best || ps.length > segments(best.path).length) best = p;
    }
    if (best) {
      m.parent = best.name;
      best.children.push(m.name);
    }
  }
  const byId = new Map(operations.map((o) => [o.operationId, o]));
  for (const m of models.values()) {
    const view = byId.get(m.ops.view[0] ?? "");
    const list = byId.get(m.ops.list[0] ?? "");
    m.members.create = requestMembers(doc, byId.get(m.ops.create[0] ?? ""));
    m.members.update = requestMembers(doc, byId.get(m.ops.update[0] ?? ""));
    let { schema, notShown } = successSchema(view);
    if (!schema && list) {
      const l = successSchema(list);
      schema = (properties(doc, l.schema).data as any)?.items;
      notShown = l.notShown;
    }
    const props = schema ? properties(doc, schema) : {};
    m.recordShown = !notShown && Object.keys(props).length > 0;
    m.members.shown = Object.keys(props);
    m.members.nullable = Object.entries(props)
      .filter(([, s]) => isNullable(s))
      .map(([k]) => k);
    m.members.readOnly = Object.entries(props)
      .filter(([, s]) => s.readOnly)
      .map(([k]) => k);
  }
  if (doc === loadOpenApi()) cached = models;
  return models;
}

/** The kind an operation belongs to, and its role there. */
export function kindOfOperation(operationId: string): { kind: KindName; role: Role } | undefined {
  for (const m of resourceModel().values())
    for (const [role, ids] of Object.entries(m.ops))
      if (ids.includes(operationId)) return { kind: m.name, role: role as Role };
  return undefined;
}
