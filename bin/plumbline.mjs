#!/usr/bin/env node
// The plumbline command: runs harness/cli.ts (TypeScript) through tsx's ESM loader.
import { register } from "tsx/esm/api";
register();
const { main } = await import("../harness/cli.ts");
await main(process.argv);
