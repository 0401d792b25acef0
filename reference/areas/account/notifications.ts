// Notifications: listed while their cause lasts (an unpaid balance; a notice before its `until`).
import type { ProviderState } from "../../area.ts";
import { paginate } from "../../paginate.ts";
import type { Ctx, Router } from "../../router.ts";
import type { Account } from "../../state.ts";
import { accountData, accountEntity, money, type Notice } from "./common.ts";

/** Notifications still caused by a current circumstance (unpaid balance; a notice before its `until`). */
function currentNotices(ctx: Ctx): Notice[] {
  const d = accountData(ctx.state, ctx.account);
  const now = ctx.state.now().getTime();
  if (
    ctx.account.balance > 0 &&
    !d.notices.some((n) => n.kind === "payment_due" && resolved(ctx.account, n, now) === false)
  ) {
    d.notices.push({
      kind: "payment_due",
      body: null,
      entity: accountEntity(ctx.account),
      label: "Payment due",
      message: `Your account has an outstanding balance of $${money(ctx.account.balance).toFixed(2)}.`,
      severity: "major",
      type: "payment_due",
      until: null,
      when: ctx.state.iso(),
    });
  }
  if (ctx.faults.has("notification-not-resolved")) return d.notices;
  d.notices = d.notices.filter((n) => !resolved(ctx.account, n, now));
  return d.notices;
}

function resolved(account: Account, n: Notice, now: number): boolean {
  if (n.kind === "payment_due") return account.balance <= 0;
  return n.until !== null && Date.parse(n.until) <= now;
}

export function registerNotifications(r: Router) {
  r.get("/v4/account/notifications", "account:read_only", (ctx) =>
    paginate(
      ctx,
      currentNotices(ctx).map(({ kind: _kind, ...n }) => n),
    ),
  );
}

/** `notification`: a `notice` on account A until one hour from now. */
export const notificationState: ProviderState = (c) => {
  const a = c.seeded.accountA;
  const d = accountData(c.state, a);
  const now = c.state.now().getTime();
  const label = `Scheduled network maintenance ${c.state.id()}`;
  d.notices.push({
    kind: "notice",
    body: null,
    entity: accountEntity(a),
    label,
    message: "Network maintenance is scheduled; brief interruptions are possible.",
    severity: "minor",
    type: "notice",
    until: c.state.iso(new Date(now + 3_600_000)),
    when: c.state.iso(new Date(now)),
  });
  return { label };
};
