// Bodies of any depth kept to a depth every later step can walk: redaction, schema validation,
// JSON.stringify and the reporters all recurse, and a body nested 20,000 levels deep overflows
// the stack in each of them. Past MAX_DEPTH a value is replaced by a marker saying it was cut.

export const MAX_DEPTH = 64;

export function cutMarker(depth = MAX_DEPTH): string {
  return `…(cut at depth ${depth})`;
}

/** Whether JSON text nests deeper than `max` (strings skipped); stops reading once it does. */
export function nestsDeeperThan(text: string, max = MAX_DEPTH): boolean {
  // nesting past `max` needs more than `max` opening brackets: most bodies have a few, counted
  // natively, and skip the character walk
  let opening = 0;
  for (const b of ["{", "["])
    for (let i = text.indexOf(b); i >= 0 && opening <= max; i = text.indexOf(b, i + 1)) opening++;
  if (opening <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

/** A copy of `v` with everything below `max` levels replaced by the cut marker. */
export function cutDeep(v: unknown, max = MAX_DEPTH, depth = 0): unknown {
  if (v === null || typeof v !== "object") return v;
  if (depth >= max) return cutMarker(max);
  if (Array.isArray(v)) return v.map((x) => cutDeep(x, max, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = cutDeep(x, max, depth + 1);
  return out;
}
