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
  if (!/^-?\d+$/.test(raw))
    throw new ApiError(400, [{ field: name, reason: `${name} must be a valid value: an integer` }]);
  return Number(raw);
}

/** The lists whose page_size bounds the material names: vm, config, disk, volume, kernel, managed, support, recipes. */
const NAMED_BOUNDS = /^\/v4\/(vm|managed|support)\//;

/**
 * page >= 1 (default 1); page_size 25..100 (default 100). Out of bounds is refused. Variants:
 * `page-size-free` takes 1..500 on lists whose bounds are not shown; `page-size-clamp` clamps.
 */
export function pageParams(ctx: Ctx): { page: number; size: number } {
  let page = intQuery(ctx, "page") ?? 1;
  let size = intQuery(ctx, "page_size") ?? (ctx.faults.has("page-size-default-25") ? 25 : 100);
  const [min, max] =
    ctx.variants.has("page-size-free") && !NAMED_BOUNDS.test(ctx.path)
      ? [1, 500]
      : [25, ctx.faults.has("page-size-unbounded") ? Infinity : 100];
  if (ctx.variants.has("page-size-clamp")) {
    page = Math.max(1, page);
    size = Math.min(max, Math.max(min, size));
  }
  if (page < 1 && !ctx.faults.has("page-zero-echoed"))
    throw new ApiError(400, [{ field: "page", reason: "page must be a valid value: at least 1" }]);
  if (size < min || size > max)
    throw new ApiError(400, [
      { field: "page_size", reason: `page_size must be a valid value: ${min}..${max}` },
    ]);
  return { page, size };
}

/** Fault switches a list passes in: the count its envelope gets wrong. */
export interface EnvelopeFaults {
  /** `pages` one too many when results is an exact multiple of the page size */
  pagesOffAtMultiple?: boolean;
  /** `results` counts only the entries of the page answered */
  resultsOfPage?: boolean;
}

export function paginate<T>(ctx: Ctx, items: T[], faults: EnvelopeFaults = {}): Reply {
  const { page: asked, size } = pageParams(ctx);
  // variant: every list but the tickets (whose order the material gives) in the other order
  if (ctx.variants.has("lists-reversed") && ctx.path.replace(/\/$/, "") !== "/v4/support/tickets")
    items = [...items].reverse();
  const results = items.length;
  const pages = Math.max(1, Math.ceil(results / size));
  const page = ctx.variants.has("page-size-clamp") ? Math.min(asked, pages) : asked; // past the last: the last page
  const data = items.slice((page - 1) * size, page * size);
  const body: Partial<Collection<T>> = {
    data,
    page,
    pages: faults.pagesOffAtMultiple && results > 0 && results % size === 0 ? pages + 1 : pages,
    results: faults.resultsOfPage ? data.length : results,
  };
  if (ctx.faults.has("envelope-no-pages")) delete body.pages;
  return { body };
}
