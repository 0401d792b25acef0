// The managed monitoring area of the reference target: every operation's happy path, its rules, and
// each of its faults (on: the rule breaks; off: it holds).
import { describe, expect, it } from "vitest";
import { referenceForTests } from "../testing.ts";

const { ref, api, fault, fields, scoped, state, addVm } = await referenceForTests();

const svc = (over: Record<string, unknown> = {}) => ({
  address: "https://example.com/health",
  label: "web check",
  service_type: "url",
  timeout: 30,
  ...over,
});

describe("managed contacts", () => {
  it("create, list, view, update, delete", async () => {
    const c = await api("POST", "/v4/managed/contacts", {
      name: "Jo Smith",
      email: "jo@example.com",
      group: "on-call",
      phone: { primary: "+1 555-0100", secondary: null },
    });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({
      name: "Jo Smith",
      email: "jo@example.com",
      group: "on-call",
      phone: { primary: "+1 555-0100", secondary: null },
    });
    expect(typeof c.body.id).toBe("number");
    const list = await api("GET", "/v4/managed/contacts");
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => x.id)).toContain(c.body.id);
    expect(list.body).toMatchObject({ page: 1, pages: 1 });
    const v = await api("GET", `/v4/managed/contacts/${c.body.id}`);
    expect(v.status).toBe(200);
    expect(v.body.name).toBe("Jo Smith");
    const u = await api("PUT", `/v4/managed/contacts/${c.body.id}`, {
      group: null,
      phone: { secondary: "555-0101" },
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({
      name: "Jo Smith",
      group: null,
      phone: { primary: "+1 555-0100", secondary: "555-0101" },
    });
    expect((await api("DELETE", `/v4/managed/contacts/${c.body.id}`)).body).toEqual({});
    expect((await api("GET", `/v4/managed/contacts/${c.body.id}`)).status).toBe(404);
  });

  it("checks name 2..64, group 2..50, email and phone", async () => {
    expect((await api("POST", "/v4/managed/contacts", { name: "J" })).status).toBe(400);
    expect((await api("POST", "/v4/managed/contacts", { name: "x".repeat(64) })).status).toBe(200);
    const r = await api("POST", "/v4/managed/contacts", {
      name: "x".repeat(65),
      group: "g",
      email: "nope",
      phone: { primary: "call me" },
    });
    expect(r.status).toBe(400);
    expect(fields(r).sort()).toEqual(["email", "group", "name", "phone.primary"]);
  });

  it("contact view needs account:read_write; the list takes account:read_only", async () => {
    const c = await api("POST", "/v4/managed/contacts", { name: "Al" });
    const ro = scoped("account:read_only");
    expect((await api("GET", "/v4/managed/contacts", undefined, ro)).status).toBe(200);
    expect((await api("GET", `/v4/managed/contacts/${c.body.id}`, undefined, ro)).status).toBe(403);
    expect((await api("POST", "/v4/managed/contacts", { name: "Al" }, ro)).status).toBe(403);
    expect(
      (await api("GET", "/v4/managed/contacts", undefined, scoped("vms:read_only"))).status,
    ).toBe(403);
    fault("managed-contact-view-read-only");
    expect((await api("GET", `/v4/managed/contacts/${c.body.id}`, undefined, ro)).status).toBe(200);
  });

  it("another account's contact is 404", async () => {
    const c = await api("POST", "/v4/managed/contacts", { name: "Al" });
    expect(
      (await api("GET", `/v4/managed/contacts/${c.body.id}`, undefined, ref.tokens.secondary))
        .status,
    ).toBe(404);
  });
});

describe("managed credentials", () => {
  it("create, list, view, update label, update username and password, revoke; never shows the password", async () => {
    const c = await api("POST", "/v4/managed/credentials", {
      label: "db-cred-1",
      password: "s3cret!",
      username: "dbadmin",
    });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ label: "db-cred-1", username: "dbadmin" });
    expect(JSON.stringify(c.body)).not.toContain("s3cret");
    const id = c.body.id;
    const list = await api("GET", "/v4/managed/credentials");
    expect(list.body.data.map((x: any) => x.id)).toContain(id);
    expect(JSON.stringify(list.body)).not.toContain("s3cret");
    const v = await api("GET", `/v4/managed/credentials/${id}`);
    expect(v.status).toBe(200);
    expect(v.body).not.toHaveProperty("password");
    const u = await api("PUT", `/v4/managed/credentials/${id}`, {
      label: "db-cred-2",
      username: "other",
      password: "x",
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ label: "db-cred-2", username: "dbadmin" });
    const up = await api("POST", `/v4/managed/credentials/${id}/update`, {
      password: "n3w",
      username: "root2",
    });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({});
    expect((await api("GET", `/v4/managed/credentials/${id}`)).body).toMatchObject({
      label: "db-cred-2",
      username: "root2",
    });
    expect((await api("POST", `/v4/managed/credentials/${id}/revoke`)).body).toEqual({});
    expect((await api("GET", `/v4/managed/credentials/${id}`)).status).toBe(404);
  });

  it("label 2..75 and password are required; username <= 5000; update needs a password", async () => {
    const r = await api("POST", "/v4/managed/credentials", { label: "x" });
    expect(r.status).toBe(400);
    expect(fields(r).sort()).toEqual(["label", "password"]);
    expect(
      (await api("POST", "/v4/managed/credentials", { label: "x".repeat(76), password: "p" }))
        .status,
    ).toBe(400);
    expect(
      fields(
        await api("POST", "/v4/managed/credentials", {
          label: "ok-label-u",
          password: "p",
          username: "u".repeat(5001),
        }),
      ),
    ).toEqual(["username"]);
    const c = await api("POST", "/v4/managed/credentials", {
      label: "x".repeat(75),
      password: "p",
      username: "u".repeat(5000),
    });
    expect(c.status).toBe(200);
    expect(
      fields(await api("POST", `/v4/managed/credentials/${c.body.id}/update`, { username: "a" })),
    ).toEqual(["password"]);
  });

  it("labels are unique (fault managed-credential-label-duplicate lifts it)", async () => {
    expect(
      (await api("POST", "/v4/managed/credentials", { label: "unique-one", password: "p" })).status,
    ).toBe(200);
    const dup = await api("POST", "/v4/managed/credentials", {
      label: "unique-one",
      password: "p",
    });
    expect(dup.status).toBe(400);
    expect(fields(dup)).toEqual(["label"]);
    fault("managed-credential-label-duplicate");
    expect(
      (await api("POST", "/v4/managed/credentials", { label: "unique-one", password: "p" })).status,
    ).toBe(200);
  });

  it("credential update changes the label only (fault managed-credential-update-username changes the username)", async () => {
    const c = await api("POST", "/v4/managed/credentials", {
      label: "cred-upd",
      password: "p",
      username: "keep",
    });
    fault("managed-credential-update-username");
    await api("PUT", `/v4/managed/credentials/${c.body.id}`, {
      label: "cred-upd2",
      username: "changed",
    });
    expect((await api("GET", `/v4/managed/credentials/${c.body.id}`)).body.username).toBe(
      "changed",
    );
  });

  it("credential view needs account:read_write", async () => {
    const c = await api("POST", "/v4/managed/credentials", { label: "cred-scope", password: "p" });
    expect(
      (
        await api(
          "GET",
          `/v4/managed/credentials/${c.body.id}`,
          undefined,
          scoped("account:read_only"),
        )
      ).status,
    ).toBe(403);
    expect(
      (await api("GET", "/v4/managed/credentials", undefined, scoped("account:read_only"))).status,
    ).toBe(200);
  });

  it("SSH public key: stable per account, differs between accounts, account:read_only", async () => {
    const a = await api(
      "GET",
      "/v4/managed/credentials/sshkey",
      undefined,
      scoped("account:read_only"),
    );
    expect(a.status).toBe(200);
    expect(a.body.ssh_key).toMatch(/^ssh-rsa /);
    expect((await api("GET", "/v4/managed/credentials/sshkey")).body.ssh_key).toBe(a.body.ssh_key);
    expect(
      (await api("GET", "/v4/managed/credentials/sshkey", undefined, ref.tokens.secondary)).body
        .ssh_key,
    ).not.toBe(a.body.ssh_key);
  });
});

describe("managed issues", () => {
  it("the managed-issue provider state makes an issue that is listed and viewable", async () => {
    const { issueId } = await state("managed-issue");
    expect(typeof issueId).toBe("number");
    const list = await api("GET", "/v4/managed/issues", undefined, scoped("account:read_only"));
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: any) => i.id)).toContain(issueId);
    const v = await api(
      "GET",
      `/v4/managed/issues/${issueId}`,
      undefined,
      scoped("account:read_only"),
    );
    expect(v.status).toBe(200);
    expect(v.body.entity.type).toBe("ticket");
    // the issue's ticket is a provider-opened ticket of the account
    expect((await api("GET", `/v4/support/tickets/${v.body.entity.id}`)).body.opened_by).toBe(
      "support",
    );
    expect(
      (await api("GET", `/v4/managed/issues/${issueId}`, undefined, ref.tokens.secondary)).status,
    ).toBe(404);
    expect((await api("GET", "/v4/managed/issues/999999")).status).toBe(404);
  });
});

describe("managed instance settings", () => {
  it("one entry per instance; view; update ssh", async () => {
    const vmId = addVm();
    const list = await api("GET", "/v4/managed/vm-settings");
    expect(list.status).toBe(200);
    expect(list.body.results).toBe(ref.app.seeded.accountA.vms.size);
    expect(list.body.data.find((s: any) => s.id === vmId)).toMatchObject({
      ssh: { access: true, port: 22, user: "root" },
    });
    const v = await api("GET", `/v4/managed/vm-settings/${vmId}`);
    expect(v.status).toBe(200);
    const u = await api("PUT", `/v4/managed/vm-settings/${vmId}`, {
      ssh: { access: false, ip: "203.0.113.7", port: 2222, user: "admin" },
    });
    expect(u.status).toBe(200);
    expect(u.body.ssh).toEqual({ access: false, ip: "203.0.113.7", port: 2222, user: "admin" });
    expect((await api("GET", `/v4/managed/vm-settings/${vmId}`)).body.ssh.port).toBe(2222);
    expect(
      (await api("GET", `/v4/managed/vm-settings/${vmId}`, undefined, ref.tokens.secondary)).status,
    ).toBe(404);
    // view: either account scope
    expect(
      (await api("GET", `/v4/managed/vm-settings/${vmId}`, undefined, scoped("account:read_only")))
        .status,
    ).toBe(200);
  });

  it("ssh.port 1..65535, ssh.user <= 32, ssh.ip an IP (fault managed-ssh-port-zero accepts 0)", async () => {
    const vmId = addVm();
    for (const port of [1, 65535])
      expect((await api("PUT", `/v4/managed/vm-settings/${vmId}`, { ssh: { port } })).status).toBe(
        200,
      );
    for (const port of [0, 65536])
      expect(
        fields(await api("PUT", `/v4/managed/vm-settings/${vmId}`, { ssh: { port } })),
      ).toEqual(["ssh.port"]);
    expect(
      fields(
        await api("PUT", `/v4/managed/vm-settings/${vmId}`, {
          ssh: { user: "u".repeat(33), ip: "999.1.1.1" },
        }),
      ).sort(),
    ).toEqual(["ssh.ip", "ssh.user"]);
    expect(
      (await api("PUT", `/v4/managed/vm-settings/${vmId}`, { ssh: { ip: "2001:db8::1" } })).status,
    ).toBe(200);
    fault("managed-ssh-port-zero");
    expect((await api("PUT", `/v4/managed/vm-settings/${vmId}`, { ssh: { port: 0 } })).status).toBe(
      200,
    );
  });
});

describe("managed services", () => {
  it("create, list, view, update, disable, enable, delete", async () => {
    const c = await api(
      "POST",
      "/v4/managed/services",
      svc({ body: "ok", notes: null, consultation_group: "team" }),
    );
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({
      address: "https://example.com/health",
      label: "web check",
      service_type: "url",
      timeout: 30,
      region: null,
      status: "ok",
    });
    const id = c.body.id;
    expect((await api("GET", "/v4/managed/services")).body.data.map((s: any) => s.id)).toContain(
      id,
    );
    expect(
      (await api("GET", `/v4/managed/services/${id}`, undefined, scoped("account:read_only")))
        .status,
    ).toBe(200);
    const u = await api("PUT", `/v4/managed/services/${id}`, {
      label: "web check 2",
      timeout: 255,
    });
    expect(u.body).toMatchObject({
      label: "web check 2",
      timeout: 255,
      address: "https://example.com/health",
    });
    const d = await api("POST", `/v4/managed/services/${id}/disable`);
    expect(d.status).toBe(200);
    expect(d.body.status).toBe("disabled");
    expect((await api("POST", `/v4/managed/services/${id}/disable`)).status).toBe(200);
    const e = await api("POST", `/v4/managed/services/${id}/enable`);
    expect(e.body.status).toBe("ok");
    expect((await api("GET", `/v4/managed/services/${id}`)).body.status).toBe("ok");
    expect((await api("DELETE", `/v4/managed/services/${id}`)).body).toEqual({});
    expect((await api("GET", `/v4/managed/services/${id}`)).status).toBe(404);
  });

  it("required fields and bounds", async () => {
    const r = await api("POST", "/v4/managed/services", {});
    expect(fields(r).sort()).toEqual(["address", "label", "service_type", "timeout"]);
    const b = await api(
      "POST",
      "/v4/managed/services",
      svc({
        label: "ab",
        service_type: "icmp",
        body: "x".repeat(101),
        consultation_group: "g".repeat(51),
        address: "ab",
      }),
    );
    expect(fields(b).sort()).toEqual([
      "address",
      "body",
      "consultation_group",
      "label",
      "service_type",
    ]);
    expect(
      (
        await api(
          "POST",
          "/v4/managed/services",
          svc({ label: "x".repeat(64), body: "x".repeat(100) }),
        )
      ).status,
    ).toBe(200);
    expect(
      fields(await api("POST", "/v4/managed/services", svc({ credentials: [424242] }))),
    ).toEqual(["credentials"]);
    const cred = await api("POST", "/v4/managed/credentials", { label: "svc-cred", password: "p" });
    expect(
      (await api("POST", "/v4/managed/services", svc({ credentials: [cred.body.id] }))).body
        .credentials,
    ).toEqual([cred.body.id]);
  });

  it("timeout 1..255 (fault managed-timeout-unbounded)", async () => {
    for (const timeout of [1, 255])
      expect((await api("POST", "/v4/managed/services", svc({ timeout }))).status).toBe(200);
    for (const timeout of [0, 256])
      expect(fields(await api("POST", "/v4/managed/services", svc({ timeout })))).toEqual([
        "timeout",
      ]);
    fault("managed-timeout-unbounded");
    expect((await api("POST", "/v4/managed/services", svc({ timeout: 256 }))).status).toBe(200);
  });

  it("region required for a private IP address (fault managed-private-region-optional)", async () => {
    for (const address of [
      "http://10.1.2.3/health",
      "https://172.16.0.5:8443/",
      "http://192.168.1.20",
      "192.168.1.20:22",
    ]) {
      expect(fields(await api("POST", "/v4/managed/services", svc({ address })))).toEqual([
        "region",
      ]);
      expect(
        (await api("POST", "/v4/managed/services", svc({ address, region: "us-east" }))).body
          .region,
      ).toBe("us-east");
    }
    expect(
      fields(
        await api(
          "POST",
          "/v4/managed/services",
          svc({ address: "http://10.0.0.1/", region: "mars-1" }),
        ),
      ),
    ).toEqual(["region"]);
    fault("managed-private-region-optional");
    expect(
      (await api("POST", "/v4/managed/services", svc({ address: "http://10.1.2.3/" }))).status,
    ).toBe(200);
  });

  it("region not allowed for a public address (fault managed-region-public-accepted)", async () => {
    for (const address of ["https://example.com/", "http://172.32.0.1/", "http://8.8.8.8/"]) {
      expect(
        fields(await api("POST", "/v4/managed/services", svc({ address, region: "us-east" }))),
      ).toEqual(["region"]);
    }
    // an update moving the address to a private IP needs a region; moving back to public drops it
    const s = await api("POST", "/v4/managed/services", svc());
    expect(
      fields(
        await api("PUT", `/v4/managed/services/${s.body.id}`, { address: "http://10.0.0.9/" }),
      ),
    ).toEqual(["region"]);
    expect(
      (
        await api("PUT", `/v4/managed/services/${s.body.id}`, {
          address: "http://10.0.0.9/",
          region: "us-west",
        })
      ).body.region,
    ).toBe("us-west");
    expect(
      (await api("PUT", `/v4/managed/services/${s.body.id}`, { address: "https://example.org/" }))
        .body.region,
    ).toBe(null);
    fault("managed-region-public-accepted");
    expect((await api("POST", "/v4/managed/services", svc({ region: "us-east" }))).status).toBe(
      200,
    );
  });

  it("query parameters kept, fragment dropped (fault managed-fragment-kept)", async () => {
    const s = await api(
      "POST",
      "/v4/managed/services",
      svc({ address: "https://example.com/p?q=1&r=two#frag" }),
    );
    expect(s.body.address).toBe("https://example.com/p?q=1&r=two");
    expect((await api("GET", `/v4/managed/services/${s.body.id}`)).body.address).toBe(
      "https://example.com/p?q=1&r=two",
    );
    fault("managed-fragment-kept");
    expect(
      (
        await api(
          "POST",
          "/v4/managed/services",
          svc({ address: "https://example.com/p?q=1#frag" }),
        )
      ).body.address,
    ).toBe("https://example.com/p?q=1#frag");
  });

  it("disable moves a monitored service to disabled, enable back", async () => {
    const s = await api("POST", "/v4/managed/services", svc());
    await api("POST", `/v4/managed/services/${s.body.id}/disable`);
    expect((await api("GET", `/v4/managed/services/${s.body.id}`)).body.status).toBe("disabled");
    await api("POST", `/v4/managed/services/${s.body.id}/enable`);
    expect((await api("GET", `/v4/managed/services/${s.body.id}`)).body.status).toBe("ok");
  });

  it("writes need account:read_write", async () => {
    const ro = scoped("account:read_only");
    const s = await api("POST", "/v4/managed/services", svc());
    expect((await api("POST", "/v4/managed/services", svc(), ro)).status).toBe(403);
    expect(
      (await api("POST", `/v4/managed/services/${s.body.id}/disable`, undefined, ro)).status,
    ).toBe(403);
    expect((await api("DELETE", `/v4/managed/services/${s.body.id}`, undefined, ro)).status).toBe(
      403,
    );
    expect((await api("GET", "/v4/managed/services", undefined, ro)).status).toBe(200);
  });
});

describe("managed stats and the managed-service state", () => {
  it("stats: 24 hours of x/y points for cpu, disk, swap, net_in, net_out", async () => {
    addVm();
    const r = await api("GET", "/v4/managed/stats", undefined, scoped("account:read_only"));
    expect(r.status).toBe(200);
    for (const k of ["cpu", "disk", "swap", "net_in", "net_out"]) {
      const pts = r.body.data[k];
      expect(pts.length).toBe(288);
      expect(pts[pts.length - 1].x - pts[0].x).toBe(287 * 300_000);
      expect(typeof pts[0].y).toBe("number");
    }
  });

  it("managed-service sets account.managedEnabled", async () => {
    expect(await state("managed-service", { enabled: true })).toEqual({ enabled: true });
    expect(ref.app.seeded.accountA.managedEnabled).toBe(true);
    expect(await state("managed-service", { enabled: false })).toEqual({ enabled: false });
    expect(ref.app.seeded.accountA.managedEnabled).toBe(false);
  });
});
