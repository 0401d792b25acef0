// Limits: at most 10 VLANs per region. A VLAN is the account's while some config attaches it, so
// filling a region is account-wide state: this check runs alone (a *.serial.test.ts file), or the
// parallel checks that attach VLANs of their own would be refused while it holds the region full.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectError, expectSuccess } from "../../harness/expect.ts";

const vlan = (label: string) => ({ purpose: "vlan" as const, label });

describe("vm/configs/interfaces", () => {
  check(
    { id: "VM-IFACE-8", op: "createConfig", effect: "billable" },
    "a region holds at most 10 VLANs: within 11 new VLAN labels one is refused",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const l = ctx.label("vl", 40);
      for (let n = 1; n <= 11; n++) {
        const res = await ctx.ops.createConfig({
          path: { vmId: vm.id },
          body: { label: ctx.label("cfg", 48), devices: {}, interfaces: [vlan(`${l}-${n}`)] },
        });
        if (res.status >= 400) {
          expectError(res);
          ctx.observe("VM-IFACE-8", "new VLAN labels accepted before the refusal", n - 1);
          return;
        }
        expectSuccess(res); // the configs go with the instance
      }
      throw new TargetFailure(
        "11 new VLAN labels in one region were all accepted (at most 10 VLANs per region)",
      );
    },
  );
});
