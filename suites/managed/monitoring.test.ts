// Material: "Managed monitoring" (Issues list and view; SSH public key view "the account's unique
// public key for support staff login"; Stats list "x/y data points for the past 24 hours of combined
// usage across managed instances: cpu, disk, swap, network in, network out"; scopes). Bodies are
// not shown: stability of the key and presence of the issue are observed, the stats body recorded.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { expectCollection, expectError, expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectListHolds, expectPageSizeBound } from "../shared/pages.ts";
import { vmsReadOnly } from "../shared/principals.ts";

describe("managed/monitoring", () => {
  check(
    { id: "MNG-ISSUE-1", op: "listManagedIssues" },
    "the issues list answers the Collection envelope",
    async ({ ops }) => {
      const res = await ops.listManagedIssues();
      expectCollection(res);
      expectSuccess(res);
    },
  );

  check(
    {
      id: ["MNG-ISSUE-2", "MNG-ISSUE-1"],
      op: ["getManagedIssue", "listManagedIssues"],
      effect: "creates",
    },
    "an issue of the account is viewable and listed",
    async (c) => {
      const { issueId } = await c.states.require("managed-issue");
      expectSuccess(await c.ops.getManagedIssue({ path: { issueId } }));
      await expectListHolds(
        c,
        "listManagedIssues",
        issueId,
        true,
        `issue ${issueId} is not in the issues list`,
      );
    },
  );

  check(
    { id: "FIELD.listManagedIssues.page_size", op: "listManagedIssues" },
    "issues list: page_size 25..100 is honoured; outside it is refused or never past 100",
    async (c) => {
      await expectPageSizeBound(c, "listManagedIssues");
    },
  );

  check(
    { id: "MNG-SSHKEY-1", op: "getManagedSshKey" },
    "the SSH public key view answers success and gives the same key each time",
    async ({ ops }) => {
      const first = expectSuccess(await ops.getManagedSshKey());
      const again = expectSuccess(await ops.getManagedSshKey());
      if (JSON.stringify(first) !== JSON.stringify(again))
        throw new TargetFailure(
          `the account's unique key changed between two views: ${JSON.stringify(first)} then ${JSON.stringify(again)}`,
        );
    },
  );

  check(
    { id: ["MNG-STATS-1", "MNG-STATS-2"], op: "listManagedStats" },
    "the stats list answers success; its series are recorded",
    async ({ ops, observe }) => {
      const body = expectSuccess(await ops.listManagedStats());
      const series =
        body && typeof body === "object" ? Object.keys((body as any).data ?? body) : [];
      observe("MNG-STATS-2", "stats series names", series);
    },
  );

  check(
    {
      id: "MNG-SCOPE-1",
      op: ["listManagedIssues", "getManagedIssue", "getManagedSshKey", "listManagedStats"],
      effect: "creates",
    },
    "issues, issue view, SSH key and stats with a token holding no account scope are refused",
    async (c) => {
      const { issueId } = await c.states.require("managed-issue");
      const as = await vmsReadOnly(c);
      expectError(await c.ops.listManagedIssues({ as }));
      expectError(await c.ops.getManagedIssue({ path: { issueId }, as }));
      expectError(await c.ops.getManagedSshKey({ as }));
      expectError(await c.ops.listManagedStats({ as }));
    },
  );
});
