// A standalone reference behind a far link, for measuring a run by hand (issue 32's timings):
//   npx tsx scripts/slow-link.ts [--delay 50-200] [--close] [--window 20/1000]
// prints the plumbline flags that point a run at it, then serves until stopped (Ctrl-C); on exit
// it prints what arrived and what it refused, per token.
import { parseArgs } from "node:util";
import { startReference } from "../reference/index.ts";
import { REFERENCE_FIXTURES } from "../runner/run.ts";
import { windowProxy } from "../tests/window-proxy.ts";

const { values } = parseArgs({
  options: {
    delay: { type: "string", default: "50-200" },
    close: { type: "boolean", default: false },
    window: { type: "string" },
  },
});
const [lo, hi] = values.delay.split("-").map(Number);
const w = values.window?.split("/").map(Number);
const ref = await startReference({ port: 0 });
const proxy = await windowProxy(ref.url, {
  delayMs: [lo, hi ?? lo],
  close: values.close,
  ...(w ? { window: { requests: w[0], ms: w[1] ?? 1000 } } : {}),
});
const f = REFERENCE_FIXTURES;
// biome-ignore format: flags and their values in pairs
const flags = [
  "--target", proxy.url, "--control", `${proxy.url}/__control`,
  "--admin-token", ref.tokens.admin, "--restricted-token", ref.tokens.restricted,
  "--secondary-token", ref.tokens.secondary,
  "--fixture-region", f.region, "--fixture-type", f.type, "--fixture-larger-type", f.largerType,
  "--fixture-image", f.image, "--fixture-cluster", f.cluster,
  "--allow", "read-only,creates,billable,account-wide,destructive,concurrent",
];
process.stdout.write(`${flags.join(" ")}\n`);
const stop = async () => {
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  process.stderr.write(
    `slow-link: ${sum(proxy.arrived)} arrived, ${sum(proxy.refused)} answered 429; busiest token ${Math.max(0, ...proxy.arrived.values())}\n`,
  );
  await proxy.close();
  await ref.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
