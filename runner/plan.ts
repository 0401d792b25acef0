// `plumbline plan`: what a run would do, by side-effect class, without sending a request.
// vitest collects the suites (declaring tests runs no check); check() put each test's static
// metadata in task.meta at declaration, which is all the plan needs.
import { conformanceVitest } from "./vitest.ts";
import type { Config } from "../harness/config.ts";
import { SIDE_EFFECTS } from "../harness/config.ts";
import type { CheckMeta, SideEffect } from "../harness/model.ts";

export interface PlannedCheck {
  name: string;
  file: string;
  meta?: CheckMeta;
}

/**
 * The suite folders a run reads: one per selected area, the invariants written once over every kind,
 * the authorization matrix and the fuzz suite (their checks skip unselected areas themselves).
 */
export const suiteFilters = (areas: readonly string[]): string[] => [
  ...areas.map((a) => `suites/${a}/`),
  "suites/invariants/",
  "suites/authz/",
  "suites/fuzz/",
];

export async function plan(
  config: Config,
  filters = suiteFilters(config.areas),
): Promise<PlannedCheck[]> {
  const vitest = await conformanceVitest(config, []);
  try {
    const result = await vitest.collect(filters);
    const out: PlannedCheck[] = [];
    for (const m of result.testModules) {
      for (const tc of m.children.allTests())
        out.push({ name: tc.name, file: m.relativeModuleId, meta: tc.meta().plumbline });
    }
    return out;
  } finally {
    await vitest.close();
  }
}

export function renderPlan(checks: PlannedCheck[], config: Config): string {
  const lines: string[] = [];
  const target = config.target ?? "the embedded reference target (started by `plumbline run`)";
  lines.push(`plumbline plan: ${checks.length} checks against ${target}; nothing is sent`);
  lines.push(
    `allowed side-effect classes: ${config.allow.join(", ")}; labels ${config.labelPrefix}*`,
    "",
  );
  const groups = new Map<SideEffect | "undeclared", PlannedCheck[]>();
  for (const c of checks) {
    const k = c.meta?.sideEffect ?? "undeclared";
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  for (const cls of [...SIDE_EFFECTS, "undeclared" as const]) {
    const list = groups.get(cls);
    if (!list?.length) continue;
    const verdict =
      cls === "undeclared"
        ? "not declared through check()"
        : config.allow.includes(cls)
          ? "will run"
          : "will be skipped (not allowed)";
    lines.push(`${cls}: ${list.length} checks, ${verdict}`);
    for (const c of list) {
      const ops = c.meta?.operationIds.length ? `  → ${c.meta.operationIds.join(", ")}` : "";
      lines.push(`  ${c.name} [${c.meta?.level ?? "?"}]${ops}`);
    }
    lines.push("");
  }
  return lines.join("\n");
}
