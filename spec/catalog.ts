// The requirement catalog: the hand-written clauses of spec/requirements.yaml plus the field-level
// constraints generated from spec/openapi.yaml at load time (one requirement per constrained field
// per operation, and one per type-only member: a JSON type and nothing more, whose wrong-type
// refusal is still a rule). The harness imports loadCatalog() to refuse unknown requirement IDs and to count
// coverage; the consistency test is spec/catalog.test.ts; the scheme is explained in spec/README.md
// ("The requirement catalog").
import { fileURLToPath } from "node:url";
import { readYaml } from "./yaml-cache.ts";
import type { OpenAPIV3_1 } from "openapi-types";
import { listOperations, loadOpenApi, type OperationInfo } from "./index.ts";

/** the areas requirements belong to (one list: spec/areas.ts) */
export { AREAS } from "./areas.ts";

export const REQUIREMENTS_PATH = fileURLToPath(new URL("./requirements.yaml", import.meta.url));

export const KINDS = [
  "happy",
  "validation",
  "state",
  "error",
  "auth",
  "convention",
  "limit",
] as const;
export const LEVELS = ["MUST", "SHOULD", "INFO"] as const;

/** Hand-written IDs: AREA-TOPIC-N, e.g. VM-BOOT-3, CONV-PAGE-2 (topic may have several dash parts). */
export const HAND_ID_PATTERN = /^[A-Z]+(?:-[A-Z][A-Z0-9]*)+-[1-9][0-9]*$/;
/** Generated IDs: FIELD.<operationId>.<dotted field path>, e.g. FIELD.createConfig.devices.sda.disk_id */
export const FIELD_ID_PATTERN = /^FIELD\.[A-Za-z][A-Za-z0-9]*\.[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * Operation wildcards allowed in requirements.yaml, expanded by the loader:
 * `*` every operation; `*authenticated` every operation that needs a token; `@<area>` every
 * operation of that area (its OpenAPI tag).
 */
export const WILDCARD_ALL = "*";
export const WILDCARD_AUTHENTICATED = "*authenticated";

export interface Requirement {
  id: string;
  area: string;
  operations: string[];
  kind: "happy" | "validation" | "state" | "error" | "auth" | "convention" | "limit";
  level: "MUST" | "SHOULD" | "INFO";
  source: string;
  statement: string;
  generated?: boolean;
  field?: string;
  /** generated FIELD IDs this hand-written entry replaces: they become INFO "superseded by" it */
  supersedes?: string[];
  /** generated for a type-only member: its JSON types (null included when nullable) */
  jsonTypes?: string[];
}

export interface Catalog {
  requirements: Requirement[];
  byId: Map<string, Requirement>;
}

/** A requirement as written in requirements.yaml, before wildcard expansion. */
export type RawRequirement = Omit<Requirement, "generated" | "field" | "jsonTypes">;

export function loadRawRequirements(path = REQUIREMENTS_PATH): RawRequirement[] {
  const doc = readYaml(path) as { requirements?: RawRequirement[] } | null;
  const list = doc?.requirements;
  if (!Array.isArray(list)) throw new Error(`${path}: expected a top-level 'requirements' list`);
  return list.map((r) => ({
    ...r,
    id: String(r.id),
    operations: Array.isArray(r.operations) ? r.operations.map(String) : [],
    source: String(r.source ?? ""),
    statement: String(r.statement ?? "").trim(),
  }));
}

/** Expands wildcards; unknown wildcards and unknown operationIds are kept as written (the test reports them). */
export function expandOperations(ops: string[], all: readonly OperationInfo[]): string[] {
  const out: string[] = [];
  for (const op of ops) {
    if (op === WILDCARD_ALL) out.push(...all.map((o) => o.operationId));
    else if (op === WILDCARD_AUTHENTICATED)
      out.push(...all.filter((o) => !o.anonymous).map((o) => o.operationId));
    else if (op.startsWith("@"))
      out.push(...all.filter((o) => o.area === op.slice(1)).map((o) => o.operationId));
    else out.push(op);
  }
  return [...new Set(out)];
}

// ---------------------------------------------------------------------------------------------
// Generated field requirements

type Schema = Record<string, any>;

/** Lists whose page_size bounds the material states (Limits: "vm, config, disk, volume, kernel,
 * managed and support lists, recipes list"). On other lists the bound is INFO: general convention 5
 * gives 25..100 for every paginated list, while Limits says bounds on other lists are not shown. */
export const PAGE_SIZE_BOUNDED_OPERATIONS = new Set([
  "listInstances",
  "listConfigs",
  "listDisks",
  "listInstanceVolumes",
  "listKernels",
  "listManagedContacts",
  "listManagedCredentials",
  "listManagedIssues",
  "listManagedVmSettings",
  "listManagedServices",
  "listTickets",
  "listTicketReplies",
  "listRecipes",
]);

/** Section heading used when an operation carries no x-material-section. */
const AREA_SECTION: Record<string, string> = {
  account: "Account and billing",
  events: "Account and billing",
  "oauth-clients": "OAuth clients",
  "object-storage": "Object storage",
  vm: "Compute instances (vm)",
  managed: "Managed monitoring",
  support: "Support",
  recipes: "Recipes",
  tags: "Tags",
};

/** formats that are hints, not checks */
const HINT_FORMATS = new Set(["password", "binary"]);

function resolveRef(doc: unknown, ref: string): Schema | undefined {
  if (!ref.startsWith("#/")) return undefined;
  let cur: any = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (cur == null || typeof cur !== "object") return undefined;
    cur = cur[key];
  }
  return cur && typeof cur === "object" ? (cur as Schema) : undefined;
}

/** Follows $ref chains (cycle-safe); sibling keywords of a $ref win over the target's. */
function deref(doc: unknown, s: unknown, seen = new Set<string>()): Schema | undefined {
  if (!s || typeof s !== "object") return undefined;
  let schema = s as Schema;
  while (typeof schema.$ref === "string") {
    if (seen.has(schema.$ref)) return undefined;
    seen.add(schema.$ref);
    const target = resolveRef(doc, schema.$ref);
    if (!target) return undefined;
    const { $ref: _ignored, ...siblings } = schema;
    schema = { ...target, ...siblings };
  }
  return schema;
}

function typesOf(s: Schema): string[] {
  const t = s.type;
  const list = Array.isArray(t) ? t.map(String) : typeof t === "string" ? [t] : [];
  if (s.nullable === true && !list.includes("null")) list.push("null");
  return list;
}

interface FieldInfo {
  path: string;
  parts: string[];
  required: boolean;
  constrained: boolean;
  /** a JSON type and no bound, enum, pattern or format, not required */
  typeOnly?: boolean;
  jsonTypes?: string[];
}

function fmtNum(n: unknown): string {
  return typeof n === "number" ? String(n) : JSON.stringify(n);
}

function range(min: unknown, max: unknown, unit: string): string | undefined {
  const hasMin = typeof min === "number";
  const hasMax = typeof max === "number";
  if (hasMin && hasMax)
    return min === max ? `exactly ${fmtNum(min)}${unit}` : `${fmtNum(min)}..${fmtNum(max)}${unit}`;
  if (hasMin) return `>= ${fmtNum(min)}${unit}`;
  if (hasMax) return `<= ${fmtNum(max)}${unit}`;
  return undefined;
}

/** Describes the value constraints of one (dereferenced) schema; returns [] when there are none. */
function describeConstraints(doc: unknown, s: Schema, depth = 0): string[] {
  const parts: string[] = [];
  if (s.enum !== undefined && Array.isArray(s.enum)) {
    const vals = s.enum
      .filter((v: unknown) => v !== null)
      .map((v: unknown) => (typeof v === "string" ? v : JSON.stringify(v)));
    if (vals.length) parts.push(`one of ${vals.join(", ")}`);
  }
  if (s.const !== undefined) parts.push(`exactly ${JSON.stringify(s.const)}`);
  const len = range(s.minLength, s.maxLength, " chars");
  if (len) parts.push(len);
  if (typeof s.pattern === "string") parts.push(`pattern ${s.pattern}`);
  if (typeof s.format === "string" && !HINT_FORMATS.has(s.format)) parts.push(`format ${s.format}`);
  const lo = typeof s.exclusiveMinimum === "number" ? undefined : s.minimum;
  const hi = typeof s.exclusiveMaximum === "number" ? undefined : s.maximum;
  const num = range(lo, hi, "");
  if (num) parts.push(num);
  if (typeof s.exclusiveMinimum === "number") parts.push(`> ${s.exclusiveMinimum}`);
  if (typeof s.exclusiveMaximum === "number") parts.push(`< ${s.exclusiveMaximum}`);
  if (typeof s.multipleOf === "number") parts.push(`multiple of ${s.multipleOf}`);
  const items = range(s.minItems, s.maxItems, " items");
  if (items) parts.push(items);
  if (s.uniqueItems === true) parts.push("unique items");
  const props = range(s.minProperties, s.maxProperties, " properties");
  if (props) parts.push(props);
  // array of scalars: the item constraints belong to the array field itself
  if (depth < 3 && (typesOf(s).includes("array") || (s.items && !s.type))) {
    const item = deref(doc, s.items);
    if (item && !isObjectSchema(doc, item)) {
      const inner = describeValue(doc, item, depth + 1);
      if (inner.parts.length)
        parts.push(
          `each item ${inner.types.join(" or ")} ${inner.parts.join(", ")}`.replace(/ +/g, " "),
        );
    }
  }
  return parts;
}

function _typeLabel(s: Schema): string {
  const t = typesOf(s).filter((x) => x !== "null");
  return t.join(" or ");
}

function isObjectSchema(doc: unknown, s: Schema): boolean {
  if (s.properties && typeof s.properties === "object") return true;
  for (const key of ["allOf", "oneOf", "anyOf"]) {
    if (
      Array.isArray(s[key]) &&
      s[key].some((b: unknown) => {
        const d = deref(doc, b);
        return d ? isObjectSchema(doc, d) : false;
      })
    )
      return true;
  }
  return false;
}

/** The schema with its allOf parts (recursively): every keyword of these holds at once. */
function conjuncts(doc: unknown, s: Schema, depth = 0): Schema[] {
  const out: Schema[] = [s];
  if (depth > 8 || !Array.isArray(s.allOf)) return out;
  for (const b of s.allOf) {
    const d = deref(doc, b);
    if (d) out.push(...conjuncts(doc, d, depth + 1));
  }
  return out;
}

/** The oneOf/anyOf alternatives of a schema (and of its allOf parts), dereferenced. */
function alternatives(doc: unknown, s: Schema): Schema[] {
  const out: Schema[] = [];
  for (const c of conjuncts(doc, s)) {
    for (const key of ["oneOf", "anyOf"]) {
      if (!Array.isArray(c[key])) continue;
      for (const b of c[key]) {
        const d = deref(doc, b);
        if (d) out.push(d);
      }
    }
  }
  return out;
}

/** The $refs a schema is made of: its own chain and those of its allOf parts. */
function refsOf(doc: unknown, root: unknown, depth = 0): string[] {
  if (!root || typeof root !== "object" || depth > 8) return [];
  const out: string[] = [];
  let cur: Schema | undefined = root as Schema;
  const seen = new Set<string>();
  while (cur && typeof cur.$ref === "string" && !seen.has(cur.$ref)) {
    seen.add(cur.$ref);
    out.push(cur.$ref);
    cur = resolveRef(doc, cur.$ref);
  }
  for (const s of [root as Schema, cur]) {
    if (s && Array.isArray(s.allOf))
      for (const b of s.allOf) out.push(...refsOf(doc, b, depth + 1));
  }
  return [...new Set(out)];
}

interface ValueDesc {
  types: string[];
  nullable: boolean;
  parts: string[];
}

function isNullOnly(s: Schema): boolean {
  const t = typesOf(s);
  return (
    (t.length > 0 && t.every((x) => x === "null")) ||
    s.const === null ||
    (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null)
  );
}

/** Type and constraints of a value, alternatives included ("format ipv4 or ipv6", "either ... or ..."). */
function describeValue(doc: unknown, s: Schema, depth = 0): ValueDesc {
  const types: string[] = [];
  let nullable = false;
  const parts: string[] = [];
  const add = (p: string) => {
    if (!parts.includes(p)) parts.push(p);
  };
  for (const c of conjuncts(doc, s)) {
    for (const t of typesOf(c))
      t === "null" ? (nullable = true) : !types.includes(t) && types.push(t);
    for (const p of describeConstraints(doc, c, depth)) add(p);
  }
  if (depth < 4) {
    const alts = alternatives(doc, s);
    const described: ValueDesc[] = [];
    for (const a of alts) {
      if (isNullOnly(a)) {
        nullable = true;
        continue;
      }
      const d = describeValue(doc, a, depth + 1);
      if (d.nullable) nullable = true;
      for (const t of d.types) if (!types.includes(t)) types.push(t);
      described.push(d);
    }
    const withParts = described.filter((d) => d.parts.length > 0);
    if (withParts.length === 1 && described.length === 1) withParts[0].parts.forEach(add);
    else if (withParts.length > 0) {
      const formats = withParts.every(
        (d) => d.parts.length === 1 && d.parts[0].startsWith("format "),
      );
      if (formats && withParts.length === described.length)
        add(`format ${withParts.map((d) => d.parts[0].slice(7)).join(" or ")}`);
      else
        add(
          `either ${described.map((d) => (d.parts.length ? d.parts.join(", ") : d.types.join(" or ") || "any")).join(" or ")}`,
        );
    }
  }
  return { types, nullable, parts };
}

/**
 * Walks a request schema and collects one FieldInfo per constrained field (dotted path; array item
 * properties share the array's path: interfaces.label). `required` comes from the schema and its
 * allOf parts only: a property required inside one oneOf/anyOf alternative is not required as such.
 */
function walkSchema(
  doc: unknown,
  root: unknown,
  prefix: string,
  requiredHere: boolean,
  acc: Map<string, FieldInfo>,
  depth: number,
  refs: ReadonlySet<string> = new Set(),
): void {
  // a schema that refers back to one it is nested in (a recursive shape) is not walked again
  const own = refsOf(doc, root);
  if (own.some((r) => refs.has(r))) return;
  const path = own.length ? new Set([...refs, ...own]) : refs;
  const s = deref(doc, root);
  if (!s || depth > 12) return;
  const conj = conjuncts(doc, s);
  if (conj.some((b) => b.readOnly === true)) return;

  if (prefix) {
    const v = describeValue(doc, s);
    // x-invalid-replaced: the material replaces an invalid value by the default (root_device), so a
    // wrong type is not a refusal rule
    const replaced = conj.some((b) => b["x-invalid-replaced"] === true);
    if (v.parts.length > 0 || requiredHere || (v.types.length > 0 && !replaced)) {
      const prev = acc.get(prefix);
      if (prev) {
        for (const p of v.parts) if (!prev.parts.includes(p)) prev.parts.push(p);
        prev.required ||= requiredHere;
        if (v.parts.length > 0 || requiredHere) {
          delete prev.typeOnly;
          delete prev.jsonTypes;
        }
      } else {
        const typeText = v.types.join(" or ") + (v.nullable && v.types.length ? ", nullable" : "");
        // a member with a JSON type and nothing more is type-only: its wrong-type refusal is still a rule
        const typeOnly = v.parts.length === 0 && !requiredHere;
        const jsonTypes = [...v.types, ...(v.nullable ? ["null"] : [])];
        acc.set(prefix, {
          path: prefix,
          parts: typeText ? [typeText, ...v.parts] : [...v.parts],
          required: requiredHere,
          constrained: true,
          ...(typeOnly ? { typeOnly: true, jsonTypes } : {}),
        });
      }
    }
  }

  // `required` of any allOf part applies to the properties of every part
  const requiredNames = new Set<string>(
    conj.flatMap((c) => (Array.isArray(c.required) ? c.required.map(String) : [])),
  );
  const descend = (b: Schema, strict: boolean) => {
    const props =
      b.properties && typeof b.properties === "object"
        ? (b.properties as Record<string, unknown>)
        : undefined;
    const req = strict ? requiredNames : new Set<string>();
    if (props) {
      for (const [name, sub] of Object.entries(props)) {
        walkSchema(
          doc,
          sub,
          prefix ? `${prefix}.${name}` : name,
          req.has(name),
          acc,
          depth + 1,
          path,
        );
      }
    }
    if (b.items) {
      // scalar item constraints were described on the array field itself
      const item = deref(doc, b.items);
      if (item && isObjectSchema(doc, item))
        walkSchema(doc, b.items, prefix, false, acc, depth + 1, path);
    }
    if (b.additionalProperties && typeof b.additionalProperties === "object") {
      walkSchema(
        doc,
        b.additionalProperties,
        prefix ? `${prefix}.*` : "*",
        false,
        acc,
        depth + 1,
        path,
      );
    }
  };
  for (const c of conj) descend(c, true);
  for (const a of alternatives(doc, s)) {
    if (isNullOnly(a)) continue;
    for (const c of conjuncts(doc, a)) descend(c, false);
    // nested alternatives (oneOf inside anyOf) are rare; one more level
    for (const aa of alternatives(doc, a)) for (const c of conjuncts(doc, aa)) descend(c, false);
  }
}

function sectionOf(op: OperationInfo): string {
  const s = (op.operation as Record<string, unknown>)["x-material-section"];
  return typeof s === "string" && s.trim() ? s.trim() : (AREA_SECTION[op.area] ?? "Endpoints");
}

function bodyFields(doc: unknown, op: OperationInfo): FieldInfo[] {
  const rb = deref(doc, op.operation.requestBody) as OpenAPIV3_1.RequestBodyObject | undefined;
  const content = rb?.content;
  if (!content) return [];
  const acc = new Map<string, FieldInfo>();
  // JSON first, then any other media type with an object schema (multipart uploads)
  const types = Object.keys(content).sort(
    (a, b) => Number(!a.includes("json")) - Number(!b.includes("json")),
  );
  for (const t of types) {
    const schema = deref(doc, content[t]?.schema);
    if (!schema || !isObjectSchema(doc, schema)) continue;
    walkSchema(doc, content[t]?.schema, "", false, acc, 0);
  }
  return [...acc.values()].filter((f) => f.constrained);
}

interface ParamField extends FieldInfo {
  in: string;
}

function paramFields(doc: unknown, op: OperationInfo, pathItem: Schema | undefined): ParamField[] {
  const raw = [
    ...((pathItem?.parameters as unknown[]) ?? []),
    ...((op.operation.parameters as unknown[]) ?? []),
  ];
  const byKey = new Map<string, Schema>();
  for (const p of raw) {
    const d = deref(doc, p);
    if (d && typeof d.name === "string") byKey.set(`${d.in}:${d.name}`, d); // operation level overrides path level
  }
  const out: ParamField[] = [];
  for (const p of byKey.values()) {
    if (p.in === "header" || p.in === "cookie") continue;
    const schema = deref(doc, p.schema) ?? {};
    const v = describeValue(doc, schema);
    const parts = v.parts;
    const required = p.in !== "path" && p.required === true;
    if (!parts.length && !required) continue;
    const type = v.types.join(" or ");
    out.push({
      path: String(p.name),
      in: String(p.in),
      parts: type ? [type, ...parts] : parts,
      required,
      constrained: true,
    });
  }
  return out;
}

function bodyStatement(f: FieldInfo): string {
  if (f.typeOnly) {
    return `${f.path}: ${f.parts.join(", ")} (no bound, enum or pattern stated); a value of another JSON type is refused with an error naming the field${f.path.includes(".") ? " (dotted path)" : ""}`;
  }
  const desc = [...f.parts, ...(f.required ? ["required"] : [])].join(", ");
  const what =
    f.required && f.parts.length <= 1
      ? "a request without it"
      : f.required
        ? "a missing value or one outside these bounds"
        : "a value outside these bounds";
  return `${f.path}: ${desc}; ${what} is refused with an error naming the field${f.path.includes(".") ? " (dotted path)" : ""}`;
}

function paramStatement(
  op: OperationInfo,
  f: ParamField,
): { level: Requirement["level"]; statement: string } {
  const desc = [...f.parts, ...(f.required ? ["required"] : [])].join(", ");
  const head = `${f.in} parameter ${f.path}: ${desc}`;
  if (
    f.path === "page_size" &&
    f.in === "query" &&
    !PAGE_SIZE_BOUNDED_OPERATIONS.has(op.operationId)
  ) {
    return {
      level: "INFO",
      statement: `${head}; the material contradicts itself on this list (general convention 5 gives 25..100 for every paginated list, Limits says bounds on other lists are not shown), so whether the bound holds is observed only`,
    };
  }
  if (f.in === "query") {
    const extra =
      f.required && f.parts.length <= 1
        ? "a request without it is refused with an error"
        : `the bound holds: a value outside is refused with an error or clamped to the bound (never a result past it)${f.required ? "; a request without it is refused with an error" : ""}`;
    return { level: "MUST", statement: `${head}; ${extra}` };
  }
  return { level: "MUST", statement: `${head}; a value outside is refused with an error` };
}

/** One requirement per constrained request field and parameter of every operation in the document. */
export function generateFieldRequirements(
  doc: OpenAPIV3_1.Document = loadOpenApi(),
): Requirement[] {
  const out: Requirement[] = [];
  for (const op of listOperations(doc)) {
    const pathItem = (doc.paths as Record<string, Schema> | undefined)?.[op.path];
    const source = sectionOf(op);
    const ids = new Set<string>();
    for (const f of bodyFields(doc, op)) {
      const id = `FIELD.${op.operationId}.${f.path.replace(/\*/g, "_any")}`;
      ids.add(id);
      out.push({
        id,
        area: op.area,
        operations: [op.operationId],
        kind: "validation",
        level: "MUST",
        source,
        statement: bodyStatement(f),
        generated: true,
        field: f.path,
        ...(f.jsonTypes ? { jsonTypes: f.jsonTypes } : {}),
      });
    }
    for (const f of paramFields(doc, op, pathItem)) {
      let id = `FIELD.${op.operationId}.${f.path}`;
      if (ids.has(id)) id = `FIELD.${op.operationId}.${f.in}-${f.path}`;
      ids.add(id);
      const { level, statement } = paramStatement(op, f);
      const kind: Requirement["kind"] =
        f.in === "query" && (f.path === "page" || f.path === "page_size") ? "limit" : "validation";
      out.push({
        id,
        area: op.area,
        operations: [op.operationId],
        kind,
        level,
        source,
        statement,
        generated: true,
        field: f.path,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

let cached: Catalog | undefined;

export function buildCatalog(
  raw: RawRequirement[],
  doc: OpenAPIV3_1.Document = loadOpenApi(),
): Catalog {
  const all = listOperations(doc);
  const requirements: Requirement[] = raw.map((r) => ({
    ...r,
    operations: expandOperations(r.operations, all),
  }));
  const replaced = new Map(
    raw.flatMap((r) => (r.supersedes ?? []).map((id) => [id, r.id] as const)),
  );
  for (const g of generateFieldRequirements(doc)) {
    const by = replaced.get(g.id);
    requirements.push(
      by ? { ...g, level: "INFO", statement: `${g.statement} (superseded by ${by})` } : g,
    );
  }
  const byId = new Map<string, Requirement>();
  for (const r of requirements) if (!byId.has(r.id)) byId.set(r.id, r);
  return { requirements, byId };
}

/** Hand-written plus generated requirements; loaded once per process. */
export function loadCatalog(): Catalog {
  cached ??= buildCatalog(loadRawRequirements());
  return cached;
}
