// Helpers of the conventions suite.
import { TargetFailure } from "../../harness/errors.ts";

/** Page counts agree with results at this page size (CONV-COLL-3). */
export function expectConsistent(
  c: { data: unknown[]; pages: number; results: number },
  size: number,
  where: string,
): void {
  if (c.data.length > size)
    throw new TargetFailure(`${where}: ${c.data.length} items on a page of size ${size}`);
  if (c.results > 0 && c.pages !== Math.ceil(c.results / size))
    throw new TargetFailure(
      `${where}: pages is ${c.pages} for ${c.results} results at page size ${size}; expected ${Math.ceil(c.results / size)}`,
    );
}
