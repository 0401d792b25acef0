// Material: Endpoints / Object storage (Object URL create: name required, the object need not exist;
// method the URL permits, default GET; expires_in 360..68400, default 3600; answer url), Limits
// (Pre-signed URL validity).
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { forceRemove, freshBucket, listedNames, presign, putObject, type BucketRef } from "./helpers.ts";

/** A fresh bucket; the body runs, then the bucket is removed with force (objects and all). */
async function withBucket(c: CheckContext, body: (path: BucketRef) => Promise<void>): Promise<void> {
  const { path } = await freshBucket(c);
  try {
    await body(path);
  } finally {
    await forceRemove(c, path);
  }
}

const works = (status: number) => status >= 200 && status < 300;

/** Moves the target's clock forward (provider state clock-advance). */
const advance = (c: CheckContext, seconds: number) => c.states.require("clock-advance", { seconds });

describe("object-storage/object-url", () => {
  check({ id: "OS-URL-1", op: "createObjectUrl", effect: "creates" }, "object URL create answers a url, also for an object that does not exist yet", async (c) => {
    const { path } = await freshBucket(c);
    for (const method of ["GET", "PUT"]) {
      const body = expectSuccess(await c.ops.createObjectUrl({ path: { ...path }, body: { name: c.label("nothing-here", 60), method } }));
      if (typeof body.url !== "string" || !/^https?:\/\//.test(body.url)) throw new TargetFailure(`url is ${JSON.stringify(body.url)}`);
    }
  });

  check({ id: "OS-URL-2", op: "createObjectUrl", effect: "creates" }, "a PUT URL stores an object and a GET URL reads it back", async (c) => {
    await withBucket(c, async (path) => {
      await putObject(c, path, "greeting.txt", "hello, plumbline");
      const res = await c.http("GET", await presign(c, path, "greeting.txt", "GET"));
      if (!works(res.status) || res.text !== "hello, plumbline") throw new TargetFailure(`GET through the GET URL answered ${res.status || res.error} with ${JSON.stringify(res.text.slice(0, 80))}; stored "hello, plumbline"`);
    });
  });

  check({ id: "OS-URL-2", op: ["createObjectUrl", "listBucketObjects"], effect: "creates" }, "a URL signed for GET does not permit PUT or DELETE", async (c) => {
    await withBucket(c, async (path) => {
      const put = await c.http("PUT", await presign(c, path, "not-stored", "GET"), { body: "x", contentType: "application/octet-stream" });
      if (works(put.status)) throw new TargetFailure(`PUT through a URL signed for GET answered ${put.status}`);
      if ((await listedNames(c, path)).includes("not-stored")) throw new TargetFailure("PUT through a URL signed for GET stored the object");
      await putObject(c, path, "kept", "x");
      const del = await c.http("DELETE", await presign(c, path, "kept", "GET"));
      if (works(del.status)) throw new TargetFailure(`DELETE through a URL signed for GET answered ${del.status}`);
      if (!(await listedNames(c, path)).includes("kept")) throw new TargetFailure("DELETE through a URL signed for GET removed the object");
    });
  });

  check({ id: "OS-URL-3", op: "createObjectUrl", effect: "creates" }, "a URL with expires_in 360 works until then and stops working once it has passed", async (c) => {
    await withBucket(c, async (path) => {
      await putObject(c, path, "short", "x");
      const url = await presign(c, path, "short", "GET", { expires_in: 360 });
      const now = await c.http("GET", url);
      if (!works(now.status)) throw new TargetFailure(`the fresh URL answered ${now.status || now.error}`);
      await advance(c, 361);
      const later = await c.http("GET", url);
      if (works(later.status)) throw new TargetFailure(`361 s after creation a URL valid for 360 s still answered ${later.status}`);
    });
  });

  check({ id: "OS-URL-3", op: "createObjectUrl", effect: "creates" }, "a URL without expires_in is valid for 3600 seconds", async (c) => {
    await withBucket(c, async (path) => {
      await putObject(c, path, "default", "x");
      const url = await presign(c, path, "default", "GET");
      await advance(c, 3500);
      const before = await c.http("GET", url);
      if (!works(before.status)) throw new TargetFailure(`3500 s after creation the URL (default validity 3600 s) answered ${before.status || before.error}`);
      await advance(c, 200);
      const after = await c.http("GET", url);
      if (works(after.status)) throw new TargetFailure(`3700 s after creation the URL (default validity 3600 s) still answered ${after.status}`);
    });
  });

  check({ id: ["FIELD.createObjectUrl.expires_in", "OS-URL-3"], op: "createObjectUrl", effect: "creates" }, "expires_in 360 and 68400 are accepted", async (c) => {
    const { path } = await freshBucket(c);
    for (const expires_in of [360, 68400]) expectSuccess(await c.ops.createObjectUrl({ path: { ...path }, body: { name: "bounds", method: "GET", expires_in } }));
  });

  check({ id: "FIELD.createObjectUrl.expires_in", op: "createObjectUrl", effect: "creates" }, "expires_in 359, 68401 or a string is refused naming expires_in", async (c) => {
    const { path } = await freshBucket(c);
    for (const expires_in of [359, 68401, "3600"]) {
      expectErrorNamingField(await c.ops.createObjectUrl({ path: { ...path }, body: { name: "bounds", method: "GET", expires_in } }), "expires_in");
    }
  });

  check({ id: "FIELD.createObjectUrl.name", op: "createObjectUrl", effect: "creates" }, "object URL create without name is refused naming name", async (c) => {
    const { path } = await freshBucket(c);
    expectErrorNamingField(await c.ops.createObjectUrl({ path: { ...path }, body: { method: "GET" } }), "name");
  });

  check({ id: "OS-URL-4", op: "createObjectUrl", effect: "creates" }, "object URL create without method: refused or taken as GET (observed)", async (c) => {
    const { path } = await freshBucket(c);
    const res = await c.ops.createObjectUrl({ path: { ...path }, body: { name: "no-method" } });
    c.observe("create without method", works(res.status) ? "accepted" : `refused ${res.status}`);
  });
});
