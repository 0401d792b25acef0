// A run killed half way leaves a ledger; sweep replays it against a fake target.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ledger, type LedgerEntry, readLedger, removeEntries } from "../harness/ledger.ts";
import type { Ops } from "../harness/ops.ts";
import { RESOURCES } from "../harness/resources.ts";
import { sweep } from "./sweep.ts";
import { json, serve, testWorld, type TestServer } from "../harness/testing.ts";

let server: TestServer;
const calls: string[] = [];
/** "method url token" of every request */
const sentAs: string[] = [];

beforeAll(async () => {
  server = await serve((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    sentAs.push(`${req.method} ${req.url} ${req.headers.authorization ?? "anonymous"}`);
    if (req.method === "DELETE" || req.url?.endsWith("/revoke")) return json(res, 200, {});
    if (req.url?.startsWith("/v4/account/oauth-clients")) {
      return json(res, 200, {
        data: [
          { id: "abc", label: "plb-dead01-app-1" },
          { id: "other", label: "someone-elses" },
        ],
        page: 1,
        pages: 1,
        results: 2,
      });
    }
    if (req.url?.startsWith("/v4/account/entity-transfers")) {
      return json(res, 200, {
        data: [
          { token: "done-1", status: "completed", is_sender: true, entities: { vms: [12, 11] } },
          { token: "mine-1", status: "pending", is_sender: true, entities: { vms: [11, 12] } },
          { token: "other-1", status: "pending", is_sender: true, entities: { vms: [99] } },
        ],
        page: 1,
        pages: 1,
        results: 3,
      });
    }
    if (req.url === "/v4/support/tickets" || req.url?.startsWith("/v4/support/tickets?")) {
      return json(res, 200, {
        data: [
          { id: 7, summary: "S", description: "d", status: "closed" },
          { id: 8, summary: "S", description: "d", status: "open" },
          { id: 9, summary: "S", description: "another", status: "open" },
        ],
        page: 1,
        pages: 1,
        results: 3,
      });
    }
    if (req.url?.startsWith("/v4/"))
      return json(res, 200, { data: [], page: 1, pages: 1, results: 0 });
    return json(res, 404, { errors: [{ field: null, reason: "not found" }] });
  });
});
afterAll(() => server.close());

/** The ledger of a run of `runId` against the test server, its process long dead. */
function deadRun(dir: string, runId: string): Ledger {
  const l = Ledger.forRun(dir, runId);
  l.start({ runId, pid: 2 ** 22 + 12345, target: server.url, labelPrefix: `plb-${runId}-` });
  return l;
}

describe("ledger", () => {
  it("records intent before and ID after; a cut last line is ignored", () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-l-"));
    const l = Ledger.forRun(dir, "r1");
    l.start({ runId: "r1", pid: process.pid, target: "http://x", labelPrefix: "plb-r1-" });
    const k1 = l.intent("instance", "plb-r1-vm");
    l.created(k1, "instance", { vmId: 5 }, "plb-r1-vm");
    const k2 = l.intent("bucket", "plb-r1-b");
    l.created(k2, "bucket", { clusterId: "c", bucket: "plb-r1-b" });
    l.deleted(k2);
    l.intent("key", "plb-r1-key");
    appendFileSync(l.file, '{"t":"created","key":'); // crash mid-write
    const s = readLedger(l.file);
    expect(s.ended).toBe(false);
    expect(s.open.map((e) => [e.type, e.path])).toEqual([
      ["instance", { vmId: 5 }],
      ["key", undefined],
    ]);
    expect(readFileSync(l.file, "utf8").split("\n")[0]).toContain('"t":"run"');
  });

  it("sweep replays a dead run's ledger in dependency order, then finds ID-less creates by prefix", async () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-s-"));
    const l = deadRun(dir, "dead01");
    const vm = l.intent("instance", "plb-dead01-vm-1");
    l.created(vm, "instance", { vmId: 11 }, "plb-dead01-vm-1");
    const cfg = l.intent("config", "plb-dead01-cfg", { vmId: 11 });
    l.created(cfg, "config", { vmId: 11, configId: 3 });
    const b = l.intent("bucket", "plb-dead01-bkt");
    l.created(b, "bucket", { clusterId: "us-east-1", bucket: "plb-dead01-bkt" });
    l.intent("oauthClient", "plb-dead01-app-1"); // killed before the create answered

    const w = testWorld(server.url);
    const report = await sweep({ dir, opsFor: (t) => (t === server.url ? w.ops : undefined) });
    const deletes = calls.filter((c) => c.startsWith("DELETE"));
    expect(deletes).toEqual([
      "DELETE /v4/vm/instances/11/configs/3",
      "DELETE /v4/object-storage/buckets/us-east-1/plb-dead01-bkt",
      "DELETE /v4/vm/instances/11",
      "DELETE /v4/account/oauth-clients/abc",
    ]);
    expect(report.failed).toEqual([]);
    expect(readLedger(l.file).ended).toBe(true);
    expect(readLedger(l.file).open).toEqual([]);
  });

  it("removes what another account made with that account's token: the admin's delete would answer 404 and count it gone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-s-"));
    const l = deadRun(dir, "dead02");
    const b = l.intent("bucket", "plb-dead02-bkt", undefined, undefined, "secondary");
    l.created(b, "bucket", { clusterId: "c1", bucket: "plb-dead02-bkt" });
    l.intent("key", "plb-dead02-key", undefined, undefined, { token: "minted", name: "minted" });
    expect(readFileSync(l.file, "utf8")).not.toContain("minted"); // a token never goes in the ledger
    const w = testWorld(server.url, {
      tokens: { admin: "admin-secret-token", secondary: "second-secret-token" },
    });
    sentAs.length = 0;
    await sweep({ dir, opsFor: () => w.ops });
    expect(sentAs).toContain(
      "DELETE /v4/object-storage/buckets/c1/plb-dead02-bkt Bearer second-secret-token",
    );
  });

  it("leaves a live run alone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-s-"));
    const l = Ledger.forRun(dir, "live");
    l.start({ runId: "live", pid: process.pid, target: server.url, labelPrefix: "plb-live-" });
    l.created(l.intent("key"), "key", { keyId: 1 });
    const report = await sweep({ dir, opsFor: () => undefined });
    expect(report.ledgers[0].status).toMatch(/still alive/);
  });
});

describe("a ledger never holds an entry it cannot replay", () => {
  it("a 2xx create with no ID stores no delete path; sweep looks for it by label and keeps what it cannot find, saying why", async () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-s-"));
    const l = deadRun(dir, "noid01");
    const k = l.intent("key", "plb-noid01-key");
    expect(l.created(k, "key", { keyId: undefined })).toBe(false);
    const t = l.intent("config", "plb-noid01-config"); // no ID, no list by label: cannot be found
    const tag = l.intent("tag", "no-prefix-tag"); // a tag is addressed by its label
    expect(readLedger(l.file).open.map((e) => e.path)).toEqual([undefined, undefined, undefined]);
    const w = testWorld(server.url);
    calls.length = 0;
    const report = await sweep({ dir, opsFor: () => w.ops });
    expect(calls).toContain("DELETE /v4/tags/no-prefix-tag");
    expect(report.failed).toEqual([
      expect.stringMatching(
        /^config plb-noid01-config: no ID was reported and the material shows no way to list configs/,
      ),
    ]);
    const after = readLedger(l.file);
    expect(after.open.map((e) => e.key)).toEqual([t]); // the key was listed and not there; the tag removed
    expect(after.ended).toBe(false);
    void tag;
  });
});

describe("a kind without a label is found by what its create sent", () => {
  it("a transfer killed on the wire: sweep lists transfers and cancels the pending one offering the same instances", async () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-s-"));
    const l = Ledger.forRun(dir, "xfer01");
    l.start({ runId: "xfer01", pid: 2 ** 22 + 12347, target: server.url, labelPrefix: "plb-x-" });
    const sent = RESOURCES.entityTransfer.findBySent!.sent({ entities: { vms: [12, 11] } });
    expect(sent).toBeDefined();
    l.intent("entityTransfer", undefined, {}, sent);
    const w = testWorld(server.url);
    calls.length = 0;
    const report = await sweep({ dir, opsFor: () => w.ops });
    expect(calls.filter((c) => c.startsWith("DELETE"))).toEqual([
      "DELETE /v4/account/entity-transfers/mine-1",
    ]);
    expect(report.failed).toEqual([]);
    expect(readLedger(l.file).ended).toBe(true);
  });

  it("a ticket killed on the wire: sweep lists tickets and closes the open one with the summary and description sent", async () => {
    const dir = mkdtempSync(join(tmpdir(), "plb-s-"));
    const l = Ledger.forRun(dir, "tkt01");
    l.start({ runId: "tkt01", pid: 2 ** 22 + 12348, target: server.url, labelPrefix: "plb-t-" });
    const sent = RESOURCES.ticket.findBySent!.sent({ summary: "S", description: "d" });
    l.intent("ticket", "S", {}, sent);
    const w = testWorld(server.url);
    calls.length = 0;
    const report = await sweep({ dir, opsFor: () => w.ops });
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual(["POST /v4/support/tickets/8/close"]);
    expect(report.failed).toEqual([]);
    expect(readLedger(l.file).ended).toBe(true);
  });
});

describe("removing what a stopped check left", () => {
  it("a bucket still holding objects is removed on a second try with force (query and body)", async () => {
    const sent: unknown[] = [];
    const ops = {
      deleteBucket: async (o: { query?: { force?: boolean } }) => {
        sent.push(o);
        return o.query?.force
          ? { status: 200, body: {} }
          : { status: 400, body: { errors: [{ reason: "not empty" }] } };
      },
    } as unknown as Ops;
    const entry: LedgerEntry = {
      key: "1",
      type: "bucket",
      path: { clusterId: "us-east-1", bucket: "plb-x-bkt" },
    };
    const out = await removeEntries([entry], ops);
    expect(out.failed).toEqual([]);
    expect(sent).toEqual([
      { path: entry.path },
      { path: entry.path, query: { force: true }, body: { force: true } },
    ]);
  });
});
