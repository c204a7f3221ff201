import type { Change, ReplayReport } from '../../src/replay/report/report.js';

/** Values an attacker could put in traffic (request ids, subjects, tool names). */
export const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '[x](https://evil.example)',
  '![img](https://evil.example/a.png)',
  '@octocat',
  '**b**',
  '_i_',
  '| a |',
  '`code`',
  '```',
  'line1\nline2\r\nline3',
  'https://evil.example',
  'www.evil.example',
  'abc\u202Egnp.exe',
  '\u2066isolate\u2069',
  '<script>alert(1)</script>',
  '&lt;b&gt;',
  '~~strike~~',
  '# heading',
  '> quote',
  '\\|',
  '<https://evil.example>',
  'mailto:a@evil.example',
  '\u001b[31mred\u001b[0m',
  'x'.repeat(500),
];

export function change(i: number, value: string, extra: Partial<Change> = {}): Change {
  return {
    request_id: value,
    occurred_at: '2026-11-27T09:00:00Z',
    subject: value,
    method: value,
    tools: [value, `plain-${i}`],
    current_decision: 'deny',
    draft_decision: 'allow',
    matched_rule_ids: ['allow-ops'],
    ...extra,
  };
}

export function report(
  changes: Change[],
  overrides: Partial<NonNullable<ReplayReport['result']>> = {},
): ReplayReport {
  return {
    meta: {
      tool: 'policy-replay',
      version: '0.1.0',
      opa_version: '1.22.3',
      status: 'changed',
      head: { path: 'policies/acme.yaml', sha256: 'a'.repeat(64) },
      base: { path: 'policies/acme.yaml', sha256: 'b'.repeat(64), ref: 'abc123' },
      traffic: {
        path: 'traffic/sample.jsonl',
        sha256: 'c'.repeat(64),
        format: 'records',
        files: [{ path: 'traffic/sample.jsonl', sha256: 'c'.repeat(64), count: 1003 }],
      },
      skipped: { non_decision: 0, other_path: 0 },
      since: null,
      limit: null,
      excluded_without_time: 0,
      max_changes: 50,
      max_groups: 50,
      unevaluable_mode: 'precise',
    },
    errors: [],
    result: {
      evaluated: 1000,
      allowed: 812,
      denied: 160,
      unevaluable: 28,
      unevaluable_by_reading: 28,
      unevaluable_reasons: ['claims_unavailable', 'time_not_recorded'],
      unevaluable_by_reason: { claims_unavailable: 21, time_not_recorded: 9 },
      changes,
      changes_total: 57,
      newly_allowed: 12,
      newly_denied: 40,
      from_unknown: 5,
      rule_diff: {
        added: [],
        added_rules: [],
        removed: [],
        removed_rules: [],
        modified: [],
        reordered: false,
        settings: [],
      },
      change_groups: [],
      change_groups_total: 0,
      rule_hits: { 'no-shell': 160, 'allow-ops': 300, 'never-hit': 0 },
      malformed: { count: 3, examples: [{ line: 7, reason: 'not JSON' }] },
      recorded_mismatch: 2,
      ...overrides,
    },
  };
}
