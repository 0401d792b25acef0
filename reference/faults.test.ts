// FAULTS.md is the list people read; it must name every fault the code has, with the same requirement.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_FAULTS, faultNamesError } from "./app.ts";
import { Faults } from "./faults.ts";

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

describe("a fault with a rate (name~0.5)", () => {
  const name = ALL_FAULTS[0].name;
  const draws = (seed: number) => {
    const f = new Faults(ALL_FAULTS, [`${name}~0.5`], seed);
    return Array.from({ length: 40 }, () => f.has(name));
  };
  it("fires on some of the times it is asked, the same ones for the same seed", () => {
    const a = draws(7);
    expect(a.filter(Boolean).length).toBeGreaterThan(5);
    expect(a.filter((x) => !x).length).toBeGreaterThan(5);
    expect(draws(7)).toEqual(a);
    expect(draws(8)).not.toEqual(a);
  });
  it("refuses a rate that is not above 0 and at most 1, naming the fault", () => {
    expect(faultNamesError([`${name}~2`])).toMatch(new RegExp(`fault ${name}: a rate`));
    expect(faultNamesError([`${name}~0.25`])).toBeUndefined();
    expect(faultNamesError(["no-such-fault"])).toMatch(/unknown fault/);
  });
});
