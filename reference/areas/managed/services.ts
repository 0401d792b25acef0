// Managed services: what is monitored (a URL or a tcp host:port), with its region rule and the
// temporary disable / enable.
import { isIP } from "node:net";
import { racePause } from "../../faults.ts";
import { badRequest, EMPTY, ok } from "../../http.ts";
import { paginate } from "../../paginate.ts";
import { emitByCaller, intParam, type Ctx, type Router } from "../../router.ts";
import { findRegion } from "../../data.ts";
import { Fields } from "../../validate.ts";
import {
  callerManaged,
  EITHER,
  R,
  recordOf,
  recordOrRemoved,
  W,
  type Managed,
  type Service,
  nameRule,
  needWrite,
} from "./common.ts";

function ipv4Private(ip: string): boolean {
  const p = ip.split(".").map(Number);
  return (
    p[0] === 10 || (p[0] === 172 && p[1] >= 16 && p[1] <= 31) || (p[0] === 192 && p[1] === 168)
  );
}

/** The host of an address: a URL's hostname, or the host of a `host:port` form (tcp). */
function hostOf(address: string): string | undefined {
  try {
    const u = new URL(address);
    if (u.hostname) return u.hostname.replace(/^\[|\]$/g, "");
  } catch {
    /* not a URL */
  }
  const hp = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):(\d{1,5})$/.exec(address);
  return hp ? hp[1].replace(/^\[|\]$/g, "") : undefined;
}

function isPrivateAddress(address: string): boolean {
  const host = hostOf(address);
  return !!host && isIP(host) === 4 && ipv4Private(host);
}

/**
 * The region rule, checked on the record the request leaves: a region is required when the address
 * is a private IP and not allowed otherwise. Moving to a public address drops the stored region.
 */
function checkRegion(
  ctx: Ctx,
  f: Fields,
  into: Service | undefined,
  address: string | null | undefined,
  region: string | null | undefined,
) {
  const addr = typeof address === "string" ? address : into?.address;
  if (addr === undefined || (typeof address !== "string" && region === undefined)) return;
  let reg = region !== undefined ? region : (into?.region ?? null);
  const priv = isPrivateAddress(addr);
  if (!priv && region === undefined && typeof address === "string") reg = null;
  if (priv && !reg && !ctx.faults.has("managed-private-region-optional"))
    f.fail("region", "is required when address is a private IP");
  if (!priv && reg && !ctx.faults.has("managed-region-public-accepted"))
    f.fail("region", "may only be set when address is a private IP");
}

const newService = (ctx: Ctx, now: string): Service => ({
  id: ctx.state.id(),
  address: "",
  body: null,
  consultation_group: "",
  credentials: [],
  label: "",
  notes: null,
  region: null,
  service_type: "url",
  timeout: 30,
  status: "ok",
  created: now,
  updated: now,
});

/** A new service (`into` undefined) or `into` with the fields sent applied (a partial update). */
function serviceFields(ctx: Ctx, mg: Managed, into: Service | undefined): Service {
  const creating = !into;
  const f = new Fields(ctx.json());
  let address = f.string("address", { min: 3, required: creating });
  if (address !== undefined && address !== null && !hostOf(address))
    address = f.fail("address", "must be a URL");
  const svcBody = f.string("body", { max: 100, nullable: true });
  const group = f.string("consultation_group", { max: 50 });
  const credentials = f.intArray("credentials");
  if (credentials) {
    const unknown = credentials.filter((id) => !mg.credentials.has(id));
    if (unknown.length) f.fail("credentials", `unknown credential ID(s) ${unknown.join(", ")}`);
  }
  const label = f.string("label", { min: 3, max: 64, required: creating, ...nameRule(ctx) });
  const notes = f.string("notes", { nullable: true });
  const region = f.string("region", { nullable: !creating });
  if (typeof region === "string" && !findRegion(region)) f.fail("region", "unknown region");
  const type = f.string("service_type", { oneOf: ["url", "tcp"], required: creating }) as
    | "url"
    | "tcp"
    | undefined;
  const timeout = ctx.faults.has("managed-timeout-unbounded")
    ? f.int("timeout", { required: creating })
    : f.int("timeout", { min: 1, max: 255, required: creating });
  checkRegion(ctx, f, into, address, region);
  f.done();
  const now = ctx.state.iso();
  const s = into ?? newService(ctx, now);
  if (typeof address === "string") {
    // query parameters are kept; a fragment is dropped
    s.address = ctx.faults.has("managed-fragment-kept") ? address : address.split("#")[0];
    if (region === undefined && !isPrivateAddress(s.address)) s.region = null;
  }
  if (svcBody !== undefined) s.body = svcBody;
  if (typeof group === "string") s.consultation_group = group;
  if (credentials) s.credentials = [...credentials];
  // fault: an update that does not name credentials drops them (no minimal service holds any)
  else if (!creating && ctx.faults.has("managed-service-update-drops-credentials"))
    s.credentials = [];
  if (typeof label === "string") s.label = label;
  if (notes !== undefined) s.notes = notes;
  // fault: an update that does not name notes clears them
  else if (!creating && ctx.faults.has("managed-service-update-resets-notes")) s.notes = null;
  if (region !== undefined) s.region = region;
  if (type) s.service_type = type;
  if (typeof timeout === "number") s.timeout = timeout;
  s.updated = now;
  return s;
}

const serviceEntity = (s: Service) => ({
  id: s.id,
  label: s.label,
  type: "managed_service",
  url: `/v4/managed/services/${s.id}`,
});

function createService(ctx: Ctx) {
  const mg = callerManaged(ctx);
  const s = serviceFields(ctx, mg, undefined);
  mg.services.set(s.id, s);
  emitByCaller(ctx, "managed_service_create", serviceEntity(s));
  return ok(s);
}

function deleteService(ctx: Ctx) {
  const mg = callerManaged(ctx);
  const s = recordOf(mg.services, ctx, "serviceId");
  mg.services.delete(s.id);
  mg.removed.services.set(s.id, s);
  emitByCaller(ctx, "managed_service_delete", serviceEntity(s));
  return EMPTY;
}

/** The service of the path; a deleted one too while `managed-service-deleted-action-ok` is on. */
function deletedToo(ctx: Ctx): Service {
  const mg = callerManaged(ctx);
  const fault = "managed-service-deleted-action-ok";
  return recordOrRemoved(mg.services, mg.removed.services, ctx, "serviceId", fault);
}

/** Disabling an already disabled service is a no-op success. */
function disableService(ctx: Ctx) {
  const services = callerManaged(ctx).services;
  if (
    ctx.faults.has("managed-unknown-service-action-ok") &&
    !services.has(intParam(ctx, "serviceId"))
  )
    return EMPTY;
  const s = deletedToo(ctx);
  s.status = "disabled";
  s.updated = ctx.state.iso();
  return ok(s);
}

/**
 * Enabling an enabled service is a no-op success; variant enable-monitored-refused refuses it (the
 * material's move is "enable operation | service not monitored | monitoring enabled").
 */
function enableService(ctx: Ctx) {
  const s = deletedToo(ctx);
  if (s.status === "ok" && ctx.variants.has("enable-monitored-refused"))
    throw badRequest(
      `Service ${s.id} is already monitored; only a disabled service can be enabled`,
    );
  s.status = "ok";
  s.updated = ctx.state.iso();
  return ok(s);
}

export function registerServices(r: Router) {
  r.get("/v4/managed/services", R, (ctx) =>
    paginate(ctx, [...callerManaged(ctx).services.values()]),
  );
  r.post("/v4/managed/services", W, createService);
  // service view: the scope sentence names neither; either account scope is accepted (variant
  // managed-views-read-write: only account:read_write, as for the contact and credential views)
  r.get("/v4/managed/services/{serviceId}", EITHER, (ctx) => {
    if (ctx.variants.has("managed-views-read-write")) needWrite(ctx);
    const mg = callerManaged(ctx);
    const fault = "managed-service-deleted-viewable";
    return ok(recordOrRemoved(mg.services, mg.removed.services, ctx, "serviceId", fault));
  });
  r.put("/v4/managed/services/{serviceId}", W, async (ctx) => {
    const mg = callerManaged(ctx);
    const s = recordOf(mg.services, ctx, "serviceId");
    if (!ctx.faults.has("managed-service-update-lost")) return ok(serviceFields(ctx, mg, s));
    // fault: the record read, changed as a copy, and written back whole after a pause: of two
    // updates sent together the later write loses the earlier one's member
    const copy = serviceFields(ctx, mg, structuredClone(s));
    await racePause();
    if (mg.services.has(copy.id)) mg.services.set(copy.id, copy); // (a delete meanwhile stands)
    return ok(copy);
  });
  r.delete("/v4/managed/services/{serviceId}", W, deleteService);
  r.post("/v4/managed/services/{serviceId}/disable", W, disableService);
  r.post("/v4/managed/services/{serviceId}/enable", W, enableService);
}
