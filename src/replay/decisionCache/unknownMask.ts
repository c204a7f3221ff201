import type { UnknownsPayload } from '../../unknowns/payload.js';
import type { PolicyIndex } from './policyIndex.js';

/**
 * What a three-valued key leaves out for an unknown set: the locations it makes unknown, whose
 * values the three-valued evaluation never reads (docs/decision-cache.md "Three-valued keys").
 */

/** A pointer below `/input`, as the unknown set holds it; `*` stands for any call index. */
export type Pointer = readonly (string | number)[];

/** Which parts of a three-valued key are unknown (maskOf). */
export interface KeyMask {
  time: boolean;
  request: readonly boolean[];
  identity: readonly boolean[];
  callList: boolean;
  callFields: readonly boolean[];
  /** The pointers below the call list, from the call index on (`[index | '*', field?, …]`). */
  callPointers: readonly Pointer[];
}

/** Whether one of two paths is a prefix of the other; `*` in `pointer` matches any number. */
export function pointerMeets(pointer: Pointer, location: Pointer): boolean {
  const n = Math.min(pointer.length, location.length);
  for (let i = 0; i < n; i++) {
    const p = pointer[i];
    const l = location[i];
    if (p === l || String(p) === String(l)) continue;
    if (p === '*' && typeof l === 'number') continue;
    return false;
  }
  return true;
}

const CALLS_PATH = ['request', 'mcp', 'calls'];

/**
 * The mask of an unknown set: a pointer is "at" a location when one is a prefix of the other
 * (equal, inside or containing), `*` matching a call index. The call list only when a pointer
 * equals or contains it; a call field only when the pointer names it on every call (`*`): one
 * naming a single call keeps the classes, which stays exact.
 */
export function maskOf(index: PolicyIndex, pointers: readonly Pointer[]): KeyMask {
  const at = (location: readonly string[]) => pointers.some((p) => pointerMeets(p, location));
  const n = CALLS_PATH.length;
  const belowCalls = (p: Pointer) => p.length > n && pointerMeets(p.slice(0, n), CALLS_PATH);
  return {
    time: at(['request', 'time']),
    request: index.requestLeaves.map((leaf) => at(['request', ...leaf.path])),
    identity: index.identityLeaves.map((leaf) => at(['identity', ...leaf.path])),
    callList: pointers.some((p) => p.length <= n && pointerMeets(p, CALLS_PATH)),
    callFields: index.callLeaves.map((leaf) =>
      pointers.some(
        (p) => belowCalls(p) && p[n] === '*' && (p.length === n + 1 || p[n + 1] === leaf.path[0]),
      ),
    ),
    callPointers: pointers.filter(belowCalls).map((p) => p.slice(n)),
  };
}

/** Whether a pointer of `mask` names field `name` of call `index` (by index or `*`). */
export function callFieldUnknown(mask: KeyMask, field: number, index: number, name: string): boolean {
  return mask.callFields[field]! || mask.callPointers.some((p) => pointerMeets(p, [index, name]));
}

/**
 * The unknown set as the three-valued evaluation receives it (UnknownsPayload), as text: equal for
 * two records whose payloads differ only in the pointers' order or repetition (the Rego reads them
 * as a set) — and so for two that differ only in what unknownsPayload leaves out, such as an
 * unpaired batch's call_count (its calls are in the rest of the key) or a pointer past its calls.
 */
export function payloadText(payload: UnknownsPayload): string {
  const pointers = [...new Set(payload.unknown.map((p) => JSON.stringify(p)))].sort();
  return `${payload.unpaired ? 'u' : 'p'}[${pointers.join(',')}]`;
}
