import { describe, expect, it } from '@jest/globals';
import { driftMarkdownSections } from '../../src/render/driftMarkdown.js';
import type { DriftReport, DriftResult } from '../../src/replay/drift.js';
import { report } from './fixtures.js';

function drift(overrides: Partial<DriftResult> = {}): DriftReport {
  return {
    meta: { ...report([]).meta, status: 'drift' },
    errors: [],
    result: {
      evaluated: 1_300,
      allowed: 700,
      denied: 600,
      unevaluable: 0,
      unevaluable_by_reading: 0,
      unevaluable_reasons: [],
      unevaluable_by_reason: {},
      without_recorded_decision: 0,
      drift_total: 7,
      newly_allowed: 4,
      newly_denied: 3,
      drifts: [
        {
          request_id: 'req-1',
          occurred_at: '2026-11-29T23:41:29.548+01:00',
          subject: null,
          method: 'tools/call',
          tools: ['write_file'],
          recorded_decision: 'allow',
          replayed_decision: 'deny',
          matched_rule_ids: [],
        },
      ],
      drift_groups: [],
      drift_groups_total: 0,
      policy_revisions: [
        { revision: 'r2', records: 300, drift: 7 },
        { revision: 'r1', records: 1_000, drift: 0 },
      ],
      sample_window: { first_at: '2026-11-23T08:01:12Z', last_at: '2026-11-29T22:41:29.548Z' },
      rule_hits: {},
      malformed: { count: 0, examples: [] },
      ...overrides,
    },
  };
}

describe('driftMarkdownSections', () => {
  it('opens with the requests the live gateway allowed that the head denies', () => {
    const [summary] = driftMarkdownSections(drift(), { title: false });
    const lines = summary!.split('\n');
    expect(lines[0]).toBe(
      '**🚨 3 requests the live gateway allowed are denied by the head (saved policy)**: an exposure that already happened.',
    );
    expect(lines[2]).toBe(
      '7 recorded decisions the head no longer reproduces: 3 recorded allow, now denied; 4 recorded deny, now allowed.',
    );
    expect(summary).toContain(
      '| evaluated | unevaluable (the recorded data cannot decide it) | without recorded decision | drifted | recorded allow, now denied | recorded deny, now allowed |',
    );
    expect(summary).toContain('| 1,300 | 0 | 0 | 7 | 3 | 4 |');
  });

  it('says so when the live gateway let nothing through that the head denies', () => {
    const [summary] = driftMarkdownSections(drift({ newly_denied: 0, newly_allowed: 7 }), { title: false });
    expect(summary!.split('\n')[0]).toBe(
      '**0 requests the live gateway allowed are denied by the head (saved policy).**',
    );
    const [none] = driftMarkdownSections(drift({ drift_total: 0, newly_denied: 0, newly_allowed: 0 }));
    expect(none!.split('\n')[2]).toMatch(/^\*\*No drift\*\*: the head \(saved policy\) reproduces/);
  });

  it('keeps the title for the job summary, and names the sample window in UTC and the run', () => {
    const [summary] = driftMarkdownSections(drift(), {
      runUrl: 'https://github.example/o/r/actions/runs/77',
    });
    expect(summary!.split('\n')[0]).toBe('### policies/acme.yaml');
    expect(summary).toContain(
      'Sample: traffic/sample.jsonl, 1,300 records, 2026-11-23 08:01:12Z – 2026-11-29 22:41:29Z · [workflow run](https://github.example/o/r/actions/runs/77)',
    );
    const [bare] = driftMarkdownSections(drift({ sample_window: { first_at: null, last_at: null } }));
    expect(bare).toContain('Sample: traffic/sample.jsonl, 1,300 records\n');
  });

  it('shows each recorded revision with its share drifted, marking the one the head matches', () => {
    const sections = driftMarkdownSections(
      drift({
        policy_revisions: [
          { revision: 'r2', records: 3, drift: 1 },
          { revision: null, records: 8, drift: 1 },
          { revision: 'r1', records: 1_000, drift: 0 },
          { revision: null, records: 5, drift: 0 },
        ],
      }),
    );
    const table = sections.find((s) => s.includes('policy_revision'))!;
    expect(table.split('\n').slice(2)).toEqual([
      '| policy_revision | records | drifted | drifted % |',
      '|---|---:|---:|---:|',
      '| r2 | 3 | 1 | 33.3% |',
      '| (none) | 8 | 1 | 12.5% |',
      '| r1 ✅ matches the head | 1,000 | 0 | 0.0% |',
      '| (none) | 5 | 0 | 0.0% |',
    ]);
    const noMatch = driftMarkdownSections(
      drift({ policy_revisions: [{ revision: 'r2', records: 3, drift: 3 }] }),
    );
    expect(noMatch.join('\n')).not.toContain('matches the head');
  });

  it('writes drift rows with the head, UTC times and (none) for a missing subject', () => {
    const rows = driftMarkdownSections(drift()).at(-1)!;
    expect(rows).toContain(
      '| request | time | subject | method | tools | recorded | head | head rules matched |',
    );
    expect(rows).toContain(
      '| req-1 | 2026-11-29 22:41:29Z | (none) | tools/call | write\\_file | allow | **deny** | — |',
    );
  });
});
