/**
 * What a record does not know, in the form every evaluator takes it, and how a location a rule
 * reads relates to it (docs/unknowns.md "What a record does not know").
 */
import type { CallField, FieldKind } from '../policy/fields.js';
import { inputPathOf } from '../policy/fields.js';

/** Every unevaluable reason, sorted (the order reports list them in). docs/unknowns.md "Reasons". */
export const UNEVALUABLE_REASONS = [
  'attributes_unavailable',
  'batch_call_pairing_unavailable',
  'claims_unavailable',
  'http_not_recorded',
  'mcp_not_recorded',
  'number_not_representable',
  'subject_unverified',
  'time_not_recorded',
  'tool_not_recorded',
] as const;
export type UnevaluableReason = (typeof UNEVALUABLE_REASONS)[number];

/** One bit per reason, in UNEVALUABLE_REASONS order: sets of reasons without allocation. */
export const REASON_BIT: Readonly<Record<UnevaluableReason, number>> = Object.freeze(
  Object.fromEntries(UNEVALUABLE_REASONS.map((reason, i) => [reason, 1 << i])) as Record<
    UnevaluableReason,
    number
  >,
);

/** The reasons of a bit set, sorted and distinct. */
export function reasonsOfBits(bits: number): UnevaluableReason[] {
  const out: UnevaluableReason[] = [];
  for (let i = 0; i < UNEVALUABLE_REASONS.length; i++)
    if ((bits & (1 << i)) !== 0) out.push(UNEVALUABLE_REASONS[i]!);
  return out;
}

/** The per-field lists of an unpaired batch (docs/traffic.md "Unpaired batches"). */
export interface UnpairedLists {
  call_count: number;
  method?: readonly string[];
  tool?: readonly string[];
  resource_uri?: readonly string[];
  prompt?: readonly string[];
}

/**
 * A JSON pointer of the unknown set, as segments relative to `/input` (`/input` itself is `[]`),
 * RFC 6901 escapes already undone; a `*` segment matches any array index.
 */
export type UnknownPointer = readonly string[];

/** The unknown set of one record and whether its calls are unpaired. */
export interface UnknownData {
  /** What the record lacks (its `unavailable` entries, `unknown_paths`, erased or masked data). */
  pointers: readonly UnknownPointer[];
  /**
   * Where the record holds a number in a form JavaScript does not keep (docs/unknowns.md "Numbers
   * JavaScript cannot hold"): unknown as well, with its own reason. Such a pointer sits at a
   * number, so it never equals, contains or lies inside the call list, a call's field, the time
   * or a context flag (none of them a number or holding one): it only reaches request fields.
   */
  numbers?: readonly UnknownPointer[];
  /** The lists of an unpaired batch; null for a record with paired calls (or none). */
  unpaired: UnpairedLists | null;
}

/** Every pointer of the unknown set as it applies to the record's calls (effectivePointers), numbers included. */
export function allEffectivePointers(data: UnknownData): readonly UnknownPointer[] {
  const effective = effectivePointers(data);
  const numbers = data.numbers;
  return numbers === undefined || numbers.length === 0 ? effective : [...effective, ...numbers];
}

/** The reason (bit) a location takes from the numbers that make it unknown; 0 when none does. */
export function numberReasonBits(numbers: readonly UnknownPointer[] | undefined, location: Location): number {
  return numbers !== undefined && isUnknown(numbers, location) ? REASON_BIT.number_not_representable : 0;
}

/**
 * The pointers as they apply to the record's calls: on an unpaired batch a pointer naming one
 * call's field names that field on every call (the lists cannot say which value was that call's),
 * and one naming an index beyond `call_count` changes nothing. A paired record's pointers as they
 * are.
 */
export function effectivePointers(data: UnknownData): readonly UnknownPointer[] {
  const unpaired = data.unpaired;
  if (unpaired === null) return data.pointers;
  const out: UnknownPointer[] = [];
  for (const p of data.pointers) {
    if (p.length >= 4 && p[0] === 'request' && p[1] === 'mcp' && p[2] === 'calls' && isArrayIndex(p[3]!)) {
      if (Number(p[3]) < unpaired.call_count) out.push(['request', 'mcp', 'calls', '*', ...p.slice(4)]);
    } else out.push(p);
  }
  return out;
}

/**
 * A location a rule reads, relative to `/input`. A number is the index of a call; `*` (only in
 * the static reading) stands for "any call".
 */
export type Location = readonly (string | number)[];

/** `0`, `7`, `12`: the RFC 6901 spelling of an array index (no sign, no leading zero). */
export function isArrayIndex(segment: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(segment);
}

function segmentMatches(pointerSegment: string, locationSegment: string | number): boolean {
  if (typeof locationSegment === 'number')
    return pointerSegment === '*' || pointerSegment === String(locationSegment);
  if (locationSegment === '*') return pointerSegment === '*' || isArrayIndex(pointerSegment);
  return pointerSegment === locationSegment;
}

/** How one pointer relates to a location: it names it, lies inside it, or contains it. */
export type Relation = 'none' | 'equal' | 'inside' | 'contains';

export function relation(pointer: UnknownPointer, location: Location): Relation {
  const n = Math.min(pointer.length, location.length);
  for (let i = 0; i < n; i++) if (!segmentMatches(pointer[i]!, location[i]!)) return 'none';
  if (pointer.length === location.length) return 'equal';
  return pointer.length > location.length ? 'inside' : 'contains';
}

/** A location is unknown when a pointer equals it, lies inside it or contains it. */
export function isUnknown(pointers: readonly UnknownPointer[], location: Location): boolean {
  for (const pointer of pointers) if (relation(pointer, location) !== 'none') return true;
  return false;
}

/** The call list: unknown only when a pointer equals or contains it (docs/unknowns.md "Locations"). */
export const CALL_LIST: Location = ['request', 'mcp', 'calls'];

export function isCallListUnknown(pointers: readonly UnknownPointer[]): boolean {
  for (const pointer of pointers) {
    const r = relation(pointer, CALL_LIST);
    if (r === 'equal' || r === 'contains') return true;
  }
  return false;
}

export const VERIFIED: Location = ['identity', 'verified'];
export const ATTRIBUTES_RESOLVED: Location = ['identity', 'attributes_resolved'];
export const REQUEST_TIME: Location = ['request', 'time'];

/** Where call `index`'s field lives (`*`: any call, the static reading). */
export function callFieldLocation(index: number | '*', field: CallField): Location {
  return ['request', 'mcp', 'calls', index, field];
}

/** Where a request or caller field lives (docs/policy.md's table); call fields use callFieldLocation. */
export function requestFieldLocation(kind: Exclude<FieldKind, { kind: 'call' }>): Location {
  return inputPathOf(kind).path;
}

/** The reason a U location gives for anything but a call's tool (docs/unknowns.md's table). */
export function reasonOfKind(kind: FieldKind): UnevaluableReason {
  switch (kind.kind) {
    case 'call':
    case 'argument':
    case 'is_batch':
    case 'unparsable_calls':
      return 'mcp_not_recorded';
    case 'http':
      return 'http_not_recorded';
    case 'identity':
    case 'claim':
      return 'claims_unavailable';
    case 'group':
    case 'tag':
    case 'attribute':
      return 'attributes_unavailable';
  }
}

/**
 * The reasons (bits) of an unknown location, one per pointer that makes it unknown: a call's tool
 * is `tool_not_recorded` through a pointer to the tool itself (equal or inside), and
 * `mcp_not_recorded` through one that contains it; every other location has one reason.
 */
export function locationReasonBits(
  pointers: readonly UnknownPointer[],
  location: Location,
  kind: FieldKind,
): number {
  if (kind.kind !== 'call' || kind.name !== 'tool')
    return isUnknown(pointers, location) ? REASON_BIT[reasonOfKind(kind)] : 0;
  let bits = 0;
  for (const pointer of pointers) {
    const r = relation(pointer, location);
    if (r === 'equal' || r === 'inside') bits |= REASON_BIT.tool_not_recorded;
    else if (r === 'contains') bits |= REASON_BIT.mcp_not_recorded;
  }
  return bits;
}

/**
 * The three-valued decision every evaluator returns (the generated Rego's second entrypoint, OPA's
 * Go evaluator on it, the reference): `allow` is 2 (allow), 0 (deny) or 1 (unevaluable); the id
 * lists are in file order.
 */
export interface ThreeValuedDecision {
  allow: 0 | 1 | 2;
  /** Rules whose matched is T. */
  matched_rule_ids: string[];
  /** Rules whose needs-context is T. */
  missing_context_rule_ids: string[];
  /** Rules whose matched is U. */
  undecided_rule_ids: string[];
  /** Rules whose needs-context is U. */
  undecided_context_rule_ids: string[];
}
