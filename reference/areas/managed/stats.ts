// Managed stats: 24 hours of five-minute points per series, scaled by the account's instance count.
import { ok } from "../../http.ts";
import type { Ctx, Router } from "../../router.ts";
import { R } from "./common.ts";

const STAT_KEYS = ["cpu", "disk", "swap", "net_in", "net_out"] as const;

function stats(ctx: Ctx) {
  const n = ctx.account.vms.size;
  const end = Math.floor(ctx.state.now().getTime() / 300_000) * 300_000;
  const data: Record<string, { x: number; y: number }[]> = {};
  STAT_KEYS.forEach((k, ki) => {
    const pts: { x: number; y: number }[] = [];
    for (let i = 287; i >= 0; i--) {
      const x = end - i * 300_000;
      const y =
        n === 0 ? 0 : Math.round(n * (10 + ki * 3 + 5 * Math.sin(x / 3_600_000 + ki)) * 100) / 100;
      pts.push({ x, y });
    }
    data[k] = pts;
  });
  return { data };
}

export function registerStats(r: Router) {
  r.get("/v4/managed/stats", R, (ctx) => ok(stats(ctx)));
}
