// Compute instances (vm), Clone rules: `label` defaults to `vm`, which the instance label rules
// (3..32 chars) refuse. The material contradicts itself, so what a clone to a new instance without
// label gets is recorded (VM-CLONE-15, INFO; judgment in spec/README.md "Contradictions").
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { regionFixture, typeFixture } from "../shared/fixtures.ts";

describe("vm/clone-label", () => {
  check(
    { id: "VM-CLONE-15", op: "cloneInstance", effect: "billable" },
    "what label a clone to a new instance without label gets (the default vm breaks the label rules)",
    async (ctx) => {
      const src = await ctx.fresh.emptyInstance();
      const res = await ctx.ops.cloneInstance({
        path: { vmId: src.id },
        body: { region: regionFixture(ctx), type: typeFixture(ctx) },
      });
      if (res.status >= 200 && res.status < 300 && typeof res.body?.id === "number") {
        ctx.observe(
          "VM-CLONE-15",
          "clone without label: accepted; the new instance's label",
          res.body.label ?? "(not shown)",
        );
        await ctx.ops.deleteInstance({ path: { vmId: res.body.id } });
      } else {
        ctx.observe("VM-CLONE-15", "clone without label: refused with status", res.status);
      }
    },
  );
});
