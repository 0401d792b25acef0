// Stateless properties: account, events and OAuth clients (Endpoints / Account and billing,
// OAuth clients; Events). Generators: generators/; the properties: ./stateless.ts.
import { statelessProperties, type Target } from "./stateless.ts";
import type { CheckContext } from "../../harness/check.ts";
import { expectSuccess } from "../../harness/expect.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { PNG } from "../shared/requests.ts";

const client = async (c: CheckContext) => {
  const made = await c.fresh.oauthClient();
  return { path: { clientId: made.id } };
};

const transfer = async (c: CheckContext) => {
  const vm = await c.fresh.emptyInstance();
  const t = await c.fresh.create("entityTransfer", "createEntityTransfer", {
    body: { entities: { vms: [vm.id] } },
  });
  return { vmId: vm.id, path: { token: t.token! } };
};

/** An event of the account: tagging makes one (the material shows tag_create among the actions). */
const event = async (c: CheckContext) => {
  await c.fresh.tag();
  const list = expectSuccess(await c.ops.listEvents());
  const id = list.data?.[0]?.id;
  if (id === undefined) c.skip("no event listed after creating a tag");
  return { path: { eventId: id } };
};

/** OAuth client: list, view and update answer the record; label, public and redirect_uri read back as sent. */
async function clientReadsBack(
  c: CheckContext,
  sent: { body?: any },
  res: { body: any },
): Promise<void> {
  const view = expectSuccess(await c.ops.getOAuthClient({ path: { clientId: res.body.id } }));
  for (const k of ["label", "public", "redirect_uri"] as const) {
    if (sent.body?.[k] !== undefined && view[k] !== sent.body[k])
      throw new TargetFailure(
        `OAuth client ${k}: sent ${JSON.stringify(sent.body[k])}, view shows ${JSON.stringify(view[k])}`,
      );
  }
}

const targets: Target[] = [
  { op: "listEntityTransfers" },
  {
    op: "createEntityTransfer",
    creates: "entityTransfer",
    setup: async (c) => ({ vmId: (await c.fresh.emptyInstance()).id }),
    effect: "billable",
  },
  { op: "getEntityTransfer", setup: transfer, effect: "billable" },
  { op: "cancelEntityTransfer", setup: transfer, perCase: true, effect: "billable" },
  { op: "listEvents" },
  { op: "getEvent", setup: event, effect: "creates" },
  { op: "markEventRead", setup: event, effect: "creates" },
  { op: "listInvoices" },
  {
    op: "getInvoice",
    setup: async (c) => ({
      path: { invoiceId: (await c.states.require("invoice-with-items")).invoiceId },
    }),
  },
  {
    op: "listInvoiceItems",
    setup: async (c) => ({
      path: { invoiceId: (await c.states.require("invoice-with-items")).invoiceId },
    }),
  },
  {
    op: "getLogin",
    setup: async (c) => ({ path: { loginId: (await c.states.require("login")).loginId } }),
  },
  { op: "listPaymentMethods" },
  { op: "listOAuthClients" },
  { op: "createOAuthClient", creates: "oauthClient", readBack: clientReadsBack },
  { op: "getOAuthClient", setup: client, effect: "creates" },
  {
    op: "updateOAuthClient",
    setup: client,
    effect: "creates",
    readBack: (c, sent, _res, made) =>
      clientReadsBack(c, sent, { body: { id: made.path!.clientId } }),
  },
  { op: "deleteOAuthClient", setup: client, perCase: true, effect: "creates" },
  { op: "resetOAuthClientSecret", setup: client, effect: "creates" },
  {
    op: "updateOAuthClientThumbnail",
    setup: client,
    effect: "creates",
    raw: () => ({ body: PNG, contentType: "image/png" }),
  },
  {
    op: "getOAuthClientThumbnail",
    effect: "creates",
    // "the image; its content type: not shown": any 2xx answer with a body
    accept: (res) => {
      if (res.status < 200 || res.status > 299 || res.text.length === 0)
        throw new TargetFailure(
          `thumbnail view answered ${res.status} with ${res.text.length} bytes`,
        );
    },
    setup: async (c) => {
      const made = await client(c);
      expectSuccess(
        await c.ops.updateOAuthClientThumbnail({
          path: made.path,
          body: PNG,
          contentType: "image/png",
        }),
      );
      return made;
    },
  },
];

statelessProperties("stateless/account", targets);
