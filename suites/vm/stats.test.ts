// Compute instances (vm): statistics (24 hours, by month), network transfer (current, by month),
// attached volumes, kernels; Limits (Stats year and month, page_size of the vm lists);
// Authentication 4 (kernels need no token).
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectCollection, expectError, expectSuccess } from "../../harness/expect.ts";
import { months } from "./helpers.ts";
import { viewKernel } from "../shared/kernels.ts";

describe("vm/stats", () => {
  check(
    { id: "VM-STATS-1", op: "getInstanceStats", effect: "billable" },
    "statistics of the past 24 hours answer",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      expectSuccess(await ctx.ops.getInstanceStats({ path: { vmId: vm.id } }));
    },
  );

  check(
    { id: "VM-STATS-2", op: "getInstanceStatsByMonth", effect: "billable" },
    "statistics by month answer for the current and a past month",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const { year, month } = months();
      expectSuccess(await ctx.ops.getInstanceStatsByMonth({ path: { vmId: vm.id, year, month } }));
      expectSuccess(
        await ctx.ops.getInstanceStatsByMonth({ path: { vmId: vm.id, year: year - 1, month: 1 } }),
      );
      expectSuccess(
        await ctx.ops.getInstanceStatsByMonth({ path: { vmId: vm.id, year: year - 1, month: 12 } }),
      );
    },
  );

  check(
    {
      id: ["VM-STATS-3", "FIELD.getInstanceStatsByMonth.month"],
      op: "getInstanceStatsByMonth",
      effect: "billable",
    },
    "statistics by month refuse month 0, month 13 and a future month",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const { year, next } = months();
      expectError(
        await ctx.ops.getInstanceStatsByMonth({ path: { vmId: vm.id, year: year - 1, month: 13 } }),
      );
      expectError(
        await ctx.ops.getInstanceStatsByMonth({ path: { vmId: vm.id, year: year - 1, month: 0 } }),
      );
      expectError(
        await ctx.ops.getInstanceStatsByMonth({
          path: { vmId: vm.id, year: next.year, month: next.month },
        }),
      );
    },
  );

  check(
    { id: "VM-STATS-4", op: "getInstanceStatsByMonth", effect: "billable" },
    "what statistics by month answer for the year 1999 is recorded",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      ctx.observe(
        "VM-STATS-4",
        "status for year 1999",
        (await ctx.ops.getInstanceStatsByMonth({ path: { vmId: vm.id, year: 1999, month: 1 } }))
          .status,
      );
    },
  );
});

describe("vm/transfer", () => {
  check(
    { id: "VM-XFER-1", op: "getInstanceTransfer", effect: "billable" },
    "network transfer of the current month answers",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      expectSuccess(await ctx.ops.getInstanceTransfer({ path: { vmId: vm.id } }));
    },
  );

  check(
    {
      id: [
        "VM-XFER-2",
        "FIELD.getInstanceTransferByMonth.year",
        "FIELD.getInstanceTransferByMonth.month",
      ],
      op: "getInstanceTransferByMonth",
      effect: "billable",
    },
    "transfer by month answers for the current month and for year 2000 month 1 and 12",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const { year, month } = months();
      expectSuccess(
        await ctx.ops.getInstanceTransferByMonth({ path: { vmId: vm.id, year, month } }),
      );
      expectSuccess(
        await ctx.ops.getInstanceTransferByMonth({ path: { vmId: vm.id, year: 2000, month: 1 } }),
      );
      expectSuccess(
        await ctx.ops.getInstanceTransferByMonth({ path: { vmId: vm.id, year: 2000, month: 12 } }),
      );
    },
  );

  check(
    {
      id: ["VM-XFER-3", "FIELD.getInstanceTransferByMonth.year"],
      op: "getInstanceTransferByMonth",
      effect: "billable",
    },
    "transfer by month refuses the years 1999 and 2038",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      expectError(
        await ctx.ops.getInstanceTransferByMonth({ path: { vmId: vm.id, year: 1999, month: 12 } }),
      );
      expectError(
        await ctx.ops.getInstanceTransferByMonth({ path: { vmId: vm.id, year: 2038, month: 1 } }),
      );
    },
  );

  check(
    {
      id: ["VM-XFER-3", "FIELD.getInstanceTransferByMonth.month", "VM-STATS-3"],
      op: "getInstanceTransferByMonth",
      effect: "billable",
    },
    "transfer by month refuses month 0, month 13 and a future month",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const { next } = months();
      expectError(
        await ctx.ops.getInstanceTransferByMonth({ path: { vmId: vm.id, year: 2020, month: 0 } }),
      );
      expectError(
        await ctx.ops.getInstanceTransferByMonth({ path: { vmId: vm.id, year: 2020, month: 13 } }),
      );
      expectError(
        await ctx.ops.getInstanceTransferByMonth({
          path: { vmId: vm.id, year: next.year, month: next.month },
        }),
      );
    },
  );
});

describe("vm/volumes", () => {
  check(
    { id: "VM-VOL-1", op: "listInstanceVolumes", effect: "billable" },
    "attached volumes list answers the Collection envelope",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const res = await ctx.ops.listInstanceVolumes({ path: { vmId: vm.id } });
      expectSuccess(res);
      expectCollection(res);
    },
  );
});

describe("vm/kernels", () => {
  check(
    { id: "VM-KERNEL-1", op: "listKernels" },
    "kernels list answers without a token",
    async ({ ops }) => {
      const res = await ops.listKernels({ as: "anonymous" });
      expectSuccess(res);
      expectCollection(res);
    },
  );

  check(
    { id: "VM-KERNEL-2", op: "getKernel" },
    "kernel view of a listed kernel answers without a token",
    async (c) => {
      const first = expectCollection(await c.ops.listKernels({ as: "anonymous" })).data[0];
      if (!first?.id) c.skip("the kernels list is empty");
      expectSuccess(await viewKernel(c, String(first.id)));
    },
  );
});

describe("vm/lists", () => {
  check(
    {
      id: [
        "FIELD.listConfigs.page_size",
        "FIELD.listDisks.page_size",
        "FIELD.listInstanceVolumes.page_size",
        "FIELD.listKernels.page_size",
      ],
      op: ["listConfigs", "listDisks", "listInstanceVolumes", "listKernels"],
      effect: "billable",
    },
    "page_size 25 and 100 are accepted; 24 and 101 are refused or never give a page past 100",
    async (ctx) => {
      const vm = await ctx.fresh.emptyInstance();
      const path = { vmId: vm.id };
      const lists = [
        (page_size: number) => ctx.ops.listConfigs({ path, query: { page_size } }),
        (page_size: number) => ctx.ops.listDisks({ path, query: { page_size } }),
        (page_size: number) => ctx.ops.listInstanceVolumes({ path, query: { page_size } }),
        (page_size: number) => ctx.ops.listKernels({ query: { page_size } }),
      ];
      for (const list of lists) {
        for (const size of [25, 100]) expectCollection(await list(size));
        for (const size of [24, 101]) {
          const res = await list(size);
          if (res.status >= 400 && res.status < 500) expectError(res);
          else if (expectCollection(res).data.length > 100)
            throw new TargetFailure(`page_size ${size} gave a page of ${res.body.data.length}`);
        }
      }
    },
  );
});
