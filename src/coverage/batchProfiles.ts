/**
 * Lists of two calls or more, read through their quantified bits (docs/coverage.md "Calls").
 *
 * A list's bits combine its calls' own: an `exists` bit is the OR of its calls', a `forall` bit the
 * AND. So the vectors of bits some list realises are the closure of the vectors single calls take
 * under that combination; calls repeat freely, so whatever some calls realise, a list of two or
 * more does. The single calls' vectors are read from each call's atoms, or found by splitting the
 * call shape by each predicate (`singleVectors`; one region of calls per vector that occurs, never
 * a set of call shapes), and their closure is enumerated breadth first: one profile per vector.
 *
 * The bits only unchanged deny rules read (`quieted`, callModel.ts) are kept out of the profiles:
 * such a rule that matches makes both sides deny, so the batch part holds only the lists where none
 * matches (`quiet`). A profile keeps the least sets of quieted bits its lists need (an antichain:
 * a larger set excludes more callers and realises nothing more), and a caller may send it quietly
 * exactly when, for one of those sets, no rule of its bits applies to the caller. That condition,
 * below each profile's bits, is the batch part's universe. Left in, the quieted bits would close to
 * some 190,000 vectors on a 200-rule pair, whose profiles are 1,000 to 4,000.
 */
import { completes, FALSE, TRUE, type Bdd, type BddManager, type Cube } from './bdd.js';
import type { CallModel } from './callModel.js';

/** Per quieted bit (its variable): where one of the unchanged deny rules reading it applies. */
export type QuietedApplies = ReadonlyMap<number, Bdd>;

interface Option {
  /** The quieted bits its lists set. */
  readonly quieted: Uint32Array;
  /** The single calls (regions) whose list realises it. */
  readonly calls: readonly number[];
}

export interface Profile {
  /** The bits, quieted ones cleared. */
  readonly vector: Uint32Array;
  options: Option[];
}

interface Listed {
  readonly vector: Uint32Array;
  readonly calls: readonly number[];
}

/** A list of two calls or more realising a point of the batch universe. */
export interface RealisedList {
  readonly calls: Cube[];
  /** Request atoms the list needs fixed besides the point's (which quieted rules may not apply). */
  readonly fixed: Cube;
}

/** Past this many assignments of one call's atoms, the regions are found by splitting instead. */
const MAX_LISTED_CALLS = 200_000;

const has = (words: Uint32Array, i: number): boolean => ((words[i >>> 5]! >>> (i & 31)) & 1) === 1;
const subset = (a: Uint32Array, b: Uint32Array): boolean => a.every((w, k) => (w & ~b[k]!) === 0);

export class BatchProfiles {
  /** One call of each region, by region. */
  private readonly regionCalls: Cube[] = [];
  readonly profiles: Profile[] = [];
  private readonly words: number;
  private readonly forall: Uint32Array;
  private readonly quieted: Uint32Array;
  private readonly admissible = new Map<string, Bdd>();
  /** Over the bits and the request atoms: the profiles, each where a caller may send it quietly. */
  readonly realisable: Bdd;

  constructor(
    private readonly m: BddManager,
    private readonly calls: CallModel,
    private readonly applies: QuietedApplies,
  ) {
    this.words = Math.max(1, Math.ceil(calls.bits.length / 32));
    this.forall = this.mask((i) => calls.bits[i]!.quantifier === 'forall');
    this.quieted = this.mask((i) => calls.quieted.has(calls.bits[i]!.variable));
    this.close(this.singleVectors());
    this.realisable = this.tree(this.profiles, (p) => this.admissibleOf(p));
  }

  private mask(holds: (i: number) => boolean): Uint32Array {
    const words = new Uint32Array(this.words);
    this.calls.bits.forEach((_, i) => {
      if (holds(i)) words[i >>> 5]! |= 1 << (i & 31);
    });
    return words;
  }

  /**
   * The vector of each region of single calls (the calls taking one vector), with one call of it.
   * When every call field holds one value at most (the MCP shape), the calls' atoms are few
   * enough to read each one's vector directly; otherwise the call shape is split by each
   * predicate in turn.
   */
  private singleVectors(): Uint32Array[] {
    const listed = this.singleCalls();
    return listed === null ? this.splitVectors() : this.readVectors(listed);
  }

  /** Every assignment of one call's atoms, when each field holds one value at most and they are few. */
  private singleCalls(): Cube[] | null {
    const fields = [...this.calls.fields.values()];
    if (!fields.every((f) => f.single)) return null;
    const options = fields.map((f) => [
      [[f.present, false]],
      [[f.present, true]],
      ...f.bits.map((b) => [[f.present, true], [b, true]]),
    ]);
    if (options.reduce((n, o) => n * o.length, 1) > MAX_LISTED_CALLS) return null;
    let calls: [number, boolean][][] = [[]];
    for (const field of options) calls = calls.flatMap((call) => field.map((o) => [...call, ...(o as [number, boolean][])]));
    return calls.map((call) => new Map(call));
  }

  private readVectors(listed: readonly Cube[]): Uint32Array[] {
    const m = this.m;
    const seen = new Set<string>();
    const vectors: Uint32Array[] = [];
    for (const call of listed) {
      const value = (v: number): boolean => call.get(v) ?? false;
      if (!m.evaluate(this.calls.shape, value)) continue;
      const vector = this.mask((i) => m.evaluate(this.calls.bits[i]!.predicate, value));
      const key = vector.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      vectors.push(vector);
      this.regionCalls.push(call);
    }
    return vectors;
  }

  private splitVectors(): Uint32Array[] {
    const m = this.m;
    let regions = [{ call: this.calls.shape, vector: new Uint32Array(this.words) }];
    this.calls.bits.forEach((bit, i) => {
      const not = m.not(bit.predicate);
      const next: typeof regions = [];
      for (const region of regions) {
        const yes = m.and(region.call, bit.predicate);
        if (yes !== FALSE) {
          const vector = region.vector.slice();
          vector[i >>> 5]! |= 1 << (i & 31);
          next.push({ call: yes, vector });
        }
        const no = m.and(region.call, not);
        if (no !== FALSE) next.push({ call: no, vector: region.vector });
      }
      regions = next;
    });
    for (const region of regions) this.regionCalls.push(this.calls.pick(region.call));
    return regions.map((r) => r.vector);
  }

  /** Every vector some list realises, breadth first from the single calls'. */
  private close(singles: readonly Uint32Array[]): void {
    const table = new ProfileTable(this.words, this.quieted);
    const perProfile = Math.ceil(singles.length / 16);
    const scratch = new Uint32Array(this.words);
    // `calls` and one more call (`more`, or none when negative): the list is only copied when kept.
    const add = (vector: Uint32Array, listed: readonly number[], more: number): Listed | null => {
      const found = table.find(vector);
      const calls = (): number[] => (more < 0 ? [...listed] : [...listed, more]);
      if (found === undefined) {
        const kept = vector.slice();
        const profile = { vector: kept.map((w, k) => w & ~this.quieted[k]!), options: [this.option(kept, calls())] };
        table.insert(kept, profile);
        this.profiles.push(profile);
        // Its combinations with every single call are work the nodes do not show: counted as one
        // node per 16 of them, about their time's worth.
        this.m.charge(perProfile);
        return { vector: kept, calls: profile.options[0]!.calls };
      }
      if (found.options.some((o) => this.within(o.quieted, vector))) return null;
      const option = this.option(vector, calls());
      found.options = [...found.options.filter((o) => !subset(option.quieted, o.quieted)), option];
      return { vector: vector.slice(), calls: option.calls };
    };
    let frontier = singles.map((vector, i) => add(vector, [i], -1)).filter((l): l is Listed => l !== null);
    const forall = this.forall;
    while (frontier.length > 0) {
      const next: Listed[] = [];
      for (const listed of frontier) {
        const a = listed.vector;
        for (let i = 0; i < singles.length; i++) {
          if (listed.calls.includes(i)) continue;
          const b = singles[i]!;
          for (let k = 0; k < this.words; k++) {
            const f = forall[k]!;
            scratch[k] = (a[k]! & b[k]! & f) | ((a[k]! | b[k]!) & ~f);
          }
          const added = add(scratch, listed.calls, i);
          if (added !== null) next.push(added);
        }
      }
      frontier = next;
    }
  }

  private option(vector: Uint32Array, calls: readonly number[]): Option {
    return { quieted: vector.map((w, k) => w & this.quieted[k]!), calls };
  }

  /** Whether the quieted bits `quieted` are among the vector's. */
  private within(quieted: Uint32Array, vector: Uint32Array): boolean {
    for (let k = 0; k < this.words; k++) if ((quieted[k]! & ~vector[k]!) !== 0) return false;
    return true;
  }

  /**
   * Over the bits and what follows them: each profile's bits, then its own set (`below`, over the
   * variables after the bits). The profiles' vectors are distinct, so this is one walk down the
   * bits, one node per bit a profile's path tests.
   */
  tree(profiles: readonly Profile[], below: (p: Profile) => Bdd): Bdd {
    const counted = this.calls.bits.map((_, i) => i).filter((i) => !has(this.quieted, i));
    const build = (within: readonly Profile[], k: number): Bdd => {
      if (within.length === 0) return FALSE;
      if (k === counted.length) return below(within[0]!);
      const i = counted[k]!;
      const high = within.filter((p) => has(p.vector, i));
      const low = within.filter((p) => !has(p.vector, i));
      return this.m.node(this.calls.bits[i]!.variable, build(low, k + 1), build(high, k + 1));
    };
    return build(profiles, 0);
  }

  /** Whether the lists of a profile set the bit at `index` of `calls.bits` (never a quieted one). */
  holds(profile: Profile, index: number): boolean {
    return has(profile.vector, index);
  }

  /** Where a caller may send a profile's lists with no quieted rule matching. */
  admissibleOf(profile: Profile): Bdd {
    return this.m.orAll(profile.options.map((o) => this.quietFor(o)));
  }

  /** Where no unchanged deny rule reading one of the option's quieted bits applies. */
  private quietFor(option: Option): Bdd {
    const key = Array.from(option.quieted).join(',');
    let found = this.admissible.get(key);
    if (found === undefined) {
      const m = this.m;
      const excluded = this.calls.bits
        .filter((b, i) => has(option.quieted, i) && this.applies.has(b.variable))
        .map((b) => m.not(this.applies.get(b.variable)!));
      found = m.andAll(excluded);
      this.admissible.set(key, found);
    }
    return found;
  }

  /**
   * A list of two calls or more realising a point of the universe: `cube` fixes the request atoms
   * the point needs (bits it leaves out may take either value). Null when no profile agrees,
   * which a point of the universe never meets.
   */
  realise(cube: Cube): RealisedList | null {
    const m = this.m;
    const care = new Uint32Array(this.words);
    const value = new Uint32Array(this.words);
    this.calls.bits.forEach((b, i) => {
      const given = cube.get(b.variable);
      if (given === undefined || has(this.quieted, i)) return;
      care[i >>> 5]! |= 1 << (i & 31);
      if (given) value[i >>> 5]! |= 1 << (i & 31);
    });
    for (const profile of this.profiles) {
      if (!profile.vector.every((w, k) => ((w ^ value[k]!) & care[k]!) === 0)) continue;
      let partly: { option: Option; admits: Bdd } | null = null;
      for (const option of profile.options) {
        const admits = m.restrict(this.quietFor(option), cube);
        if (admits === TRUE) return { calls: this.list(option), fixed: new Map() };
        if (admits !== FALSE) partly ??= { option, admits };
      }
      // Only some completions of the point admit one option: fix the atoms that make it admit.
      if (partly !== null) for (const path of m.paths(partly.admits)) return { calls: this.list(partly.option), fixed: path };
    }
    return null;
  }

  private list(option: Option): Cube[] {
    const calls = option.calls.map((i) => this.regionCalls[i]!);
    // Repeating a call changes no bit, so any list can be made two calls long.
    return calls.length >= 2 ? calls : [calls[0]!, calls[0]!];
  }

  /**
   * Whether no unchanged deny rule of a quieted bit matches a list of calls (each call's atoms),
   * its caller's atoms given by `known` (undefined: an atom the answer needs is unknown; with
   * `constraint`, only the completions of `known` it holds count, no node being made).
   */
  quietOf(
    known: Cube,
    calls: readonly ((variable: number) => boolean)[],
    constraint: Bdd = TRUE,
  ): boolean | undefined {
    let unknown = false;
    for (const bit of this.calls.bits) {
      const applies = this.applies.get(bit.variable);
      if (applies === undefined) continue;
      if (!calls.some((call) => this.m.evaluate(bit.predicate, call))) continue;
      const can = (value: boolean): boolean => completes(this.m, constraint, applies, value, known, new Map());
      const holds = !can(true) ? false : !can(false) ? true : undefined;
      if (holds === true) return false;
      if (holds === undefined) unknown = true;
    }
    return unknown ? undefined : true;
  }
}

/** Profiles by their vector's bits other than the quieted ones: open addressing over the words. */
class ProfileTable {
  private slots = new Int32Array(1024).fill(-1);
  private readonly keys: Uint32Array[] = [];
  private readonly values: Profile[] = [];

  constructor(
    private readonly words: number,
    private readonly quieted: Uint32Array,
  ) {}

  private hash(vector: Uint32Array): number {
    let h = 0x811c9dc5;
    for (let k = 0; k < this.words; k++) h = Math.imul(h ^ (vector[k]! & ~this.quieted[k]!), 0x01000193);
    return (h ^ (h >>> 15)) >>> 0;
  }

  private same(a: Uint32Array, b: Uint32Array): boolean {
    for (let k = 0; k < this.words; k++) if (((a[k]! ^ b[k]!) & ~this.quieted[k]!) !== 0) return false;
    return true;
  }

  find(vector: Uint32Array): Profile | undefined {
    const mask = this.slots.length - 1;
    for (let slot = this.hash(vector) & mask; ; slot = (slot + 1) & mask) {
      const at = this.slots[slot]!;
      if (at < 0) return undefined;
      if (this.same(this.keys[at]!, vector)) return this.values[at];
    }
  }

  insert(vector: Uint32Array, profile: Profile): void {
    this.keys.push(vector);
    this.values.push(profile);
    if (this.keys.length * 2 > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2).fill(-1);
      this.keys.forEach((key, i) => this.place(key, i));
    } else this.place(vector, this.keys.length - 1);
  }

  private place(vector: Uint32Array, index: number): void {
    const mask = this.slots.length - 1;
    let slot = this.hash(vector) & mask;
    while (this.slots[slot]! >= 0) slot = (slot + 1) & mask;
    this.slots[slot] = index;
  }
}
