import { describe } from "vitest";
import { settled } from "../../../harness/settle.ts";
import { check } from "../../../harness/check.ts";
import { expectEmptyObject, expectSuccess, observe } from "../../../harness/expect.ts";
import { MissingCapability, TargetFailure } from "../../../harness/errors.ts";
import { expectAccepted } from "../../shared/acceptance.ts";
import { at, command, expectListed, often, pick, runModel, type Real } from "./model.ts";
import { specEnum } from "../../shared/enums.ts";

const DAY_MS = 86_400_000;
const STATUSES = specEnum({ schema: "EntityTransfer", member: "status" });

interface Transfer {
  token: string;
  vm: number;
  cancelled: boolean;
}
interface Model {
  transfers: Transfer[];
  /** instances not yet part of a transfer */
  free: number[];
}
interface R extends Real {}

const name = (t: Transfer) => `transfer ${t.token}`;

/** An Entity transfer record of a transfer the account created and has not cancelled. */
function expectTransfer(where: string, rec: any, t: Transfer): void {
  if (rec?.token !== t.token)
    throw new TargetFailure(`${where}: token ${JSON.stringify(rec?.token)}, not ${t.token}`);
  if (!STATUSES.includes(rec?.status))
    throw new TargetFailure(`${where} of ${name(t)}: status ${JSON.stringify(rec?.status)}`);
  if (rec?.is_sender !== true)
    throw new TargetFailure(
      `${where} of ${name(t)}: is_sender ${JSON.stringify(rec?.is_sender)} for the account that created it`,
    );
  if (JSON.stringify(rec?.entities?.vms) !== JSON.stringify([t.vm]))
    throw new TargetFailure(
      `${where} of ${name(t)}: entities.vms ${JSON.stringify(rec?.entities?.vms)}, sent [${t.vm}]`,
    );
  const span = Date.parse(rec?.expiry) - Date.parse(rec?.created);
  if (!(Math.abs(span - DAY_MS) <= 1000))
    throw new TargetFailure(
      `${where} of ${name(t)}: expiry ${rec?.expiry} is not 24 hours after created ${rec?.created}`,
    );
}

/** Every transfer not cancelled is listed and viewable as created; a cancelled one is observed. */
async function agree(m: Model, r: R): Promise<void> {
  // within the convergence window (harness/settle.ts): a list may catch up a little later
  await settled(r.ctx, "read-your-writes", () => agreeNow(m, r));
}

async function agreeNow(m: Model, r: R): Promise<void> {
  const pending = m.transfers.filter((t) => !t.cancelled);
  const items = await expectListed(
    r.ctx,
    "listEntityTransfers",
    {},
    pending,
    [],
    (item, t) => item?.token === t.token,
    name,
  );
  for (const t of pending) {
    expectTransfer(
      "list entry",
      items.find((item) => item?.token === t.token),
      t,
    );
    expectTransfer(
      "view",
      expectSuccess(await r.ctx.ops.getEntityTransfer({ path: { token: t.token } })),
      t,
    );
  }
  for (const t of m.transfers.filter((x) => x.cancelled)) {
    const res = await r.ctx.ops.getEntityTransfer({ path: { token: t.token } });
    observe("ACCT-XFER-8", "a cancelled transfer: view status, listed", [
      res.status >= 200 && res.status < 300 ? res.body?.status : `view answered ${res.status}`,
      items.some((item) => item?.token === t.token),
    ]);
  }
}

const commands = [
  ...often(
    pick.map((i) =>
      command<Model, R>(
        `create(free instance #${i})`,
        (m) => m.free.length > 0,
        async (m, r) => {
          const vm = at(m.free, i);
          const made = await expectAccepted(
            r.ctx.fresh.create("entityTransfer", "createEntityTransfer", {
              body: { entities: { vms: [vm] } },
            }),
          );
          if (typeof made?.token !== "string")
            throw new TargetFailure(`create answered token ${JSON.stringify(made?.token)}`);
          if (made.status !== "pending")
            throw new TargetFailure(
              `a new transfer is returned as ${JSON.stringify(made.status)}, not pending`,
            );
          const t = { token: made.token, vm, cancelled: false };
          expectTransfer("create answer", made, t);
          m.free.splice(m.free.indexOf(vm), 1);
          m.transfers.push(t);
          await agree(m, r);
        },
      ),
    ),
    2,
  ),
  pick.map((i) =>
    command<Model, R>(
      `cancel(pending #${i})`,
      (m) => m.transfers.some((t) => !t.cancelled),
      async (m, r) => {
        const t = at(
          m.transfers.filter((x) => !x.cancelled),
          i,
        );
        expectEmptyObject(await r.ctx.ops.cancelEntityTransfer({ path: { token: t.token } }));
        t.cancelled = true;
        await agree(m, r);
      },
    ),
  ),
  // the receiving side: any other account holding the token views it with is_sender false
  pick.map((i) =>
    command<Model, R>(
      `viewAsOtherAccount(#${i})`,
      (m) => m.transfers.some((t) => !t.cancelled),
      async (m, r) => {
        const t = at(
          m.transfers.filter((x) => !x.cancelled),
          i,
        );
        let other: ReturnType<typeof r.ctx.principals.get>;
        try {
          other = r.ctx.principals.get("secondary");
        } catch (e) {
          if (!(e instanceof MissingCapability)) throw e;
          return observe(
            "ACCT-XFER-7",
            "no secondary principal: the receiving side was not viewed",
            e.message,
          );
        }
        const res = await r.ctx.ops.getEntityTransfer({ path: { token: t.token }, as: other });
        if (res.status >= 200 && res.status < 300) {
          const rec = expectSuccess(res);
          if (rec?.is_sender !== false)
            throw new TargetFailure(
              `view of ${name(t)} by another account: is_sender ${JSON.stringify(rec?.is_sender)}; it did not create the transfer`,
            );
        } else {
          observe("ACCT-XFER-7", "view by another account holding the token answered", res.status);
        }
        await agree(m, r);
      },
    ),
  ),
];

describe("fuzz/stateful/entity-transfers", () => {
  check(
    {
      id: [
        "ACCT-XFER-1",
        "ACCT-XFER-2",
        "ACCT-XFER-3",
        "ACCT-XFER-4",
        "ACCT-XFER-5",
        "ACCT-XFER-7",
        "ACCT-XFER-8",
      ],
      op: [
        "createEntityTransfer",
        "getEntityTransfer",
        "cancelEntityTransfer",
        "listEntityTransfers",
      ],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "Entity transfer create (deprecated) | POST /v4/account/entity-transfers | account:read_write | entities (object keyed by entity type of integer arrays, required) | Entity transfer",
        "Entity transfer cancel (deprecated) | DELETE /v4/account/entity-transfers/{token} | account:read_write | | {}",
        "Entity transfers list (deprecated) | GET /v4/account/entity-transfers | account:read_only | page, page_size | collection of Entity transfer",
        "is_sender | boolean, Filterable | true if the requesting account created the transfer",
        "a newly created transfer is returned as pending and expires 24 hours after creation",
      ],
      effect: "billable",
      timeout: 120_000,
    },
    "entity transfers: after any sequence of creates and cancels, the list and views of the transfers not cancelled agree with the model (pending as created, sent by the account, expiring after 24 hours)",
    async (c) => {
      await runModel<Model, R>(
        c,
        "stateful entity transfers",
        commands,
        async () => {
          const free: number[] = [];
          for (let n = 0; n < 3; n++) free.push((await c.fresh.emptyInstance()).id);
          return { model: { transfers: [], free }, real: { ctx: c } };
        },
        { maxCommands: 6 },
      );
    },
  );
});
