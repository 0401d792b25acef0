// Stateful model of the configuration profiles and disks of an empty instance (material: Compute
// instances: configs list, create (label and devices required), view, update ("all optional"),
// delete; disks list, create ("size required"), view, update; Configuration profile defaults:
// kernel `vm/latest-64bit`, root_device `/dev/sda` "when absent or invalid"; Disk create rules:
// "default filesystem ext4"; create rule 5: an empty instance has no disks or configs until they
// are created). There is no disk delete operation: disks only grow, so a sequence makes at most
// three. Instance record fields are not shown: a field is compared only where the view carries it.
import { settled } from "../../../harness/settle.ts";
import fc from "fast-check";
import { describe } from "vitest";
import { check } from "../../../harness/check.ts";
import { expectError, expectSuccess } from "../../../harness/expect.ts";
import { TargetFailure } from "../../../harness/errors.ts";
import { expectAccepted } from "../../shared/acceptance.ts";
import {
  at,
  command,
  expectGone,
  expectOwnTotals,
  hasId,
  listAll,
  often,
  pick,
  runModel,
  held,
  type Holds,
  shownId,
  type Real,
} from "./model.ts";
import { specEnum } from "../../shared/enums.ts";

interface Config {
  id: string;
  /** field → the value a view that carries the field must show */
  fields: Record<string, unknown>;
}
interface Disk {
  id: string;
  fields: Record<string, unknown>;
}
interface Model {
  configs: Config[];
  gone: Config[];
  disks: Disk[];
}
interface R extends Real {
  vmId: number;
}

const MAX_DISKS = 3;

/** Every config and disk holds the model's fields, and its list entry agrees with its view (suites/invariants/). */
const holds: Holds<Model, R>[] = [
  {
    kind: "config",
    objects: (m, r) =>
      m.configs.map((x) =>
        held({ vmId: r.vmId, configId: x.id }, x.fields, (e) => hasId(e, x.id), { vmId: r.vmId }),
      ),
  },
  {
    kind: "disk",
    volatile: ["status"],
    objects: (m, r) =>
      m.disks.map((d) =>
        held({ vmId: r.vmId, diskId: d.id }, d.fields, (e) => hasId(e, d.id), { vmId: r.vmId }),
      ),
  },
];

/** The view's value of each field the model knows, where the view carries it (records are not shown). */
function expectFields(where: string, view: any, fields: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(fields)) {
    if (view?.[k] !== undefined && view[k] !== v)
      throw new TargetFailure(
        `${where}: ${k} is ${JSON.stringify(view[k])}; the model holds ${JSON.stringify(v)}`,
      );
  }
}

/** The instance's configs and disks lists hold exactly the model's, each view shows the model's fields. */
async function agree(m: Model, r: R): Promise<void> {
  // within the convergence window (harness/settle.ts): a list may catch up a little later
  await settled(r.ctx, "read-your-writes", () => agreeNow(m, r));
}

async function agreeNow(m: Model, r: R): Promise<void> {
  const path = { vmId: r.vmId };
  const configs = await listAll(r.ctx, "listConfigs", { path });
  expectOwnTotals("configs list", configs, m.configs.length);
  for (const x of m.configs) {
    if (!configs.items.some((item) => hasId(item, x.id)))
      throw new TargetFailure(`configs list misses config ${x.id}`);
    expectFields(
      `view of config ${x.id}`,
      expectSuccess(await r.ctx.ops.getConfig({ path: { ...path, configId: x.id } })),
      x.fields,
    );
  }
  for (const x of m.gone)
    expectGone(await r.ctx.ops.getConfig({ path: { ...path, configId: x.id } }), `config ${x.id}`);
  const disks = await listAll(r.ctx, "listDisks", { path });
  expectOwnTotals("disks list", disks, m.disks.length);
  for (const d of m.disks) {
    if (!disks.items.some((item) => hasId(item, d.id)))
      throw new TargetFailure(`disks list misses disk ${d.id}`);
    expectFields(
      `view of disk ${d.id}`,
      expectSuccess(await r.ctx.ops.getDisk({ path: { ...path, diskId: d.id } })),
      d.fields,
    );
  }
}

const commands = [
  ...often(
    fc.constantFrom("defaults", "invalid root_device", "paravirt, single").map((variant) =>
      command<Model, R>(
        `createConfig(${variant})`,
        () => true,
        async (m, r) => {
          const label = r.ctx.label("cfg", 48);
          const body: Record<string, unknown> = { label, devices: {} };
          if (variant === "invalid root_device") body.root_device = "not-a-device";
          if (variant === "paravirt, single")
            Object.assign(body, { virt_mode: "paravirt", run_level: "single" });
          const made = await expectAccepted(
            r.ctx.fresh.create("config", "createConfig", {
              path: { vmId: r.vmId },
              body,
              label,
              parent: { vmId: r.vmId },
            }),
          );
          // the defaults the material states for what was not sent
          const fields: Record<string, unknown> = {
            label,
            kernel: "vm/latest-64bit",
            root_device: "/dev/sda",
            run_level: "default",
            virt_mode: "paravirt",
          };
          if (variant === "paravirt, single") fields.run_level = "single";
          m.configs.push({ id: shownId(r.ctx, made, "config"), fields });
          await agree(m, r);
        },
      ),
    ),
    2,
  ),
  fc
    .tuple(
      pick,
      fc.subarray(["label", "comments", "run_level"] as const, { minLength: 1 }),
      fc.constantFrom(...specEnum({ schema: "ConfigurationProfile", member: "run_level" })),
    )
    .map(([i, keys, runLevel]) =>
      command<Model, R>(
        `updateConfig(#${i}: ${keys.join("+")})`,
        (m) => m.configs.length > 0,
        async (m, r) => {
          const x = at(m.configs, i);
          const next = {
            label: r.ctx.label("cfg", 48),
            comments: `plumbline ${r.ctx.label("c", 30)}`,
            run_level: runLevel,
          };
          const body = Object.fromEntries(keys.map((k) => [k, next[k]]));
          expectSuccess(
            await r.ctx.ops.updateConfig({ path: { vmId: r.vmId, configId: x.id }, body }),
          );
          Object.assign(x.fields, body);
          await agree(m, r);
        },
      ),
    ),
  pick.map((i) =>
    command<Model, R>(
      `deleteConfig(#${i})`,
      (m) => m.configs.length > 0,
      async (m, r) => {
        const x = at(m.configs, i);
        expectSuccess(await r.ctx.ops.deleteConfig({ path: { vmId: r.vmId, configId: x.id } }));
        m.configs.splice(m.configs.indexOf(x), 1);
        m.gone.push(x);
        await agree(m, r);
      },
    ),
  ),
  fc
    .tuple(fc.constantFrom(undefined, "ext3", "raw"), fc.integer({ min: 1, max: 8 }))
    .map(([filesystem, eighths]) =>
      command<Model, R>(
        `createDisk(${filesystem ?? "no filesystem"}, ${eighths * 128} MB)`,
        (m) => m.disks.length < MAX_DISKS,
        async (m, r) => {
          const label = r.ctx.label("disk", 48);
          const body = {
            label,
            size: eighths * 128,
            ...(filesystem ? { filesystem } : {}),
          };
          const made = await expectAccepted(
            r.ctx.fresh.create("disk", "createDisk", {
              path: { vmId: r.vmId },
              body,
              label,
              parent: { vmId: r.vmId },
            }),
          );
          // an empty disk without filesystem gets ext4; a filesystem given explicitly wins
          m.disks.push({
            id: shownId(r.ctx, made, "disk"),
            fields: { label, size: eighths * 128, filesystem: filesystem ?? "ext4" },
          });
          await agree(m, r);
        },
      ),
    ),
  pick.map((i) =>
    command<Model, R>(
      `updateDisk(#${i}: label)`,
      (m) => m.disks.length > 0,
      async (m, r) => {
        const d = at(m.disks, i);
        const label = r.ctx.label("disk", 48);
        const res = await r.ctx.ops.updateDisk({
          path: { vmId: r.vmId, diskId: d.id },
          body: { label },
        });
        // Disk update "body: not shown": a refusal of the label is legal (VM-DISK-9), with the Error
        // body, and the disk keeps its label (the model is left as it was, so agree checks that)
        if (res.status >= 400 && res.status < 500) expectError(res);
        else {
          expectSuccess(res);
          d.fields.label = label;
        }
        await agree(m, r);
      },
    ),
  ),
];

describe("fuzz/stateful/vm", () => {
  check(
    {
      id: [
        "VM-CONFIG-1",
        "VM-CONFIG-2",
        "VM-CONFIG-3",
        "VM-CONFIG-4",
        "VM-CONFIG-5",
        "VM-CONFDEF-1",
        "VM-CONFDEF-2",
        "VM-CONFDEF-3",
        "VM-CONFDEF-4",
        "VM-DISK-1",
        "VM-DISK-2",
        "VM-DISK-3",
        "VM-DISK-6",
        "VM-DISK-9",
        "VM-CREATE-14",
      ],
      op: [
        "createConfig",
        "updateConfig",
        "deleteConfig",
        "getConfig",
        "listConfigs",
        "createDisk",
        "updateDisk",
        "getDisk",
        "listDisks",
      ],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "Config create | POST /v4/vm/instances/{vmId}/configs | Configuration profile fields; label and devices required",
        "Config update | PUT /v4/vm/instances/{vmId}/configs/{configId} | Configuration profile fields, all optional",
        "kernel | string | default `vm/latest-64bit`",
        "root_device | string | default `/dev/sda` when absent or invalid",
        "run_level | string | default, single, binbash; default `default`",
        "virt_mode | string | paravirt, fullvirt; default paravirt",
        "Disk create | POST /v4/vm/instances/{vmId}/disks | Disk fields; size required",
        "default filesystem ext4",
        "Disk update | PUT /v4/vm/instances/{vmId}/disks/{diskId} | body: not shown",
      ],
      effect: "billable",
      timeout: 120_000,
    },
    "configs and disks of an empty instance: after any sequence of config creates, updates and deletes and disk creates and updates, the lists (totals, pages) and views agree with the model",
    async (c) => {
      await runModel<Model, R>(
        c,
        "stateful configs and disks",
        commands,
        async () => {
          const vm = await c.fresh.emptyInstance();
          return { model: { configs: [], gone: [], disks: [] }, real: { ctx: c, vmId: vm.id } };
        },
        // each sequence has an instance of its own, and reads only its configs and disks
        { holds, parallel: 1 },
      );
    },
  );
});
