// Response validation against spec/openapi.yaml: ajv (2020-12) + ajv-formats, one Ajv instance
// holding the whole document, each response schema compiled once on first use.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ValidateFunction } from "ajv";
import type { OpenAPIV3_1 } from "openapi-types";
import { loadOpenApi, listOperations, type OperationInfo } from "./index.ts";
import { SPEC_FORMATS } from "./formats.ts";
import { compileCached, documentHash, FORMATS_CODE } from "./compiled-cache.ts";

export interface SchemaCheck {
  ok: boolean;
  /** which schema was used: "200", "default", "Error", or none when the spec gives no schema */
  schema?: string;
  /** JSON pointer into the body of the first violation */
  pointer?: string;
  value?: unknown;
  message?: string;
  /**
   * The members of an accepted body that are null only by the policy (spec/README.md: typed members
   * deployed services answer null, marked `x-policy-null` in the document), as JSON pointers with
   * array indexes written `*`, each once. Observed as INFO (CONV-NULL-1).
   */
  nulls?: string[];
}

const DOC_ID = "plumbline:openapi";
/**
 * Whether the Ajv instances of a run check the document against the 2020-12 meta-schema. They do
 * not: spec/openapi.test.ts checks it once, strictly, and in a run the meta-schema's compilation and
 * the check cost every worker about half a second per instance.
 */
const RUNTIME_VALIDATES_SCHEMA = false;
/** The same document with the policy's nulls taken back: what the material's types alone accept. */
const TYPED_ID = "plumbline:openapi-typed";

/** Kept as code (spec/compiled-cache.ts); format checks read from the instance's own at load. */
const CODE = { source: true, formats: FORMATS_CODE };

/** ajv-formats plus the OpenAPI formats with no checkable shape. */
function addAllFormats(ajv: Ajv2020): void {
  // ajv-formats is CommonJS: its default export arrives as the module under Node ESM, as .default under tsc
  const mod = addFormats as unknown as { default?: (a: unknown) => void };
  const add = (mod.default ?? addFormats) as unknown as (a: unknown) => void;
  add(ajv);
  for (const f of ["int32", "int64", "float", "double", "password", "byte", "binary", "url"]) {
    if (f === "url") ajv.addFormat(f, (s: string) => /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(s));
    else ajv.addFormat(f, true);
  }
  // the policy's own formats (iso-date-time: ISO 8601, offset optional; spec/formats.ts)
  for (const [name, fn] of Object.entries(SPEC_FORMATS)) ajv.addFormat(name, fn);
}

export class Validator {
  private readonly ajv: Ajv2020;
  private readonly ops: Map<string, OperationInfo>;
  private readonly cache = new Map<string, ValidateFunction | null>();
  /** every error at once, on the typed document: where a body needed the policy's nulls */
  private readonly typed: Ajv2020;
  private readonly docHash: string;

  constructor(private readonly doc: OpenAPIV3_1.Document = loadOpenApi()) {
    // strict off: the document carries OpenAPI keywords (example, discriminator) and x- extensions
    this.ajv = new Ajv2020({
      strict: false,
      allErrors: false,
      logger: false,
      validateFormats: true,
      validateSchema: RUNTIME_VALIDATES_SCHEMA,
      code: CODE,
    });
    addAllFormats(this.ajv);
    this.ajv.addSchema({ ...(doc as object), $id: DOC_ID } as object, DOC_ID);
    this.typed = new Ajv2020({
      strict: false,
      allErrors: true,
      logger: false,
      validateSchema: RUNTIME_VALIDATES_SCHEMA,
      code: CODE,
    });
    addAllFormats(this.typed);
    this.typed.addSchema({ ...(withoutPolicyNulls(doc) as object), $id: TYPED_ID } as object);
    this.docHash = documentHash(doc);
    this.ops = new Map(listOperations(doc).map((o) => [o.operationId, o]));
  }

  private compiled(key: string, ref: string | object): ValidateFunction | null {
    if (!this.cache.has(key)) {
      // one compiled function for every key whose schema reads the same
      const same = typeof ref === "string" ? `same:${this.first(ref)}` : undefined;
      const fn =
        (same ? this.cache.get(same) : undefined) ??
        compileCached(
          this.ajv,
          `responses:${this.docHash}`,
          typeof ref === "string" ? { $ref: `${DOC_ID}#${this.first(ref)}` } : ref,
        );
      this.cache.set(key, fn);
      if (same) this.cache.set(same, fn);
    }
    return this.cache.get(key)!;
  }

  /** For each schema text, and each pointer, the first pointer whose schema reads the same. */
  private readonly firstOfText = new Map<string, string>();
  private readonly firstOfPointer = new Map<string, string>();

  /**
   * Schemas the same in text are compiled once: 249 responses are the Error `$ref` alone, and each
   * compile of it cost a worker as much as any other (a third of a second per worker in all). The
   * `$ref`s in a schema point into the one document, so the same text is the same schema.
   */
  private first(pointer: string): string {
    let found = this.firstOfPointer.get(pointer);
    if (found === undefined) {
      const text = JSON.stringify(resolvePointer(this.doc, pointer)) ?? pointer;
      found = this.firstOfText.get(text) ?? pointer;
      this.firstOfText.set(text, found);
      this.firstOfPointer.set(pointer, found);
    }
    return found;
  }

  /** The spec's Error body (spec/openapi.test.ts makes sure the document has it). */
  private errorSchema(): ValidateFunction {
    return this.compiled("Error", "/components/schemas/Error")!;
  }

  /** The JSON pointer (inside the document) of the response schema for this status, if any. */
  private responsePointer(
    op: OperationInfo,
    status: number,
  ): { pointer: string; label: string } | undefined {
    const responses = (op.operation.responses ?? {}) as Record<
      string,
      OpenAPIV3_1.ResponseObject | OpenAPIV3_1.ReferenceObject
    >;
    const code = [String(status), `${String(status)[0]}XX`, "default"].find((c) => responses[c]);
    if (!code) return undefined;
    let resp = responses[code] as OpenAPIV3_1.ResponseObject & { $ref?: string };
    let base = `/paths/${esc(op.path)}/${op.method.toLowerCase()}/responses/${esc(code)}`;
    if (resp.$ref) {
      base = resp.$ref.replace(/^#/, "");
      resp = resolvePointer(this.doc, base) as typeof resp;
    }
    const types = Object.keys(resp?.content ?? {});
    const type = types.find((t) => /json/.test(t));
    if (!type || !resp.content?.[type]?.schema) return undefined;
    return { pointer: `${base}/content/${esc(type)}/schema`, label: code };
  }

  /**
   * Whether the spec shows a success body for this operation and status: a schema that is not
   * marked `x-not-shown` (a record, `{}`, a collection). An empty answer cannot be such a body.
   */
  showsBody(operationId: string, status: number): boolean {
    const op = this.ops.get(operationId);
    const found = op && this.responsePointer(op, status);
    if (!found) return false;
    const schema = resolvePointer(this.doc, found.pointer) as Record<string, unknown> | undefined;
    return !!schema && schema["x-not-shown"] !== true;
  }

  /** Checks a response body against its operation's schema for the status (Error shape for 4xx/5xx). */
  checkResponse(operationId: string, status: number, body: unknown): SchemaCheck {
    const op = this.ops.get(operationId);
    if (!op) throw new Error(`unknown operationId ${operationId}`);
    const found = this.responsePointer(op, status);
    let fn: ValidateFunction | null;
    let label: string;
    if (found && !(status >= 400 && found.label === "default")) {
      fn = this.compiled(`${operationId}:${found.label}`, found.pointer);
      label = found.label;
    } else if (status >= 400) {
      fn = this.errorSchema();
      label = "Error";
    } else {
      return { ok: true };
    }
    if (!fn) return { ok: true };
    if (fn(body)) {
      const nulls = found && status < 400 ? this.policyNulls(found.pointer, body) : [];
      return nulls.length ? { ok: true, schema: label, nulls } : { ok: true, schema: label };
    }
    const err = fn.errors![0];
    return {
      ok: false,
      schema: label,
      pointer: err.instancePath || "/",
      value: valueAt(body, err.instancePath),
      message: `${err.instancePath || "/"} ${err.message}${err.params && "additionalProperty" in err.params ? ` (${(err.params as { additionalProperty: string }).additionalProperty})` : ""}`,
    };
  }

  /** Where an accepted body is null only because the policy lets the member be (`x-policy-null`). */
  private policyNulls(pointer: string, body: unknown): string[] {
    if (!nullPointers(body).length) return [];
    const key = `typed:${this.first(pointer)}`;
    if (!this.cache.has(key))
      this.cache.set(
        key,
        compileCached(this.typed, `typed:${this.docHash}`, {
          $ref: `${TYPED_ID}#${this.first(pointer)}`,
        }),
      );
    const fn = this.cache.get(key)!;
    if (fn(body)) return [];
    const at = (fn.errors ?? [])
      .filter((e) => e.instancePath && valueAt(body, e.instancePath) === null)
      .map((e) => e.instancePath.replace(/\/\d+(?=\/|$)/g, "/*"));
    return [...new Set(at)];
  }

  /** Checks a body against the Error shape, whatever the operation. */
  checkError(body: unknown): SchemaCheck {
    const fn = this.errorSchema();
    if (fn(body)) return { ok: true, schema: "Error" };
    const err = fn.errors![0];
    return {
      ok: false,
      schema: "Error",
      pointer: err.instancePath || "/",
      value: valueAt(body, err.instancePath),
      message: `${err.instancePath || "/"} ${err.message}`,
    };
  }
}

/**
 * A copy of the document in which the members marked `x-policy-null` take no null: their types as
 * the material gives them, without the policy's leniency for what deployed services answer.
 */
export function withoutPolicyNulls<T>(doc: T): T {
  const isNull = (x: unknown) =>
    !!x && typeof x === "object" && (x as { type?: unknown }).type === "null";
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== "object") return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x);
    if (out["x-policy-null"] === true) {
      if (Array.isArray(out.type)) out.type = (out.type as unknown[]).filter((t) => t !== "null");
      if (Array.isArray(out.anyOf)) out.anyOf = (out.anyOf as unknown[]).filter((x) => !isNull(x));
    }
    return out;
  };
  return walk(doc) as T;
}

/** JSON pointers of the null values inside a body. */
function nullPointers(body: unknown, at = ""): string[] {
  if (body === null) return [at || "/"];
  if (!body || typeof body !== "object") return [];
  return Object.entries(body).flatMap(([k, v]) => nullPointers(v, `${at}/${esc(k)}`));
}

function esc(s: string): string {
  return s.replace(/~/g, "~0").replace(/\//g, "~1");
}

function resolvePointer(doc: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .reduce<any>((o, part) => o?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
}

function valueAt(body: unknown, pointer: string): unknown {
  return pointer ? resolvePointer(body, pointer) : body;
}

/**
 * Request-side checks for generators/: every error of a value against a schema of the document
 * (allErrors), so a generated violation can be shown to break exactly the member it claims.
 */
export class RequestValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly docHash: string;

  constructor(private readonly doc: OpenAPIV3_1.Document = loadOpenApi()) {
    this.ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      logger: false,
      validateFormats: true,
      validateSchema: RUNTIME_VALIDATES_SCHEMA,
      code: CODE,
    });
    addAllFormats(this.ajv);
    this.ajv.addSchema({ ...(doc as object), $id: DOC_ID } as object, DOC_ID);
    this.docHash = documentHash(doc);
  }

  /** Errors of `value` against the schema at `pointer` (a JSON pointer into the document) or a schema object whose $refs point into it. */
  errors(
    key: string,
    schema: string | object,
    value: unknown,
  ): { instancePath: string; keyword: string; params: Record<string, unknown> }[] {
    let fn = this.cache.get(key);
    if (!fn) {
      // one compiled function per schema text: operations share bodies and parameters (254
      // compiles for every operation's parts were 173 schemas)
      const text = `text:${JSON.stringify(typeof schema === "string" ? resolvePointer(this.doc, schema) : schema)}`;
      fn =
        this.cache.get(text) ??
        compileCached(
          this.ajv,
          `requests:${this.docHash}`,
          typeof schema === "string" ? { $ref: `${DOC_ID}#${schema}` } : schema,
        );
      this.cache.set(key, fn);
      this.cache.set(text, fn);
    }
    return fn(value)
      ? []
      : (fn.errors ?? []).map((e) => ({
          instancePath: e.instancePath,
          keyword: e.keyword,
          params: e.params as Record<string, unknown>,
        }));
  }

  /** `$ref` to a place in the document, for schemas built around the document's own. */
  static ref(pointer: string): { $ref: string } {
    return { $ref: `${DOC_ID}#${pointer}` };
  }
}

let sharedRequests: RequestValidator | undefined;
export function requestValidator(): RequestValidator {
  sharedRequests ??= new RequestValidator();
  return sharedRequests;
}

let shared: Validator | undefined;
/** The validator compiled from spec/openapi.yaml, built once per process. */
export function validator(): Validator {
  shared ??= new Validator();
  return shared;
}

export function checkResponse(operationId: string, status: number, body: unknown): SchemaCheck {
  return validator().checkResponse(operationId, status, body);
}
