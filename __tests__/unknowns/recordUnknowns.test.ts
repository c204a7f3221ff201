import { describe, expect, it } from '@jest/globals';
import {
  hasUnknowns,
  unknownDataOf,
  unknownKey,
  unknownPointers,
} from '../../src/unknowns/recordUnknowns.js';
import { UNAVAILABLE_ENTRIES, UNAVAILABLE_POINTERS } from '../../src/unknowns/unavailable.js';
import type { TrafficRecord } from '../../src/traffic/record.js';

/** docs/unknowns.md "What a record does not know": the unknown set of a record. */
const base: TrafficRecord = { request_id: 'r', input: {} };

describe('the unknown set of a record', () => {
  it('has the pointers of docs/unknowns.md for every unavailable entry', () => {
    expect(Object.keys(UNAVAILABLE_POINTERS).sort()).toEqual([...UNAVAILABLE_ENTRIES].sort());
    expect(UNAVAILABLE_POINTERS).toEqual({
      mcp: ['/input/request/mcp', '/input/request/jsonrpc'],
      'mcp.tool': ['/input/request/mcp/tool', '/input/request/mcp/calls/*/tool'],
      'mcp.arguments': ['/input/request/mcp/arguments'],
      'identity.verification': ['/input/identity/verified'],
      'identity.attributes': ['/input/identity/groups', '/input/identity/tags', '/input/identity/attributes'],
      'identity.claims': ['/input/identity/claims', '/input/identity/subject', '/input/identity/issuer'],
      time: ['/input/request/time'],
    });
  });

  it('joins unavailable entries and unknown_paths, escapes undone', () => {
    const record: TrafficRecord = {
      ...base,
      unavailable: ['time', 'identity.verification'],
      unknown_paths: ['/input/identity/claims/a~1b', '/input'],
    };
    expect(unknownPointers(record)).toEqual([
      ['request', 'time'],
      ['identity', 'verified'],
      ['identity', 'claims', 'a/b'],
      [],
    ]);
    expect(unknownDataOf(record)).toEqual({ pointers: unknownPointers(record), unpaired: null });
  });

  it('a record without unavailable, unknown_paths or unpaired calls has nothing unknown', () => {
    expect(hasUnknowns(base)).toBe(false);
    expect(hasUnknowns({ ...base, unavailable: [], unknown_paths: [] })).toBe(false);
    expect(hasUnknowns({ ...base, unavailable: ['time'] })).toBe(true);
    expect(hasUnknowns({ ...base, unknown_paths: ['/input/request/time'] })).toBe(true);
    expect(hasUnknowns({ ...base, unpaired: { call_count: 0 } })).toBe(true);
  });

  it('keys equal unknown sets and pairings alike, and nothing else', () => {
    const a = unknownKey({ ...base, unavailable: ['time'] });
    const other: TrafficRecord = { request_id: 'other', input: { request: {} }, unavailable: ['time'] };
    expect(unknownKey(other)).toBe(a);
    const others = [
      unknownKey({ ...base, unavailable: ['mcp'] }),
      unknownKey({ ...base, unknown_paths: ['/input/request/time'] }),
      unknownKey({ ...base, unavailable: ['time'], unpaired: { call_count: 1 } }),
      unknownKey({ ...base, unavailable: ['time'], unpaired: { call_count: 2 } }),
      unknownKey({ ...base, unavailable: ['time'], unknown_paths: ['/input/x'] }),
    ];
    expect(new Set([a, ...others]).size).toBe(others.length + 1);
  });
});
