import { describe, expect, it } from "vitest";
import { byWorst, OUTCOME_ORDER, worst } from "./rollup.ts";

describe("worst-of rollup", () => {
  it("orders fail > error > skip > pass", () => {
    expect(OUTCOME_ORDER).toEqual(["fail", "error", "skip", "pass"]);
    expect(worst(["pass", "skip"])).toBe("skip");
    expect(worst(["pass", "skip", "error"])).toBe("error");
    expect(worst(["error", "fail", "skip", "pass"])).toBe("fail");
    expect(worst(["pass", "pass"])).toBe("pass");
  });
  it("is untested with no member, and ignores untested members", () => {
    expect(worst([])).toBe("untested");
    expect(worst(["untested", "pass"])).toBe("pass");
    expect(worst(["untested"])).toBe("untested");
  });
  it("does not depend on the members' order", () => {
    const all = ["pass", "skip", "error", "fail"] as const;
    for (let i = 0; i < all.length; i++) {
      const rotated = [...all.slice(i), ...all.slice(0, i)];
      expect(worst(rotated)).toBe("fail");
    }
  });
  it("sorts worst first, untested last", () => {
    expect((["pass", "untested", "fail", "skip", "error"] as const).slice().sort(byWorst)).toEqual([
      "fail",
      "error",
      "skip",
      "pass",
      "untested",
    ]);
  });
});
