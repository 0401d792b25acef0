// Entity transfers, deprecated (Resources / Entity transfer; Endpoints / Account and billing;
// Limits: entity transfer lifetime). Each check transfers a fresh empty instance.
import { settled } from "../../harness/settle.ts";
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import {
  expectCollection,
  expectEmptyObject,
  expectError,
  expectErrorNamingField,
  expectSuccess,
} from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import type { Fresh } from "../../harness/fresh.ts";
import type { Ops } from "../../harness/ops.ts";
import { accountReadOnly, eventsReadOnly } from "../shared/principals.ts";
import { allPages } from "../shared/pages.ts";
import { timestampMs } from "../../spec/formats.ts";
import { specEnum } from "../shared/enums.ts";
import { offContract } from "../../harness/ops.ts";

const DAY_MS = 86_400_000;
const STATUSES = specEnum({ schema: "EntityTransfer", member: "status" });

/**
 * A pending transfer of a fresh empty instance. Registered for cancel at cleanup unless the check
 * ends it itself (`ended`: cancelled or accepted, which a cleanup cancel would only refuse).
 */
async function freshTransfer(
  fresh: Fresh,
  ops: Ops,
  ended = false,
): Promise<{ vm: any; transfer: any }> {
  const vm = await fresh.emptyInstance();
  const body = { entities: { vms: [vm.id] } };
  const transfer = ended
    ? expectSuccess(await ops.createEntityTransfer({ body }))
    : await fresh.create("entityTransfer", "createEntityTransfer", { body });
  return { vm, transfer };
}

function expectLifetime(t: any): void {
  const span = timestampMs(t.expiry) - timestampMs(t.created);
  if (!(Math.abs(span - DAY_MS) <= 1000))
    throw new TargetFailure(
      `expiry ${t.expiry} is ${(span / 3_600_000).toFixed(2)} h after created ${t.created}, not 24 h`,
    );
}

describe("account/entity-transfers", () => {
  check(
    { id: ["ACCT-XFER-1", "ACCT-XFER-2"], op: "createEntityTransfer", effect: "billable" },
    "create answers a pending transfer the caller sends, with the entities sent and an expiry 24 hours after creation",
    async ({ ops, fresh }) => {
      const vm = await fresh.emptyInstance();
      const res = await ops.createEntityTransfer({ body: { entities: { vms: [vm.id] } } });
      try {
        const t = expectSuccess(res);
        if (t.status !== "pending")
          throw new TargetFailure(
            `a new transfer has status ${JSON.stringify(t.status)}, not pending`,
          );
        if (t.is_sender !== true)
          throw new TargetFailure(
            `is_sender is ${JSON.stringify(t.is_sender)} for the account that created it`,
          );
        if (JSON.stringify(t.entities?.vms) !== JSON.stringify([vm.id]))
          throw new TargetFailure(
            `entities.vms is ${JSON.stringify(t.entities?.vms)}, sent [${vm.id}]`,
          );
        expectLifetime(t);
      } finally {
        // created outside the fixtures (its answer is what is checked): cancelled here
        if (typeof res.body?.token === "string")
          await ops.cancelEntityTransfer({ path: { token: res.body.token } });
      }
    },
  );

  check(
    { id: ["ACCT-XFER-4", "ACCT-XFER-2"], op: "getEntityTransfer", effect: "billable" },
    "view by token answers that transfer, its status one of the six, expiring 24 hours after creation",
    async ({ ops, fresh }) => {
      const { transfer } = await freshTransfer(fresh, ops);
      const t = expectSuccess(await ops.getEntityTransfer({ path: { token: transfer.token } }));
      if (t.token !== transfer.token)
        throw new TargetFailure(`view answered transfer ${t.token}, asked for ${transfer.token}`);
      if (!STATUSES.includes(t.status!))
        throw new TargetFailure(`status ${JSON.stringify(t.status)}`);
      expectLifetime(t);
    },
  );

  check(
    { id: "ACCT-XFER-3", op: "listEntityTransfers", effect: "billable" },
    "the list answers a collection holding a transfer the account created",
    async ({ ops, fresh, config }) => {
      const { transfer } = await freshTransfer(fresh, ops);
      const res = await ops.listEntityTransfers();
      expectCollection(res);
      expectSuccess(res);
      await settled({ config }, "record of a write", async () => {
        if (!(await allPages(ops, "listEntityTransfers")).some((t) => t.token === transfer.token))
          throw new TargetFailure(`transfer ${transfer.token} is not listed`);
      });
    },
  );

  check(
    {
      id: ["ACCT-XFER-5", "ACCT-XFER-8"],
      op: ["cancelEntityTransfer", "getEntityTransfer"],
      effect: "billable",
    },
    "cancel of a pending transfer the account created answers {}",
    async ({ ops, fresh, observe }) => {
      const { transfer } = await freshTransfer(fresh, ops, true);
      expectEmptyObject(await ops.cancelEntityTransfer({ path: { token: transfer.token } }));
      const after = await ops.getEntityTransfer({ path: { token: transfer.token } });
      observe(
        "ACCT-XFER-8",
        "status after cancel",
        after.body?.status ?? `view answered ${after.status}`,
      );
    },
  );

  check(
    { id: "ACCT-XFER-7", op: "getEntityTransfer", effect: "billable" },
    "is_sender is true for the sending account and false for the receiving one",
    async ({ ops, fresh, principals }) => {
      const secondary = principals.get("secondary");
      const { transfer } = await freshTransfer(fresh, ops);
      const mine = expectSuccess(await ops.getEntityTransfer({ path: { token: transfer.token } }));
      const theirs = expectSuccess(
        await ops.getEntityTransfer({ path: { token: transfer.token }, as: secondary }),
      );
      if (mine.is_sender !== true)
        throw new TargetFailure(`is_sender is ${JSON.stringify(mine.is_sender)} for the sender`);
      if (theirs.is_sender !== false)
        throw new TargetFailure(
          `is_sender is ${JSON.stringify(theirs.is_sender)} for the receiving account`,
        );
    },
  );

  check(
    {
      id: ["ACCT-XFER-6", "ACCT-XFER-7", "ACCT-XFER-8"],
      op: ["acceptEntityTransfer", "listEntityTransfers"],
      effect: "destructive",
    },
    "accept by the receiving account answers {}",
    async ({ ops, fresh, principals, observe }) => {
      const secondary = principals.get("secondary");
      const { vm, transfer } = await freshTransfer(fresh, ops, true);
      try {
        expectEmptyObject(
          await ops.acceptEntityTransfer({ path: { token: transfer.token }, as: secondary }),
        );
        const listed = (await allPages(ops, "listEntityTransfers", { as: secondary })).find(
          (t) => t.token === transfer.token,
        );
        if (listed && listed.is_sender !== false)
          throw new TargetFailure(
            `is_sender is ${JSON.stringify(listed.is_sender)} in the receiving account's list`,
          );
        observe(
          "ACCT-XFER-8",
          "status after accept",
          listed?.status ?? "not in the receiver's list",
        );
      } finally {
        // the instance may now belong to the receiving account, out of the fixtures' reach
        await ops.deleteInstance({ path: { vmId: vm.id }, as: secondary });
      }
    },
  );

  check(
    { id: "FIELD.createEntityTransfer.entities", op: "createEntityTransfer" },
    "create without entities is refused naming entities",
    async ({ ops }) => {
      expectErrorNamingField(await ops.createEntityTransfer({ body: offContract({}) }), "entities");
    },
  );

  check(
    {
      id: [
        "FIELD.getEntityTransfer.token",
        "FIELD.cancelEntityTransfer.token",
        "FIELD.acceptEntityTransfer.token",
      ],
      op: ["getEntityTransfer", "cancelEntityTransfer", "acceptEntityTransfer"],
      effect: "destructive",
    },
    "a token that is not a uuid is refused by view, cancel and accept",
    async ({ ops }) => {
      const path = { token: "not-a-uuid" };
      expectError(await ops.getEntityTransfer({ path }));
      expectError(await ops.cancelEntityTransfer({ path }));
      expectError(await ops.acceptEntityTransfer({ path }));
    },
  );

  check(
    { id: "ACCT-SCOPE-1", op: ["listEntityTransfers", "getEntityTransfer"], effect: "billable" },
    "list and view refuse a token without any account scope",
    async ({ ops, fresh, principals }) => {
      const { transfer } = await freshTransfer(fresh, ops);
      const as = await eventsReadOnly({ principals });
      expectError(await ops.listEntityTransfers({ as }));
      expectError(await ops.getEntityTransfer({ path: { token: transfer.token }, as }));
    },
  );

  check(
    {
      id: "ACCT-SCOPE-2",
      op: ["createEntityTransfer", "cancelEntityTransfer", "acceptEntityTransfer"],
      effect: "destructive",
    },
    "create, cancel and accept refuse a token with only account:read_only and change nothing",
    async ({ ops, fresh, principals }) => {
      const { vm, transfer } = await freshTransfer(fresh, ops);
      const vm2 = await fresh.emptyInstance();
      expectError(
        await ops.createEntityTransfer({
          body: { entities: { vms: [vm2.id] } },
          as: await accountReadOnly({ principals }),
        }),
      );
      expectError(
        await ops.cancelEntityTransfer({
          path: { token: transfer.token },
          as: await accountReadOnly({ principals }),
        }),
      );
      expectError(
        await ops.acceptEntityTransfer({
          path: { token: transfer.token },
          as: await principals.withScopes(["account:read_only"], "secondary"),
        }),
      );
      const t = expectSuccess(await ops.getEntityTransfer({ path: { token: transfer.token } }));
      if (t.status !== "pending")
        throw new TargetFailure(`the transfer is ${t.status} after refused cancel and accept`);
      expectSuccess(await ops.getInstance({ path: { vmId: vm.id } }));
    },
  );
});
