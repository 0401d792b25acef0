// Keeps spec/requirements.yaml, the generated field requirements, spec/openapi.yaml and the
// material consistent with each other.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { OpenAPIV3_1 } from "openapi-types";
import { listOperations } from "./index.ts";
import {
  AREAS,
  FIELD_ID_PATTERN,
  HAND_ID_PATTERN,
  KINDS,
  LEVELS,
  WILDCARD_ALL,
  WILDCARD_AUTHENTICATED,
  buildCatalog,
  generateFieldRequirements,
  loadCatalog,
  loadRawRequirements,
  type Requirement,
} from "./catalog.ts";
import { findMaterial, need } from "../tests/needs.ts";

// the material lives outside the checkout: the test that reads it skips (or fails in CI) without it
const MATERIAL = findMaterial();

function materialHeadings(path: string): string[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => /^#{2,3} /.test(l))
    .map((l) => l.replace(/^#{2,3} /, "").trim());
}

/** A source names a heading, optionally followed by " / <part>" or ", <item>". */
function sourceMatchesHeading(source: string, headings: string[]): boolean {
  return headings.some(
    (h) => source === h || source.startsWith(`${h} / `) || source.startsWith(`${h}, `),
  );
}

/** Status codes a MUST statement may name: 400 (clone limit, Errors 5) and 200 (owned bucket, Errors 8). */
const ALLOWED_MUST_STATUSES = new Set(["200", "400"]);
const COMMON_STATUSES = /\b(1\d\d|2\d\d|3\d\d|4\d\d|5\d\d)\b/g;
const STATUS_CONTEXT =
  /\b(?:HTTP|status(?: code)?|code|answers?|responds?(?: with)?|returns?)\s*:?\s*(\d{3})\b|\b(\d{3})\s+(?:status|response|OK|Created|Accepted|No Content|Bad Request|Unauthorized|Forbidden|Not Found|Conflict|Unprocessable|Too Many)\b/gi;
const WELL_KNOWN = new Set([
  "201",
  "202",
  "204",
  "301",
  "302",
  "304",
  "401",
  "402",
  "403",
  "404",
  "405",
  "406",
  "409",
  "410",
  "412",
  "413",
  "415",
  "422",
  "423",
  "429",
  "500",
  "501",
  "502",
  "503",
  "504",
]);

/** Status codes a statement appears to assert (in status context, or any well-known status number). */
function statusCodesIn(statement: string): string[] {
  const found = new Set<string>();
  for (const m of statement.matchAll(STATUS_CONTEXT)) found.add(m[1] ?? m[2]);
  for (const m of statement.matchAll(COMMON_STATUSES)) if (WELL_KNOWN.has(m[1])) found.add(m[1]);
  return [...found];
}

/** The design's SHOULD set: 400 validation, 401 missing/invalid token, 401 or 403 lacking scope, 404 unknown ID, 429 with Retry-After. */
const SHOULD_STATUSES = new Set(["400", "401", "403", "404", "429"]);
/** The SHOULDs the policy of spec/README.md adds: timestamp offset, JSON Content-Type, a non-empty errors array, the members an update of "Contact fields" leaves alone, a bucket's counts caught up, any Unicode text in free-text members. */
const POLICY_SHOULDS = new Set([
  "CONV-TIME-2",
  "CONV-JSON-3",
  "CONV-ERR-8",
  "CONV-SCOPE-2",
  "CONV-CALC-2",
  "CONV-TEXT-1",
  "AUTHZ-GRANT-3",
  "AUTHZ-GRANT-5",
]);
/** What makes a requirement INFO: a `not shown` point, a contradiction, an effect no shown operation can observe, or a superseded entry. */
const INFO_REASON = /not shown|contradicts itself|not observable|superseded by/;

const AREA_PREFIX: Record<string, string> = {
  CONV: "conventions",
  ACCT: "account",
  OAUTH: "oauth-clients",
  EVT: "events",
  OS: "object-storage",
  VM: "vm",
  MNG: "managed",
  SUP: "support",
  RCP: "recipes",
  TAG: "tags",
  AUTHZ: "conventions",
};

describe("requirement catalog", () => {
  const raw = loadRawRequirements();
  const catalog = loadCatalog();
  const ops = listOperations();
  const opIds = new Set(ops.map((o) => o.operationId));
  const hand = catalog.requirements.filter((r) => !r.generated);
  const generated = catalog.requirements.filter((r) => r.generated);

  it("knows the 124 operations of the spec", () => {
    expect(ops.length).toBe(124);
    expect(opIds.size).toBe(124);
  });

  it("has unique IDs (hand-written and generated together)", () => {
    const seen = new Map<string, number>();
    for (const r of catalog.requirements) seen.set(r.id, (seen.get(r.id) ?? 0) + 1);
    const dupes = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    expect(dupes).toEqual([]);
    expect(catalog.byId.size).toBe(catalog.requirements.length);
  });

  it("every ID matches its pattern and hand-written IDs carry their area's prefix", () => {
    const bad: string[] = [];
    for (const r of hand) {
      if (!HAND_ID_PATTERN.test(r.id)) bad.push(`${r.id}: not AREA-TOPIC-N`);
      const prefix = r.id.split("-")[0];
      if (AREA_PREFIX[prefix] !== r.area)
        bad.push(`${r.id}: prefix ${prefix} does not match area ${r.area}`);
    }
    for (const r of generated)
      if (!FIELD_ID_PATTERN.test(r.id)) bad.push(`${r.id}: not FIELD.<operationId>.<field>`);
    expect(bad).toEqual([]);
  });

  it("every requirement has a valid level, kind and area, and a one-line statement", () => {
    const bad: string[] = [];
    for (const r of catalog.requirements) {
      if (!(LEVELS as readonly string[]).includes(r.level)) bad.push(`${r.id}: level ${r.level}`);
      if (!(KINDS as readonly string[]).includes(r.kind)) bad.push(`${r.id}: kind ${r.kind}`);
      if (!(AREAS as readonly string[]).includes(r.area)) bad.push(`${r.id}: area ${r.area}`);
      if (!r.statement || /\n/.test(r.statement))
        bad.push(`${r.id}: statement must be one non-empty line`);
      if (!r.operations.length) bad.push(`${r.id}: no operations`);
    }
    expect(bad).toEqual([]);
  });

  it("every requirement names existing operationIds (wildcards only where the loader expands them)", () => {
    const bad: string[] = [];
    const areas = new Set(ops.map((o) => o.area));
    for (const r of raw) {
      for (const op of r.operations) {
        if (op === WILDCARD_ALL || op === WILDCARD_AUTHENTICATED) continue;
        if (op.startsWith("@")) {
          if (!areas.has(op.slice(1))) bad.push(`${r.id}: unknown area wildcard ${op}`);
          continue;
        }
        if (!opIds.has(op)) bad.push(`${r.id}: unknown operationId ${op}`);
      }
    }
    for (const r of catalog.requirements)
      for (const op of r.operations) if (!opIds.has(op)) bad.push(`${r.id}: ${op} after expansion`);
    expect(bad).toEqual([]);
  });

  it("every one of the 124 operations has at least one requirement, and a happy one", () => {
    const any = new Set(catalog.requirements.flatMap((r) => r.operations));
    const happy = new Set(
      catalog.requirements
        .filter((r) => r.kind === "happy" && r.level !== "INFO")
        .flatMap((r) => r.operations),
    );
    expect([...opIds].filter((id) => !any.has(id))).toEqual([]);
    expect([...opIds].filter((id) => !happy.has(id))).toEqual([]);
  });

  it("every operation that needs a token has a MUST scope requirement", () => {
    const scoped = new Set(
      hand
        .filter((r) => r.kind === "auth" && r.level === "MUST" && /-SCOPE-\d+$/.test(r.id))
        .flatMap((r) => r.operations),
    );
    const missing = ops
      .filter((o) => !o.anonymous && !scoped.has(o.operationId))
      .map((o) => o.operationId);
    expect(missing).toEqual([]);
  });

  it("every source names a heading of the material", (ctx) => {
    const headings = materialHeadings(need(MATERIAL, ctx));
    expect(headings.length).toBeGreaterThan(20);
    const bad = catalog.requirements
      .filter((r) => !sourceMatchesHeading(r.source, headings))
      .map((r) => `${r.id}: ${r.source}`);
    expect(bad).toEqual([]);
  });

  it("no MUST statement asserts a status code other than 400 (clone limit) and 200 (owned bucket)", () => {
    const bad: string[] = [];
    for (const r of catalog.requirements) {
      if (r.level !== "MUST") continue;
      for (const code of statusCodesIn(r.statement))
        if (!ALLOWED_MUST_STATUSES.has(code)) bad.push(`${r.id}: ${code}`);
    }
    expect(bad).toEqual([]);
  });

  it("contradictions of the material are INFO and say so", () => {
    const bad = hand
      .filter((r) => /contradicts itself/.test(r.statement) && r.level !== "INFO")
      .map((r) => r.id);
    expect(bad).toEqual([]);
  });

  it("SHOULD is kept to the design's named conventions (400, 401, 401/403, 404, 429) and the policy's own (spec/README.md)", () => {
    const policy = (r: { id: string; statement: string }) =>
      POLICY_SHOULDS.has(r.id) && r.statement.startsWith("Policy - ");
    const bad = hand
      .filter(
        (r) =>
          r.level === "SHOULD" &&
          !policy(r) &&
          !statusCodesIn(r.statement).some((c) => SHOULD_STATUSES.has(c)),
      )
      .map((r) => r.id);
    expect(bad).toEqual([]);
  });

  it("every INFO requirement says why it is INFO (not shown, a contradiction, not observable, or superseded)", () => {
    const bad = hand
      .filter((r) => r.level === "INFO" && !INFO_REASON.test(r.statement))
      .map((r) => r.id);
    expect(bad).toEqual([]);
  });

  it("a superseded requirement is INFO and names an existing requirement that is not itself superseded", () => {
    const bad: string[] = [];
    for (const r of hand) {
      const m = /superseded by ([A-Z]+(?:-[A-Z][A-Z0-9]*)+-[1-9][0-9]*)/.exec(r.statement);
      if (!m) continue;
      const target = catalog.byId.get(m[1]);
      if (r.level !== "INFO") bad.push(`${r.id}: superseded but ${r.level}`);
      if (!target) bad.push(`${r.id}: superseded by unknown ${m[1]}`);
      else if (/superseded by/.test(target.statement))
        bad.push(`${r.id}: superseded by ${m[1]}, itself superseded`);
    }
    expect(bad).toEqual([]);
  });

  it("a generated requirement a hand-written entry supersedes becomes INFO naming it", () => {
    const named = hand.flatMap((r) => (r.supersedes ?? []).map((id) => [id, r.id] as const));
    expect(named.length).toBeGreaterThan(0);
    for (const [id, by] of named) {
      const g = catalog.byId.get(id);
      expect(g?.generated, `${by} supersedes ${id}, which is not a generated requirement`).toBe(
        true,
      );
      expect(g!.level).toBe("INFO");
      expect(g!.statement).toContain(`superseded by ${by}`);
    }
  });

  it("generated requirements are validation or limit checks with a field of one operation", () => {
    const bad = generated
      .filter(
        (r) =>
          !r.field ||
          r.operations.length !== 1 ||
          !["validation", "limit"].includes(r.kind) ||
          !r.id.startsWith(`FIELD.${r.operations[0]}.`),
      )
      .map((r) => r.id);
    expect(bad).toEqual([]);
  });
});

describe("status-code guard", () => {
  it("catches status codes in context and well-known ones anywhere", () => {
    expect(statusCodesIn("answers status 404 with the Error body")).toEqual(["404"]);
    expect(statusCodesIn("is refused with HTTP 400")).toEqual(["400"]);
    expect(statusCodesIn("a 201 Created")).toEqual(["201"]);
    expect(statusCodesIn("fails with 409")).toEqual(["409"]);
    expect(
      statusCodesIn(
        "swap disk of 512 MB, page_size 25..100, expires_in 360..68400, ports 25, 465, 587",
      ),
    ).toEqual([]);
  });
});

describe("field requirement generator", () => {
  const doc = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: {
      "/v4/things": {
        parameters: [{ $ref: "#/components/parameters/PageSize" }],
        get: {
          operationId: "listThings",
          tags: ["vm"],
          "x-material-section": "Compute instances (vm)",
          parameters: [{ name: "page", in: "query", schema: { type: "integer", minimum: 1 } }],
          responses: { "200": { description: "ok" } },
        },
        post: {
          operationId: "createThing",
          tags: ["vm"],
          requestBody: {
            content: {
              "application/json": { schema: { $ref: "#/components/schemas/ThingCreate" } },
            },
          },
          responses: { "200": { description: "ok" } },
        },
      },
      "/v4/things/{thingId}/{month}": {
        put: {
          operationId: "updateThing",
          tags: ["managed"],
          parameters: [
            { name: "thingId", in: "path", required: true, schema: { type: "integer" } },
            {
              name: "month",
              in: "path",
              required: true,
              schema: { type: "integer", minimum: 1, maximum: 12 },
            },
          ],
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  allOf: [{ $ref: "#/components/schemas/ThingCreate" }, { required: ["comments"] }],
                  properties: { label: { type: "string" } },
                },
              },
            },
          },
          responses: { "200": { description: "ok" } },
        },
      },
      "/v4/invoices": {
        get: {
          operationId: "listInvoices",
          tags: ["account"],
          parameters: [{ $ref: "#/components/parameters/PageSize" }],
          responses: { "200": { description: "ok" } },
        },
      },
    },
    components: {
      parameters: {
        PageSize: {
          name: "page_size",
          in: "query",
          schema: { type: "integer", minimum: 25, maximum: 100 },
        },
      },
      schemas: {
        Slot: {
          oneOf: [
            { type: "null" },
            {
              type: "object",
              properties: { disk_id: { type: ["integer", "null"] }, volume_id: false },
              required: ["disk_id"],
            },
            {
              type: "object",
              properties: { volume_id: { type: ["integer", "null"], minimum: 1 } },
              required: ["volume_id"],
            },
          ],
        },
        ThingCreate: {
          type: "object",
          required: ["label", "region"],
          properties: {
            id: { type: "integer", readOnly: true, minimum: 1 },
            label: { type: "string", minLength: 3, maxLength: 32, pattern: "^[a-z]+$" },
            region: { type: "string" },
            comments: { type: "string" },
            tags: {
              type: "array",
              maxItems: 5,
              items: { type: "string", minLength: 3, maxLength: 50 },
            },
            interfaces: {
              type: "array",
              maxItems: 3,
              items: { $ref: "#/components/schemas/Interface" },
            },
            devices: { type: "object", properties: { sda: { $ref: "#/components/schemas/Slot" } } },
            ip: {
              anyOf: [
                { type: "string", format: "ipv4" },
                { type: "string", format: "ipv6" },
              ],
            },
            pass: { type: "string", format: "password" },
            self: { $ref: "#/components/schemas/ThingCreate" },
          },
        },
        Interface: {
          type: "object",
          required: ["purpose"],
          properties: {
            purpose: { enum: ["public", "vlan"] },
            label: { type: ["string", "null"], maxLength: 64 },
          },
        },
      },
    },
  } as unknown as OpenAPIV3_1.Document;

  const gen = generateFieldRequirements(doc);
  const byId = new Map<string, Requirement>(gen.map((r) => [r.id, r]));

  it("walks $refs, nested objects, array items and alternatives", () => {
    expect([...byId.keys()].sort()).toEqual(
      [
        "FIELD.createThing.comments",
        "FIELD.createThing.devices",
        "FIELD.createThing.devices.sda",
        "FIELD.createThing.devices.sda.disk_id",
        "FIELD.createThing.pass",
        "FIELD.updateThing.devices",
        "FIELD.updateThing.devices.sda",
        "FIELD.updateThing.devices.sda.disk_id",
        "FIELD.updateThing.pass",
        "FIELD.createThing.devices.sda.volume_id",
        "FIELD.createThing.interfaces",
        "FIELD.createThing.interfaces.label",
        "FIELD.createThing.interfaces.purpose",
        "FIELD.createThing.ip",
        "FIELD.createThing.label",
        "FIELD.createThing.region",
        "FIELD.createThing.tags",
        "FIELD.createThing.page_size",
        "FIELD.listInvoices.page_size",
        "FIELD.listThings.page",
        "FIELD.listThings.page_size",
        "FIELD.updateThing.comments",
        "FIELD.updateThing.devices.sda.volume_id",
        "FIELD.updateThing.interfaces",
        "FIELD.updateThing.interfaces.label",
        "FIELD.updateThing.interfaces.purpose",
        "FIELD.updateThing.ip",
        "FIELD.updateThing.label",
        "FIELD.updateThing.month",
        "FIELD.updateThing.region",
        "FIELD.updateThing.tags",
      ].sort(),
    );
  });

  it("applies required of one allOf part to properties declared in another", () => {
    expect(byId.get("FIELD.updateThing.comments")!.statement).toContain("required");
    expect(byId.get("FIELD.updateThing.label")!.statement).toContain("required");
  });

  it("skips read-only fields and bare path parameters, and follows recursive refs without looping", () => {
    expect(byId.has("FIELD.createThing.id")).toBe(false);
    expect(byId.has("FIELD.updateThing.thingId")).toBe(false);
  });

  it("gives a type-only member (a JSON type, no bound, enum or pattern) a wrong-type requirement with its types", () => {
    expect(byId.get("FIELD.createThing.comments")).toMatchObject({
      jsonTypes: ["string"],
      kind: "validation",
      level: "MUST",
    });
    expect(byId.get("FIELD.createThing.comments")!.statement).toContain(
      "a value of another JSON type is refused with an error naming the field",
    );
    // required only within one alternative: type-only, nullable through its alternative
    expect(byId.get("FIELD.createThing.devices.sda.disk_id")!.jsonTypes).toEqual([
      "integer",
      "null",
    ]);
    expect(byId.get("FIELD.createThing.label")!.jsonTypes).toBeUndefined();
    expect(byId.get("FIELD.updateThing.comments")!.jsonTypes).toBeUndefined(); // required there
  });

  it("words body fields as refused with an error naming the field", () => {
    const label = byId.get("FIELD.createThing.label")!;
    expect(label).toMatchObject({
      kind: "validation",
      level: "MUST",
      area: "vm",
      operations: ["createThing"],
      field: "label",
      generated: true,
    });
    expect(label.statement).toContain("3..32 chars");
    expect(label.statement).toContain("pattern ^[a-z]+$");
    expect(label.statement).toContain("required");
    expect(label.statement).toContain("naming the field");
    expect(byId.get("FIELD.createThing.tags")!.statement).toContain("each item string 3..50 chars");
    expect(byId.get("FIELD.createThing.ip")!.statement).toContain("format ipv4 or ipv6");
    expect(byId.get("FIELD.createThing.interfaces.purpose")!.statement).toContain("dotted path");
    expect(byId.get("FIELD.createThing.interfaces")!.statement).toContain("<= 3 items");
  });

  it("words query bounds as 'the bound holds' and page_size outside the named lists as INFO", () => {
    const ps = byId.get("FIELD.listThings.page_size")!;
    expect(ps).toMatchObject({ level: "INFO", kind: "limit" });
    expect(byId.get("FIELD.listInvoices.page_size")!.level).toBe("INFO");
    const page = byId.get("FIELD.listThings.page")!;
    expect(page).toMatchObject({ level: "MUST", kind: "limit" });
    expect(page.statement).toContain("the bound holds");
    expect(byId.get("FIELD.updateThing.month")!.statement).toContain("1..12");
  });

  it("takes the source from x-material-section, else from the area's section", () => {
    expect(byId.get("FIELD.listThings.page")!.source).toBe("Compute instances (vm)");
    expect(byId.get("FIELD.updateThing.month")!.source).toBe("Managed monitoring");
    expect(byId.get("FIELD.listInvoices.page_size")!.source).toBe("Account and billing");
  });

  it("copes with a document that has no bodies, parameters or components yet", () => {
    const bare = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: { "/v4/x": { get: { operationId: "x", tags: ["vm"], responses: {} } } },
    } as unknown as OpenAPIV3_1.Document;
    expect(generateFieldRequirements(bare)).toEqual([]);
    const c = buildCatalog(
      [
        {
          id: "VM-X-1",
          area: "vm",
          operations: ["*"],
          kind: "happy",
          level: "MUST",
          source: "Compute instances (vm)",
          statement: "s",
        },
      ],
      bare,
    );
    expect(c.byId.get("VM-X-1")!.operations).toEqual(["x"]);
  });
});
