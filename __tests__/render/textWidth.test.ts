import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReplayText } from '../../src/render/text.js';
import { renderDriftText } from '../../src/render/driftText.js';
import { cutText, displayWidth, fitColumnWidths, textTable } from '../../src/render/textTable.js';
import type { ReplayReport } from '../../src/replay/report/report.js';
import type { DriftReport } from '../../src/replay/drift.js';
import { repoRoot } from '../support/files.js';

/**
 * The example's reports, as the CLI wrote them (`--format json`, `replay` of the demo and `drift`
 * of its base).
 */
const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(join(repoRoot, '__tests__/fixtures', name), 'utf8')) as T;
const replay = fixture<ReplayReport>('example-replay-report.json');
const drift = fixture<DriftReport>('example-drift-report.json');

// eslint-disable-next-line no-control-regex
const visible = (line: string) => line.replace(/\u001b\[[0-9;]*m/g, '');
const widest = (text: string) => Math.max(...text.split('\n').map((l) => displayWidth(visible(l))));

describe('text reports fit the width', () => {
  for (const width of [40, 80, 120, 200]) {
    it(`keeps every line of the example's replay and drift text within ${width} columns`, () => {
      for (const colour of [false, true]) {
        expect(widest(renderReplayText(replay, { colour, width }))).toBeLessThanOrEqual(width);
        expect(widest(renderDriftText(drift, { colour, width }))).toBeLessThanOrEqual(width);
      }
    });
  }

  it('cuts cells with … rather than wrapping, and needs no cut when wide enough', () => {
    const narrow = renderReplayText(replay, { colour: false, width: 80 });
    expect(narrow).toContain('…');
    const rows = (text: string) => text.split('\n').filter((l) => /^\s+req-/.test(l));
    // One line per change at any width: never wrapped.
    expect(rows(narrow)).toHaveLength(replay.result!.changes.length);
    expect(rows(renderReplayText(replay, { colour: false, width: 200 }))).toHaveLength(
      replay.result!.changes.length,
    );
    const wide = renderReplayText(replay, { colour: false, width: 1_000 });
    expect(wide.split('\n').filter((l) => /^\s+req-/.test(l) && l.includes('…'))).toEqual([]);
  });

  it('defaults to 120 columns', () => {
    const text = renderReplayText(replay, { colour: false });
    expect(widest(text)).toBeLessThanOrEqual(120);
    expect(text).toBe(renderReplayText(replay, { colour: false, width: 120 }));
  });

  it('lays out the drift text as the replay text: the same header, counts table and number format', () => {
    const lines = renderDriftText(drift, { colour: false, width: 120 }).split('\n');
    const replayLines = renderReplayText(replay, { colour: false, width: 120 }).split('\n');
    expect(lines[0]).toBe(replayLines[0]);
    const counts = (all: string[]) => all[all.findIndex((l) => l.startsWith('decisions:')) + 1];
    expect(counts(lines)).toMatch(/^\s+evaluated\s+allowed\s+denied\s+unevaluable\s+malformed/);
    expect(counts(replayLines)).toMatch(/^\s+evaluated\s+allowed\s+denied\s+unevaluable\s+malformed/);
    expect(lines.join('\n')).toContain('6,000');
  });
});

describe('the table renderer', () => {
  it('gives way in the widest columns first, keeping narrow ones whole', () => {
    expect(fitColumnWidths([5, 40, 8, 30], 60)).toEqual([5, 24, 8, 23]);
    expect(fitColumnWidths([5, 10], 30)).toEqual([5, 10]);
    // Never below 4 columns (or the text's own width).
    expect(fitColumnWidths([2, 50, 50], 6)).toEqual([2, 4, 4]);
  });

  it('cuts with … by display width, wide characters counting two', () => {
    expect(cutText('abcdefgh', 5)).toBe('abcd…');
    expect(cutText('abc', 5)).toBe('abc');
    expect(cutText('日本語テキスト', 7)).toBe('日本語…');
    expect(displayWidth(cutText('日本語テキスト', 6))).toBeLessThanOrEqual(6);
  });

  it('aligns the columns it cuts', () => {
    const lines = textTable(
      ['id', 'text', 'n'],
      [
        ['a', 'x'.repeat(50), '1'],
        ['bb', 'short', '22'],
      ],
      { width: 30, indent: '  ' },
    );
    expect(lines).toEqual([
      '  id  text                  n',
      '  --  --------------------  --',
      `  a   ${'x'.repeat(19)}…  1`,
      '  bb  short                 22',
    ]);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(30);
  });

  it('cuts the columns to keep only when the others cannot make room', () => {
    expect(fitColumnWidths([16, 20, 30, 5], 50, new Set([0, 1]))).toEqual([16, 20, 9, 5]);
    expect(fitColumnWidths([16, 20, 30, 5], 30, new Set([0, 1]))).toEqual([11, 11, 4, 4]);
  });
});

describe('one pair of names', () => {
  const replayText = renderReplayText(replay, { colour: false });
  const driftText = renderDriftText(drift, { colour: false });

  it('says base and head, never current, draft or replayed', () => {
    for (const text of [replayText, driftText]) {
      expect(text).not.toMatch(/\b(current|draft|replayed)\b/);
    }
    expect(replayText).toMatch(/^\s+request\s+time\s+subject\s+method\s+tools\s+base\s+head\s+matched/m);
    expect(driftText).toMatch(/^\s+request\s+time\s+subject\s+method\s+tools\s+recorded\s+head\s+matched/m);
    expect(driftText).toMatch(/^head\s+\S+\/base\.yaml\s+sha256:[0-9a-f]{12}\s+\(saved policy\)$/m);
  });

  it('explains unevaluable on its first use', () => {
    for (const text of [replayText, driftText]) {
      const first = text.indexOf('unevaluable');
      expect(first).toBeGreaterThan(-1);
      expect(text.slice(first)).toMatch(/^unevaluable \(the recorded data cannot decide it\)/);
    }
  });

  it('puts what the live gateway allowed that the head denies first in the drift text', () => {
    expect(driftText).toContain('exposure 27 requests the live gateway allowed are denied by the head');
    expect(driftText.indexOf('exposure')).toBeLessThan(driftText.indexOf('drift    60 total'));
    const directions = driftText
      .split('\n')
      .flatMap((l) => /^\s+(recorded \w+, now \w+)\s/.exec(l)?.[1] ?? []);
    expect(directions[0]).toBe('recorded allow, now denied');
    expect(directions.lastIndexOf('recorded allow, now denied')).toBeLessThan(
      directions.indexOf('recorded deny, now allowed'),
    );
    expect(driftText).toMatch(/^\s+3c9e1d2\s+4,736\s+9\s+0\.2%/m);
    // Records without a revision name no deployment: 0 drift there marks nothing.
    expect(driftText).toMatch(/^\s+\(none\)\s+414\s+0\s+0\.0%$/m);
    const matching = renderDriftText(
      {
        ...drift,
        result: { ...drift.result!, policy_revisions: [{ revision: 'r1', records: 9, drift: 0 }] },
      },
      { colour: false },
    );
    expect(matching).toMatch(/^\s+r1\s+9\s+0\s+0\.0%\s+matches the head$/m);
  });
});

describe('what each edit did, in the terminal', () => {
  it('lists the cause sets of by_edit and the requests the head can no longer judge', () => {
    const text = renderReplayText(replay, { colour: false, width: 200 });
    expect(text).toContain('by edit (6 cause sets, most newly allowed first)');
    const row = (edit: string) =>
      text
        .split('\n')
        .find((l) => l.trimStart().startsWith(edit))
        ?.trim()
        .split(/\s{2,}/);
    expect(row('allow-read-tools: tool + fetch_url, write_file')).toEqual([
      'allow-read-tools: tool + fetch_url, write_file',
      '313',
      '0',
      '0',
    ]);
    expect(row('on_missing_context: ignore → deny')).toEqual([
      'on_missing_context: ignore → deny',
      '0',
      '212',
      '17',
    ]);
    expect(text).toContain(
      'lost     32 the base decides the head can no longer judge (21 the base allowed, 11 the base denied)',
    );
  });
});
