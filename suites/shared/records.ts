// Reading records whose bodies the material does not show: a value sent is looked for among the
// leaves of a later view or list item (any depth, any field name).
import { TargetFailure } from "../../harness/errors.ts";

/** Whether `value` is one of the leaves of `record` (any depth, any field name). */
export function containsValue(record: unknown, value: unknown): boolean {
  if (record === value) return true;
  if (record && typeof record === "object")
    return Object.values(record).some((v) => containsValue(v, value));
  return false;
}

/** Fails unless every value is a leaf of the record: the record reflects what was sent. */
export function expectContainsValues(record: unknown, what: string, ...values: unknown[]): void {
  const missing = values.filter((v) => !containsValue(record, v));
  if (missing.length)
    throw new TargetFailure(
      `${what} does not show the value(s) sent: ${JSON.stringify(missing)}; got ${JSON.stringify(record).slice(0, 300)}`,
    );
}

/** Every string leaf of a record. */
export function stringLeaves(record: unknown): string[] {
  if (typeof record === "string") return [record];
  if (record && typeof record === "object") return Object.values(record).flatMap(stringLeaves);
  return [];
}
