// A fuzz campaign's corpus (`plumbline fuzz --corpus DIR`): one plain JSON file per case a person
// can read and commit, named by operation and a hash of the case. It keeps every failing case
// (shrunk) and every case that first reached an outcome (a status, an error field, a documented
// refusal) of its operation; the next campaign sends them all first (runner/campaign.ts).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReplayCase } from "../harness/fuzz.ts";

export interface CorpusCase {
  /** the file's name without `.json`: `<operation>-<hash>` */
  id: string;
  operation: string;
  /** the check (its title) and the property inside it (the same for the stateless ones) */
  check: string;
  property: string;
  /** the suite file holding the property */
  file: string;
  requirementIds: string[];
  level: string;
  /** why it is kept: it failed, or it first reached the outcomes in `reached` */
  why: "failing" | "reached";
  reached?: string[];
  /** what the case tries: `body timeout breaks minimum`, `rule VM-CREATE-8 …`, `valid` */
  site?: string;
  /** the property's input, sent again as it is (`replayBy: input`); a command sequence is found
   * again by fast-check's seed and path (`replayBy: path`) and kept here as fast-check prints it */
  input: unknown;
  replayBy: "input" | "path";
  foundBy: {
    campaignSeed: number;
    round: number;
    /** `plumbline fuzz --seed <roundSeed>` runs the round again */
    roundSeed: number;
    propertySeed: number;
    path: string;
  };
  firstSeen: string;
  lastSeen: string;
  lastVerdict: "pass" | "fail";
  reason?: string;
  /** the input held a secret the file masks: not replayed (run its round again: `--seed <roundSeed>`) */
  masked?: boolean;
  /** the failing case's requests as sent, and as curl commands */
  requests?: { method: string; url: string; body?: unknown; status?: number }[];
  curl?: string[];
}

/** `<operation>-<10 hex>`: the hash of the property and the input (or seed and path). */
export function caseId(operation: string, property: string, input: unknown): string {
  const h = createHash("sha256")
    .update(`${property}\u0000${JSON.stringify(input)}`)
    .digest("hex")
    .slice(0, 10);
  return `${operation.replace(/[^A-Za-z0-9_-]/g, "_")}-${h}`;
}

/** The corpus's cases, by ID; a file that is not a case is said in `problems`, not read. */
export function loadCorpus(dir: string): { cases: Map<string, CorpusCase>; problems: string[] } {
  const cases = new Map<string, CorpusCase>();
  const problems: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json"));
  } catch {
    return { cases, problems };
  }
  for (const n of names.sort()) {
    try {
      const c = JSON.parse(readFileSync(join(dir, n), "utf8")) as CorpusCase;
      if (typeof c.property !== "string" || typeof c.check !== "string" || !c.file)
        throw new Error("not a corpus case (no property, check or file)");
      cases.set(n.replace(/\.json$/, ""), { ...c, id: n.replace(/\.json$/, "") });
    } catch (e) {
      problems.push(`${join(dir, n)}: ${(e as Error).message}`);
    }
  }
  return { cases, problems };
}

export function readCase(file: string): CorpusCase {
  const c = JSON.parse(readFileSync(file, "utf8")) as CorpusCase;
  if (typeof c.property !== "string" || typeof c.check !== "string" || !c.file)
    throw new Error(`${file} is not a corpus case (no property, check or file)`);
  return { ...c, id: c.id ?? file.replace(/^.*\//, "").replace(/\.json$/, "") };
}

/** Writes one case (its JSON passed through `scrub`: no secret reaches a file meant to be committed). */
export function writeCase(
  dir: string,
  c: CorpusCase,
  scrub: (t: string) => string = (t) => t,
): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${c.id}.json`);
  writeFileSync(file, `${scrub(JSON.stringify(c, null, 2))}\n`);
  return file;
}

/** How a round sends a case again. */
export function replayOf(c: CorpusCase): ReplayCase {
  return c.replayBy === "input"
    ? { id: c.id, value: c.input }
    : { id: c.id, seed: c.foundBy.propertySeed, path: c.foundBy.path };
}

/** The cases by property, as a round's configuration takes them. */
export function replayMap(cases: Iterable<CorpusCase>): Record<string, ReplayCase[]> {
  const out: Record<string, ReplayCase[]> = {};
  for (const c of cases) {
    if (c.masked || (c.replayBy === "path" && !c.foundBy.path)) continue;
    (out[c.property] ??= []).push(replayOf(c));
  }
  return out;
}
