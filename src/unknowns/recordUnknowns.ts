/**
 * A record's unknown set (docs/unknowns.md "What a record does not know"): the pointers its
 * `unavailable` entries stand for, its `unknown_paths` (for records converted from OPA decision
 * logs, the event's erased and masked pointers: traffic/decisionLog.ts), and the numbers it holds
 * in a form JavaScript does not keep (traffic/numbers.ts).
 */
import { parseInputPointer, type UnknownPointer } from './pointer.js';
import { unavailablePointers, type UnavailableEntry } from './unavailable.js';
import type { UnknownData, UnpairedLists } from './unknownData.js';

/**
 * Where the reader keeps the numbers of a record's input that are not written in their shortest
 * form (traffic/numbers.ts), as segments below `/input`. A symbol: no record's JSON can set it,
 * and validation (which sees only string keys) never meets it.
 */
export const INEXACT_NUMBERS = Symbol('inexact numbers');

// A structural type, not TrafficRecord: traffic sits above unknowns in the layers, and every TrafficRecord is one.
/** The fields of a traffic record that carry its unknown set. */
export interface RecordUnknowns {
  unavailable?: readonly UnavailableEntry[];
  unknown_paths?: readonly string[];
  unpaired?: UnpairedLists;
  [INEXACT_NUMBERS]?: readonly UnknownPointer[];
}

/**
 * Whether the record may lack something: it has `unavailable` entries, `unknown_paths`, unpaired
 * calls or inexact numbers. false is the common case, and the replay then takes its two-valued
 * path unchanged.
 */
export function hasUnknowns(record: RecordUnknowns): boolean {
  const unavailable = record.unavailable;
  const paths = record.unknown_paths;
  return (
    (unavailable !== undefined && unavailable.length > 0) ||
    (paths !== undefined && paths.length > 0) ||
    record.unpaired !== undefined ||
    record[INEXACT_NUMBERS] !== undefined
  );
}

/**
 * A text equal for two records exactly when their unknown sets are equal as written and their
 * calls are paired alike (unpaired with the same call_count, or paired): what the three-valued
 * evaluation depends on besides the input's values. Assumes hasUnknowns(record).
 */
export function unknownKey(record: RecordUnknowns): string {
  const unpaired = record.unpaired === undefined ? 'p' : `u${record.unpaired.call_count}`;
  const numbers = record[INEXACT_NUMBERS];
  const key = `${unpaired}${JSON.stringify(record.unavailable ?? [])}${JSON.stringify(record.unknown_paths ?? [])}`;
  return numbers === undefined ? key : `${key}${JSON.stringify(numbers)}`;
}

/** The pointers of what the record lacks: its `unavailable` entries and `unknown_paths`. */
function missingPointers(record: RecordUnknowns): UnknownPointer[] {
  const out: UnknownPointer[] = [];
  for (const entry of record.unavailable ?? []) out.push(...unavailablePointers(entry));
  // The record validators accept only pointers parseInputPointer parses.
  for (const path of record.unknown_paths ?? []) out.push(parseInputPointer(path)!);
  return out;
}

/**
 * The unknown set's pointers, as segments below `/input`: what the record lacks, then the numbers
 * it holds in a form JavaScript does not keep.
 */
export function unknownPointers(record: RecordUnknowns): UnknownPointer[] {
  const out = missingPointers(record);
  const numbers = record[INEXACT_NUMBERS];
  if (numbers !== undefined) out.push(...numbers);
  return out;
}

/** The unknown set in the form the evaluators take it (the numbers apart, for their reason). */
export function unknownDataOf(record: RecordUnknowns): UnknownData {
  const data: UnknownData = { pointers: missingPointers(record), unpaired: record.unpaired ?? null };
  const numbers = record[INEXACT_NUMBERS];
  if (numbers !== undefined) data.numbers = numbers;
  return data;
}
