import { describe, expect, it } from '@jest/globals';
import { driftIssueBody, trendEntry, type DriftIssueDraft } from '../../src/action/driftIssues.js';
import type { RunContext } from '../../src/action/context.js';
import type { DriftReport } from '../../src/replay/drift.js';
import { driftTrendBlock, parseDriftTrend } from '../../src/render/driftTrend.js';
import { MAX_COMMENT_LENGTH } from '../../src/github/stickyComment.js';

const context = (runId: string | null): RunContext => ({
  eventName: 'schedule',
  event: {},
  owner: 'acme',
  repo: 'policies',
  workspace: '/w',
  apiUrl: 'https://api.github.com',
  serverUrl: 'https://github.com',
  runId,
  runAttempt: '1',
  step: null,
  sha: null,
  ref: null,
  tempDir: '/tmp',
});

const drift = { result: { evaluated: 1_200, drift_total: 7 } } as unknown as DriftReport;
const NOW = new Date('2026-11-30T03:04:05.678Z');

function draft(sections: (rows: number) => string[], runId = '42'): DriftIssueDraft {
  return {
    path: 'policies/acme.yaml',
    driftTotal: 7,
    sections,
    rowBudget: 10,
    run: trendEntry(context(runId), drift, NOW),
  };
}

describe('trendEntry', () => {
  it("is this run's totals at the run's time to the second; none without a run id", () => {
    expect(trendEntry(context('42'), drift, NOW)).toEqual({
      run: '42',
      at: '2026-11-30T03:04:05Z',
      records: 1_200,
      drifted: 7,
    });
    expect(trendEntry(context(null), drift, NOW)).toBeNull();
    expect(trendEntry(context('4 2'), drift, NOW)).toBeNull();
  });
});

describe('driftIssueBody', () => {
  const earlier = { run: '41', at: '2026-11-29T03:00:00Z', records: 1_100, drifted: 3 };

  it('carries the earlier runs of the replaced body forward and adds this one, linked', () => {
    const body = driftIssueBody(
      draft(() => ['report']),
      context('42'),
      `x\n${driftTrendBlock([earlier])}`,
    );
    expect(body.startsWith('report\n')).toBe(true);
    expect(parseDriftTrend(body)).toEqual([
      earlier,
      { run: '42', at: '2026-11-30T03:04:05Z', records: 1_200, drifted: 7 },
    ]);
    expect(body).toContain(
      '| [2026-11-30 03:04:05Z](https://github.com/acme/policies/actions/runs/42) | 1,200 | 7 |',
    );
    expect(body.indexOf('2026-11-30 03:04:05Z')).toBeLessThan(body.indexOf('2026-11-29 03:00:00Z'));
  });

  it('has no trend off a runner with nothing kept, and keeps what was kept', () => {
    expect(
      driftIssueBody(
        draft(() => ['report'], ''),
        context(null),
        null,
      ),
    ).toBe('report\n');
    expect(
      parseDriftTrend(
        driftIssueBody(
          draft(() => ['report'], ''),
          context(null),
          driftTrendBlock([earlier]),
        ),
      ),
    ).toEqual([earlier]);
  });

  it('keeps the trend whole when the report must shrink to fit', () => {
    const limit = MAX_COMMENT_LENGTH - 200;
    const big = (rows: number) => ['report', 'x'.repeat(limit - 1_000 + rows * 200)];
    const body = driftIssueBody(draft(big), context('42'), driftTrendBlock([earlier]));
    expect(body.length).toBeLessThanOrEqual(limit);
    expect(body.length).toBeGreaterThan(limit - 1_000);
    expect(body).toContain('\n**Trend** (drift of the last 2 runs, newest first)\n');
    expect(parseDriftTrend(body)).toHaveLength(2);
  });
});
