// Managed instance settings: one entry per instance of the account, its SSH access for support.
import { isIP } from "node:net";
import { ok } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import { intParam, type Ctx, type Router } from "../../router.ts";
import { Fields } from "../../validate.ts";
import {
  callerManaged,
  EITHER,
  needWrite,
  R,
  recordOf,
  W,
  type Managed,
  type Ssh,
} from "./common.ts";

const DEFAULT_SSH = (): Ssh => ({ access: true, ip: "0.0.0.0", port: 22, user: "root" });

function settingsView(mg: Managed, vm: { id: number; label: string; [k: string]: unknown }) {
  return {
    id: vm.id,
    label: vm.label,
    group: typeof vm.group === "string" ? vm.group : "",
    ssh: { ...(mg.settings.get(vm.id) ?? DEFAULT_SSH()) },
  };
}

/** PUT: the `ssh` members sent replace the current ones. */
function updateSettings(ctx: Ctx) {
  const mg = callerManaged(ctx);
  const unknown = { id: intParam(ctx, "vmId"), label: "" };
  const vm =
    ctx.faults.has("managed-settings-unknown-update-ok") && !ctx.account.vms.has(unknown.id)
      ? unknown
      : recordOf(ctx.account.vms, ctx, "vmId");
  const f = new Fields(ctx.json());
  const ssh = f.object("ssh");
  const next = { ...(mg.settings.get(vm.id) ?? DEFAULT_SSH()) };
  if (ssh) {
    const s = f.nested("ssh", ssh);
    const access = s.bool("access");
    let ip = s.string("ip");
    if (typeof ip === "string" && !isIP(ip)) ip = s.fail("ip", "must be an IP address");
    const port = s.int("port", {
      min: ctx.faults.has("managed-ssh-port-zero") ? 0 : 1,
      max: 65535,
    });
    const user = s.string("user", { max: 32 });
    if (typeof access === "boolean") next.access = access;
    if (typeof ip === "string") next.ip = ip;
    if (typeof port === "number") next.port = port;
    if (typeof user === "string") next.user = user;
  }
  f.done();
  if (vm === unknown) return ok({ ...settingsView(mg, vm), ssh: next });
  mg.settings.set(vm.id, next);
  return ok(settingsView(mg, vm));
}

export function registerSettings(r: Router) {
  r.get("/v4/managed/vm-settings", R, (ctx) => {
    const mg = callerManaged(ctx);
    return paginate(
      ctx,
      [...ctx.account.vms.values()].map((vm) => settingsView(mg, vm)),
    );
  });
  // instance settings view: the scope sentence names neither; either account scope is accepted
  // (variant managed-views-read-write: only account:read_write)
  r.get("/v4/managed/vm-settings/{vmId}", EITHER, (ctx) => {
    if (ctx.variants.has("managed-views-read-write")) needWrite(ctx);
    return ok(settingsView(callerManaged(ctx), recordOf(ctx.account.vms, ctx, "vmId")));
  });
  r.put("/v4/managed/vm-settings/{vmId}", W, updateSettings);
}
