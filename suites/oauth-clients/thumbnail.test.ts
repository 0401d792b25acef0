// OAuth clients: the thumbnail (Endpoints / OAuth clients, thumbnail view and update; Authentication 4:
// the thumbnail view needs no authentication).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";
import { expectAnswer, expectEmptyObject } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";

// a 1x1 transparent PNG
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** The view answers 2xx with the uploaded image (its content type is not shown). */
function expectImage(res: ApiResponse): void {
  expectAnswer(res);
  if (res.status < 200 || res.status > 299)
    throw new TargetFailure(`thumbnail view answered ${res.status}: ${res.text.slice(0, 120)}`);
  if (res.text !== PNG.toString("utf8"))
    throw new TargetFailure("thumbnail view answered other bytes than the image uploaded");
}

describe("oauth-clients/thumbnail", () => {
  check(
    {
      id: ["OAUTH-THUMB-2", "OAUTH-THUMB-3"],
      op: ["getOAuthClientThumbnail", "updateOAuthClientThumbnail"],
      effect: "creates",
    },
    "after an update the thumbnail view answers the uploaded image",
    async ({ fresh, ops, observe }) => {
      const client = await fresh.oauthClient();
      expectEmptyObject(
        await ops.updateOAuthClientThumbnail({
          path: { clientId: client.id },
          body: PNG,
          contentType: "image/png",
        }),
      );
      const res = await ops.getOAuthClientThumbnail({ path: { clientId: client.id } });
      expectImage(res);
      observe(
        "OAUTH-THUMB-3",
        "content type of the thumbnail view",
        res.headers["content-type"] ?? null,
      );
    },
  );

  check(
    {
      id: ["CONV-AUTH-6", "OAUTH-THUMB-2"],
      op: "getOAuthClientThumbnail",
      effect: "creates",
      area: "oauth-clients",
    },
    "the thumbnail is publicly viewable: the view answers without any token",
    async ({ fresh, ops }) => {
      const client = await fresh.oauthClient();
      expectEmptyObject(
        await ops.updateOAuthClientThumbnail({
          path: { clientId: client.id },
          body: PNG,
          contentType: "image/png",
        }),
      );
      expectImage(
        await ops.getOAuthClientThumbnail({ path: { clientId: client.id }, as: "anonymous" }),
      );
    },
  );
});
