// Material: "Managed monitoring", Instance settings list: "one entry per instance". The count of the
// account's instances is account-wide state that parallel checks change (under load a parallel run
// saw "4 settings entries for 3 instances"), and settings records are not shown, so entries cannot
// be matched to the instances a check made: this check runs serially, after the parallel ones.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";

describe("managed/vm-settings (serial)", () => {
  check(
    { id: "MNG-SETTINGS-1", op: ["listManagedVmSettings", "listInstances"], effect: "billable" },
    "the instance settings list holds one entry per instance of the account",
    async (c) => {
      await c.fresh.emptyInstance();
      // deletes of earlier checks' instances may still be settling: the counts must meet in a few tries
      let last = "";
      for (let i = 0; i < 5; i++) {
        const settings = expectCollection(await c.ops.listManagedVmSettings());
        const vms = expectCollection(await c.ops.listInstances());
        if (settings.results === vms.results) return;
        last = `${settings.results} settings entries for ${vms.results} instances`;
        await new Promise((r) => setTimeout(r, 200 * (i + 1)));
      }
      throw new TargetFailure(
        `the instance settings list does not hold one entry per instance: ${last}`,
      );
    },
  );
});
