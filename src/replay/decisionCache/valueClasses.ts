/**
 * Value classes: every condition compares the value at one path with a fixed set of strings, so
 * two values that meet the same of the policies' value sets are interchangeable
 * (docs/decision-cache.md "The key by classes").
 */

/** How a value stands against a leaf's value sets, as a condition tests it (SetsMet.kind). */
export type SetsMetKind = 'compares' | 'holds-nothing' | 'unknown';

/**
 * The sets a value meets. `compares`: a string or string array, `sets` are those it meets (none:
 * `not_in` holds); `holds-nothing`: absent, null or an object, on which neither `in` nor `not_in`
 * holds; `unknown`: an unknown pointer names the value (KeyMask), every condition on it is U.
 */
export interface SetsMet {
  readonly kind: SetsMetKind;
  readonly sets: readonly number[];
}

// Plain objects, not frozen: one hidden class with the SetsMet made per value keeps testValue fast.
/** A string or string array in none of the sets: `not_in` holds. */
export const IN_NO_SET: SetsMet = { kind: 'compares', sets: Object.freeze([]) };
/** Absent, null or an object: no condition holds, `in` or `not_in`. */
export const HOLDS_NOTHING: SetsMet = { kind: 'holds-nothing', sets: Object.freeze([]) };
/** A value an unknown pointer names. */
export const UNKNOWN_VALUE: SetsMet = { kind: 'unknown', sets: Object.freeze([]) };

/**
 * The tokens of a key's classes. Each is told apart from every other token of its leaf: the
 * single characters from U+0100 on (below the surrogates) name a leaf's lists of sets by number,
 * and every other token starts with an ASCII tag (`s`, `a`, `b`, `e`, `n`, `A`, `X`, `-`, `z`, `o`),
 * its variable part either free of the key's `,` separator (`s0.2`, `a0.2`, `b3`) or
 * length-prefixed (exactClass). Short tokens keep the key short, which is most of what hashing it
 * for the cache lookup costs.
 */
const FIRST_TOKEN_CHAR = 0x100;
const TOKEN_CHARS = 0xd800 - FIRST_TOKEN_CHAR;

function classToken(id: number, verbose: string): string {
  return id < TOKEN_CHARS ? String.fromCharCode(FIRST_TOKEN_CHAR + id) : verbose;
}

/** A value set's identity: its distinct values, sorted. */
function setId(set: ReadonlySet<string>): string {
  return JSON.stringify([...set].sort());
}

const E_TRUE = 'e4:true';
const E_FALSE = 'e5:false';

/** A value keyed as it is: a tag, the length of its JSON text and the text (unambiguous). */
export function exactClass(tag: string, value: unknown): string {
  // Booleans are most of these (is_batch, the context flags): their tokens are made once.
  if (tag === 'e' && typeof value === 'boolean') return value ? E_TRUE : E_FALSE;
  // Numbers: their JSON text without JSON.stringify. Finite numbers only come from JSON, and
  // String gives the same digits.
  const json =
    typeof value === 'boolean'
      ? value
        ? 'true'
        : 'false'
      : typeof value === 'number'
        ? String(value)
        : JSON.stringify(value);
  return `${tag}${json.length}:${json}`;
}

/**
 * How conditions compare the value at one path: `sets` (the policies' distinct value sets on that
 * path) for the generic comparison of strings and string arrays; `exact` for `is_batch`,
 * `unparsable_calls` and the context flags, whose few values are keyed as they are.
 */
export class ValueLeaf {
  /** Each string any set holds → the token (classToken) of the sets holding it. */
  private readonly tokenOfValue = new Map<string, string>();
  /** Each string any set holds → the sets holding it. */
  private readonly setsOfValue = new Map<string, SetsMet>();
  /** A set's identity (setId) → its index. */
  private readonly indexOfSet = new Map<string, number>();
  /** Whether the sets an array meets fit in one bit mask (arrayClass). */
  private readonly maskable: boolean;

  constructor(
    readonly path: readonly string[],
    readonly exact: boolean,
    sets: readonly ReadonlySet<string>[],
  ) {
    const lists = new Map<string, number[]>();
    sets.forEach((set, i) => {
      this.indexOfSet.set(setId(set), i);
      for (const value of set) {
        const list = lists.get(value) ?? [];
        list.push(i);
        lists.set(value, list);
      }
    });
    // Values held by the same sets share one token: the lists are numbered in first-seen order,
    // which depends on the policies alone, so every worker of a replay makes the same keys.
    const tokenOfList = new Map<string, string>();
    for (const [value, list] of lists) {
      const id = list.join('.');
      let token = tokenOfList.get(id);
      if (token === undefined) {
        token = classToken(tokenOfList.size, `s${id}`);
        tokenOfList.set(id, token);
      }
      this.tokenOfValue.set(value, token);
      this.setsOfValue.set(value, { kind: 'compares', sets: list });
    }
    this.maskable = sets.length <= 30;
  }

  /** The decision class of `value` (undefined: absent). */
  classOf(value: unknown): string {
    if (value === undefined) return '-';
    if (this.exact) return exactClass('e', value);
    if (typeof value === 'string') return this.tokenOfValue.get(value) ?? 's';
    if (Array.isArray(value)) return this.arrayClass(value);
    if (value === null) return 'z';
    if (typeof value === 'object') return 'o';
    // Numbers and booleans compare by their JSON text: rare, keyed exactly.
    return exactClass('n', value);
  }

  /** The index of the set holding exactly `values` (LeafSets added it). */
  indexOf(values: readonly string[]): number {
    const index = this.indexOfSet.get(setId(new Set(values)));
    if (index === undefined)
      throw new Error(`no value set ${JSON.stringify(values)} at ${this.path.join('.')}`);
    return index;
  }

  /**
   * The sets a value meets, for a folded key: a string, its sets; an array of strings, the sets
   * some element is in; HOLDS_NOTHING for absent, null or an object. null for numbers, booleans
   * and other arrays (compared by their JSON text: the caller falls back to the key by classes).
   */
  setsOf(value: unknown): SetsMet | null {
    if (typeof value === 'string') return this.setsOfValue.get(value) ?? IN_NO_SET;
    if (value === undefined || value === null) return HOLDS_NOTHING;
    if (Array.isArray(value)) {
      let hit: SetsMet | null = null;
      for (const element of value) {
        if (typeof element !== 'string') return null;
        const met = this.setsOfValue.get(element);
        if (met === undefined) continue;
        hit = hit === null ? met : { kind: 'compares', sets: hit.sets.concat(met.sets) };
      }
      return hit ?? IN_NO_SET;
    }
    return typeof value === 'object' ? HOLDS_NOTHING : null;
  }

  /** An array of strings meets a set when some element is in it; other arrays are keyed exactly. */
  private arrayClass(values: readonly unknown[]): string {
    if (!this.maskable) return this.arrayClassBySet(values);
    let mask = 0;
    for (const element of values) {
      if (typeof element !== 'string') return exactClass('A', values);
      const met = this.setsOfValue.get(element);
      if (met !== undefined) for (const i of met.sets) mask |= 1 << i;
    }
    // `b` and the mask in base 36: bit i is set i.
    return mask === 0 ? 'a' : `b${mask.toString(36)}`;
  }

  /** arrayClass for a leaf of more than 30 sets: the indices listed. */
  private arrayClassBySet(values: readonly unknown[]): string {
    let hit: Set<number> | null = null;
    for (const element of values) {
      if (typeof element !== 'string') return exactClass('A', values);
      const met = this.setsOfValue.get(element);
      if (met === undefined) continue;
      hit ??= new Set();
      for (const i of met.sets) hit.add(i);
    }
    return hit === null ? 'a' : `a${[...hit].sort((x, y) => x - y).join('.')}`;
  }
}

/** Distinct value sets (by content) per path, in first-seen order. */
export class LeafSets {
  private readonly byPath = new Map<
    string,
    { path: string[]; exact: boolean; sets: Map<string, Set<string>> }
  >();

  add(path: readonly string[], exact: boolean, values: readonly string[]): void {
    const id = JSON.stringify(path);
    let entry = this.byPath.get(id);
    if (!entry) {
      entry = { path: [...path], exact, sets: new Map() };
      this.byPath.set(id, entry);
    }
    const set = new Set(values);
    entry.sets.set(setId(set), set);
  }

  leaves(): ValueLeaf[] {
    return [...this.byPath.values()]
      .sort((a, b) => (JSON.stringify(a.path) < JSON.stringify(b.path) ? -1 : 1))
      .map((e) => new ValueLeaf(e.path, e.exact, [...e.sets.values()]));
  }
}
