// Fault switches: each breaks exactly one requirement the way a real implementation might, so the
// suite's power to detect faults can be measured. Areas list their own; index.ts joins them.

export interface FaultSpec {
  name: string;
  /** the ID, in the suite's requirement catalog, of the requirement this fault breaks */
  requirement: string;
  description: string;
}

/**
 * The faults switched on. A name may carry a rate, `name~0.5`: the fault then fires on that share
 * of the times it is asked for, drawn from a generator seeded by `seed` (PLUMBLINE_REFERENCE_FAULT_SEED),
 * so a check it reaches is flaky, and one seed gives one sequence of draws.
 */
export class Faults {
  private active = new Map<string, number>();
  private draw: () => number;
  constructor(
    readonly known: FaultSpec[],
    names: Iterable<string> = [],
    seed = Math.floor(Math.random() * 2 ** 31),
  ) {
    this.draw = mulberry32(seed);
    this.set(names);
  }
  set(names: Iterable<string>) {
    const parsed = [...names].map((n) => {
      const [name, rate] = n.split("~");
      return { name, rate: rate === undefined ? 1 : Number(rate) };
    });
    const unknown = parsed.filter((p) => !this.known.some((f) => f.name === p.name));
    if (unknown.length)
      throw new Error(
        `unknown fault(s): ${unknown.map((p) => p.name).join(", ")}; see reference/FAULTS.md`,
      );
    const badRate = parsed.find((p) => !(p.rate > 0 && p.rate <= 1));
    if (badRate)
      throw new Error(`fault ${badRate.name}: a rate after ~ is a number above 0 and at most 1`);
    this.active = new Map(parsed.map((p) => [p.name, p.rate]));
  }
  has(name: string): boolean {
    const rate = this.active.get(name);
    return rate !== undefined && (rate >= 1 || this.draw() < rate);
  }
  list(): string[] {
    return [...this.active.keys()];
  }
}

/** A small seeded generator (mulberry32): the same seed, the same draws. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * The pause a racing fault puts between its check and its act (a lookup, a queue, another process
 * in a real target): requests arriving together all pass the check before any acts.
 */
export const RACE_PAUSE_MS = 20;
export const racePause = (): Promise<void> => new Promise((r) => setTimeout(r, RACE_PAUSE_MS));

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
