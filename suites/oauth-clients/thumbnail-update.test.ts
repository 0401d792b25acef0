// OAuth clients, thumbnail update: the image sent becomes the client's thumbnail. Read back through
// the public view after a second update with another image: the view answers the latest one.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectEmptyObject } from "../../harness/expect.ts";

// a 1x1 PNG and a 1x1 GIF: two images with different bytes
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

describe("oauth-clients/thumbnail-update", () => {
  check(
    {
      id: ["OAUTH-THUMB-1", "OAUTH-THUMB-2"],
      op: ["updateOAuthClientThumbnail", "getOAuthClientThumbnail"],
      effect: "creates",
    },
    "a second thumbnail update replaces the first: the view answers the latest image",
    async ({ fresh, ops }) => {
      const client = await fresh.oauthClient();
      expectEmptyObject(
        await ops.updateOAuthClientThumbnail({
          path: { clientId: client.id },
          body: PNG,
          contentType: "image/png",
        }),
      );
      expectEmptyObject(
        await ops.updateOAuthClientThumbnail({
          path: { clientId: client.id },
          body: GIF,
          contentType: "image/gif",
        }),
      );
      const res = await ops.getOAuthClientThumbnail({ path: { clientId: client.id } });
      if (res.status < 200 || res.status > 299)
        throw new TargetFailure(`thumbnail view answered ${res.status} after two updates`);
      if (res.text !== GIF.toString("utf8"))
        throw new TargetFailure(
          "thumbnail view does not answer the image of the latest update (the GIF)",
        );
    },
  );
});
