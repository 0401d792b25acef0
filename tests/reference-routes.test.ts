// The reference target and the spec are two readings of the material; this test, standing outside
// both, checks they agree on which operations exist and that every fault breaks a catalogued requirement.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { App, ALL_FAULTS } from "../reference/app.ts";
import { listOperations } from "../spec/index.ts";
import { loadCatalog } from "../spec/catalog.ts";

const shape = (p: string) => p.replace(/\{[^}]*\}/g, "{}").replace(/(.)\/$/, "$1");

describe("reference target against the spec", () => {
  const routes = new App().router.list().map((r) => `${r.method} ${shape(r.pattern)}`);

  it.each(listOperations().map((o) => [o.operationId, `${o.method} ${shape(o.path)}`]))(
    "%s has a route (%s)",
    (_id, key) => {
      expect(routes).toContain(key);
    },
  );

  it("serves no /v4 route the spec lacks", () => {
    const ops = new Set(listOperations().map((o) => `${o.method} ${shape(o.path)}`));
    expect(routes.filter((r) => / \/v4/.test(r) && !ops.has(r))).toEqual([]);
  });

  it("has at least 40 faults with unique names", () => {
    const names = ALL_FAULTS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(40);
  });

  it.each(ALL_FAULTS.map((f) => [f.name, f.requirement]))(
    "fault %s breaks a MUST requirement of the catalog (%s)",
    (_name, id) => {
      const req = loadCatalog().byId.get(id);
      expect(req, `${id} is not in spec/requirements.yaml`).toBeDefined();
      expect(req!.level).toBe("MUST");
    },
  );

  it("serves exactly the provider states harness/provider-states.md documents", () => {
    const doc = readFileSync(new URL("../harness/provider-states.md", import.meta.url), "utf8");
    const documented = [...doc.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]).sort();
    expect(Object.keys(new App().states).sort()).toEqual(documented);
  });
});
