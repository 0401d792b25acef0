// The typed operation client: one function per operationId, built from spec/openapi.yaml.
// Tests never build URLs: ops.getBucket({ path: { clusterId, bucket } }).
import { listOperations, type OperationInfo } from "../spec/index.ts";
import type { ApiResponse, Client } from "./client.ts";
import { HarnessError, TargetFailure } from "./errors.ts";
import type { As, Principals } from "./principals.ts";
import type { OperationId } from "./operation-ids.ts";

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

export type OpFn = (opts?: CallOptions) => Promise<ApiResponse>;
export type Ops = Record<OperationId, OpFn>;

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

export function makeOps(client: Client, principals: Principals): Ops {
  const ops: Record<string, OpFn> = {};
  for (const op of listOperations()) {
    ops[op.operationId] = async (opts: CallOptions = {}) =>
      client.send({
        operationId: op.operationId,
        method: op.method,
        path: fillPath(op.path, opts.path, op.operationId),
        query: opts.query,
        body: opts.body,
        contentType: opts.contentType,
        headers: ACCEPT[op.operationId]
          ? { Accept: ACCEPT[op.operationId]!, ...opts.headers }
          : opts.headers,
        token: principals.token(opts.as ?? "admin"),
      });
  }
  // a misspelt operation is a harness bug, reported as such rather than "not a function"
  return new Proxy(ops, {
    get(target, name) {
      if (typeof name === "string" && !(name in target) && name !== "then")
        throw new HarnessError(`ops.${name}: no such operationId in spec/openapi.yaml`);
      return target[name as string];
    },
  }) as Ops;
}
