// Compute instances (vm), Resize preconditions: no outstanding account balance. The balance is the
// whole account's (provider state unpaid-balance), so this runs alone, after the parallel checks.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectError } from "../../harness/expect.ts";
import { imageInstance } from "./helpers.ts";
import { typeFixture } from "../shared/fixtures.ts";

describe("vm/resize with a balance", () => {
  check(
    { id: "VM-RESIZE-4", op: "resizeInstance", effect: "billable" },
    "resize while the account has an outstanding balance is refused",
    async (ctx) => {
      const vm = await imageInstance(ctx);
      await ctx.states.require("unpaid-balance", { amount: 10, chargeable: false });
      try {
        expectError(
          await ctx.ops.resizeInstance({ path: { vmId: vm.id }, body: { type: typeFixture(ctx) } }),
        );
      } finally {
        await ctx.states.require("paid-balance");
      }
    },
  );
});
