// Maintenance list, beta (Resources / Maintenance item; Endpoints: maintenance list under /v4beta).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection, expectError, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { settled } from "../../harness/settle.ts";
import { allPages } from "../shared/pages.ts";

describe("account/maintenance", () => {
  check(
    {
      id: ["ACCT-MAINT-1", "ACCT-MAINT-2", "ACCT-MAINT-3"],
      op: "listMaintenance",
      effect: "billable",
    },
    "the list answers a collection of Maintenance items naming the instance concerned",
    async ({ ops, fresh, states, observe, config }) => {
      const vm = await fresh.emptyInstance();
      await states.require("maintenance-item", { vmId: vm.id });
      // the item may show in the list a little later (the convergence window)
      const c = await settled({ config }, "record of a write", async () => {
        const res = await ops.listMaintenance();
        const page = expectCollection(res);
        expectSuccess(res);
        const items = page.pages > 1 ? await allPages(ops, "listMaintenance") : page.data;
        if (!items.some((m) => String(m?.entity?.id) === String(vm.id)))
          throw new TargetFailure(`no maintenance item names instance ${vm.id}`);
        return page;
      });
      observe(
        "ACCT-MAINT-3",
        "maintenance statuses and types",
        c.data.map((m) => `${m.status}/${m.type}`),
      );
    },
  );

  check(
    { id: "ACCT-SCOPE-3", op: "listMaintenance" },
    "the list refuses a token without maintenance:read_only",
    async ({ ops, principals }) => {
      expectError(
        await ops.listMaintenance({
          as: await principals.withScopes(["account:read_only", "events:read_only"]),
        }),
      );
    },
  );
});
