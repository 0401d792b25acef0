// Small text helpers shared by the renderers: body previews and the symbols of outcomes.
import type { CellOutcome } from "./rollup.ts";
import type { ReportCheck, RunReport } from "./types.ts";

export const SYMBOL: Record<CellOutcome, string> = {
  pass: "✅",
  fail: "❌",
  skip: "⏭",
  error: "⚠",
  untested: "·",
};
export const LEGEND =
  "✅ pass · ❌ fail · ⏭ skip · ⚠ error (plumbline or environment) · `·` untested";

/** A check's name, led by the requirement IDs its name does not already carry. */
export function checkTitle(c: { name: string; requirementIds: string[] }): string {
  const missing = c.requirementIds.filter((id) => !c.name.includes(id));
  return `${missing.length ? `[${missing.join(", ")}] ` : ""}${c.name}`;
}

/** What the families of generic cells are called in the reports. */
export const FAMILY_NAMES: Record<string, string> = {
  authz: "authorization cells (principal × operation)",
  invariant: "invariants (resource kind × invariant)",
  fuzz: "fuzz properties",
  record: "record members",
};

/** Where a generic cell sits: its first operation, else its resource kind. */
export const cellPlace = (c: ReportCheck): string => c.operationIds[0] ?? c.resource ?? "";

/** Where a generic cell sits, in words: principal × operation, kind and operation, or its operations. */
export function cellWhere(c: ReportCheck): string {
  const ops = c.operationIds.join(", ");
  if (c.principal) return `${c.principal} × ${cellPlace(c)}`;
  if (c.resource) return `${c.resource}${ops ? ` · ${ops}` : ""}`;
  return ops || c.area;
}

/** What an undecided cell observed: ℹ when it ran (its outcome observed), else its outcome; the status. */
export function observedText(
  outcome: ReportCheck["outcome"],
  status?: number,
  symbols: Record<CellOutcome, string> = SYMBOL,
): string {
  return `${outcome === "pass" ? "ℹ" : symbols[outcome]}${status !== undefined ? ` ${status}` : ""}`;
}

/** A clause as the reports quote it (the material's words, fragments joined by " … "). */
export const quoted = (clause: string) => `“${clause}”`;

export interface Preview {
  text: string;
  /** size of the whole body in bytes (UTF-8) */
  size: number;
  truncated: boolean;
}

/** A body as text (JSON pretty-printed), cut at `cap` characters. */
export function bodyPreview(body: unknown, cap: number): Preview {
  if (body === undefined) return { text: "", size: 0, truncated: false };
  let text: string;
  if (typeof body === "string") text = body;
  else {
    try {
      text = JSON.stringify(body, null, 2) ?? String(body);
    } catch {
      text = String(body);
    }
  }
  const size = Buffer.byteLength(text, "utf8");
  if (text.length <= cap) return { text, size, truncated: false };
  let cut = text.slice(0, cap);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1); // never end on half a surrogate pair
  return { text: cut, size, truncated: true };
}

export function formatBytes(n: number): string {
  return n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${(n / 1024).toFixed(1)} KiB`
      : `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

export function formatDuration(ms: number): string {
  return ms < 1000
    ? `${Math.round(ms)} ms`
    : ms < 120_000
      ? `${(ms / 1000).toFixed(1)} s`
      : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Drops characters that are invalid in XML 1.0 and in HTML text (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF). */
export function stripInvalidChars(s: string): string {
  return s.replace(
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "\uFFFD",
  );
}

/** The reruns in one line: how many ran again, how many turned out flaky, what the cap left out. */
export function rerunsText(r: Pick<RunReport, "reruns" | "options">): string {
  const x = r.reruns!;
  return [
    `reruns (--rerun-failures ${x.rounds}): ${x.rerun} failing check${x.rerun === 1 ? "" : "s"} run ${x.roundsRun} more time${x.roundsRun === 1 ? "" : "s"}, ${x.flaky} flaky (--flaky ${r.options.flaky ?? "warn"})`,
    ...(x.cut ? [`${x.cut} more failing not rerun (at most ${x.cap} are)`] : []),
    ...(x.stopped ? [`stopped after ${x.roundsRun} of ${x.rounds}: ${x.stopped}`] : []),
  ].join("; ");
}

/** HTML text and attribute values: every special character escaped (the page and its sections). */
export function escapeHtml(s: unknown): string {
  return stripInvalidChars(String(s))
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
