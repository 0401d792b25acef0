// Material: Endpoints / Object storage (Object URL create: name required, the object need not exist;
// method the URL permits, default GET; expires_in 360..68400, default 3600; answer url), Limits
// (Pre-signed URL validity). Expiry checks move the clock: object-url-expiry.serial.test.ts.
import { settled } from "../../harness/settle.ts";
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectErrorNamingField, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { listedNames, presign, putObject, withBucket, works } from "./helpers.ts";
import { freshBucket } from "../shared/factories.ts";
import { offContract } from "../../harness/ops.ts";

describe("object-storage/object-url", () => {
  check(
    { id: "OS-URL-1", op: "createObjectUrl", effect: "creates" },
    "object URL create answers a url, also for an object that does not exist yet",
    async (c) => {
      const { path } = await freshBucket(c);
      for (const method of ["GET", "PUT"]) {
        const body = expectSuccess(
          await c.ops.createObjectUrl({
            path: { ...path },
            body: { name: c.label("nothing-here", 60), method },
          }),
        );
        if (typeof body.url !== "string" || !/^https?:\/\//.test(body.url))
          throw new TargetFailure(`url is ${JSON.stringify(body.url)}`);
      }
    },
  );

  check(
    { id: "OS-URL-2", op: "createObjectUrl", effect: "creates" },
    "a PUT URL stores an object and a GET URL reads it back",
    async (c) => {
      await withBucket(c, async (path) => {
        await putObject(c, path, "greeting.txt", "hello, plumbline");
        const res = await c.http("GET", await presign(c, path, "greeting.txt", "GET"));
        if (!works(res.status) || res.text !== "hello, plumbline")
          throw new TargetFailure(
            `GET through the GET URL answered ${res.status || res.error} with ${JSON.stringify(res.text.slice(0, 80))}; stored "hello, plumbline"`,
          );
      });
    },
  );

  check(
    { id: "OS-URL-2", op: ["createObjectUrl", "listBucketObjects"], effect: "creates" },
    "a URL signed for GET does not permit PUT or DELETE",
    async (c) => {
      await withBucket(c, async (path) => {
        const put = await c.http("PUT", await presign(c, path, "not-stored", "GET"), {
          body: "x",
          contentType: "application/octet-stream",
        });
        if (works(put.status))
          throw new TargetFailure(`PUT through a URL signed for GET answered ${put.status}`);
        if ((await listedNames(c, path)).includes("not-stored"))
          throw new TargetFailure("PUT through a URL signed for GET stored the object");
        await putObject(c, path, "kept", "x");
        const del = await c.http("DELETE", await presign(c, path, "kept", "GET"));
        if (works(del.status))
          throw new TargetFailure(`DELETE through a URL signed for GET answered ${del.status}`);
        // the object stored just before may show in the contents list a little later
        await settled(c, "record of a write", async () => {
          if (!(await listedNames(c, path)).includes("kept"))
            throw new TargetFailure("DELETE through a URL signed for GET removed the object");
        });
      });
    },
  );

  check(
    {
      id: ["FIELD.createObjectUrl.expires_in", "OS-URL-3"],
      op: "createObjectUrl",
      effect: "creates",
    },
    "expires_in 360 and 68400 are accepted",
    async (c) => {
      const { path } = await freshBucket(c);
      for (const expires_in of [360, 68400])
        expectSuccess(
          await c.ops.createObjectUrl({
            path: { ...path },
            body: { name: "bounds", method: "GET", expires_in: offContract(expires_in) },
          }),
        );
    },
  );

  check(
    { id: "FIELD.createObjectUrl.expires_in", op: "createObjectUrl", effect: "creates" },
    "expires_in 359, 86401 or a string is refused naming expires_in",
    async (c) => {
      const { path } = await freshBucket(c);
      // past a day for the MUST: between 68400 and a day the material contradicts itself (C5, OS-URL-5)
      for (const expires_in of [359, 86401, "3600"]) {
        expectErrorNamingField(
          await c.ops.createObjectUrl({
            path: { ...path },
            body: { name: "bounds", method: "GET", expires_in: offContract(expires_in) },
          }),
          "expires_in",
        );
      }
    },
  );

  check(
    { id: "FIELD.createObjectUrl.name", op: "createObjectUrl", effect: "creates" },
    "object URL create without name is refused naming name",
    async (c) => {
      const { path } = await freshBucket(c);
      expectErrorNamingField(
        await c.ops.createObjectUrl({ path: { ...path }, body: offContract({ method: "GET" }) }),
        "name",
      );
    },
  );

  check(
    { id: "OS-URL-4", op: "createObjectUrl", effect: "creates" },
    "object URL create without method: refused or taken as GET (observed)",
    async (c) => {
      const { path } = await freshBucket(c);
      const res = await c.ops.createObjectUrl({ path: { ...path }, body: { name: "no-method" } });
      c.observe(
        "OS-URL-4",
        "create without method",
        works(res.status) ? "accepted" : `refused ${res.status}`,
      );
    },
  );
});
