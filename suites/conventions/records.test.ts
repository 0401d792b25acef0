// Resources and their fields: a record the material shows answers every member its table lists
// without a condition, of its type, and null only where the table marks the member nullable (or the
// policy names it as answered null by deployed services). Policy (spec/README.md): "A member with no
// value" and "Members a record table lists" (CONV-NULL-2, MUST); which nullable members are null
// is recorded (CONV-NULL-1). The schema check of expectSuccess judges it (`required` and the
// nullable members of spec/openapi.yaml, derived from the tables in spec/records.test.ts); every
// area's own checks judge their records the same way, this file gives the rule its own line.
import { describe } from "vitest";
import { check, type CheckContext } from "../../harness/check.ts";
import { expectCollection, expectSuccess, observe } from "../../harness/expect.ts";
import type { OperationId } from "../../harness/operation-ids.ts";
import type { SideEffect } from "../../harness/model.ts";
import { loose } from "../../harness/ops.ts";
import { rowsOf } from "../shared/clauses.ts";

interface ListCase {
  op: OperationId;
  effect?: SideEffect;
  /** makes one record of the caller's own, so the list has one to judge */
  make?: (c: CheckContext) => Promise<unknown>;
}

const LISTS: ListCase[] = [
  { op: "listClusters" },
  { op: "listEvents" },
  { op: "listInvoices" },
  { op: "listLogins" },
  { op: "listPaymentMethods" },
  { op: "listNotifications" },
  { op: "listMaintenance" },
  { op: "listOAuthClients", effect: "creates", make: (c) => c.fresh.oauthClient() },
  { op: "listKeys", effect: "creates", make: (c) => c.fresh.key() },
];

describe("conventions/records", () => {
  check(
    { id: "CONV-NULL-2", op: "getAccount", generic: "record", clause: rowsOf(["getAccount"]) },
    "the Account answers every member its table lists, none null",
    async ({ ops }) => {
      expectSuccess(await ops.getAccount());
    },
  );

  for (const l of LISTS)
    check(
      {
        id: "CONV-NULL-2",
        op: l.op,
        effect: l.effect,
        generic: "record",
        // the record the row answers ("collection of Invoice"), its table in Resources
        clause: rowsOf([l.op]),
      },
      `${l.op}: each record answers the members its table lists, null only where nullable`,
      async (c) => {
        await l.make?.(c);
        const res = await loose(c.ops)[l.op]({});
        const list = expectCollection(res);
        expectSuccess(res);
        // an account may hold none of these (no maintenance, no notice): nothing to judge then
        if (list.data.length === 0) observe("CONV-NULL-2", "no record in the list to judge", 0);
      },
    );
});
