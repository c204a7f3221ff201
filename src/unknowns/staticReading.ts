/**
 * The static rule (`--unevaluable static`, the upstream dry-run API's): a record is unevaluable
 * for a policy when some rule *reads* an unknown location, whatever the values it has. Read over
 * the whole unknown set (docs/unknowns.md "unevaluable_by_reading"): a condition's field at any
 * call (so `*`, and any index, is read), the call list for a rule with call conditions, the request
 * time for a window, `verified` for a caller field, `attributes_resolved` for a directory field;
 * and an unpaired batch for a rule with two or more call fields. On `unavailable` entries alone it
 * is exactly docs/traffic.md's table.
 */
import type { Policy } from '../policy/schema.js';
import {
  classifyField,
  isCallerField,
  isDirectoryField,
  type CallField,
  type FieldKind,
} from '../policy/fields.js';
import {
  ATTRIBUTES_RESOLVED,
  callFieldLocation,
  isCallListUnknown,
  isUnknown,
  REQUEST_TIME,
  requestFieldLocation,
  VERIFIED,
  type Location,
} from './location.js';
import { locationReasonBits, numberReasonBits } from './locationReasons.js';
import { REASON_BIT, reasonsOfBits, type UnevaluableReason } from './reasons.js';
import { hasUnknowns, unknownDataOf, type RecordUnknowns } from './recordUnknowns.js';
import type { UnknownData } from './unknownData.js';

/** A location one rule reads, with what reading it unknown costs. */
interface Read {
  location: Location;
  /** The field read there; null for the context flags and the time (one fixed reason). */
  kind: FieldKind | null;
  reason: number;
}

/** What a policy reads, precomputed once per policy and reused for every record. */
export interface PolicyReading {
  reads: Read[];
  /** Some rule has conditions on two or more call fields. */
  combinesCallFields: boolean;
  /**
   * Some deny rule does: the only rule an unpaired batch can leave undecided (an allow rule's
   * all(c) does not depend on the pairing, and a rule on one call field is exact with any).
   */
  denyCombinesCallFields: boolean;
  /** Some rule has call conditions (so reads the call list). */
  readsCallList: boolean;
}

export function readingOf(policy: Policy): PolicyReading {
  const reads: Read[] = [];
  const seen = new Set<string>();
  const add = (location: Location, kind: FieldKind | null, reason: number) => {
    const key = JSON.stringify(location);
    if (seen.has(key)) return;
    seen.add(key);
    reads.push({ location, kind, reason });
  };
  let combinesCallFields = false;
  let denyCombinesCallFields = false;
  let readsCallList = false;
  for (const rule of policy.rules) {
    const callFields = new Set<CallField>();
    let caller = false;
    let directory = false;
    for (const condition of rule.conditions) {
      const kind = classifyField(condition.field);
      if (kind.kind === 'call') {
        callFields.add(kind.name);
        add(callFieldLocation('*', kind.name), kind, 0);
      } else add(requestFieldLocation(kind), kind, 0);
      if (isCallerField(kind)) caller = true;
      if (isDirectoryField(kind)) directory = true;
    }
    if (callFields.size > 0) readsCallList = true;
    if (callFields.size >= 2) combinesCallFields = true;
    if (callFields.size >= 2 && rule.effect === 'deny') denyCombinesCallFields = true;
    if (caller) add(VERIFIED, null, REASON_BIT.subject_unverified);
    if (directory) add(ATTRIBUTES_RESOLVED, null, REASON_BIT.attributes_unavailable);
    if (rule.active_window) add(REQUEST_TIME, null, REASON_BIT.time_not_recorded);
  }
  return { reads, combinesCallFields, denyCombinesCallFields, readsCallList };
}

/** The static rule's reasons (bits) for a record's unknown set; 0: scoreable by reading. */
export function readingReasonBits(reading: PolicyReading, data: UnknownData): number {
  let bits = 0;
  const pointers = data.pointers;
  const numbers = data.numbers;
  if (pointers.length > 0 || (numbers !== undefined && numbers.length > 0)) {
    // A number's pointer never reaches the call list, the time or a context flag (UnknownData).
    if (reading.readsCallList && isCallListUnknown(pointers)) bits |= REASON_BIT.mcp_not_recorded;
    for (const read of reading.reads) {
      if (read.kind !== null)
        bits |=
          locationReasonBits(pointers, read.location, read.kind) | numberReasonBits(numbers, read.location);
      else if (isUnknown(pointers, read.location)) bits |= read.reason;
    }
  }
  if (data.unpaired !== null && reading.combinesCallFields) bits |= REASON_BIT.batch_call_pairing_unavailable;
  return bits;
}

/** The static rule's reasons for a record, sorted and distinct; empty when it is scoreable. */
export function readingReasons(record: RecordUnknowns, reading: PolicyReading): UnevaluableReason[] {
  if (!hasUnknowns(record)) return [];
  return reasonsOfBits(readingReasonBits(reading, unknownDataOf(record)));
}
