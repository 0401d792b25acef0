// General conventions 7: timestamps are strings of format date-time, on every shown record that
// carries one (Resources and their fields). Policy (spec/README.md): MUST an ISO 8601 date and time
// (CONV-TIME-1; the material never names RFC 3339), SHOULD with its UTC offset (CONV-TIME-2).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { hasUtcOffset, isIsoDateTime } from "../../spec/formats.ts";
import { offContract } from "../../harness/ops.ts";

/**
 * Each named field present on the record is an ISO 8601 date-time string (with its offset when
 * `offset` is set). Null is a member with no value where the member is nullable (`until`, `when`:
 * the schema check refuses it elsewhere; CONV-NULL-1, CONV-NULL-2).
 */
function expectDateTimes(record: any, fields: string[], where: string, offset = false): void {
  for (const f of fields) {
    const v = record?.[f];
    if (v === undefined || v === null) continue;
    if (typeof v !== "string" || !isIsoDateTime(v))
      throw new TargetFailure(
        `${where}: ${f} is ${JSON.stringify(v)}, not an ISO 8601 date-time string`,
      );
    if (offset && !hasUtcOffset(v))
      throw new TargetFailure(
        `${where}: ${f} is ${JSON.stringify(v)}, without the UTC offset (Z or +hh:mm) RFC 3339 asks for`,
      );
  }
}

describe("conventions/time", () => {
  check(
    { id: "CONV-TIME-1", op: "getAccount" },
    "the account's active_since and promotion expiry are date-times",
    async ({ ops }) => {
      const account = expectSuccess(await ops.getAccount());
      expectDateTimes(account, ["active_since"], "account");
      for (const p of account.active_promotions ?? [])
        expectDateTimes(p, ["expire_dt"], "active promotion");
    },
  );

  check(
    { id: "CONV-TIME-1", op: "listEvents", effect: "creates" },
    "an event's created is a date-time",
    async ({ ops, fresh, skip }) => {
      await fresh.oauthClient();
      const events = expectCollection(await ops.listEvents());
      // which operation records an event is not shown (Events 4)
      if (events.data.length === 0)
        skip("no event is listed, even after an OAuth client was created");
      for (const e of events.data) expectDateTimes(e, ["created"], `event ${e?.id}`);
    },
  );

  check(
    { id: "CONV-TIME-1", op: "createEntityTransfer", effect: "billable" },
    "an entity transfer's created, updated and expiry are date-times",
    async ({ fresh }) => {
      const vm = await fresh.emptyInstance();
      const t = await fresh.create("entityTransfer", "createEntityTransfer", {
        body: { entities: { vms: [vm.id] } },
      });
      expectDateTimes(t, ["created", "updated", "expiry"], "entity transfer");
    },
  );

  check(
    { id: "CONV-TIME-1", op: ["getInvoice", "listInvoiceItems"], effect: "creates" },
    "an invoice's date and its items' from and to are date-times",
    async ({ ops, states }) => {
      const { invoiceId } = await states.require("invoice-with-items", { items: 2 });
      expectDateTimes(
        expectSuccess(await ops.getInvoice({ path: { invoiceId } })),
        ["date"],
        "invoice",
      );
      for (const item of expectCollection(await ops.listInvoiceItems({ path: { invoiceId } })).data)
        expectDateTimes(item, ["from", "to"], "invoice item");
    },
  );

  check(
    { id: "CONV-TIME-1", op: "getLogin", effect: "creates" },
    "a login's datetime is a date-time",
    async ({ ops, states }) => {
      const { loginId } = await states.require("login");
      expectDateTimes(
        expectSuccess(await ops.getLogin({ path: { loginId } })),
        ["datetime"],
        "login",
      );
    },
  );

  check(
    { id: "CONV-TIME-1", op: "listMaintenance", effect: "creates" },
    "a maintenance item's when is a date-time",
    async ({ ops, states }) => {
      await states.require("maintenance-item");
      for (const m of expectCollection(await ops.listMaintenance()).data)
        expectDateTimes(m, ["when"], "maintenance item");
    },
  );

  check(
    { id: "CONV-TIME-1", op: "listNotifications", effect: "creates" },
    "a notification's until and when are date-times or null",
    async ({ ops, states }) => {
      await states.require("notification");
      for (const n of expectCollection(await ops.listNotifications()).data)
        expectDateTimes(n, ["until", "when"], "notification");
    },
  );

  check(
    { id: "CONV-TIME-1", op: "listPaymentMethods" },
    "a payment method's created is a date-time",
    async ({ ops, skip }) => {
      const methods = expectCollection(await ops.listPaymentMethods()).data;
      if (methods.length === 0) skip("the account lists no payment method");
      for (const p of methods) expectDateTimes(p, ["created"], "payment method");
    },
  );

  check(
    { id: "CONV-TIME-1", op: "getBucket", effect: "creates" },
    "a bucket's created is a date-time",
    async ({ ops, fresh }) => {
      const b = await fresh.bucket();
      expectDateTimes(
        expectSuccess(await ops.getBucket({ path: { clusterId: b.cluster, bucket: b.label } })),
        ["created"],
        "bucket",
      );
    },
  );

  check(
    { id: "CONV-TIME-1", op: "listBucketObjects", effect: "creates" },
    "an object's last_modified is a date-time",
    async ({ ops, fresh, states }) => {
      const b = await fresh.bucket();
      const path = { clusterId: b.cluster, bucket: b.label };
      try {
        await states.require("bucket-objects", { cluster: b.cluster, bucket: b.label, count: 2 });
        const list = expectSuccess(await ops.listBucketObjects({ path }));
        if (!list.data?.length)
          throw new TargetFailure("the bucket holds 2 objects; the contents list shows none");
        for (const o of list.data) expectDateTimes(o, ["last_modified"], `object ${o?.name}`);
      } finally {
        // a bucket with objects goes only with force (where force is sent is not shown: both places)
        await ops.deleteBucket({
          path,
          query: offContract({ force: true }),
          body: offContract({ force: true }),
        });
      }
    },
  );

  check(
    {
      id: "CONV-TIME-2",
      op: ["getAccount", "getBucket", "createEntityTransfer"],
      effect: "billable",
    },
    "timestamps carry their UTC offset (the account's active_since, a bucket's created, an entity transfer's created, updated and expiry)",
    async ({ ops, fresh }) => {
      expectDateTimes(expectSuccess(await ops.getAccount()), ["active_since"], "account", true);
      const b = await fresh.bucket();
      expectDateTimes(
        expectSuccess(await ops.getBucket({ path: { clusterId: b.cluster, bucket: b.label } })),
        ["created"],
        "bucket",
        true,
      );
      const vm = await fresh.emptyInstance();
      const t = await fresh.create("entityTransfer", "createEntityTransfer", {
        body: { entities: { vms: [vm.id] } },
      });
      expectDateTimes(t, ["created", "updated", "expiry"], "entity transfer", true);
    },
  );
});
