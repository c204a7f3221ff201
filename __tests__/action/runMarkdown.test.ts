import { describe, expect, it } from '@jest/globals';
import { runMarkdownSections, type RunMarkdownOptions } from '../../src/action/runMarkdown.js';
import { fitComment } from '../../src/action/fitBody.js';
import type { PolicyOutcome } from '../../src/action/runReport.js';
import type { GateFailure } from '../../src/gate/gate.js';
import type { ReplayReport } from '../../src/replay/report/report.js';
import { LINKS, exampleReport } from '../render/commentFixtures.js';
import { change } from '../render/fixtures.js';

/** docs/action.md "The comment": the run's comment and job summary, decision first. */

function outcome(report: ReplayReport | null, extra: Partial<PolicyOutcome> = {}): PolicyOutcome {
  const path = report?.meta.head?.path ?? 'policies/gateway.yaml';
  return {
    path,
    status: 'modified',
    previous_path: null,
    traffic: 'traffic/gateway.jsonl',
    traffic_looked: ['traffic/gateway.jsonl'],
    manifests: 'traffic/gateway.manifests',
    no_traffic: false,
    errors: [],
    report,
    rego_diff: '--- a/policies/gateway.yaml (Rego)\n+++ b/policies/gateway.yaml (Rego)\n-x := 1\n+x := 2\n',
    ...extra,
  };
}

const FAILED: GateFailure[] = [
  {
    rule: 'newly-allowed',
    reason: 'policies/gateway.yaml: 27 requests newly allowed (newly-allowed)',
    policy: 'policies/gateway.yaml',
  },
];

function options(extra: Partial<RunMarkdownOptions> = {}): RunMarkdownOptions {
  return {
    verdict: 'fail',
    failed: FAILED,
    policies: [outcome(exampleReport())],
    redactSubjects: true,
    maxRows: 20,
    maxGroupRows: 50,
    links: LINKS,
    ...extra,
  };
}

const body = (extra: Partial<RunMarkdownOptions> = {}) => runMarkdownSections(options(extra)).join('\n\n');

describe('the comment, decision first', () => {
  it('opens with the headline, the provenance, base | head | Δ and the by-edit table in its first 15 lines', () => {
    const lines = body().split('\n').slice(0, 15);
    expect(lines[0]).toBe('## ❌ 27 requests newly allowed — review needed');
    expect(lines[2]).toMatch(/^\*\*policies\/gateway\.yaml\*\* · head \[`1111111`\]/);
    expect(lines[2]).toContain('[workflow run](https://github.com/acme/policies/actions/runs/4242)');
    expect(lines[4]).toBe('| of 1,000 replayed | base | head | Δ |');
    expect(lines.slice(6, 9).map((l) => l.split(' | ')[0])).toEqual([
      '| allowed',
      '| denied',
      '| unevaluable (the recorded data cannot decide it)',
    ]);
    expect(lines[10]).toBe('**By edit** (showing 4 of 4, most newly allowed first)');
    expect(lines[12]).toBe('| edit | newly allowed | newly denied | from unknown | mostly |');
    expect(lines[14]).toMatch(
      /^\| \[allow-read-tools: tool \+ fetch\\_url, write\\_file\]\(https:\/\/github\.com\/acme\/policies\/blob\/1{40}\/policies\/gateway\.yaml#L108\) \| \*\*23\*\* \|/,
    );
  });

  it('then the warnings, why it fails, and the folded detail, in that order', () => {
    const group = {
      direction: 'newly_allowed' as const,
      count: 37,
      head_rules: ['allow-read-tools'],
      base_rules: [],
      method: 'tools/call',
      tools: ['write_file'],
      subjects: { distinct: 1, top: [{ subject: null, count: 37 }] },
      first_at: null,
      last_at: null,
      examples: [],
      because: [{ rule: 'allow-read-tools', change: 'modified' as const }],
      joint: false,
    };
    const r = exampleReport({
      changes: [change(0, 'req-1')],
      change_groups: [group],
      change_groups_total: 1,
    });
    const md = body({ policies: [outcome(r)] });
    const order = [
      '**By edit**',
      '**Warnings**',
      '**Why it fails**',
      '<details><summary>What changes, and why',
      '<details><summary>Every changed request',
      '<details><summary>Unevaluable reasons',
      '<details><summary>Rule hits',
    ].map((needle) => md.indexOf(needle));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(md).toContain(
      '- 27 requests newly allowed \\(newly-allowed\\) — **caused by this pull request**.',
    );
    expect(md).toContain('| **newly allowed** | 37 | 1: (none) (37) |');
    // Times in one form; subjects masked under redaction.
    expect(md).toContain('| 2026-11-27 09:00:00Z | (masked) `sha256:');
  });

  it('keeps the Rego diff out of the comment and in the job summary, folded', () => {
    expect(body()).not.toContain('Rego diff');
    expect(body()).not.toContain('<details open>');
    const summary = body({ summary: true });
    expect(summary).toContain('<details><summary>Rego diff: policies/gateway.yaml</summary>');
    expect(summary).toContain('-x := 1\n+x := 2');
    // Every other folded section is open in the summary, the long version.
    expect(summary).toContain('<details open><summary>Rule hits');
  });

  it('draws the flowchart in the summary, and in the comment only when asked', () => {
    expect(body()).not.toContain('```mermaid');
    expect(body({ flowchart: true })).toContain('```mermaid\nflowchart LR');
    expect(body({ summary: true })).toContain('```mermaid\nflowchart LR');
  });

  it('gives each of several policies its own titled section under one headline', () => {
    const other = exampleReport({ changes_total: 2, newly_allowed: 0, newly_denied: 2, by_edit: [] });
    other.meta.head!.path = 'policies/b.yaml';
    const md = body({ policies: [outcome(exampleReport()), outcome(other)] });
    const lines = md.split('\n');
    expect(lines[0]).toBe('## ❌ 27 requests newly allowed — review needed');
    expect(lines[2]).toBe('2 policy files changed; each has its own section below.');
    expect(md).toContain(
      '### policies/gateway.yaml: 37 requests decided differently (27 newly allowed, 10 newly denied)',
    );
    expect(md).toContain('### policies/b.yaml: 2 requests decided differently (2 newly denied)');
  });

  it('reads as a pass with nothing to review when no request changed', () => {
    const unchanged = exampleReport({
      changes_total: 0,
      newly_allowed: 0,
      newly_denied: 0,
      from_unknown: 0,
      by_edit: [],
      base_counts: { allowed: 812, denied: 160, unevaluable: 28 },
    });
    const md = body({ verdict: 'pass', failed: [], policies: [outcome(unchanged)] });
    expect(md.split('\n')[0]).toBe('## ✅ no request decided differently');
    expect(md).toContain('| allowed | 812 | 812 | 0 |');
    expect(md).not.toContain('**Why it fails**');
    expect(md).not.toContain('**By edit**');
  });

  it('says whose problem a blocker is', () => {
    const blocked = outcome(null, {
      blockers: [
        {
          rule: 'untrusted-evidence',
          file: 'traffic/gateway.jsonl',
          path: '',
          line: 1,
          column: 1,
          message: 'changed',
        },
        {
          rule: 'ambiguous-sample',
          file: 'traffic/gateway.jsonl',
          path: '',
          line: 1,
          column: 1,
          message: 'two',
        },
      ],
    });
    const md = body({ policies: [blocked], failed: [] });
    expect(md).toContain('- **untrusted-evidence** (caused by this pull request): changed');
    expect(md).toContain('- **ambiguous-sample** (an evidence problem not caused by this PR): two');
  });

  it('keeps hostile rule ids, subjects and tools inert everywhere', () => {
    const hostile = '##[error]x `y` | <details open> [z](https://e.example) @team';
    const r = exampleReport({
      changes: [change(0, hostile)],
      by_edit: [
        {
          edits: [{ rule: hostile, change: 'added' }],
          joint: false,
          newly_allowed: 1,
          newly_denied: 0,
          unknown_to_allow: 0,
          unknown_to_deny: 0,
          top: {
            calls: [{ method: hostile, tools: [hostile], count: 1 }],
            subjects: [{ subject: hostile, count: 1 }],
          },
        },
        {
          edits: [{ setting: 'default_effect', from: hostile, to: 'deny' }],
          joint: false,
          newly_allowed: 0,
          newly_denied: 1,
          unknown_to_allow: 0,
          unknown_to_deny: 0,
          top: { calls: [], subjects: [] },
        },
      ],
    });
    for (const md of [
      body({ policies: [outcome(r)], redactSubjects: false, flowchart: true }),
      body({ policies: [outcome(r)], summary: true }),
    ]) {
      expect(md).not.toContain('<details open> ');
      expect(md).not.toContain('](https://e.example');
      expect(md).not.toMatch(/(?<!\\)`y/);
      expect(md).not.toMatch(/@(?!\u200b)team/);
      // `##[` stays text: its `#` and `[` are escaped.
      expect(md).not.toMatch(/(?<!\\)##\[/);
      const tags = new Set([...md.matchAll(/<\/?([a-z]+)/gi)].map((m) => m[1]));
      expect(tags).toEqual(new Set(['details', 'summary']));
    }
  });
});

describe('fitting the comment', () => {
  it('keeps the flowchart when everything fits', () => {
    const render = (flowchart: boolean) => (budget: number) =>
      runMarkdownSections(options({ flowchart, maxRows: budget, maxGroupRows: 50 }));
    expect(fitComment(render, 0, 0, 0, null)).toContain('```mermaid');
  });

  it('drops the flowchart before any row or section when the comment would not fit with it', () => {
    const rows = (budget: number) => Array.from({ length: budget }, (_, i) => `row ${i}`).join('\n');
    const render = (flowchart: boolean) => (budget: number) => [
      '## headline',
      ...(flowchart ? ['```mermaid\n' + 'x'.repeat(70_000) + '\n```'] : []),
      rows(budget),
      'last section',
    ];
    const fitted = fitComment(render, 10, 5, 5, 'https://github.com/acme/policies/actions/runs/1');
    expect(fitted).not.toContain('mermaid');
    expect(fitted).toContain('row 9');
    expect(fitted).toContain('last section');
  });
});
