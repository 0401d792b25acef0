// Generators per operation: valid, boundary and single-violation requests, built from the
// operation's parameters and request body in spec/openapi.yaml plus its rules (rules.ts).
//   const g = generatorsFor("createTag", targetValues);
//   fc.sample(g.valid)      → [{ body: { label: "..." } }, ...]
//   fc.sample(g.violations) → [{ request, in: "body", path: "label", breaks: "maxLength" }, ...]
import fc from "fast-check";
import { listOperations, loadOpenApi, type OperationInfo } from "../spec/index.ts";
import { requestValidator, RequestValidator } from "../spec/validate.ts";
import {
  SchemaGen,
  dotted,
  length,
  type Bounds,
  type Hints,
  type Path,
  type Site,
  type TextMode,
} from "./schema.ts";
import { triedSites } from "./policy.ts";
import { RULES, type TargetValues } from "./rules.ts";
import { TIES, type Need, type Tie } from "./ties.ts";
import { reachVerdicts } from "./reach-cache.ts";
import { MEANING_HOLDS, meaningOverrides, offBoundMembers, schemaOnlyMembers } from "./meanings.ts";

export type { TargetValues } from "./rules.ts";
export type { TextMode } from "./schema.ts";
export { meaningsOf, schemaOnlyMembers, type Meaning } from "./meanings.ts";

/**
 * What members with a meaning (meanings.ts: an email, a phone, an address line…) carry: `meaning`
 * (the default) a realistic value of that meaning, fitted to a pinned bound; `schema` what their
 * schema alone allows (plain text within the bounds) where the material gives no format beyond type
 * and length, the values the SHOULD property sends.
 */
export type ValueMode = "meaning" | "schema";

export type Part = "body" | "query" | "path";

export interface RequestParts {
  body?: unknown;
  query?: Record<string, unknown>;
  /** path parameters: the generated ones (year, month) are real; the others (IDs) are placeholders the check replaces with its setup's */
  path?: Record<string, unknown>;
}

export interface BoundaryCase {
  request: RequestParts;
  in: Part;
  /** dotted member path */
  path: string;
  /** the keyword whose bound it sits on (minLength, maxLength, minimum, maximum, minItems, maxItems) */
  bound: string;
  at: number;
}

export interface ViolationCase {
  request: RequestParts;
  in: Part;
  /** dotted member path of the member it breaks */
  path: string;
  /** the JSON Schema keyword it breaks (type, required, enum, pattern, format, minLength, maxLength, minimum, maximum, minItems, maxItems, false schema) */
  breaks: string;
}

/** A rule between members (ties.ts) and requests breaking it and nothing else. */
export interface RuleBreak {
  /** the requirement of spec/requirements.yaml the rule is */
  id: string;
  /** the material's words */
  says: string;
  /** the material's sentence stating the rule, verbatim */
  words: string[];
  /** the member the refusal names, where the requirement says which */
  names?(body: any): string | undefined;
  /** what the check makes first: the broken request names it (placeholders `bind` replaces) */
  needs: Need[];
  /** valid requests turned into ones breaking this rule only (every other rule kept) */
  cases: fc.Arbitrary<RequestParts>;
}

export interface SiteInfo {
  in: Part;
  path: string;
  keyword: string;
  at?: number;
}

export interface OperationGenerators {
  operationId: string;
  /** what the operation takes: a JSON body, query parameters, generated path parameters */
  parts: Part[];
  valid: fc.Arbitrary<RequestParts>;
  /** undefined when nothing of the request has a bound */
  boundaries?: fc.Arbitrary<BoundaryCase>;
  violations?: fc.Arbitrary<ViolationCase>;
  boundarySites: SiteInfo[];
  violationSites: SiteInfo[];
  /** one arbitrary per site, in site order: a property tries each once before drawing at random */
  eachBoundary: fc.Arbitrary<BoundaryCase>[];
  eachViolation: fc.Arbitrary<ViolationCase>[];
  /** the operation's rules between members a request can break alone (ties.ts) */
  rules: RuleBreak[];
  /** sites dropped because no value could be made for them (a cross-field rule forbids every one); a rule no valid request could be turned to break, as keyword "rule" */
  infeasible: SiteInfo[];
  /** every error of a part's value against the spec's schema (allErrors), for self-tests */
  errors(part: Part, value: unknown): ValidationError[];
  /** the same against the schema with its rules between members (if/then, not, dependentRequired, anyOf of required) taken out */
  memberErrors(part: Part, value: unknown): ValidationError[];
}

export interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

const esc = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
export const pointer = (p: Path) => p.map((x) => `/${esc(String(x))}`).join("");

/** The schema of one part of an operation's request, as a pointer or a schema built around pointers. */
interface PartSchema {
  part: Part;
  /** for the generator (with $refs into the document) */
  schema: Record<string, any>;
  /** for the validator */
  check: string | object;
}

function partSchemas(op: OperationInfo, doc: any): PartSchema[] {
  const base = `/paths/${esc(op.path)}`;
  const method = op.method.toLowerCase();
  const out: PartSchema[] = [];
  const body = op.operation.requestBody as any;
  const json = body?.content?.["application/json"];
  if (json?.schema)
    out.push({
      part: "body",
      schema: json.schema,
      check: `${base}/${method}/requestBody/content/application~1json/schema`,
    });
  const params: { p: any; ptr: string }[] = [
    ...((doc.paths[op.path].parameters ?? []) as any[]).map((p, i) => ({
      p,
      ptr: `${base}/parameters/${i}/schema`,
    })),
    ...((op.operation.parameters ?? []) as any[]).map((p, i) => ({
      p,
      ptr: `${base}/${method}/parameters/${i}/schema`,
    })),
  ];
  for (const part of ["query", "path"] as const) {
    const mine = params.filter(({ p }) => p.in === part);
    if (mine.length === 0) continue;
    const required = mine.filter(({ p }) => p.required).map(({ p }) => p.name as string);
    out.push({
      part,
      schema: {
        type: "object",
        properties: Object.fromEntries(mine.map(({ p }) => [p.name, p.schema])),
        required,
      },
      check: {
        type: "object",
        properties: Object.fromEntries(
          mine.map(({ p, ptr }) => [p.name, RequestValidator.ref(ptr)]),
        ),
        required,
      },
    });
  }
  return out;
}

function valueAt(v: unknown, p: Path): unknown {
  return p.reduce<any>((o, k) => o?.[k], v);
}

/** The errors belong to the member at `path` and include the claimed keyword: one stated constraint broken. */
export function breaksExactly(errors: ValidationError[], path: Path, keyword: string): boolean {
  if (errors.length === 0) return false;
  const at = pointer(path);
  const parent = pointer(path.slice(0, -1));
  const last = String(path[path.length - 1]);
  const mine = (e: ValidationError) =>
    keyword === "required"
      ? e.instancePath === parent && e.keyword === "required" && e.params.missingProperty === last
      : e.instancePath === at || e.instancePath.startsWith(`${at}/`);
  const composition = (e: ValidationError) =>
    ["if", "allOf", "anyOf", "oneOf"].includes(e.keyword) &&
    `${at}/`.startsWith(`${e.instancePath}/`);
  return (
    errors.some((e) => mine(e) && (keyword === "required" || e.keyword === keyword)) &&
    errors.every((e) => mine(e) || composition(e))
  );
}

/** The boundary value is valid and sits on its bound. */
export function onBound(
  errors: ValidationError[],
  value: unknown,
  path: Path,
  _keyword: string,
  bound: number,
): boolean {
  if (errors.length) return false;
  const v = valueAt(value, path);
  const measure = typeof v === "string" ? length(v) : Array.isArray(v) ? v.length : v;
  return measure === bound;
}

/**
 * Paging (General conventions 5): page_size 25..100 is what every reading of the material allows
 * (Limits leaves other lists' bounds `not shown`, so a list without stated bounds still gets these);
 * a page past the last one answers something `not shown`, so valid pages are the first.
 */
const PAGING: Record<string, (b: Bounds) => fc.Arbitrary<unknown>> = {
  page_size: (b) =>
    fc.integer({ min: Math.max(25, b.minimum ?? 25), max: Math.min(100, b.maximum ?? 100) }),
  page: () => fc.constant(1),
};

/** The value of a path parameter the check fills with its own resource (of the parameter's type, so the rest validates). */
function placeholder(schema: any): string | number {
  return schema?.type === "integer" || schema?.type === "number"
    ? 1
    : schema?.format === "uuid"
      ? "00000000-0000-4000-8000-000000000000"
      : "x";
}

const cache = new Map<string, OperationGenerators>();

/** Placeholder target values for self-tests (no target at hand). */
export const OFFLINE_TARGET: TargetValues = {
  region: "us-east",
  type: "vm-nano-1",
  largerType: "vm-standard-2",
  image: "vm/debian12",
  cluster: "us-east-1",
  kernels: ["vm/latest-64bit"],
};

/** A site with what it needs after generation: its part, its unfiltered values, its own check. */
type SiteOf = Site & { part: Part; raw: fc.Arbitrary<unknown>; check(x: unknown): boolean };

type Errors = (part: Part, value: unknown) => ValidationError[];

/**
 * Generators of one operation's requests; `target` supplies values the target must recognise, `text`
 * the alphabet of free text (default conservative: what any implementation takes, schema.ts).
 */
export function generatorsFor(
  operationId: string,
  target: TargetValues = OFFLINE_TARGET,
  text: TextMode = "conservative",
  values: ValueMode = "meaning",
): OperationGenerators {
  const cacheKey = `${operationId}:${text}:${values}:${JSON.stringify(target)}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const { parts, errors, sites, allowed, valid, ties } = assemble(
    operationId,
    target,
    true,
    text,
    values,
  );
  const doc = loadOpenApi() as any;
  const v = requestValidator();
  const infeasible: SiteInfo[] = [];
  // boundaries first, then violations, then the rules: one verdict each, drawn or from the cache
  const tried = [
    ...sites.filter((s) => s.kind === "boundary"),
    ...sites.filter((s) => s.kind === "violation"),
  ];
  const verdicts = reachVerdicts(cacheKey, () => {
    const reachable = reachableIn(valid, allowed);
    return [
      ...tried.map((s) => (reachable(s) ? "1" : "0")),
      ...ties.map((tie) => (breakable(tie, ties, valid, target) ? "1" : "0")),
    ].join("");
  });
  const reached = tried.filter((site, i) => {
    if (verdicts[i] !== "1") infeasible.push(siteInfo(site));
    return verdicts[i] === "1";
  });
  const boundarySites = reached.filter((s) => s.kind === "boundary");
  const violationSites = reached.filter((s) => s.kind === "violation");

  /** a site's value in its part, the other parts valid; a boundary must pass the prose rules too */
  const around = (site: SiteOf) =>
    fc
      .tuple(valid, site.arb)
      .map(([req, x]) => ({ ...req, [site.part]: x }) as RequestParts)
      .filter((req) => site.kind === "violation" || allowed(req));
  const eachBoundary = boundarySites.map((s) =>
    around(s).map(
      (request): BoundaryCase => ({
        request,
        in: s.part,
        path: dotted(s.path),
        bound: s.keyword,
        at: s.at!,
      }),
    ),
  );
  const eachViolation = violationSites.map((s) =>
    around(s).map(
      (request): ViolationCase => ({
        request,
        in: s.part,
        path: dotted(s.path),
        breaks: s.keyword,
      }),
    ),
  );
  const ruleBreaks = ties
    .map((tie, i) => ruleBreak(tie, ties, valid, target, verdicts[tried.length + i] === "1"))
    .filter((r): r is RuleBreak => {
      if (r.cases) return true;
      infeasible.push({ in: "body", path: r.id, keyword: "rule" });
      return false;
    });
  const out: OperationGenerators = {
    operationId,
    parts: parts.map((p) => p.part),
    valid,
    boundaries: eachBoundary.length ? fc.oneof(...eachBoundary) : undefined,
    violations: eachViolation.length ? fc.oneof(...eachViolation) : undefined,
    boundarySites: boundarySites.map(siteInfo),
    violationSites: violationSites.map(siteInfo),
    eachBoundary,
    eachViolation,
    rules: ruleBreaks,
    infeasible,
    errors,
    memberErrors: (part, value) => {
      const ps = parts.find((p) => p.part === part);
      return ps
        ? v.errors(`${operationId}:${part}:members`, withoutRules(ps.schema, doc), value)
        : [];
    },
  };
  cache.set(cacheKey, out);
  return out;
}

const validCache = new Map<string, fc.Arbitrary<RequestParts>>();

/**
 * Only the valid requests of an operation, the same values as `generatorsFor(...).valid` without
 * the boundary and violation sites (which cost most to build): for a check that needs one valid
 * request, not a property.
 */
export function validRequests(
  operationId: string,
  target: TargetValues = OFFLINE_TARGET,
  text: TextMode = "conservative",
  values: ValueMode = "meaning",
): fc.Arbitrary<RequestParts> {
  const cacheKey = `${operationId}:${text}:${values}:${JSON.stringify(target)}`;
  const hit = cache.get(cacheKey)?.valid ?? validCache.get(cacheKey);
  if (hit) return hit;
  const { valid } = assemble(operationId, target, false, text, values);
  validCache.set(cacheKey, valid);
  return valid;
}

/** The hints of an operation's body: its rules', with its members' meanings in the mode asked. */
function bodyHints(
  operationId: string,
  target: TargetValues,
  text: TextMode,
  values: ValueMode,
): Hints {
  const own = RULES[operationId]?.hints?.(target) ?? {};
  return values === "meaning"
    ? {
        ...own,
        text,
        override: {
          ...meaningOverrides(operationId, "body", text === "conservative"),
          ...own.override,
        },
        offBounds: offBoundMembers(operationId, "body"),
      }
    : schemaOnlyHints(own, text, schemaOnlyMembers(operationId, "body"));
}

/** The schema-only mode: the members with a meaning get plain values, whatever rules.ts names for them. */
function schemaOnlyHints(own: Hints, text: TextMode, plain: string[]): Hints {
  const override = Object.fromEntries(
    Object.entries(own.override ?? {}).filter(([k]) => !plain.includes(k)),
  );
  return { ...own, text, override, plain };
}

/** The generators of an operation's query and generated path parameters, with their meanings. */
function paramOverrides(
  operationId: string,
  target: TargetValues,
  text: TextMode,
  values: ValueMode,
): Hints["override"] {
  return {
    ...(values === "meaning"
      ? meaningOverrides(operationId, "query", text === "conservative")
      : {}),
    ...RULES[operationId]?.params?.(target),
  };
}

/** An operation's parts, their valid values and (withSites) the sites of each a property tries. */
function assemble(
  operationId: string,
  target: TargetValues,
  withSites: boolean,
  text: TextMode,
  values: ValueMode,
) {
  const doc = loadOpenApi() as any;
  const op = listOperations(doc).find((o) => o.operationId === operationId);
  if (!op) throw new Error(`generators: unknown operationId ${operationId}`);
  const rules = RULES[operationId] ?? {};
  const hints = bodyHints(operationId, target, text, values);
  const parts = partSchemas(op, doc);
  const v = requestValidator();
  const errors: Errors = (part, value) => {
    const ps = parts.find((p) => p.part === part);
    return ps ? v.errors(`${operationId}:${part}`, ps.check, value) : [];
  };
  const validParts: Record<string, fc.Arbitrary<unknown>> = {};
  const sites: SiteOf[] = [];
  for (const ps of parts) {
    const made = partGenerators(ps, doc, errors, {
      hints,
      params: () => paramOverrides(operationId, target, text, values),
      plain: values === "schema" ? schemaOnlyMembers(operationId, "query") : undefined,
      generatedPath: rules.generatedPath ?? [],
      withSites,
    });
    validParts[ps.part] = made.valid;
    sites.push(...made.sites);
  }
  const ties = TIES[operationId] ?? [];
  const holds = values === "meaning" ? MEANING_HOLDS[operationId] : undefined;
  const allowed = (req: RequestParts) =>
    !rules.refuse?.(req, target) &&
    ties.every((tie) => tie.holds(req.body, target)) &&
    (!holds || holds(req));
  const valid = (
    fc.record(validParts as Record<string, fc.Arbitrary<unknown>>) as fc.Arbitrary<RequestParts>
  ).filter(allowed);
  return { parts, errors, sites, allowed, valid, ties };
}

/** One part's valid values and the sites of it a property tries (generators/policy.ts). */
function partGenerators(
  ps: PartSchema,
  doc: any,
  errors: Errors,
  rules: {
    hints: Hints;
    params(): Hints["override"];
    plain?: string[];
    generatedPath: string[];
    withSites: boolean;
  },
): { valid: fc.Arbitrary<unknown>; sites: SiteOf[] } {
  // path parameters other than the generated ones are the check's resources: a placeholder here
  const placeholders =
    ps.part === "path"
      ? Object.fromEntries(
          Object.keys(ps.schema.properties)
            .filter((n) => !rules.generatedPath.includes(n))
            .map((n) => [n, () => fc.constant(placeholder(ps.schema.properties[n]))]),
        )
      : {};
  // a body the material does not show (x-not-shown, "Body: not shown"): no member of it is known,
  // so none is invented: the valid body is the empty object and nothing of it can be broken
  if (ps.part === "body" && ps.schema?.["x-not-shown"])
    return { valid: fc.constant({}), sites: [] };
  const gen = new SchemaGen(
    doc,
    ps.part === "body"
      ? rules.hints
      : {
          override: {
            ...placeholders,
            ...(ps.part === "query" ? PAGING : {}),
            ...rules.params(),
          },
          text: rules.hints.text,
          plain: ps.part === "query" ? rules.plain : undefined,
        },
  );
  const valid = gen.valid(ps.schema).filter((x) => errors(ps.part, x).length === 0);
  if (!rules.withSites) return { valid, sites: [] };
  const tried = triedSites(gen.sites(ps.schema), {
    part: ps.part,
    parameterTypes: (name) => gen.types(gen.flatten((ps.schema.properties as any)[name]) as any),
    resourceIds: new Set(Object.keys(placeholders)),
  });
  const sites = tried.map((site): SiteOf => {
    const check = (x: unknown) => {
      const errs = errors(ps.part, x);
      if (site.kind === "boundary") return onBound(errs, x, site.path, site.keyword, site.at!);
      return breaksExactly(errs, site.path, site.keyword);
    };
    return { ...site, raw: site.arb, check, arb: site.arb.filter(check), part: ps.part };
  });
  return { valid, sites };
}

/**
 * Whether some value reaches a site; one no value can reach (a cross-field rule forbids every one)
 * is listed as infeasible and dropped: a filter nothing passes would spin forever, so this draws
 * unfiltered values and counts.
 */
function reachableIn(
  valid: fc.Arbitrary<RequestParts>,
  allowed: (req: RequestParts) => boolean,
): (site: SiteOf) => boolean {
  return (site) => {
    const reaches = ([req, x]: [RequestParts, unknown]) =>
      site.check(x) && (site.kind === "violation" || allowed({ ...req, [site.part]: x }));
    // the first two draws of the twelve first: they nearly always reach it, and a draw is a whole
    // request (the twelve for each of ~570 sites cost a worker most of a second); a sample's first
    // draws are the same whatever its length, so the verdict is the twelve draws' as before
    const drawn = (n: number) => fc.sample(fc.tuple(valid, site.raw), { seed: 42, numRuns: n });
    return drawn(2).some(reaches) || drawn(12).some(reaches);
  };
}

/** A rule's broken requests: a valid request turned by its `break`, breaking it and keeping every other. */
function brokenBy(
  tie: Tie,
  all: Tie[],
  valid: fc.Arbitrary<RequestParts>,
  target: TargetValues,
): { raw: fc.Arbitrary<RequestParts>; only: (req: RequestParts) => boolean } {
  const only = (req: RequestParts) =>
    !tie.holds(req.body, target) && all.every((o) => o === tie || o.holds(req.body, target));
  const raw = fc
    .tuple(valid, fc.nat())
    .map(([req, k]) => ({ ...req, body: tie.break(structuredClone(req.body ?? {}), target, k) }));
  return { raw, only };
}

/** Whether a few draws break the rule that way (else it has no cases: infeasible). */
function breakable(
  tie: Tie,
  all: Tie[],
  valid: fc.Arbitrary<RequestParts>,
  target: TargetValues,
): boolean {
  const { raw, only } = brokenBy(tie, all, valid, target);
  return fc.sample(raw, { seed: 42, numRuns: 12 }).some(only);
}

/** A rule's broken requests; `feasible` is breakable()'s verdict (drawn, or from the cache). */
function ruleBreak(
  tie: Tie,
  all: Tie[],
  valid: fc.Arbitrary<RequestParts>,
  target: TargetValues,
  feasible: boolean,
): RuleBreak & { cases?: fc.Arbitrary<RequestParts> } {
  const { raw, only } = brokenBy(tie, all, valid, target);
  return {
    id: tie.id,
    says: tie.says,
    words: tie.words,
    names: tie.names,
    needs: tie.needs ?? [],
    cases: (feasible ? raw.filter(only) : undefined) as fc.Arbitrary<RequestParts>,
  };
}

const RULE_KEYWORDS = [
  "if",
  "then",
  "else",
  "not",
  "dependentRequired",
  "dependencies",
  "contains",
  "minContains",
  "maxContains",
];

/** A schema with its $refs inlined and its rules between members taken out: what each member must be on its own. */
function withoutRules(s: any, doc: any, depth = 0, names = false): any {
  if (depth > 20 || s === null || typeof s !== "object") return s;
  if (Array.isArray(s)) return s.map((x) => withoutRules(x, doc, depth + 1));
  // a `properties` object's keys are member names, not keywords
  if (names)
    return Object.fromEntries(
      Object.entries(s).map(([k, v]) => [k, withoutRules(v, doc, depth + 1)]),
    );
  if (typeof s.$ref === "string") {
    const target = s.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce((o: any, k: string) => o?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
    const { $ref: _, ...rest } = s;
    return withoutRules({ ...target, ...rest }, doc, depth + 1);
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (RULE_KEYWORDS.includes(k)) continue;
    // "one of these members is required" is a rule between them, not a member's own constraint
    if (k === "anyOf" && (v as any[]).every((b) => Object.keys(b).join() === "required")) continue;
    out[k] = withoutRules(v, doc, depth + 1, k === "properties" || k === "patternProperties");
  }
  return out;
}

function siteInfo(s: SiteOf): SiteInfo {
  return { in: s.part, path: dotted(s.path), keyword: s.keyword, at: s.at };
}

/**
 * The free-text members of an operation's body and query (dotted, `body.` or `query.` first): where
 * the text mode (conservative or any Unicode) changes what a valid request carries.
 */
export function freeTextMembers(operationId: string): string[] {
  const doc = loadOpenApi() as any;
  const op = listOperations(doc).find((o) => o.operationId === operationId);
  if (!op) throw new Error(`generators: unknown operationId ${operationId}`);
  const hints = bodyHints(operationId, OFFLINE_TARGET, "conservative", "meaning");
  const params = paramOverrides(operationId, OFFLINE_TARGET, "conservative", "meaning") ?? {};
  return partSchemas(op, doc)
    .filter((ps) => ps.part !== "path" && !ps.schema?.["x-not-shown"])
    .flatMap((ps) =>
      new SchemaGen(doc, ps.part === "body" ? hints : { override: { ...PAGING, ...params } })
        .freeText(ps.schema)
        .map((m) => `${ps.part}.${m}`),
    );
}

/** Operations that take parameters or a body (what the stateless properties cover). */
export function operationsWithInput(): OperationInfo[] {
  const doc = loadOpenApi() as any;
  return listOperations(doc).filter(
    (o) =>
      (o.operation.parameters ?? []).length > 0 ||
      (doc.paths[o.path].parameters ?? []).length > 0 ||
      o.operation.requestBody,
  );
}

/**
 * Whether an operation's request has anything a single value can break, known without building
 * its generators: a JSON body, an integer path parameter, a generated path parameter, a required
 * query parameter. (A string path parameter cannot have the wrong type in a URL; a query bound may
 * be clamped rather than refused.)
 */
export function mayBreak(operationId: string): boolean {
  const doc = loadOpenApi() as any;
  const op = listOperations(doc).find((o) => o.operationId === operationId);
  if (!op) return false;
  if ((op.operation.requestBody as any)?.content?.["application/json"]) return true;
  const params = [
    ...(doc.paths[op.path].parameters ?? []),
    ...(op.operation.parameters ?? []),
  ] as any[];
  return params.some(
    (p) =>
      (p.in === "path" &&
        (p.schema?.type === "integer" ||
          (RULES[operationId]?.generatedPath ?? []).includes(p.name))) ||
      (p.in === "query" && p.required),
  );
}
