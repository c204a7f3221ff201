/** The reasons an unknown location gives (docs/unknowns.md's table of reasons by field). */
import type { FieldKind } from '../policy/fields.js';
import { isUnknown, relation, type Location } from './location.js';
import type { UnknownPointer } from './pointer.js';
import { REASON_BIT, type UnevaluableReason } from './reasons.js';

/** The reason a U location gives for anything but a call's tool. */
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

/** The reason (bit) a location takes from the numbers that make it unknown; 0 when none does. */
export function numberReasonBits(numbers: readonly UnknownPointer[] | undefined, location: Location): number {
  return numbers !== undefined && isUnknown(numbers, location) ? REASON_BIT.number_not_representable : 0;
}
