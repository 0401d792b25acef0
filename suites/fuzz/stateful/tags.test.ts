// Stateful model of tags (material: Endpoints / Tags: create with label and the objects "to tag
// immediately", delete "removes the tag from all objects and deletes it", tagged objects list
// "paginated mixed list of objects carrying the tag"; Resources / Tag). The objects are the
// account's domain, volume and NodeBalancer (provider state `taggable-objects`); each tag label
// is this sequence's own, so its tagged-objects list must hold exactly what the model says.
import { settled } from "../../../harness/settle.ts";
import fc from "fast-check";
import { describe } from "vitest";
import { check } from "../../../harness/check.ts";
import { expectSuccess } from "../../../harness/expect.ts";
import { expectAccepted } from "../../shared/acceptance.ts";
import { expectSameIds, listTagged, stillTagged, taggable } from "../../tags/helpers.ts";
import { at, command, often, pick, removeCommand, runModel, type Real } from "./model.ts";

type Kind = "domains" | "volumes" | "nodebalancers";
const KINDS: Kind[] = ["domains", "volumes", "nodebalancers"];

interface Tag {
  label: string;
  kinds: Kind[];
}
interface Model {
  live: Tag[];
  gone: Tag[];
}
interface R extends Real {
  objects: Record<Kind, number>;
}

const idsOf = (r: R, t: Tag) => t.kinds.map((k) => r.objects[k]);

/** Every live tag lists exactly its objects; every deleted one lists none (or is unknown: an error). */
async function agree(m: Model, r: R): Promise<void> {
  // within the convergence window (harness/settle.ts): a list may catch up a little later
  await settled(r.ctx, "read-your-writes", () => agreeNow(m, r));
}

async function agreeNow(m: Model, r: R): Promise<void> {
  for (const t of m.live)
    expectSameIds(await listTagged(r.ctx, t.label), idsOf(r, t), `tagged objects of ${t.label}`);
  for (const t of m.gone)
    expectSameIds(
      await stillTagged(r.ctx, t.label),
      [],
      `tagged objects of deleted tag ${t.label}`,
    );
}

async function create(r: R, label: string, kinds: Kind[]): Promise<void> {
  const body = { label, ...Object.fromEntries(kinds.map((k) => [k, [r.objects[k]]])) };
  await expectAccepted(r.ctx.fresh.create("tag", "createTag", { body, label }));
}

const commands = [
  ...often(
    fc.subarray(KINDS, { minLength: 1 }).map((kinds) =>
      command<Model, R>(
        `create(${kinds.join("+")})`,
        () => true,
        async (m, r) => {
          const tag = { label: r.ctx.label("tag", 50), kinds };
          await create(r, tag.label, kinds);
          m.live.push(tag);
          await agree(m, r);
        },
      ),
    ),
  ),
  removeCommand<Tag, Model, R>(
    "delete",
    async (tag, r) => void expectSuccess(await r.ctx.ops.deleteTag({ path: { label: tag.label } })),
    agree,
  ),
  fc.tuple(pick, fc.subarray(KINDS, { minLength: 1 })).map(([i, kinds]) =>
    command<Model, R>(
      `recreate(deleted #${i}, ${kinds.join("+")})`,
      (m) => m.gone.length > 0,
      async (m, r) => {
        const old = at(m.gone, i);
        await create(r, old.label, kinds);
        m.gone.splice(m.gone.indexOf(old), 1);
        m.live.push({ label: old.label, kinds });
        await agree(m, r);
      },
    ),
  ),
];

describe("fuzz/stateful/tags", () => {
  check(
    {
      id: ["TAG-CREATE-1", "TAG-DELETE-1", "TAG-LIST-1"],
      op: ["createTag", "deleteTag", "listTaggedObjects"],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "Tag create | POST /v4/tags | label (string 3..50, required), domains, vms, nodebalancers, volumes (arrays of integer IDs to tag immediately",
        "Tag delete | DELETE /v4/tags/{label} | | {} ; removes the tag from all objects and deletes it",
        "Tagged objects list | GET /v4/tags/{label} | | paginated mixed list of objects carrying the tag",
      ],
      effect: "creates",
      timeout: 120_000,
    },
    "tags: after any sequence of creates, deletes and re-creates, each tag's objects list holds exactly the objects the model tagged",
    async (c) => {
      const objects = await taggable(c);
      const byKind = {
        domains: objects.domain,
        volumes: objects.volume,
        nodebalancers: objects.nodebalancer,
      };
      await runModel<Model, R>(c, "stateful tags", commands, async () => ({
        model: { live: [], gone: [] },
        real: { ctx: c, objects: byKind },
      }));
    },
  );
});
