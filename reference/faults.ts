// Fault switches: each breaks exactly one requirement the way a real implementation might, so the
// suite's power to detect faults can be measured. Areas list their own; index.ts joins them.

export interface FaultSpec {
  name: string;
  /** the ID, in the suite's requirement catalog, of the requirement this fault breaks */
  requirement: string;
  description: string;
}

export class Faults {
  private active: Set<string>;
  constructor(
    readonly known: FaultSpec[],
    names: Iterable<string> = [],
  ) {
    this.active = new Set();
    this.set(names);
  }
  set(names: Iterable<string>) {
    const list = [...names];
    const unknown = list.filter((n) => !this.known.some((f) => f.name === n));
    if (unknown.length)
      throw new Error(`unknown fault(s): ${unknown.join(", ")}; see reference/FAULTS.md`);
    this.active = new Set(list);
  }
  has(name: string): boolean {
    return this.active.has(name);
  }
  list(): string[] {
    return [...this.active];
  }
}

/** Faults of the cross-cutting machinery (router, envelope, errors). */
export const coreFaults: FaultSpec[] = [
  {
    name: "auth-not-checked",
    requirement: "CONV-AUTH-2",
    description: "a request with no Authorization header is served as the first seeded user",
  },
  {
    name: "vm-write-scope-not-checked",
    requirement: "VM-SCOPE-2",
    description: "a token with only vms:read_only may call instance write operations",
  },
  ...["account", "events", "object-storage", "vms", "recipes"].map((area) => ({
    name: `authz-scope-ignored-${area}`,
    requirement: "CONV-AUTH-11",
    description: `the ${area.replace("-", "_")} scopes are not checked: a token holding none of them is served by the area's operations`,
  })),
  {
    name: "error-body-plain",
    requirement: "CONV-ERR-1",
    description: "errors answer a plain-text message instead of the Error body",
  },
  {
    name: "error-field-not-named",
    requirement: "CONV-ERR-3",
    description: "field-level validation errors carry field null",
  },
  {
    name: "envelope-no-pages",
    requirement: "CONV-COLL-1",
    description: "collections omit the `pages` member",
  },
  {
    name: "page-size-unbounded",
    requirement: "CONV-PAGE-4",
    description: "page_size above 100 is honoured (pages longer than 100)",
  },
  {
    name: "page-zero-echoed",
    requirement: "CONV-PAGE-2",
    description: "page 0 is served as an empty page reporting `page: 0`",
  },
  {
    name: "page-size-default-25",
    requirement: "CONV-PAGE-3",
    description: "page_size defaults to 25 instead of 100",
  },
  {
    name: "empty-reply-null",
    requirement: "CONV-EMPTY-1",
    description: "operations with no data answer `null` instead of `{}`",
  },
  {
    name: "beta-prefix-missing",
    requirement: "CONV-PREFIX-2",
    description: "the maintenance list is served under /v4 instead of /v4beta",
  },
];
