// Material: Endpoints / Object storage (Bucket contents list: query marker, delimiter, prefix,
// page_size; answer `data`: array of Object), Object storage resources (Object).
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { empty, fill, listedNames } from "./helpers.ts";
import { freshBucket, type BucketRef } from "../shared/factories.ts";

/** A fresh bucket filled by `setup`; the body runs, then the bucket is emptied for cleanup. */
async function withObjects(
  c: CheckContext,
  setup: (path: BucketRef) => Promise<void>,
  body: (path: BucketRef) => Promise<void>,
): Promise<void> {
  const { path } = await freshBucket(c);
  try {
    await setup(path);
    await body(path);
  } finally {
    await empty(c, path);
  }
}

const same = (a: string[], b: string[]) =>
  JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

describe("object-storage/object-list", () => {
  check(
    { id: "OS-OBJLIST-1", op: "listBucketObjects", effect: "creates" },
    "bucket contents list answers data, an array of Object records",
    async (c) => {
      await withObjects(
        c,
        (p) => fill(c, p, 3),
        async (path) => {
          const body = expectSuccess(await c.ops.listBucketObjects({ path: { ...path } }));
          if (!Array.isArray(body.data) || body.data.length !== 3)
            throw new TargetFailure(`data lists ${body.data?.length} objects; the bucket holds 3`);
          for (const o of body.data)
            if (typeof o.name !== "string" || typeof o.size !== "number")
              throw new TargetFailure(`an Object lacks name or size: ${JSON.stringify(o)}`);
        },
      );
    },
  );

  check(
    { id: "OS-OBJLIST-5", op: "listBucketObjects", effect: "creates" },
    "how is_truncated and next_marker are filled on a cut page (observed)",
    async (c) => {
      await withObjects(
        c,
        (p) => fill(c, p, 30, "t-"),
        async (path) => {
          const body = expectSuccess(
            await c.ops.listBucketObjects({ path: { ...path }, query: { page_size: 25 } }),
          );
          const lastEntry = body.data[body.data.length - 1] ?? {};
          c.observe("OS-OBJLIST-5", "page_size 25 of 30 objects", {
            listed: body.data.length,
            is_truncated: lastEntry.is_truncated,
            next_marker: lastEntry.next_marker,
            top_level: Object.keys(body).filter((k) => k !== "data"),
          });
        },
      );
    },
  );

  check(
    { id: "OS-OBJLIST-2", op: "listBucketObjects", effect: "creates" },
    "with prefix only names starting with it are listed",
    async (c) => {
      await withObjects(
        c,
        async (p) => {
          await fill(c, p, 3, "keep-");
          await fill(c, p, 2, "skip-");
        },
        async (path) => {
          const names = await listedNames(c, path, { prefix: "keep-" });
          if (names.length !== 3 || names.some((n) => !n.startsWith("keep-")))
            throw new TargetFailure(
              `prefix keep- listed ${JSON.stringify(names)}; expected the 3 keep- objects`,
            );
        },
      );
    },
  );

  check(
    { id: "OS-OBJLIST-3", op: "listBucketObjects", effect: "creates" },
    "with delimiter names are returned up to its first occurrence, once each",
    async (c) => {
      await withObjects(
        c,
        async (p) => {
          await fill(c, p, 3, "dir-a/");
          await fill(c, p, 2, "dir-b/");
          await fill(c, p, 1, "top-");
        },
        async (path) => {
          const names = await listedNames(c, path, { delimiter: "/" });
          const cut = names.map((n) => (n.endsWith("/") ? n.slice(0, -1) : n));
          if (cut.length !== 3 || !same(cut, ["dir-a", "dir-b", "top-0"]))
            throw new TargetFailure(
              `delimiter / listed ${JSON.stringify(names)}; expected dir-a, dir-b (up to the delimiter, once each) and top-0`,
            );
        },
      );
    },
  );

  check(
    { id: "OS-OBJLIST-4", op: "listBucketObjects", effect: "creates" },
    "with marker the list continues after that object",
    async (c) => {
      await withObjects(
        c,
        (p) => fill(c, p, 5, "m-"),
        async (path) => {
          const all = await listedNames(c, path);
          if (all.length !== 5)
            throw new TargetFailure(
              `the bucket holds 5 objects; the list shows ${JSON.stringify(all)}`,
            );
          const after = await listedNames(c, path, { marker: all[1] });
          if (JSON.stringify(after) !== JSON.stringify(all.slice(2)))
            throw new TargetFailure(
              `marker ${all[1]} listed ${JSON.stringify(after)}; expected ${JSON.stringify(all.slice(2))}`,
            );
        },
      );
    },
  );

  check(
    { id: "OS-OBJLIST-4", op: "listBucketObjects", effect: "creates" },
    "following the markers page by page lists every object exactly once",
    async (c) => {
      await withObjects(
        c,
        (p) => fill(c, p, 60, "w-"),
        async (path) => {
          const seen: string[] = [];
          let marker = "";
          for (let page = 0; page < 10; page++) {
            const names = await listedNames(
              c,
              path,
              marker ? { page_size: 25, marker } : { page_size: 25 },
            );
            if (names.length === 0) break;
            seen.push(...names);
            marker = names[names.length - 1];
          }
          const expected = Array.from({ length: 60 }, (_, i) => `w-${String(i).padStart(2, "0")}`);
          if (seen.length !== 60 || !same(seen, expected))
            throw new TargetFailure(
              `walking the markers listed ${seen.length} names (${new Set(seen).size} distinct); the bucket holds 60`,
            );
        },
      );
    },
  );
});
