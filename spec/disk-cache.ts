// What plumbline keeps between processes under node_modules/.cache/plumbline: parsed YAML
// (spec/yaml-cache.ts), compiled validators (spec/compiled-cache.ts), the generators' reach
// verdicts (generators/reach-cache.ts). Every worker of every run would otherwise work each out
// again. Each entry is named by a hash of all it depends on, so an edit starts a new one; where
// the cache cannot be written (a read-only checkout), the work is simply done every time.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** plumbline's root (the checkout, or the installed package). */
export const ROOT = fileURLToPath(new URL("../", import.meta.url));

export const CACHE_DIR = join(ROOT, "node_modules/.cache/plumbline/");

/**
 * Writes `text` whole under another name, then renames it: a worker reading meanwhile never sees
 * half. False where it cannot be written.
 */
export function writeWhole(file: string, text: string): boolean {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
    return true;
  } catch {
    return false;
  }
}

/** A hash of these files of plumbline's (paths from its root); undefined where one cannot be read. */
export function hashOfFiles(paths: readonly string[]): string | undefined {
  try {
    const hash = createHash("sha256");
    for (const p of paths) hash.update(p).update(readFileSync(join(ROOT, p)));
    return hash.digest("hex");
  } catch {
    return undefined;
  }
}
