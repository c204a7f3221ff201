import { describe, expect, it } from '@jest/globals';
import { TopChanges, compareChanges, compareDrifts } from '../../src/replay/report/changeOrder.js';
import { driftOrdered, toDriftReport } from '../../src/replay/drift.js';
import type { RunReplayResult } from '../../src/replay/run.js';
import type { Change, ChangeDirection, ChangeGroup } from '../../src/replay/report/report.js';
import { report } from '../render/fixtures.js';

function change(
  id: string,
  current: 'allow' | 'deny',
  draft: 'allow' | 'deny',
  at = '2026-11-27T09:00:00Z',
): Change {
  return {
    request_id: id,
    occurred_at: at,
    subject: 'alice',
    method: 'tools/call',
    tools: ['read_file'],
    current_decision: current,
    draft_decision: draft,
    matched_rule_ids: [],
  };
}

function group(direction: ChangeDirection, count: number, tool = 'read_file'): ChangeGroup {
  return {
    direction,
    count,
    head_rules: [],
    base_rules: [],
    method: 'tools/call',
    tools: [tool],
    subjects: { distinct: 1, top: [{ subject: 'alice', count }] },
    first_at: null,
    last_at: null,
    examples: [],
    because: [],
    joint: false,
  };
}

describe('drift order: recorded allow, now denied first', () => {
  it('keeps the recorded-allow drifts under a cap that a replay would fill with newly allowed', () => {
    const offered = [
      change('a1', 'deny', 'allow'),
      change('a2', 'deny', 'allow'),
      change('d1', 'allow', 'deny', '2026-11-20T00:00:00Z'),
      change('a3', 'deny', 'allow'),
      change('d2', 'allow', 'deny', '2026-11-21T00:00:00Z'),
    ];
    const drift = new TopChanges(3, compareDrifts);
    const replay = new TopChanges(3, compareChanges);
    for (const c of offered) {
      drift.offer(c);
      replay.offer(c);
    }
    expect(drift.items.map((c) => c.request_id)).toEqual(['d2', 'd1', 'a1']);
    expect(replay.items.map((c) => c.request_id)).toEqual(['a1', 'a2', 'a3']);
  });

  it('orders groups by direction (allow → deny, deny → allow, then the unknowns), then count', () => {
    const ordered = driftOrdered([
      group('unknown_to_deny', 50),
      group('newly_allowed', 9),
      group('unknown_to_allow', 70),
      group('newly_denied', 1),
      group('newly_allowed', 30, 'write_file'),
      group('newly_denied', 4, 'write_file'),
    ]);
    expect(ordered.map((g) => `${g.direction}:${g.count}`)).toEqual([
      'newly_denied:4',
      'newly_denied:1',
      'newly_allowed:30',
      'newly_allowed:9',
      'unknown_to_allow:70',
      'unknown_to_deny:50',
    ]);
  });

  it('reorders every group of the replay before applying the same cap', () => {
    const all = [group('newly_allowed', 30), group('newly_allowed', 20, 'x'), group('newly_denied', 2)];
    const base = report([], {
      change_groups: all.slice(0, 2),
      change_groups_total: 3,
      changes_total: 52,
    });
    const run = {
      report: base,
      outcome: {
        groups: all.map((g) => ({ group: g, subjects: new Map() })),
        revisions: new Map(),
        withoutRecordedDecision: 0,
      },
    } as unknown as RunReplayResult;
    const drift = toDriftReport(run).result!;
    expect(drift.drift_groups.map((g) => `${g.direction}:${g.count}`)).toEqual([
      'newly_denied:2',
      'newly_allowed:30',
    ]);
    expect(drift.drift_groups_total).toBe(3);
  });
});
