// A user's first run: a copy of the checkout with no ../shared beside it, no browser, outside CI,
// passes and names what it skipped. Only the three test files that need something from outside the
// checkout run in the copy (the rest of npm test reads nothing outside it, and running all of it
// again would double CI time); the environment is made bare: PLUMBLINE_MATERIAL unset and the
// default ../shared unreachable, PLUMBLINE_BROWSER pointing nowhere, CI unset, PATH without chromium.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./needs.ts";

const FILES = ["spec/openapi.test.ts", "spec/catalog.test.ts", "reporter/html.test.ts"];
const BROWSERS = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];
const LEFT_OUT = new Set(["node_modules", ".git", "reports", ".plumbline"]);

/** The checkout's files in <tmp>/clone/plumbline (so ../shared is <tmp>/clone/shared, absent), node_modules linked. */
function copyCheckout(): string {
  const copy = join(mkdtempSync(join(tmpdir(), "plb-clone-")), "plumbline");
  cpSync(ROOT, copy, {
    recursive: true,
    filter: (src) => !LEFT_OUT.has(relative(ROOT, src).split("/")[0]),
  });
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"), "dir");
  return copy;
}

/** PATH with every directory that holds a browser replaced by a mirror of it without the browser. */
function pathWithoutBrowser(copy: string): string {
  return (process.env.PATH ?? "")
    .split(delimiter)
    .filter(Boolean)
    .map((dir, i) => {
      if (!BROWSERS.some((b) => existsSync(join(dir, b)))) return dir;
      const mirror = join(copy, "..", `path-${i}`);
      mkdirSync(mirror);
      for (const name of readdirSync(dir))
        if (!BROWSERS.includes(name)) symlinkSync(join(dir, name), join(mirror, name));
      return mirror;
    })
    .join(delimiter);
}

describe("a fresh clone: no material, no browser", () => {
  const copy = copyCheckout();
  afterAll(() => rmSync(join(copy, ".."), { recursive: true, force: true }));

  it("passes the tests that need them, skipping both groups by name", { timeout: 180_000 }, () => {
    expect(existsSync(join(copy, "..", "shared")), "../shared of the copy").toBe(false);
    const env: Record<string, string | undefined> = {
      ...process.env,
      PATH: pathWithoutBrowser(copy),
      PLUMBLINE_BROWSER: join(copy, "..", "no-browser"),
    };
    for (const k of ["CI", "PLUMBLINE_MATERIAL", "CHROMIUM"]) delete env[k];
    const r = spawnSync(
      process.execPath,
      ["node_modules/vitest/vitest.mjs", "run", "--project", "unit", ...FILES],
      { cwd: copy, env, encoding: "utf8", timeout: 170_000 },
    );
    const out = r.stdout + r.stderr;
    expect(r.status, out.slice(-3000)).toBe(0);
    const summary = out.trimEnd().split("\n").at(-1)!;
    expect(summary).toMatch(/^\d+ passed, 0 failed, \d+ skipped; skipped: /);
    expect(summary).toContain(
      "material cross-checks (the material (default ../shared/material/cloud-api-v4.md) not found at ",
    );
    expect(summary).toContain("browser rendering (PLUMBLINE_BROWSER=");
    expect(summary).toContain("spec-operations.py cross-check (");
    expect(summary).not.toContain("with no reason given");
  });
});
