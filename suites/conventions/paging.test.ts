// General conventions 4-5 and Limits (page, page_size): pages of 100 by default, page_size honoured,
// pages and results consistent across a walk, no page past 100 items on the bounded lists.
// Lists are filled in isolation: the items of one invoice (provider state) and the configs of one
// fresh instance, so no other check's objects come and go in them.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection, expectError } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import type { CheckContext } from "../../harness/check.ts";
import { expectConsistent } from "./helpers.ts";
import { SIDE_BY_SIDE } from "../shared/pages.ts";

/** An invoice with `items` items (provider state `invoice-with-items`). */
async function invoiceWith(states: CheckContext["states"], items: number): Promise<number> {
  return Number((await states.require("invoice-with-items", { items })).invoiceId);
}

describe("conventions/paging", () => {
  check(
    { id: ["CONV-PAGE-3", "CONV-COLL-3"], op: "listInvoiceItems", effect: "creates" },
    "with no page_size a list of 30 items answers them all on one page (default page_size 100)",
    async ({ ops, states }) => {
      const invoiceId = await invoiceWith(states, 30);
      const c = expectCollection(await ops.listInvoiceItems({ path: { invoiceId } }));
      if (c.results !== 30)
        throw new TargetFailure(`the invoice was made with 30 items; results is ${c.results}`);
      if (c.data.length !== 30)
        throw new TargetFailure(
          `page 1 at the default page_size 100 holds ${c.data.length} of 30 items`,
        );
      expectConsistent(c, 100, "default page_size");
    },
  );

  check(
    { id: ["CONV-PAGE-3", "CONV-COLL-3"], op: "listInvoiceItems", effect: "creates" },
    "page_size 25 on a list of 30 items answers 25 items and 2 pages",
    async ({ ops, states }) => {
      const invoiceId = await invoiceWith(states, 30);
      const c = expectCollection(
        await ops.listInvoiceItems({ path: { invoiceId }, query: { page_size: 25 } }),
      );
      if (c.data.length !== 25)
        throw new TargetFailure(`page_size 25 answered ${c.data.length} items of 30`);
      expectConsistent(c, 25, "page_size 25");
    },
  );

  check(
    { id: ["CONV-COLL-4", "CONV-COLL-3"], op: "listInvoiceItems", effect: "creates" },
    "walking every page yields results items, each page naming the page asked for",
    async ({ ops, states }) => {
      const invoiceId = await invoiceWith(states, 60);
      const first = expectCollection(
        await ops.listInvoiceItems({ path: { invoiceId }, query: { page_size: 25 } }),
      );
      expectConsistent(first, 25, "page 1");
      let seen = first.data.length;
      for (let page = 2; page <= first.pages; page++) {
        const c = expectCollection(
          await ops.listInvoiceItems({ path: { invoiceId }, query: { page, page_size: 25 } }),
        );
        if (c.page !== page)
          throw new TargetFailure(`asked for page ${page}, the envelope says page ${c.page}`);
        if (c.results !== first.results || c.pages !== first.pages)
          throw new TargetFailure(
            `page ${page} reports ${c.results} results in ${c.pages} pages; page 1 said ${first.results} in ${first.pages}`,
          );
        seen += c.data.length;
      }
      if (first.results !== 60 || seen !== 60)
        throw new TargetFailure(
          `an invoice of 60 items: results ${first.results}, ${seen} items over ${first.pages} pages`,
        );
    },
  );

  check(
    {
      id: ["CONV-PAGE-4", "CONV-PAGE-3", "CONV-PAGE-5"],
      op: ["listConfigs", "createConfig"],
      effect: "billable",
      timeout: 20_000,
    },
    "with 101 configs, page_size 101 is refused or clamped and the default page holds 100",
    async ({ ops, fresh, label, observe }) => {
      const vm = await fresh.emptyInstance();
      // the configs go with the instance when it is deleted (Instance delete: all configs removed);
      // made SIDE_BY_SIDE at a time: a config create has no precondition on the instance's others
      for (let from = 0; from < 101; from += SIDE_BY_SIDE) {
        const made = await Promise.all(
          Array.from({ length: Math.min(SIDE_BY_SIDE, 101 - from) }, () =>
            ops.createConfig({
              path: { vmId: vm.id },
              body: { label: label("cfg", 48), devices: {} },
            }),
          ),
        );
        const refused = made.findIndex((res) => res.status < 200 || res.status > 299);
        if (refused >= 0)
          throw new TargetFailure(
            `config ${from + refused + 1} of 101 was refused (${made[refused].status}): ${made[refused].text.slice(0, 200)}`,
          );
      }
      const res = await ops.listConfigs({ path: { vmId: vm.id }, query: { page_size: 101 } });
      if (res.status >= 400 && res.status < 500) {
        expectError(res);
        observe("CONV-PAGE-5", "page_size 101", "refused");
      } else {
        const c = expectCollection(res);
        if (c.data.length > 100)
          throw new TargetFailure(
            `page_size 101 answered ${c.data.length} items, past the bound of 100`,
          );
        observe("CONV-PAGE-5", "page_size 101", "accepted (clamped)");
      }
      const c = expectCollection(await ops.listConfigs({ path: { vmId: vm.id } }));
      if (c.results !== 101 || c.data.length !== 100)
        throw new TargetFailure(
          `101 configs at the default page_size: results ${c.results}, ${c.data.length} on page 1; expected 101 and 100`,
        );
      expectConsistent(c, 100, "default page_size");
    },
  );
});
