// The fuzzing policy: which sites of a request's schema (SchemaGen.sites: one per member and
// keyword) a property tries. A site is dropped when what the target does with it would say nothing
// about the target; each rule below names such sites and says why. The sites kept are tried as
// built, except that a URL parameter's wrong-type site draws only text that cannot read as a number.
// (mayBreak in index.ts answers the same question for a whole operation without building sites.)
import type { Site } from "./schema.ts";

/** Where a site sits in its request. */
export interface SiteWhere {
  part: "body" | "query" | "path";
  /** the JSON types a query or path parameter may take */
  parameterTypes(name: string | number): string[];
  /** path parameters the check fills with its own resources (placeholders here) */
  resourceIds: ReadonlySet<string>;
}

/** Whether a site is dropped. */
type SiteRule = (site: Site, where: SiteWhere) => boolean;

/** The part itself (a body that is not an object) is no member: sites start one level down. */
const wholePart: SiteRule = (site) => site.path.length === 0;

/** A URL carries text: a string parameter cannot be given the wrong JSON type. */
const textParameterOfWrongType: SiteRule = (site, where) =>
  where.part !== "body" &&
  site.keyword === "type" &&
  !where.parameterTypes(site.path[0]).some((t) => t === "integer" || t === "number");

/**
 * A query bound is honoured by refusing or by clamping (design: limits), so only a missing
 * required query parameter is a violation.
 */
const queryBoundBroken: SiteRule = (site, where) =>
  where.part === "query" && site.kind === "violation" && site.keyword !== "required";

/** A path parameter cannot be left out of the path. */
const pathParameterLeftOut: SiteRule = (site, where) =>
  where.part === "path" && site.keyword === "required";

/** A resource ID in the path: only the wrong type (text for an integer) says anything on its own. */
const resourceIdBeyondType: SiteRule = (site, where) =>
  where.part === "path" && where.resourceIds.has(String(site.path[0])) && site.keyword !== "type";

/**
 * A member the schema forbids (`false`): the rescue's `sdh`, which the material calls "reserved"
 * without saying what a request naming it gets (VM-RESCUE-2, INFO: recorded by the vm suite).
 */
const reservedMember: SiteRule = (site) => site.keyword === "false schema";

/** Every rule, in order; `wholePart` first, as the others read the member's name at path[0]. */
const DROPPED: SiteRule[] = [
  wholePart,
  textParameterOfWrongType,
  queryBoundBroken,
  pathParameterLeftOut,
  resourceIdBeyondType,
  reservedMember,
];

/** The sites of one part a property tries, in schema order. */
export function triedSites(sites: Site[], where: SiteWhere): Site[] {
  return sites
    .filter((site) => !DROPPED.some((dropped) => dropped(site, where)))
    .map((site) => (where.part !== "body" && site.keyword === "type" ? numberAsText(site) : site));
}

/** A number parameter sent text: text that reads as a number is a number in a URL, so never that. */
function numberAsText(site: Site): Site {
  const name = site.path[0];
  return {
    ...site,
    arb: site.arb.filter((o: any) => typeof o?.[name] === "string" && !/^-?\d/.test(o[name])),
  };
}
