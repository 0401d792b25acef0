// What tsc holds ops and fresh to (tsc runs in `npm test`): each line under @ts-expect-error must
// stay an error, so were a misspelt parameter or member accepted again, tsc fails on the directive.
// The function is only compiled, never called; the test checks the two escapes at run time.
import { describe, expect, it } from "vitest";
import type { CheckContext } from "./check.ts";
import { expectSuccess } from "./expect.ts";
import type { OperationId } from "./operation-ids.ts";
import { loose, offContract } from "./ops.ts";

async function typedCalls({ ops, fresh }: CheckContext): Promise<void> {
  // @ts-expect-error a misspelt path parameter
  await ops.getInstance({ path: { vmid: 1 } });
  // @ts-expect-error a path parameter left out
  await ops.getBucket({ path: { clusterId: "us-east-1" } });
  // @ts-expect-error no path where the operation has one
  await ops.getInstance();
  // @ts-expect-error a path where the operation has none
  await ops.listInstances({ path: { vmId: 1 } });
  // @ts-expect-error a misspelt query parameter
  await ops.listInstances({ query: { page_sise: 50 } });
  // @ts-expect-error a query parameter of the wrong type
  await ops.listInstances({ query: { page: "2" } });
  // @ts-expect-error a misspelt body member
  await ops.createTag({ body: { lable: "x" } });
  // @ts-expect-error a body member of the wrong JSON type
  await ops.createTag({ body: { label: 12 } });
  // @ts-expect-error a value outside the member's enumeration
  await ops.createBucket({ body: { label: "b", cluster: "c", acl: "everyone" } });
  // @ts-expect-error a required body member left out
  await ops.createBucket({ body: { label: "b" } });
  // @ts-expect-error a misspelt member of a fixture's body
  await fresh.instance({ lable: "x" });
  // @ts-expect-error a misspelt member of a create's body through fresh.create
  await fresh.create("tag", "createTag", { body: { lable: "x" } });

  const client = await fresh.oauthClient();
  // the fixture's ID is there (fresh checked it), and so is every member the document requires
  const id: string = client.id;
  const label: string = client.label;
  // @ts-expect-error a nullable member may be null or left out of the answer
  const thumbnail: string = client.thumbnail_url;
  // what expectSuccess returns is the documented answer, once the schema has checked it
  const viewed = expectSuccess(await ops.getOAuthClient({ path: { clientId: id } }));
  // @ts-expect-error the documented type of a member (public is a boolean)
  const isPublic: string = viewed.public;
  void [label, thumbnail, isPublic];

  // a check that breaks the contract on purpose says so, and only where it does
  await ops.createTag({ body: { label: offContract(12) } });
  // a table that picks the operation at run time calls it through loose()
  const op: OperationId = "getInstance";
  await loose(ops)[op]({ path: { vmId: 1 } });
}

describe("ops types", () => {
  it("offContract hands its value through; loose(ops) is the same ops", () => {
    const value = { label: 12 };
    expect(offContract(value)).toBe(value);
    const ops = {} as Parameters<typeof loose>[0];
    expect(loose(ops)).toBe(ops);
    expect(typedCalls).toBeTypeOf("function");
  });
});
