// What plumbline must say about Prism's mock of spec/openapi.yaml, predicted from the mock's nature
// before running it: the mock answers every request from the spec's schemas (static examples:
// strings "string", integers 0, the first enum value), validates requests against the same schemas
// (an invalid one gets 422 with a body generated from the Error schema), checks only that a bearer
// token is present, and keeps no state. So checks that read shapes off one answer pass, and checks
// that read an effect back, need a refusal the schema cannot express, or need the error to name the
// field, fail; checks that need a control endpoint, fixtures or an ID the answer does not carry
// skip. Every outcome of the run must be one this file allows: anything else is a plumbline or a
// spec bug (tests/mock-target.test.ts).

/** Checks that must pass: [requirement ID, a fragment of the title] (every check matching both). */
export const MUST_PASS: [string, string][] = [
  ["CONV-AUTH-1", "a valid personal access token is served"],
  ["CONV-AUTH-2", "anonymous × getAccount: refused"],
  ["CONV-ERR-1", "an authentication failure answers the Error body"],
  ["CONV-EMPTY-1", "answers {}"],
  ["CONV-PAGE-2", "page 0 is refused or treated as a page >= 1"],
  ["CONV-PREFIX-1", "answer under /v4"],
  ["CONV-TIME-1", "the account's active_since and promotion expiry are date-times"],
  ["TAG-CREATE-1", "a tag create with a label alone answers success"],
];

export interface Allowed {
  /** why the mock's nature gives this outcome */
  why: string;
  /** the check's reason must match */
  reason: RegExp;
  /** a spec gap to fix, not the mock's nature: once fixed, these checks pass */
  specGap?: string;
}

/** Failures the mock's nature predicts, by what the failure says. */
export const MAY_FAIL: Record<string, Allowed> = {
  "no state: nothing written is read back": {
    why: "answers come from the schema's examples, not from the request or an earlier one, so a value sent is never the value answered",
    reason:
      /is "string"|answered label "string"|was kept as "string"|came back as "string"|labelled "string"|was not kept|shows (cluster|label) "?string|answered other bytes|secret returned before|shows ssl true|shows limited|shows access to|contains the secret key|first_name is "string"|public is true, expected false/,
  },
  "no state: no refusal the schema cannot express": {
    why: "an unknown, deleted or foreign ID, a restricted user, a rule between fields: the schema says nothing of them, so the mock answers its success example",
    reason: /expected a 4xx error, got 2\d\d/,
  },
  "errors generated from the schema: the field is a placeholder": {
    why: 'the mock refuses a request that breaks the schema (422), but its Error body is the schema\'s example: field "string"',
    reason: /does not name the field "[^"]+"; fields named: \["string"\]/,
  },
  "no state: no second account": {
    why: "the mock answers every principal with the same example, so another account's user is served the first account's objects and the first account's lists hold the example",
    reason: /^second-account may not call \w+, but it answered 2\d\d|collection page 0 is below 1/,
  },
  "validation status 422 (SHOULD 400)": {
    why: "Prism answers an invalid request with 422",
    reason: /expected status 400, got 422/,
  },
  "any token is accepted": {
    why: "Prism checks that a bearer token is present, not that it is known",
    reason: /expected status 401, got 200/,
  },
  "no state: unknown IDs are found (SHOULD 404)": {
    why: "every ID has the schema's example",
    reason: /expected status 404( or 403)?, got 200/,
  },
  "counts are the schema's example": {
    why: "a list's `results` is the schema's example (0), not a count of the one example item the mock puts in `data`",
    reason: /results \d+ is less than the \d+ items on the page/,
  },
  "URL fields are the placeholder": {
    why: 'a url member is the schema\'s example "string", which no client can follow',
    reason: /where a client needs an absolute http\(s\) URL/,
  },
};

/** Skips the run may have, by what the skip says. */
export const MAY_SKIP: Record<string, RegExp> = {
  "no control endpoint (provider states, scoped tokens)": /control endpoint|PLUMBLINE_CONTROL_URL/,
  "no fixtures (regions, types, images are not shown)":
    /fixture "\w+".* is not configured|fixtures region and type are needed|fixture "\w+"(, "\w+")* not configured/,
  "a list is the schema's example: one item": /lists fewer than two/,
  "a create answered without the ID that addresses it":
    /answered \d+ without the "\w+" that addresses/,
  "a member the material does not show": /does not show|not shown/,
  "every label tried lists the mock's example object": /no unused tag label/,
  "fuzz properties of areas the run did not select": /area "[\w-]+" not selected/,
  "a cell of an invariant no target can exercise": /^on every target:/,
  "invoice items carry no ID of their invoice": /an item carries no ID that tells one invoice/,
  "the mock lists one cluster: no other parent for a bucket": /lists a single cluster/,
  "a create by the second account answers the example, with no ID of its own":
    /the second account could not make a \w+ \(\w+ answered 2\d\d\)/,
  "the kernels list is the example, which no view finds": /the kernels list is empty/,
};
