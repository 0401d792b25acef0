// The expected outcome of every cell of the authorization matrix (principal × operation), derived
// from spec/openapi.yaml's security scopes (the Endpoints tables' Scope columns) and the material's
// rules on principals: Authentication 2-5 and Events 1. Each rule cites its words through the
// requirement it names (spec/requirements.yaml). A cell the material does not decide is INFO.
import type { Column } from "../../harness/principals.ts";
import { listOperations, loadOpenApi } from "../../spec/index.ts";
import { kindOfOperation } from "../../spec/kinds.ts";
import { endpointClause, SAY } from "../shared/clauses.ts";

/**
 * allowed: served (any 2xx); refused: an error and nothing changed (read back as the owner);
 * hidden: the list answers, without the object; info: observed only.
 */
export type Expect = "allowed" | "refused" | "hidden" | "info";

export interface Cell {
  op: string;
  column: Column;
  expect: Expect;
  /** requirement IDs: the first decides the level; a refusal's status SHOULD follows */
  ids: string[];
  /** the status a refusal SHOULD answer (recorded, never a failure of the MUST) */
  should?: { id: string; statuses: number[] };
  /** the material's words that decide the cell (an INFO cell: the words that leave it open) */
  clause: string[];
}

interface OpScopes {
  /** public: no token needed (Authentication 4) */
  public: boolean;
  /** the scopes that satisfy the operation (any one of them) */
  scopes: string[];
  method: string;
  path: string;
  area: string;
  /** the scope sentence names neither of the area's scopes for it (x-scope-ambiguous) */
  ambiguous: boolean;
}

let table: Map<string, OpScopes> | undefined;

/** Each operation's scopes, from its security requirement in spec/openapi.yaml. */
export function opScopes(): Map<string, OpScopes> {
  if (table) return table;
  const doc = loadOpenApi();
  table = new Map();
  for (const o of listOperations(doc)) {
    const sec = (o.operation.security ?? doc.security ?? []) as Record<string, string[]>[];
    table.set(o.operationId, {
      public: sec.length === 0 || sec.some((s) => Object.keys(s).length === 0),
      scopes: [...new Set(sec.flatMap((s) => Object.values(s).flat()))],
      method: o.method,
      path: o.path,
      area: o.area,
      ambiguous: (o.operation as { "x-scope-ambiguous"?: boolean })["x-scope-ambiguous"] === true,
    });
  }
  return table;
}

/** The scopes Authentication 3 lists (the oauth scheme's scopes). */
export function scopesSeen(): string[] {
  const flows = (loadOpenApi().components?.securitySchemes?.oauth as any)?.flows;
  return Object.keys(flows?.authorizationCode?.scopes ?? {});
}

/** The scope area an operation needs (`account`, `vms`...), from its scopes. */
export const scopeArea = (op: string): string | undefined =>
  opScopes().get(op)?.scopes[0]?.split(":")[0];

/** The per-area scope requirement that names the operation (ACCT-SCOPE-2, VM-SCOPE-1...). */
function scopeRequirement(op: string, catalogIds: Map<string, string[]>): string | undefined {
  return [...catalogIds].find(([id, ops]) => /-SCOPE-\d+$/.test(id) && ops.includes(op))?.[0];
}

/** A scope refusal's requirements: the area's (ACCT-SCOPE-2...) and the general rule CONV-AUTH-11. */
function scopeIds(op: string, catalogIds: Map<string, string[]>): string[] {
  const id = scopeRequirement(op, catalogIds);
  return id ? [id, "CONV-AUTH-11"] : ["CONV-AUTH-11"];
}

/** Operations that change something (the refused write must change nothing). */
export const isWrite = (op: string): boolean => opScopes().get(op)?.method !== "GET";

/** Operations acting on an instance the caller names by `{vmId}` (the objects grants are on). */
const onInstance = (op: string): boolean =>
  opScopes().get(op)?.path.startsWith("/v4/vm/instances/{vmId}") === true;

/** The restricted-user rules the material states outside the instance grants (Authentication 5). */
const RESTRICTED_REFUSED: Record<string, { id: string; words: string }> = {
  cancelAccount: { id: "ACCT-CANCEL-3", words: SAY.cancel },
  listLogins: { id: "ACCT-LOGIN-3", words: SAY.logins },
  getLogin: { id: "ACCT-LOGIN-3", words: SAY.logins },
  createTag: { id: "TAG-CREATE-3", words: SAY.tags },
  deleteTag: { id: "TAG-DELETE-2", words: SAY.tags },
  createInstance: { id: "VM-CREATE-2", words: SAY.addVms },
};

/** Operations a second account legitimately acts on with the first's object (a transfer's receiver). */
const FOREIGN_BY_DESIGN = new Set([
  "getEntityTransfer",
  "acceptEntityTransfer",
  "cancelEntityTransfer",
]);

/** Operations whose path names no object of the first account, though it has parameters. */
const NOT_AN_OBJECT = new Set(["listTaggedObjects", "deleteTag", "listClusterBuckets"]);

/**
 * Operations whose request body the material does not show: no body a cell sends is one every
 * implementation must take, so a cell expecting it served is INFO (a refusal stays decided: no
 * body makes a request without the rights succeed).
 */
const BODY_NOT_SHOWN: Record<string, { id: string; words: string }> = {
  updateDisk: { id: "VM-DISK-10", words: "body: not shown" },
  createTicketAttachment: { id: "SUP-ATTACH-3", words: "body shape: not shown" },
};

const REFUSED_STATUS = {
  scope: [401, 403],
  anonymous: [401],
  foreign: [403, 404],
  grant: [403, 404],
};

/**
 * Whether the matrix level asks a cell. `full` (the default): every column. `classes`: every
 * operation once per principal class - no token; a token without the operation's scope (another
 * area's, and for a write also the area's read_only: the refusals a scope check exists for); a
 * restricted user (no grant, and for a write on an instance a read_only grant); another account
 * (both directions). The columns left to `full` are the allowed ones the area suites already send
 * (the owner, the exact scope, a read_write grant, add_vms) and the undecided read_write token.
 */
export function inMatrix(op: string, column: Column, level: "classes" | "full"): boolean {
  if (level === "full") return true;
  switch (column) {
    case "anonymous":
    case "token:other-area":
    case "restricted":
    case "second-account":
    case "first-account":
      return true;
    case "token:read_only":
      return isWrite(op);
    case "restricted:read_only":
      return isWrite(op) && onInstance(op);
    default:
      return false;
  }
}

/**
 * The cell of `op` for `column`; undefined where the column does not apply to the operation (no
 * object of its kind to be foreign to, no grant that could matter).
 */
export function expected(
  op: string,
  column: Column,
  catalogIds: Map<string, string[]>,
): Cell | undefined {
  const s = opScopes().get(op);
  if (!s) return undefined;
  const cell = (
    expect: Expect,
    ids: string[],
    clause: string[],
    should?: Cell["should"],
  ): Cell => ({ op, column, expect, ids, clause, ...(should ? { should } : {}) });
  const hasPathObject = /\{/.test(s.path);
  const kind = kindOfOperation(op);
  const row = endpointClause(op);
  // a cell that expects the operation served: undecided where the material shows no body for it
  const served = (ids: string[], clause: string[]): Cell => {
    const unshown = BODY_NOT_SHOWN[op];
    return unshown
      ? cell("info", [unshown.id], [...row, unshown.words])
      : cell("allowed", ids, clause);
  };
  const scopeRefused = () =>
    cell("refused", scopeIds(op, catalogIds), [...row, SAY.scopeColumn], {
      id: "CONV-AUTH-5",
      statuses: REFUSED_STATUS.scope,
    });
  switch (column) {
    case "anonymous":
      return s.public
        ? cell(
            "allowed",
            ["CONV-AUTH-6"],
            op === "listRecipes" ? [SAY.publicRecipes] : [SAY.publicOps],
          )
        : cell("refused", ["CONV-AUTH-2"], [SAY.bearer, SAY.publicOps], {
            id: "CONV-AUTH-4",
            statuses: REFUSED_STATUS.anonymous,
          });
    case "unrestricted":
      return s.public ? undefined : served(["CONV-AUTH-1"], [SAY.bearer, ...row]);
    case "token:read_only":
    case "token:read_write": {
      if (s.public) return undefined;
      const level = column.slice("token:".length);
      const area = scopeArea(op)!;
      const scope = `${area}:${level}`;
      if (!scopesSeen().includes(scope)) return undefined; // events and maintenance have no read_write
      // the scope sentence names neither of the area's scopes for this view (MNG-SCOPE-4)
      if (s.ambiguous) return cell("info", ["MNG-SCOPE-4"], row);
      if (s.scopes.includes(scope)) return served(["CONV-AUTH-9"], [SAY.schemes, ...row]);
      if (level === "read_write") return cell("info", ["CONV-AUTH-7"], row); // does read_write imply read_only: not shown
      return scopeRefused();
    }
    case "token:other-area": {
      if (s.public)
        return op === "listRecipes"
          ? cell("info", ["RCP-SCOPE-3"], [SAY.publicRecipes])
          : undefined;
      return scopeRefused();
    }
    case "restricted": {
      if (s.public) return undefined;
      const stated = RESTRICTED_REFUSED[op];
      if (stated)
        return cell("refused", [stated.id], [stated.words], {
          id: "AUTHZ-STATUS-1",
          statuses: REFUSED_STATUS.grant,
        });
      if (op === "listEvents") return cell("hidden", ["EVT-LIST-3"], [SAY.eventGrants]);
      if (op === "listInstances") return cell("hidden", ["AUTHZ-GRANT-1"], [SAY.grants]);
      if (op === "getEvent") return cell("refused", ["EVT-LIST-3"], [SAY.eventGrants]);
      if (onInstance(op))
        return cell("refused", ["AUTHZ-GRANT-1"], [SAY.grants], {
          id: "AUTHZ-STATUS-1",
          statuses: REFUSED_STATUS.grant,
        });
      return cell("info", ["AUTHZ-RESTRICTED-1"], [SAY.restricted]);
    }
    case "restricted:read_only":
    case "restricted:read_write": {
      if (!onInstance(op) && op !== "listInstances") return undefined;
      // to a new instance: add_vms
      if (op === "cloneInstance") return cell("refused", ["VM-CLONE-2"], [SAY.cloneAddVms]);
      // what a grant permits is read from its name alone: SHOULD (AUTHZ-GRANT-3, -5); a read_only
      // grant never permits a write: MUST (AUTHZ-GRANT-2)
      if (column === "restricted:read_write") return served(["AUTHZ-GRANT-3"], [SAY.grants]);
      return isWrite(op)
        ? cell("refused", ["AUTHZ-GRANT-2"], [SAY.grants], {
            id: "AUTHZ-STATUS-1",
            statuses: REFUSED_STATUS.grant,
          })
        : served(["AUTHZ-GRANT-5"], [SAY.grants]);
    }
    case "restricted:add_vms":
      return op === "createInstance"
        ? cell("allowed", ["AUTHZ-GRANT-4"], [SAY.grants, SAY.addVms])
        : undefined;
    case "second-account": {
      if (s.public) return undefined;
      const foreign = [SAY.ownAccount, SAY.owned];
      if (FOREIGN_BY_DESIGN.has(op)) return cell("info", ["AUTHZ-FOREIGN-3"], row);
      // the ID bounds a range of the caller's own events as much as it names one event: marking
      // its own up to another account's ID is one reading of the words
      if (op === "markEventSeen") return cell("info", ["AUTHZ-FOREIGN-1"], [SAY.markSeen]);
      if (op === "listTaggedObjects" || op === "listClusterBuckets")
        return cell("hidden", ["AUTHZ-FOREIGN-2"], foreign);
      if (op === "deleteTag") return cell("info", ["AUTHZ-FOREIGN-1"], [...row, SAY.tags]);
      if (op === "createTag") return cell("refused", ["TAG-CREATE-2"], [SAY.tagRights]);
      if (op === "createEntityTransfer") return cell("refused", ["AUTHZ-FOREIGN-1"], foreign);
      if (hasPathObject && !NOT_AN_OBJECT.has(op))
        return cell("refused", ["AUTHZ-FOREIGN-1"], foreign, {
          id: "CONV-AUTH-10",
          statuses: REFUSED_STATUS.foreign,
        });
      // a list of the second account's own, which must never hold the first's object
      if (kind?.role === "list" && !kind.kind.startsWith("managedStats"))
        return cell("hidden", ["AUTHZ-FOREIGN-2"], foreign);
      return undefined;
    }
    case "first-account":
      return undefined; // the reverse lists: foreign.test.ts declares them itself
  }
}
