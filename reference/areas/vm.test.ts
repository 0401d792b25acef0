// The vm area of the reference target: every operation's happy path, the rules the material states
// for instances, configs, disks, backups and actions, and each of the area's faults (on: the rule
// breaks; off: it holds).
import { afterEach, describe, expect, it } from "vitest";
import { referenceForTests } from "../testing.ts";

const { ref, send, api, fault, fields, reasons, state } = await referenceForTests();

const PASS = "Str0ng!Passw0rd";
const I = "/v4/vm/instances";
const A = () => ref.app.seeded.accountA;

/** An instance deployed from an image (a default config, a main disk and a swap disk). */
async function imageVm(extra: Record<string, unknown> = {}, token?: string) {
  const r = await api(
    "POST",
    I,
    { region: "us-east", type: "vm-standard-2", image: "vm/debian12", root_pass: PASS, ...extra },
    token,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function emptyVm(extra: Record<string, unknown> = {}) {
  const r = await api("POST", I, { region: "us-east", type: "vm-standard-1", ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const disksOf = async (id: number) => (await api("GET", `${I}/${id}/disks`)).body.data as any[];
const configsOf = async (id: number) => (await api("GET", `${I}/${id}/configs`)).body.data as any[];
async function emptyDisk(vmId: number, size = 1000, label = "data") {
  const r = await api("POST", `${I}/${vmId}/disks`, { size, label });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

afterEach(async () => {
  ref.app.jobs.release();
  A().balance = 0;
});

describe("instances: happy paths", () => {
  it("create from an image: record fields, default config, two disks, running", async () => {
    const vm = await imageVm({ label: "web-1", tags: ["alpha"], private_ip: true });
    expect(vm).toMatchObject({
      label: "web-1",
      region: "us-east",
      type: "vm-standard-2",
      tags: ["alpha"],
      hypervisor: "kvm",
      image: "vm/debian12",
      group: "",
      watchdog_enabled: true,
    });
    expect(vm.specs).toEqual({ disk: 81920, memory: 4096, transfer: 4000, vcpus: 2 });
    expect(vm.alerts).toEqual({
      cpu: 180,
      io: 10000,
      network_in: 10,
      network_out: 10,
      transfer_quota: 80,
    });
    expect(vm.backups).toMatchObject({
      enabled: false,
      schedule: { day: "Scheduling", window: "Scheduling" },
    });
    expect(vm.ipv4).toHaveLength(2);
    expect(vm.ipv6).toMatch(/\/128$/);
    expect(typeof vm.created).toBe("string");
    const view = await api("GET", `${I}/${vm.id}`);
    expect(view.status).toBe(200);
    expect(view.body.status).toBe("running");
    const disks = await disksOf(vm.id);
    expect(disks.map((d) => d.filesystem).sort()).toEqual(["ext4", "swap"]);
    expect(disks.find((d) => d.filesystem === "swap").size).toBe(512);
    const configs = await configsOf(vm.id);
    expect(configs).toHaveLength(1);
    expect(configs[0].interfaces).toEqual([
      expect.objectContaining({ purpose: "public", label: null, ipam_address: null }),
    ]);
    const actions = A()
      .events.filter((e) => e.entity?.id === vm.id)
      .map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["vm_create", "vm_boot"]));
  });

  it("list includes the instance; page_size bounds hold", async () => {
    const vm = await emptyVm();
    const l = await api("GET", I);
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ page: 1, pages: 1 });
    expect(l.body.data.map((v: any) => v.id)).toContain(vm.id);
    expect((await api("GET", `${I}?page_size=101`)).status).toBe(400);
  });

  it("update of alerts, backups.schedule, group, label, tags, watchdog_enabled shows on view", async () => {
    const vm = await emptyVm();
    const u = await api("PUT", `${I}/${vm.id}`, {
      alerts: { cpu: 0, io: 0, network_in: 0, network_out: 0, transfer_quota: 0 },
      backups: { schedule: { day: "Monday", window: "W4" } },
      group: "g1",
      label: "renamed.vm",
      tags: ["t-one"],
      watchdog_enabled: false,
    });
    expect(u.status).toBe(200);
    const v = (await api("GET", `${I}/${vm.id}`)).body;
    expect(v).toMatchObject({
      alerts: { cpu: 0, io: 0, network_in: 0, network_out: 0, transfer_quota: 0 },
      backups: { schedule: { day: "Monday", window: "W4" } },
      group: "g1",
      label: "renamed.vm",
      tags: ["t-one"],
      watchdog_enabled: false,
    });
    expect(
      fields(
        await api("PUT", `${I}/${vm.id}`, {
          backups: { schedule: { day: "Funday", window: "W3" } },
        }),
      ),
    ).toEqual(["backups.schedule.day", "backups.schedule.window"]);
    expect(fields(await api("PUT", `${I}/${vm.id}`, { alerts: { cpu: -1 } }))).toEqual([
      "alerts.cpu",
    ]);
    expect(A().events.some((e) => e.action === "vm_update" && e.entity?.id === vm.id)).toBe(true);
  });

  it("delete removes the instance, its disks, configs and backups, and detaches volumes", async () => {
    const vm = await imageVm();
    const vol = [...A().volumes.values()].find((v) => v.region === "us-east" && v.vm_id == null)!;
    const c = await api("POST", `${I}/${vm.id}/configs`, {
      label: "vol",
      devices: { sdc: { volume_id: vol.id } },
    });
    expect(c.status).toBe(200);
    expect((await api("GET", `${I}/${vm.id}/volumes`)).body.data.map((v: any) => v.id)).toEqual([
      vol.id,
    ]);
    const b = await state("successful-backup", { vmId: vm.id });
    const d = await api("DELETE", `${I}/${vm.id}`);
    expect(d.status).toBe(200);
    expect(d.body).toEqual({});
    for (const p of ["", "/disks", "/configs", `/backups/${b.backupId}`])
      expect((await api("GET", `${I}/${vm.id}${p}`)).status).toBe(404);
    expect((await api("GET", I)).body.data.map((v: any) => v.id)).not.toContain(vm.id);
    expect(vol.vm_id).toBeNull();
    expect(
      (await api("POST", I, { region: "us-east", type: "vm-standard-2", backup_id: b.backupId }))
        .status,
    ).toBe(400);
    expect(A().events.some((e) => e.action === "vm_delete" && e.entity?.id === vm.id)).toBe(true);
  });

  it("an empty instance stays offline with no disks or configs; swap_size is ignored", async () => {
    const vm = await emptyVm({ swap_size: 1024, booted: true });
    expect((await api("GET", `${I}/${vm.id}`)).body.status).toBe("offline");
    expect(await disksOf(vm.id)).toEqual([]);
    expect(await configsOf(vm.id)).toEqual([]);
  });

  it("a default label is assigned and follows the label rules", async () => {
    const vm = await emptyVm();
    expect(vm.label).toMatch(/^[A-Za-z0-9](?:[A-Za-z0-9]|[-_.](?=[A-Za-z0-9]))*$/);
    expect(vm.label.length).toBeGreaterThanOrEqual(3);
  });
});

describe("instances: access", () => {
  it("scopes: vms:read_only reads but cannot write; no vms scope cannot read", async () => {
    const ro = ref.app.state.issueToken(ref.app.seeded.admin, ["vms:read_only"]);
    const none = ref.app.state.issueToken(ref.app.seeded.admin, ["account:read_only"]);
    expect((await api("GET", I, undefined, ro)).status).toBe(200);
    expect((await api("POST", I, { region: "us-east", type: "vm-nano-1" }, ro)).status).toBe(403);
    expect((await api("GET", I, undefined, none)).status).toBe(403);
  });

  it("another account's instance is 404", async () => {
    const vm = await emptyVm();
    expect((await api("GET", `${I}/${vm.id}`, undefined, ref.tokens.secondary)).status).toBe(404);
    expect((await api("GET", `${I}/${vm.id}/disks`, undefined, ref.tokens.secondary)).status).toBe(
      404,
    );
    expect((await api("GET", `${I}/abc`)).status).toBe(404);
  });

  it("add_vms is needed to create; fault vm-create-without-add-vms", async () => {
    const body = { region: "us-east", type: "vm-nano-1" };
    const before = A().vms.size;
    expect((await api("POST", I, body, ref.tokens.restricted)).status).toBe(403);
    expect(A().vms.size).toBe(before);
    fault("vm-create-without-add-vms");
    expect((await api("POST", I, body, ref.tokens.restricted)).status).toBe(200);
  });

  it("restricted users: grants decide what they see and change; the creator gets read_write", async () => {
    const vm = await emptyVm();
    const { token } = await state("restricted-user", {
      grants: { add_vms: true, vms: [{ id: vm.id, permissions: "read_only" }] },
    });
    expect((await api("GET", `${I}/${vm.id}`, undefined, token)).status).toBe(200);
    expect((await api("PUT", `${I}/${vm.id}`, { group: "x" }, token)).status).toBe(403);
    const mine = await api("POST", I, { region: "us-east", type: "vm-nano-1" }, token);
    expect(mine.status).toBe(200);
    expect((await api("PUT", `${I}/${mine.body.id}`, { group: "x" }, token)).status).toBe(200);
    const other = await emptyVm();
    expect((await api("GET", `${I}/${other.id}`, undefined, token)).status).toBe(403);
    expect((await api("GET", I, undefined, token)).body.data.map((v: any) => v.id).sort()).toEqual(
      [vm.id, mine.body.id].sort(),
    );
  });

  it("only unrestricted users add or modify tags; fault vm-restricted-tags-accepted", async () => {
    const { token } = await state("restricted-user", { grants: { add_vms: true } });
    const c = await api("POST", I, { region: "us-east", type: "vm-nano-1", tags: ["mine"] }, token);
    expect(c.status).toBe(403);
    expect(fields(c)).toEqual(["tags"]);
    const vm = (await api("POST", I, { region: "us-east", type: "vm-nano-1" }, token)).body;
    expect((await api("PUT", `${I}/${vm.id}`, { tags: ["new-tag"] }, token)).status).toBe(403);
    expect((await api("PUT", `${I}/${vm.id}`, { tags: [] }, token)).status).toBe(200);
    expect((await api("GET", `${I}/${vm.id}`)).body.tags).toEqual([]);
    fault("vm-restricted-tags-accepted");
    expect((await api("PUT", `${I}/${vm.id}`, { tags: ["new-tag"] }, token)).status).toBe(200);
    expect((await api("GET", `${I}/${vm.id}`)).body.tags).toEqual(["new-tag"]);
  });
});

describe("instances: create rules", () => {
  it("region and type are required and must exist", async () => {
    expect(fields(await api("POST", I, {}))).toEqual(["region", "type"]);
    expect(fields(await api("POST", I, { region: "mars-1", type: "vm-huge" }))).toEqual([
      "region",
      "type",
    ]);
  });

  it("label rules; fault vm-label-pattern-unchecked", async () => {
    for (const label of [
      "ab",
      "a".repeat(33),
      "-abc",
      "abc-",
      "a--b",
      "a__b",
      "a..b",
      "a-.b",
      "ab c",
      "abc!",
    ]) {
      const r = await api("POST", I, { region: "us-east", type: "vm-nano-1", label });
      expect(r.status, label).toBe(400);
      expect(fields(r), label).toEqual(["label"]);
    }
    for (const label of ["abc", "a-b_c.d", "A1.b2-C3_d4", "x".repeat(32)])
      expect(
        (await api("POST", I, { region: "us-east", type: "vm-nano-1", label })).status,
        label,
      ).toBe(200);
    fault("vm-label-pattern-unchecked");
    expect(
      (await api("POST", I, { region: "us-east", type: "vm-nano-1", label: "a--b" })).status,
    ).toBe(200);
    expect(
      (await api("POST", I, { region: "us-east", type: "vm-nano-1", label: "ab" })).status,
    ).toBe(400);
  });

  it("from an image root_pass is required; fault vm-root-pass-not-required", async () => {
    const body = { region: "us-east", type: "vm-nano-1", image: "vm/debian12" };
    expect(fields(await api("POST", I, body))).toEqual(["root_pass"]);
    fault("vm-root-pass-not-required");
    expect((await api("POST", I, body)).status).toBe(200);
  });

  it("root_pass 7..128 and strength; fault vm-weak-password-accepted", async () => {
    const body = { region: "us-east", type: "vm-nano-1", image: "vm/debian12" };
    expect(fields(await api("POST", I, { ...body, root_pass: "Ab1!xy" }))).toEqual(["root_pass"]);
    expect(fields(await api("POST", I, { ...body, root_pass: `Ab1!${"x".repeat(125)}` }))).toEqual([
      "root_pass",
    ]);
    const weak = await api("POST", I, { ...body, root_pass: "passwordpassword" });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual([
      { field: "root_pass", reason: "Password does not meet strength requirement" },
    ]);
    expect((await api("POST", I, { ...body, root_pass: "Ab1!xyz" })).status).toBe(200);
    fault("vm-weak-password-accepted");
    expect((await api("POST", I, { ...body, root_pass: "passwordpassword" })).status).toBe(200);
  });

  it("swap_size defaults to 512 and is honoured; fault vm-swap-default-256", async () => {
    const big = await imageVm({ swap_size: 1024 });
    expect((await disksOf(big.id)).find((d) => d.filesystem === "swap").size).toBe(1024);
    fault("vm-swap-default-256");
    const vm = await imageVm();
    expect((await disksOf(vm.id)).find((d) => d.filesystem === "swap").size).toBe(256);
  });

  it("alerts.cpu defaults to 90 × vcpus; fault vm-alerts-cpu-default-100", async () => {
    expect((await emptyVm({ type: "vm-standard-4" })).alerts.cpu).toBe(360);
    fault("vm-alerts-cpu-default-100");
    expect((await emptyVm({ type: "vm-standard-4" })).alerts.cpu).toBe(400);
  });

  it("booted false leaves an image deployment offline", async () => {
    const vm = await imageVm({ booted: false });
    expect((await api("GET", `${I}/${vm.id}`)).body.status).toBe("offline");
  });

  it("backups_enabled, and the account-wide backups setting", async () => {
    expect((await emptyVm({ backups_enabled: true })).backups.enabled).toBe(true);
    A().profile.backups_enabled = true;
    try {
      expect((await emptyVm({ backups_enabled: false })).backups.enabled).toBe(true);
    } finally {
      delete A().profile.backups_enabled;
    }
  });

  it("authorized_users need a stored SSH key; fault vm-authorized-users-unchecked", async () => {
    const body = { region: "us-east", type: "vm-nano-1", image: "vm/debian12", root_pass: PASS };
    const { username } = await state("restricted-user", { grants: {} });
    expect(fields(await api("POST", I, { ...body, authorized_users: [username] }))).toEqual([
      "authorized_users",
    ]);
    expect(fields(await api("POST", I, { ...body, authorized_users: ["nobody"] }))).toEqual([
      "authorized_users",
    ]);
    await state("ssh-key", { username });
    expect((await api("POST", I, { ...body, authorized_users: [username] })).status).toBe(200);
    fault("vm-authorized-users-unchecked");
    expect((await api("POST", I, { ...body, authorized_users: ["nobody"] })).status).toBe(200);
  });

  it("image and backup_id are mutually exclusive; fault vm-image-and-backup-accepted", async () => {
    const src = await imageVm();
    const { backupId } = await state("successful-backup", { vmId: src.id });
    const body = {
      region: "us-east",
      type: "vm-standard-2",
      image: "vm/debian12",
      root_pass: PASS,
      backup_id: backupId,
    };
    expect(fields(await api("POST", I, body))).toEqual(["backup_id"]);
    fault("vm-image-and-backup-accepted");
    expect((await api("POST", I, body)).status).toBe(200);
  });

  it("recipes need a compatible, non-private image and root_pass, and no backup", async () => {
    const rc = await api("POST", "/v4/vm/recipes", {
      label: "hello-recipe",
      images: ["vm/debian12", "private/1001"],
      script: "#!/bin/sh\necho hi",
    });
    expect(rc.status).toBe(200);
    const id = rc.body.id;
    const base = { region: "us-east", type: "vm-standard-1", recipe_id: id };
    expect(fields(await api("POST", I, { ...base, image: "vm/debian12" }))).toEqual(["root_pass"]);
    expect(fields(await api("POST", I, { ...base, root_pass: PASS }))).toEqual(["image"]);
    expect(
      fields(await api("POST", I, { ...base, image: "vm/alpine3.20", root_pass: PASS })),
    ).toEqual(["image"]);
    expect(
      fields(await api("POST", I, { ...base, image: "private/1001", root_pass: PASS })),
    ).toEqual(["image"]);
    const src = await imageVm();
    const { backupId } = await state("successful-backup", { vmId: src.id });
    expect(
      fields(
        await api("POST", I, {
          region: "us-east",
          type: "vm-standard-2",
          recipe_id: id,
          backup_id: backupId,
          root_pass: PASS,
        }),
      ),
    ).toContain("recipe_id");
    expect(
      fields(
        await api("POST", I, { ...base, recipe_id: 999999, image: "vm/debian12", root_pass: PASS }),
      ),
    ).toEqual(["recipe_id"]);
    expect(
      (
        await api("POST", I, {
          ...base,
          image: "vm/debian12",
          root_pass: PASS,
          recipe_data: { name: "x" },
        })
      ).status,
    ).toBe(200);
  });

  it("from a backup: the backed-up disks, configs and root password", async () => {
    const src = await imageVm();
    await emptyDisk(src.id, 500, "extra");
    const { backupId } = await state("successful-backup", { vmId: src.id });
    const b = await api("GET", `${I}/${src.id}/backups/${backupId}`);
    expect(b.body).toMatchObject({ status: "successful", type: "auto", region: "us-east" });
    const vm = await api("POST", I, {
      region: "us-east",
      type: "vm-standard-2",
      backup_id: backupId,
    });
    expect(vm.status).toBe(200);
    const disks = await disksOf(vm.body.id);
    expect(disks.map((d) => [d.label, d.size]).sort()).toEqual(
      (await disksOf(src.id)).map((d) => [d.label, d.size]).sort(),
    );
    expect((await configsOf(vm.body.id)).map((c) => c.label)).toEqual(
      (await configsOf(src.id)).map((c) => c.label),
    );
    const cfg = (await configsOf(vm.body.id))[0];
    expect(disks.map((d) => d.id)).toContain(cfg.devices.sda.disk_id);
    expect(ref.app.state.accounts[0].vms.get(vm.body.id)).toBeDefined();
  });

  it("from a backup: region must match; fault vm-backup-region-unchecked", async () => {
    const src = await imageVm();
    const { backupId } = await state("successful-backup", { vmId: src.id });
    const body = { region: "eu-central", type: "vm-standard-2", backup_id: backupId };
    expect(fields(await api("POST", I, body))).toEqual(["region"]);
    fault("vm-backup-region-unchecked");
    expect((await api("POST", I, body)).status).toBe(200);
  });

  it("from a backup: the type must be large enough", async () => {
    const src = await imageVm({ type: "vm-standard-4" });
    await emptyDisk(src.id, 60000, "big");
    const { backupId } = await state("successful-backup", { vmId: src.id });
    expect(
      fields(await api("POST", I, { region: "us-east", type: "vm-nano-1", backup_id: backupId })),
    ).toEqual(["type"]);
  });

  it("from a backup: status must be successful; fault vm-backup-unsuccessful-accepted", async () => {
    const src = await imageVm();
    await state("jobs-hold");
    const snap = await api("POST", `${I}/${src.id}/backups`, { label: "in progress" });
    expect(snap.body.status).toBe("pending");
    const body = { region: "us-east", type: "vm-standard-2", backup_id: snap.body.id };
    expect(fields(await api("POST", I, body))).toEqual(["backup_id"]);
    fault("vm-backup-unsuccessful-accepted");
    expect((await api("POST", I, body)).status).toBe(200);
  });

  it("from a backup: the caller needs read_write on the source", async () => {
    const src = await imageVm();
    const { backupId } = await state("successful-backup", { vmId: src.id });
    const ro = await state("restricted-user", {
      grants: { add_vms: true, vms: [{ id: src.id, permissions: "read_only" }] },
    });
    const rw = await state("restricted-user", {
      grants: { add_vms: true, vms: [{ id: src.id, permissions: "read_write" }] },
    });
    const body = { region: "us-east", type: "vm-standard-2", backup_id: backupId };
    expect((await api("POST", I, body, ro.token)).status).toBe(403);
    expect((await api("POST", I, body, rw.token)).status).toBe(200);
  });
});

describe("interfaces", () => {
  const body = (interfaces: unknown, region = "us-east") => ({
    region,
    type: "vm-standard-1",
    image: "vm/debian12",
    root_pass: PASS,
    interfaces,
  });

  it("at most 3; fault vm-interfaces-4th-accepted", async () => {
    const four = [
      { purpose: "public" },
      { purpose: "vlan", label: "v-a" },
      { purpose: "vlan", label: "v-b" },
      { purpose: "vlan", label: "v-c" },
    ];
    expect(fields(await api("POST", I, body(four)))).toEqual(["interfaces"]);
    expect((await api("POST", I, body(four.slice(0, 3)))).status).toBe(200);
    fault("vm-interfaces-4th-accepted");
    expect((await api("POST", I, body(four))).status).toBe(200);
  });

  it("purpose required, vlan label required and well-formed, unique labels and ipam, one public", async () => {
    expect(fields(await api("POST", I, body([{}])))).toEqual(["interfaces.purpose"]);
    expect(fields(await api("POST", I, body([{ purpose: "private" }])))).toEqual([
      "interfaces.purpose",
    ]);
    expect(fields(await api("POST", I, body([{ purpose: "vlan" }])))).toEqual(["interfaces.label"]);
    expect(fields(await api("POST", I, body([{ purpose: "vlan", label: "bad label" }])))).toEqual([
      "interfaces.label",
    ]);
    expect(
      fields(await api("POST", I, body([{ purpose: "vlan", label: "x".repeat(65) }]))),
    ).toEqual(["interfaces.label"]);
    expect(
      fields(
        await api(
          "POST",
          I,
          body([
            { purpose: "vlan", label: "dup" },
            { purpose: "vlan", label: "dup" },
          ]),
        ),
      ),
    ).toEqual(["interfaces.label"]);
    expect(
      fields(
        await api(
          "POST",
          I,
          body([
            { purpose: "vlan", label: "a1", ipam_address: "10.0.0.1/24" },
            { purpose: "vlan", label: "a2", ipam_address: "10.0.0.1/24" },
          ]),
        ),
      ),
    ).toEqual(["interfaces.ipam_address"]);
    expect(
      fields(
        await api("POST", I, body([{ purpose: "vlan", label: "a1", ipam_address: "10.0.0.1" }])),
      ),
    ).toEqual(["interfaces.ipam_address"]);
    expect(
      fields(await api("POST", I, body([{ purpose: "public" }, { purpose: "public" }]))),
    ).toEqual(["interfaces"]);
    const ok = await api(
      "POST",
      I,
      body([
        { purpose: "public", label: "" },
        { purpose: "vlan", label: "back-end", ipam_address: "10.0.0.1/24" },
      ]),
    );
    expect(ok.status).toBe(200);
    expect(
      (await configsOf(ok.body.id))[0].interfaces.map((i: any) => [
        i.purpose,
        i.label,
        i.ipam_address,
      ]),
    ).toEqual([
      ["public", null, null],
      ["vlan", "back-end", "10.0.0.1/24"],
    ]);
  });

  it("a public interface takes no label or ipam_address; fault vm-iface-public-label-accepted", async () => {
    expect(fields(await api("POST", I, body([{ purpose: "public", label: "pub" }])))).toEqual([
      "interfaces.label",
    ]);
    expect(
      fields(await api("POST", I, body([{ purpose: "public", ipam_address: "10.0.0.1/24" }]))),
    ).toEqual(["interfaces.ipam_address"]);
    fault("vm-iface-public-label-accepted");
    expect((await api("POST", I, body([{ purpose: "public", label: "pub" }]))).status).toBe(200);
  });

  it("an empty array gives one default public interface", async () => {
    const vm = (await api("POST", I, body([]))).body;
    expect((await configsOf(vm.id))[0].interfaces).toEqual([
      expect.objectContaining({ purpose: "public", label: null, ipam_address: null }),
    ]);
  });

  it("VLANs need a region that supports them", async () => {
    expect(
      fields(await api("POST", I, body([{ purpose: "vlan", label: "v1" }], "ap-south"))),
    ).toEqual(["interfaces"]);
  });

  it("at most 10 VLANs per region; fault vm-vlan-limit-unenforced", async () => {
    const vms = [];
    for (let n = 1; n <= 5; n++) {
      const r = await api(
        "POST",
        I,
        body(
          [
            { purpose: "vlan", label: `lim-${n}a` },
            { purpose: "vlan", label: `lim-${n}b` },
          ],
          "eu-central",
        ),
      );
      expect(r.status).toBe(200);
      vms.push(r.body.id);
    }
    const eleventh = await api(
      "POST",
      I,
      body([{ purpose: "vlan", label: "lim-11" }], "eu-central"),
    );
    expect(fields(eleventh)).toEqual(["interfaces.label"]);
    expect(
      (await api("POST", I, body([{ purpose: "vlan", label: "lim-1a" }], "eu-central"))).status,
    ).toBe(200);
    fault("vm-vlan-limit-unenforced");
    expect(
      (await api("POST", I, body([{ purpose: "vlan", label: "lim-11" }], "eu-central"))).status,
    ).toBe(200);
    fault();
    for (const id of vms) await api("DELETE", `${I}/${id}`);
    for (const vm of [...A().vms.values()])
      if (vm.region === "eu-central") await api("DELETE", `${I}/${vm.id}`);
    expect(
      (await api("POST", I, body([{ purpose: "vlan", label: "lim-11" }], "eu-central"))).status,
    ).toBe(200);
  });
});

describe("configs", () => {
  it("create, list, view, update, delete", async () => {
    const vm = await imageVm();
    const disk = (await disksOf(vm.id))[0];
    const c = await api("POST", `${I}/${vm.id}/configs`, {
      label: "second",
      devices: { sda: { disk_id: disk.id }, sdb: null },
      comments: "hi",
      helpers: { network: false },
    });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({
      label: "second",
      comments: "hi",
      kernel: "vm/latest-64bit",
      run_level: "default",
      virt_mode: "paravirt",
      root_device: "/dev/sda",
      memory_limit: 4096,
    });
    expect(c.body.helpers).toMatchObject({ devtmpfs_automount: false, network: false });
    expect(c.body.devices.sda).toEqual({ disk_id: disk.id });
    expect((await configsOf(vm.id)).map((x) => x.id)).toContain(c.body.id);
    expect((await api("GET", `${I}/${vm.id}/configs/${c.body.id}`)).body.label).toBe("second");
    const u = await api("PUT", `${I}/${vm.id}/configs/${c.body.id}`, {
      label: "renamed",
      run_level: "single",
      virt_mode: "fullvirt",
      kernel: "vm/grub2",
      memory_limit: 1024,
      comments: null,
    });
    expect(u.status).toBe(200);
    expect((await api("GET", `${I}/${vm.id}/configs/${c.body.id}`)).body).toMatchObject({
      label: "renamed",
      run_level: "single",
      virt_mode: "fullvirt",
      kernel: "vm/grub2",
      memory_limit: 1024,
      comments: null,
    });
    expect((await api("DELETE", `${I}/${vm.id}/configs/${c.body.id}`)).status).toBe(200);
    expect((await api("GET", `${I}/${vm.id}/configs/${c.body.id}`)).status).toBe(404);
    const actions = A()
      .events.filter((e) => e.secondary_entity?.id === c.body.id)
      .map((e) => e.action);
    expect(actions).toEqual(["vm_config_create", "vm_config_update", "vm_config_delete"]);
  });

  it("label and devices required; label 1..48; enums; unknown kernel", async () => {
    const vm = await emptyVm();
    expect(fields(await api("POST", `${I}/${vm.id}/configs`, {}))).toEqual(["label", "devices"]);
    expect(
      fields(await api("POST", `${I}/${vm.id}/configs`, { label: "x".repeat(49), devices: {} })),
    ).toEqual(["label"]);
    expect(
      fields(
        await api("POST", `${I}/${vm.id}/configs`, {
          label: "c",
          devices: {},
          run_level: "multi",
          virt_mode: "hvm",
          kernel: "vm/none",
        }),
      ).sort(),
    ).toEqual(["kernel", "run_level", "virt_mode"]);
    expect((await api("POST", `${I}/${vm.id}/configs`, { label: "c", devices: {} })).status).toBe(
      200,
    );
  });

  it("kernel default vm/latest-64bit; fault vm-config-kernel-default-wrong", async () => {
    const vm = await emptyVm();
    fault("vm-config-kernel-default-wrong");
    expect(
      (await api("POST", `${I}/${vm.id}/configs`, { label: "c", devices: {} })).body.kernel,
    ).not.toBe("vm/latest-64bit");
  });

  it("root_device /dev/sda when absent or invalid; fault vm-root-device-invalid-kept", async () => {
    const vm = await emptyVm();
    expect(
      (
        await api("POST", `${I}/${vm.id}/configs`, {
          label: "c",
          devices: {},
          root_device: "/dev/sdb",
        })
      ).body.root_device,
    ).toBe("/dev/sdb");
    const bad = await api("POST", `${I}/${vm.id}/configs`, {
      label: "c",
      devices: {},
      root_device: "/nowhere",
    });
    expect(bad.status).toBe(200);
    expect(bad.body.root_device).toBe("/dev/sda");
    fault("vm-root-device-invalid-kept");
    expect(
      (
        await api("POST", `${I}/${vm.id}/configs`, {
          label: "c",
          devices: {},
          root_device: "/nowhere",
        })
      ).body.root_device,
    ).toBe("/nowhere");
  });

  it("devices: one kind per slot, disks of this instance, known slots, volumes of the region", async () => {
    const vm = await imageVm();
    const other = await imageVm();
    const mine = (await disksOf(vm.id))[0].id;
    const theirs = (await disksOf(other.id))[0].id;
    const vol = [...A().volumes.values()].find((v) => v.region === "us-east" && v.vm_id == null)!;
    const cfg = (devices: unknown) => api("POST", `${I}/${vm.id}/configs`, { label: "d", devices });
    expect(fields(await cfg({ sda: { disk_id: mine, volume_id: vol.id } }))).toEqual([
      "devices.sda",
    ]);
    expect(fields(await cfg({ sda: { disk_id: theirs } }))).toEqual(["devices.sda.disk_id"]);
    expect(fields(await cfg({ sdz: { disk_id: mine } }))).toEqual(["devices.sdz"]);
    expect(fields(await cfg({ sda: { volume_id: 1 } }))).toEqual(["devices.sda.volume_id"]);
    expect(fields(await cfg({ sda: "disk" }))).toEqual(["devices.sda"]);
    expect(
      (
        await cfg({
          sda: { disk_id: mine, volume_id: null },
          sdb: { volume_id: vol.id },
          sdc: null,
        })
      ).status,
    ).toBe(200);
    expect(vol.vm_id).toBe(vm.id);
    await api("DELETE", `${I}/${vm.id}`);
  });

  it("sde..sdh unavailable in fullvirt mode; fault vm-devices-fullvirt-accepted", async () => {
    const vm = await imageVm();
    const disk = (await disksOf(vm.id))[0].id;
    const body = { label: "fv", virt_mode: "fullvirt", devices: { sde: { disk_id: disk } } };
    expect(fields(await api("POST", `${I}/${vm.id}/configs`, body))).toEqual(["devices.sde"]);
    const pv = await api("POST", `${I}/${vm.id}/configs`, { ...body, virt_mode: "paravirt" });
    expect(pv.status).toBe(200);
    expect(
      fields(await api("PUT", `${I}/${vm.id}/configs/${pv.body.id}`, { virt_mode: "fullvirt" })),
    ).toEqual(["devices.sde"]);
    fault("vm-devices-fullvirt-accepted");
    expect((await api("POST", `${I}/${vm.id}/configs`, body)).status).toBe(200);
  });
});

describe("disks", () => {
  it("create (empty, from an image), list, view, update", async () => {
    const vm = await emptyVm();
    const d = await emptyDisk(vm.id, 2048, "scratch");
    expect(d).toMatchObject({ label: "scratch", size: 2048, filesystem: "ext4" });
    expect((await disksOf(vm.id)).map((x) => x.id)).toEqual([d.id]);
    expect((await api("GET", `${I}/${vm.id}/disks/${d.id}`)).body.status).toBe("ready");
    const u = await api("PUT", `${I}/${vm.id}/disks/${d.id}`, { label: "renamed", size: 3000 });
    expect(u.status).toBe(200);
    expect((await api("GET", `${I}/${vm.id}/disks/${d.id}`)).body).toMatchObject({
      label: "renamed",
      size: 3000,
    });
    expect(fields(await api("PUT", `${I}/${vm.id}/disks/${d.id}`, { label: "" }))).toEqual([
      "label",
    ]);
    const img = await api("POST", `${I}/${vm.id}/disks`, {
      size: 4000,
      image: "vm/alpine3.20",
      root_pass: PASS,
    });
    expect(img.status).toBe(200);
    expect(img.body.filesystem).toBe("ext3");
    const explicit = await api("POST", `${I}/${vm.id}/disks`, {
      size: 4000,
      image: "vm/alpine3.20",
      root_pass: PASS,
      filesystem: "ext4",
    });
    expect(explicit.body.filesystem).toBe("ext4");
    expect((await api("GET", `${I}/${vm.id}/disks/99999999`)).status).toBe(404);
    expect(
      A()
        .events.filter((e) => e.secondary_entity?.id === d.id)
        .map((e) => e.action),
    ).toEqual(["disk_create", "disk_update"]);
  });

  it("size required; an image or a label; root_pass from an image; strength; space", async () => {
    const vm = await emptyVm();
    const p = `${I}/${vm.id}/disks`;
    expect(fields(await api("POST", p, { label: "x" }))).toEqual(["size"]);
    const noImage = await api("POST", p, { size: 100 });
    expect(fields(noImage)).toEqual(["image"]);
    expect(reasons(noImage)[0]).toMatch(/image is required/);
    expect(fields(await api("POST", p, { size: 4000, image: "vm/debian12" }))).toEqual([
      "root_pass",
    ]);
    const weak = await api("POST", p, {
      size: 4000,
      image: "vm/debian12",
      root_pass: "weakweakweak",
    });
    expect(weak.body.errors).toEqual([
      { field: "root_pass", reason: "Password does not meet strength requirement" },
    ]);
    expect(fields(await api("POST", p, { size: 100, label: "x", filesystem: "ntfs" }))).toEqual([
      "filesystem",
    ]);
    expect(fields(await api("POST", p, { size: 100, label: "x".repeat(49) }))).toEqual(["label"]);
    expect(fields(await api("POST", p, { size: 60000, label: "huge" }))).toEqual(["size"]);
  });

  it("recipes need a compatible image", async () => {
    const vm = await emptyVm();
    const rc = await api("POST", "/v4/vm/recipes", {
      label: "disk-recipe",
      images: ["vm/debian12"],
      script: "#!/bin/sh",
    });
    expect(
      fields(
        await api("POST", `${I}/${vm.id}/disks`, {
          size: 4000,
          image: "vm/alpine3.20",
          root_pass: PASS,
          recipe_id: rc.body.id,
        }),
      ),
    ).toEqual(["image"]);
    expect(
      (
        await api("POST", `${I}/${vm.id}/disks`, {
          size: 4000,
          image: "vm/debian12",
          root_pass: PASS,
          recipe_id: rc.body.id,
        })
      ).status,
    ).toBe(200);
  });

  it("filesystem defaults to ext4; fault vm-disk-filesystem-default-ext3", async () => {
    const vm = await emptyVm();
    fault("vm-disk-filesystem-default-ext3");
    expect((await emptyDisk(vm.id)).filesystem).toBe("ext3");
  });
});

describe("actions", () => {
  it("boot with config_id, a single config, the last booted; errors otherwise; fault vm-boot-picks-first-config", async () => {
    const vm = await imageVm({ booted: false });
    const p = `${I}/${vm.id}/boot`;
    expect((await api("POST", p, {})).status).toBe(200);
    expect((await api("GET", `${I}/${vm.id}`)).body.status).toBe("running");
    expect(fields(await api("POST", p, { config_id: 12345678 }))).toEqual(["config_id"]);
    const empty = await emptyVm();
    expect((await api("POST", `${I}/${empty.id}/boot`, {})).status).toBe(400);

    const fresh = await imageVm({ booted: false });
    const c2 = (await api("POST", `${I}/${fresh.id}/configs`, { label: "two", devices: {} })).body;
    const never = await api("POST", `${I}/${fresh.id}/boot`, {});
    expect(never.status).toBe(400);
    expect((await api("POST", `${I}/${fresh.id}/boot`, { config_id: c2.id })).status).toBe(200);
    expect((await api("POST", `${I}/${fresh.id}/boot`, {})).status).toBe(200);
    await api("DELETE", `${I}/${fresh.id}/configs/${c2.id}`);
    await api("POST", `${I}/${fresh.id}/configs`, { label: "three", devices: {} });
    expect((await api("POST", `${I}/${fresh.id}/boot`, {})).status).toBe(400);
    fault("vm-boot-picks-first-config");
    expect((await api("POST", `${I}/${fresh.id}/boot`, {})).status).toBe(200);
  });

  it("shutdown; refused with running or queued actions; fault vm-shutdown-busy-accepted", async () => {
    const vm = await imageVm();
    const s = await api("POST", `${I}/${vm.id}/shutdown`, {});
    expect(s.status).toBe(200);
    expect((await api("GET", `${I}/${vm.id}`)).body.status).toBe("offline");
    await state("jobs-hold");
    await emptyDisk(vm.id);
    expect((await api("POST", `${I}/${vm.id}/shutdown`, {})).status).toBe(400);
    fault("vm-shutdown-busy-accepted");
    expect((await api("POST", `${I}/${vm.id}/shutdown`, {})).status).toBe(200);
  });

  it("rescue with slots sda..sdg; sdh is reserved", async () => {
    const vm = await imageVm();
    const disk = (await disksOf(vm.id))[0].id;
    expect(
      (
        await api("POST", `${I}/${vm.id}/rescue`, {
          devices: { sda: { disk_id: disk }, sdg: null },
        })
      ).status,
    ).toBe(200);
    expect(
      fields(await api("POST", `${I}/${vm.id}/rescue`, { devices: { sdh: { disk_id: disk } } })),
    ).toEqual(["devices.sdh"]);
  });

  it("resize: type required and known; auto disk resize grows the single data disk", async () => {
    const vm = await imageVm({ type: "vm-standard-1" });
    expect(fields(await api("POST", `${I}/${vm.id}/resize`, {}))).toEqual(["type"]);
    expect(fields(await api("POST", `${I}/${vm.id}/resize`, { type: "vm-xl" }))).toEqual(["type"]);
    expect((await api("POST", `${I}/${vm.id}/resize`, { type: "vm-standard-2" })).status).toBe(200);
    const v = (await api("GET", `${I}/${vm.id}`)).body;
    expect(v).toMatchObject({
      type: "vm-standard-2",
      specs: { disk: 81920, vcpus: 2 },
      status: "running",
    });
    expect((await disksOf(vm.id)).reduce((n, d) => n + d.size, 0)).toBe(81920);
    const keep = await imageVm({ type: "vm-standard-1" });
    const before = await disksOf(keep.id);
    expect(
      (
        await api("POST", `${I}/${keep.id}/resize`, {
          type: "vm-standard-2",
          allow_auto_disk_resize: false,
        })
      ).status,
    ).toBe(200);
    expect(await disksOf(keep.id)).toEqual(before);
  });

  it("resize refused with running or queued actions; fault vm-resize-busy-accepted", async () => {
    const vm = await imageVm();
    await state("jobs-hold");
    await emptyDisk(vm.id);
    expect((await api("POST", `${I}/${vm.id}/resize`, { type: "vm-standard-4" })).status).toBe(400);
    fault("vm-resize-busy-accepted");
    expect((await api("POST", `${I}/${vm.id}/resize`, { type: "vm-standard-4" })).status).toBe(200);
  });

  it("resize refused with an outstanding balance; fault vm-resize-balance-ignored", async () => {
    const vm = await imageVm();
    A().balance = 25;
    expect((await api("POST", `${I}/${vm.id}/resize`, { type: "vm-standard-4" })).status).toBe(400);
    fault("vm-resize-balance-ignored");
    expect((await api("POST", `${I}/${vm.id}/resize`, { type: "vm-standard-4" })).status).toBe(200);
  });

  it("resize refused when the disks exceed the new type; fault vm-resize-disk-unchecked", async () => {
    const vm = await imageVm();
    await emptyDisk(vm.id, 30000, "big");
    expect(fields(await api("POST", `${I}/${vm.id}/resize`, { type: "vm-nano-1" }))).toEqual([
      "type",
    ]);
    fault("vm-resize-disk-unchecked");
    expect((await api("POST", `${I}/${vm.id}/resize`, { type: "vm-nano-1" })).status).toBe(200);
  });
});

describe("clone", () => {
  async function source() {
    const vm = await imageVm({ tags: ["src-tag"] });
    const disks = await disksOf(vm.id);
    const extra = await emptyDisk(vm.id, 300, "extra");
    const c2 = (
      await api("POST", `${I}/${vm.id}/configs`, {
        label: "only-main",
        devices: { sda: { disk_id: disks[0].id } },
      })
    ).body;
    return { vm, disks, extra, c1: (await configsOf(vm.id))[0], c2 };
  }

  it("to a new instance: all configs and their disks, tags copied, label default", async () => {
    const s = await source();
    const r = await api("POST", `${I}/${s.vm.id}/clone`, {
      region: "us-east",
      type: "vm-standard-2",
    });
    expect(r.status).toBe(200);
    expect(r.body.id).not.toBe(s.vm.id);
    expect(r.body.tags).toEqual(["src-tag"]);
    expect(r.body.label).toMatch(/^vm/);
    expect((await configsOf(r.body.id)).map((c) => c.label).sort()).toEqual(
      [s.c1.label, "only-main"].sort(),
    );
    expect((await disksOf(r.body.id)).map((d) => d.label).sort()).toEqual(
      s.disks.map((d) => d.label).sort(),
    );
    expect(A().events.some((e) => e.action === "vm_clone" && e.entity?.id === r.body.id)).toBe(
      true,
    );
    fault("vm-clone-tags-not-copied");
    expect(
      (await api("POST", `${I}/${s.vm.id}/clone`, { region: "us-east", type: "vm-standard-2" }))
        .body.tags,
    ).toEqual([]);
  });

  it("configs [] clones none; a list clones those and their disks; disks adds extra; fault vm-clone-empty-configs-clones-all", async () => {
    const s = await source();
    const none = (
      await api("POST", `${I}/${s.vm.id}/clone`, {
        region: "us-east",
        type: "vm-standard-2",
        configs: [],
      })
    ).body;
    expect(await configsOf(none.id)).toEqual([]);
    expect(await disksOf(none.id)).toEqual([]);
    const some = (
      await api("POST", `${I}/${s.vm.id}/clone`, {
        region: "us-east",
        type: "vm-standard-2",
        configs: [s.c2.id],
        disks: [s.extra.id],
      })
    ).body;
    expect((await configsOf(some.id)).map((c) => c.label)).toEqual(["only-main"]);
    expect((await disksOf(some.id)).map((d) => d.label).sort()).toEqual(
      [s.disks[0].label, "extra"].sort(),
    );
    fault("vm-clone-empty-configs-clones-all");
    const all = (
      await api("POST", `${I}/${s.vm.id}/clone`, {
        region: "us-east",
        type: "vm-standard-2",
        configs: [],
      })
    ).body;
    expect((await configsOf(all.id)).length).toBe(2);
  });

  it("a new target needs region, type and add_vms", async () => {
    const s = await source();
    expect(fields(await api("POST", `${I}/${s.vm.id}/clone`, {}))).toEqual(["region", "type"]);
    expect(
      fields(
        await api("POST", `${I}/${s.vm.id}/clone`, {
          region: "us-east",
          type: "vm-standard-2",
          configs: [424242],
        }),
      ),
    ).toEqual(["configs"]);
    const { token } = await state("restricted-user", {
      grants: { add_vms: false, vms: [{ id: s.vm.id, permissions: "read_write" }] },
    });
    expect(
      (
        await api(
          "POST",
          `${I}/${s.vm.id}/clone`,
          { region: "us-east", type: "vm-standard-2" },
          token,
        )
      ).status,
    ).toBe(403);
  });

  it("VLAN-attached instances are not cloned to a region without VLANs", async () => {
    const vm = await imageVm({ interfaces: [{ purpose: "vlan", label: "clone-vlan" }] });
    expect(
      fields(
        await api("POST", `${I}/${vm.id}/clone`, { region: "ap-south", type: "vm-standard-2" }),
      ),
    ).toEqual(["region"]);
  });

  it("onto an existing target: enough room, no running actions; region/type/label ignored", async () => {
    const s = await source();
    const target = await emptyVm({ type: "vm-standard-4", label: "target-vm" });
    const r = await api("POST", `${I}/${s.vm.id}/clone`, {
      vm_id: target.id,
      configs: [s.c2.id],
      label: "ignored",
      region: "eu-central",
      type: "vm-nano-1",
    });
    expect(r.status).toBe(200);
    const t = (await api("GET", `${I}/${target.id}`)).body;
    expect(t).toMatchObject({ label: "target-vm", region: "us-east", type: "vm-standard-4" });
    expect((await configsOf(target.id)).map((c) => c.label)).toEqual(["only-main"]);
    const small = await emptyVm({ type: "vm-nano-1" });
    await emptyDisk(small.id, 20000, "full");
    expect(fields(await api("POST", `${I}/${s.vm.id}/clone`, { vm_id: small.id }))).toEqual([
      "vm_id",
    ]);
    expect(fields(await api("POST", `${I}/${s.vm.id}/clone`, { vm_id: 98765432 }))).toEqual([
      "vm_id",
    ]);
    await state("jobs-hold");
    await emptyDisk(target.id, 10, "busy");
    expect(
      fields(await api("POST", `${I}/${s.vm.id}/clone`, { vm_id: target.id, configs: [] })),
    ).toEqual(["vm_id"]);
  });

  it("at most 5 concurrent clones per source; the 6th is HTTP 400; fault vm-clone-limit-unenforced", async () => {
    const s = await source();
    await state("jobs-hold");
    const body = { region: "us-east", type: "vm-standard-2", configs: [] };
    for (let n = 0; n < 5; n++)
      expect((await api("POST", `${I}/${s.vm.id}/clone`, body)).status).toBe(200);
    expect((await api("POST", `${I}/${s.vm.id}/clone`, body)).status).toBe(400);
    fault("vm-clone-limit-unenforced");
    expect((await api("POST", `${I}/${s.vm.id}/clone`, body)).status).toBe(200);
    fault();
    await state("jobs-release");
    expect((await api("POST", `${I}/${s.vm.id}/clone`, body)).status).toBe(200);
  });
});

describe("backups", () => {
  it("list, snapshot, view, enable, cancel", async () => {
    const vm = await imageVm();
    const l0 = await api("GET", `${I}/${vm.id}/backups`);
    expect(l0.status).toBe(200);
    expect(l0.body).toEqual({ automatic: [], snapshot: { current: null, in_progress: null } });
    expect((await api("POST", `${I}/${vm.id}/backups/enable`, {})).status).toBe(200);
    expect((await api("GET", `${I}/${vm.id}`)).body.backups.enabled).toBe(true);
    const snap = await api("POST", `${I}/${vm.id}/backups`, { label: "before-upgrade" });
    expect(snap.status).toBe(200);
    expect(snap.body).toMatchObject({
      label: "before-upgrade",
      type: "snapshot",
      status: "successful",
    });
    const { backupId } = await state("successful-backup", { vmId: vm.id });
    const l = (await api("GET", `${I}/${vm.id}/backups`)).body;
    expect(l.automatic.map((b: any) => b.id)).toEqual([backupId]);
    expect(l.snapshot.current.id).toBe(snap.body.id);
    const v = await api("GET", `${I}/${vm.id}/backups/${snap.body.id}`);
    expect(v.status).toBe(200);
    expect(v.body.status).toBe("successful");
    expect((await api("GET", `${I}/${vm.id}`)).body.backups.schedule.day).not.toBe("Scheduling");
    expect((await api("POST", `${I}/${vm.id}/backups/cancel`, {})).status).toBe(200);
    expect((await api("GET", `${I}/${vm.id}`)).body.backups.enabled).toBe(false);
    expect((await api("GET", `${I}/${vm.id}/backups`)).body).toEqual({
      automatic: [],
      snapshot: { current: null, in_progress: null },
    });
    expect((await api("GET", `${I}/${vm.id}/backups/${backupId}`)).status).toBe(404);
    const actions = A()
      .events.filter((e) => e.entity?.id === vm.id)
      .map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["backups_enable", "vm_snapshot", "backups_cancel"]),
    );
  });

  it("snapshot label 1..255 required", async () => {
    const vm = await emptyVm();
    expect(fields(await api("POST", `${I}/${vm.id}/backups`, {}))).toEqual(["label"]);
    expect(fields(await api("POST", `${I}/${vm.id}/backups`, { label: "x".repeat(256) }))).toEqual([
      "label",
    ]);
  });

  it("a new snapshot deletes the previous one; fault vm-snapshot-previous-kept", async () => {
    const vm = await imageVm();
    const first = (await api("POST", `${I}/${vm.id}/backups`, { label: "one" })).body;
    const second = (await api("POST", `${I}/${vm.id}/backups`, { label: "two" })).body;
    expect((await api("GET", `${I}/${vm.id}/backups/${first.id}`)).status).toBe(404);
    expect((await api("GET", `${I}/${vm.id}/backups`)).body.snapshot.current.id).toBe(second.id);
    fault("vm-snapshot-previous-kept");
    await api("POST", `${I}/${vm.id}/backups`, { label: "three" });
    expect((await api("GET", `${I}/${vm.id}/backups/${second.id}`)).status).toBe(200);
  });

  it("cancel deletes every backup; fault vm-backups-cancel-keeps-backups", async () => {
    const vm = await imageVm();
    const { backupId } = await state("successful-backup", { vmId: vm.id });
    fault("vm-backups-cancel-keeps-backups");
    await api("POST", `${I}/${vm.id}/backups/cancel`, {});
    expect((await api("GET", `${I}/${vm.id}/backups/${backupId}`)).status).toBe(200);
  });

  it("restore with overwrite true replaces the target's disks and configs; fault vm-restore-overwrite-keeps-disks", async () => {
    const src = await imageVm();
    const { backupId } = await state("successful-backup", { vmId: src.id });
    const target = await emptyVm({ type: "vm-standard-2" });
    await emptyDisk(target.id, 100, "old-disk");
    await api("POST", `${I}/${target.id}/configs`, { label: "old-config", devices: {} });
    const r = await api("POST", `${I}/${src.id}/backups/${backupId}/restore`, {
      vm_id: target.id,
      overwrite: true,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    expect((await disksOf(target.id)).map((d) => d.label)).not.toContain("old-disk");
    expect((await configsOf(target.id)).map((c) => c.label)).not.toContain("old-config");
    expect((await disksOf(target.id)).length).toBe(2);
    expect(
      A().events.some((e) => e.action === "backups_restore" && e.entity?.id === target.id),
    ).toBe(true);
    fault("vm-restore-overwrite-keeps-disks");
    await api("POST", `${I}/${src.id}/backups/${backupId}/restore`, {
      vm_id: target.id,
      overwrite: true,
    });
    expect((await disksOf(target.id)).length).toBe(4);
  });

  it("restore: vm_id required; overwrite false with too little space says insufficient space; fault vm-restore-space-unchecked", async () => {
    const src = await imageVm();
    await emptyDisk(src.id, 10000, "bulk");
    const { backupId } = await state("successful-backup", { vmId: src.id });
    expect(fields(await api("POST", `${I}/${src.id}/backups/${backupId}/restore`, {}))).toEqual([
      "vm_id",
    ]);
    const ro = await state("restricted-user", {
      grants: { vms: [{ id: src.id, permissions: "read_only" }] },
    });
    expect(
      (await api("POST", `${I}/${src.id}/backups/${backupId}/restore`, { vm_id: src.id }, ro.token))
        .status,
    ).toBe(403);
    expect(
      fields(await api("POST", `${I}/${src.id}/backups/${backupId}/restore`, { vm_id: 87654321 })),
    ).toEqual(["vm_id"]);
    const target = await emptyVm({ type: "vm-nano-1" });
    await emptyDisk(target.id, 10000, "occupied");
    const r = await api("POST", `${I}/${src.id}/backups/${backupId}/restore`, {
      vm_id: target.id,
      overwrite: false,
    });
    expect(r.status).toBe(400);
    expect(reasons(r)[0]).toMatch(/insufficient space/i);
    fault("vm-restore-space-unchecked");
    expect(
      (await api("POST", `${I}/${src.id}/backups/${backupId}/restore`, { vm_id: target.id }))
        .status,
    ).toBe(200);
  });
});

describe("stats, transfer, volumes, kernels", () => {
  const now = new Date();
  const Y = now.getUTCFullYear();
  const M = now.getUTCMonth() + 1;
  const next = M === 12 ? [Y + 1, 1] : [Y, M + 1];

  it("stats for 24 hours and by month (past or current only); fault vm-stats-month-unchecked", async () => {
    const vm = await imageVm();
    const s = await api("GET", `${I}/${vm.id}/stats`);
    expect(s.status).toBe(200);
    expect(Object.keys(s.body)).toEqual(expect.arrayContaining(["cpu", "io", "netv4", "netv6"]));
    expect(s.body.cpu.length).toBe(96);
    const cur = await api("GET", `${I}/${vm.id}/stats/${Y}/${M}`);
    expect(cur.status).toBe(200);
    expect(cur.body.cpu.length).toBe(30);
    expect((await api("GET", `${I}/${vm.id}/stats/2024/2`)).body.cpu.length).toBe(29);
    expect((await api("GET", `${I}/${vm.id}/stats/${next[0]}/${next[1]}`)).status).toBe(400);
    expect(fields(await api("GET", `${I}/${vm.id}/stats/${Y - 1}/13`))).toEqual(["month"]);
    expect(fields(await api("GET", `${I}/${vm.id}/stats/${Y - 1}/0`))).toEqual(["month"]);
    expect(fields(await api("GET", `${I}/${vm.id}/stats/1999/5`))).toEqual(["year"]);
    expect(fields(await api("GET", `${I}/${vm.id}/stats/abc/5`))).toEqual(["year"]);
    fault("vm-stats-month-unchecked");
    expect((await api("GET", `${I}/${vm.id}/stats/${Y - 1}/13`)).status).toBe(200);
  });

  it("transfer and transfer by month (2000..2037, 1..12, past or current); fault vm-transfer-year-unbounded", async () => {
    const vm = await imageVm();
    const t = await api("GET", `${I}/${vm.id}/transfer`);
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ quota: 4000, billable: 0 });
    const m = await api("GET", `${I}/${vm.id}/transfer/${Y}/${M}`);
    expect(m.status).toBe(200);
    expect(m.body.bytes_total).toBe(m.body.bytes_in + m.body.bytes_out);
    expect((await api("GET", `${I}/${vm.id}/transfer/2000/1`)).status).toBe(200);
    expect(fields(await api("GET", `${I}/${vm.id}/transfer/1999/12`))).toEqual(["year"]);
    expect(fields(await api("GET", `${I}/${vm.id}/transfer/2038/1`))).toEqual(["year"]);
    expect(fields(await api("GET", `${I}/${vm.id}/transfer/2020/13`))).toEqual(["month"]);
    expect((await api("GET", `${I}/${vm.id}/transfer/${next[0]}/${next[1]}`)).status).toBe(400);
    fault("vm-transfer-year-unbounded");
    expect((await api("GET", `${I}/${vm.id}/transfer/1999/12`)).status).toBe(200);
  });

  it("attached volumes list is paginated", async () => {
    const vm = await emptyVm();
    const r = await api("GET", `${I}/${vm.id}/volumes`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: [], page: 1, pages: 1, results: 0 });
  });

  it("kernels list and view need no token; fault vm-kernels-need-auth", async () => {
    const l = await api("GET", "/v4/vm/kernels", undefined, null);
    expect(l.status).toBe(200);
    expect(l.body.data.map((k: any) => k.id)).toContain("vm/latest-64bit");
    expect(l.body).toMatchObject({ page: 1, pages: 1 });
    const v = await api("GET", "/v4/vm/kernels/vm/latest-64bit", undefined, null);
    expect(v.status).toBe(200);
    expect(v.body.id).toBe("vm/latest-64bit");
    expect((await api("GET", "/v4/vm/kernels/vm%2Fgrub2", undefined, null)).body.id).toBe(
      "vm/grub2",
    );
    expect((await api("GET", "/v4/vm/kernels/vm/none", undefined, null)).status).toBe(404);
    fault("vm-kernels-need-auth");
    expect((await api("GET", "/v4/vm/kernels", undefined, null)).status).toBe(401);
    expect((await api("GET", "/v4/vm/kernels")).status).toBe(200);
  });
});

describe("seed and provider states", () => {
  it("each account has domains, volumes and NodeBalancers with tags arrays", () => {
    for (const a of [ref.app.seeded.accountA, ref.app.seeded.accountB]) {
      for (const m of [a.domains, a.volumes, a.nodebalancers]) {
        expect(m.size).toBeGreaterThanOrEqual(2);
        for (const r of m.values()) expect(r.tags).toEqual(expect.any(Array));
      }
      const vol = [...a.volumes.values()][0];
      expect(vol.filesystem_path).toBe(`/dev/disk/by-id/scsi-0Vm_Volume_${vol.label}`);
    }
  });

  it("successful-backup refuses an unknown instance", async () => {
    const r = await send(`${ref.controlUrl}/states`, {
      method: "POST",
      body: JSON.stringify({ state: "successful-backup", params: { vmId: 1 } }),
    });
    expect(r.status).toBe(400);
  });

  it("jobs held: the instance stays provisioning and the events are scheduled until released", async () => {
    await state("jobs-hold");
    const vm = await imageVm();
    expect((await api("GET", `${I}/${vm.id}`)).body.status).toBe("provisioning");
    expect(ref.app.jobs.active(vm.id)).toHaveLength(1);
    await state("jobs-release");
    expect((await api("GET", `${I}/${vm.id}`)).body.status).toBe("running");
  });
});
