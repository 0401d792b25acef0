// Loads spec/openapi.yaml once and lists its operations. The suite side (harness, generators,
// suites, tests) reads the spec only through here; reference/ never imports it.
import { fileURLToPath } from "node:url";
import { readYaml } from "./yaml-cache.ts";
import type { OpenAPIV3_1 } from "openapi-types";

export const SPEC_PATH = fileURLToPath(new URL("./openapi.yaml", import.meta.url));
export const METHODS = ["get", "put", "post", "delete", "patch"] as const;

export interface OperationInfo {
  operationId: string;
  method: Uppercase<(typeof METHODS)[number]>;
  path: string;
  area: string;
  summary: string;
  deprecated: boolean;
  /** scopes that satisfy the operation; empty when it is public */
  scopes: string[];
  /** true when the operation may be called with no token at all */
  anonymous: boolean;
  operation: OpenAPIV3_1.OperationObject;
}

let cached: OpenAPIV3_1.Document | undefined;

export function loadOpenApi(): OpenAPIV3_1.Document {
  cached ??= readYaml(SPEC_PATH) as OpenAPIV3_1.Document;
  return cached;
}

/** one listing per document: the generators and the validator ask for it per case */
const listed = new WeakMap<OpenAPIV3_1.Document, readonly OperationInfo[]>();

export function listOperations(doc = loadOpenApi()): readonly OperationInfo[] {
  let out = listed.get(doc);
  if (!out) listed.set(doc, (out = readOperations(doc)));
  return out;
}

function readOperations(doc: OpenAPIV3_1.Document): OperationInfo[] {
  const out: OperationInfo[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const m of METHODS) {
      const op = (item as Record<string, OpenAPIV3_1.OperationObject | undefined>)?.[m];
      if (!op) continue;
      const security = op.security ?? doc.security ?? [];
      const scopes = [...new Set(security.flatMap((req) => Object.values(req).flat()))];
      out.push({
        operationId: op.operationId ?? `${m} ${path}`,
        method: m.toUpperCase() as OperationInfo["method"],
        path,
        area: op.tags?.[0] ?? "untagged",
        summary: op.summary ?? "",
        deprecated: op.deprecated === true,
        scopes,
        anonymous: security.length === 0 || security.some((req) => Object.keys(req).length === 0),
        operation: op,
      });
    }
  }
  return out;
}

export function operationById(id: string, doc = loadOpenApi()): OperationInfo | undefined {
  return listOperations(doc).find((o) => o.operationId === id);
}
