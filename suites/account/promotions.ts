// Account: "active_promotions | array of objects | each: credit_monthly_cap (string), …, expire_dt
// (date-time), …" is writable on update, yet promotions are credits the provider grants and what an
// update does with one it cannot hold is not shown. So a promotion member sent a value the account
// cannot hold (a malformed expire_dt, ACCT-UPDATE-4; a value of another JSON type, ACCT-UPDATE-5) is
// refused naming active_promotions or a path beneath it (Errors 2), or the update goes through and
// the value is not kept; it never ends up on the account.
import type { ApiResponse } from "../../harness/client.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { expectError, expectSuccess } from "../../harness/expect.ts";
import type { Ops } from "../../harness/ops.ts";

/**
 * Judges the answer to an account update that sent `values` (each a member's value, or a whole
 * item when `member` is undefined) in active_promotions: refused naming active_promotions or beneath
 * it, or accepted with none of them kept on a promotion. Which of the two it was is returned.
 */
export async function judgeUnheldPromotion(
  ops: Ops,
  res: ApiResponse,
  member: string | undefined,
  values: unknown[],
  id: string,
): Promise<"refused" | "not kept"> {
  if (res.status >= 400 && res.status < 500) {
    const fields = expectError(res).map((e) => e.field);
    if (!fields.some((f) => typeof f === "string" && /^active_promotions(\.|$)/.test(f)))
      throw new TargetFailure(
        `the refusal names ${JSON.stringify(fields)}, not active_promotions or a path beneath it (${id})`,
      );
    return "refused";
  }
  expectSuccess(res);
  const sent = values.map((v) => JSON.stringify(v));
  const promotions: any[] = expectSuccess(await ops.getAccount()).active_promotions ?? [];
  const kept = promotions.filter((p) =>
    member === undefined
      ? sent.includes(JSON.stringify(p))
      : p !== null &&
        typeof p === "object" &&
        member in p &&
        sent.includes(JSON.stringify(p[member])),
  );
  if (kept.length)
    throw new TargetFailure(
      `the account keeps a promotion holding ${member ?? "the item"} ${member === undefined ? JSON.stringify(kept[0]) : JSON.stringify(kept[0][member])}, a value it cannot hold (${id})`,
    );
  return "not kept";
}
