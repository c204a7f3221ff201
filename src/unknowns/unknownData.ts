/**
 * The unknown set of one record in the form every evaluator takes it, and its pointers as they
 * apply to the record's calls (docs/unknowns.md "What a record does not know").
 */
import { isArrayIndex, type UnknownPointer } from './pointer.js';

/** The per-field lists of an unpaired batch (docs/traffic.md "Unpaired batches"). */
export interface UnpairedLists {
  call_count: number;
  method?: readonly string[];
  tool?: readonly string[];
  resource_uri?: readonly string[];
  prompt?: readonly string[];
}

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

/** The index of the call a pointer names under `/input/request/mcp/calls`; null for any other pointer. */
export function callIndexOf(pointer: UnknownPointer): number | null {
  const underCalls =
    pointer.length >= 4 && pointer[0] === 'request' && pointer[1] === 'mcp' && pointer[2] === 'calls';
  return underCalls && isArrayIndex(pointer[3]!) ? Number(pointer[3]) : null;
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
    const index = callIndexOf(p);
    if (index === null) out.push(p);
    else if (index < unpaired.call_count) out.push(['request', 'mcp', 'calls', '*', ...p.slice(4)]);
  }
  return out;
}

/** Every pointer of the unknown set as it applies to the record's calls (effectivePointers), numbers included. */
export function allEffectivePointers(data: UnknownData): readonly UnknownPointer[] {
  const effective = effectivePointers(data);
  const numbers = data.numbers;
  return numbers === undefined || numbers.length === 0 ? effective : [...effective, ...numbers];
}
