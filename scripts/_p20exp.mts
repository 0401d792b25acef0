import { spawn } from "node:child_process";
import { startReference } from "../reference/index.ts";
import { countingProxy } from "../tests/counting-proxy.ts";
import { REFERENCE_FIXTURES as f } from "../runner/run.ts";
async function main() {
const ref = await startReference({ port: 0 });
const proxy = await countingProxy(ref.url);
const extra = process.argv.slice(2);
const args = ["bin/plumbline.mjs","run","--target",proxy.url,"--control",proxy.url+"/__control","--admin-token",ref.tokens.admin,"--restricted-token",ref.tokens.restricted,"--secondary-token",ref.tokens.secondary,"--fixture-region",f.region,"--fixture-type",f.type,"--fixture-larger-type",f.largerType,"--fixture-image",f.image,"--fixture-cluster",f.cluster,"--allow","read-only,creates,billable,account-wide,destructive","--report-dir","/tmp/p20p/r","--ledger-dir","/tmp/p20p/l", ...extra];
const t0 = performance.now();
const child = spawn(process.execPath, args, { cwd: "/work/wt/p20-polite", env: { ...process.env, PLUMBLINE_CONFIG: "" }, stdio: ["ignore","pipe","pipe"] });
let out = ""; child.stdout.on("data", d => out += d); child.stderr.on("data", d => out += d);
const code = await new Promise(r => child.on("close", r));
const a = proxy.arrivals;
const n = a.length;
const span = n > 1 ? (a[n-1].at - a[0].at)/1000 : 0;
// max count in any 1 s window
let mx = 0, j = 0; for (let i = 0; i < n; i++) { while (a[i].at - a[j].at >= 1000) j++; mx = Math.max(mx, i-j+1); }
console.log(out.split("\n").filter(l => l.startsWith("plumbline")).join("\n"));
const steady = n > 700 ? 0 : 0; const from = Number(process.env.FROM ?? 150), to = Math.min(n, Number(process.env.TO ?? 600)) - 1; console.log("steady rate", (to-from)/((a[to].at-a[from].at)/1000));
console.log({ code, n, span, rate: (n-1)/span, maxWindow: mx, wall: (performance.now()-t0)/1000, firstAt: (a[0]?.at - t0)/1000 });
const b = new Map(); for (const x of a) { const s = Math.floor((x.at - a[0].at)/1000); b.set(s, (b.get(s) ?? 0) + 1); } console.log([...b.entries()].map(([s,c]) => s+":"+c).join(" ")); console.log(a.slice(0,5).map(x => ((x.at-a[0].at)|0)+" "+x.method+" "+x.path).join("\n"));
await proxy.close(); await ref.close();
}
main();
