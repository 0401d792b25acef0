// Entity transfers: one platform-wide table keyed by token (the receiving account views and
// accepts by token, so a transfer is not private to its sender).
import { randomUUID } from "node:crypto";
import { ApiError, badRequest, EMPTY, forbidden, notFound, ok } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import { emitByCaller, type Ctx, type Router } from "../../router.ts";
import type { Account, State } from "../../state.ts";
import { Fields } from "../../validate.ts";
import type { Entity } from "./common.ts";

interface Transfer {
  token: string;
  created: number;
  updated: number;
  expiry: number;
  entities: { vms: number[] };
  status: "accepted" | "cancelled" | "completed" | "failed" | "pending" | "stale";
  sender: Account;
  senderUser: string;
  receiver: Account | null;
}

const transfers = (state: State) =>
  state.globalArea("entity-transfers", () => new Map<string, Transfer>());

const transferEntity = (t: Transfer): Entity => ({
  id: t.token,
  label: t.token,
  type: "entity_transfer",
  url: `/v4/account/entity-transfers/${t.token}`,
});

/** A pending transfer past its expiry becomes stale (checked lazily against the clock). */
function refresh(state: State, t: Transfer): Transfer {
  if (t.status === "pending" && state.now().getTime() >= t.expiry) {
    t.status = "stale";
    t.updated = t.expiry;
    state.emit(t.sender, {
      action: "entity_transfer_stale",
      username: t.senderUser,
      entity: transferEntity(t),
      status: "notification",
    });
  }
  return t;
}

function transferView(ctx: Ctx, t: Transfer) {
  const s = ctx.state;
  return {
    created: s.iso(new Date(t.created)),
    entities: { vms: [...t.entities.vms] },
    expiry: s.iso(new Date(t.expiry)),
    is_sender: ctx.faults.has("transfer-is-sender-always-true") ? true : t.sender === ctx.account,
    status: t.status,
    token: t.token,
    updated: s.iso(new Date(t.updated)),
  };
}

function findTransfer(ctx: Ctx): Transfer {
  const t = transfers(ctx.state).get(ctx.params.token ?? "");
  if (!t) throw notFound("Entity transfer not found");
  return refresh(ctx.state, t);
}

function listTransfers(ctx: Ctx) {
  const mine = [...transfers(ctx.state).values()].filter(
    (t) => t.sender === ctx.account || t.receiver === ctx.account,
  );
  return paginate(
    ctx,
    mine.map((t) => transferView(ctx, refresh(ctx.state, t))),
  );
}

/**
 * The instance IDs of `entities`: only `vms` is a supported key; at least one, each an instance of
 * the caller's account and in no pending transfer of it.
 */
function transferredVms(ctx: Ctx, f: Fields): number[] {
  const entities = f.object("entities", { required: true });
  if (!entities) return [];
  const e = f.nested("entities", entities);
  for (const key of Object.keys(entities))
    if (key !== "vms") e.fail(key, "unsupported entity type (only vms can be transferred)");
  const given = e.intArray("vms", { required: true });
  if (!given) return [];
  const vms = [...new Set(given)];
  const pending = new Set(
    [...transfers(ctx.state).values()]
      .filter((t) => refresh(ctx.state, t).status === "pending" && t.sender === ctx.account)
      .flatMap((t) => t.entities.vms),
  );
  const unknown = vms.filter((id) => !ctx.account.vms.has(id));
  if (vms.length === 0) e.fail("vms", "must name at least one instance");
  else if (unknown.length) e.fail("vms", `no instance ${unknown.join(", ")} on the account`);
  else if (vms.some((id) => pending.has(id)))
    e.fail("vms", "an instance is already part of a pending transfer");
  return vms;
}

function createTransfer(ctx: Ctx) {
  const f = new Fields(ctx.json());
  const vms = transferredVms(ctx, f);
  f.done();
  if (ctx.user.restricted && vms.some((id) => ctx.user.grants.vms.get(id) !== "read_write")) {
    throw forbidden("You need read_write access to every instance you transfer");
  }
  const now = ctx.state.now().getTime();
  const hours = ctx.faults.has("transfer-expiry-not-24h") ? 48 : 24;
  const t: Transfer = {
    token: randomUUID(),
    created: now,
    updated: now,
    expiry: now + hours * 3_600_000,
    entities: { vms },
    status: "pending",
    sender: ctx.account,
    senderUser: ctx.user.username,
    receiver: null,
  };
  transfers(ctx.state).set(t.token, t);
  emitByCaller(ctx, "entity_transfer_create", transferEntity(t));
  return ok(transferView(ctx, t));
}

function acceptTransfer(ctx: Ctx) {
  const t = findTransfer(ctx);
  if (t.sender === ctx.account)
    throw badRequest("You cannot accept a transfer your own account created");
  if (ctx.user.restricted) throw forbidden("Only unrestricted users can accept a transfer");
  if (t.status !== "pending")
    throw new ApiError(409, [
      { field: null, reason: `This transfer is ${t.status} and can no longer be accepted` },
    ]);
  const now = ctx.state.now().getTime();
  const missing = t.entities.vms.filter((id) => !t.sender.vms.has(id));
  if (missing.length) {
    t.status = "failed";
    t.updated = now;
    ctx.state.emit(t.sender, {
      action: "entity_transfer_fail",
      username: t.senderUser,
      entity: transferEntity(t),
      status: "failed",
    });
    throw new ApiError(409, [
      {
        field: null,
        reason: `The transfer failed: instance ${missing.join(", ")} no longer exists`,
      },
    ]);
  }
  for (const id of t.entities.vms) {
    const vm = t.sender.vms.get(id)!;
    t.sender.vms.delete(id);
    ctx.account.vms.set(id, vm);
    for (const u of t.sender.users.values()) u.grants.vms.delete(id);
  }
  t.status = "completed";
  t.receiver = ctx.account;
  t.updated = now;
  emitByCaller(ctx, "entity_transfer_accept", transferEntity(t));
  ctx.state.emit(t.sender, {
    action: "entity_transfer_accept",
    username: ctx.user.username,
    entity: transferEntity(t),
  });
  return EMPTY;
}

function cancelTransfer(ctx: Ctx) {
  const t = findTransfer(ctx);
  if (t.sender !== ctx.account) throw forbidden("Only the sending account can cancel a transfer");
  if (t.status !== "pending")
    throw new ApiError(409, [
      { field: null, reason: `This transfer is ${t.status} and can no longer be cancelled` },
    ]);
  t.status = "cancelled";
  t.updated = ctx.state.now().getTime();
  emitByCaller(ctx, "entity_transfer_cancel", transferEntity(t));
  return EMPTY;
}

export function registerTransfers(r: Router) {
  r.get("/v4/account/entity-transfers", "account:read_only", listTransfers);
  r.post("/v4/account/entity-transfers", "account:read_write", createTransfer);
  r.get("/v4/account/entity-transfers/{token}", "account:read_only", (ctx) =>
    ok(transferView(ctx, findTransfer(ctx))),
  );
  r.delete("/v4/account/entity-transfers/{token}", "account:read_write", cancelTransfer);
  r.post("/v4/account/entity-transfers/{token}/accept", "account:read_write", acceptTransfer);
}
