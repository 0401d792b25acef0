#!/usr/bin/env node
// The plumbline command: runs runner/cli.ts (TypeScript) through tsx's ESM loader.
import { register } from "tsx/esm/api";
register();
const { main } = await import("../runner/cli.ts");
await main(process.argv);
