/**
 * A record's unknown set (docs/unknowns.md "What a record does not know"): the pointers its
 * `unavailable` entries stand for, its `unknown_paths`, and, for records converted from OPA
 * decision logs, their `erased` and `masked` pointers (decisionLogUnknownPaths).
 */
import type { UnknownData, UnknownPointer } from '../engine/unknowns.js';
import { isInputPointer, parseInputPointer } from './pointer.js';
import type { TrafficRecord, UnavailableEntry } from './record.js';

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
    record.unpaired !== undefined
  );
}

/**
 * A text equal for two records exactly when their unknown sets are equal as written and their
 * calls are paired alike (unpaired with the same call_count, or paired): what the three-valued
 * evaluation depends on besides the input's values. Assumes hasUnknowns(record).
 */
export function unknownKey(record: TrafficRecord): string {
  const unpaired = record.unpaired === undefined ? 'p' : `u${record.unpaired.call_count}`;
  return `${unpaired}${JSON.stringify(record.unavailable ?? [])}${JSON.stringify(record.unknown_paths ?? [])}`;
}

/** The unknown set's pointers, as segments below `/input`. */
export function unknownPointers(record: TrafficRecord): UnknownPointer[] {
  const out: UnknownPointer[] = [];
  for (const entry of record.unavailable ?? []) out.push(...PARSED_UNAVAILABLE.get(entry)!);
  // The record validators accept only pointers parseInputPointer parses.
  for (const path of record.unknown_paths ?? []) out.push(parseInputPointer(path)!);
  return out;
}

/** The unknown set in the form the evaluators take it. */
export function unknownDataOf(record: TrafficRecord): UnknownData {
  return { pointers: unknownPointers(record), unpaired: record.unpaired ?? null };
}
