// The support area of the reference target: every operation's happy path, its rules, and each of
// its faults (on: the rule breaks; off: it holds).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { referenceForTests, type Res } from "../testing.ts";

const { ref, send, api, fault, fields, scoped, state, addVm } = await referenceForTests();

async function attach(ticketId: number, filename: string, token = ref.tokens.admin): Promise<Res> {
  const form = new FormData();
  form.append("file", new Blob(["hello"], { type: "application/octet-stream" }), filename);
  const r = await send(`${ref.url}/v4/support/tickets/${ticketId}/attachments`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: r.status, body: await r.json() };
}

const open = (over: Record<string, unknown> = {}, token?: string) =>
  api(
    "POST",
    "/v4/support/tickets",
    { summary: "Help", description: "Something is wrong", ...over },
    token,
  );

let vmId: number;
let volumeId: number;
let domainId: number;
let nbId: number;

beforeAll(async () => {
  const s = ref.app.state;
  const a = ref.app.seeded.accountA;
  vmId = addVm("web-1");
  volumeId = s.id();
  a.volumes.set(volumeId, { id: volumeId, label: "data-1", tags: [] });
  domainId = s.id();
  a.domains.set(domainId, { id: domainId, domain: "example.org", tags: [] });
  nbId = s.id();
  a.nodebalancers.set(nbId, { id: nbId, label: "nb-1", tags: [] });
});
afterEach(async () => {
  ref.app.seeded.accountA.managedEnabled = false;
});

describe("tickets", () => {
  it("open, view, list, reply, list replies, attach, close", async () => {
    const t = await open({ vm_id: vmId });
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({
      summary: "Help",
      description: "Something is wrong",
      status: "open",
      opened_by: "admin",
      entity: { id: vmId, type: "vm", label: "web-1" },
    });
    const id = t.body.id;
    const v = await api("GET", `/v4/support/tickets/${id}`, undefined, scoped("account:read_only"));
    expect(v.status).toBe(200);
    expect(v.body.id).toBe(id);
    const list = await api("GET", "/v4/support/tickets", undefined, scoped("account:read_only"));
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => x.id)).toContain(id);
    const rep = await api("POST", `/v4/support/tickets/${id}/replies`, {
      description: "More detail",
    });
    expect(rep.status).toBe(200);
    expect(rep.body).toMatchObject({ description: "More detail", created_by: "admin" });
    const reps = await api("GET", `/v4/support/tickets/${id}/replies`);
    expect(reps.status).toBe(200);
    expect(reps.body).toMatchObject({ page: 1, pages: 1, results: 1 });
    expect(reps.body.data[0].id).toBe(rep.body.id);
    const at = await attach(id, "screenshot.PNG");
    expect(at.status).toBe(200);
    expect((await api("GET", `/v4/support/tickets/${id}`)).body.attachments).toEqual([
      "screenshot.PNG",
    ]);
    const c = await api("POST", `/v4/support/tickets/${id}/close`);
    expect(c.status).toBe(200);
    expect(c.body).toEqual({});
    expect((await api("GET", `/v4/support/tickets/${id}`)).body).toMatchObject({
      status: "closed",
    });
    // closing again is a no-op; replies and attachments to a closed ticket are refused
    expect((await api("POST", `/v4/support/tickets/${id}/close`)).status).toBe(200);
    expect(
      (await api("POST", `/v4/support/tickets/${id}/replies`, { description: "again" })).status,
    ).toBe(400);
    expect((await attach(id, "a.txt")).status).toBe(400);
  });

  it("summary 1..64 and description 1..65000 are required; reply description 1..65535", async () => {
    const r = await api("POST", "/v4/support/tickets", {});
    expect(fields(r).sort()).toEqual(["description", "summary"]);
    expect(fields(await open({ summary: "", description: "" })).sort()).toEqual([
      "description",
      "summary",
    ]);
    expect(
      fields(await open({ summary: "x".repeat(65), description: "x".repeat(65001) })).sort(),
    ).toEqual(["description", "summary"]);
    const t = await open({ summary: "x".repeat(64), description: "x".repeat(65000) });
    expect(t.status).toBe(200);
    expect(fields(await api("POST", `/v4/support/tickets/${t.body.id}/replies`, {}))).toEqual([
      "description",
    ]);
    expect(
      fields(
        await api("POST", `/v4/support/tickets/${t.body.id}/replies`, {
          description: "x".repeat(65536),
        }),
      ),
    ).toEqual(["description"]);
    expect(
      (
        await api("POST", `/v4/support/tickets/${t.body.id}/replies`, {
          description: "x".repeat(65535),
        })
      ).status,
    ).toBe(200);
    fault("support-reply-unbounded");
    expect(
      (
        await api("POST", `/v4/support/tickets/${t.body.id}/replies`, {
          description: "x".repeat(65536),
        })
      ).status,
    ).toBe(200);
  });

  it("each ID attribute names an object of the account", async () => {
    expect((await open({ volume_id: volumeId })).body.entity).toMatchObject({
      type: "volume",
      id: volumeId,
    });
    expect((await open({ domain_id: domainId })).body.entity).toMatchObject({
      type: "domain",
      label: "example.org",
    });
    expect((await open({ nodebalancer_id: nbId })).body.entity).toMatchObject({
      type: "nodebalancer",
      label: "nb-1",
    });
    expect((await open({ metricsclient_id: 7 })).body.entity).toMatchObject({
      type: "metricsclient",
      id: 7,
    });
    expect(fields(await open({ vm_id: 987654 }))).toEqual(["vm_id"]);
    // another account's instance is unknown here
    expect(fields(await open({ vm_id: vmId }, ref.tokens.secondary))).toEqual(["vm_id"]);
    // a restricted user without a grant on the instance cannot name it
    expect(fields(await open({ vm_id: vmId }, ref.tokens.restricted))).toEqual(["vm_id"]);
  });

  it("only one ID attribute (fault support-two-ids-accepted)", async () => {
    const r = await open({ vm_id: vmId, volume_id: volumeId });
    expect(r.status).toBe(400);
    expect(fields(r)).toEqual(["volume_id"]);
    fault("support-two-ids-accepted");
    expect((await open({ vm_id: vmId, volume_id: volumeId })).status).toBe(200);
  });

  it("managed_issue: no ID attribute, and the managed service must be enabled (fault support-managed-issue-unchecked)", async () => {
    expect(fields(await open({ managed_issue: true }))).toEqual(["managed_issue"]);
    await state("managed-service", { enabled: true });
    expect((await open({ managed_issue: true })).status).toBe(200);
    expect(fields(await open({ managed_issue: true, vm_id: vmId }))).toEqual(["vm_id"]);
    expect((await open({ managed_issue: false, vm_id: vmId })).status).toBe(200);
    await state("managed-service", { enabled: false });
    fault("support-managed-issue-unchecked");
    expect((await open({ managed_issue: true })).status).toBe(200);
  });

  it("region only for a VLAN ticket; vlan needs region (fault support-region-without-vlan)", async () => {
    const t = await open({ vlan: "backend-vlan", region: "us-east" });
    expect(t.status).toBe(200);
    expect(t.body.entity).toMatchObject({ type: "vlan", label: "backend-vlan" });
    expect(fields(await open({ region: "us-east" }))).toEqual(["region"]);
    expect(fields(await open({ vlan: "backend-vlan" }))).toEqual(["vlan"]);
    expect(fields(await open({ vlan: "backend-vlan", region: "mars-1" }))).toEqual(["region"]);
    fault("support-region-without-vlan");
    expect((await open({ region: "us-east" })).status).toBe(200);
  });

  it("attachment extensions (fault support-attachment-any-extension)", async () => {
    const t = await open();
    for (const f of [
      "a.gif",
      "a.jpg",
      "a.JPEG",
      "a.pjpg",
      "a.pjpeg",
      "a.tif",
      "a.tiff",
      "a.png",
      "a.pdf",
      "notes.TXT",
    ])
      expect((await attach(t.body.id, f)).status).toBe(200);
    for (const f of ["virus.exe", "noext", "a.txt.zip"]) {
      const r = await attach(t.body.id, f);
      expect(r.status).toBe(400);
      expect(fields(r)).toEqual(["file"]);
    }
    const noFile = await send(`${ref.url}/v4/support/tickets/${t.body.id}/attachments`, {
      method: "POST",
      headers: { authorization: `Bearer ${ref.tokens.admin}` },
      body: new FormData(),
    });
    expect(noFile.status).toBe(400);
    fault("support-attachment-any-extension");
    expect((await attach(t.body.id, "virus.exe")).status).toBe(200);
  });

  it("open tickets first, provider tickets included (fault support-list-unsorted)", async () => {
    const { ticketId } = await state("provider-ticket");
    expect((await api("GET", `/v4/support/tickets/${ticketId}`)).body.opened_by).toBe("support");
    const closed = await open({ summary: "closed later" });
    await api("POST", `/v4/support/tickets/${closed.body.id}/close`);
    await open({ summary: "still open" });
    const list = await api("GET", "/v4/support/tickets");
    const ids = list.body.data.map((t: any) => t.id);
    expect(ids).toContain(ticketId);
    const statuses: string[] = list.body.data.map((t: any) => t.status);
    expect(statuses.lastIndexOf("open")).toBeLessThan(statuses.indexOf("closed"));
    // the newest ticket is open and the closed one is newer than older open ones: unsorted puts it before them
    fault("support-list-unsorted");
    const s2: string[] = (await api("GET", "/v4/support/tickets")).body.data.map(
      (t: any) => t.status,
    );
    expect(s2.lastIndexOf("open")).toBeGreaterThan(s2.indexOf("closed"));
  });

  it("scopes, and another account's ticket is 404", async () => {
    const t = await open();
    const ro = scoped("account:read_only");
    expect((await open({}, ro)).status).toBe(403);
    expect(
      (await api("POST", `/v4/support/tickets/${t.body.id}/close`, undefined, ro)).status,
    ).toBe(403);
    expect(
      (await api("POST", `/v4/support/tickets/${t.body.id}/replies`, { description: "x" }, ro))
        .status,
    ).toBe(403);
    expect(
      (await api("GET", `/v4/support/tickets/${t.body.id}/replies`, undefined, ro)).status,
    ).toBe(200);
    expect(
      (await api("GET", "/v4/support/tickets", undefined, scoped("vms:read_only"))).status,
    ).toBe(403);
    expect(
      (await api("GET", `/v4/support/tickets/${t.body.id}`, undefined, ref.tokens.secondary))
        .status,
    ).toBe(404);
    expect(
      (
        await api(
          "GET",
          `/v4/support/tickets/${t.body.id}/replies`,
          undefined,
          ref.tokens.secondary,
        )
      ).status,
    ).toBe(404);
    expect((await api("GET", "/v4/support/tickets/abc")).status).toBe(404);
  });
});
