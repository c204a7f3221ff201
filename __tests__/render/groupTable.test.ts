import { describe, it, expect } from '@jest/globals';
import { createHash } from 'node:crypto';
import type { ChangeGroup } from '../../src/replay/report/report.js';
import { renderReplayMarkdown } from '../../src/render/markdown.js';
import { renderReplayText } from '../../src/render/text.js';
import { driftMarkdownSections } from '../../src/render/driftMarkdown.js';
import { fitWithFewerRows, splitRowBudget, utf16Length } from '../../src/render/fitSections.js';
import type { DriftReport } from '../../src/replay/drift.js';
import { HOSTILE, change, report } from './fixtures.js';

/** docs/explain.md "Where the groups are shown": the "What changes, and why" table. */

function group(extra: Partial<ChangeGroup> = {}): ChangeGroup {
  return {
    direction: 'newly_allowed',
    count: 312,
    head_rules: ['allow-read-tools'],
    base_rules: [],
    method: 'tools/call',
    tools: ['write_file'],
    subjects: {
      distinct: 7,
      top: [
        { subject: 'alice', count: 290 },
        { subject: null, count: 12 },
      ],
    },
    first_at: '2026-11-23T08:01:12Z',
    last_at: '2026-11-29T22:41:29.548Z',
    examples: ['req-1'],
    because: [{ rule: 'allow-read-tools', change: 'modified' }],
    joint: false,
    ...extra,
  };
}

const GROUPS: ChangeGroup[] = [
  group(),
  group({
    direction: 'unknown_to_allow',
    count: 9,
    because: [],
    subjects: { distinct: 1, top: [{ subject: 'bob', count: 9 }] },
  }),
  group({
    direction: 'newly_denied',
    count: 40,
    head_rules: ['allow-read-tools'],
    base_rules: ['allow-read-tools'],
    because: [
      { rule: 'allow-read-tools', change: 'modified' },
      { setting: 'on_missing_context', from: 'ignore', to: 'deny' },
      { setting: 'default_effect', from: null, to: 'deny' },
    ],
  }),
  group({ direction: 'newly_denied', count: 3, because: [] }),
];

/** The group table's rows (cells split on unescaped pipes, trimmed). */
function groupRows(markdown: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.indexOf('| change | requests | subjects | method and tools | because |');
  expect(start).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows;
}

const withGroups = (groups: ChangeGroup[], total = groups.length) =>
  report([change(0, 'req-1'), change(1, 'req-2')], { change_groups: groups, change_groups_total: total });

describe('the "What changes, and why" table', () => {
  it('opens the folded detail: after the counts and warnings, before the unevaluable reasons and change rows', () => {
    const md = renderReplayMarkdown(withGroups(GROUPS, 14));
    const at = md.indexOf('**What changes, and why** (showing 4 of 14 groups, most dangerous first)');
    expect(at).toBeGreaterThan(md.indexOf('| of 1,000 replayed | base | head | Δ |'));
    expect(at).toBeGreaterThan(md.indexOf('**Warnings**'));
    expect(md.slice(0, at)).toMatch(/<details><summary>What changes, and why: 14 groups<\/summary>\n\n$/);
    expect(at).toBeLessThan(md.indexOf('**Unevaluable'));
    expect(md).toMatch(
      /<details><summary>Every changed request \(showing 2 of 57\)<\/summary>\n\n\*\*Changes: showing 2 of 57\*\* \(most dangerous first\)\n\n\| request \|[^]*\n\n<\/details>/,
    );
    expect(at).toBeLessThan(md.indexOf('<details><summary>Every changed request'));
  });

  it('one line per group: direction, requests, subjects, method and tools, because', () => {
    const rows = groupRows(renderReplayMarkdown(withGroups(GROUPS)));
    expect(rows).toEqual([
      [
        '**newly allowed**',
        '312',
        '7: alice (290), (none) (12), …',
        'tools/call write\\_file',
        'allow-read-tools \\(modified\\)',
      ],
      [
        '**unknown → allowed**',
        '9',
        '1: bob (9)',
        'tools/call write\\_file',
        '_the base could not decide these requests_',
      ],
      [
        'newly denied',
        '40',
        '7: alice (290), (none) (12), …',
        'tools/call write\\_file',
        // A rule edited on both sides is named once; settings with their values.
        'allow-read-tools \\(modified\\), on\\_missing\\_context: ignore → deny, default\\_effect: none → deny',
      ],
      // A newly_* group with nothing to explain it is a bug, said so rather than hidden.
      [
        'newly denied',
        '3',
        '7: alice (290), (none) (12), …',
        'tools/call write\\_file',
        '**unexplained (a policy-replay bug: please report it)**',
      ],
    ]);
  });

  it('shows subjects as pseudonyms under redaction, exactly as the change rows do', () => {
    const md = renderReplayMarkdown(withGroups([group()]), { redactSubjects: true });
    const hash = createHash('sha256').update('alice', 'utf8').digest('hex').slice(0, 12);
    expect(groupRows(md)[0]![2]).toBe(`7: (masked) \`sha256:${hash}\` (290), (none) (12), …`);
    expect(md).not.toContain('alice');
  });

  it('keeps hostile tool, method and subject names inert and inside their cells', () => {
    const hostile = HOSTILE.map((value, i) =>
      group({
        method: value,
        tools: [value, `t${i}`],
        subjects: { distinct: 1, top: [{ subject: value, count: 1 }] },
      }),
    );
    const md = renderReplayMarkdown(withGroups(hostile));
    const rows = groupRows(md);
    expect(rows).toHaveLength(HOSTILE.length);
    for (const cells of rows) {
      expect(cells).toHaveLength(5);
      for (const text of [cells[2]!, cells[3]!]) {
        expect(text).not.toMatch(/<|>|\]\(|:\/\/|www\./i);
        expect(text).not.toMatch(/(?<!\\)[[\]`*_~|!]/);
        for (const control of ['\n', '\r', '\u001b']) expect(text).not.toContain(control);
      }
    }
    const tags = [...md.matchAll(/<\/?([a-z]+)/gi)].map((m) => m[1]);
    expect(new Set(tags)).toEqual(new Set(['details', 'summary']));
  });

  it('shows fewer rows when asked, saying how many of how many; a batch with many tools is cut short', () => {
    const md = renderReplayMarkdown(withGroups(GROUPS, 14), { maxGroupRows: 1 });
    expect(md).toContain('(showing 1 of 14 groups');
    expect(groupRows(md)).toHaveLength(1);
    const none = renderReplayMarkdown(withGroups(GROUPS, 14), { maxGroupRows: 0 });
    expect(none).toContain('(showing 0 of 14 groups');
    expect(none).not.toContain('| change | requests |');
    const wide = group({ tools: Array.from({ length: 9 }, (_, i) => `tool${i}`) });
    expect(groupRows(renderReplayMarkdown(withGroups([wide])))[0]![3]).toBe(
      'tools/call tool0, tool1, tool2, tool3, tool4, tool5 +3 more',
    );
    // No changes, no table.
    expect(renderReplayMarkdown(report([]))).not.toContain('What changes');
  });

  it('the terminal report leads with the groups too', () => {
    const text = renderReplayText(withGroups(GROUPS, 14), { colour: false, width: 200 });
    const at = text.indexOf('what changes, and why (showing 4 of 14 groups, most dangerous first)');
    expect(at).toBeGreaterThan(-1);
    expect(at).toBeLessThan(text.indexOf('unevaluable reasons'));
    expect(at).toBeLessThan(text.indexOf('changes (showing'));
    const lines = text.split('\n');
    const header = lines.findIndex((l) => /^\s+change\s+requests\s+subjects/.test(l));
    expect(lines[header + 2]).toMatch(
      /^\s+newly allowed\s+312\s+7: alice \(290\), - \(12\), …\s+tools\/call write_file\s+allow-read-tools \(modified\)$/,
    );
    expect(lines[header + 3]).toMatch(/the base could not decide these requests$/);
  });
});

describe('drift groups', () => {
  it("lead the drift report, naming the head's rules instead of a because", () => {
    const r = report([]).result!;
    const drift: DriftReport = {
      meta: { ...report([]).meta, status: 'drift' },
      errors: [],
      result: {
        evaluated: 10,
        allowed: 5,
        denied: 5,
        unevaluable: 0,
        unevaluable_by_reading: 0,
        unevaluable_reasons: [],
        unevaluable_by_reason: {},
        without_recorded_decision: 0,
        drift_total: 3,
        newly_allowed: 3,
        newly_denied: 0,
        drifts: [],
        drift_groups: [group({ count: 3, because: [] }), group({ count: 1, head_rules: [], because: [] })],
        drift_groups_total: 2,
        policy_revisions: [],
        rule_hits: r.rule_hits,
        malformed: { count: 0, examples: [] },
      },
    };
    const sections = driftMarkdownSections(drift);
    expect(sections[1]).toContain('**What drifted** (showing 2 of 2 groups, most dangerous first)');
    expect(sections[1]).toContain('| change | requests | subjects | method and tools | head rules |');
    expect(sections[1]).toContain('| **recorded deny, now allowed** | 3 |');
    expect(sections[1]).toContain('| allow-read-tools |');
    expect(sections[1]).toContain('| — (the default) |');
    expect(sections.join('\n')).not.toMatch(/unexplained/);
  });
});

describe('one row budget for two tables', () => {
  it('fills the groups first, so change rows go before any group row', () => {
    expect(splitRowBudget(70, 50, 20)).toEqual({ first: 50, second: 20 });
    expect(splitRowBudget(55, 50, 20)).toEqual({ first: 50, second: 5 });
    expect(splitRowBudget(30, 50, 20)).toEqual({ first: 30, second: 0 });
    const many = Array.from({ length: 40 }, (_, i) =>
      group({ count: 100 - i, tools: [`tool-${'x'.repeat(80)}-${i}`] }),
    );
    const r = report(
      Array.from({ length: 20 }, (_, i) => change(i, `req-${'y'.repeat(150)}-${i}`)),
      { change_groups: many, change_groups_total: 40 },
    );
    const render = (budget: number) => {
      const rows = splitRowBudget(budget, 40, 20);
      return [renderReplayMarkdown(r, { maxGroupRows: rows.first, maxRows: rows.second })];
    };
    const all = render(60)[0]!.length;
    const fitted = fitWithFewerRows(render, 60, all - 2_000, utf16Length, () => 'cut');
    expect(fitted.omitted).toBe(0);
    expect(fitted.body).toContain('(showing 40 of 40 groups');
    expect(fitted.body).toMatch(/showing (1\d|[0-9]) of 57/);
    const tighter = fitWithFewerRows(render, 60, all - 16_000, utf16Length, () => 'cut');
    expect(tighter.omitted).toBe(0);
    expect(tighter.body).toContain('showing 0 of 57');
    expect(tighter.body).toMatch(/\(showing ([1-9]|[1-3]\d) of 40 groups/);
  });
});
