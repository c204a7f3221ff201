import { describe, it, expect } from '@jest/globals';
import { reachableEdits } from '../../src/regoPolicy/regoBecause.js';
import type { RegoEdit } from '../../src/regoPolicy/regoEdits.js';

/**
 * The syntactic `because` (docs/rego.md "Which edit caused each change"): the edits either side's
 * decision can reach, from the engine's `rule_reads` and `data_reads`. Pure.
 */

const at = { file: 'p.rego', line: 1 };
const rule = (ref: string, change: 'added' | 'removed' | 'modified'): RegoEdit => ({
  kind: 'rule',
  ref,
  change,
  location: at,
  firstChange: at,
});
const data = (pointer: string): RegoEdit => ({
  kind: 'data',
  path: pointer.split('/').slice(1),
  pointer,
  change: 'modified',
});

describe('reachableEdits', () => {
  const edits = [
    rule('data.p.allow', 'modified'),
    rule('data.p.unused', 'added'),
    rule('data.p.old', 'removed'),
    data('/org/managers/alice'),
    data('/org'),
    data('/flags'),
    data('/org2'),
  ];

  it('names a rule either side reaches, and data at, above or below a document read', () => {
    const head = { rules: ['data.p.allow'], data: ['/data/org/managers'] };
    const base = { rules: ['data.p.allow', 'data.p.old'], data: [] };
    expect(reachableEdits(edits, [base, head])).toEqual({ edits: [0, 2, 3, 4], joint: false });
  });

  it('names nothing a side cannot reach, and nothing without sides', () => {
    expect(reachableEdits(edits, [{ rules: ['data.q.x'], data: ['/data/flag'] }])).toEqual({
      edits: [],
      joint: false,
    });
    expect(reachableEdits(edits, [])).toEqual({ edits: [], joint: false });
  });
});
