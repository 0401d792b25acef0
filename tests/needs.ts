// What a few of plumbline's own tests need from outside the checkout: the material (to cross-check
// the spec and the catalog against it) and a Chromium (to render conformance.html). Each is looked
// up the usual ways. Where it is absent, the tests that need it skip with one note naming the group,
// why and how to enable it (tests/plain-summary.ts prints these notes on npm test's last line);
// in CI (`CI` set, as .ci/run does) an absent need fails instead, so CI always runs everything.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const DEFAULT_MATERIAL = "../shared/material/cloud-api-v4.md";

type Env = Record<string, string | undefined>;

/** A group of tests and what they need: the path found, or why it is missing and how to get it. */
export interface Need {
  group: string;
  path?: string;
  missing?: string;
}
type Exists = (path: string) => boolean;

export const inCI = (env: Env = process.env) => !!env.CI && env.CI !== "false" && env.CI !== "0";

/** The material: PLUMBLINE_MATERIAL (relative to the project root), else ../shared/material/cloud-api-v4.md. */
export function findMaterial(env: Env = process.env, exists: Exists = existsSync): Need {
  const group = "material cross-checks";
  const path = resolve(ROOT, env.PLUMBLINE_MATERIAL || DEFAULT_MATERIAL);
  if (exists(path)) return { group, path };
  const setting = env.PLUMBLINE_MATERIAL
    ? "PLUMBLINE_MATERIAL"
    : `the material (default ${DEFAULT_MATERIAL})`;
  return {
    group,
    missing: `${setting} not found at ${path}; set PLUMBLINE_MATERIAL to cloud-api-v4.md to check the spec and catalog against it`,
  };
}

/** ../shared/tools/spec-operations.py lives beside the material's folder and reads the material from there. */
export function findOperationsTool(material: Need, exists: Exists = existsSync): Need {
  const group = "spec-operations.py cross-check";
  if (!material.path)
    return { group, missing: "runs the tool that lives beside the material, which was not found" };
  const path = join(dirname(material.path), "..", "tools", "spec-operations.py");
  return exists(path) ? { group, path } : { group, missing: `no ${path} beside the material` };
}

const BROWSER_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];
const BROWSER_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

/** The browser playwright-core would download for itself (`npx playwright-core install chromium`). */
function playwrightBrowser(): string | undefined {
  try {
    const { chromium } = createRequire(import.meta.url)("playwright-core") as {
      chromium: { executablePath(): string };
    };
    return chromium.executablePath();
  } catch {
    return undefined; // playwright-core not installed, or no browser registered for this platform
  }
}

/**
 * A Chromium: PLUMBLINE_BROWSER or CHROMIUM if set (and then only that: an explicit setting is never
 * silently replaced by another browser), else the usual names on PATH and system paths, else a
 * playwright-managed browser.
 */
export function findBrowser(
  env: Env = process.env,
  exists: Exists = existsSync,
  managed = playwrightBrowser,
): Need {
  const group = "browser rendering";
  const setting = env.PLUMBLINE_BROWSER
    ? "PLUMBLINE_BROWSER"
    : env.CHROMIUM
      ? "CHROMIUM"
      : undefined;
  if (setting) {
    const path = env[setting]!;
    return exists(path)
      ? { group, path }
      : { group, missing: `${setting}=${path} does not exist; point it at a Chromium or Chrome` };
  }
  const onPath = (env.PATH ?? "")
    .split(delimiter)
    .filter(Boolean)
    .flatMap((d) => BROWSER_NAMES.map((n) => join(d, n)));
  for (const path of [...onPath, ...BROWSER_PATHS]) if (exists(path)) return { group, path };
  const pw = managed();
  if (pw && exists(pw)) return { group, path: pw };
  return {
    group,
    missing:
      "no Chromium found; install one (apt-get install chromium, or npx playwright-core install chromium) or set PLUMBLINE_BROWSER to its path",
  };
}

/** The skip note: "<group> (<why and how to enable>)", the form the summary line lists. */
export const skipNote = (need: Need) => `${need.group} (${need.path ? "found" : need.missing})`;

/**
 * The path a test needs. Absent: outside CI the test skips with the group's note; in CI it fails,
 * naming what is missing.
 */
export function need(n: Need, ctx: { skip(note?: string): never }, env: Env = process.env): string {
  if (n.path) return n.path;
  if (inCI(env))
    throw new Error(
      `${n.group}: ${n.missing} (CI runs every group: a missing need is a failure there)`,
    );
  return ctx.skip(skipNote(n));
}
