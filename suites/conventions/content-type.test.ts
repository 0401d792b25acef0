// What the service does ("an HTTP API with JSON bodies") and General conventions 2 (the request
// side of Content-Type): JSON answers are labelled as JSON. spec/README.md, "Content-Type and
// encoding of answers", gives the levels: reading as JSON is MUST (CONV-JSON-2), the label SHOULD.
import { describe } from "vitest";
import { check } from "../../harness/check.ts";
import { TargetFailure } from "../../harness/errors.ts";
import { jsonAnswerVerdict } from "../../harness/content.ts";

describe("conventions/content-type", () => {
  check(
    { id: "CONV-JSON-3", op: ["listClusters", "getAccount", "getKey"], level: "SHOULD" },
    "success and error answers with JSON bodies carry Content-Type application/json",
    async ({ ops, skip }) => {
      const answers = [
        await ops.listClusters({ as: "anonymous" }),
        await ops.getAccount(),
        await ops.getKey({ path: { keyId: 2147483000 } }),
      ];
      for (const res of answers) {
        const v = jsonAnswerVerdict(res);
        const what = `${res.exchange.method} ${new URL(res.exchange.url).pathname} ${res.status}`;
        if (v.must) skip(`${what}: ${v.must}; CONV-JSON-2 judges that, not this label check`);
        if (v.should) throw new TargetFailure(`${what}: ${v.should}`);
      }
    },
  );
});
