import type { Decision, Policy } from '../../policy/schema.js';
import type { WasmPolicy } from '../../engine/wasmEngine.js';
import type { ThreeValuedDecision } from '../../unknowns/decision.js';
import { UNKNOWNS_KEY, type UnknownsPayload } from '../../unknowns/payload.js';
import type { TrafficInput } from '../../traffic/record.js';
import { DecisionKeys, type KeyedUnknowns } from './decisionKeys.js';
import { TwoGenerationMap } from './twoGenerationMap.js';
import { payloadText } from './unknownMask.js';

/** How many keys one generation of the cache holds; two are kept. It bounds memory, not correctness. */
export const DECISION_CACHE_LIMIT = 16_384;
/** Keys longer than this (UTF-16 units) are evaluated uncached: they almost never repeat. */
export const MAX_KEY_LENGTH = 512;
/**
 * A generation also turns over once its keys hold this many UTF-16 units, so hostile keys cannot
 * take a worker past its capped heap: keys take at most 2 stores × 2 generations × 2 MiB.
 */
export const KEY_UNITS_PER_GENERATION = 1 << 20;
/** How many unknown sets' masks and payload texts are kept before they start over. */
const UNKNOWN_SETS_LIMIT = 1_024;

/** One side of a DecisionCache: a policy and its loaded wasm. */
export interface CachedSide {
  policy: Policy;
  engine: WasmPolicy;
}

/** The unknown set of a record as the three-valued evaluation takes it. */
export interface CachedUnknowns {
  /**
   * unknowns/recordUnknowns.ts unknownKey: equal for equal unknown sets and pairing. It names the
   * set for the mask and for reasonKey; a decision key names it by its payload (payloadText),
   * coarser.
   */
  key: string;
  payload: UnknownsPayload;
}

/** Per side, its decision under one key (undefined: not evaluated yet). */
type Entry = (Decision | ThreeValuedDecision | undefined)[];

/**
 * A decision one cache evaluated, as another cache of the same replay takes it (learn): worker
 * threads share what they evaluate, so a class is evaluated about once per replay instead of once
 * per worker. Exact by construction: equal keys decide alike on the same policies.
 */
export interface LearnedDecision {
  threeValued: boolean;
  key: string;
  index: number;
  decision: Decision | ThreeValuedDecision;
}

/** What belongs to the record being evaluated: its sides share one key and one input buffer. */
interface CurrentRecord {
  store: TwoGenerationMap<Entry>;
  input: TrafficInput | null;
  unknownKey: string | null;
  key: string | null;
  entry: Entry | null;
  buffer: ArrayBuffer | null;
}

/** What the cache keeps per unknown set: its key inputs and its payload's text. */
interface UnknownSet {
  keyed: KeyedUnknowns;
  text: string;
}

function currentRecord(store: TwoGenerationMap<Entry>): CurrentRecord {
  return { store, input: null, unknownKey: null, key: null, entry: null, buffer: null };
}

/**
 * The wasm engines of one replay behind one decision cache (docs/decision-cache.md): a record
 * costs one key, and each policy is evaluated once per distinct key. Decisions are shared between
 * records: callers must not mutate them. Evaluation errors are not cached. Three-valued decisions
 * are cached beside the two-valued ones, in stores of their own (records with unknown data are
 * few, and would otherwise be pushed out by the many two-valued keys between two of them).
 */
export class DecisionCache {
  private readonly keys: DecisionKeys;
  private readonly twoValued: TwoGenerationMap<Entry>;
  private readonly threeValued: TwoGenerationMap<Entry>;
  private readonly encoder = new TextEncoder();
  private readonly twoValuedRecord: CurrentRecord;
  private readonly threeValuedRecord: CurrentRecord;
  /** Per unknown set seen (few per sample; bounded all the same), by its unknownKey. */
  private readonly unknownSets = new Map<string, UnknownSet>();
  /** An input evaluated on its own, uncached (alone()); one at a time, like the records. */
  private aloneInput: TrafficInput | null = null;
  /** What this cache evaluated since the last `learned()`, when sharing (else null). */
  private fresh: LearnedDecision[] | null = null;
  hits = 0;
  misses = 0;

  constructor(
    private readonly sides: readonly CachedSide[],
    limit = DECISION_CACHE_LIMIT,
  ) {
    this.keys = new DecisionKeys(sides.map((s) => s.policy));
    this.twoValued = new TwoGenerationMap(limit, KEY_UNITS_PER_GENERATION);
    this.threeValued = new TwoGenerationMap(limit, KEY_UNITS_PER_GENERATION);
    this.twoValuedRecord = currentRecord(this.twoValued);
    this.threeValuedRecord = currentRecord(this.threeValued);
  }

  /**
   * Evaluates `input` (the next record's) without the cache, neither taking nor giving a decision:
   * for a record whose values opa-wasm may refuse (a lone surrogate), where a decision cached from
   * another record would hide the failure in one order and not in another.
   */
  alone(input: TrafficInput): void {
    this.aloneInput = input;
  }

  /** From now on, remember every evaluation for `learned()`. */
  share(): void {
    this.fresh ??= [];
  }

  /** The decisions evaluated here since the last call (share() first), for other caches to learn. */
  learned(): LearnedDecision[] {
    const out = this.fresh ?? [];
    if (this.fresh !== null) this.fresh = [];
    return out;
  }

  /** Takes decisions another cache of the same policies evaluated (its learned()). */
  learn(decisions: readonly LearnedDecision[]): void {
    for (const d of decisions) {
      const store = d.threeValued ? this.threeValued : this.twoValued;
      let entry = store.get(d.key);
      if (entry === undefined) {
        entry = [];
        store.set(d.key, entry);
      }
      entry[d.index] ??= d.decision;
    }
  }

  /** The decision of side `index` on `input`. */
  evaluate(index: number, input: TrafficInput, requestId?: string): Decision {
    const record = this.twoValuedRecord;
    if (input !== record.input) this.select(record, input, null);
    const cached = record.entry?.[index] as Decision | undefined;
    if (cached !== undefined) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const decision = this.sides[index]!.engine.evaluate(this.inputBuffer(record, input, null), requestId);
    this.store(record, index, decision, false);
    return decision;
  }

  /** The three-valued decision of side `index` on `input` with `unknowns` unknown. */
  evaluateThreeValued(
    index: number,
    input: TrafficInput,
    unknowns: CachedUnknowns,
    requestId?: string,
  ): ThreeValuedDecision {
    const record = this.threeValuedRecord;
    if (input !== record.input || unknowns.key !== record.unknownKey) this.select(record, input, unknowns);
    const cached = record.entry?.[index] as ThreeValuedDecision | undefined;
    if (cached !== undefined) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const decision = this.sides[index]!.engine.evaluateThreeValued(
      this.inputBuffer(record, input, unknowns.payload),
      requestId,
    );
    this.store(record, index, decision, true);
    return decision;
  }

  /**
   * A key under which records with unknowns share their unevaluable reasons: the unknown set and
   * each value's and call's classes (DecisionKeys.reasonKey). Null: the input cannot be keyed, the
   * reasons are computed for the record alone.
   */
  reasonKey(input: TrafficInput, unknowns: CachedUnknowns): string | null {
    const projected = this.keys.reasonKey(input, this.unknownSetOf(unknowns).keyed);
    return projected === null ? null : `${unknowns.key}\0${projected}`;
  }

  private unknownSetOf(unknowns: CachedUnknowns): UnknownSet {
    let set = this.unknownSets.get(unknowns.key);
    if (set === undefined) {
      const { payload } = unknowns;
      set = {
        keyed: { mask: this.keys.maskOf(payload.unknown), unpaired: payload.unpaired },
        text: payloadText(payload),
      };
      if (this.unknownSets.size >= UNKNOWN_SETS_LIMIT) this.unknownSets.clear();
      this.unknownSets.set(unknowns.key, set);
    }
    return set;
  }

  private select(record: CurrentRecord, input: TrafficInput, unknowns: CachedUnknowns | null): void {
    record.input = input;
    record.unknownKey = unknowns?.key ?? null;
    const set = unknowns === null ? null : this.unknownSetOf(unknowns);
    const projected = this.keys.decisionKey(input, set === null ? null : set.keyed);
    // The payload's text is JSON after a one-letter tag (no NUL can occur in it), so the NUL
    // separates the two parts unambiguously; two-valued keys carry no NUL at all.
    const key = projected === null ? null : set === null ? projected : `${set.text}\0${projected}`;
    // Long keys (a policy reading a large argument) almost never repeat, and caching them would
    // let memory grow with value size: bounded by count × MAX_KEY_LENGTH instead.
    record.key = key !== null && key.length <= MAX_KEY_LENGTH && input !== this.aloneInput ? key : null;
    record.entry = record.key === null ? null : (record.store.get(record.key) ?? null);
    record.buffer = null;
  }

  private store(
    record: CurrentRecord,
    index: number,
    decision: Decision | ThreeValuedDecision,
    threeValued: boolean,
  ): void {
    if (record.key === null) return;
    if (record.entry === null) {
      record.entry = [];
      record.store.set(record.key, record.entry);
    }
    record.entry[index] = decision;
    this.fresh?.push({ threeValued, key: record.key, index, decision });
  }

  /**
   * The projected input (with the unknown set under UNKNOWNS_KEY for the three-valued decision) as
   * JSON bytes in an ArrayBuffer, which opa-wasm copies into its memory without re-serialising;
   * made once per record for all sides. The buffer is allocated here (not taken from
   * TextEncoder.encode) so it belongs to this realm, the one opa-wasm's `instanceof ArrayBuffer`
   * checks against. The projection keeps only `request` and `identity`, so a record's own input
   * can never supply the unknown set.
   */
  private inputBuffer(
    record: CurrentRecord,
    input: TrafficInput,
    payload: UnknownsPayload | null,
  ): ArrayBuffer {
    if (record.buffer === null) {
      const projected = this.keys.project(input);
      if (payload !== null) projected[UNKNOWNS_KEY] = payload;
      const text = JSON.stringify(projected);
      record.buffer = new ArrayBuffer(Buffer.byteLength(text, 'utf8'));
      this.encoder.encodeInto(text, new Uint8Array(record.buffer));
    }
    return record.buffer;
  }
}
