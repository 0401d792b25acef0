// The helpers that decide verdicts, tested on hand-made responses.
import { describe, expect, it } from "vitest";
import type { ApiResponse } from "./client.ts";
import {
  expectCollection,
  expectEmptyObject,
  expectError,
  expectErrorNamingField,
  expectSuccess,
  expectStatus,
  namesField,
  observe,
} from "./expect.ts";
import { TargetFailure, HarnessError } from "./errors.ts";
import { runInCheck, type CheckRecord } from "./current.ts";
import { waitFor } from "./wait.ts";

function res(status: number, body: unknown, over: Partial<ApiResponse> = {}): ApiResponse {
  const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
  return {
    operationId: "listClusters",
    status,
    headers: { "content-type": "application/json" },
    body,
    text,
    json: typeof body !== "string" && body !== undefined,
    exchange: {
      method: "GET",
      url: "http://t/v4/object-storage/clusters",
      requestHeaders: {},
      durationMs: 1,
      curl: "",
    },
    ...over,
  };
}
const ERR = { errors: [{ field: "label", reason: "label must be a valid value" }] };

describe("expectError", () => {
  it("accepts any 4xx with the Error body and records the status as INFO", async () => {
    const rec: CheckRecord = { requirementIds: ["R-1"], exchanges: [], observations: [] };
    await runInCheck(rec, async () => expectError(res(422, ERR)));
    expect(rec.observations).toEqual([
      { requirementId: "R-1", operationId: "listClusters", note: "error status", value: 422 },
    ]);
  });
  it.each([
    [res(200, {}), /expected a 4xx error, got 200/],
    [res(500, ERR), /expected a 4xx error, got 500/],
    [res(400, { error: "bad" }), /not the Error body/],
    [
      res(400, "<html>", { json: false, headers: { "content-type": "text/html" } }),
      /not JSON \(text\/html\)/,
    ],
    [res(0, undefined, { error: "timeout: no complete response within 10 ms" }), /timeout/],
  ])("fails on %#", (r, msg) => {
    expect(() => expectError(r)).toThrow(TargetFailure);
    expect(() => expectError(r)).toThrow(msg);
  });
});

describe("expectErrorNamingField", () => {
  it("passes when a listed error names the dotted path", () => {
    expectErrorNamingField(
      res(400, {
        errors: [
          { field: null, reason: "x" },
          { field: "devices.sda", reason: "y" },
        ],
      }),
      "devices.sda",
    );
  });
  it("fails naming the fields it saw", () => {
    expect(() => expectErrorNamingField(res(400, ERR), "region")).toThrow(
      /does not name the field "region"; fields named: \["label"\]/,
    );
  });
});

describe("expectEmptyObject", () => {
  it("passes on {}", () => expectEmptyObject(res(200, {})));
  it("fails on anything else", () => {
    expect(() => expectEmptyObject(res(200, { a: 1 }))).toThrow(/expected the empty object/);
    expect(() => expectEmptyObject(res(200, []))).toThrow(/expected the empty object/);
    expect(() => expectEmptyObject(res(404, {}))).toThrow(/expected a 2xx/);
  });
});

describe("expectCollection", () => {
  it("returns the envelope", () => {
    expect(expectCollection(res(200, { data: [1], page: 1, pages: 1, results: 1 })).data).toEqual([
      1,
    ]);
  });
  it.each([
    [{ data: {}, page: 1, pages: 1, results: 0 }, /"data" is not an array/],
    [{ data: [], page: "1", pages: 1, results: 0 }, /"page" is not an integer/],
    [{ data: [], page: 1, pages: 1 }, /"results" is not an integer/],
    [{ data: [1, 2], page: 1, pages: 1, results: 1 }, /results 1 is less than the 2 items/],
    [{ data: [], page: 0, pages: 1, results: 0 }, /page 0 is below 1/],
  ])("fails on %j", (body, msg) => expect(() => expectCollection(res(200, body))).toThrow(msg));
});

describe("expectSuccess", () => {
  it("fails on a non-2xx and names the status", () => {
    expect(() => expectSuccess(res(404, ERR))).toThrow(/expected a 2xx answer, got 404/);
  });
  it("fails on a schema violation with the pointer and value", () => {
    expect(() => expectSuccess(res(200, { data: "nope", page: 1, pages: 1, results: 1 }))).toThrow(
      /at \/data/,
    );
  });
  it("returns a conforming body", () => {
    expect(expectSuccess(res(200, { data: [], page: 1, pages: 1, results: 0 }))).toEqual({
      data: [],
      page: 1,
      pages: 1,
      results: 0,
    });
  });
  it("needs an operationId", () => {
    expect(() => expectSuccess(res(200, {}, { operationId: undefined }))).toThrow(HarnessError);
  });
});

describe("expectStatus / observe / waitFor", () => {
  it("expectStatus accepts any of the given statuses", () => {
    expectStatus(res(403, ERR), 401, 403);
    expect(() => expectStatus(res(400, ERR), 401, 403)).toThrow(
      /expected status 401 or 403, got 400/,
    );
  });
  it("observe outside a check is a harness error", () => {
    expect(() => observe("R", "n", 1)).toThrow(HarnessError);
  });
  it("waitFor returns the first truthy probe and gives up saying what it waited for", async () => {
    let n = 0;
    expect(
      await waitFor("n to reach 3", async () => (++n >= 3 ? n : undefined), {
        timeoutMs: 1000,
        intervalMs: 1,
      }),
    ).toBe(3);
    await expect(
      waitFor("a disk to appear", async () => false, { timeoutMs: 30, intervalMs: 5 }),
    ).rejects.toThrow(/for a disk to appear; it never happened/);
  });
});

describe("namesField", () => {
  it("matches a dotted path with or without array indexes, and nothing else", () => {
    expect(namesField("interfaces.label", "interfaces.label")).toBe(true);
    expect(namesField("interfaces.1.label", "interfaces.label")).toBe(true);
    expect(namesField("bucket_access.0.cluster", "bucket_access.cluster")).toBe(true);
    expect(namesField("interfaces.purpose", "interfaces.label")).toBe(false);
    expect(namesField("label", "interfaces.label")).toBe(false);
    expect(namesField(null, "label")).toBe(false);
    expect(namesField(undefined, "label")).toBe(false);
  });
});

describe("expectError and CONV-ERR-1/8", () => {
  it("accepts an Error body with no errors, observing it for the SHOULD CONV-ERR-8", async () => {
    const rec: CheckRecord = { requirementIds: ["R-1"], exchanges: [], observations: [] };
    await runInCheck(rec, async () => expectError(res(400, { errors: [] })));
    expect(rec.observations).toContainEqual({
      requirementId: "CONV-ERR-8",
      operationId: "listClusters",
      note: "errors array empty",
      value: [],
    });
  });
  it("still fails a field-level failure whose errors name no field", () => {
    expect(() => expectErrorNamingField(res(400, { errors: [] }), "label")).toThrow(
      /does not name the field/,
    );
  });
});

describe("expectSuccess and the policy (spec/README.md)", () => {
  it("accepts any 2xx status where the material gives none", () => {
    expectSuccess(res(201, { data: [], page: 1, pages: 1, results: 0 }));
    expectSuccess(res(202, {}, { operationId: "deleteBucket" }));
  });
  it("keeps the body rules: an empty answer fails where a body is shown, passes where it is not", () => {
    expect(() => expectSuccess(res(204, undefined, { operationId: "getBucket" }))).toThrow(
      /empty answer where the material shows a body/,
    );
    expect(() => expectSuccess(res(204, undefined, { operationId: "deleteBucket" }))).toThrow(
      /empty answer/,
    );
    expectSuccess(res(204, undefined, { operationId: "bootInstance" }));
  });
  it("accepts null on a nullable member; observes the nulls only the policy accepts (CONV-NULL-1)", async () => {
    const rec: CheckRecord = { requirementIds: ["R-1"], exchanges: [], observations: [] };
    const client = {
      id: "c1",
      label: "app",
      public: false,
      redirect_uri: "https://example.com/cb",
      secret: "<REDACTED>",
      status: "active",
      thumbnail_url: null, // "string url, nullable": the material's own null, not recorded
    };
    const key = { access_key: "A", bucket_access: null, id: 1, label: "k", limited: false };
    const list = (x: unknown) => ({ data: [x, x], page: 1, pages: 1, results: 2 });
    await runInCheck(rec, async () => {
      expectSuccess(res(200, list(client), { operationId: "listOAuthClients" }));
      expectSuccess(res(200, list(key), { operationId: "listKeys" }));
    });
    expect(rec.observations).toEqual([
      {
        requirementId: "CONV-NULL-1",
        operationId: "listKeys",
        note: "members answered as null (no value)",
        value: ["/data/*/bucket_access"],
      },
    ]);
  });
  it("refuses null on a member the material does not mark nullable, and a listed member left out", () => {
    const cluster = {
      id: "c1",
      domain: "d",
      region: "r",
      static_site_domain: "s",
      status: "available",
    };
    expectSuccess(res(200, { data: [cluster], page: 1, pages: 1, results: 1 }));
    expect(() =>
      expectSuccess(
        res(200, { data: [{ ...cluster, region: null }], page: 1, pages: 1, results: 1 }),
      ),
    ).toThrow(/region/);
    const { region: _, ...without } = cluster;
    expect(() =>
      expectSuccess(res(200, { data: [without], page: 1, pages: 1, results: 1 })),
    ).toThrow(/region/);
  });
  it("keeps refusing null where the material shows the member always present, and wrong values", () => {
    expect(() => expectSuccess(res(200, { data: null, page: 1, pages: 1, results: 0 }))).toThrow(
      TargetFailure,
    );
    expect(() =>
      expectSuccess(res(200, { data: [{ status: "gone" }], page: 1, pages: 1, results: 1 })),
    ).toThrow(/status/);
    expect(() =>
      expectSuccess(res(200, { url: null }, { operationId: "createObjectUrl" })),
    ).toThrow(TargetFailure);
  });
  it("accepts a timestamp without a UTC offset (ISO 8601) and refuses one that is no date-time", () => {
    const bucket = {
      label: "b",
      cluster: "c",
      created: "2018-01-02T03:04:05",
      hostname: "b.c.example.com",
      objects: 0,
      size: 0,
    };
    expectSuccess(res(200, bucket, { operationId: "getBucket" }));
    expect(() =>
      expectSuccess(res(200, { ...bucket, created: "yesterday" }, { operationId: "getBucket" })),
    ).toThrow(/created/);
  });
});
