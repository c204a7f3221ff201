import { describe, it, expect } from '@jest/globals';
import { compareEditRows, REGO_DIRECTIONS, type RegoByEditRow } from '../../src/regoReplay/regoReport.js';
import {
  cappedPointers,
  OTHER_POINTERS,
  RegoAggregator,
  type RegoOutcome,
} from '../../src/regoReplay/regoAggregator.js';
import { definedFromText, type SideEvaluation } from '../../src/regoPolicy/classify.js';
import { GroupTallies } from '../../src/regoReplay/regoGroups.js';

/** The order of `by_edit` rows and the cap of `input_not_recorded`'s pointers (docs/rego.md "The report"): the rule documents' order, then Rego's own directions. */
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

describe('input_not_recorded pointers', () => {
  it('keeps the first 100 pointers by text and counts the rest together, the same however split', () => {
    const counts = Object.fromEntries(
      Array.from({ length: 250 }, (_, i) => [`/input/p${String(i).padStart(3, '0')}`, 2]),
    );
    const capped = cappedPointers(counts);
    expect(Object.keys(capped)).toHaveLength(101);
    expect(capped['/input/p099']).toBe(2);
    expect(capped[OTHER_POINTERS]).toBe(300);
    const halves = [
      cappedPointers(Object.fromEntries(Object.entries(counts).slice(0, 125))),
      cappedPointers(Object.fromEntries(Object.entries(counts).slice(125))),
    ];
    const summed: Record<string, number> = {};
    for (const h of halves) for (const [p, c] of Object.entries(h)) summed[p] = (summed[p] ?? 0) + c;
    expect(
      cappedPointers(Object.fromEntries(Object.entries(summed).sort(([a], [b]) => (a < b ? -1 : 1)))),
    ).toEqual(capped);
  });
});

describe('the change set an acceptance binds to', () => {
  const mapping = { kind: 'boolean' } as const;
  const side = (evaluation: SideEvaluation) => ({ evaluation, route: 'recorded' as const });
  const event = (id: string, base: SideEvaluation, head: SideEvaluation): RegoOutcome => ({
    kind: 'event',
    position: Number(id.slice(2)),
    where: { line: Number(id.slice(2)), reason: '' },
    requestId: id,
    occurredAt: null,
    base: side(base),
    head: side(head),
    recorded: null,
    pair: null,
    because: null,
  });
  const digestOf = (outcomes: RegoOutcome[]) => {
    const aggregator = new RegoAggregator({
      mode: 'compare',
      mapping,
      hasBase: true,
      edits: null,
      maxChanges: 50,
      maxGroups: 50,
      wholeInput: { base: false, head: false },
      duplicateReason: () => 'duplicate',
    });
    for (const o of outcomes) aggregator.add(o);
    return { digest: aggregator.changeSet.digest(), result: aggregator.finish() };
  };
  const allow = definedFromText('true');
  const deny = definedFromText('false');
  const unknown: SideEvaluation = { kind: 'unevaluable', reason: 'input_not_recorded' };

  it('holds the requests the head can no longer judge, as the rule documents do', () => {
    const none = digestOf([event('d-1', allow, allow)]);
    const lost = digestOf([event('d-1', allow, allow), event('d-2', deny, unknown)]);
    expect(lost.result.newly_unevaluable).toMatchObject({ from_deny: 1, groups_total: 1 });
    expect(lost.digest).not.toBe(none.digest);
    // A changed decision and a lost one of the same request are different impacts.
    expect(digestOf([event('d-2', deny, allow)]).digest).not.toBe(lost.digest);
  });
});

describe('group tallies', () => {
  it('give one group whatever the order requests arrive in, equal instants written two ways included', () => {
    const arrivals = [
      { id: 'd-1', at: '2026-11-30T10:00:00Z' },
      { id: 'd-2', at: '2026-11-30T11:00:00+01:00' },
      { id: 'd-3', at: null },
      { id: 'd-4', at: '2026-11-30T09:00:00Z' },
    ];
    const tally = (order: typeof arrivals) => {
      const t = new GroupTallies(REGO_DIRECTIONS);
      for (const e of order) t.add({ direction: 'newly_allowed', because: [], joint: false }, [e]);
      return t.groups();
    };
    const groups = tally(arrivals);
    expect(groups).toEqual([
      {
        direction: 'newly_allowed',
        because: [],
        joint: false,
        count: 4,
        first_at: '2026-11-30T09:00:00Z',
        // Of equal instants, the smaller text.
        last_at: '2026-11-30T10:00:00Z',
        // The change order: the most recent first (equal instants by id), timeless last.
        examples: ['d-1', 'd-2', 'd-4'],
      },
    ]);
    expect(tally([...arrivals].reverse())).toEqual(groups);
  });
});
