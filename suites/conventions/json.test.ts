// General conventions 2 and What the service does: an HTTP API with JSON bodies; request bodies are
// JSON sent with Content-Type application/json.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectError,
  expectJson,
  expectJsonContentType,
  expectSuccess,
} from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";

describe("conventions/json", () => {
  check(
    { id: "CONV-JSON-1", op: "createOAuthClient", effect: "creates" },
    "a JSON request body sent with Content-Type application/json is accepted",
    async ({ fresh, label }) => {
      const name = label("app", 512);
      const client = await fresh.create("oauthClient", "createOAuthClient", {
        body: JSON.stringify({ label: name, redirect_uri: "https://example.com/callback" }),
        contentType: "application/json",
        label: name,
      });
      if (client.label !== name)
        throw new TargetFailure(
          `the client created from a JSON body is labelled ${JSON.stringify(client.label)}, not ${name}`,
        );
    },
  );

  check(
    { id: "CONV-JSON-2", op: ["getAccount", "listClusters", "getKey"] },
    "success and error answers carry JSON bodies",
    async ({ ops }) => {
      expectJson(await ops.listClusters({ as: "anonymous" }));
      expectSuccess(await ops.getAccount());
      const err = await ops.getKey({ path: { keyId: 2147483000 } });
      expectJson(err);
      expectError(err);
    },
  );

  check(
    { id: "CONV-JSON-3", op: ["getAccount", "listClusters", "getKey"] },
    "JSON answers say Content-Type application/json (utf-8 if a charset is given)",
    async ({ ops }) => {
      const answers = [
        await ops.listClusters({ as: "anonymous" }),
        await ops.getAccount(),
        await ops.getKey({ path: { keyId: 2147483000 } }),
      ];
      for (const res of answers) expectJsonContentType(res);
    },
  );
});
