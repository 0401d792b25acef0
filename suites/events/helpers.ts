// Helpers of the events suite: fresh events made through OAuth client operations (which action
// each operation records is not shown: observed only).
import { TargetFailure } from "../../harness/errors.ts";
import { expectSuccess, observe } from "../../harness/expect.ts";
import type { CheckContext } from "../../harness/check.ts";
import type { Ops } from "../../harness/ops.ts";
import { allEvents, eventsOfWrite } from "../shared/pages.ts";

const maxId = (events: any[]) =>
  events.reduce((m, e) => (typeof e.id === "number" && e.id > m ? e.id : m), 0);

/**
 * Creates an OAuth client and updates it `updates` times, then answers the events that appeared
 * meanwhile (any cause), oldest ID first. The actions seen are recorded as INFO (EVT-ACTION-2).
 */
export async function freshEvents(
  ctx: Pick<CheckContext, "ops" | "fresh" | "config">,
  updates: number,
): Promise<any[]> {
  const { ops, fresh } = ctx;
  const before = maxId(await allEvents(ops));
  const client = await fresh.oauthClient();
  for (let i = 0; i < updates; i++)
    await ops.updateOAuthClient({
      path: { clientId: client.id },
      body: { label: `${client.label}-${i}` },
    });
  // events may show a little after their write: one per write is waited for, within the window
  const events = (await eventsOfWrite(ctx, (e) => e.id > before, updates + 1)).sort(
    (a, b) => a.id - b.id,
  );
  observe("EVT-ACTION-2", `actions recorded after an OAuth client create and ${updates} updates`, [
    ...new Set(events.map((e) => e.action)),
  ]);
  return events;
}

/** The `read` or `seen` flag of one event, as its view answers it. */
export async function flag(ops: Ops, id: number, name: "read" | "seen"): Promise<unknown> {
  return expectSuccess(await ops.getEvent({ path: { eventId: id } }))[name];
}

export function expectFlag(id: number, name: string, got: unknown, want: boolean): void {
  if (got !== want)
    throw new TargetFailure(`event ${id} has ${name} ${JSON.stringify(got)}, expected ${want}`);
}
