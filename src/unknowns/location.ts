/**
 * The locations a rule reads and how a pointer of the unknown set relates to one
 * (docs/unknowns.md "Locations").
 */
import type { CallField, FieldKind } from '../policy/fields.js';
import { inputPathOf } from '../policy/fields.js';
import { isArrayIndex, type UnknownPointer } from './pointer.js';

/**
 * A location a rule reads, relative to `/input`. A number is the index of a call; `*` (only in
 * the static reading) stands for "any call".
 */
export type Location = readonly (string | number)[];

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

/** The call list: unknown only when a pointer equals or contains it. */
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
