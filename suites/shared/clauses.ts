// The material's words the generic cells rest on, verbatim (tests/clauses.test.ts finds each one in
// the material): the sentences several cells quote, and each operation's Endpoints row with the
// words that give its scope. A cell declares them as its `clause` (harness/check.ts).
import { ENDPOINT_ROWS } from "./endpoint-rows.ts";

export const SAY = {
  bearer: "Requests are authenticated with the header `Authorization: Bearer <ACCESS_TOKEN>`.",
  publicOps:
    "No authentication is needed for: clusters list and view, kernels list and view, OAuth client thumbnail view.",
  publicRecipes: "Recipes list without authentication returns only public recipes.",
  schemes:
    "Two schemes exist: `personalAccessToken` (a token created for the user) and `oauth` (a token issued to an OAuth client, restricted to scopes).",
  scopeColumn: "Scope column: the OAuth scope required (see Authentication)",
  scopesSeen: "The scope of each endpoint is in the Endpoints tables.",
  restricted:
    "Restricted users cannot cancel an account. Logins list and view are available only to unrestricted users. Only unrestricted users can add or modify tags.",
  cancel: "Restricted users cannot cancel an account.",
  logins: "Logins list and view are available only to unrestricted users.",
  tags: "Only unrestricted users can add or modify tags.",
  markSeen: "mark-seen sets `seen` on every event up to and including the given ID.",
  eventGrants: "Event results depend on the caller's grants.",
  grants:
    "Grants include add_vms (create or clone instances) and per-object read_only or read_write.",
  addVms: "The caller needs the add_vms grant; creation incurs a charge.",
  cloneAddVms: "needs add_vms grant when cloning to a new instance (charge applies)",
  tagRights:
    "the caller needs read_write on every one or the tag is not created and an error is returned",
  ownAccount: "It lets an authenticated user manage the following areas.",
  owned: "client owned by caller",
  enable: "| Managed service | enable operation | service not monitored | monitoring enabled | |",
  disable:
    "| Managed service | disable operation | service monitored | monitoring temporarily disabled | |",
  errorBody: "Error responses carry the Error body `{errors: [{field, reason}]}`",
  fieldError:
    "A field-level validation failure names the field, with a reason of the form that the field must be a valid value.",
  collection:
    "A paginated collection answers `{data: [...], page, pages, results}`; `page` is the current page (integer), `pages` the total number of pages (integer), `results` the total number of results (integer).",
  paging:
    "List endpoints that take pagination accept the query parameters `page` (integer >= 1, default 1) and `page_size` (integer 25..100, default 100).",
  vmDelete:
    "| Instance | delete | | removed | all disks, backups, configs removed; IP addresses given up; billing for it stops |",
  invoice: "subtotal (number, before tax), tax (number), total (number, after tax)",
  bucket:
    "| Bucket | cluster (string), created (date-time), hostname (string), label (string), objects (integer), size (integer, bytes) |",
  bucketCluster: "Bucket label is reserved only in the cluster where it was created",
  transfers:
    "| Entity transfer accept (deprecated) | POST /v4/account/entity-transfers/{token}/accept | account:read_write |",
} as const;

/** The operation's Endpoints row (to its Scope column where it has one) and its area's scope sentence. */
export function endpointClause(op: string): string[] {
  const r = ENDPOINT_ROWS[op];
  if (!r) return [];
  return r.scope ? [r.row, r.scope] : [r.row];
}

/** The whole Endpoints rows of the operations a generic cell sends (their requests and responses). */
export const rowsOf = (ops: readonly string[]): string[] => [
  ...new Set(ops.flatMap((op) => (ENDPOINT_ROWS[op] ? [ENDPOINT_ROWS[op].full] : []))),
];
