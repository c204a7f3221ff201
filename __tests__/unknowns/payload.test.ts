import { describe, expect, it } from '@jest/globals';
import { unknownsPayload } from '../../src/unknowns/payload.js';

describe('unknownsPayload', () => {
  const pointers = [
    ['request', 'mcp', 'calls', '1', 'tool'],
    ['request', 'mcp', 'calls', '5', 'method'],
    ['request', 'mcp', 'calls', '*', 'prompt'],
    ['identity', 'claims', 'a~b'],
  ];

  it("gives a paired record's call indices as numbers, every other segment as written", () => {
    expect(unknownsPayload(pointers, null)).toEqual({
      unknown: [
        ['request', 'mcp', 'calls', 1, 'tool'],
        ['request', 'mcp', 'calls', 5, 'method'],
        ['request', 'mcp', 'calls', '*', 'prompt'],
        ['identity', 'claims', 'a~b'],
      ],
      unpaired: false,
    });
  });

  it('on an unpaired batch names every call, and drops a call beyond call_count', () => {
    expect(unknownsPayload(pointers, { call_count: 2 })).toEqual({
      unknown: [
        ['request', 'mcp', 'calls', '*', 'tool'],
        ['request', 'mcp', 'calls', '*', 'prompt'],
        ['identity', 'claims', 'a~b'],
      ],
      unpaired: true,
    });
  });

  it('does not share arrays with its arguments', () => {
    const payload = unknownsPayload(pointers, null);
    payload.unknown[3]!.push('x');
    expect(pointers[3]).toEqual(['identity', 'claims', 'a~b']);
  });
});
