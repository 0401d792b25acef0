// Writes spec/operations.gen.ts, the TypeScript types of every operation (path, query, body,
// responses) generated from openapi.yaml by openapi-typescript: `npm run types`. The one change to
// the generator's reading: a schema the material does not show (`x-not-shown: true`) becomes `any`,
// not an empty record, since a target may answer any members there (and a check may read them).
// spec/operations-types.test.ts fails when the file is older than the document.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import openapiTS, {
  astToString,
  type SchemaObject,
  transformSchemaObject,
} from "openapi-typescript";
import ts from "typescript";

export const GENERATED_PATH = fileURLToPath(new URL("./operations.gen.ts", import.meta.url));

const HEADER = `// Generated from spec/openapi.yaml by openapi-typescript (spec/operation-types.ts); do not edit.
// Regenerate with \`npm run types\`; spec/operations-types.test.ts fails when this file is older than
// the document. A schema the material does not show (x-not-shown) is \`any\`.

`;

const ANY = ts.factory.createKeywordTypeNode(ts.SyntaxKind.AnyKeyword);

/** The text of operations.gen.ts for the document as it is now. */
export async function operationTypes(): Promise<string> {
  const ast = await openapiTS(new URL("./openapi.yaml", import.meta.url), {
    silent: true,
    // a member with a default may be left out of a request: optional, as the document says
    defaultNonNullable: false,
    transform(schema, options) {
      if (typeof schema !== "object" || schema === null) return undefined;
      if ((schema as { "x-not-shown"?: boolean })["x-not-shown"]) return ANY;
      // `items` without `type: array` (a list's data refined inside allOf) still describes an array:
      // the generator would read it as unknown and lose the items' type
      const { type, items } = schema as { type?: unknown; items?: SchemaObject };
      if (type === undefined && items)
        return ts.factory.createArrayTypeNode(transformSchemaObject(items, options));
      return undefined;
    },
  });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED_PATH, await operationTypes());
  console.log(`wrote ${GENERATED_PATH}`);
}
