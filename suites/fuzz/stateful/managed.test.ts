// Stateful models of managed contacts, credentials and services (material: Managed monitoring
// operations; Managed monitoring resources (writable fields); Service rules: "query parameters in
// address are preserved, URL fragments are dropped"; "The credential update operation changes the
// label only"; credential labels unique; States and transitions: service disable / enable).
// Response bodies of managed operations are not shown: records are addressed by the ID their create
// reports and compared through the values sent (a view holds them; a list holds the record).
import { settled } from "../../../harness/settle.ts";
import fc from "fast-check";
import { describe } from "vitest";
import { check } from "../../../harness/check.ts";
import { expectError, expectSuccess, observe } from "../../../harness/expect.ts";
import { TargetFailure } from "../../../harness/errors.ts";
import type { OperationId } from "../../../harness/operation-ids.ts";
import { expectAccepted } from "../../shared/acceptance.ts";
import { containsValue, stringLeaves } from "../../shared/records.ts";
import {
  at,
  command,
  expectGone,
  expectListed,
  expectMembers,
  often,
  pick,
  removeCommand,
  runModel,
  held,
  type Holds,
  sameRecord,
  shownId,
  type Command,
  type Real,
} from "./model.ts";
import { loose } from "../../../harness/ops.ts";

interface Entry {
  id: string;
  /** the unique value naming it (contact name, credential or service label) */
  label: string;
  /** values sent that a view must show (a string inside one of its strings, a number as a value) */
  shows: unknown[];
  /** values a view must not hold (a username sent to the label-only update, an address fragment) */
  never: string[];
  /**
   * services: monitored (true), not (false), or not known (undefined: whether a new service is
   * monitored is not said); disable and enable move it
   */
  monitored?: boolean;
  /** members, by name, the record holds as sent (the invariants' postcondition, suites/invariants/) */
  holds: Record<string, unknown>;
}
interface Model {
  live: Entry[];
  gone: Entry[];
}

interface Family {
  what: string;
  list: OperationId;
  view: OperationId;
  remove: OperationId;
  param: string;
  /** the list answers the Collection envelope (services list: not shown, observed) */
  paginated: boolean;
}

const name = (f: Family) => (e: Entry) => `${f.what} ${e.label}`;

async function agree(f: Family, m: Model, r: Real): Promise<void> {
  // within the convergence window (harness/settle.ts): a list may catch up a little later
  await settled(r.ctx, "read-your-writes", () => agreeNow(f, m, r));
}

async function agreeNow(f: Family, m: Model, r: Real): Promise<void> {
  const is = (item: any, e: Entry) => sameRecord(item, e.id, e.label);
  if (f.paginated) await expectListed(r.ctx, f.list, {}, m.live, m.gone, is, name(f));
  else {
    const items = await unpaginated(f, r);
    if (items) expectMembers(f.list, items, m.live, m.gone, is, name(f));
  }
  for (const e of m.live) {
    const view = expectSuccess(await loose(r.ctx.ops)[f.view]({ path: { [f.param]: e.id } }));
    // a string sent is found inside a string of the view (an address may be normalised), a number as a value
    const missing = e.shows.filter((v) =>
      typeof v === "string"
        ? !stringLeaves(view).some((x) => x.includes(v))
        : !containsValue(view, v),
    );
    if (missing.length)
      throw new TargetFailure(
        `view of ${name(f)(e)} does not show the value(s) sent: ${JSON.stringify(missing)}; got ${JSON.stringify(view).slice(0, 300)}`,
      );
    const seen = e.never.filter((s) => stringLeaves(view).some((v) => v.includes(s)));
    if (seen.length)
      throw new TargetFailure(
        `view of ${name(f)(e)} holds ${JSON.stringify(seen)}, which must not be stored`,
      );
  }
  for (const e of m.gone)
    expectGone(await loose(r.ctx.ops)[f.view]({ path: { [f.param]: e.id } }), name(f)(e));
}

/** Every live entry of the family holds what was sent, and its list entry agrees with its view (suites/invariants/). */
function holdsOf(
  f: Family,
  kind: "managedContact" | "managedCredential" | "managedService",
): Holds<Model, Real>[] {
  return [
    {
      kind,
      objects: (m) =>
        m.live.map((e) => held({ [f.param]: e.id }, e.holds, (x) => sameRecord(x, e.id, e.label))),
    },
  ];
}

/** The services list takes no pagination and its body is not shown: its items when it answers a `data` array. */
async function unpaginated(f: Family, r: Real): Promise<unknown[] | undefined> {
  const body = expectSuccess(await loose(r.ctx.ops)[f.list]());
  if (Array.isArray(body?.data)) return body.data;
  observe("MNG-SVC-1", `${f.list} answered no data array (its body is not shown)`, typeof body);
  return undefined;
}

/** The commands every family shares: create (made by `make`), update (by `change`) and delete. */
function lifecycle(
  f: Family,
  make: (r: Real) => { body: Record<string, unknown>; entry: Omit<Entry, "id" | "holds"> },
  change: (
    r: Real,
    e: Entry,
  ) => {
    op: OperationId;
    body: Record<string, unknown>;
    /** the members of `body` the update applies (default all) */
    holds?: Record<string, unknown>;
    apply: () => void;
    refused?: { body: Record<string, unknown>; apply: () => void };
  },
  type: "managedContact" | "managedCredential" | "managedService",
): fc.Arbitrary<Command<Model, Real>>[] {
  return [
    ...often(
      fc.constant(
        command<Model, Real>(
          "create",
          () => true,
          async (m, r) => {
            const { body, entry } = make(r);
            const made = await expectAccepted(
              r.ctx.fresh.create(
                type,
                f.list.replace(/^listManaged(\w+)s$/, "createManaged$1") as OperationId,
                { body, label: entry.label },
              ),
            );
            m.live.push({ id: shownId(r.ctx, made, f.what), ...entry, holds: { ...body } });
            await agree(f, m, r);
          },
        ),
      ),
    ),
    pick.map((i) =>
      command<Model, Real>(
        `update(#${i})`,
        (m) => m.live.length > 0,
        async (m, r) => {
          const e = at(m.live, i);
          const u = change(r, e);
          const res = await loose(r.ctx.ops)[u.op]({ path: { [f.param]: e.id }, body: u.body });
          if (u.refused && res.status >= 400 && res.status < 500) {
            // refusing a field the operation does not take also changes nothing; then the plain update
            expectError(res);
            expectSuccess(
              await loose(r.ctx.ops)[u.op]({ path: { [f.param]: e.id }, body: u.refused.body }),
            );
            u.refused.apply();
            Object.assign(e.holds, u.refused.body);
          } else {
            expectSuccess(res);
            u.apply();
            Object.assign(e.holds, u.holds ?? u.body);
          }
          await agree(f, m, r);
        },
      ),
    ),
    removeCommand<Entry, Model, Real>(
      "delete",
      async (e, r) =>
        void expectSuccess(await loose(r.ctx.ops)[f.remove]({ path: { [f.param]: e.id } })),
      (m, r) => agree(f, m, r),
    ),
  ];
}

// ---- contacts ---------------------------------------------------------------------------------

const CONTACTS: Family = {
  what: "contact",
  list: "listManagedContacts",
  view: "getManagedContact",
  remove: "deleteManagedContact",
  param: "contactId",
  paginated: true,
};

const contactFields = (r: Real) => {
  const name = r.ctx.label("ct", 64);
  const group = r.ctx.label("grp", 50);
  const email = `${r.ctx.label("ops", 40).toLowerCase()}@example.com`;
  return { name, group, email };
};

const contactCommands = lifecycle(
  CONTACTS,
  (r) => {
    const body = contactFields(r);
    return {
      body,
      entry: { label: body.name, shows: [body.name, body.group, body.email], never: [] },
    };
  },
  (r, e) => {
    const body = contactFields(r);
    return {
      op: "updateManagedContact",
      body,
      apply: () =>
        Object.assign(e, { label: body.name, shows: [body.name, body.group, body.email] }),
    };
  },
  "managedContact",
);

// ---- credentials ------------------------------------------------------------------------------

const CREDENTIALS: Family = {
  what: "credential",
  list: "listManagedCredentials",
  view: "getManagedCredential",
  remove: "revokeManagedCredential",
  param: "credentialId",
  paginated: true,
};

const credentialCommands = [
  ...lifecycle(
    CREDENTIALS,
    (r) => {
      const label = r.ctx.label("cred", 75);
      return {
        body: { label, password: "Plumbline-s3cret!", username: r.ctx.label("user", 60) },
        entry: { label, shows: [label], never: [] },
      };
    },
    // the label-only update, sent with a username it must not apply
    (r, e) => {
      const label = r.ctx.label("cred", 75);
      const username = r.ctx.label("not-applied", 60);
      return {
        op: "updateManagedCredential",
        body: { label, username },
        holds: { label },
        apply: () => Object.assign(e, { label, shows: [label], never: [...e.never, username] }),
        refused: { body: { label }, apply: () => Object.assign(e, { label, shows: [label] }) },
      };
    },
    "managedCredential",
  ),
  pick.map((i) =>
    command<Model, Real>(
      `updateUsernamePassword(#${i})`,
      (m) => m.live.length > 0,
      async (m, r) => {
        const e = at(m.live, i);
        const username = r.ctx.label("user", 60);
        expectSuccess(
          await r.ctx.ops.updateManagedCredentialUsernamePassword({
            path: { credentialId: e.id },
            body: { password: "Fresh-s3cret!", username },
          }),
        );
        e.holds.username = username;
        await agree(CREDENTIALS, m, r);
      },
    ),
  ),
  pick.map((i) =>
    command<Model, Real>(
      `createWithSameLabel(#${i})`,
      (m) => m.live.length > 0,
      async (m, r) => {
        const e = at(m.live, i);
        const res = await r.ctx.fresh.attempt("managedCredential", "createManagedCredential", {
          body: { label: e.label, password: "Plumbline-s3cret!" },
          label: e.label,
        });
        expectError(res); // credential labels are unique
        await agree(CREDENTIALS, m, r);
      },
    ),
  ),
];

// ---- services ---------------------------------------------------------------------------------

const SERVICES: Family = {
  what: "service",
  list: "listManagedServices",
  view: "getManagedService",
  remove: "deleteManagedService",
  param: "serviceId",
  paginated: false,
};

/** A url service on a public host (no region); its address has query parameters and, sometimes, a fragment. */
function serviceFields(r: Real, fragment: boolean) {
  const label = r.ctx.label("svc", 64);
  const query = `probe=${r.ctx.label("q", 30)}`;
  const frag = r.ctx.label("frag", 30);
  const address = `https://example.com/health?${query}${fragment ? `#${frag}` : ""}`;
  const timeout = 1 + (label.charCodeAt(label.length - 1) % 255);
  return {
    body: { label, address, service_type: "url" as const, timeout },
    shows: [label, query, timeout],
    never: fragment ? [frag] : [],
  };
}

const serviceCommands = [
  ...often(
    fc.boolean().map((fragment) =>
      command<Model, Real>(
        `create(${fragment ? "address with a fragment" : "address"})`,
        () => true,
        async (m, r) => {
          const s = serviceFields(r, fragment);
          const made = await expectAccepted(
            r.ctx.fresh.create("managedService", "createManagedService", {
              body: s.body,
              label: s.body.label,
            }),
          );
          m.live.push({
            id: shownId(r.ctx, made, "service"),
            label: s.body.label,
            shows: s.shows,
            never: s.never,
            monitored: undefined,
            holds: { label: s.body.label, timeout: s.body.timeout },
          });
          await agree(SERVICES, m, r);
        },
      ),
    ),
  ),
  fc
    .tuple(
      pick,
      fc.subarray(["label", "address", "timeout"] as const, { minLength: 1 }),
      fc.boolean(),
    )
    .map(([i, fields, fragment]) =>
      command<Model, Real>(
        `update(#${i}: ${fields.join("+")}${fields.includes("address") && fragment ? ", address with a fragment" : ""})`,
        (m) => m.live.length > 0,
        async (m, r) => {
          const e = at(m.live, i);
          const s = serviceFields(r, fragment);
          const body = Object.fromEntries(fields.map((f) => [f, s.body[f]]));
          expectSuccess(await r.ctx.ops.updateManagedService({ path: { serviceId: e.id }, body }));
          // what the view must show now: the fields sent, and the old values of the others
          const old = { label: e.shows[0], address: e.shows[1], timeout: e.shows[2] };
          const now = {
            label: fields.includes("label") ? s.shows[0] : old.label,
            address: fields.includes("address") ? s.shows[1] : old.address,
            timeout: fields.includes("timeout") ? s.shows[2] : old.timeout,
          };
          Object.assign(e, {
            label: String(now.label),
            shows: [now.label, now.address, now.timeout],
            never: [...e.never, ...(fields.includes("address") ? s.never : [])],
          });
          Object.assign(e.holds, { label: now.label, timeout: now.timeout });
          await agree(SERVICES, m, r);
        },
      ),
    ),
  // disable applies to a monitored service, enable to one that is not (States and transitions):
  // there the move must succeed. On a service whose state is not known (a new one: whether it is
  // monitored is not said) either answer is legal, a refusal with the Error body; after it the
  // service is in the state the move leads to, whichever was taken.
  ...(["disable", "enable"] as const).map((move) =>
    pick.map((i) =>
      command<Model, Real>(
        `${move}(#${i})`,
        (m) => m.live.some((e) => e.monitored !== (move === "enable")),
        async (m, r) => {
          const e = at(
            m.live.filter((x) => x.monitored !== (move === "enable")),
            i,
          );
          const before = expectSuccess(
            await r.ctx.ops.getManagedService({ path: { serviceId: e.id } }),
          );
          const res = await loose(r.ctx.ops)[
            move === "disable" ? "disableManagedService" : "enableManagedService"
          ]({
            path: { serviceId: e.id },
          });
          if (e.monitored === undefined && res.status >= 400 && res.status < 500) {
            expectError(res);
            observe(
              "MNG-SVC-11",
              `${move} of a new service (monitoring state not known) refused`,
              res.status,
            );
          } else expectSuccess(res);
          e.monitored = move === "enable";
          // which field shows monitoring is not shown: whether the view changed is recorded
          const after = expectSuccess(
            await r.ctx.ops.getManagedService({ path: { serviceId: e.id } }),
          );
          observe(
            "MNG-SVC-11",
            `service view changed with ${move}`,
            JSON.stringify(before) !== JSON.stringify(after),
          );
          await agree(SERVICES, m, r);
        },
      ),
    ),
  ),
  removeCommand<Entry, Model, Real>(
    "delete",
    async (e, r) =>
      void expectSuccess(await r.ctx.ops.deleteManagedService({ path: { serviceId: e.id } })),
    (m, r) => agree(SERVICES, m, r),
  ),
];

describe("fuzz/stateful/managed", () => {
  check(
    {
      id: ["MNG-CONTACT-1", "MNG-CONTACT-2", "MNG-CONTACT-3"],
      op: [
        "createManagedContact",
        "updateManagedContact",
        "deleteManagedContact",
        "getManagedContact",
        "listManagedContacts",
      ],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "Contact create | POST /v4/managed/contacts | Contact fields",
        "Contact update | PUT /v4/managed/contacts/{contactId} | Contact fields",
        "Contact delete | DELETE /v4/managed/contacts/{contactId}",
        "Contact | email (string email), group (string 2..50, nullable), name (string 2..64), phone (object: primary string phone nullable, secondary string phone nullable)",
      ],
      effect: "creates",
      timeout: 120_000,
    },
    "managed contacts: after any sequence of creates, updates and deletes, list and views agree with the model",
    async (c) => {
      await runModel<Model, Real>(
        c,
        "stateful managed contacts",
        contactCommands,
        async () => ({ model: { live: [], gone: [] }, real: { ctx: c } }),
        { holds: holdsOf(CONTACTS, "managedContact") },
      );
    },
  );

  check(
    {
      id: ["MNG-CRED-1", "MNG-CRED-2", "MNG-CRED-3", "MNG-CRED-4", "MNG-CRED-5", "MNG-CRED-7"],
      op: [
        "createManagedCredential",
        "updateManagedCredential",
        "updateManagedCredentialUsernamePassword",
        "revokeManagedCredential",
        "getManagedCredential",
        "listManagedCredentials",
      ],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "Credential | label (string 2..75, required on create, unique), password (string, required on create), username (string <= 5000)",
        "The credential update operation changes the label only; username and password are changed with the dedicated update operation.",
        "Credential delete | POST /v4/managed/credentials/{credentialId}/revoke",
      ],
      effect: "creates",
      timeout: 120_000,
    },
    "managed credentials: after any sequence of creates, label updates, username and password updates, duplicate labels and revokes, list and views agree with the model",
    async (c) => {
      await runModel<Model, Real>(
        c,
        "stateful managed credentials",
        credentialCommands,
        async () => ({ model: { live: [], gone: [] }, real: { ctx: c } }),
        { holds: holdsOf(CREDENTIALS, "managedCredential") },
      );
    },
  );

  check(
    {
      id: [
        "MNG-SVC-1",
        "MNG-SVC-2",
        "MNG-SVC-3",
        "MNG-SVC-6",
        "MNG-SVC-7",
        "MNG-SVC-8",
        "MNG-SVC-11",
      ],
      op: [
        "createManagedService",
        "updateManagedService",
        "disableManagedService",
        "enableManagedService",
        "deleteManagedService",
        "getManagedService",
        "listManagedServices",
      ],
      kind: "fuzz",
      generic: "fuzz",
      clause: [
        "Service | address (string url, >= 3 chars, required on create)",
        "query parameters in address are preserved, URL fragments are dropped.",
        "Managed service | disable operation | service monitored | monitoring temporarily disabled",
        "Managed service | enable operation | service not monitored | monitoring enabled",
        "Service delete | DELETE /v4/managed/services/{serviceId}",
      ],
      effect: "creates",
      timeout: 120_000,
    },
    "managed services: after any sequence of creates, updates, disables, enables and deletes, list and views agree with the model (address fragments dropped)",
    async (c) => {
      await runModel<Model, Real>(
        c,
        "stateful managed services",
        serviceCommands,
        async () => ({ model: { live: [], gone: [] }, real: { ctx: c } }),
        { holds: holdsOf(SERVICES, "managedService") },
      );
    },
  );
});
