// The lookups of tests/needs.ts and the summary's skipped-groups line, with the file system injected.
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { findBrowser, findMaterial, findOperationsTool, need, ROOT, skipNote } from "./needs.ts";
import { skippedGroups } from "./plain-summary.ts";

const only =
  (...paths: string[]) =>
  (p: string) =>
    paths.includes(p);
const nothing = () => false;
const noManaged = () => undefined;
const skipper = {
  skip: (note?: string): never => {
    throw new Error(`skipped: ${note}`);
  },
};

describe("finding the material", () => {
  it("PLUMBLINE_MATERIAL wins, relative to the project root; else ../shared/material/cloud-api-v4.md", () => {
    expect(findMaterial({ PLUMBLINE_MATERIAL: "/m/api.md" }, only("/m/api.md")).path).toBe(
      "/m/api.md",
    );
    expect(
      findMaterial({ PLUMBLINE_MATERIAL: "docs/api.md" }, only(join(ROOT, "docs/api.md"))).path,
    ).toBe(join(ROOT, "docs/api.md"));
    const def = join(dirname(ROOT), "shared/material/cloud-api-v4.md");
    expect(findMaterial({ PLUMBLINE_MATERIAL: "" }, only(def)).path).toBe(def);
  });

  it("absent: says where it looked and how to enable the group", () => {
    const m = findMaterial({ PLUMBLINE_MATERIAL: "/nowhere.md" }, nothing);
    expect(m.path).toBeUndefined();
    expect(skipNote(m)).toBe(
      "material cross-checks (PLUMBLINE_MATERIAL not found at /nowhere.md; set PLUMBLINE_MATERIAL to cloud-api-v4.md to check the spec and catalog against it)",
    );
    expect(skipNote(findMaterial({}, nothing))).toMatch(
      /^material cross-checks \(the material \(default \.\.\/shared\/material\/cloud-api-v4\.md\) not found at \//,
    );
  });

  it("the spec-operations tool is looked for beside the material's folder", () => {
    const m = findMaterial(
      { PLUMBLINE_MATERIAL: "/s/material/api.md" },
      only("/s/material/api.md"),
    );
    expect(findOperationsTool(m, only("/s/tools/spec-operations.py")).path).toBe(
      "/s/tools/spec-operations.py",
    );
    expect(findOperationsTool(m, nothing).path).toBeUndefined();
    expect(
      findOperationsTool(findMaterial({ PLUMBLINE_MATERIAL: "/x" }, nothing), () => true).path,
    ).toBeUndefined();
  });
});

describe("finding a browser", () => {
  it("PLUMBLINE_BROWSER, then CHROMIUM; an explicit setting that does not exist is not replaced by another browser", () => {
    expect(
      findBrowser({ PLUMBLINE_BROWSER: "/a", CHROMIUM: "/b" }, () => true, noManaged).path,
    ).toBe("/a");
    expect(findBrowser({ CHROMIUM: "/b" }, () => true, noManaged).path).toBe("/b");
    const gone = findBrowser({ PLUMBLINE_BROWSER: "/gone" }, (p) => p !== "/gone", noManaged);
    expect(gone.path).toBeUndefined();
    expect(skipNote(gone)).toBe(
      "browser rendering (PLUMBLINE_BROWSER=/gone does not exist; point it at a Chromium or Chrome)",
    );
  });

  it("else the usual names on PATH, then the system paths, then a playwright-managed browser", () => {
    expect(
      findBrowser(
        { PATH: "/opt/x:/opt/y" },
        only("/opt/y/google-chrome", "/usr/bin/chromium"),
        noManaged,
      ).path,
    ).toBe("/opt/y/google-chrome");
    expect(findBrowser({ PATH: "/opt/x" }, only("/usr/bin/chromium-browser"), noManaged).path).toBe(
      "/usr/bin/chromium-browser",
    );
    expect(findBrowser({}, only("/pw/chrome"), () => "/pw/chrome").path).toBe("/pw/chrome");
    expect(
      findBrowser({}, nothing, () => "/pw/chrome").path,
      "a managed path that is not on disk",
    ).toBeUndefined();
  });

  it("none: names how to get one", () => {
    expect(skipNote(findBrowser({ PATH: "/opt/x" }, nothing, noManaged))).toBe(
      "browser rendering (no Chromium found; install one (apt-get install chromium, or npx playwright-core install chromium) or set PLUMBLINE_BROWSER to its path)",
    );
  });
});

describe("need()", () => {
  const missing = findBrowser({ PLUMBLINE_BROWSER: "/gone" }, nothing, noManaged);

  it("gives the path when found", () => {
    expect(need({ group: "g", path: "/p" }, skipper, { CI: "1" })).toBe("/p");
  });

  it("skips with the group's note outside CI, fails in CI", () => {
    expect(() => need(missing, skipper, {})).toThrow(
      "skipped: browser rendering (PLUMBLINE_BROWSER=/gone does not exist",
    );
    expect(() => need(missing, skipper, { CI: "false" })).toThrow(/^skipped: /);
    expect(() => need(missing, skipper, { CI: "1" })).toThrow(
      /^browser rendering: PLUMBLINE_BROWSER=\/gone does not exist.*CI runs every group/,
    );
  });
});

describe("the summary's skipped groups", () => {
  it("names each distinct note once, counts skips with no reason, and says nothing when nothing was skipped", () => {
    expect(skippedGroups([])).toBe("");
    expect(skippedGroups(["a (x)", "a (x)", "b (y)", undefined])).toBe(
      "; skipped: a (x), b (y), 1 with no reason given",
    );
  });
});
