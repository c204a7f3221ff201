import { describe, it, expect } from '@jest/globals';
import { createHash } from 'node:crypto';
import { renderReplayMarkdown } from '../../src/render/markdown.js';
import { escapeMarkdown } from '../../src/render/escape.js';
import { UNEVALUABLE_ADVICE } from '../../src/render/advice.js';
import { UNEVALUABLE_REASONS } from '../../src/unknowns/reasons.js';
import { HOSTILE, change, report } from './fixtures.js';

const ZWSP = '\u200b';
const CHANGE_HEADER = '| request | time | subject | method | tools | base | head | matched rules |';

/** The change table's rows, split into cells on unescaped pipes. */
function changeRows(markdown: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(CHANGE_HEADER);
  expect(start).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split(/(?<!\\)\|/).slice(1, -1));
  }
  return rows;
}

/** What no escaped traffic value may contain. */
function expectInert(text: string): void {
  expect(text).not.toMatch(/</);
  expect(text).not.toMatch(/>/);
  expect(text).not.toMatch(/\]\(/);
  expect(text).not.toMatch(/(?<!\\)[[\]`*_~|#!]/);
  expect(text).not.toMatch(/@(?!\u200b)/);
  expect(text).not.toMatch(/:\/\//);
  expect(text).not.toMatch(/www\./i);
  expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/);
  for (const control of ['\n', '\r', '\u001b']) expect(text).not.toContain(control);
}

describe('markdown escaping of traffic values', () => {
  const changes = HOSTILE.map((value, i) => change(i, value));
  const md = renderReplayMarkdown(report(changes));

  it('keeps every hostile value inside its own cell and inert', () => {
    const rows = changeRows(md);
    expect(rows).toHaveLength(HOSTILE.length);
    for (const cells of rows) {
      expect(cells).toHaveLength(8);
      // request, subject, method and tools come from traffic.
      for (const i of [0, 2, 3, 4]) expectInert(cells[i]!.trim());
    }
    for (const value of HOSTILE) expectInert(escapeMarkdown(value));
  });

  it('renders no raw HTML, link, image, mention or autolink from traffic anywhere in the body', () => {
    expect(md).not.toContain('<img');
    expect(md).not.toContain('<script');
    expect(md).not.toContain('](');
    expect(md).not.toMatch(/(^|[^\\])@octocat/);
    expect(md).not.toContain('://');
    expect(md).not.toContain('\u202E');
    // The only HTML is the renderer's own <details>/<summary>.
    const tags = [...md.matchAll(/<\/?([a-z]+)/gi)].map((m) => m[1]);
    expect(new Set(tags)).toEqual(new Set(['details', 'summary']));
  });

  it('still shows what the value was (readable, not dropped)', () => {
    expect(escapeMarkdown('@octocat')).toBe(`@${ZWSP}octocat`);
    expect(escapeMarkdown('https://evil.example')).toBe(`https:${ZWSP}//evil.example`);
    expect(escapeMarkdown('www.evil.example')).toBe(`www${ZWSP}.evil.example`);
    expect(escapeMarkdown('<b>')).toBe('&lt;b&gt;');
    expect(escapeMarkdown('read_file')).toBe('read\\_file');
    expect(escapeMarkdown('svc-reporter')).toBe('svc-reporter');
    expect(escapeMarkdown('2026-11-28T09:00:00Z')).toBe('2026-11-28T09:00:00Z');
    expect(escapeMarkdown('see #12 and GH-4')).toBe(`see \\#${ZWSP}12 and GH-${ZWSP}4`);
    expect(escapeMarkdown('plain')).toBe('plain');
    // Long values are cut, never allowed to swamp the comment.
    expect([...escapeMarkdown('x'.repeat(500))].length).toBeLessThanOrEqual(200);
  });

  it('escapes the policy path in the title too', () => {
    const r = report([]);
    r.meta.head!.path = 'policies/<img src=x>@team.yaml';
    const out = renderReplayMarkdown(r);
    expect(out).not.toContain('<img');
    expect(out).not.toMatch(/@(?!\u200b)/);
  });
});

describe('markdown content', () => {
  it('says "showing N of M" with the true total, never the list length as the number affected', () => {
    const changes = [change(0, 'req-1'), change(1, 'req-2'), change(2, 'req-3')];
    const md = renderReplayMarkdown(report(changes));
    expect(md).toContain('showing 3 of 57');
    expect(md).toContain('57 requests decided differently');
    expect(md).toContain('12 newly allowed');
    expect(md).not.toMatch(/\b3 requests decided/);
    const fewer = renderReplayMarkdown(report(changes), { maxRows: 2 });
    expect(fewer).toContain('showing 2 of 57');
    expect(changeRows(fewer)).toHaveLength(2);
    // A cap of zero still reports the total.
    expect(renderReplayMarkdown(report([]))).toContain('showing 0 of 57');
  });

  it('has a base | head | Δ table, the unevaluable reasons with advice, malformed and mismatch notes', () => {
    const md = renderReplayMarkdown(
      report([change(0, 'r')], { base_counts: { allowed: 800, denied: 175, unevaluable: 25 } }),
    );
    expect(md).toContain(
      [
        '| of 1,000 replayed | base | head | Δ |',
        '|---|---:|---:|---:|',
        '| allowed | 800 | 812 | +12 |',
        '| denied | 175 | 160 | \u221215 |',
        '| unevaluable (the recorded data cannot decide it) | 25 | 28 | +3 |',
      ].join('\n'),
    );
    // Without a base, its column and the delta are dashes.
    expect(renderReplayMarkdown(report([], { base_counts: null }))).toContain('| allowed | — | 812 | — |');
    expect(md).toContain(`| \`claims_unavailable\` | 21 | ${UNEVALUABLE_ADVICE.claims_unavailable} |`);
    expect(md).toContain(`| \`time_not_recorded\` | 9 | ${UNEVALUABLE_ADVICE.time_not_recorded} |`);
    expect(md).toMatch(/3 malformed records were not replayed/);
    expect(md).toMatch(/2 recorded decisions disagree with the base/);
    for (const reason of UNEVALUABLE_REASONS) expect(UNEVALUABLE_ADVICE[reason].length).toBeGreaterThan(20);
  });

  it('puts rule hits in a <details> block, every rule listed', () => {
    const md = renderReplayMarkdown(report([]));
    const details = /<details><summary>Rule hits[^<]*<\/summary>([\s\S]*?)<\/details>/.exec(md);
    expect(details).not.toBeNull();
    expect(details![1]).toContain('| no-shell | 160 |');
    expect(details![1]).toContain('| allow-ops | 300 |');
    expect(details![1]).toContain('| never-hit | 0 |');
  });

  it('redactSubjects replaces each subject with a short stable hash', () => {
    const subject = 'alice@example.com';
    const md = renderReplayMarkdown(
      report([change(0, 'req-1', { subject }), change(1, 'req-2', { subject: null })]),
      {
        redactSubjects: true,
      },
    );
    const hash = createHash('sha256').update(subject, 'utf8').digest('hex').slice(0, 12);
    expect(md).toContain(`sha256:${hash}`);
    expect(md).not.toContain('alice');
    const rows = changeRows(md);
    expect(rows[0]![2]!.trim()).toBe(`(masked) \`sha256:${hash}\``);
    expect(rows[1]![2]!.trim()).toBe('(none)');
    // Without the option the (escaped) subject shows.
    expect(renderReplayMarkdown(report([change(0, 'req-1', { subject })]))).toContain('alice');
  });

  it('reports an invalid policy with every problem and no counts', () => {
    const r = report([]);
    r.errors = [
      { file: 'policies/a.yaml', path: 'rules[0].efect', line: 5, column: 5, message: 'unknown key "efect"' },
      {
        file: 'policies/a.yaml',
        path: 'rules[1].conditions[0].field',
        line: 13,
        column: 16,
        message: '<b>bad</b>',
      },
    ];
    r.result = null;
    const md = renderReplayMarkdown(r);
    expect(md).toContain('Invalid policy: 2 problems');
    expect(md).toContain(`${escapeMarkdown('policies/a.yaml')}:5:5`);
    expect(md).toContain(`${escapeMarkdown('policies/a.yaml')}:13:16`);
    expect(md).not.toContain('<b>');
    expect(md).not.toContain('evaluated');
  });

  it('reports a deleted policy with what the base decided', () => {
    const r = report([], { changes_total: 0, newly_allowed: 0, newly_denied: 0, from_unknown: 0 });
    r.meta.status = 'deleted';
    r.meta.head = null;
    const md = renderReplayMarkdown(r);
    expect(md).toContain('(deleted: the counts are the base’s)');
    expect(md).toContain('| allowed | 812 | — | — |');
    expect(md).not.toMatch(/showing/);
  });

  it('is a pure function: same report, same text', () => {
    const r = report(HOSTILE.map((v, i) => change(i, v)));
    expect(renderReplayMarkdown(r)).toBe(renderReplayMarkdown(structuredClone(r)));
  });
});

describe('records decided despite missing data (docs/unknowns.md)', () => {
  it('says how many lacked data a rule reads yet were decided, and nothing when none were', () => {
    const precise = renderReplayMarkdown(report([], { unevaluable_by_reading: 41 }));
    expect(precise).toContain(
      '13 requests lacked recorded data a rule reads yet were decided: the missing data could not change the decision (the static rule would call 41 unevaluable).',
    );
    const one = renderReplayMarkdown(report([], { unevaluable_by_reading: 29 }));
    expect(one).toContain('1 request lacked recorded data a rule reads yet was decided');
    expect(renderReplayMarkdown(report([]))).not.toContain('lacked recorded data');
  });

  it('advises on http_not_recorded', () => {
    const md = renderReplayMarkdown(
      report([], {
        unevaluable_reasons: ['http_not_recorded'],
        unevaluable_by_reason: { http_not_recorded: 28 },
      }),
    );
    expect(md).toContain(`| \`http_not_recorded\` | 28 | ${UNEVALUABLE_ADVICE.http_not_recorded} |`);
  });
});

describe('an invalid policy in the decision-first layout', () => {
  it('keeps the caller’s warnings and the failed rules beside the problems', () => {
    const r = report([]);
    r.errors = [{ file: 'policies/a.yaml', path: 'rules', line: 1, column: 1, message: 'bad' }];
    r.result = null;
    const md = renderReplayMarkdown(r, {
      warnings: ['**No traffic to replay** for this policy.'],
      failures: [
        {
          rule: 'invalid-policy',
          reason: 'policies/acme.yaml: the policy is invalid (invalid-policy)',
          policy: 'policies/acme.yaml',
        },
      ],
    });
    expect(md).toContain('**Warnings**\n\n- **No traffic to replay** for this policy.');
    expect(md).toContain('- the policy is invalid \\(invalid-policy\\) — **caused by this pull request**.');
    expect(md.indexOf('Invalid policy')).toBeLessThan(md.indexOf('**Warnings**'));
  });
});
