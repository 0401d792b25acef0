// Which members of a shown record are required and which take null, derived from the material's
// record tables (the policy, spec/README.md, "A member with no value"): a member the table lists
// without a condition is required and not null; one it marks nullable ("nullable", "or null"), one it
// makes conditional ("only returned on creation", "only some events", "for some events") and the
// members the policy names as answered null by deployed services may be null or left out.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findMaterial, need } from "../tests/needs.ts";
import { loadOpenApi } from "./index.ts";
import { RequestValidator, requestValidator } from "./validate.ts";

const MATERIAL = findMaterial();

/** The material's resource names and the schemas that carry their records. */
const RECORDS: Record<string, string> = {
  Account: "Account",
  "Entity transfer": "EntityTransfer",
  Event: "Event",
  Invoice: "Invoice",
  "Invoice item": "InvoiceItem",
  Login: "Login",
  "Maintenance item": "MaintenanceItem",
  Notification: "Notification",
  "OAuth client": "OAuthClient",
  "Payment method": "PaymentMethod",
  Bucket: "Bucket",
  Cluster: "Cluster",
  "Object (in contents list)": "ObjectListEntry",
  "Object ACL": "ObjectAcl",
  "Access key": "AccessKey",
  "Pre-signed URL": "PresignedUrl",
  "TLS state": "TlsState",
  "Transfer usage": "TransferUsage",
};

/**
 * Typed members deployed services are known to answer null (the policy names them): nullable in
 * the document, so they may be left out too.
 */
const POLICY_NULLS: Record<string, string[]> = {
  Event: ["duration", "secondary_entity"],
  "Access key": ["bucket_access"],
};

/**
 * The one record whose listed members are not all required: the contents list also holds names
 * rolled up at the delimiter ("names returned up to its first occurrence"), and what such an entry
 * carries besides its name is not shown.
 */
const ONLY_NAME = "Object (in contents list)";

const NULLABLE = /nullable|or null/;
const CONDITIONAL = /only returned on creation|only (for )?some|for some events/;

/** Top-level comma-separated items, commas inside (), {} and backticks kept. */
function splitTop(s: string, sep = ","): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of s) {
    if (ch === "(" || ch === "{") depth++;
    if (ch === ")" || ch === "}") depth--;
    if (ch === sep && depth === 0) {
      out.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** `name (description)` items of a field list. */
function fieldList(s: string): [string, string][] {
  return splitTop(s).map((item) => {
    const m = /^`?([a-z_0-9]+)`?\s*(?:\((.*)\))?$/s.exec(item);
    if (!m) throw new Error(`not a field: ${item}`);
    return [m[1], m[2] ?? ""];
  });
}

/** The text of a `###` section. */
function section(md: string, heading: string): string {
  const start = md.indexOf(`\n### ${heading}\n`);
  if (start < 0) throw new Error(`no section ${heading}`);
  const rest = md.slice(start + heading.length + 6);
  const end = rest.search(/\n##/);
  return end < 0 ? rest : rest.slice(0, end);
}

const cells = (line: string) =>
  line
    .split("|")
    .slice(1, -1)
    .map((c) => c.trim());
const rows = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.startsWith("|"))
    .slice(2)
    .map(cells);

/** Every shown record the material describes: its members and what each one's description says. */
function materialRecords(md: string): Map<string, [string, string][]> {
  const out = new Map<string, [string, string][]>();
  // "| Field | Type | Notes |" tables
  for (const name of ["Account", "Entity transfer", "Event", "OAuth client"])
    out.set(
      name,
      rows(section(md, name)).map(([f, type, notes]) => [f, `${type} ${notes}`]),
    );
  // "| Resource | Fields |" tables
  for (const heading of ["Invoice and invoice item", "Object storage resources"])
    for (const [resource, fields] of rows(section(md, heading)))
      if (resource in RECORDS) out.set(resource, fieldList(fields));
  // records given as one sentence, up to its first full stop
  for (const name of ["Login", "Maintenance item", "Notification", "Payment method"]) {
    const text = section(md, name).trim();
    out.set(name, fieldList(splitTop(text, ".")[0]));
  }
  return out;
}

const doc = loadOpenApi() as unknown as {
  components: { schemas: Record<string, { required?: string[]; properties: object }> };
};

describe("shown records: required and nullable members follow the material's tables", () => {
  it("requires exactly the members listed without a condition, and takes null exactly where the material or the policy says", (ctx) => {
    const md = readFileSync(need(MATERIAL, ctx), "utf8");
    const records = materialRecords(md);
    expect([...records.keys()].sort()).toEqual(Object.keys(RECORDS).sort());
    const v = requestValidator();
    for (const [resource, fields] of records) {
      const name = RECORDS[resource];
      const schema = doc.components.schemas[name];
      const policy = POLICY_NULLS[resource] ?? [];
      const nullable = fields
        .filter(([f, d]) => NULLABLE.test(d) || policy.includes(f))
        .map(([f]) => f);
      const optional = fields.filter(([, d]) => CONDITIONAL.test(d)).map(([f]) => f);
      const required =
        resource === ONLY_NAME
          ? ["name"]
          : fields.map(([f]) => f).filter((f) => !nullable.includes(f) && !optional.includes(f));
      expect([...(schema.required ?? [])].sort(), `${name}.required`).toEqual(required.sort());
      for (const [f] of fields) {
        expect(f in schema.properties, `${name}.${f} is a property`).toBe(true);
        const prop = (schema.properties as Record<string, Record<string, unknown>>)[f];
        expect(prop["x-policy-null"] === true, `${name}.${f} carries x-policy-null`).toBe(
          policy.includes(f),
        );
        const ptr = `/components/schemas/${name}/properties/${f}`;
        const takesNull = v.errors(`records:${ptr}`, RequestValidator.ref(ptr), null).length === 0;
        expect(takesNull, `${name}.${f} takes null`).toBe(nullable.includes(f));
      }
    }
  });
});
