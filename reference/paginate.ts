// The material's Collection envelope and its page/page_size query parameters.
import { ApiError, type Reply } from "./http.ts";
import type { Ctx } from "./router.ts";

export interface Collection<T> {
  data: T[];
  page: number;
  pages: number;
  results: number;
}

function intQuery(ctx: Ctx, name: string): number | undefined {
  const raw = ctx.query.get(name);
  if (raw === null) return undefined;
  if (!/^-?\d+$/.test(raw)) throw new ApiError(400, [{ field: name, reason: `${name} must be a valid value: an integer` }]);
  return Number(raw);
}

/** page >= 1 (default 1); page_size 25..100 (default 100). Out of bounds is refused (the `page-size-clamp` variant clamps). */
export function pageParams(ctx: Ctx): { page: number; size: number } {
  let page = intQuery(ctx, "page") ?? 1;
  let size = intQuery(ctx, "page_size") ?? (ctx.faults.has("page-size-default-25") ? 25 : 100);
  if (ctx.variants.has("page-size-clamp")) {
    page = Math.max(1, page);
    size = Math.min(100, Math.max(25, size));
  }
  if (page < 1 && !ctx.faults.has("page-zero-echoed")) throw new ApiError(400, [{ field: "page", reason: "page must be a valid value: at least 1" }]);
  const max = ctx.faults.has("page-size-unbounded") ? Infinity : 100;
  if (size < 25 || size > max) throw new ApiError(400, [{ field: "page_size", reason: "page_size must be a valid value: 25..100" }]);
  return { page, size };
}

export function paginate<T>(ctx: Ctx, items: T[]): Reply {
  const { page: asked, size } = pageParams(ctx);
  const results = items.length;
  const pages = Math.max(1, Math.ceil(results / size));
  const page = ctx.variants.has("page-size-clamp") ? Math.min(asked, pages) : asked; // past the last: the last page
  const body: Partial<Collection<T>> = { data: items.slice((page - 1) * size, page * size), page, pages, results };
  if (ctx.faults.has("envelope-no-pages")) delete body.pages;
  return { body };
}
