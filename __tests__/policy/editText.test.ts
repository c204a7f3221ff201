import { describe, it, expect } from '@jest/globals';
import { editLine, editText, MAX_LISTED_VALUES } from '../../src/policy/editText.js';
import { editsOf, type Edit } from '../../src/policy/edits.js';
import { policyLines } from '../../src/policy/policyLines.js';
import { ruleDiff, type RuleDiff } from '../../src/policy/ruleDiff.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import type { Policy } from '../../src/policy/schema.js';

/** docs/explain.md "An edit in one line". */

function policy(yaml: string): Policy {
  const result = validatePolicyText(yaml, 'p.yaml', 'yaml');
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('; '));
  return result.policy;
}

const BASE = `default_effect: deny
on_missing_context: ignore
rules:
  - id: allow-read-tools
    effect: allow
    conditions:
      - { field: tool, operator: in, values: [read_file, list_dir] }
  - id: allow-deploys-office-hours
    effect: allow
    conditions:
      - { field: tool, operator: in, values: [deploy] }
    active_window: { days: [mon, tue, wed, thu, fri], from: '09:00', to: '17:30', timezone: Europe/London }
  - id: allow-finance-exports
    effect: allow
    conditions:
      - { field: group, operator: in, values: [finance] }
`;

/** Each edit of base → head with its line and text. */
function described(head: string, base = BASE): { text: string; line: number | null }[] {
  const diff = ruleDiff(policy(base), policy(head), policyLines(head, 'yaml'));
  return editsOf(diff).map((edit) => ({ text: editText(edit, diff), line: editLine(edit, diff) }));
}

const edit = (from: string, to: string, text = BASE) => {
  expect(text).toContain(from);
  return text.replace(from, to);
};

describe('an edit in one line', () => {
  it('values added and removed; the operator said only when it is not `in`', () => {
    expect(described(edit('[read_file, list_dir]', '[read_file, list_dir, write_file, fetch_url]'))).toEqual([
      { text: 'allow-read-tools: tool + fetch_url, write_file', line: 4 },
    ]);
    expect(described(edit('[read_file, list_dir]', '[read_file, exec]'))).toEqual([
      { text: 'allow-read-tools: tool + exec \u2212 list_dir', line: 4 },
    ]);
    const notIn = edit('operator: in, values: [read_file, list_dir]', 'operator: not_in, values: [x]');
    expect(
      described(edit('operator: not_in, values: [x]', 'operator: not_in, values: [x, y]', notIn), notIn),
    ).toEqual([{ text: 'allow-read-tools: tool not_in + y', line: 4 }]);
  });

  it('an operator changed, a condition added or removed, the effect; several joined by "; "', () => {
    const head = edit(
      `    effect: allow
    conditions:
      - { field: tool, operator: in, values: [read_file, list_dir] }`,
      `    effect: deny
    conditions:
      - { field: tool, operator: not_in, values: [read_file, list_dir] }
      - { field: subject, operator: not_in, values: [bob, "a, b"] }`,
    );
    expect(described(head)).toEqual([
      {
        text: 'allow-read-tools: effect allow → deny; + subject not_in [bob, "a, b"]; tool in → not_in',
        line: 4,
      },
    ]);
    const removed = edit(
      '      - { field: group, operator: in, values: [finance] }',
      '      - { field: tool, operator: in, values: [x] }',
    );
    expect(described(removed)).toEqual([
      { text: 'allow-finance-exports: \u2212 group in [finance]; + tool in [x]', line: 13 },
    ]);
  });

  it('only the parts of a window that changed', () => {
    const windowed = (to: string) =>
      described(
        edit("{ days: [mon, tue, wed, thu, fri], from: '09:00', to: '17:30', timezone: Europe/London }", to),
      );
    expect(
      windowed("{ days: [mon, tue, wed, thu, fri], from: '09:00', to: '18:00', timezone: Europe/London }"),
    ).toEqual([{ text: 'allow-deploys-office-hours: window 17:30 → 18:00', line: 8 }]);
    expect(
      windowed("{ days: [mon, tue, wed, thu, fri], from: '08:00', to: '17:30', timezone: Europe/London }")[0]!
        .text,
    ).toBe('allow-deploys-office-hours: window start 09:00 → 08:00');
    expect(
      windowed("{ days: [mon, tue, wed, thu, fri, sat], from: '08:00', to: '18:00', timezone: UTC }")[0]!
        .text,
    ).toBe(
      'allow-deploys-office-hours: window days mon-fri → mon-sat, 09:00-17:30 → 08:00-18:00, zone Europe/London → UTC',
    );
    const none = described(
      edit(
        "\n    active_window: { days: [mon, tue, wed, thu, fri], from: '09:00', to: '17:30', timezone: Europe/London }",
        '',
      ),
    );
    expect(none[0]!.text).toBe(
      'allow-deploys-office-hours: window mon-fri 09:00-17:30 Europe/London → (none)',
    );
  });

  it('added and removed rules with their effect, a setting with its values; their lines', () => {
    const head = edit('on_missing_context: ignore', 'on_missing_context: deny')
      .replace(/ {2}- id: allow-finance-exports[\s\S]*$/, '')
      .concat(
        '  - id: deny-contractor-exports\n    effect: deny\n    conditions: [{ field: group, operator: in, values: [contractors] }]\n',
      );
    expect(described(head)).toEqual([
      { text: 'deny-contractor-exports (added, deny)', line: 13 },
      { text: 'allow-finance-exports (removed, allow)', line: null },
      { text: 'on_missing_context: ignore → deny', line: 2 },
    ]);
    const diff = ruleDiff(null, policy(BASE));
    expect(editText({ setting: 'default_effect', from: null, to: 'deny' }, diff)).toBe(
      'default_effect: (none) → deny',
    );
    // Without the head's text there are no lines.
    expect(editsOf(diff).map((e) => editLine(e, diff))).toEqual([null, null, null, null, null]);
  });

  it('cuts long lists, and keeps the line whole whatever the values hold', () => {
    const many = Array.from({ length: MAX_LISTED_VALUES + 3 }, (_, i) => `v${String(i).padStart(2, '0')}`);
    const [line] = described(edit('[read_file, list_dir]', `[read_file, list_dir, ${many.join(', ')}]`));
    expect(line!.text).toBe(
      `allow-read-tools: tool + ${many.slice(0, MAX_LISTED_VALUES).join(', ')}, … (3 more)`,
    );
    const [quoted] = described(edit('[read_file, list_dir]', '[read_file, list_dir, "two\\nlines\\u2028"]'));
    expect(quoted!.text).toBe('allow-read-tools: tool + "two\\nlines\\u2028"');
    // A diff from anywhere else (a hand-edited report) cannot break the line either.
    const forged: RuleDiff = {
      added: ['evil\nid'],
      added_rules: [{ id: 'evil\nid', effect: 'allow', summary: '', line: 1 }],
      removed: [],
      removed_rules: [],
      modified: [],
      reordered: false,
      settings: [],
    };
    const added: Edit = { rule: 'evil\nid', change: 'added' };
    expect(editText(added, forged)).toBe('evil\ufffdid (added, allow)');
  });
});
