// Keeps spec/openapi.yaml sound: the operation set equals the material's, every operation carries
// its id, area tag, security and Error response, every schema compiles with ajv (2020-12), a few
// constraints behave as the material states, and the document lints clean with Redocly.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ValidateFunction } from "ajv";
import { listOperations, loadOpenApi } from "./index.ts";
import { findMaterial, findOperationsTool, need } from "../tests/needs.ts";
import { hasUtcOffset, isIsoDateTime, SPEC_FORMATS } from "./formats.ts";
import { AREAS } from "./areas.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
// the material lives outside the checkout: tests that read it skip (or fail in CI) without it
const MATERIAL = findMaterial();
const TOOL = findOperationsTool(MATERIAL);
// every operation is tagged with its area; `conventions` is no operation's
const TAGS = AREAS.filter((a) => a !== "conventions");
const DOC_ID = "openapi.json";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

const doc = loadOpenApi() as unknown as JsonObject;
const ops = listOperations();
let materialText: string | undefined;
/** The material's text, or the test skips naming how to enable it. */
const readMaterial = (ctx: { skip(note?: string): never }) =>
  (materialText ??= readFileSync(need(MATERIAL, ctx), "utf8"));

/** Whole records (every member the material lists without a condition: spec/records.test.ts). */
const AT = "2018-01-02T03:04:05";
const EVENT = {
  action: "vm_boot",
  created: AT,
  entity: { id: 1, label: "web-1", type: "vm", url: "/v4/vm/instances/1" },
  id: 1,
  read: false,
  seen: false,
  username: "admin",
};
const CLUSTER = {
  domain: "us-east-1.example.com",
  id: "us-east-1",
  region: "us-east",
  static_site_domain: "website-us-east-1.example.com",
  status: "available",
};
const TRANSFER = {
  created: AT,
  entities: { vms: [1] },
  expiry: AT,
  is_sender: true,
  updated: AT,
};

const isObject = (v: unknown): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const esc = (s: string) => encodeURIComponent(s.replace(/~/g, "~0").replace(/\//g, "~1"));
const pointer = (...parts: string[]) => `/${parts.map(esc).join("/")}`;

/** Every place in the document that holds a schema, as a JSON pointer. */
function schemaLocations(): { where: string; ptr: string }[] {
  const out: { where: string; ptr: string }[] = [];
  for (const name of Object.keys((doc.components as JsonObject).schemas as JsonObject)) {
    out.push({ where: `components.schemas.${name}`, ptr: pointer("components", "schemas", name) });
  }
  for (const op of ops) {
    const base = ["paths", op.path, op.method.toLowerCase()];
    (op.operation.parameters ?? []).forEach((p, i) => {
      out.push({
        where: `${op.operationId} parameter ${(p as { name: string }).name}`,
        ptr: pointer(...base, "parameters", String(i), "schema"),
      });
    });
    const body = op.operation.requestBody as JsonObject | undefined;
    for (const type of Object.keys((body?.content as JsonObject | undefined) ?? {})) {
      out.push({
        where: `${op.operationId} requestBody ${type}`,
        ptr: pointer(...base, "requestBody", "content", type, "schema"),
      });
    }
    for (const [code, resp] of Object.entries(op.operation.responses ?? {})) {
      for (const type of Object.keys(
        ((resp as JsonObject).content as JsonObject | undefined) ?? {},
      )) {
        out.push({
          where: `${op.operationId} ${code} ${type}`,
          ptr: pointer(...base, "responses", code, "content", type, "schema"),
        });
      }
    }
  }
  return out;
}

/** Keys starting with x- anywhere in the document (registered as annotation keywords for ajv). */
function extensionKeys(node: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) extensionKeys(n, found);
  else if (isObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith("x-")) found.add(k);
      extensionKeys(v, found);
    }
  }
  return found;
}

function makeAjv() {
  // strict mode stays on, so a misspelt keyword fails. strictRequired is off: required inside
  // not/if/anyOf names properties of the enclosing schema (checked by a test below). OpenAPI's own
  // root keywords and every x- extension are declared as annotation-only keywords.
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allErrors: true,
  });
  addFormats.default(ajv);
  for (const f of ["binary", "password"]) ajv.addFormat(f, true); // OpenAPI formats with no checkable shape
  for (const [name, fn] of Object.entries(SPEC_FORMATS)) ajv.addFormat(name, fn); // the policy's lenient formats
  ajv.addVocabulary([
    "openapi",
    "info",
    "servers",
    "tags",
    "paths",
    "components",
    "webhooks",
    "security",
  ]);
  for (const k of extensionKeys(doc)) ajv.addKeyword({ keyword: k });
  ajv.addSchema({ ...doc, $id: DOC_ID });
  return ajv;
}
const ajv = makeAjv();
const compiled = new Map<string, ValidateFunction>();
function validator(ptr: string): ValidateFunction {
  if (!compiled.has(ptr)) compiled.set(ptr, ajv.compile({ $ref: `${DOC_ID}#${ptr}` }));
  return compiled.get(ptr)!;
}
const component = (name: string) => validator(pointer("components", "schemas", name));
function opById(id: string) {
  const op = ops.find((o) => o.operationId === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
}
const bodyOf = (id: string, type = "application/json") => {
  const op = opById(id);
  return validator(
    pointer("paths", op.path, op.method.toLowerCase(), "requestBody", "content", type, "schema"),
  );
};
const responseOf = (id: string, code = "2XX") => {
  const op = opById(id);
  return validator(
    pointer(
      "paths",
      op.path,
      op.method.toLowerCase(),
      "responses",
      code,
      "content",
      "application/json",
      "schema",
    ),
  );
};

describe("spec/openapi.yaml: operations", () => {
  it("holds exactly the material's 124 method+path pairs", (ctx) => {
    const material = readMaterial(ctx);
    const want = new Set(
      [...material.matchAll(/\| (GET|POST|PUT|DELETE) (\/v4[a-z]*\/[^ |]*)/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      ),
    );
    const have = new Set(ops.map((o) => `${o.method} ${o.path}`));
    expect(want.size).toBe(124);
    expect(
      [...have].filter((x) => !want.has(x)),
      "not in the material",
    ).toEqual([]);
    expect(
      [...want].filter((x) => !have.has(x)),
      "missing in the spec",
    ).toEqual([]);
    expect(ops).toHaveLength(124);
  });

  it("gives every operation a unique operationId, one area tag and a security entry", () => {
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of ops) {
      expect(o.operation.operationId, `${o.method} ${o.path}`).toMatch(/^[a-zA-Z][a-zA-Z0-9]*$/);
      expect(o.operation.tags, o.operationId).toHaveLength(1);
      expect(TAGS, o.operationId).toContain(o.operation.tags![0]);
      expect(Array.isArray(o.operation.security), `${o.operationId} has no security entry`).toBe(
        true,
      );
    }
  });

  it("gives every operation a default and a 4XX response with the Error schema", () => {
    for (const o of ops) {
      const responses = o.operation.responses as JsonObject;
      for (const code of ["default", "4XX"]) {
        const r = responses[code] as JsonObject | undefined;
        expect(r, `${o.operationId} ${code}`).toBeDefined();
        expect(
          ((r!.content as JsonObject)["application/json"] as JsonObject).schema,
          `${o.operationId} ${code}`,
        ).toEqual({
          $ref: "#/components/schemas/Error",
        });
      }
    }
  });

  it("keys every success response to 2XX, except the one success status the material fixes", () => {
    // Policy (spec/README.md): the material gives no success status except "status 200 with that
    // bucket" for a bucket create the caller already owns, so every other success is `2XX`; errors are
    // 4XX/default, plus the 400 the material gives for the 6th concurrent clone.
    for (const o of ops) {
      const codes = Object.keys(o.operation.responses ?? {});
      const allowed = ["2XX", "4XX", "default"];
      if (o.operationId === "createBucket") allowed.push("200");
      if (o.operationId === "cloneInstance") allowed.push("400");
      expect(
        codes.filter((c) => !allowed.includes(c)),
        o.operationId,
      ).toEqual([]);
      expect(codes, o.operationId).toContain("2XX");
      const single = codes.filter((c) => /^2\d\d$/.test(c));
      expect(
        single,
        `${o.operationId}: a success keyed to one status the material does not give`,
      ).toEqual(o.operationId === "createBucket" ? ["200"] : []);
    }
  });

  it("writes every timestamp with the lenient iso-date-time format (offset optional), never RFC 3339's date-time", () => {
    const formats: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") {
        for (const [k, x] of Object.entries(v)) {
          if (k === "format" && typeof x === "string" && /date/.test(x)) formats.push(x);
          walk(x);
        }
      }
    };
    walk(doc);
    expect(formats.length).toBeGreaterThan(15);
    expect([...new Set(formats)]).toEqual(["iso-date-time"]);
    for (const ok of [
      "2018-01-02T03:04:05",
      "2018-01-02T03:04:05Z",
      "2018-01-02T03:04:05.123+02:00",
      "2018-01-02t03:04:05z",
      "2024-02-29T23:59:60",
      "2018-01-02T03:04",
    ]) {
      expect(isIsoDateTime(ok), ok).toBe(true);
    }
    for (const bad of [
      "2018-01-02",
      "not a date",
      "2018-13-02T03:04:05",
      "2018-02-30T03:04:05",
      "2018-01-02T24:00:00Z",
      "01/02/2018 03:04",
      "2018-01-02T03:04:05Zjunk",
      "",
    ]) {
      expect(isIsoDateTime(bad), bad).toBe(false);
    }
    expect(hasUtcOffset("2018-01-02T03:04:05Z")).toBe(true);
    expect(hasUtcOffset("2018-01-02T03:04:05.5-05:00")).toBe(true);
    expect(hasUtcOffset("2018-01-02T03:04:05")).toBe(false);
    expect(hasUtcOffset("2018-01-02T03:04Z")).toBe(false);
    expect(Object.keys(SPEC_FORMATS)).toEqual(["iso-date-time"]);
  });

  it("takes page and page_size exactly where the material's Request column lists them", (ctx) => {
    const material = readMaterial(ctx);
    const paged = new Set(
      material
        .split("\n")
        .filter((l) => /\| (GET) \/v4/.test(l) && /page, page_size/.test(l))
        .map((l) => /\| (GET) (\/v4[a-z]*\/[^ |]*)/.exec(l)!.slice(1, 3).join(" ")),
    );
    expect(paged.size).toBeGreaterThan(10);
    // the Limits table names the lists whose page_size is bounded 25..100
    const bounded = /\| page_size \| ([^|]+) \| 25\.\.100, default 100 \|/.exec(material)![1];
    expect(bounded).toBe(
      "vm, config, disk, volume, kernel, managed and support lists, recipes list",
    );
    for (const o of ops) {
      const params = (o.operation.parameters ?? []) as JsonObject[];
      const page = params.find((p) => p.name === "page" && p.in === "query");
      const size = params.find((p) => p.name === "page_size" && p.in === "query");
      if (paged.has(`${o.method} ${o.path}`)) {
        expect(page?.schema, o.operationId).toEqual({ type: "integer", minimum: 1, default: 1 });
        const boundedList =
          ["vm", "managed", "support", "recipes"].includes(o.area) &&
          o.path !== "/v4/vm/recipes/{recipeId}";
        if (boundedList)
          expect(size?.schema, o.operationId).toEqual({
            type: "integer",
            minimum: 25,
            maximum: 100,
            default: 100,
          });
        else {
          // bounds not shown (Limits); the default is Conventions 5's for every paginating list
          const schema = size?.schema as JsonObject | undefined;
          expect(schema?.minimum, o.operationId).toBeUndefined();
          expect(schema?.default, o.operationId).toBe(100);
        }
      } else {
        expect(page, o.operationId).toBeUndefined();
        if (o.operationId !== "listBucketObjects") expect(size, o.operationId).toBeUndefined();
      }
    }
  });

  it("keeps x-scope-ambiguous on exactly the two managed views", () => {
    const flagged = ops
      .filter((o) => (o.operation as JsonObject)["x-scope-ambiguous"] === true)
      .map((o) => o.operationId);
    expect(flagged.sort()).toEqual(["getManagedService", "getManagedVmSettings"]);
  });

  it("marks the deprecated operations of the material", () => {
    const deprecated = ops
      .filter((o) => o.deprecated)
      .map((o) => o.operationId)
      .sort();
    expect(deprecated).toEqual(
      [
        "acceptEntityTransfer",
        "addCreditCard",
        "cancelEntityTransfer",
        "createEntityTransfer",
        "getEntityTransfer",
        "listEntityTransfers",
      ].sort(),
    );
  });

  it("prints 124 of 124, 0 extra with ../shared/tools/spec-operations.py", (ctx) => {
    const tool = need(TOOL, ctx);
    let out: string;
    try {
      out = execFileSync("python3", [tool], { cwd: ROOT, encoding: "utf8" });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      throw new Error(`spec-operations.py failed:\n${err.stdout ?? ""}${err.stderr ?? ""}`);
    }
    expect(out).toContain("124 of the material's 124 operations are in spec/openapi.yaml; 0 extra");
  });
});

describe("spec/openapi.yaml: schemas", () => {
  it("compiles every schema of the document with ajv 2020 (strict keywords)", () => {
    const locations = schemaLocations();
    expect(locations.length).toBeGreaterThan(300);
    const failures: string[] = [];
    for (const { where, ptr } of locations) {
      try {
        validator(ptr);
      } catch (e) {
        failures.push(`${where}: ${(e as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("names only declared properties in required lists inside combinators", () => {
    // replaces Redocly's no-required-schema-properties-undefined, which does not look at the
    // enclosing schema (see spec/redocly.yaml)
    const problems: string[] = [];
    const resolve = (s: Json): JsonObject | undefined => {
      if (!isObject(s)) return undefined;
      if (typeof s.$ref === "string") {
        const name = s.$ref.replace("#/components/schemas/", "");
        return ((doc.components as JsonObject).schemas as JsonObject)[name] as JsonObject;
      }
      return s;
    };
    const declared = (s: JsonObject): Set<string> => {
      const names = new Set(Object.keys((s.properties as JsonObject | undefined) ?? {}));
      for (const part of (s.allOf as Json[] | undefined) ?? []) {
        const r = resolve(part);
        if (r && r !== s)
          for (const n of Object.keys((r.properties as JsonObject | undefined) ?? {})) names.add(n);
      }
      return names;
    };
    const checkCombinators = (s: JsonObject, names: Set<string>, where: string) => {
      const subs: [string, Json][] = [];
      for (const k of ["allOf", "anyOf", "oneOf"])
        for (const [i, x] of ((s[k] as Json[] | undefined) ?? []).entries())
          subs.push([`${k}/${i}`, x]);
      for (const k of ["not", "if", "then", "else"]) if (s[k] !== undefined) subs.push([k, s[k]]);
      for (const [k, sub] of subs) {
        if (!isObject(sub) || sub.$ref) continue;
        if (sub.properties) continue; // a schema of its own, visited by walk()
        for (const r of (sub.required as string[] | undefined) ?? [])
          if (!names.has(r)) problems.push(`${where}/${k}: ${r}`);
        checkCombinators(sub, names, `${where}/${k}`);
      }
    };
    const walk = (node: Json, where: string) => {
      if (Array.isArray(node)) {
        for (const [i, n] of node.entries()) walk(n, `${where}/${i}`);
        return;
      }
      if (!isObject(node)) return;
      if (node.type === "object" || node.properties) {
        const names = declared(node);
        for (const r of (node.required as string[] | undefined) ?? [])
          if (!names.has(r) && node.properties) problems.push(`${where}: ${r}`);
        checkCombinators(node, names, where);
      }
      for (const [k, v] of Object.entries(node)) walk(v, `${where}/${k}`);
    };
    walk(doc.paths as Json, "#/paths");
    walk(doc.components as Json, "#/components");
    expect(problems).toEqual([]);
  });

  it("has the response schemas the material shows", () => {
    const schemas = Object.keys((doc.components as JsonObject).schemas as JsonObject);
    for (const name of [
      "Account",
      "EntityTransfer",
      "Event",
      "Invoice",
      "InvoiceItem",
      "Login",
      "MaintenanceItem",
      "Notification",
      "OAuthClient",
      "PaymentMethod",
      "Bucket",
      "Cluster",
      "ObjectListEntry",
      "ObjectAcl",
      "AccessKey",
      "PresignedUrl",
      "TlsState",
      "TransferUsage",
      "Instance",
      "ConfigurationProfile",
      "Domain",
      "Volume",
      "NodeBalancer",
      "TaggedObject",
      "Collection",
      "EmptyObject",
      "Error",
    ]) {
      expect(schemas, name).toContain(name);
    }
  });

  it("marks not-shown response bodies, and only those, with x-not-shown", () => {
    for (const o of ops) {
      const schema = ((o.operation.responses as JsonObject)["2XX"] as JsonObject)
        .content as JsonObject;
      const s = (Object.values(schema)[0] as JsonObject).schema as JsonObject;
      // a paginated list keeps the Collection envelope (Conventions 4); only its items are not shown
      const items = (
        (s.allOf as JsonObject[] | undefined)?.[1]?.properties as JsonObject | undefined
      )?.data as JsonObject | undefined;
      const notShown =
        s["x-not-shown"] === true ||
        (items?.items as JsonObject | undefined)?.["x-not-shown"] === true;
      const expected =
        ["vm", "managed", "support", "recipes", "tags"].includes(o.area) ||
        o.operationId === "getOAuthClientThumbnail";
      expect(notShown, o.operationId).toBe(expected);
      if (notShown)
        expect(s.required, `${o.operationId}: a not-shown body requires nothing`).toBeUndefined();
    }
  });

  it("lists the event actions of the material as known values, not as a closed enum", (ctx) => {
    const list = /Allowed values of `action`: ([^.]+)\./
      .exec(readMaterial(ctx))![1]
      .split(", ")
      .map((s) => s.trim());
    const action = (((doc.components as JsonObject).schemas as JsonObject).Event as JsonObject)
      .properties as JsonObject;
    const a = action.action as JsonObject;
    expect(a.enum).toBeUndefined();
    expect(a["x-known-values"]).toEqual(list);
    expect(component("Event")({ ...EVENT, action: "something_new_in_a_later_version" })).toBe(true);
    expect(component("Event")({ ...EVENT, status: "unknown" })).toBe(false);
    expect(
      component("Event")({ ...EVENT, status: null, message: null, percent_complete: null }),
    ).toBe(true);
  });
});

describe("spec/openapi.yaml: constraints behave as the material states", () => {
  it("instance label: 3..32, alphanumeric at both ends, no two of -_. in a row", () => {
    const v = bodyOf("updateInstance");
    for (const ok of ["abc", "a-b", "web_01.prod", "A1.b2-c3_d4", "x".repeat(32), "a1a"])
      expect(v({ label: ok }), ok).toBe(true);
    for (const bad of [
      "ab",
      "x".repeat(33),
      "-abc",
      "abc-",
      "a--b",
      "a-_b",
      "a._b",
      "a b",
      "ab!c",
      "_ab",
      "ab.",
      "",
    ]) {
      expect(v({ label: bad }), bad).toBe(false);
    }
  });

  it("instance create: region and type required; backup_id and image exclusive; root_pass with image", () => {
    const v = bodyOf("createInstance");
    expect(v({ region: "r", type: "t" })).toBe(true);
    expect(v({ type: "t" })).toBe(false);
    expect(
      v({ region: "r", type: "t", backup_id: 1, image: "vm/x", root_pass: "secret-pass" }),
    ).toBe(false);
    expect(v({ region: "r", type: "t", backup_id: 1 })).toBe(true);
    expect(v({ region: "r", type: "t", image: "vm/x" })).toBe(false);
    expect(v({ region: "r", type: "t", image: "vm/x", root_pass: "secret-pass" })).toBe(true);
    expect(v({ region: "r", type: "t", image: "vm/x", root_pass: "short" })).toBe(false);
    expect(
      v({
        region: "r",
        type: "t",
        interfaces: [
          { purpose: "public" },
          { purpose: "vlan", label: "v-1" },
          { purpose: "vlan", label: "v2" },
        ],
      }),
    ).toBe(true);
    expect(
      v({
        region: "r",
        type: "t",
        interfaces: [
          { purpose: "public" },
          { purpose: "public" },
          { purpose: "public" },
          { purpose: "public" },
        ],
      }),
    ).toBe(false);
    expect(v({ region: "r", type: "t", interfaces: [{ purpose: "vlan" }] })).toBe(false);
    expect(
      v({ region: "r", type: "t", interfaces: [{ purpose: "vlan", label: "bad label" }] }),
    ).toBe(false);
    expect(
      v({
        region: "r",
        type: "t",
        interfaces: [{ purpose: "public", label: null, ipam_address: "" }],
      }),
    ).toBe(true);
    expect(v({ region: "r", type: "t", interfaces: [{ purpose: "other" }] })).toBe(false);
    expect(v({ region: "r", type: "t", unknown_field: 1 })).toBe(true);
  });

  it("config devices: one kind per slot, slot may be null; rescue takes sda..sdg only", () => {
    const v = bodyOf("createConfig");
    expect(v({ label: "c", devices: {} })).toBe(true);
    expect(
      v({ label: "c", devices: { sda: { disk_id: 1 }, sdb: { volume_id: null }, sdc: null } }),
    ).toBe(true);
    expect(v({ label: "c", devices: { sda: { disk_id: 1, volume_id: 2 } } })).toBe(false);
    expect(
      v({ label: "c", devices: { sda: { disk_id: 1, volume_id: null } } }),
      "a null companion key is no second kind",
    ).toBe(true);
    expect(v({ label: "c", devices: { sda: {} } }), "a slot object names its kind").toBe(false);
    expect(v({ label: "c", devices: { sda: { disk_id: "1" } } })).toBe(false);
    expect(v({ label: "c" })).toBe(false);
    expect(v({ label: "c", devices: {}, run_level: "multi" })).toBe(false);
    expect(bodyOf("updateConfig")({})).toBe(true);
    const r = bodyOf("rescueInstance");
    expect(r({ devices: { sdg: { disk_id: 1 } } })).toBe(true);
    expect(r({ devices: { sdh: { disk_id: 1 } } })).toBe(false);
  });

  it("credit card, object URL, bucket and ticket bodies", () => {
    const card = bodyOf("addCreditCard");
    const good = {
      card_number: "4111111111111111",
      cvv: "123",
      expiry_month: 12,
      expiry_year: 2030,
    };
    expect(card(good)).toBe(true);
    expect(card({ ...good, card_number: "4111 1111 1111 1111" })).toBe(false);
    expect(card({ ...good, cvv: "12" })).toBe(false);
    expect(card({ ...good, expiry_month: 13 })).toBe(false);
    expect(card({ ...good, expiry_year: 30 })).toBe(false);
    const url = bodyOf("createObjectUrl");
    expect(url({ name: "o" })).toBe(true); // method: contradiction, not required
    expect(url({ name: "o", expires_in: 359 })).toBe(false);
    expect(url({ name: "o", expires_in: 68400 })).toBe(true);
    const bucket = bodyOf("createBucket");
    expect(bucket({ cluster: "c", label: "b", acl: "custom" })).toBe(false);
    expect(bodyOf("modifyBucketAccess")({ acl: "custom" })).toBe(true);
    const t = bodyOf("openTicket");
    expect(t({ summary: "s", description: "d", vm_id: 1 })).toBe(true);
    expect(t({ summary: "s", description: "d", vm_id: 1, volume_id: 2 })).toBe(false);
    expect(t({ summary: "s", description: "d", managed_issue: true })).toBe(true);
    expect(t({ summary: "s", description: "d", managed_issue: true, domain_id: 1 })).toBe(false);
    expect(t({ summary: "s", description: "d", vlan: "v" })).toBe(false);
    expect(t({ summary: "s", description: "d", region: "r" })).toBe(false);
    expect(t({ summary: "s", description: "d", vlan: "v", region: "r" })).toBe(true);
    expect(t({ summary: "s", description: "x".repeat(65001) })).toBe(false);
    expect(bodyOf("createTicketReply")({ description: "x".repeat(65535) })).toBe(true);
    expect(bodyOf("createTicketReply")({ description: "x".repeat(65536) })).toBe(false);
  });

  it("clone: region and type required for a new target only", () => {
    const v = bodyOf("cloneInstance");
    expect(v({ vm_id: 3 })).toBe(true);
    expect(v({ region: "r", type: "t" })).toBe(true);
    expect(v({ region: "r" })).toBe(false);
  });

  it("response envelopes: collection, empty object, error body", () => {
    const events = responseOf("listEvents");
    expect(events({ data: [EVENT], page: 1, pages: 1, results: 1 })).toBe(true);
    expect(events({ data: [] })).toBe(false);
    expect(events({ data: [{ id: "x" }], page: 1, pages: 1, results: 1 })).toBe(false);
    expect(responseOf("revokeKey")({})).toBe(true);
    expect(responseOf("revokeKey")({ a: 1 })).toBe(false);
    expect(
      component("Error")({
        errors: [{ field: null, reason: "r" }, { field: "a.b", reason: "r" }, { reason: "r" }],
      }),
    ).toBe(true);
    expect(component("Error")({ errors: [{ field: "x" }] })).toBe(false);
    expect(component("Cluster")({ ...CLUSTER, extra_field: true })).toBe(true);
    expect(
      component("Account")({}),
      "a record requires the members listed without a condition",
    ).toBe(false);
    expect(responseOf("listBucketObjects")({ data: [{ name: "a", size: 1 }] })).toBe(true);
    expect(responseOf("getInstance")({ anything: [1, 2] })).toBe(true);
    expect(
      responseOf("listTaggedObjects")({
        data: [{ data: { id: 1, label: "web-1" } }],
        page: 1,
        pages: 1,
        results: 1,
      }),
    ).toBe(true);
  });
});

describe("spec/openapi.yaml: audit of the material, field by field (README judgment calls 39-48)", () => {
  const schemas = (doc.components as JsonObject).schemas as JsonObject;
  const prop = (schema: string, name: string) =>
    ((schemas[schema] as JsonObject).properties as JsonObject)[name] as JsonObject;
  const bodyProps = (id: string, type = "application/json") => {
    const op = opById(id);
    return (((op.operation.requestBody as JsonObject).content as JsonObject)[type] as JsonObject)
      .schema as JsonObject;
  };

  it("instance record: hypervisor is the listed value kvm; ipv4 holds one public and optionally one private address", () => {
    const v = component("Instance");
    expect(v({ hypervisor: "kvm" })).toBe(true);
    expect(v({ hypervisor: "xen" })).toBe(false);
    expect(v({ ipv4: ["203.0.113.1"] })).toBe(true);
    expect(v({ ipv4: ["203.0.113.1", "192.168.1.2"] })).toBe(true);
    expect(v({ ipv4: [] })).toBe(false);
    expect(v({ ipv4: ["203.0.113.1", "192.168.1.2", "192.168.1.3"] })).toBe(false);
  });

  it("domain, volume and NodeBalancer shapes keep the rules their rows state", () => {
    const d = component("Domain");
    expect(d({ type: "master", soa_email: "hostmaster@example.com", domain: "example.com" })).toBe(
      true,
    );
    expect(d({ type: "master" }), "soa_email is required for master domains").toBe(false);
    expect(d({ type: "slave", master_ips: ["192.0.2.1"] })).toBe(true);
    expect(d({ type: "slave", master_ips: [] }), "at least one master IP for slave domains").toBe(
      false,
    );
    expect(d({ type: "slave" })).toBe(false);
    expect(d({ domain: `${"a".repeat(63)}.example.com` })).toBe(true);
    expect(d({ domain: `${"a".repeat(64)}.example.com` }), "RFC 1035 labels <= 63 chars").toBe(
      false,
    );
    expect(component("Volume")({ filesystem_path: "/dev/disk/by-id/scsi-0Vm_Volume_data" })).toBe(
      true,
    );
    expect(component("Volume")({ filesystem_path: "/dev/sdb" })).toBe(false);
    expect(component("NodeBalancer")({ hostname: "nb-1.us-east.nodebalancer.example.net" })).toBe(
      true,
    );
    expect(component("NodeBalancer")({ hostname: "nb-1.example.net" })).toBe(false);
  });

  it("error body: errors is an array of {field, reason} with no stated minimum count", () => {
    expect(component("Error")({ errors: [] })).toBe(true);
    expect(prop("Error", "errors").minItems).toBeUndefined();
  });

  it("attachment body: its shape is not shown, and no media type is asserted for the file part", () => {
    const s = bodyProps("createTicketAttachment", "multipart/form-data");
    expect(s["x-not-shown"]).toBe(true);
    expect(((s.properties as JsonObject).file as JsonObject).contentMediaType).toBeUndefined();
  });

  it("path parameter types: integer where the material gives or shows an integer ID, string where no type is given", () => {
    const types = new Map<string, Set<string>>();
    for (const o of ops) {
      for (const p of (o.operation.parameters ?? []) as JsonObject[]) {
        if (p.in !== "path") continue;
        const key = `${o.area}:${String(p.name)}`;
        if (!types.has(key)) types.set(key, new Set());
        types.get(key)!.add(String((p.schema as JsonObject).type));
      }
    }
    const want: Record<string, string> = {
      "events:eventId": "integer",
      "account:invoiceId": "integer",
      "account:loginId": "integer",
      "account:token": "string",
      "oauth-clients:clientId": "string",
      "object-storage:clusterId": "string",
      "object-storage:bucket": "string",
      "object-storage:keyId": "integer",
      "vm:vmId": "integer",
      "vm:backupId": "integer",
      "vm:configId": "integer",
      "vm:diskId": "integer",
      "vm:year": "integer",
      "vm:month": "integer",
      "vm:kernelId": "string",
      "managed:vmId": "integer",
      "managed:credentialId": "integer",
      "managed:contactId": "string",
      "managed:issueId": "string",
      "managed:serviceId": "string",
      "support:ticketId": "string",
      "recipes:recipeId": "string",
      "tags:label": "string",
    };
    expect(Object.fromEntries([...types].map(([k, v]) => [k, [...v].join(",")]))).toEqual(want);
  });

  it("Filterable instance fields are x-filterable in the create and update bodies too", () => {
    const filterable = (id: string) =>
      Object.entries(bodyProps(id).properties as JsonObject)
        .filter(([, v]) => (v as JsonObject)["x-filterable"] === true)
        .map(([k]) => k)
        .sort();
    expect(filterable("createInstance")).toEqual(["group", "image", "label", "region", "tags"]);
    expect(filterable("updateInstance")).toEqual(["group", "label", "tags"]);
  });

  it("rules of the rows written as schema: one public interface, recipes need an image (not a private one), pending transfer, ssl true after upload", () => {
    const create = bodyOf("createInstance");
    const base = { region: "r", type: "t" };
    expect(
      create({ ...base, interfaces: [{ purpose: "public" }, { purpose: "vlan", label: "v1" }] }),
    ).toBe(true);
    expect(
      create({ ...base, interfaces: [{ purpose: "vlan", label: "v1" }] }),
      "no public interface is allowed",
    ).toBe(true);
    expect(
      create({ ...base, interfaces: [{ purpose: "public" }, { purpose: "public" }] }),
      "only one public interface",
    ).toBe(false);
    expect(
      bodyOf("createConfig")({
        label: "c",
        devices: {},
        interfaces: [{ purpose: "public" }, { purpose: "public" }],
      }),
    ).toBe(false);
    expect(
      create({ ...base, recipe_id: 1, image: "vm/debian12", root_pass: "Str0ng!Passw0rd" }),
    ).toBe(true);
    expect(
      create({ ...base, recipe_id: 1, image: "private/42", root_pass: "Str0ng!Passw0rd" }),
      "no recipe with a private image",
    ).toBe(false);
    expect(create({ ...base, image: "private/42", root_pass: "Str0ng!Passw0rd" })).toBe(true);
    const disk = bodyOf("createDisk");
    expect(disk({ size: 10, label: "d", recipe_id: 1 }), "recipe deployment needs an image").toBe(
      false,
    );
    expect(
      disk({ size: 10, image: "vm/debian12", root_pass: "Str0ng!Passw0rd", recipe_id: 1 }),
    ).toBe(true);
    expect(
      responseOf("createEntityTransfer")({
        ...TRANSFER,
        status: "pending",
        token: "3f1c7a7e-0c1b-4a43-9c3e-2d7c1b0f5a11",
      }),
    ).toBe(true);
    expect(
      responseOf("createEntityTransfer")({
        ...TRANSFER,
        status: "accepted",
        token: "3f1c7a7e-0c1b-4a43-9c3e-2d7c1b0f5a11",
      }),
    ).toBe(false);
    expect(responseOf("uploadBucketSsl")({ ssl: true })).toBe(true);
    expect(responseOf("uploadBucketSsl")({ ssl: false })).toBe(false);
    expect(responseOf("getBucketSsl")({ ssl: false })).toBe(true);
  });

  it("object-ACL view takes name as a query parameter, not required (judgment call 39)", () => {
    const name = ((opById("getObjectAcl").operation.parameters ?? []) as JsonObject[]).find(
      (p) => p.name === "name",
    );
    expect(name).toMatchObject({ in: "query" });
    expect(name!.required).not.toBe(true);
  });
});

describe("spec/openapi.yaml: Redocly", () => {
  it("lints clean with spec/redocly.yaml (no errors, no warnings)", () => {
    let out = "";
    try {
      out = execFileSync(
        "npx",
        [
          "redocly",
          "lint",
          "spec/openapi.yaml",
          "--config",
          "spec/redocly.yaml",
          "--format",
          "stylish",
          "--max-problems",
          "1000",
        ],
        {
          cwd: ROOT,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: "off",
            REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
            NO_UPDATE_NOTIFIER: "1",
          },
        },
      );
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      throw new Error(`redocly lint failed:\n${err.stdout ?? ""}\n${err.stderr ?? ""}`);
    }
    expect(out.split("\n").filter((l) => /^\s*\d+:\d+\s+(warning|error)\s/.test(l))).toEqual([]);
  }, 60_000);
});
