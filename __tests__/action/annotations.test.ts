import { describe, it, expect, jest } from '@jest/globals';
import {
  capAnnotations,
  changeAnnotations,
  emitAnnotations,
  inert,
  type ChangeAnnotation,
} from '../../src/action/annotations.js';
import type { GroupTally } from '../../src/replay/report/changeGroups.js';
import type { BecauseEntry, ChangeDirection } from '../../src/replay/report/report.js';

/** docs/explain.md "Annotations": where each one lands, its severity, count and text. */

function tally(
  direction: ChangeDirection,
  count: number,
  because: BecauseEntry[],
  subjects: (string | null)[],
  kind: { method?: string | null; tools?: string[] } = {},
): GroupTally {
  const counts = new Map<string | null, number>();
  subjects.forEach((s, i) =>
    counts.set(s, (counts.get(s) ?? 0) + (i === 0 ? count - subjects.length + 1 : 1)),
  );
  return {
    group: {
      direction,
      count,
      head_rules: [],
      base_rules: [],
      method: kind.method === undefined ? 'tools/call' : kind.method,
      tools: kind.tools ?? ['write_file'],
      subjects: { distinct: counts.size, top: [] },
      first_at: null,
      last_at: null,
      examples: [],
      because,
      joint: false,
    },
    subjects: counts,
  };
}

const YAML = `# policy
default_effect: deny
rules:
  - id: allow-read
    effect: allow
    conditions: [{ field: tool, operator: in, values: [read_file] }]
  - description: the id need not come first
    id: deny-shell
    effect: deny
    conditions: [{ field: tool, operator: in, values: [run_shell] }]
`;

const modified = (rule: string): BecauseEntry => ({ rule, change: 'modified' });

describe('annotations on the edited rules', () => {
  it('one per rule: a warning counting what it newly allows, at the line of its id key', () => {
    const out = changeAnnotations({
      headPath: 'policies/p.yaml',
      headText: YAML,
      basePath: 'policies/p.yaml',
      groups: [
        tally('newly_allowed', 5, [modified('allow-read')], ['alice', 'bob']),
        tally('unknown_to_allow', 2, [modified('allow-read')], ['alice', 'carol'], { tools: ['fetch_url'] }),
        // Its denials are left out of a warning's count.
        tally('newly_denied', 7, [modified('allow-read')], ['dave']),
        tally('newly_denied', 3, [{ rule: 'deny-shell', change: 'added' }], [null, 'erin'], {
          method: null,
          tools: [],
        }),
      ],
    });
    expect(out).toEqual([
      {
        severity: 'warning',
        file: 'policies/p.yaml',
        line: 4,
        title: 'policy-replay: allow-read newly allows requests',
        message:
          'allow-read (modified): newly allows 7 requests from 3 subjects — tools/call write_file and 1 other kind of request',
        requests: 7,
        name: 'allow-read',
      },
      {
        severity: 'notice',
        file: 'policies/p.yaml',
        line: 8,
        title: 'policy-replay: deny-shell newly denies requests',
        message: 'deny-shell (added): newly denies 3 requests from 2 subjects — no MCP call',
        requests: 3,
        name: 'deny-shell',
      },
    ]);
  });

  it('a removed rule: the head file without a line, or the base path when the file is deleted', () => {
    const groups = [tally('newly_denied', 1, [{ rule: 'gone', change: 'removed' }], ['a'])];
    const kept = changeAnnotations({ headPath: 'p.yaml', headText: YAML, basePath: 'p.yaml', groups });
    expect(kept.map((a) => [a.file, a.line])).toEqual([['p.yaml', null]]);
    const deleted = changeAnnotations({ headPath: null, headText: null, basePath: 'old/p.yaml', groups });
    expect(deleted.map((a) => [a.file, a.line])).toEqual([['old/p.yaml', null]]);
  });

  it('a setting at its key, in YAML and JSON; a left-out key on the file without a line', () => {
    const setting = (name: 'default_effect' | 'on_missing_context'): BecauseEntry => ({
      setting: name,
      from: name === 'default_effect' ? 'allow' : 'ignore',
      to: 'deny',
    });
    const groups = [
      tally('newly_denied', 2, [setting('default_effect')], ['a']),
      tally('newly_denied', 1, [setting('on_missing_context')], ['a']),
    ];
    const yaml = changeAnnotations({ headPath: 'p.yaml', headText: YAML, basePath: 'p.yaml', groups });
    expect(yaml.map((a) => [a.name, a.line, a.message])).toEqual([
      [
        'default_effect',
        2,
        'default_effect (allow → deny): newly denies 2 requests from 1 subject — tools/call write_file',
      ],
      [
        'on_missing_context',
        null,
        'on_missing_context (ignore → deny): newly denies 1 request from 1 subject — tools/call write_file',
      ],
    ]);
    const json = JSON.stringify({ rules: [], on_missing_context: 'deny', default_effect: 'deny' }, null, 2);
    const fromJson = changeAnnotations({
      headPath: 'p.json',
      headText: `\ufeff${json}`,
      basePath: 'p.json',
      groups,
    });
    expect(fromJson.map((a) => [a.name, a.line])).toEqual([
      ['default_effect', 4],
      ['on_missing_context', 3],
    ]);
  });

  it('keeps at most 10 per severity across the run, largest first', () => {
    const many: ChangeAnnotation[] = Array.from({ length: 25 }, (_, i) => ({
      severity: i % 2 === 0 ? 'warning' : 'notice',
      file: 'p.yaml',
      line: i + 1,
      title: 't',
      message: `m${i}`,
      requests: (i * 7) % 25,
      name: `r${String(i).padStart(2, '0')}`,
    }));
    const kept = capAnnotations(many);
    const warnings = kept.filter((a) => a.severity === 'warning');
    const notices = kept.filter((a) => a.severity === 'notice');
    expect(warnings).toHaveLength(10);
    expect(notices).toHaveLength(10);
    expect(kept.slice(0, 10)).toEqual(warnings);
    const largest = (severity: string) =>
      many
        .filter((a) => a.severity === severity)
        .map((a) => a.requests)
        .sort((a, b) => b - a)
        .slice(0, 10);
    expect(warnings.map((a) => a.requests)).toEqual(largest('warning'));
    expect(notices.map((a) => a.requests)).toEqual(largest('notice'));
  });

  it('traffic text cannot start a workflow command or break the annotation format', () => {
    expect(inert('a\n::error::x\r##[group]y\u2028z')).toBe('a\ufffd::error::x\ufffd#\u200b#[group]y\ufffdz');
    expect([...inert('x'.repeat(500))].length).toBe(100);
    const written: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      emitAnnotations([
        {
          severity: 'notice',
          file: 'policies/a,b:c%.yaml',
          line: 3,
          title: 'policy-replay: r newly denies requests',
          message: 'r (added): 100% — tools/call x\ny',
          requests: 1,
          name: 'r',
        },
        {
          severity: 'warning',
          file: 'policies/##[x].yaml',
          line: 3,
          title: 't',
          message: 'm',
          requests: 1,
          name: 's',
        },
      ]);
    } finally {
      spy.mockRestore();
    }
    const lines = written
      .join('')
      .split(/\r?\n/)
      .filter((l) => l !== '');
    expect(lines).toEqual([
      '::notice title=policy-replay%3A r newly denies requests,file=policies/a%2Cb%3Ac%25.yaml,line=3::r (added): 100% — tools/call x%0Ay'.replace(
        '100%',
        '100%25',
      ),
      // A path the runner could read as a command is not attached to the annotation.
      '::warning title=t::m',
    ]);
  });
});
