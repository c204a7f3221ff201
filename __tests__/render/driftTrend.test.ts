import { describe, expect, it } from '@jest/globals';
import {
  MAX_TREND_RUNS,
  driftTrendBlock,
  driftTrendMarkdown,
  parseDriftTrend,
  withLatestRun,
  type DriftRun,
} from '../../src/render/driftTrend.js';

const run = (i: number, drifted = i): DriftRun => ({
  run: String(1000 + i),
  at: `2026-11-${String(10 + i).padStart(2, '0')}T03:00:00Z`,
  records: 100,
  drifted,
});

const block = (entries: unknown) => `<!-- policy-replay:drift-trend v1 ${JSON.stringify(entries)} -->`;

describe('parseDriftTrend', () => {
  it('reads back what driftTrendBlock wrote, inside an issue body', () => {
    const runs = [run(1), run(2), run(3)];
    const body = `<!-- policy-replay:drift:p.yaml -->\nsome text\r\n${driftTrendBlock(runs)}\r\nmore`;
    expect(parseDriftTrend(body)).toEqual(runs);
  });

  it('is empty without a body, a block, or valid JSON', () => {
    expect(parseDriftTrend(null)).toEqual([]);
    expect(parseDriftTrend('no block here')).toEqual([]);
    expect(parseDriftTrend('<!-- policy-replay:drift-trend v1 [{"run": -->')).toEqual([]);
    expect(parseDriftTrend(block({ run: '1' }))).toEqual([]);
    expect(parseDriftTrend(`  ${block([run(1)])}`)).toEqual([]);
  });

  it('drops each entry that is not exactly a run: ids, times, counts', () => {
    const garbage = [
      run(1),
      { ...run(2), run: '12a' },
      { ...run(3), run: 12 },
      { ...run(4), at: '2026-11-14 03:00:00Z' },
      { ...run(5), at: '2026-13-40T03:00:00Z' },
      { ...run(6), records: -1 },
      { ...run(7), drifted: 1.5 },
      { ...run(8), drifted: 101 },
      { ...run(9), records: 2 ** 60 },
      null,
      'text',
      [1, 2],
      run(10),
    ];
    expect(parseDriftTrend(block(garbage))).toEqual([run(1), run(10)]);
  });

  it('keeps only the last ten of too many entries, and ignores an oversized line', () => {
    const many = Array.from({ length: 40 }, (_, i) => run(i % 20, i));
    const parsed = parseDriftTrend(block(many.slice(0, 14)));
    expect(parsed).toHaveLength(MAX_TREND_RUNS);
    expect(parsed[0]).toEqual(many[4]);
    expect(parseDriftTrend(block(many))).toEqual([]);
  });

  it('never lets an edited block put markdown or HTML into the table', () => {
    const hostile = [
      { run: '1 -->[x](https://evil.example)', at: '2026-11-11T03:00:00Z', records: 1, drifted: 0 },
      { run: '2', at: '2026-11-11T03:00:00Z<img src=x>', records: 1, drifted: 0 },
      { run: '3', at: '2026-11-11T03:00:00Z', records: '1 | **x**', drifted: 0 },
      { run: '4', at: '2026-11-11T03:00:00Z', records: 5, drifted: 1, note: '<script>' },
    ];
    const parsed = parseDriftTrend(block(hostile));
    expect(parsed).toEqual([{ run: '4', at: '2026-11-11T03:00:00Z', records: 5, drifted: 1 }]);
    const shown = driftTrendMarkdown(parsed, () => null);
    expect(shown).not.toMatch(/evil|<img|<script|\*\*x/);
  });
});

describe('withLatestRun', () => {
  it('appends, replaces a re-run of the same run, and keeps ten', () => {
    const nine = Array.from({ length: 9 }, (_, i) => run(i));
    expect(withLatestRun(nine, run(9)).map((r) => r.run)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(1000 + i)),
    );
    const ten = withLatestRun(nine, run(9));
    expect(withLatestRun(ten, { ...run(9), drifted: 50 }).at(-1)!.drifted).toBe(50);
    expect(withLatestRun(ten, { ...run(9), drifted: 50 })).toHaveLength(10);
    expect(withLatestRun(ten, run(10))[0]!.run).toBe('1001');
  });
});

describe('driftTrendMarkdown', () => {
  it('shows newest first, dates in UTC to the second, linked runs, then the block', () => {
    const text = driftTrendMarkdown([run(1, 3), { ...run(2, 1234), records: 5000 }], (id) =>
      id === '1002' ? `https://github.example/o/r/actions/runs/${id}` : null,
    );
    expect(text.split('\n')).toEqual([
      '**Trend** (drift of the last 2 runs, newest first)',
      '',
      '| run date | records | drifted |',
      '|---|---:|---:|',
      '| [2026-11-12 03:00:00Z](https://github.example/o/r/actions/runs/1002) | 5,000 | 1,234 |',
      '| 2026-11-11 03:00:00Z | 100 | 3 |',
      '',
      block([run(1, 3), { ...run(2, 1234), records: 5000 }]),
    ]);
  });
});
