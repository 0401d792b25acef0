// The custom formats spec/openapi.yaml uses. Every validator of the document registers them
// (spec/validate.ts, spec/openapi.test.ts); the reference target never reads this file.
//
// `iso-date-time`: the policy's MUST for timestamps (spec/README.md, "Policy"). The material says
// only "Timestamps are strings of format date-time" (Conventions 7) and never names RFC 3339, so
// an ISO 8601 calendar date and time passes with or without a UTC offset (`2018-01-02T03:04:05`,
// as deployed services of this API family write it). The offset RFC 3339 asks for is a SHOULD,
// checked by `hasUtcOffset` in suites/conventions/time.test.ts.

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const RFC3339_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** An ISO 8601 date and time (extended form), offset optional, with values inside their calendar ranges. */
export function isIsoDateTime(s: string): boolean {
  const m = ISO_DATE_TIME.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m
    .slice(1, 7)
    .map((x) => (x === undefined ? 0 : Number(x)));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60
  );
}

/** The RFC 3339 form: seconds and a UTC offset (`Z` or `±hh:mm`). The SHOULD of the timestamp policy. */
export function hasUtcOffset(s: string): boolean {
  return isIsoDateTime(s) && RFC3339_OFFSET.test(s);
}

/** Formats to register on an ajv instance: name → check. */
export const SPEC_FORMATS: Record<string, (s: string) => boolean> = {
  "iso-date-time": isIsoDateTime,
};

/** Milliseconds since the epoch of a timestamp; one written without an offset is read as UTC (the policy). */
export function timestampMs(s: string): number {
  if (typeof s !== "string" || !isIsoDateTime(s)) return NaN;
  return Date.parse(/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(s) ? s : `${s}Z`);
}
