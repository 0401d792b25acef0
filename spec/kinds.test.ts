import { describe, expect, it } from "vitest";
import { listOperations } from "./index.ts";
import { KIND_TABLE, kindOfOperation, kindOfPath, resourceModel } from "./kinds.ts";

describe("spec/kinds: the resource model", () => {
  it("every operation of the spec belongs to exactly one kind", () => {
    const owners = new Map<string, string[]>();
    for (const m of resourceModel().values())
      for (const ids of Object.values(m.ops))
        for (const id of ids) owners.set(id, [...(owners.get(id) ?? []), m.name]);
    const orphans = listOperations().filter((o) => !owners.has(o.operationId));
    expect(orphans.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect([...owners].filter(([, k]) => k.length > 1)).toEqual([]);
  });

  it("every kind of the table has an operation, and its path is one of the spec's", () => {
    const paths = listOperations().map((o) => o.path.replace(/\/$/, ""));
    for (const m of resourceModel().values()) {
      expect(Object.values(m.ops).flat().length, m.name).toBeGreaterThan(0);
      expect(
        paths.some((p) => p === m.path || p.startsWith(`${m.path}/`)),
        m.name,
      ).toBe(true);
    }
    expect(resourceModel().size).toBe(Object.keys(KIND_TABLE).length);
  });

  it("reads roles, parents and members from the document", () => {
    const model = resourceModel();
    expect(model.get("config")).toMatchObject({
      parent: "instance",
      idParam: "configId",
      parentParams: ["vmId"],
      update: "partial",
    });
    expect(model.get("config")!.ops.delete).toEqual(["deleteConfig"]);
    expect(model.get("instance")!.children).toEqual(
      expect.arrayContaining(["config", "disk", "backup", "instanceVolume"]),
    );
    expect(model.get("managedCredential")!.ops.delete).toEqual(["revokeManagedCredential"]);
    expect(model.get("managedCredential")!.members.update).toEqual(["label"]);
    expect(model.get("bucket")!.ops.list).toEqual(["listBuckets", "listClusterBuckets"]);
    expect(model.get("account")!.ops.view).toEqual(["getAccount"]);
    expect(model.get("oauthClient")!.members.nullable).toContain("thumbnail_url");
    expect(model.get("reply")!.parent).toBe("ticket");
  });

  it("a literal segment is not an ID: the managed SSH key is not a credential", () => {
    expect(kindOfPath("/v4/managed/credentials/sshkey")).toBe("managedSshKey");
    expect(kindOfPath("/v4/managed/credentials/{credentialId}")).toBe("managedCredential");
    expect(kindOfOperation("cancelBackups")).toEqual({ kind: "instance", role: "action" });
    expect(kindOfOperation("getInstanceStatsByMonth")).toEqual({ kind: "instance", role: "read" });
  });
});
