import { describe, it, expect } from '@jest/globals';
import { compareEditRows, REGO_DIRECTIONS, type RegoByEditRow } from '../../src/regoReplay/regoReport.js';

/** The order of `by_edit` rows (docs/rego.md "The report"): the rule documents' order, then Rego's own directions. */
function row(
  ref: string,
  counts: Partial<Record<(typeof REGO_DIRECTIONS)[number], number>>,
  joint = false,
): RegoByEditRow {
  return {
    edits: [{ kind: 'rule', ref, change: 'modified', file: 'p.rego', line: 1 }],
    joint,
    ...Object.fromEntries(REGO_DIRECTIONS.map((d) => [d, counts[d] ?? 0])),
  } as RegoByEditRow;
}

describe('by_edit order', () => {
  it('puts newly allowed first, then newly denied, then the other directions, then the edit text', () => {
    const rows = [
      row('data.p.z', { result_changed: 50 }),
      row('data.p.y', { newly_denied: 3 }),
      row('data.p.x', { newly_allowed: 1 }),
      row('data.p.b', { result_changed: 50 }),
      row('data.p.a', { undefined_to_defined: 2, result_changed: 1 }),
      row('data.p.b', { result_changed: 50 }, true),
    ];
    expect(
      [...rows]
        .sort(compareEditRows)
        .map((r) => `${(r.edits[0] as { ref: string }).ref}${r.joint ? '+' : ''}`),
    ).toEqual(['data.p.x', 'data.p.y', 'data.p.a', 'data.p.b', 'data.p.b+', 'data.p.z']);
  });
});
