/**
 * A record's unknown set (docs/unknowns.md "What a record does not know"): the pointers its
 * `unavailable` entries stand for, its `unknown_paths`, for records converted from OPA decision
 * logs their `erased` and `masked` pointers (decisionLogUnknownPaths), and the numbers it holds in
 * a form JavaScript does not keep (traffic/numbers.ts).
 */
import type { UnknownData, UnknownPointer } from '../unknowns/model.js';
import { isInputPointer, parseInputPointer } from './pointer.js';
import { INEXACT_NUMBERS, type TrafficRecord, type UnavailableEntry } from './record.js';

/** What each `unavailable` entry stands for (docs/unknowns.md's table). */
export const UNAVAILABLE_POINTERS: Readonly<Record<UnavailableEntry, readonly string[]>> = {
  mcp: ['/input/request/mcp', '/input/request/jsonrpc'],
  'mcp.tool': ['/input/request/mcp/tool', '/input/request/mcp/calls/*/tool'],
  'mcp.arguments': ['/input/request/mcp/arguments'],
  'identity.verification': ['/input/identity/verified'],
  'identity.attributes': ['/input/identity/groups', '/input/identity/tags', '/input/identity/attributes'],
  'identity.claims': ['/input/identity/claims', '/input/identity/subject', '/input/identity/issuer'],
  time: ['/input/request/time'],
};

const PARSED_UNAVAILABLE: ReadonlyMap<string, readonly UnknownPointer[]> = new Map(
  Object.entries(UNAVAILABLE_POINTERS).map(([entry, pointers]) => [
    entry,
    pointers.map((p) => parseInputPointer(p)!),
  ]),
);

/**
 * The decision-log entry point: an OPA decision event's `erased` and `masked` pointers that a
 * record's unknown set takes (those starting with `/input`; a masked value was replaced, so the
 * recorded one is not the real one). A converter puts them in the record's `unknown_paths`.
 */
export function decisionLogUnknownPaths(erased: unknown, masked: unknown): string[] {
  const out: string[] = [];
  for (const list of [erased, masked]) {
    if (!Array.isArray(list)) continue;
    for (const pointer of list) if (typeof pointer === 'string' && isInputPointer(pointer)) out.push(pointer);
  }
  return out;
}

/**
 * Whether the record may lack something: it has `unavailable` entries, `unknown_paths`, or unpaired
 * calls. false is the common case, and the replay then takes its two-valued path unchanged.
 */
export function hasUnknowns(record: TrafficRecord): boolean {
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
export function unknownKey(record: TrafficRecord): string {
  const unpaired = record.unpaired === undefined ? 'p' : `u${record.unpaired.call_count}`;
  const numbers = record[INEXACT_NUMBERS];
  const key = `${unpaired}${JSON.stringify(record.unavailable ?? [])}${JSON.stringify(record.unknown_paths ?? [])}`;
  return numbers === undefined ? key : `${key}${JSON.stringify(numbers)}`;
}

/** The pointers of what the record lacks: its `unavailable` entries and `unknown_paths`. */
function missingPointers(record: TrafficRecord): UnknownPointer[] {
  const out: UnknownPointer[] = [];
  for (const entry of record.unavailable ?? []) out.push(...PARSED_UNAVAILABLE.get(entry)!);
  // The record validators accept only pointers parseInputPointer parses.
  for (const path of record.unknown_paths ?? []) out.push(parseInputPointer(path)!);
  return out;
}

/**
 * The unknown set's pointers, as segments below `/input`: what the record lacks, then the numbers
 * it holds in a form JavaScript does not keep (traffic/numbers.ts).
 */
export function unknownPointers(record: TrafficRecord): UnknownPointer[] {
  const out = missingPointers(record);
  const numbers = record[INEXACT_NUMBERS];
  if (numbers !== undefined) out.push(...numbers);
  return out;
}

/** The unknown set in the form the evaluators take it (the numbers apart, for their reason). */
export function unknownDataOf(record: TrafficRecord): UnknownData {
  const data: UnknownData = { pointers: missingPointers(record), unpaired: record.unpaired ?? null };
  const numbers = record[INEXACT_NUMBERS];
  if (numbers !== undefined) data.numbers = numbers;
  return data;
}
