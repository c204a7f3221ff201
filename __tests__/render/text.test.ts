import { describe, it, expect } from '@jest/globals';
import { renderReplayText } from '../../src/render/text.js';
import { change, report } from './fixtures.js';

const ESC = '\u001b';

/** The lines of the change table: from its header to the first blank line. */
function changeTable(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^\s+request\s+time\s+subject/.test(l));
  expect(start).toBeGreaterThan(-1);
  const end = lines.indexOf('', start);
  return lines.slice(start, end === -1 ? undefined : end);
}

describe('the text report', () => {
  const changes = [
    change(0, 'req-1', { subject: 'svc-reporter', method: 'tools/call', tools: ['read_file'] }),
    change(1, 'a-much-longer-request-id', {
      subject: null,
      method: 'batch',
      tools: ['run_shell', 'write_file'],
      occurred_at: null,
    }),
    change(2, 'r3', {
      subject: 'x',
      method: null,
      tools: [],
      current_decision: 'unknown',
      draft_decision: 'deny',
      matched_rule_ids: [],
    }),
  ];

  it('has no colour codes when colour is off, and colour when it is on', () => {
    const plain = renderReplayText(report(changes), { colour: false });
    expect(plain).not.toContain(ESC);
    const coloured = renderReplayText(report(changes), { colour: true });
    expect(coloured).toContain(`${ESC}[`);
    // Colour decorates; it does not change the words.
    // eslint-disable-next-line no-control-regex
    expect(coloured.replace(/\u001b\[[0-9;]*m/g, '')).toBe(plain);
  });

  it('aligns the change table in columns', () => {
    const table = changeTable(renderReplayText(report(changes), { colour: false, width: 200 }));
    expect(table).toHaveLength(2 + changes.length);
    const header = table[0]!;
    const starts = ['time', 'subject', 'method', 'tools', 'base', 'head', 'matched'].map(
      (h) => header.indexOf(` ${h}`) + 1,
    );
    for (const row of table.slice(1)) {
      for (const col of starts) {
        // Each column starts right after a run of spaces (or dashes under the header).
        expect(row[col - 1]).toBe(' ');
        expect(row[col]).not.toBe(' ');
      }
    }
    expect(table[2]).toMatch(
      /^\s+req-1\s+2026-11-27 09:00:00Z\s+svc-reporter\s+tools\/call\s+read_file\s+deny\s+allow\s+allow-ops$/,
    );
    expect(table[3]).toMatch(/\s-\s+batch\s+run_shell,write_file\s/);
  });

  it('says "showing N of M" with the true total and shows the split', () => {
    const text = renderReplayText(report(changes), { colour: false });
    expect(text).toContain('showing 3 of 57');
    expect(text).toContain('57 total: 12 newly allowed, 40 newly denied, 5 from unknown');
    expect(text).toMatch(/claims_unavailable\s+21/);
    expect(text).toMatch(/malformed records \(3, not replayed\)/);
    expect(text).toContain('line 7: not JSON');
    expect(text).toContain('… 2 more');
    expect(text).toMatch(/never-hit\s+0/);
  });

  it('strips control characters and bidi overrides from traffic values', () => {
    const hostile = [
      change(0, `evil${ESC}[2J${ESC}]0;pwned\u0007`, {
        subject: 'line1\nline2\rline3',
        method: 'abc\u202Egnp',
        tools: [`t${ESC}[31m`],
      }),
    ];
    const r = report(hostile);
    r.result!.malformed.examples = [{ line: 9, reason: `bad ${ESC}[31mred\u0008` }];
    const text = renderReplayText(r, { colour: false });
    expect(text).not.toContain(ESC);
    expect(text).not.toContain('\r');
    expect(text).not.toContain('\u0007');
    expect(text).not.toContain('\u0008');
    expect(text).not.toContain('\u202E');
    // No value may break a table row onto a second line.
    expect(changeTable(text)).toHaveLength(3);
    expect(text).toContain('line1\ufffdline2\ufffdline3');
  });

  it('reports an invalid policy with each problem located', () => {
    const r = report([]);
    r.errors = [{ file: 'p.yaml', path: 'rules[0].efect', line: 5, column: 5, message: 'unknown key' }];
    r.result = null;
    const text = renderReplayText(r, { colour: false });
    expect(text).toContain('invalid policy: 1 problem');
    expect(text).toContain('p.yaml:5:5: rules[0].efect: unknown key');
  });
});

describe('the text report on unknown data (docs/unknowns.md)', () => {
  it('shows how many records lacked data yet were decided, or that the static rule judged', () => {
    const precise = renderReplayText(report([], { unevaluable_by_reading: 41 }), { colour: false });
    expect(precise).toContain(
      'decided  13 lacked recorded data a rule reads yet were decided (static rule: 41 unevaluable)',
    );
    const fixed = report([]);
    fixed.meta.unevaluable_mode = 'static';
    const text = renderReplayText(fixed, { colour: false });
    expect(text).toContain('unevaluable judged by the static rule');
    expect(text).not.toContain('yet were decided');
  });
});
