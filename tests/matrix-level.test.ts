// The authorization matrix's two levels: `full` asks every cell the material decides; `classes`
// asks every operation once per principal class (and the refusals a scope or a grant exists for),
// never a column `full` does not. A bad level is refused naming the setting.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../harness/config.ts";
import { COLUMNS, type Column } from "../harness/principals.ts";
import { catalogOps } from "../suites/authz/cell.ts";
import { expected, inMatrix, isWrite, opScopes } from "../suites/authz/cells.ts";

const columns = Object.keys(COLUMNS) as Column[];
const catalog = catalogOps();
const asked = (level: "classes" | "full") =>
  [...opScopes().keys()].flatMap((op) =>
    columns
      .filter((c) => inMatrix(op, c, level) && expected(op, c, catalog))
      .map((c) => `${c} × ${op}`),
  );

describe("--matrix", () => {
  it("classes is a subset of full that still asks every operation of a principal class", () => {
    const full = asked("full");
    const classes = asked("classes");
    expect(classes.every((c) => full.includes(c))).toBe(true);
    expect(classes.length).toBeLessThan(full.length);
    for (const op of opScopes().keys()) {
      if (expected(op, "anonymous", catalog)) expect(classes).toContain(`anonymous × ${op}`);
      if (isWrite(op) && expected(op, "token:read_only", catalog)?.expect === "refused")
        expect(classes).toContain(`token:read_only × ${op}`);
    }
  });

  it("defaults to full; a bad level is refused naming the flag", () => {
    expect(loadConfig({ env: {}, file: undefined }).matrix).toBe("full");
    expect(loadConfig({ env: { PLUMBLINE_MATRIX: "classes" }, file: undefined }).matrix).toBe(
      "classes",
    );
    expect(() => loadConfig({ flags: { matrix: "half" }, env: {}, file: undefined })).toThrow(
      /--matrix/,
    );
  });
});
