import { describe, it, expect } from '@jest/globals';
import { evaluationInput, pairUnpaired } from '../../src/traffic/evaluationInput.js';
import type { TrafficRecord } from '../../src/traffic/record.js';

describe('pairUnpaired', () => {
  const record: TrafficRecord = {
    request_id: 'b',
    input: {
      request: { http: { path: '/mcp' }, mcp: { session_id: 's1' } },
      identity: { subject: 'x' },
    },
    unpaired: {
      call_count: 3,
      method: ['tools/call', 'tools/call', 'resources/read'],
      tool: ['read_file', 'write_file'],
      resource_uri: ['file:///srv/a'],
    },
  };

  it('builds call_count calls, call i taking the i-th value of each list', () => {
    const input = pairUnpaired(record);
    expect(input.request?.mcp?.calls).toEqual([
      { method: 'tools/call', tool: 'read_file', resource_uri: 'file:///srv/a' },
      { method: 'tools/call', tool: 'write_file' },
      { method: 'resources/read' },
    ]);
    expect(input.request?.mcp?.session_id).toBe('s1');
    expect(input.request?.http).toEqual({ path: '/mcp' });
    expect(input.identity).toEqual({ subject: 'x' });
  });

  it('keeps per-field counts, which is all a non-combining policy can see', () => {
    const calls = pairUnpaired(record).request?.mcp?.calls ?? [];
    for (const field of ['method', 'tool', 'resource_uri', 'prompt'] as const) {
      const values = calls.filter((c) => c[field] !== undefined).map((c) => c[field]);
      expect(values).toEqual(record.unpaired?.[field] ?? []);
    }
  });

  it('does not modify the record, and creates request.mcp when absent', () => {
    const before = JSON.stringify(record);
    pairUnpaired(record);
    expect(JSON.stringify(record)).toBe(before);
    const bare: TrafficRecord = { request_id: 'z', input: {}, unpaired: { call_count: 1, prompt: ['p'] } };
    expect(pairUnpaired(bare)).toEqual({ request: { mcp: { calls: [{ prompt: 'p' }] } } });
    const none: TrafficRecord = { request_id: 'z', input: {}, unpaired: { call_count: 0 } };
    expect(pairUnpaired(none).request?.mcp?.calls).toEqual([]);
  });

  it('evaluationInput returns the recorded input when there is nothing to pair', () => {
    const plain: TrafficRecord = { request_id: 'p', input: { request: {} } };
    expect(evaluationInput(plain)).toBe(plain.input);
    expect(evaluationInput(record).request?.mcp?.calls).toHaveLength(3);
  });
});
