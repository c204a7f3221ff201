/**
 * A record's `unavailable` entries and the pointers each stands for (docs/unknowns.md "What a
 * record does not know"; docs/traffic.md names the entries).
 */
import { parseInputPointer, type UnknownPointer } from './pointer.js';

export const UNAVAILABLE_ENTRIES = [
  'mcp',
  'mcp.tool',
  'mcp.arguments',
  'identity.verification',
  'identity.attributes',
  'identity.claims',
  'time',
] as const;
export type UnavailableEntry = (typeof UNAVAILABLE_ENTRIES)[number];

/** What each entry stands for, as RFC 6901 pointers. */
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

/** The pointers of one entry, as segments below `/input`. */
export function unavailablePointers(entry: UnavailableEntry): readonly UnknownPointer[] {
  return PARSED_UNAVAILABLE.get(entry)!;
}
