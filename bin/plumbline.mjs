#!/usr/bin/env node
// Placeholder CLI until the harness lands: `run` checks the spec only; it does not test a target.
import { spawnSync } from "node:child_process";
const cmd = process.argv[2] ?? "run";
if (cmd !== "run") {
  console.error(`plumbline: '${cmd}' is not available yet; only 'run' (spec checks) exists.`);
  process.exit(2);
}
console.log("plumbline: no harness yet; checking spec/openapi.yaml and spec/requirements.yaml only.");
const r = spawnSync("npx", ["vitest", "run", "--project", "unit", "spec/"], { stdio: "inherit" });
process.exit(r.status ?? 1);
