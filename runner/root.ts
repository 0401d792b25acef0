// Where plumbline's own files are: the checkout, or node_modules/plumbline when it is installed as
// a package. vitest is started with this root and its config, not the user's working directory
// (which holds plumbline.config.yaml, reports/ and the ledger, and no suites).
import { accessSync, constants, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const PACKAGE_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** vitest's module cache: named here, not left to vite's search for a workspace above the install. */
const MODULE_CACHE = join(PACKAGE_ROOT, "node_modules", ".experimental-vitest-cache");

/** What createVitest needs to find the `conformance` projects wherever plumbline is installed. */
export function vitestLocation(): {
  root: string;
  config: string;
  configLoader?: "runner";
  experimental: { fsModuleCache: boolean; fsModuleCachePath?: string };
} {
  const where = { root: PACKAGE_ROOT, config: join(PACKAGE_ROOT, "vitest.config.ts") };
  if (writable(MODULE_CACHE))
    return { ...where, experimental: { fsModuleCache: true, fsModuleCachePath: MODULE_CACHE } };
  // an install plumbline may not write to (a global install by root, a read-only image): vite
  // loads the config without writing its bundled copy beside it, and vitest keeps no module cache
  return { ...where, configLoader: "runner", experimental: { fsModuleCache: false } };
}

function writable(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
