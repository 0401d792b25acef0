#!/usr/bin/env node
// The plumbline command: runner/cli.ts's main, from the bundle of plumbline's own modules
// (bin/bundle.mjs), or through tsx's loader where no bundle can be made.
import { cliModule } from "./bundle.mjs";

const { main } = await import(await cliModule());
await main(process.argv);
