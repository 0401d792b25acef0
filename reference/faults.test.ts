// FAULTS.md is the list people read; it must name every fault the code has, with the same requirement.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_FAULTS } from "./app.ts";

const doc = readFileSync(new URL("./FAULTS.md", import.meta.url), "utf8");
const rows = new Map([...doc.matchAll(/^\| `([^`]+)` \| ([^ |]+) \|/gm)].map((m) => [m[1], m[2]]));

describe("reference/FAULTS.md", () => {
  it.each(ALL_FAULTS.map((f) => [f.name, f.requirement]))(
    "lists %s as breaking %s",
    (name, requirement) => {
      expect(rows.get(name)).toBe(requirement);
    },
  );

  it("lists no fault the code lacks", () => {
    expect([...rows.keys()].filter((n) => !ALL_FAULTS.some((f) => f.name === n))).toEqual([]);
  });
});
