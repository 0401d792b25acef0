// The authorization matrix, foreign IDs: a second account's user against every operation naming the
// first account's objects of every kind (view, update, delete, every action), every list of the
// second account never holding the first's objects, and the reverse: the first account's lists
// never holding the second's. Material: What the service does (a user manages the areas of its
// account), States ("client owned by caller"), Errors 8 ("another owner").
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { loose } from "../../harness/ops.ts";
import { resourceModel } from "../../spec/kinds.ts";
import { allPages } from "../shared/pages.ts";
import { catalogOps, cellCheck } from "./cell.ts";
import { opScopes } from "./cells.ts";
import { PROBES } from "./probes.ts";
import { SAY } from "../shared/clauses.ts";

const catalog = catalogOps();

/** How the second account removes what it made (the kind's delete, or a ticket's close). */
const REMOVE: Record<string, string> = { ticket: "closeTicket" };

describe("authz/foreign", () => {
  for (const op of opScopes().keys()) cellCheck(op, "second-account", catalog);

  // the reverse: kinds the second account can make at the top level, with a list of the first's
  for (const kind of resourceModel().values()) {
    const [list] = kind.ops.list;
    const [create] = kind.ops.create;
    const remove = REMOVE[kind.name] ?? kind.ops.delete[0];
    if (
      !list ||
      !create ||
      !remove ||
      kind.parentParams.length ||
      !PROBES[create]?.body ||
      PROBES[create]?.on !== "none"
    )
      continue;
    const probe = PROBES[create]!;
    check(
      {
        id: "AUTHZ-FOREIGN-2",
        op: [list as "listKeys", create as "createKey"],
        effect: probe.effect,
        principal: "first-account",
        kind: "auth",
        generic: "authz",
        clause: [SAY.ownAccount, SAY.owned],
      },
      `first-account × ${list}: hidden (the second account's ${kind.name} is not listed)`,
      async (ctx) => {
        const second = await ctx.principals.secondAccount();
        const ops = loose(ctx.ops);
        const made = await ops[create as "createKey"]({
          body: probe.body!(ctx, {
            path: {},
            parentPath: {},
            sent: {},
            record: {},
            matches: () => false,
          }),
          as: second,
        });
        if (
          made.status < 200 ||
          made.status > 299 ||
          (made.body?.[kind.idParam ?? "id"] === undefined && made.body?.id === undefined)
        )
          return ctx.skip(
            `the second account could not make a ${kind.name} (${create} answered ${made.status})`,
          );
        const path = kind.idParam
          ? { [kind.idParam]: made.body[kind.idParam] ?? made.body.id }
          : {};
        try {
          const items = await allPages(ctx.ops, list as "listKeys");
          const id = String(made.body.id ?? made.body.label);
          if (items.some((e) => String(e?.id ?? e?.label) === id))
            throw new TargetFailure(
              `${list} of the first account lists the second account's ${kind.name} ${id}`,
            );
        } finally {
          await ops[remove as "revokeKey"]({ path: path as any, as: second });
        }
      },
    );
  }
});
