// The reach verdicts are drawn once per code and spec, then read from the cache.
import { describe, expect, it } from "vitest";
import { reachVerdicts } from "./reach-cache.ts";

describe("reach verdicts", () => {
  it("are drawn once for a key, then given back as drawn", () => {
    const key = `test:${process.pid}:${Date.now()}`;
    let draws = 0;
    const draw = () => {
      draws++;
      return "1011";
    };
    expect(reachVerdicts(key, draw)).toBe("1011");
    expect(reachVerdicts(key, draw)).toBe("1011");
    expect(draws).toBe(1);
  });
});
