// Small fixtures for the reporter's own tests: a handful of operations, requirements and checks,
// including a hostile response body. Not a test file.
import type { Exchange } from "../harness/model.ts";
import { toCurl } from "../harness/redact.ts";
import { applyExpectations } from "./expectations.ts";
import { buildReport } from "./report.ts";
import type {
  BuildInput,
  CatalogRequirement,
  Expectation,
  OperationRef,
  ReportCheck,
  RunReport,
} from "./types.ts";

export const HOSTILE = `</script><img src=x onerror="alert(1)">]]><!-- & "quoted" 'single' \u0001`;

export const OPERATIONS: OperationRef[] = [
  { operationId: "getAccount", method: "GET", path: "/v4/account", area: "account" },
  { operationId: "updateAccount", method: "PUT", path: "/v4/account", area: "account" },
  { operationId: "listInstances", method: "GET", path: "/v4/vm/instances", area: "vm" },
  { operationId: "bootInstance", method: "POST", path: "/v4/vm/instances/{vmId}/boot", area: "vm" },
  { operationId: "createTicket", method: "POST", path: "/v4/support/tickets", area: "support" },
];

export const CATALOG: CatalogRequirement[] = [
  {
    id: "ACC-VIEW-1",
    area: "account",
    operations: ["getAccount"],
    kind: "happy",
    level: "MUST",
    source: "Account > View",
    statement: "Viewing the account returns the Account object.",
  },
  {
    id: "ACC-UPD-2",
    area: "account",
    operations: ["updateAccount"],
    kind: "validation",
    level: "MUST",
    source: "Account > Update",
    statement: "An email longer than 128 characters is refused, naming the field.",
  },
  {
    id: "VM-BOOT-3",
    area: "vm",
    operations: ["bootInstance"],
    kind: "state",
    level: "MUST",
    source: "Compute instances (vm) > Boot",
    statement:
      "Boot without config_id on an instance with several configs boots the last booted config.",
  },
  {
    id: "VM-LIST-1",
    area: "vm",
    operations: ["listInstances"],
    kind: "happy",
    level: "MUST",
    source: "Compute instances (vm) > List",
    statement: "Listing instances returns a paginated envelope.",
  },
  {
    id: "CONV-404-1",
    area: "conventions",
    operations: ["bootInstance"],
    kind: "error",
    level: "SHOULD",
    source: "Errors",
    statement: "An unknown ID is answered with 404.",
  },
  {
    id: "SUP-TICKET-1",
    area: "support",
    operations: ["createTicket"],
    kind: "happy",
    level: "MUST",
    source: "Support > Open",
    statement: "Opening a ticket returns the ticket.",
  },
  {
    id: "VM-BOOT-INFO-1",
    area: "vm",
    operations: ["bootInstance"],
    kind: "state",
    level: "INFO",
    source: "Compute instances (vm) > Boot",
    statement: "Which event action a boot emits.",
  },
];

export function exchange(method: string, url: string, status: number, body: unknown): Exchange {
  return {
    method,
    url,
    status,
    requestHeaders: { authorization: "Bearer [redacted]" },
    responseHeaders: { "content-type": "application/json" },
    responseBody: body,
    durationMs: 12,
    curl: `curl -sS -X ${method} '${url}' -H 'Authorization: Bearer [redacted]'`,
  };
}

type Partial1 = Partial<ReportCheck> & Pick<ReportCheck, "name" | "outcome">;
export function check(p: Partial1): ReportCheck {
  return {
    requirementIds: [],
    operationIds: [],
    area: "account",
    kind: "happy",
    level: "MUST",
    sideEffect: "read-only",
    exchanges: [],
    observations: [],
    file: "suites/account/account.test.ts",
    durationMs: 5,
    ...p,
  };
}

export function fixtureChecks(): ReportCheck[] {
  return [
    check({
      name: "account > [ACC-VIEW-1] view the account",
      requirementIds: ["ACC-VIEW-1"],
      operationIds: ["getAccount"],
      outcome: "pass",
      exchanges: [exchange("GET", "http://t/v4/account", 200, { email: "a@b.c" })],
    }),
    check({
      name: "account > [ACC-UPD-2] email too long is refused",
      requirementIds: ["ACC-UPD-2"],
      operationIds: ["updateAccount"],
      kind: "validation",
      outcome: "fail",
      reason: "expected 4xx, got 200",
      exchanges: [
        exchange("PUT", "http://t/v4/account", 200, { note: HOSTILE, big: "x".repeat(10_000) }),
      ],
    }),
    check({
      name: "vm/boot > [VM-BOOT-3] several configs: the last booted config boots",
      requirementIds: ["VM-BOOT-3", "VM-BOOT-INFO-1"],
      operationIds: ["bootInstance"],
      area: "vm",
      kind: "state",
      outcome: "skip",
      reason: "provider state 'held-jobs' not offered (404)",
      file: "suites/vm/boot.test.ts",
      observations: [
        {
          requirementId: "VM-BOOT-INFO-1",
          operationId: "bootInstance",
          note: "event action emitted",
          value: "vm_boot",
        },
      ],
    }),
    check({
      name: "vm > [VM-LIST-1] list instances",
      requirementIds: ["VM-LIST-1"],
      operationIds: ["listInstances"],
      area: "vm",
      outcome: "error",
      reason: "ECONNRESET talking to the control endpoint",
      file: "suites/vm/list.test.ts",
    }),
    check({
      name: "conventions > [CONV-404-1] unknown instance is 404",
      requirementIds: ["CONV-404-1"],
      operationIds: ["bootInstance"],
      area: "conventions",
      kind: "error",
      level: "SHOULD",
      outcome: "fail",
      reason: "expected 404, got 400",
      file: "suites/conventions/errors.test.ts",
      exchanges: [
        exchange("POST", "http://t/v4/vm/instances/999/boot", 400, { errors: [{ reason: "bad" }] }),
      ],
    }),
    check({
      name: "conventions > [CONV-ENV-9] envelope",
      requirementIds: ["CONV-ENV-9"],
      area: "conventions",
      kind: "convention",
      outcome: "pass",
      file: "suites/conventions/envelope.test.ts",
    }),
  ];
}

export interface FixtureOptions {
  checks?: ReportCheck[];
  strict?: boolean;
  gateLevel?: "MUST" | "SHOULD";
  expectations?: Expectation[];
  target?: { url: string; label: string };
  seed?: number | string;
  startedAt?: string;
  extra?: Partial<BuildInput>;
}

export function fixtureReport(o: FixtureOptions = {}): RunReport {
  const checks = o.checks ?? fixtureChecks();
  const startedAt = o.startedAt ?? "2025-01-01T00:00:00.000Z";
  const entries = applyExpectations(checks, o.expectations ?? [], undefined, new Date(startedAt));
  const target = o.target ?? { url: "http://127.0.0.1:4010", label: "reference" };
  return buildReport({
    checks,
    targets: [
      {
        ...target,
        seed: o.seed ?? 42,
        startedAt,
        durationMs: 1234,
      },
    ],
    options: { strict: o.strict ?? false, gateLevel: o.gateLevel ?? "MUST" },
    operations: OPERATIONS,
    catalog: CATALOG,
    expectations: entries,
    toolVersion: "0.1.0",
    ...o.extra,
  });
}

/** A small well-formedness check: balanced tags, quoted attributes, no raw < or stray & in text. */
export function assertWellFormedXml(xml: string): void {
  const body = xml
    .replace(/^<\?xml[^?]*\?>\s*/, "")
    .replace(/<!--([\s\S]*?)-->/g, (_, c: string) => {
      if (c.includes("--") || c.endsWith("-")) throw new Error("bad comment");
      return "";
    });
  const stack: string[] = [];
  const re = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let m: RegExpExecArray | null;
  let roots = 0;
  while ((m = re.exec(body))) {
    if (m[6]) throw new Error(`raw '<' at ${m.index}: ${body.slice(m.index, m.index + 40)}`);
    if (m[5] !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(m[5]))
        throw new Error(`stray '&' in text: ${m[5].slice(0, 40)}`);
      if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(m[5]))
        throw new Error("control character in text");
      if (!stack.length && m[5].trim()) throw new Error("text outside the root");
      continue;
    }
    for (const a of m[3].matchAll(/="([^"]*)"/g)) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(a[1]))
        throw new Error(`stray '&' in attribute: ${a[1]}`);
    }
    if (m[1]) {
      if (stack.pop() !== m[2]) throw new Error(`mismatched </${m[2]}>`);
    } else if (!m[4]) {
      if (!stack.length) roots++;
      stack.push(m[2]);
    } else if (!stack.length) roots++;
  }
  if (stack.length) throw new Error(`unclosed <${stack.join("><")}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}

type Cell = NonNullable<ReportCheck["members"]>[number];
const cells = (member: string, outcomes: [Cell["outcome"], string?][]): Cell[] =>
  (["created", "updated", "kept", "agree"] as const).map((question, i) => {
    const [outcome, note] = outcomes[i] ?? outcomes[0]!;
    return { member, question, outcome, level: "MUST", ...(note !== undefined ? { note } : {}) };
  });

/**
 * The member checks of three kinds (suites/invariants/members.test.ts as the reporter sees them): a
 * managed service with a failing member and a hostile note, a tag with no update (empty cells with
 * their reason) and a list that does not show a member, and a kind whose check was skipped.
 */
export function memberChecks(): ReportCheck[] {
  const member = (
    resource: string,
    outcome: ReportCheck["outcome"],
    members?: Cell[],
    reason?: string,
  ) =>
    check({
      name: `invariants/members > [INV-MEMBERS-1] ${resource}: every writable member read back and kept`,
      requirementIds: ["INV-MEMBERS-1"],
      area: "conventions",
      resource,
      generic: "invariant",
      outcome,
      file: "suites/invariants/members.test.ts",
      ...(members ? { members } : {}),
      ...(reason ? { reason } : {}),
    });
  return [
    member("managedService", "fail", [
      ...cells("label", [["pass"]]),
      ...cells("timeout", [["pass"]]),
      ...cells("credentials", [
        ["pass"],
        ["pass"],
        ["fail", `dropped by an update naming label: expected [1], got [] ${HOSTILE}`],
        ["pass"],
      ]),
      ...cells("notes", [
        ["pass"],
        ["pass"],
        ["pass"],
        ["info", "the list shows notes cut to 100 characters"],
      ]),
    ]),
    member("tag", "pass", [
      ...cells("label", [
        ["pass"],
        ["empty", "the kind has no update"],
        ["empty", "the kind has no update"],
        ["pass"],
      ]),
      ...cells("entities", [
        ["pass"],
        ["empty", "the kind has no update"],
        ["empty", "the kind has no update"],
        ["empty", "the list does not show the member"],
      ]),
    ]),
    member("oauthClient", "skip", undefined, "needs --allow billable"),
  ];
}

/** An exchange with the curl the harness would make of it. */
export function withCurl(x: Omit<Exchange, "curl">): Exchange {
  return {
    ...x,
    curl: toCurl({ method: x.method, url: x.url, headers: x.requestHeaders, body: x.requestBody }),
  };
}

/** A list page: `n` items from `from`, as the target answers a page of a growing list. */
function page(from: number, n: number, extra = ""): unknown {
  return {
    data: Array.from({ length: n }, (_, i) => ({
      id: from + i,
      label: `event-${from + i}`,
      action: "linode_boot",
      message: `the instance ${from + i} booted${extra}`,
      entity: { id: 7, type: "linode", url: "/v4/linode/instances/7" },
    })),
    page: 1,
    pages: 3,
    results: 250,
  };
}

/** A report whose checks read the same growing list again and again (a long campaign's shape). */
export function listReport(checks: number): RunReport {
  const r = fixtureReport();
  for (let i = 0; i < checks; i++) {
    // the same headers but for the length and the date: stored as runs of members
    const headers = {
      "content-type": "application/json",
      "x-ratelimit-limit": "800",
      "content-length": String(1000 + i),
      date: `Sat, 28 Nov 2026 06:44:${String(i % 60).padStart(2, "0")} GMT`,
      connection: "keep-alive",
      "keep-alive": "timeout=5",
    };
    r.checks.push(
      check({
        name: `events > page ${i}`,
        outcome: i % 7 ? "pass" : "fail",
        exchanges: [
          withCurl({
            method: "GET",
            url: `http://127.0.0.1:1/v4/account/events?page=1&i=${i}`,
            requestHeaders: { authorization: "Bearer [REDACTED]", accept: "application/json" },
            status: 200,
            responseHeaders: headers,
            responseBody: page(i % 40, 100),
            durationMs: 3,
          }),
          withCurl({
            method: "POST",
            url: "http://127.0.0.1:1/v4/support/tickets",
            requestHeaders: { authorization: "Bearer [REDACTED]" },
            requestBody: {
              summary: `ticket ${i}`,
              description: "Opened by plumbline; please ignore.",
            },
            status: 200,
            responseHeaders: { ...headers, "content-length": String(50 + i) },
            responseBody: {
              id: i,
              summary: `ticket ${i}`,
              description: "Opened by plumbline; please ignore.",
            },
            durationMs: 4,
          }),
        ],
      }),
    );
  }
  return r;
}

/**
 * A campaign-shaped run of `n` checks (deterministic): each reads a page of a list whose items
 * repeat across pages (a window sliding over 60 items) and creates a ticket of its own; outcomes,
 * levels, operations and INFO observations spread over the fixtures' catalog.
 */
export function campaignReport(n: number): RunReport {
  const outcomes = ["pass", "pass", "pass", "fail", "skip", "pass", "error"] as const;
  const item = (k: number) => ({
    id: k,
    label: `event-${k}`,
    action: k % 3 ? "linode_boot" : "ticket_create",
    message: `the instance ${k} booted`,
    entity: { id: k % 7, type: "linode", url: `/v4/linode/instances/${k % 7}` },
  });
  const checks: ReportCheck[] = [];
  for (let i = 0; i < n; i++) {
    const req = CATALOG[i % CATALOG.length]!;
    const outcome = outcomes[i % outcomes.length]!;
    checks.push(
      check({
        name: `${req.area} > [${req.id}] case ${i}`,
        requirementIds: [req.id],
        operationIds: req.operations.slice(0, 1),
        area: req.area as ReportCheck["area"],
        level: req.level,
        outcome,
        ...(outcome === "pass" ? {} : { reason: `${outcome} at case ${i}` }),
        observations:
          i % 11 === 0
            ? [{ requirementId: req.id, note: "the answer's order", value: `order ${i % 5}` }]
            : [],
        exchanges: [
          withCurl({
            method: "GET",
            url: `http://127.0.0.1:1/v4/account/events?page=${1 + (i % 3)}`,
            requestHeaders: { authorization: "Bearer [REDACTED]", accept: "application/json" },
            status: 200,
            responseHeaders: { "content-type": "application/json", "x-request-id": `r-${i}` },
            responseBody: {
              data: Array.from({ length: 12 }, (_, k) => item((i + k) % 60)),
              page: 1 + (i % 3),
              pages: 3,
              results: 60,
            },
            durationMs: 3,
          }),
          withCurl({
            method: "POST",
            url: "http://127.0.0.1:1/v4/support/tickets",
            requestHeaders: {
              authorization: "Bearer [REDACTED]",
              "content-type": "application/json",
              "x-note": "it's <b>&</b>",
            },
            requestBody: {
              summary: `ticket ${i}`,
              description: "Opened by plumbline; it's a test, please ignore.",
            },
            status: 200,
            responseHeaders: { "content-type": "application/json", "x-request-id": `t-${i}` },
            responseBody: { id: i, summary: `ticket ${i}`, status: "open" },
            durationMs: 4,
          }),
        ],
      }),
    );
  }
  return fixtureReport({ checks });
}
