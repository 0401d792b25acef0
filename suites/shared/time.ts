// Time spans the material states, as instants a check compares timestamps with.

/** The date 90 days before now, less a minute of slack for clocks (event retention, login history). */
export const ninetyDaysAgo = (): number => Date.now() - 90 * 86_400_000 - 60_000;
