// Legal variants: switches like the faults, but each one a behaviour the material ALLOWS that differs
// from what this target does by default. A suite that fails a variant fails a conforming
// implementation (a false alarm). Most act on the finished reply here (statuses, timestamps, extra
// members, error bodies); the few that are one handler's choice read `ctx.variants` there.
// VARIANTS.md quotes the material's words that allow each one.
import { ApiError, type Reply } from "./http.ts";

export interface VariantSpec {
  name: string;
  description: string;
  /** SHOULD requirements of the suite's catalog this variant is expected to warn on (a convention it departs from) */
  shouldWarnings?: string[];
  /** MUST requirements whose checks are expected to skip: the variant hides a member the material does not list, which they observe */
  skips?: string[];
}

export const ALL_VARIANTS: VariantSpec[] = [
  {
    name: "created-201",
    description:
      "every create answers 201 with the record (not the bucket create of a bucket the caller already owns)",
  },
  {
    name: "action-202",
    description:
      "actions (boot, shutdown, rescue, resize, restore, backups enable/cancel, read/seen, accept, close, enable/disable, revoke, cancel...) answer 202",
  },
  {
    name: "timestamps-no-offset",
    description: "every date-time is written without a UTC offset (2018-01-02T03:04:05)",
    shouldWarnings: ["CONV-TIME-2"],
  },
  {
    name: "null-for-absent",
    description:
      "members with no value that may be null are null instead of left out or empty (an event's secondary_entity and a running event's duration, an unlimited key's bucket_access)",
  },
  {
    name: "nullable-omitted",
    description:
      "records the material shows (account and billing, events, OAuth clients, object storage) leave out a member with no value instead of answering it null (thumbnail_url, an event's message, rate, time_remaining…, a notification's body, until, when)",
  },
  {
    name: "extra-members",
    description:
      "records, Collection envelopes and Error bodies carry members the material does not list",
  },
  {
    name: "error-statuses",
    description:
      "422 for field validation, 401 for a token lacking the scope; other reason texts for errors naming no field, where the material fixes none",
    shouldWarnings: ["CONV-ERR-4"],
  },
  {
    name: "errors-empty",
    description: "an unknown path, method or ID answers the Error body with an empty errors array",
    shouldWarnings: ["CONV-ERR-8"],
  },
  {
    name: "page-size-clamp",
    description:
      "page and page_size outside their bounds are clamped instead of refused; a page past the last answers the last page",
  },
  {
    name: "jobs-delayed",
    description:
      "instance work (provisioning, boot, shutdown, resize, clone, restore, snapshot, disk create) takes 150 ms instead of finishing at once",
  },
  {
    name: "seeded-records",
    description:
      "account A already holds records nobody in the run made: two instances, a bucket, a key, an OAuth client, a managed contact, credential and service, a ticket, a recipe, a tag",
  },
  {
    name: "vm-label-unique",
    description:
      "instance labels are unique on the account: create, clone or update to a label another instance has is refused (400 naming label)",
  },
  {
    name: "cluster-unavailable",
    description: "the clusters list starts with a cluster whose status is unavailable",
  },
  {
    name: "unknown-members-refused",
    description:
      "a request body member the operation does not take is refused (400 naming it) instead of ignored",
  },
  {
    name: "memory-limit-zero",
    description:
      "a config created without memory_limit stores 0 (no limit below the instance's RAM)",
  },
  {
    name: "recipes-own-private-hidden",
    description: "the recipes list shows only public recipes, also to authenticated callers",
  },
  {
    name: "disk-update-label-refused",
    description: "disk update refuses a label change (400 naming label)",
  },
  {
    name: "promotions-lenient",
    description: "account update accepts a malformed active_promotions expire_dt and drops it",
  },
  {
    name: "kernel-id-unencoded-only",
    description:
      "kernel view takes the ID as path segments only (vm/latest-64bit); a percent-encoded slash is 404",
  },
  {
    name: "tag-element-no-type",
    description: "tagged-object elements are {data} without a type marker",
  },
  {
    name: "tag-exists-refused",
    description: "tag create with the label of an existing tag is refused (400 naming label)",
  },
  {
    name: "records-minimal",
    description:
      "buckets without acl and cors_enabled, tickets without status, closed and closable, managed services without status: records show only what the material lists",
    skips: ["OS-BUCKET-2"],
  },
  {
    name: "redaction-text",
    description: "the redacted OAuth client secret reads ******** instead of <REDACTED>",
  },
  {
    name: "lists-reversed",
    description:
      "every collection but the tickets list comes in the reverse of this target's order (events, logins, invoices oldest first; instances, keys… newest first)",
  },
  {
    name: "lists-lag",
    description:
      "a list (a collection, a bucket's contents, the objects carrying a tag; not the events list) may answer what it answered to the same request up to 0.5 s earlier: a write shows in the lists at most 0.5 s after it; views stay current",
  },
  {
    name: "events-lag",
    description:
      "an event shows in the events list and view up to 1 s after the write that caused it (each after its own delay of 0.5 to 1 s)",
  },
  {
    name: "bucket-counts-lag",
    description:
      "a bucket's objects and size are tallied once an hour (the target's clock): a new bucket reads 0 and 0 until the next tally",
    shouldWarnings: ["CONV-CALC-2"],
  },
  {
    name: "page-size-free",
    description: "lists whose page_size bounds the material does not name take page_size 1..500",
  },
  {
    name: "field-paths-no-index",
    description:
      "error fields of array items leave out the index (active_promotions.expire_dt, not active_promotions.0.expire_dt)",
  },
  {
    name: "json-charset",
    description: "JSON answers carry Content-Type application/json; charset=utf-8",
  },
  {
    name: "scopes-not-implied",
    description:
      "a token needs the exact scope an operation names: a read_write scope does not also grant the read_only one",
  },
  {
    name: "delete-idempotent",
    description:
      "a DELETE naming an ID of a possible shape that does not exist, or no longer does, answers {} instead of 404 (nothing changes); a malformed ID stays refused",
    shouldWarnings: ["CONV-ERR-5"],
  },
  {
    name: "foreign-403",
    description:
      "an ID another account owns answers 403 (forbidden) instead of 404 (not found) for a view, update, delete or action naming it",
  },
  {
    name: "oauth-create-secret-redacted",
    description:
      "OAuth client create answers the redacted secret; the plaintext comes only from a reset",
  },
  {
    name: "contact-update-replaces",
    description:
      "a managed contact update replaces the whole contact: the members it does not name are cleared (null)",
    shouldWarnings: ["CONV-SCOPE-2"],
  },
  {
    name: "snapshot-needs-backups",
    description:
      "a snapshot of an instance whose backup service is not enabled is refused (400, no field)",
  },
  {
    name: "card-not-in-account",
    description:
      "a credit card add leaves the account's credit_card as it was: the card shows only among the payment methods",
  },
  {
    name: "bucket-access-partial",
    description:
      "key create takes a bucket_access entry missing cluster, bucket_name or permissions: it grants nothing and is left out of the key's bucket_access (the key is limited)",
  },
  {
    name: "promotions-wrong-type-dropped",
    description:
      "account update drops an active_promotions item that is not an object or holds a member of another type than string, instead of refusing it",
  },
  {
    name: "rescue-sdh-accepted",
    description: "rescue boot takes a device in the reserved slot sdh like the slots sda..sdg",
  },
  {
    name: "object-url-method-required",
    description:
      "object URL create without method is refused (400 naming method) instead of taken as GET",
  },
  {
    name: "managed-text-conservative",
    description:
      "managed contact names and credential and service labels take ASCII letters, digits, -, _, . and spaces only; other text is refused (400 naming the member)",
    shouldWarnings: ["CONV-TEXT-1"],
  },
  {
    name: "object-list-page-50",
    description: "the bucket contents list answers 50 names by default instead of 100",
  },
  {
    name: "force-remove-unbounded",
    description:
      "a forced bucket removal succeeds whatever the number of objects (no count makes it fail)",
  },
  {
    name: "attachment-other-shape",
    description:
      "attachment create takes the file as a multipart part named attachment; a part named file is not read",
  },
  {
    name: "card-not-shown",
    description:
      "a credit card add keeps the card (the balance becomes chargeable) but shows it neither in the account's credit_card nor among the payment methods",
  },
  {
    name: "enable-monitored-refused",
    description:
      "enable of a managed service that is monitored (not disabled) is refused (400, no field)",
  },
  {
    name: "disk-update-refuses-size",
    description: "disk update refuses a size (400 naming size): a disk's size changes by a resize",
  },
  {
    name: "managed-views-read-write",
    description:
      "managed service view and instance settings view need account:read_write; account:read_only is refused",
  },
  {
    name: "grant-permits-less",
    description:
      "a restricted user may not delete or resize an instance whatever its grant, and needs read_write (not read_only) for its statistics and transfer",
    shouldWarnings: ["AUTHZ-GRANT-3", "AUTHZ-GRANT-5"],
  },
  {
    name: "email-validated",
    description:
      "the account's email must be an address (local@domain) and its phone and a managed contact's phones digits, spaces and + - ( ) . (400 naming the member)",
    shouldWarnings: ["CONV-TEXT-1"],
  },
];

/** Creates: POST operations that make a new record (method and route pattern). */
const CREATES = new Set([
  "/v4/object-storage/buckets/",
  "/v4/object-storage/keys",
  "/v4/account/entity-transfers",
  "/v4/account/oauth-clients",
  "/v4/managed/contacts",
  "/v4/managed/credentials",
  "/v4/managed/services",
  "/v4/support/tickets",
  "/v4/support/tickets/{ticketId}/replies",
  "/v4/vm/recipes",
  "/v4/tags",
  "/v4/vm/instances",
  "/v4/vm/instances/{vmId}/backups",
  "/v4/vm/instances/{vmId}/clone",
  "/v4/vm/instances/{vmId}/configs",
  "/v4/vm/instances/{vmId}/disks",
]);

/** Actions: POST operations that act on something that exists. */
const ACTIONS = new Set([
  "/v4/vm/instances/{vmId}/boot",
  "/v4/vm/instances/{vmId}/shutdown",
  "/v4/vm/instances/{vmId}/rescue",
  "/v4/vm/instances/{vmId}/resize",
  "/v4/vm/instances/{vmId}/backups/{backupId}/restore",
  "/v4/vm/instances/{vmId}/backups/cancel",
  "/v4/vm/instances/{vmId}/backups/enable",
  "/v4/account/events/{eventId}/read",
  "/v4/account/events/{eventId}/seen",
  "/v4/account/entity-transfers/{token}/accept",
  "/v4/account/credit-card",
  "/v4/object-storage/cancel",
  "/v4/object-storage/buckets/{clusterId}/{bucket}/access",
  "/v4/managed/credentials/{credentialId}/revoke",
  "/v4/managed/credentials/{credentialId}/update",
  "/v4/managed/services/{serviceId}/disable",
  "/v4/managed/services/{serviceId}/enable",
  "/v4/support/tickets/{ticketId}/close",
  "/v4/support/tickets/{ticketId}/attachments",
]);

/** delete-idempotent: path parameters that name by text; the others are integers or, `token`, a uuid. */
const NAMES = new Set(["clientId", "clusterId", "bucket", "label"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const possibleId = (name: string, value: string) =>
  NAMES.has(name) || (name === "token" ? UUID.test(value) : /^\d{1,15}$/.test(value));

/** records-minimal: members this target adds to records of these routes that the material does not list */
const UNLISTED: [RegExp, string[]][] = [
  [/^\/v4\/object-storage\/buckets\/(\{clusterId\}(\/\{bucket\})?)?$/, ["acl", "cors_enabled"]],
  [/^\/v4\/support\/tickets(\/\{ticketId\}(\/close)?)?$/, ["status", "closed", "closable"]],
  [/^\/v4\/managed\/services(\/\{serviceId\}(\/(enable|disable))?)?$/, ["status"]],
];

/** nullable-omitted: the routes whose records the material shows (the other areas' are not shown) */
const SHOWN = /^\/v4(beta)?\/(account|object-storage)(\/|$)/;

const ZULU = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)(?:Z|[+-]00:00)$/;
const VENDOR = { x_vendor: { variant: "extra-members", build: "ref-4.106.1" } };

/** Error texts the material fixes; the `error-statuses` variant keeps them. */
const FIXED_REASON = /strength requirement|insufficient space|balance/i;

export interface ErrorShape {
  status: number;
  errors: { field: string | null; reason: string }[];
  /** the error is a token lacking the operation's scope */
  scope?: boolean;
  /** the material fixes this status (the 400 of a sixth concurrent clone) */
  fixedStatus?: boolean;
}

const isObject = (b: unknown): b is Record<string, unknown> =>
  !!b && typeof b === "object" && !Array.isArray(b);
const isEmpty = (b: unknown) => isObject(b) && Object.keys(b).length === 0;

/** Names that are neither a variant nor `all`. */
function unknownVariants(names: readonly string[]): string[] {
  return names.filter((n) => n !== "all" && !ALL_VARIANTS.some((v) => v.name === n));
}

/**
 * The one check of variant names given from outside (a flag, the environment, a script): what is
 * wrong with them, or undefined when every one is known. The caller prefixes where they came from.
 */
export function variantNamesError(names: readonly string[]): string | undefined {
  const unknown = unknownVariants(names);
  return unknown.length
    ? `unknown variant ${unknown.join(", ")}; expected all or one of: ${ALL_VARIANTS.map((v) => v.name).join(", ")}`
    : undefined;
}

export class Variants {
  private active = new Set<string>();
  constructor(names: Iterable<string> = []) {
    this.set(names);
  }
  /** Turns on exactly these; `all` turns on every variant. Unknown names are refused. */
  set(names: Iterable<string>) {
    const list = [...names];
    const unknown = unknownVariants(list);
    if (unknown.length)
      throw new Error(`unknown variant(s): ${unknown.join(", ")}; see reference/VARIANTS.md`);
    this.active = new Set(list.includes("all") ? ALL_VARIANTS.map((v) => v.name) : list);
  }
  has(name: string): boolean {
    return this.active.has(name);
  }
  list(): string[] {
    return [...this.active];
  }

  /**
   * delete-idempotent: what a DELETE refused as not found answers instead (`{}`), when every path
   * parameter has a possible shape (a malformed ID is a validation error: still refused);
   * undefined when the refusal stands.
   */
  idempotentDelete(method: string, params: Record<string, string>, e: unknown): Reply | undefined {
    if (!this.active.has("delete-idempotent") || method !== "DELETE") return undefined;
    if (!(e instanceof ApiError) || e.status !== 404) return undefined;
    return Object.entries(params).every(([k, v]) => possibleId(k, v)) ? { body: {} } : undefined;
  }

  /** A successful reply of route `pattern` as this variant set writes it. */
  success(method: string, pattern: string, reply: Reply): Reply {
    if (reply.raw || this.active.size === 0) return reply;
    let { status = 200, body } = reply;
    if (status === 200 && method === "POST" && !reply.fixedStatus) {
      if (this.has("created-201") && CREATES.has(pattern)) status = 201;
      if (this.has("action-202") && ACTIONS.has(pattern)) status = 202;
    }
    const unlisted = this.has("records-minimal") && UNLISTED.find(([re]) => re.test(pattern))?.[1];
    if (unlisted) body = withoutMembers(body, unlisted);
    if (this.has("nullable-omitted") && SHOWN.test(pattern)) body = withoutNulls(body);
    if (this.has("timestamps-no-offset")) body = withoutOffsets(body);
    if (this.has("extra-members")) body = withExtraMembers(body);
    return { ...reply, status, body };
  }

  /** An error as this variant set writes it. */
  error(e: ErrorShape): { status: number; body: Record<string, unknown> } {
    let status = e.status;
    let errors = e.errors;
    if (this.has("error-statuses")) {
      if (e.scope) status = 401;
      else if (status === 400 && !e.fixedStatus && errors.some((x) => x.field !== null))
        status = 422;
      errors = errors.map((x) =>
        x.field !== null || FIXED_REASON.test(x.reason)
          ? x
          : { ...x, reason: GENERIC[status] ?? `Request refused: ${x.reason}` },
      );
    }
    if (
      this.has("errors-empty") &&
      (status === 404 || status === 405) &&
      errors.every((x) => x.field === null)
    )
      errors = [];
    if (this.has("field-paths-no-index"))
      errors = errors.map((x) =>
        x.field === null
          ? x
          : {
              ...x,
              field: x.field
                .split(".")
                .filter((p) => !/^\d+$/.test(p))
                .join("."),
            },
      );
    const body: Record<string, unknown> = { errors };
    if (this.has("extra-members")) {
      body.errors = errors.map((x) => ({ ...x, ...VENDOR }));
      Object.assign(body, VENDOR);
    }
    return { status, body };
  }
}

const GENERIC: Record<number, string> = {
  401: "Invalid Token",
  403: "Unauthorized",
  404: "Not found",
  405: "Method Not Allowed",
};

/** the record, or each item of its `data`, without these members */
function withoutMembers(body: unknown, names: string[]): unknown {
  const strip = (x: unknown) =>
    isObject(x) ? Object.fromEntries(Object.entries(x).filter(([k]) => !names.includes(k))) : x;
  if (isObject(body) && Array.isArray(body.data)) return { ...body, data: body.data.map(strip) };
  return strip(body);
}

/** the record, or each item of its `data`, without its null members */
function withoutNulls(body: unknown): unknown {
  const strip = (x: unknown) =>
    isObject(x) ? Object.fromEntries(Object.entries(x).filter(([, v]) => v !== null)) : x;
  if (isObject(body) && Array.isArray(body.data)) return { ...body, data: body.data.map(strip) };
  return strip(body);
}

function withoutOffsets(v: unknown): unknown {
  if (typeof v === "string") return v.replace(ZULU, "$1");
  if (Array.isArray(v)) return v.map(withoutOffsets);
  if (isObject(v))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withoutOffsets(x)]));
  return v;
}

/** The top-level record (or envelope) and each item of its `data` array get a vendor member; `{}` stays `{}`. */
function withExtraMembers(body: unknown): unknown {
  if (!isObject(body) || isEmpty(body)) return body;
  const out: Record<string, unknown> = { ...body, ...VENDOR };
  if (Array.isArray(body.data))
    out.data = body.data.map((x) => (isObject(x) ? { ...x, ...VENDOR } : x));
  return out;
}
