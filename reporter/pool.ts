// Values that repeat stored once (conformance.json since schema 3, and the page's exchanges): a
// pool of values, and in their place `{"$pool": n}`. docs/evidence.md describes the form:
//
// - a pooled value is an object, an array or a string that occurs at least twice among the roots
//   (counted once inside a value that is pooled itself, so a list item that repeats only inside
//   one repeated page is not pooled again) and is long enough that its references cost less (REF);
// - `{"$pool": n}`: the value `pool[n]`, itself in this form (its parts may be references);
// - `{"$cat": [...]}`: a long array written as the runs of items it concatenates, an object of
//   several members as the runs of members it merges (headers that differ in one value, list items
//   that differ in their ids), or a long string (a JSON text the harness kept cut, as text) as the
//   strings it joins; each run a reference or written out. Runs end after an item (a member) chosen
//   by its content (its hash), so a run repeats wherever the same items stand together, on any
//   page, shifted or not;
// - `{"$lit": {...}}`: an object of the values whose only member is `$pool`, `$cat` or `$lit` (a
//   body may hold one): its members are taken as they are, their values in this form.
//
// Writing is linear in the size of the values: each value gets an id from its kind and its
// members' ids (a Map per distinct string and number; shapes by a hash of their ids), bottom-up;
// a second pass counts the occurrences from the roots down; a third writes. Reading is linear
// too: each pool entry is expanded once, and every reference to it gets that same value (one
// object, shared).

/**
 * What a reference costs in characters (`{"$pool":12345}`): a value of JSON length `size` seen `n`
 * times is pooled when writing it once and `n` references is shorter, `(n - 1) × size > REF × n`.
 */
export const REF = 15;

/** The least length of a string cut into pieces (`$cat`). */
export const CAT_MIN = 2048;

/** The least length of an array cut into runs (`$cat`). */
export const RUN_MIN = 16;

/** The least count of members of an object cut into runs of members (`$cat`). */
export const MEMBERS_MIN = 3;

/** A run of members ends after one whose name and value hash to 0 modulo this. */
const MEMBERS_SPLIT = 2;

/** A run ends after an item whose hash is 0 modulo this: runs of 4 items on average. */
const RUN_SPLIT = 4;

/** A long string's items: cut after each `},` followed by `{` (undefined: none, or too short). */
export function pieces(s: string): string[] | undefined {
  if (s.length < CAT_MIN) return undefined;
  let at = s.indexOf("},{");
  if (at < 0) return undefined;
  const out: string[] = [];
  let start = 0;
  while (at >= 0) {
    out.push(s.slice(start, at + 2));
    start = at + 2;
    at = s.indexOf("},{", start);
  }
  out.push(s.slice(start));
  return out;
}

/** A value's id scrambled (a multiplicative hash, its high bits folded down): which ids end a run. */
function hash(id: number): number {
  const h = Math.imul(id + 1, 0x9e3779b1);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * Where runs of items end (exclusive indices, the last one the length), chosen by the items
 * themselves: after an item whose id hashes to 0 modulo RUN_SPLIT. The same items in the same
 * order make the same runs wherever they stand (a page shifted by new items keeps most of its
 * runs). Undefined when it makes a single run.
 */
function runEnds(ids: readonly number[], split = RUN_SPLIT): number[] | undefined {
  const ends: number[] = [];
  for (let i = 0; i < ids.length - 1; i++) if (hash(ids[i]!) % split === 0) ends.push(i + 1);
  if (!ends.length) return undefined;
  ends.push(ids.length);
  return ends;
}

export interface PoolRef {
  $pool: number;
}

/** A value with a `toJSON` (a Date) as JSON would write it. */
function plain(v: object): unknown {
  return JSON.parse(JSON.stringify(v) ?? "null");
}

/** The members JSON writes of an object, in order (not undefined, a function or a symbol). */
function kept(o: object): string[] {
  const out: string[] = [];
  for (const k in o) {
    if (!Object.hasOwn(o, k)) continue;
    const t = typeof (o as Record<string, unknown>)[k];
    if (t !== "undefined" && t !== "function" && t !== "symbol") out.push(k);
  }
  return out;
}

/** An object written as it is would read as a reference: its only member is `$pool`, `$cat` or `$lit`. */
function isSpecial(keys: readonly string[]): boolean {
  return keys.length === 1 && (keys[0] === "$pool" || keys[0] === "$lit" || keys[0] === "$cat");
}

/** An object of these members of `o`, in order. */
function subObject(o: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) define(out, k, o[k]);
  return out;
}

/** `o[k] = v`, also for `__proto__` (a member, never the prototype). */
function define(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === "__proto__")
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/**
 * Encodes `roots` (each an arbitrary JSON value): returns them in pooled form, in the same order,
 * and the pool. `undefined` roots stay undefined.
 */
export function poolValues(roots: readonly unknown[]): { roots: unknown[]; pool: unknown[] } {
  // ---- pass 1: an id per distinct value (strings by content, objects and arrays by shape),
  // children's ids before their parent's
  const strIds = new Map<string, number>();
  const primIds = new Map<unknown, number>();
  // shapes by a hash of their kind and ids, a collision told apart by comparing the ids
  const shapeIds = new Map<number, number | number[]>();
  const shapeOf: (number[] | undefined)[] = [];
  const kindOf: number[] = [];
  const objIds = new Map<object, number>();
  // a value with toJSON (a Date) as JSON writes it, made once
  const normal = new Map<object, unknown>();
  const size: number[] = [];
  const kids: (number[] | undefined)[] = [];
  // numbers, booleans and null: never pooled
  const prim: boolean[] = [];
  // a long string's runs (the strings it joins), an array's run ends
  const stringRuns = new Map<number, string[]>();
  const arrayRuns = new Map<number, { ends: number[]; ids: number[] }>();
  const objectRuns = new Map<number, { ends: number[]; ids: number[] }>();
  const newId = (bytes: number, children: number[] | undefined, primitive = false) => {
    size.push(bytes);
    kids.push(children);
    prim.push(primitive);
    return size.length - 1;
  };
  const stringId = (s: string, cuttable = true): number => {
    let id = strIds.get(s);
    if (id !== undefined) return id;
    const items = cuttable ? pieces(s) : undefined;
    let runs: string[] | undefined;
    if (items) {
      const ends = runEnds(items.map((x) => stringId(x, false)));
      if (ends) runs = ends.map((e, k) => items.slice(k ? ends[k - 1] : 0, e).join(""));
    }
    const children = runs?.map((r) => stringId(r, false));
    // its length in JSON, near enough to choose by (escapes left out)
    id = newId(s.length + 2, children);
    strIds.set(s, id);
    if (runs) stringRuns.set(id, runs);
    return id;
  };
  // NaN and Infinity (JSON's null) keep ids of their own: never merged with null, as is safe
  const primId = (v: unknown): number => {
    let id = primIds.get(v);
    if (id === undefined) {
      id = newId(v === null ? 4 : String(v).length, undefined, true);
      primIds.set(v, id);
    }
    return id;
  };
  // kind: 1 an array, 2 an object (names and values in turn), 3 an array by its runs, 4 an object by its runs
  const same = (id: number, kind: number, sig: readonly number[]): boolean => {
    if (kindOf[id] !== kind) return false;
    const other = shapeOf[id]!;
    if (other.length !== sig.length) return false;
    for (let i = 0; i < sig.length; i++) if (other[i] !== sig[i]) return false;
    return true;
  };
  const shapeId = (kind: number, sig: number[], bytes: number, children: number[]): number => {
    let h = Math.imul(kind ^ 0x811c9dc5, 0x01000193);
    for (let i = 0; i < sig.length; i++) h = Math.imul(h ^ sig[i]!, 0x01000193);
    h = (h ^ sig.length) >>> 0;
    const found = shapeIds.get(h);
    if (found !== undefined) {
      if (typeof found === "number") {
        if (same(found, kind, sig)) return found;
      } else for (const c of found) if (same(c, kind, sig)) return c;
    }
    const id = newId(bytes, children);
    shapeOf[id] = sig;
    kindOf[id] = kind;
    if (found === undefined) shapeIds.set(h, id);
    else if (typeof found === "number") shapeIds.set(h, [found, id]);
    else found.push(id);
    return id;
  };

  // a value's id; -1 for what JSON leaves out of an object (undefined, a function, a symbol)
  const visit = (v: unknown, inArray: boolean): number => {
    switch (typeof v) {
      case "string":
        return stringId(v);
      case "number":
      case "boolean":
        return primId(v);
      case "object":
        break;
      default:
        // JSON writes null for it in an array
        return inArray ? primId(null) : -1;
    }
    if (v === null) return primId(null);
    const known = objIds.get(v);
    if (known !== undefined) return known;
    if (typeof (v as { toJSON?: unknown }).toJSON === "function") {
      if (!normal.has(v)) normal.set(v, plain(v));
      return visit(normal.get(v), inArray);
    }
    let id: number;
    if (Array.isArray(v)) {
      const ids: number[] = new Array(v.length);
      let bytes = 1;
      for (let i = 0; i < v.length; i++) {
        ids[i] = visit(v[i], true);
        bytes += size[ids[i]!]! + 1;
      }
      if (!v.length) bytes++;
      const ends = v.length >= RUN_MIN ? runEnds(ids) : undefined;
      if (ends) {
        // each run an array of its own (its id by its shape); the array's children are its runs
        const runIds = ends.map((e, k) => {
          const run = ids.slice(k ? ends[k - 1]! : 0, e);
          let b = 1;
          for (const x of run) b += size[x]! + 1;
          return shapeId(1, run, b, run);
        });
        // its shape by its runs' ids (the same items make the same runs)
        id = shapeId(3, runIds, bytes, runIds);
        if (!arrayRuns.has(id)) arrayRuns.set(id, { ends, ids: runIds });
      } else id = shapeId(1, ids, bytes, ids);
    } else {
      // the shape: each member's name id and value id, in order
      const pairs: number[] = [];
      const children: number[] = [];
      const sizes: number[] = [];
      let bytes = 1;
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        const x = visit((v as Record<string, unknown>)[k], false);
        if (x < 0) continue;
        const name = stringId(k, false);
        pairs.push(name, x);
        children.push(x);
        sizes.push(size[name]! + size[x]! + 2);
        bytes += sizes[sizes.length - 1]!;
      }
      if (!children.length) bytes++;
      // a long object as runs of members, each an object of its own (its id by its shape)
      const ends =
        children.length >= MEMBERS_MIN
          ? runEnds(
              children.map((x, j) => Math.imul(pairs[2 * j]!, 0x01000193) ^ x),
              MEMBERS_SPLIT,
            )
          : undefined;
      if (ends) {
        const runIds = ends.map((e, k) => {
          const from = k ? ends[k - 1]! : 0;
          let b = 1;
          for (let j = from; j < e; j++) b += sizes[j]!;
          return shapeId(2, pairs.slice(2 * from, 2 * e), b, children.slice(from, e));
        });
        id = shapeId(4, runIds, bytes, runIds);
        if (!objectRuns.has(id)) objectRuns.set(id, { ends, ids: runIds });
      } else id = shapeId(2, pairs, bytes, children);
    }
    objIds.set(v, id);
    return id;
  };
  const rootIds = roots.map((v) => visit(v, false));

  // ---- pass 2: occurrences from the roots down (a parent's id is above its children's); a
  // value inside a pooled one counts once for all the places its parent stands
  const refs = new Float64Array(size.length);
  for (const id of rootIds) if (id >= 0) refs[id]! += 1;
  const pooled = new Uint8Array(size.length);
  for (let id = size.length - 1; id >= 0; id--) {
    const n = refs[id]!;
    if (!n) continue;
    const pool = n >= 2 && !prim[id] && (n - 1) * size[id]! > REF * n;
    if (pool) pooled[id] = 1;
    const each = pool ? 1 : n;
    const children = kids[id];
    if (children) for (const c of children) refs[c]! += each;
  }

  // ---- pass 3: write, each pooled value once
  const slot = new Map<number, number>();
  const pool: unknown[] = [];
  const ref = (id: number, v: unknown): PoolRef => {
    let n = slot.get(id);
    if (n === undefined) {
      n = pool.length;
      slot.set(id, n);
      pool.push(null);
      pool[n] = inner(v, id);
    }
    return { $pool: n };
  };
  const encode = (v: unknown): unknown => {
    if (typeof v === "string") {
      const id = strIds.get(v)!;
      return pooled[id] ? ref(id, v) : inner(v, id);
    }
    if (v === null || typeof v !== "object") return v;
    const id = objIds.get(v);
    if (id === undefined) {
      if (normal.has(v)) return encode(normal.get(v));
      throw new Error("pool: a value changed while it was written");
    }
    return pooled[id] ? ref(id, v) : inner(v, id);
  };
  const items = (v: readonly unknown[], from: number, to: number): unknown[] => {
    const out = new Array(to - from);
    for (let i = from; i < to; i++) out[i - from] = v[i] === undefined ? null : encode(v[i]);
    return out;
  };
  // the value written out (not as a reference to itself): its parts encoded, in runs when one is pooled
  const inner = (v: unknown, id: number): unknown => {
    if (typeof v === "string") {
      const runs = stringRuns.get(id);
      if (!runs?.some((r) => pooled[strIds.get(r)!])) return v;
      return { $cat: runs.map(encode) };
    }
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) {
      const runs = arrayRuns.get(id);
      if (!runs?.ids.some((r) => pooled[r])) return items(v, 0, v.length);
      return {
        $cat: runs.ends.map((e, k) => {
          const from = k ? runs.ends[k - 1]! : 0;
          const r = runs.ids[k]!;
          return pooled[r] ? ref(r, v.slice(from, e)) : items(v, from, e);
        }),
      };
    }
    const o = v as Record<string, unknown>;
    const keys = kept(o);
    const runs = objectRuns.get(id);
    if (runs?.ids.some((r) => pooled[r]))
      return {
        $cat: runs.ends.map((e, k) => {
          const from = k ? runs.ends[k - 1]! : 0;
          const r = runs.ids[k]!;
          const part = subObject(o, keys.slice(from, e));
          return pooled[r] ? ref(r, part) : inner(part, r);
        }),
      };
    const out: Record<string, unknown> = {};
    for (const k of keys) define(out, k, encode(o[k]));
    return isSpecial(keys) ? { $lit: out } : out;
  };
  return { roots: roots.map((v) => (v === undefined ? undefined : encode(v))), pool };
}

/** Expands values written by poolValues: a reference becomes its pool entry (one shared value). */
export class PoolReader {
  private readonly done: unknown[];
  private readonly state: Uint8Array;
  constructor(private readonly pool: unknown[]) {
    this.done = new Array(pool.length);
    this.state = new Uint8Array(pool.length);
  }

  /** The value in full; the objects and arrays of `v` itself are expanded in place. */
  expand(v: unknown): unknown {
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (x !== null && typeof x === "object") v[i] = this.expand(x);
      }
      return v;
    }
    const o = v as Record<string, unknown>;
    let only: string | undefined;
    let n = 0;
    for (const k in o) {
      if (!Object.hasOwn(o, k)) continue;
      only = k;
      if (++n > 1) break;
    }
    if (n === 1 && only === "$pool") return this.entry(o.$pool);
    if (n === 1 && only === "$cat") {
      const parts = o.$cat;
      if (!Array.isArray(parts)) throw new Error("pool: $cat holds no list of pieces");
      const got = parts.map((p) => this.expand(p));
      if (got.every((x) => typeof x === "string")) return got.join("");
      if (got.every((x) => x !== null && typeof x === "object" && !Array.isArray(x))) {
        const merged: Record<string, unknown> = {};
        for (const part of got as Record<string, unknown>[])
          for (const k of Object.keys(part)) define(merged, k, part[k]);
        return merged;
      }
      if (!got.every((x) => Array.isArray(x)))
        throw new Error("pool: $cat joins neither strings, arrays nor objects");
      const out: unknown[] = [];
      for (const a of got as unknown[][]) for (const x of a) out.push(x);
      return out;
    }
    if (n === 1 && only === "$lit") {
      const lit = o.$lit;
      if (lit === null || typeof lit !== "object" || Array.isArray(lit))
        throw new Error(`pool: $lit holds ${JSON.stringify(lit)?.slice(0, 40)}, not an object`);
      return this.members(lit as Record<string, unknown>);
    }
    return this.members(o);
  }

  private members(o: Record<string, unknown>): Record<string, unknown> {
    for (const k in o) {
      if (!Object.hasOwn(o, k)) continue;
      const x = o[k];
      if (x === null || typeof x !== "object") continue;
      const y = this.expand(x);
      if (y === x) continue;
      if (k === "__proto__")
        Object.defineProperty(o, k, {
          value: y,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else o[k] = y;
    }
    return o;
  }

  private entry(n: unknown): unknown {
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n >= this.pool.length)
      throw new Error(
        `pool: {"$pool": ${JSON.stringify(n)}} names no entry (the pool has ${this.pool.length})`,
      );
    if (this.state[n] === 2) return this.done[n];
    if (this.state[n] === 1) throw new Error(`pool: entry ${n} refers to itself`);
    this.state[n] = 1;
    const v = this.expand(this.pool[n]);
    this.done[n] = v;
    this.state[n] = 2;
    return v;
  }
}
