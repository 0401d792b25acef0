// The typed operation client: one function per operationId, built from spec/openapi.yaml.
// Tests never build URLs: ops.getBucket({ path: { clusterId, bucket } }).
import { listOperations, type OperationInfo } from "../spec/index.ts";
import type { ApiResponse, Client, RequestSpec } from "./client.ts";
import type { Named, TokenRefresher } from "./token-command.ts";
import { HarnessError, TargetFailure } from "./errors.ts";
import type { As, Principals } from "./principals.ts";
import type { OperationId } from "./operation-ids.ts";
import type { operations as DocumentedOperations } from "../spec/operations.gen.ts";

/** How any request is sent, whatever its operation: the loose shape the client takes. */
export interface CallOptions {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body; Buffer or string bodies are sent raw with `contentType` */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /** who sends it; default admin */
  as?: As;
}

// The request of one operation as spec/openapi.yaml types it (spec/operations.gen.ts): tsc rejects
// a misspelt path parameter, query parameter or body member, and a missing path parameter.
type Operation<K extends OperationId> = DocumentedOperations[K];
/**
 * The path parameters, each named: a value is text in the URL, so an ID as a number or a string;
 * undefined is an ID the target's earlier answer did not give (fillPath: the target's failure).
 */
export type PathParams<K extends OperationId> = Operation<K>["parameters"]["path"] extends infer P
  ? undefined extends P
    ? undefined
    : { [N in keyof P]-?: string | number | undefined }
  : never;
export type QueryParams<K extends OperationId> = Operation<K>["parameters"]["query"];
/** The JSON body; a body of another media type (an image, a form) is sent raw; none: never. */
export type RequestBody<K extends OperationId> = [
  NonNullable<Operation<K>["requestBody"]>,
] extends [never]
  ? never
  : NonNullable<Operation<K>["requestBody"]> extends { content: infer C }
    ? "application/json" extends keyof C
      ? C["application/json"]
      : RawBody
    : never;
/** A body sent as is with `contentType` (a JSON text, an image, garbage): tsc does not read it. */
export type RawBody = Buffer | string;

/** The request of operation K (of each, for a union of operations). */
export type RequestOf<K extends OperationId> = K extends OperationId
  ? (undefined extends PathParams<K> ? { path?: undefined } : { path: PathParams<K> }) & {
      query?: QueryParams<K>;
      body?: RequestBody<K> | RawBody;
      contentType?: string;
      headers?: Record<string, string>;
      as?: As;
    }
  : never;

/**
 * The body of operation K's 2xx answer as the document shows it, open to members it does not list
 * (records carry more fields than the material lists); a record of any members where the body is
 * not shown; any for an answer that is not JSON, or of an operation not known to tsc (loose).
 */
export type SuccessBody<K extends string> = K extends OperationId
  ? Operation<K>["responses"] extends { "2XX": { content: { "application/json": infer B } } }
    ? 0 extends 1 & B
      ? { [member: string]: any }
      : B & { [member: string]: unknown }
    : any
  : any;

/** ops.X: the operation's request, typed; the path is required where the operation has one. */
export type OpFn<K extends OperationId> =
  undefined extends PathParams<K>
    ? (opts?: RequestOf<K>) => Promise<ApiResponse<K>>
    : (opts: RequestOf<K>) => Promise<ApiResponse<K>>;
export type Ops = { [K in OperationId]: OpFn<K> };

/** Any operation's function, the request untyped: what a table picking the operation at run time calls. */
export type LooseOpFn = (opts?: CallOptions) => Promise<ApiResponse>;
export type LooseOps = Record<OperationId, LooseOpFn>;

/**
 * The same ops, for a call whose operation is chosen at run time (`loose(ops)[op](...)`: a generic
 * table, fuzzing, cleanup): tsc cannot know which operation's request it is, so it checks none.
 */
export function loose(ops: Ops): LooseOps {
  return ops as unknown as LooseOps;
}

/**
 * A request value that breaks the operation's contract on purpose (a member of the wrong JSON type,
 * an unknown member, a parameter the operation does not take): tsc lets it through. Only checks
 * whose point is the target's answer to such a request use it.
 */
export function offContract(value: unknown): any {
  return value;
}

/** Fills `{name}` placeholders, URL-encoding each value. */
export function fillPath(
  template: string,
  params: Record<string, string | number> = {},
  operationId = "",
): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = params[name];
    if (!(name in params))
      throw new HarnessError(`${operationId}: path parameter "${name}" is missing`);
    // named but empty: the value came from an earlier answer of the target that did not hold it
    if (v === undefined || v === null || v === "")
      throw new TargetFailure(
        `${operationId}: path parameter "${name}" has no value: the target's earlier answer did not give it (${JSON.stringify(v ?? null)})`,
      );
    return encodeURIComponent(String(v));
  });
}

let operations: Map<string, OperationInfo> | undefined;
export function operationInfo(id: string): OperationInfo {
  operations ??= new Map(listOperations().map((o) => [o.operationId, o]));
  const op = operations.get(id);
  if (!op) throw new HarnessError(`unknown operationId "${id}"`);
  return op;
}

// What a client accepts from an operation whose answer is not JSON: the material says the thumbnail
// view answers "the image" (errors stay JSON); Accept: application/json alone may rightly get a 406
const ACCEPT: Partial<Record<string, string>> = {
  getOAuthClientThumbnail: "image/*, application/json;q=0.5",
};

/**
 * Sends as a principal whose token comes from a command (token-command.ts): a 401 to a token that
 * had worked gets a new token from the command and the request once more; both attempts are in
 * the check's record.
 */
async function sendRefreshing(
  client: Client,
  refresher: TokenRefresher,
  who: Named,
  spec: RequestSpec & { token: string },
): Promise<ApiResponse> {
  const res = await client.send(spec);
  if (res.status !== 401) {
    refresher.accepted(who, spec.token);
    return res;
  }
  const token = await refresher.replace(who, spec.token);
  const again = await client.send({ ...spec, token });
  if (again.status === 401) refresher.refusedFresh(who, token);
  else refresher.accepted(who, token);
  return again;
}

export function makeOps(client: Client, principals: Principals): Ops {
  const ops: Record<string, LooseOpFn> = {};
  const refresher = principals.refresher;
  for (const op of listOperations()) {
    ops[op.operationId] = async (opts: CallOptions = {}) => {
      const as = opts.as ?? "admin";
      const spec: RequestSpec = {
        operationId: op.operationId,
        method: op.method,
        path: fillPath(op.path, opts.path, op.operationId),
        query: opts.query,
        body: opts.body,
        contentType: opts.contentType,
        headers: ACCEPT[op.operationId]
          ? { Accept: ACCEPT[op.operationId]!, ...opts.headers }
          : opts.headers,
        token: principals.token(as),
      };
      return typeof as === "string" && as !== "anonymous" && refresher?.refreshes(as)
        ? sendRefreshing(client, refresher, as, spec as RequestSpec & { token: string })
        : client.send(spec);
    };
  }
  // a misspelt operation is a harness bug, reported as such rather than "not a function"
  return new Proxy(ops, {
    get(target, name) {
      if (typeof name === "string" && !(name in target) && name !== "then")
        throw new HarnessError(`ops.${name}: no such operationId in spec/openapi.yaml`);
      return target[name as string];
    },
  }) as unknown as Ops;
}
