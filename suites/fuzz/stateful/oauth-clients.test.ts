// Stateful model of OAuth clients (material: Resources / OAuth client: label, public, redirect_uri;
// `secret` "a redacted placeholder in list, view and update responses; plaintext only from the
// secret reset operation; whether create returns plaintext: not shown"; Endpoints / OAuth clients;
// Authentication 7 and States and transitions: a reset expires the old secret at once). The token
// exchange at {auth_url} is not shown: it is the `oauth-token` provider state, used when the
// target has a control endpoint.
import { settled } from "../../../harness/settle.ts";
import fc from "fast-check";
import { describe } from "vitest";
import { check } from "../../../harness/check.ts";
import { expectEmptyObject, expectSuccess } from "../../../harness/expect.ts";
import { TargetFailure } from "../../../harness/errors.ts";
import { exchangeToken } from "../../oauth-clients/helpers.ts";
import { expectAccepted } from "../../shared/acceptance.ts";
import {
  at,
  command,
  expectGone,
  expectListed,
  hasId,
  held,
  type Holds,
  often,
  pick,
  removeCommand,
  runModel,
  type Real,
} from "./model.ts";

interface Client {
  id: string;
  label: string;
  public: boolean;
  redirect_uri: string;
  /** every secret answered for it (create's included): a reset answers a new one */
  answered: unknown[];
  /** plaintext secrets from resets, newest last: list, view and update never show them */
  plaintext: string[];
}
interface Model {
  live: Client[];
  gone: Client[];
}
interface R extends Real {
  /** the target has a control endpoint: secrets are tried through the `oauth-token` state */
  exchange: boolean;
}

const name = (x: Client) => `OAuth client ${x.id}`;

/** A record from list, view or update: the model's values, and a secret that is no plaintext. */
function expectRecord(where: string, rec: any, x: Client): void {
  for (const k of ["label", "public", "redirect_uri"] as const) {
    if (rec?.[k] !== x[k])
      throw new TargetFailure(
        `${where} of ${name(x)}: ${k} is ${JSON.stringify(rec?.[k])}; the model holds ${JSON.stringify(x[k])}`,
      );
  }
  if (x.plaintext.includes(rec?.secret))
    throw new TargetFailure(
      `${where} of ${name(x)} shows a plaintext secret a reset answered; it shows a redacted placeholder`,
    );
}

async function agree(m: Model, r: R): Promise<void> {
  // within the convergence window (harness/settle.ts): a list may catch up a little later
  await settled(r.ctx, "read-your-writes", () => agreeNow(m, r));
}

async function agreeNow(m: Model, r: R): Promise<void> {
  const items = await expectListed(
    r.ctx,
    "listOAuthClients",
    {},
    m.live,
    m.gone,
    (item, x) => hasId(item, x.id),
    name,
  );
  for (const x of m.live) {
    expectRecord(
      "list entry",
      items.find((item) => hasId(item, x.id)),
      x,
    );
    expectRecord(
      "view",
      expectSuccess(await r.ctx.ops.getOAuthClient({ path: { clientId: x.id } })),
      x,
    );
  }
  for (const x of m.gone)
    expectGone(await r.ctx.ops.getOAuthClient({ path: { clientId: x.id } }), name(x));
}

/** Every live client holds what the model knows, and its list entry agrees with its view (suites/invariants/). */
const holds: Holds<Model, R>[] = [
  {
    kind: "oauthClient",
    objects: (m) =>
      m.live.map((x) =>
        held(
          { clientId: x.id },
          { label: x.label, public: x.public, redirect_uri: x.redirect_uri },
          (e) => hasId(e, x.id),
        ),
      ),
  },
];

const uri = (r: Real) => `https://example.com/${r.ctx.label("cb", 40)}`;

const commands = [
  ...often(
    fc.boolean().map((isPublic) =>
      command<Model, R>(
        `create(public ${isPublic})`,
        () => true,
        async (m, r) => {
          const body = { label: r.ctx.label("app", 512), public: isPublic, redirect_uri: uri(r) };
          const made = await expectAccepted(
            r.ctx.fresh.create("oauthClient", "createOAuthClient", { body, label: body.label }),
          );
          if (typeof made?.id !== "string")
            throw new TargetFailure(
              `create answered id ${JSON.stringify(made?.id)}; an OAuth client's id is a string`,
            );
          const x: Client = { id: made.id, ...body, answered: [made.secret], plaintext: [] };
          for (const k of ["label", "public", "redirect_uri"] as const) {
            if (made[k] !== x[k])
              throw new TargetFailure(
                `create answered ${k} ${JSON.stringify(made[k])}; sent ${JSON.stringify(x[k])}`,
              );
          }
          m.live.push(x);
          await agree(m, r);
        },
      ),
    ),
  ),
  fc
    .tuple(
      pick,
      fc.subarray(["label", "public", "redirect_uri"] as const, { minLength: 1 }),
      fc.boolean(),
    )
    .map(([i, fields, isPublic]) =>
      command<Model, R>(
        `update(#${i}: ${fields.join("+")})`,
        (m) => m.live.length > 0,
        async (m, r) => {
          const x = at(m.live, i);
          const next = { label: r.ctx.label("app", 512), public: isPublic, redirect_uri: uri(r) };
          const body = Object.fromEntries(fields.map((f) => [f, next[f]]));
          const res = expectSuccess(
            await r.ctx.ops.updateOAuthClient({ path: { clientId: x.id }, body }),
          );
          Object.assign(x, body);
          expectRecord("update answer", res, x);
          await agree(m, r);
        },
      ),
    ),
  // drawn often: the old secret is tried only from a client's second reset on
  ...often(
    pick.map((i) =>
      command<Model, R>(
        `resetSecret(#${i})`,
        (m) => m.live.length > 0,
        async (m, r) => {
          const x = at(m.live, i);
          const secret = expectSuccess(
            await r.ctx.ops.resetOAuthClientSecret({ path: { clientId: x.id } }),
          ).secret;
          if (typeof secret !== "string" || secret === "")
            throw new TargetFailure(
              `reset of ${name(x)} answered secret ${JSON.stringify(secret)}`,
            );
          if (x.answered.includes(secret))
            throw new TargetFailure(`reset of ${name(x)} answered a secret it answered before`);
          const old = x.plaintext.at(-1);
          x.answered.push(secret);
          x.plaintext.push(secret);
          if (r.exchange) {
            if (
              old !== undefined &&
              (await exchangeToken(r.ctx.states, { clientId: x.id, secret: old }))
            )
              throw new TargetFailure(
                `the secret of ${name(x)} replaced by this reset still authenticates it`,
              );
            if (!(await exchangeToken(r.ctx.states, { clientId: x.id, secret })))
              throw new TargetFailure(
                `the secret the reset of ${name(x)} answered does not authenticate it`,
              );
          }
          await agree(m, r);
        },
      ),
    ),
  ),
  removeCommand<Client, Model, R>(
    "delete",
    async (x, r) =>
      expectEmptyObject(await r.ctx.ops.deleteOAuthClient({ path: { clientId: x.id } })),
    agree,
  ),
];

describe("fuzz/stateful/oauth-clients", () => {
  check(
    {
      id: [
        "OAUTH-CREATE-1",
        "OAUTH-UPDATE-1",
        "OAUTH-SECRET-1",
        "OAUTH-SECRET-2",
        "OAUTH-SECRET-3",
        "OAUTH-DELETE-1",
        "OAUTH-LIST-1",
        "OAUTH-VIEW-1",
      ],
      op: [
        "createOAuthClient",
        "updateOAuthClient",
        "resetOAuthClientSecret",
        "deleteOAuthClient",
        "getOAuthClient",
        "listOAuthClients",
      ],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "Create | POST /v4/account/oauth-clients | account:read_write | label (required), public (boolean), redirect_uri (required) | OAuth client",
        "Update | PUT /v4/account/oauth-clients/{clientId} | account:read_write | label, public, redirect_uri | OAuth client",
        "secret | string | a redacted placeholder in list, view and update responses; plaintext only from the secret reset operation; whether create returns plaintext: not shown",
        "OAuth client secret | reset | client owned by caller | new secret | old secret expires at once",
        "OAuth client | delete | | removed | its tokens are invalidated",
      ],
      effect: "creates",
      timeout: 120_000,
    },
    "OAuth clients: after any sequence of creates, updates, secret resets and deletes, list and views agree with the model and never show a reset's plaintext",
    async (c) => {
      const exchange = c.config.controlUrl !== undefined;
      await runModel<Model, R>(
        c,
        "stateful oauth clients",
        commands,
        async () => ({ model: { live: [], gone: [] }, real: { ctx: c, exchange } }),
        { holds },
      );
    },
  );
});
