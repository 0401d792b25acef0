// The areas of the API: the OpenAPI tags of spec/openapi.yaml plus `conventions` (the cross-cutting
// rules of the material's Conventions). The one list the catalog, the harness (harness/model.ts)
// and the reporter share; the reference target keeps its own (it imports nothing from spec/).
export const AREAS = [
  "conventions",
  "account",
  "oauth-clients",
  "events",
  "object-storage",
  "vm",
  "managed",
  "support",
  "recipes",
  "tags",
] as const;
export type Area = (typeof AREAS)[number];
