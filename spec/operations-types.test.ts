// spec/operations.gen.ts is what openapi-typescript makes of openapi.yaml today: a document edited
// without `npm run types` fails here, before the suites are typed against an older document.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GENERATED_PATH, operationTypes } from "./operation-types.ts";

describe("spec/operations.gen.ts", () => {
  it("is generated from openapi.yaml as it is now", async () => {
    const fresh = await operationTypes();
    const stored = readFileSync(GENERATED_PATH, "utf8");
    expect(
      stored === fresh,
      "spec/operations.gen.ts is older than spec/openapi.yaml: run `npm run types`",
    ).toBe(true);
  });
});
