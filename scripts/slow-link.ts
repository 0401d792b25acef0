// A standalone reference behind a far link, for measuring a run by hand (issue 32's timings):
//   npx tsx scripts/slow-link.ts [--delay 50-200] [--write-delay 300] [--close] [--window 20/1000]
//     [--record FILE]
// prints the plumbline flags that point a run at it, then serves until stopped (Ctrl-C, SIGTERM);
// on exit it prints what arrived and what it refused: the time from the first request to the last,
// the busiest token's requests and, with a window, the floor they set (requests ÷ the window's
// rate) and the 429s per minute after the first 30 s (--record writes the same as JSON).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startReference } from "../reference/index.ts";
import { referenceTargetArgs } from "../tests/plumbline-child.ts";
import { windowProxy } from "../tests/window-proxy.ts";

const { values } = parseArgs({
  options: {
    delay: { type: "string", default: "50-200" },
    "write-delay": { type: "string", default: "0" },
    record: { type: "string" },
    close: { type: "boolean", default: false },
    window: { type: "string" },
  },
});
const [lo, hi] = values.delay.split("-").map(Number);
const w = values.window?.split("/").map(Number);
const ref = await startReference({ port: 0 });
const proxy = await windowProxy(ref.url, {
  delayMs: [lo, hi ?? lo],
  writeDelayMs: Number(values["write-delay"]),
  close: values.close,
  ...(w ? { window: { requests: w[0], ms: w[1] ?? 1000 } } : {}),
});
const flags = [
  ...referenceTargetArgs(proxy.url, ref),
  "--allow",
  "read-only,creates,billable,account-wide,destructive,concurrent",
];
process.stdout.write(`${flags.join(" ")}\n`);
const stop = async () => {
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const first = proxy.firstAt ?? 0;
  const seconds = ((proxy.lastAt ?? first) - first) / 1000;
  const busiest = Math.max(0, ...proxy.arrived.values());
  const perSecond = w ? (w[0] * 1000) / (w[1] ?? 1000) : undefined;
  // once the rate is found: the refusals after the first 30 s, per minute of the rest
  const late = proxy.refusedAt.filter((t) => t - first >= 30_000).length;
  const record = {
    seconds: Math.round(seconds * 10) / 10,
    arrived: sum(proxy.arrived),
    refused: sum(proxy.refused),
    busiest,
    // the five busiest tokens (a run makes many of its own, most used once)
    perToken: [...proxy.arrived]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([token, n]) => ({ arrived: n, refused: proxy.refused.get(token) ?? 0 })),
    ...(perSecond
      ? {
          floorSeconds: Math.round((busiest / perSecond) * 10) / 10,
          ofFloor: Math.round((seconds / (busiest / perSecond)) * 100) / 100,
          refusedAfter30s: late,
          refusedPerMinuteAfter30s:
            seconds > 30 ? Math.round((late / ((seconds - 30) / 60)) * 10) / 10 : undefined,
          refusedBySecond: proxy.refusedAt.map((t) => Math.round((t - first) / 100) / 10),
        }
      : {}),
  };
  if (values.record) writeFileSync(values.record, `${JSON.stringify(record)}\n`);
  const {
    refusedBySecond: _,
    perToken: __,
    ...shown
  } = record as typeof record & {
    refusedBySecond?: number[];
  };
  process.stderr.write(`slow-link: ${JSON.stringify(shown)}\n`);
  await proxy.close();
  await ref.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
