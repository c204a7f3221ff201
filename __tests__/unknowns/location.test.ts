import { describe, expect, it } from '@jest/globals';
import { callFieldLocation, isCallListUnknown, isUnknown, relation } from '../../src/unknowns/location.js';
import { callIndexOf, effectivePointers } from '../../src/unknowns/unknownData.js';
import { locationReasonBits } from '../../src/unknowns/locationReasons.js';
import { reasonsOfBits, REASON_BIT, UNEVALUABLE_REASONS } from '../../src/unknowns/reasons.js';
import type { UnknownPointer } from '../../src/unknowns/pointer.js';
import { classifyField } from '../../src/policy/fields.js';

/** docs/unknowns.md "What a record does not know": how pointers make locations unknown. */
describe('relation of a pointer to a location', () => {
  it.each<[UnknownPointer, (string | number)[], string]>([
    [
      ['identity', 'claims', 'realm_access', 'roles'],
      ['identity', 'claims', 'realm_access', 'roles'],
      'equal',
    ],
    [['identity', 'claims', 'realm_access', 'roles'], ['identity', 'claims', 'realm_access'], 'inside'],
    [['identity', 'claims'], ['identity', 'claims', 'realm_access', 'roles'], 'contains'],
    [[], ['identity', 'verified'], 'contains'],
    [['identity', 'claims', 'realm_access', 'roles'], ['identity', 'claims', 'azp'], 'none'],
    [['request', 'mcp', 'calls', '*', 'tool'], ['request', 'mcp', 'calls', 3, 'tool'], 'equal'],
    [['request', 'mcp', 'calls', '1', 'tool'], ['request', 'mcp', 'calls', 1, 'tool'], 'equal'],
    [['request', 'mcp', 'calls', '1', 'tool'], ['request', 'mcp', 'calls', 0, 'tool'], 'none'],
    // "01" is no array index in RFC 6901.
    [['request', 'mcp', 'calls', '01', 'tool'], ['request', 'mcp', 'calls', 1, 'tool'], 'none'],
    [['request', 'mcp', 'calls', '*'], ['request', 'mcp', 'calls', 0, 'method'], 'contains'],
    // The static reading's "any call" matches any index and `*`.
    [['request', 'mcp', 'calls', '7', 'tool'], ['request', 'mcp', 'calls', '*', 'tool'], 'equal'],
    [['request', 'mcp', 'calls', 'x', 'tool'], ['request', 'mcp', 'calls', '*', 'tool'], 'none'],
    // `*` is an array index only: it matches no object key.
    [['identity', '*'], ['identity', 'verified'], 'none'],
    [['request', 'mcp', 'tool'], ['request', 'mcp', 'calls', 0, 'tool'], 'none'],
  ])('%j vs %j: %s', (pointer, location, expected) => {
    expect(relation(pointer, location)).toBe(expected);
    expect(isUnknown([pointer], location)).toBe(expected !== 'none');
  });

  it('the call list is unknown only through a pointer naming or containing it', () => {
    for (const p of [[], ['request'], ['request', 'mcp'], ['request', 'mcp', 'calls']])
      expect(isCallListUnknown([p])).toBe(true);
    for (const p of [
      ['request', 'mcp', 'calls', '*', 'tool'],
      ['request', 'mcp', 'calls', '1'],
      ['request', 'mcp', 'calls', '0', 'method'],
      ['request', 'mcp', 'tool'],
    ])
      expect(isCallListUnknown([p])).toBe(false);
    // A pointer inside the list still makes the calls' fields unknown.
    expect(isUnknown([['request', 'mcp', 'calls', '1']], callFieldLocation(1, 'tool'))).toBe(true);
  });
});

describe('reasons of an unknown location', () => {
  const tool = classifyField('tool');
  it('a tool is tool_not_recorded through a pointer to it, mcp_not_recorded through a container, both with both', () => {
    const at = callFieldLocation(0, 'tool');
    expect(reasonsOfBits(locationReasonBits([['request', 'mcp', 'calls', '*', 'tool']], at, tool))).toEqual([
      'tool_not_recorded',
    ]);
    expect(
      reasonsOfBits(locationReasonBits([['request', 'mcp', 'calls', '0', 'tool', 'x']], at, tool)),
    ).toEqual(['tool_not_recorded']);
    expect(reasonsOfBits(locationReasonBits([['request', 'mcp', 'calls', '0']], at, tool))).toEqual([
      'mcp_not_recorded',
    ]);
    expect(
      reasonsOfBits(
        locationReasonBits(
          [
            ['request', 'mcp'],
            ['request', 'mcp', 'calls', '*', 'tool'],
          ],
          at,
          tool,
        ),
      ),
    ).toEqual(['mcp_not_recorded', 'tool_not_recorded']);
  });

  it.each([
    ['method', 'mcp_not_recorded'],
    ['resource_uri', 'mcp_not_recorded'],
    ['prompt', 'mcp_not_recorded'],
    ['argument:a.b', 'mcp_not_recorded'],
    ['is_batch', 'mcp_not_recorded'],
    ['unparsable_calls', 'mcp_not_recorded'],
    ['http_path', 'http_not_recorded'],
    ['http_host', 'http_not_recorded'],
    ['http_method', 'http_not_recorded'],
    ['subject', 'claims_unavailable'],
    ['issuer', 'claims_unavailable'],
    ['claim:a', 'claims_unavailable'],
    ['group', 'attributes_unavailable'],
    ['tag', 'attributes_unavailable'],
    ['attribute:dept', 'attributes_unavailable'],
  ])('%s → %s', (field, reason) => {
    expect(reasonsOfBits(locationReasonBits([[]], ['x'], classifyField(field)))).toEqual([reason]);
    expect(locationReasonBits([['elsewhere']], ['x'], classifyField(field))).toBe(0);
  });

  it('lists nine reasons, sorted, one bit each', () => {
    expect([...UNEVALUABLE_REASONS]).toEqual([...UNEVALUABLE_REASONS].sort());
    expect(UNEVALUABLE_REASONS).toHaveLength(9);
    expect(reasonsOfBits(Object.values(REASON_BIT).reduce((a, b) => a | b, 0))).toEqual([
      ...UNEVALUABLE_REASONS,
    ]);
  });
});

describe('effectivePointers', () => {
  it('on an unpaired batch, a pointer naming one call names every call; beyond call_count, nothing', () => {
    const pointers: UnknownPointer[] = [
      ['request', 'mcp', 'calls', '1', 'tool'],
      ['request', 'mcp', 'calls', '5', 'method'],
      ['request', 'mcp', 'calls', '*', 'prompt'],
      ['request', 'mcp', 'calls', '0'],
      ['identity', 'claims'],
    ];
    expect(effectivePointers({ pointers, unpaired: { call_count: 2 } })).toEqual([
      ['request', 'mcp', 'calls', '*', 'tool'],
      ['request', 'mcp', 'calls', '*', 'prompt'],
      ['request', 'mcp', 'calls', '*'],
      ['identity', 'claims'],
    ]);
    expect(effectivePointers({ pointers, unpaired: null })).toBe(pointers);
  });

  it('callIndexOf reads the call index of a pointer under the call list, and of no other', () => {
    expect(callIndexOf(['request', 'mcp', 'calls', '3', 'tool'])).toBe(3);
    expect(callIndexOf(['request', 'mcp', 'calls', '0'])).toBe(0);
    expect(callIndexOf(['request', 'mcp', 'calls', '*', 'tool'])).toBeNull();
    expect(callIndexOf(['request', 'mcp', 'calls', '03'])).toBeNull();
    expect(callIndexOf(['request', 'mcp', 'calls'])).toBeNull();
    expect(callIndexOf(['request', 'http', 'calls', '1'])).toBeNull();
  });
});
