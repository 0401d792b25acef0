// The lists of values spec/openapi.yaml states (an `enum`, or an x- list such as the allowed
// attachment extensions), read from the spec so that a suite never retypes them.
import { HarnessError } from "../../harness/errors.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import { loadOpenApi, operationById } from "../../spec/index.ts";

/** Where a list sits: a member (dotted path) of a components schema or of an operation's JSON request body, or the operation itself. */
export type SpecPlace =
  | { schema: string; member: string }
  | { request: OperationId; member: string }
  | { operation: OperationId };

type Node = Record<string, any> | undefined;

/** Follows a local `$ref` (`#/components/...`). */
function resolve(node: Node): Node {
  const ref = node?.$ref;
  if (typeof ref !== "string") return node;
  let at: any = loadOpenApi();
  for (const part of ref.replace(/^#\//, "").split("/")) at = at?.[part];
  return resolve(at);
}

function root(place: SpecPlace): Node {
  if ("schema" in place) return resolve({ $ref: `#/components/schemas/${place.schema}` });
  const operation = operationById("request" in place ? place.request : place.operation)
    ?.operation as Node;
  if (!("request" in place)) return operation;
  return resolve(resolve(operation?.requestBody)?.content?.["application/json"]?.schema);
}

/** The values listed under `key` (default `enum`) at `place`, in the spec's order. */
export function specEnum<T = string>(place: SpecPlace, key = "enum"): T[] {
  let node = root(place);
  if ("member" in place)
    for (const part of place.member.split(".")) node = resolve(node?.properties?.[part]);
  const list = node?.[key];
  if (!Array.isArray(list))
    throw new HarnessError(`spec/openapi.yaml lists no ${key} at ${JSON.stringify(place)}`);
  return [...list] as T[]; // a copy: the parsed spec is shared
}
