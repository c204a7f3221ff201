import type { ByEditRow, ReplayReport } from '../../src/replay/report/report.js';
import type { RunLinks } from '../../src/render/provenance.js';
import { report } from './fixtures.js';

/** A by_edit row (docs/action.md "The comment"). */
export function byEditRow(overrides: Partial<ByEditRow> = {}): ByEditRow {
  return {
    edits: [{ rule: 'allow-read-tools', change: 'modified' }],
    joint: false,
    newly_allowed: 23,
    newly_denied: 0,
    unknown_to_allow: 0,
    unknown_to_deny: 0,
    top: {
      calls: [{ method: 'tools/call', tools: ['write_file'], count: 15 }],
      subjects: [
        { subject: 'alice', count: 12 },
        { subject: null, count: 3 },
      ],
    },
    ...overrides,
  };
}

/** The example's five edits, as the rows the attribution gives them. */
export const EXAMPLE_ROWS: ByEditRow[] = [
  byEditRow(),
  byEditRow({
    edits: [{ rule: 'allow-reporting', change: 'modified' }],
    newly_allowed: 4,
    top: {
      calls: [{ method: 'tools/call', tools: ['run_query'], count: 4 }],
      subjects: [{ subject: 'dana', count: 4 }],
    },
  }),
  byEditRow({
    edits: [{ setting: 'on_missing_context', from: 'ignore', to: 'deny' }],
    newly_allowed: 0,
    newly_denied: 9,
    top: {
      calls: [{ method: 'tools/call', tools: ['list_dir'], count: 3 }],
      subjects: [{ subject: 'bob', count: 4 }],
    },
  }),
  byEditRow({
    edits: [
      { rule: 'deny-contractor-exports', change: 'added' },
      { rule: 'allow-finance-exports', change: 'removed' },
    ],
    joint: true,
    newly_allowed: 0,
    newly_denied: 1,
    top: {
      calls: [{ method: 'tools/call', tools: ['export_report'], count: 1 }],
      subjects: [{ subject: 'frank', count: 1 }],
    },
  }),
];

export const HEAD_SHA = '1'.repeat(40);
export const BASE_SHA = '2'.repeat(40);

export const LINKS: RunLinks = {
  repository: 'https://github.com/acme/policies',
  run: 'https://github.com/acme/policies/actions/runs/4242',
  judged: { against: 'base-tip', base_sha: BASE_SHA, head_sha: HEAD_SHA },
};

/** A report shaped like the example's: by_edit, base counts, the sample window, attribution. */
export function exampleReport(overrides: Partial<NonNullable<ReplayReport['result']>> = {}): ReplayReport {
  const r = report([], {
    changes_total: 37,
    newly_allowed: 27,
    newly_denied: 10,
    from_unknown: 0,
    rule_diff: {
      added: ['deny-contractor-exports'],
      added_rules: [
        { id: 'deny-contractor-exports', effect: 'deny', summary: 'tool in [export_report]', line: 140 },
      ],
      removed: ['allow-finance-exports'],
      removed_rules: [{ id: 'allow-finance-exports', effect: 'allow', summary: 'tool in [export_report]' }],
      modified: [
        {
          id: 'allow-read-tools',
          what: ['conditions'],
          line: 108,
          changes: [{ field: 'tool', op: 'in', added: ['fetch_url', 'write_file'], removed: [] }],
        },
        { id: 'allow-reporting', what: ['conditions'], line: 131, changes: [] },
      ],
      reordered: false,
      settings: [{ name: 'on_missing_context', from: 'ignore', to: 'deny', line: 3 }],
    },
    by_edit: EXAMPLE_ROWS,
    base_counts: { allowed: 790, denied: 182, unevaluable: 28 },
    sample_window: { first_at: '2026-11-23T08:01:12Z', last_at: '2026-11-29T22:41:29.548Z' },
    newly_unevaluable: { from_allow: 0, from_deny: 0, groups: [], groups_total: 0 },
    ...overrides,
  });
  r.meta.head!.path = 'policies/gateway.yaml';
  r.meta.base!.path = 'policies/gateway.yaml';
  r.meta.attribution = { method: 'counterfactual', edits: 5, max_edits: 64 };
  return r;
}
