import { describe, expect, it } from '@jest/globals';
import { coverageMarkdown } from '../../src/render/coverageMarkdown.js';
import { coverageLine, deniedByEdit } from '../../src/render/coverageSummary.js';
import { describeWitness } from '../../src/replay/witnessText.js';
import type { CoverageClass, CoverageSection } from '../../src/replay/report/report.js';

/** docs/coverage.md "Output": the comment's section from `result.coverage` alone. */

function kind(over: Partial<CoverageClass> & Pick<CoverageClass, 'key' | 'direction'>): CoverageClass {
  return {
    because: [{ rule: 'allow-read', change: 'modified' }],
    joint: false,
    base_by: { by: 'default', rules: [] },
    head_by: { by: 'allow_rules', rules: ['allow-read'] },
    covered_by: 0,
    example: null,
    witness: { id: 'witness-001', description: 'tools/call delete_file, at 2026-11-23T00:00:00Z' },
    ...over,
  };
}

function section(classes: CoverageClass[], over: Partial<CoverageSection> = {}): CoverageSection {
  const count = (direction: CoverageClass['direction']) => {
    const of = classes.filter((c) => c.direction === direction);
    return { kinds: of.length, covered: of.filter((c) => c.covered_by > 0).length };
  };
  return {
    mode: 'exact',
    shape: 'mcp',
    time: { exact: true, horizon: null },
    records: { placed: 10, partial: 0, outside_mcp_shape: 0 },
    kinds: classes.length,
    newly_allowed: count('newly_allowed'),
    newly_denied: count('newly_denied'),
    classes,
    classes_total: classes.length,
    not_analysed: [],
    ...over,
  };
}

const NO_LINKS = { head: null, open: false };

describe('the comment section "Beyond the sample"', () => {
  const unseen = kind({ key: 'a', direction: 'newly_allowed' });
  const seen = kind({
    key: 'b',
    direction: 'newly_allowed',
    covered_by: 4,
    example: 'req-1',
    witness: { id: 'witness-002', description: 'tools/call read_file' },
  });
  const revoke = { rule: 'allow-export', change: 'removed' } as const;
  const denied = (key: string, covered_by: number, id: string) =>
    kind({
      key,
      direction: 'newly_denied',
      because: [revoke],
      base_by: { by: 'allow_rules', rules: ['allow-export'] },
      head_by: { by: 'default', rules: [] },
      covered_by,
      witness: { id, description: 'tools/call export_report' },
    });

  it('says in one line how many kinds change, how many are newly allowed, how many never in the sample', () => {
    const s = section([unseen, seen, denied('c', 0, 'witness-003')]);
    expect(coverageLine(s)).toBe('3 kinds of request change; 2 newly allowed, 1 of them never in the sample');
    expect(coverageLine(section([seen]))).toBe(
      '1 kind of request change; 1 newly allowed, all of them in the sample',
    );
    expect(coverageLine(section([denied('c', 0, 'w')]))).toBe('1 kind of request change; none newly allowed');
  });

  it('tables the unseen newly allowed kinds with their witness, then the unseen newly denied by edit', () => {
    const s = section([
      unseen,
      seen,
      denied('c', 0, 'witness-003'),
      denied('d', 2, 'witness-004'),
      denied('e', 0, 'witness-005'),
    ]);
    const text = coverageMarkdown(s, null, NO_LINKS)!;
    const lines = text.split('\n');
    const allowed = lines.indexOf('| head allows by | base decided by | witness |');
    expect(lines.slice(allowed + 2, allowed + 4)).toEqual([
      '| allow rule allow-read | the default | `witness-001` tools/call delete\\_file, at 2026-11-23T00:00:00Z |',
      '',
    ]);
    const byEdit = lines.indexOf('| edit | kinds never in the sample | kinds seen | one example |');
    expect(lines[byEdit + 2]).toBe(
      '| allow-export \\(removed\\) | 2 | 1 | `witness-003` tools/call export\\_report |',
    );
    expect(text).toContain('<details><summary>Every kind of changed request: 5</summary>');
    expect(deniedByEdit(s)).toHaveLength(1);
    // A comment that must shrink shows fewer kinds in the fold, and says so; the tables above stay.
    const fewer = coverageMarkdown(s, null, { ...NO_LINKS, rows: 2 })!;
    expect(fewer).toContain('<details><summary>Every kind of changed request: 5, showing 2</summary>');
    expect(fewer).toContain('| allow rule allow-read | the default | `witness-001`');
    expect(coverageMarkdown(s, null, { ...NO_LINKS, rows: 0 })).not.toContain('<details>');
  });

  it('warns when the analysis was capped or not done, and shows nothing when nothing changes', () => {
    const capped = coverageMarkdown(
      section([unseen], { mode: 'capped', not_analysed: ['past 4,000,000 nodes'] }),
      null,
      NO_LINKS,
    )!;
    expect(capped).toContain(
      '**Beyond the sample:** at least 1 kind of request change; 1 newly allowed, 1 of them never in the sample.',
    );
    expect(capped).toContain(
      '⚠️ the analysis stopped at its limit, so there may be more kinds: past 4,000,000 nodes',
    );
    expect(coverageLine(section([], { mode: 'capped', not_analysed: ['past 2,000,000 nodes'] }))).toBe(
      'at least 0 kinds of request change; no newly allowed kind found before the limit',
    );
    const none = coverageMarkdown(
      section([], { mode: 'not_analysed', not_analysed: ['overlapping paths: claim:a'] }),
      null,
      NO_LINKS,
    )!;
    expect(none).toContain('**Beyond the sample:** the kinds of request that change were not analysed.');
    expect(none).toContain('⚠️ the analysis was not done: overlapping paths: claim:a');
    expect(coverageMarkdown(section([]), null, NO_LINKS)).toBeNull();
    expect(coverageMarkdown(null, null, NO_LINKS)).toBeNull();
  });

  it('escapes what a policy names: rule ids and witness values cannot become markup or mentions', () => {
    const hostile = kind({
      key: 'x',
      direction: 'newly_allowed',
      head_by: { by: 'allow_rules', rules: ['<img src=x>|@admin'] },
      witness: { id: 'witness-001', description: 'tools/call [click](https://evil.example) <script>' },
    });
    const text = coverageMarkdown(section([hostile]), null, NO_LINKS)!;
    expect(text).not.toMatch(/<img|<script|\[click\]\(|@admin/);
    expect(text).toContain('&lt;img src=x&gt;\\|@\u200badmin');
  });
});

describe('a witness in one line', () => {
  it('counts runs of equal calls and leaves out the values no policy names', () => {
    const line = describeWitness({
      request_id: 'witness-001',
      input: {
        request: {
          time: '2026-11-23T17:30:00Z',
          http: { host: 'mcp.example.net', path: 'other-http-path-1' },
          jsonrpc: { is_batch: true, unparsable_calls: 0 },
          mcp: {
            calls: [
              { method: 'tools/call', tool: 'deploy' },
              { method: 'tools/call', tool: 'deploy' },
              { method: 'tools/call', tool: 'other-tool-1' },
            ],
          },
        },
        identity: {
          verified: false,
          attributes_resolved: true,
          subject: 'other-subject-1',
          groups: ['other-group-1', 'ops'],
        },
      },
    });
    expect(line).toBe(
      '2 × tools/call deploy; tools/call, http.host=mcp.example.net, a batch, verified=false, groups=[ops], at 2026-11-23T17:30:00Z',
    );
  });
});
