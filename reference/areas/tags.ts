// Tags (3 operations). The `tags` arrays of the account's instances, domains, volumes and
// NodeBalancers are the truth; the area keeps only the set of tags created with no object yet.
// A tag is known when it is in that set or carried by any object of the account.
import type { Area } from "../area.ts";
import { ApiError, badRequest, EMPTY, forbidden, notFound, ok, type FieldError } from "../http.ts";
import { paginate } from "../paginate.ts";
import { emitByCaller, type Ctx, type Router } from "../router.ts";
import type { Account, State, TaggableRecord, User, VmCore } from "../state.ts";
import { Fields } from "../validate.ts";

interface TagRecord {
  label: string;
  created: string;
}

/** Request field, account map, and the `type` marker of tagged-object elements. */
const KINDS = [
  ["vms", "vm"],
  ["domains", "domain"],
  ["volumes", "volume"],
  ["nodebalancers", "nodebalancer"],
] as const;
type MapName = (typeof KINDS)[number][0];

const tagsOf = (state: State, account: Account) =>
  state.area(account, "tags", () => new Map<string, TagRecord>());

const mapOf = (account: Account, name: MapName): Map<number, VmCore | TaggableRecord> =>
  account[name];

function carried(account: Account, label: string): boolean {
  for (const [name] of KINDS)
    for (const r of mapOf(account, name).values()) if (r.tags?.includes(label)) return true;
  return false;
}

function known(ctx: Ctx, label: string): boolean {
  return tagsOf(ctx.state, ctx.account).has(label) || carried(ctx.account, label);
}

/** Only unrestricted users may add or modify tags. */
function unrestricted(ctx: Ctx, fault?: string) {
  if (ctx.user.restricted && !(fault && ctx.faults.has(fault)))
    throw forbidden("Only unrestricted users may add or modify tags");
}

/** read_write on an object: every object of the account for unrestricted users; instance grants otherwise. */
function canWrite(user: User, name: MapName, id: number): boolean {
  if (!user.restricted) return true;
  return name === "vms" && user.grants.vms.get(id) === "read_write";
}

function canRead(user: User, name: MapName, id: number): boolean {
  if (!user.restricted) return true;
  return name === "vms" && user.grants.vms.has(id);
}

const W = "account:read_write";

/**
 * The objects a create tags, all or nothing: each listed ID must be an object of the account the
 * caller can write (unknown or unseen: 400 naming the list; seen but not writable: 403).
 */
function tagTargets(ctx: Ctx, lists: (readonly [MapName, number[]])[]) {
  const errors: FieldError[] = [];
  let status = 400;
  const targets: (VmCore | TaggableRecord)[] = [];
  for (const [name, ids] of lists) {
    for (const id of ids) {
      const rec = mapOf(ctx.account, name).get(id);
      if (rec && canWrite(ctx.user, name, id)) targets.push(rec);
      else if (ctx.faults.has("tag-partial-create")) continue;
      else if (!rec || !canRead(ctx.user, name, id))
        errors.push({
          field: name,
          reason: `${name} must be a valid value: no object ${id} on this account`,
        });
      else {
        status = 403;
        errors.push({
          field: name,
          reason: `read_write access to ${name} ${id} is needed to tag it`,
        });
      }
    }
  }
  if (errors.length) throw new ApiError(status, errors);
  return targets;
}

/** Create: tags the listed objects; creating an existing tag is a success (the tag is kept). */
function createTag(ctx: Ctx) {
  unrestricted(ctx, "tag-restricted-allowed");
  const f = new Fields(ctx.json());
  const label = f.string("label", { min: 3, max: 50, required: true });
  const lists = KINDS.map(([name]) => [name, f.intArray(name) ?? []] as const);
  if (ctx.variants.has("tag-exists-refused") && typeof label === "string" && known(ctx, label))
    f.fail("label", `the tag ${label} already exists`);
  f.done();
  for (const rec of tagTargets(ctx, lists)) if (!rec.tags.includes(label!)) rec.tags.push(label!);
  const tags = tagsOf(ctx.state, ctx.account);
  const tag = tags.get(label!) ?? { label: label!, created: ctx.state.iso() };
  tags.set(tag.label, tag);
  ctx.state.emit(ctx.account, {
    action: "tag_create",
    username: ctx.user.username,
    entity: {
      id: tag.label,
      label: tag.label,
      type: "tag",
      url: `/v4/tags/${encodeURIComponent(tag.label)}`,
    },
  });
  return ok({ label: tag.label });
}

/** Delete: the tag leaves every object of the account that carries it. */
function deleteTag(ctx: Ctx) {
  unrestricted(ctx);
  const label = ctx.params.label;
  if (!known(ctx, label)) throw notFound();
  if (!ctx.faults.has("tag-delete-leaves-objects")) {
    for (const [name] of KINDS) {
      for (const rec of mapOf(ctx.account, name).values()) {
        const i = rec.tags?.indexOf(label) ?? -1;
        if (i >= 0) rec.tags.splice(i, 1);
      }
    }
  }
  tagsOf(ctx.state, ctx.account).delete(label);
  emitByCaller(ctx, "tag_delete", {
    id: label,
    label,
    type: "tag",
    url: `/v4/tags/${encodeURIComponent(label)}`,
  });
  return EMPTY;
}

/** The objects carrying the tag that the caller can see, ordered by type then ID. */
function taggedObjects(ctx: Ctx) {
  const label = ctx.params.label;
  if (!known(ctx, label)) throw notFound();
  const items: { type?: string; data: unknown }[] = [];
  for (const [name, type] of KINDS) {
    if (name === "volumes" && ctx.faults.has("tag-list-skips-volumes")) continue;
    const recs = [...mapOf(ctx.account, name).values()].filter(
      (rec) => rec.tags?.includes(label) && canRead(ctx.user, name, rec.id),
    );
    recs.sort((a, b) => a.id - b.id);
    for (const rec of recs)
      items.push(ctx.variants.has("tag-element-no-type") ? { data: rec } : { type, data: rec });
  }
  return paginate(ctx, items);
}

function register(r: Router) {
  r.post("/v4/tags", W, createTag);
  r.delete("/v4/tags/{label}", W, deleteTag);
  r.get("/v4/tags/{label}", W, taggedObjects);
}

export const tagsArea: Area = {
  name: "tags",
  register,
  states: {
    /** IDs of the domains, volumes and NodeBalancers of the account of `user` (admin, restricted or secondary; default admin). */
    "taggable-objects"(c, p) {
      const who = p.user ?? "admin";
      if (who !== "admin" && who !== "restricted" && who !== "secondary")
        throw badRequest("user must be admin, restricted or secondary", "user");
      const account = c.seeded[who].account;
      const ids = (name: MapName) => [...mapOf(account, name).keys()].sort((a, b) => a - b);
      return {
        domains: ids("domains"),
        volumes: ids("volumes"),
        nodebalancers: ids("nodebalancers"),
      };
    },
  },
  faults: [
    {
      name: "tag-partial-create",
      requirement: "TAG-CREATE-2",
      description:
        "tag create with an unknown or unwritable object ID still creates the tag and tags the other objects",
    },
    {
      name: "tag-restricted-allowed",
      requirement: "TAG-CREATE-3",
      description: "a restricted user may create tags",
    },
    {
      name: "tag-delete-leaves-objects",
      requirement: "TAG-DELETE-1",
      description: "tag delete removes the tag but leaves it on the objects that carried it",
    },
    {
      name: "tag-list-skips-volumes",
      requirement: "TAG-LIST-1",
      description: "tagged objects list leaves out tagged volumes",
    },
  ],
};
