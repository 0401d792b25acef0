// The kernel view, which the vm and conventions areas (and the vm fuzz table) read without a token.
import type { CheckContext } from "../../harness/check.ts";
import type { ApiResponse } from "../../harness/client.ts";

/**
 * Kernel view of `id` without a token. The material gives "kernelId string" and never says how a
 * `/` inside it (`vm/latest-64bit`) travels in the path: percent-encoded (`%2F`) is tried first and,
 * when that is refused, the plain path segments. Either form answering conforms; which one is recorded.
 */
export async function viewKernel(ctx: CheckContext, id: string): Promise<ApiResponse> {
  const encoded = await ctx.ops.getKernel({ path: { kernelId: id }, as: "anonymous" });
  if ((encoded.status >= 200 && encoded.status < 300) || !id.includes("/")) return encoded;
  const url = encoded.exchange.url.replace(
    encodeURIComponent(id),
    id.split("/").map(encodeURIComponent).join("/"),
  );
  const plain = await ctx.http("GET", url);
  ctx.observe(
    "VM-KERNEL-2",
    `kernel view of ${id}: percent-encoded answered ${encoded.status}, plain path segments answered`,
    plain.status,
  );
  return plain.status >= 200 && plain.status < 300
    ? { ...plain, operationId: "getKernel" }
    : encoded;
}
