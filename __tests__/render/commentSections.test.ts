import { describe, expect, it } from '@jest/globals';
import { byEditMarkdown } from '../../src/render/byEditTable.js';
import { countsTable } from '../../src/render/countsTable.js';
import { editFlowchart, mermaidLabel } from '../../src/render/editFlowchart.js';
import { headline, headlineTotals, type HeadlineTotals } from '../../src/render/headline.js';
import type { RegoReport } from '../../src/regoReplay/regoReport.js';
import { blobUrl, repositoryUrl, runUrl } from '../../src/render/links.js';
import { NO_LINKS, provenanceLine } from '../../src/render/provenance.js';
import { subjectShown } from '../../src/render/subjects.js';
import { warningsMarkdown } from '../../src/render/warnings.js';
import { whyItFailsMarkdown } from '../../src/render/whyItFails.js';
import { BASE_SHA, EXAMPLE_ROWS, HEAD_SHA, LINKS, byEditRow, exampleReport } from './commentFixtures.js';

/** docs/action.md "The comment": each section of the decision-first comment on its own. */

const TOTALS: HeadlineTotals = {
  evaluated: 1000,
  changes: 0,
  newlyAllowed: 0,
  newlyDenied: 0,
  fromUnknown: 0,
  newlyUnevaluable: 0,
  uncoveredNewlyAllowed: 0,
  invalid: 0,
};
const pr = (rule: string) => ({ rule, cause: 'pull-request' as const });
const evidence = (rule: string) => ({ rule, cause: 'evidence' as const });

describe('the headline', () => {
  it('leads a failure with the newly allowed count, over every other failed rule', () => {
    const totals = { ...TOTALS, changes: 400, newlyAllowed: 386, newlyDenied: 14 };
    expect(
      headline({
        verdict: 'fail',
        failures: [pr('newly-denied'), evidence('blocking-gaps'), pr('newly-allowed')],
        totals,
      }),
    ).toBe('❌ 386 requests newly allowed — review needed');
    expect(
      headline({ verdict: 'fail', failures: [pr('newly-allowed')], totals: { ...totals, newlyAllowed: 1 } }),
    ).toBe('❌ 1 request newly allowed — review needed');
  });

  it('leads with the unseen newly allowed kinds when no sampled request is newly allowed', () => {
    const totals = { ...TOTALS, changes: 4, newlyDenied: 4, uncoveredNewlyAllowed: 3 };
    const failures = [pr('newly-denied'), pr('uncovered-newly-allowed')];
    expect(headline({ verdict: 'fail', failures, totals })).toBe(
      '❌ 3 kinds of request newly allowed that the sample never contained — review needed',
    );
    expect(headline({ verdict: 'fail', failures, totals: { ...totals, uncoveredNewlyAllowed: 1 } })).toBe(
      '❌ 1 kind of request newly allowed that the sample never contained — review needed',
    );
    expect(headline({ verdict: 'fail', failures, totals: { ...totals, uncoveredNewlyAllowed: 0 } })).toBe(
      '❌ the coverage analysis could not rule out unseen newly allowed requests — review needed',
    );
    // Requests the sample shows newly allowed still lead.
    expect(
      headline({
        verdict: 'fail',
        failures: [...failures, pr('newly-allowed')],
        totals: { ...totals, newlyAllowed: 2 },
      }),
    ).toBe('❌ 2 requests newly allowed — review needed');
  });

  it('says no request decided differently when the run passes unchanged', () => {
    expect(headline({ verdict: 'pass', failures: [], totals: TOTALS })).toBe(
      '✅ no request decided differently',
    );
    expect(headline({ verdict: 'pass', failures: [], totals: { ...TOTALS, newlyUnevaluable: 3 } })).toBe(
      '✅ no request decided differently; 3 requests the head can no longer judge',
    );
  });

  it("counts a Rego report's changes as the gate does, and its changed results alone apart", () => {
    const rego = {
      meta: {},
      errors: [],
      result: {
        evaluated: 10,
        changes_total: 6,
        newly_allowed: 1,
        newly_denied: 0,
        from_unknown: 2,
        result_changed: 3,
        newly_unevaluable: null,
        evaluation: {},
      },
    } as unknown as RegoReport;
    const totals = headlineTotals([rego]);
    expect({ changes: totals.changes, other: totals.otherChanges }).toEqual({ changes: 3, other: 3 });
    expect(
      headline({
        verdict: 'pass',
        failures: [],
        totals: { ...totals, changes: 0, newlyAllowed: 0, fromUnknown: 0 },
      }),
    ).toBe('✅ no request decided differently; 3 requests with a changed result');
  });

  it('names changes the gate let through, and newly denied, changes or an invalid policy when they fail', () => {
    const denied = { ...TOTALS, changes: 9, newlyDenied: 9 };
    expect(headline({ verdict: 'pass', failures: [], totals: denied })).toBe(
      '✅ 9 requests newly denied — within the gate',
    );
    expect(
      headline({ verdict: 'pass', failures: [], totals: { ...denied, changes: 12, fromUnknown: 3 } }),
    ).toBe('✅ 12 requests decided differently (9 newly denied, 3 from unknown) — within the gate');
    expect(headline({ verdict: 'fail', failures: [pr('newly-denied')], totals: denied })).toBe(
      '❌ 9 requests newly denied — review needed',
    );
    expect(
      headline({
        verdict: 'fail',
        failures: [pr('changes')],
        totals: { ...TOTALS, changes: 5, fromUnknown: 5 },
      }),
    ).toBe('❌ 5 requests decided differently — review needed');
    expect(
      headline({ verdict: 'fail', failures: [pr('invalid-policy')], totals: { ...TOTALS, invalid: 1 } }),
    ).toBe('❌ invalid policy — nothing replayed');
    expect(headline({ verdict: 'fail', failures: [pr('untrusted-evidence')], totals: TOTALS })).toBe(
      '❌ this pull request changes the evidence that gates it — not judged',
    );
  });

  it('does not blame the pull request for evidence problems or a failed replay', () => {
    expect(headline({ verdict: 'fail', failures: [evidence('blocking-gaps')], totals: TOTALS })).toBe(
      '❌ evidence problem not caused by this pull request — no request decided differently',
    );
    expect(
      headline({
        verdict: 'fail',
        failures: [evidence('malformed')],
        totals: { ...TOTALS, changes: 2, newlyDenied: 2 },
      }),
    ).toBe('❌ evidence problem not caused by this pull request — 2 requests decided differently');
    expect(
      headline({
        verdict: 'fail',
        failures: [{ rule: 'replay-failed', cause: 'error' }, evidence('no-traffic')],
        totals: TOTALS,
      }),
    ).toBe('❌ could not be judged — the replay failed');
  });
});

describe('the provenance line', () => {
  it('names the policy, the merge commit and base tip, the sample, its window and digest, and the run', () => {
    const line = provenanceLine(exampleReport(), LINKS);
    expect(line).toBe(
      [
        '**policies/gateway.yaml**',
        `head [\`1111111\`](https://github.com/acme/policies/commit/${HEAD_SHA}) (the merge commit) against base [\`2222222\`](https://github.com/acme/policies/commit/${BASE_SHA}) (the base branch tip)`,
        'sample traffic/sample.jsonl (1,003 records, 2026-11-23 08:01:12Z – 2026-11-29 22:41:29Z, sha256 `cccccccccccc`)',
        '[workflow run](https://github.com/acme/policies/actions/runs/4242)',
      ].join(' · '),
    );
  });

  it('says when the head commit was judged against the merge base, and links nothing without a repository', () => {
    const line = provenanceLine(exampleReport(), {
      ...LINKS,
      judged: { ...LINKS.judged!, against: 'merge-base' },
    });
    expect(line).toContain("(the pull request's head: no merge commit) against base");
    expect(line).toContain('(the merge base)');
    const cli = provenanceLine(exampleReport(), NO_LINKS);
    expect(cli).not.toContain('](');
    expect(cli).toContain('base `abc123`');
  });

  it('escapes a hostile policy path and sample path, and says what a rename or a new policy is', () => {
    const r = exampleReport();
    r.meta.head!.path = 'policies/[x](https://evil.example)<img>.yaml';
    r.meta.traffic.path = 'traffic/`|##[warning]x.jsonl';
    r.meta.status = 'added';
    const line = provenanceLine(r, NO_LINKS, 'policies/@old.yaml');
    expect(line).not.toMatch(/<img|\]\(|:\/\/|(?<!\\)`\||(?<!\\)\|/);
    expect(line).toContain('renamed from policies/@\u200bold.yaml; new: no base');
  });
});

describe('base | head | Δ', () => {
  it('lists allowed, denied and unevaluable on both sides with signed deltas', () => {
    expect(countsTable(exampleReport()).split('\n')).toEqual([
      '| of 1,000 replayed | base | head | Δ |',
      '|---|---:|---:|---:|',
      '| allowed | 790 | 812 | +22 |',
      '| denied | 182 | 160 | \u221222 |',
      '| unevaluable (the recorded data cannot decide it) | 28 | 28 | 0 |',
    ]);
  });
});

describe('by edit', () => {
  const head = { repository: LINKS.repository, sha: HEAD_SHA, path: 'policies/gateway.yaml' };
  const subjectName = (s: string | null) => subjectShown(s, false);
  const r = exampleReport();
  const table = (rows = EXAMPLE_ROWS, max = 10) =>
    byEditMarkdown(rows, r.result!.rule_diff, r.meta.attribution, { rows: max, subjectName, head })!;

  it('has one row per cause set, each edit linked to its line in the head file at the head commit', () => {
    const lines = table().split('\n');
    expect(lines[0]).toBe('**By edit** (showing 4 of 4, most newly allowed first)');
    expect(lines[2]).toBe('| edit | newly allowed | newly denied | from unknown | mostly |');
    expect(lines[4]).toBe(
      `| [allow-read-tools: tool + fetch\\_url, write\\_file](https://github.com/acme/policies/blob/${HEAD_SHA}/policies/gateway.yaml#L108) | **23** | 0 | 0 | tools/call write\\_file (15); alice (12), (none) (3) |`,
    );
    expect(lines[6]).toBe(
      `| [on\\_missing\\_context: ignore → deny](https://github.com/acme/policies/blob/${HEAD_SHA}/policies/gateway.yaml#L3) | 0 | 9 | 0 | tools/call list\\_dir (3); bob (4) |`,
    );
    // A removed rule has no line in the head file: named, not linked.
    expect(lines[7]).toContain(
      `| [deny-contractor-exports \\(added, deny\\)](https://github.com/acme/policies/blob/${HEAD_SHA}/policies/gateway.yaml#L140) + allow-finance-exports \\(removed, allow\\), together |`,
    );
  });

  it('is capped like the groups, saying how many of how many', () => {
    const lines = table(EXAMPLE_ROWS, 2).split('\n');
    expect(lines[0]).toBe('**By edit** (showing 2 of 4, most newly allowed first)');
    expect(lines.filter((l) => l.startsWith('| ['))).toHaveLength(2);
    expect(byEditMarkdown([], null, undefined, { rows: 5, subjectName, head })).toBeNull();
  });

  it('keeps hostile rule ids, tools and subjects inert, and encodes the path in the link', () => {
    const hostile = '`x` | <details> ##[error]boom [a](https://e.example) @team';
    const rows = [
      byEditRow({
        edits: [{ rule: hostile, change: 'modified' }],
        top: {
          calls: [{ method: hostile, tools: [hostile], count: 1 }],
          subjects: [{ subject: hostile, count: 1 }],
        },
      }),
    ];
    const diff = {
      ...r.result!.rule_diff!,
      modified: [{ id: hostile, what: ['conditions'], line: 3 }] as never,
    };
    const md = byEditMarkdown(rows, diff, undefined, {
      rows: 5,
      subjectName,
      head: { ...head, path: 'policies/a (b)#c.yaml' },
    })!;
    const row = md.split('\n')[4]!;
    // Five cells: no pipe from the text splits a row.
    expect(row.split(/(?<!\\)\|/).slice(1, -1)).toHaveLength(5);
    expect(row).not.toMatch(/<details>|(?<!\\)`|@(?!\u200b)|##\[(?!error)/);
    expect(row).not.toContain('](https://e.example');
    expect(row).toContain(
      `](https://github.com/acme/policies/blob/${HEAD_SHA}/policies/a%20%28b%29%23c.yaml#L3)`,
    );
  });

  it('says when the attribution fell back to the matched rules', () => {
    const md = byEditMarkdown(
      EXAMPLE_ROWS,
      null,
      { method: 'syntactic', edits: 80, max_edits: 64 },
      {
        rows: 5,
        subjectName,
        head: null,
      },
    )!;
    expect(md).toContain('this change has 80 edits, more than the 64 counterfactual attribution handles');
  });
});

describe('the flowchart', () => {
  it('draws each cause set to newly allowed and newly denied with the counts, when two or more changed', () => {
    const chart = editFlowchart(EXAMPLE_ROWS, null, 10)!;
    expect(chart.split('\n')).toEqual([
      '```mermaid',
      'flowchart LR',
      '  e0["allow-read-tools modified"]',
      '  e0 -->|23| allowed',
      '  e1["allow-reporting modified"]',
      '  e1 -->|4| allowed',
      '  e2["on_missing_context: ignore to deny"]',
      '  e2 -->|9| denied',
      '  e3["deny-contractor-exports added + allow-finance-exports removed together"]',
      '  e3 -->|1| denied',
      '  allowed(["newly allowed"])',
      '  denied(["newly denied"])',
      '```',
    ]);
    expect(editFlowchart(EXAMPLE_ROWS.slice(0, 1), null, 10)).toBeNull();
  });

  it('keeps only plain ASCII in labels, so policy text cannot leave its node', () => {
    for (const hostile of [
      'a"]; click e0 "javascript:alert(1)',
      'x --> y',
      '%%{init: {}}%%',
      '<b>`|`</b>',
      'ünïcode\n',
    ]) {
      const label = mermaidLabel(hostile);
      expect(label).toMatch(/^[A-Za-z0-9 _.:+-]+$/);
    }
    expect(mermaidLabel('x'.repeat(100))).toHaveLength(80);
  });
});

describe('warnings', () => {
  it('always shows the requests the head can no longer judge, whatever else is zero', () => {
    const r = exampleReport({
      newly_unevaluable: { from_allow: 0, from_deny: 4, groups: [], groups_total: 1 },
      recorded_mismatch: 0,
      unevaluable: 0,
      malformed: { count: 0, examples: [] },
    });
    expect(warningsMarkdown(r, [], null)).toBe(
      [
        '**Warnings**',
        '',
        '- **4 requests the head can no longer judge** (0 the base allowed, 4 the base denied): the head reads data the sample lacks for them, and one the base denied may be one the head would allow.',
      ].join('\n'),
    );
  });

  it('links the drift issue beside recorded mismatches when the run knows it, and gives the unevaluable share', () => {
    const md = warningsMarkdown(exampleReport(), [], 'https://github.com/acme/policies/issues/9')!;
    expect(md).toContain(
      '2 recorded decisions disagree with the base: the gateway may not be running the base in Git ([the drift issue](https://github.com/acme/policies/issues/9)).',
    );
    expect(md).toContain('2.8% of the replayed requests are unevaluable (28 of 1,000)');
    expect(warningsMarkdown(exampleReport(), [], null)).not.toContain('drift issue');
  });
});

describe('why it fails', () => {
  it('says which failures the pull request caused and which are evidence problems, naming the manifests', () => {
    const r = exampleReport({
      fidelity: {
        invalid: 1,
        blocking_gaps: [{ path: 'model.input', reason: 'hash only', manifests: 1 }],
        reports: [{ id: 'turn-0016', missing_evidence: [{ impact: 'blocks_replay' }] }],
        invalid_manifests: [
          { file: 'traffic/gateway.manifests/bad.json', line: 1, problems: [{ message: 'id: required' }] },
        ],
      },
    });
    const md = whyItFailsMarkdown(
      [
        {
          rule: 'newly-allowed',
          reason: 'policies/gateway.yaml: 27 requests newly allowed (newly-allowed)',
          policy: 'policies/gateway.yaml',
        },
        {
          rule: 'blocking-gaps',
          reason: 'policies/gateway.yaml: 1 fidelity gap blocks replay (blocking-gaps)',
          policy: 'policies/gateway.yaml',
        },
      ],
      { path: 'policies/gateway.yaml', report: r, manifests: 'traffic/gateway.manifests' },
    )!;
    const lines = md.split('\n');
    expect(lines[0]).toBe('**Why it fails**');
    expect(lines[2]).toBe(
      '- 27 requests newly allowed \\(newly-allowed\\) — **caused by this pull request**.',
    );
    expect(lines[3]).toContain(
      '— **evidence problem not caused by this PR**. invalid: traffic/gateway.manifests/bad.json:1 \\(id: required\\)',
    );
    expect(lines[3]).toContain('model.input: hash only \\(1 manifest\\); in manifest turn-0016');
    expect(lines[3]).toContain('The export pipeline that ships the sample');
    expect(whyItFailsMarkdown([], { path: 'p', report: r, manifests: null })).toBeNull();
  });

  it('points at the first malformed record and at the sample fetch when there is no traffic', () => {
    const md = whyItFailsMarkdown(
      [
        { rule: 'malformed', reason: 'p: 3 malformed traffic records (malformed)', policy: 'p' },
        { rule: 'no-traffic', reason: 'p: no traffic to replay (no-traffic)', policy: 'p' },
      ],
      { path: 'p', report: exampleReport(), manifests: null },
    )!;
    expect(md).toContain('(first: line 7: not JSON). The export pipeline fixes it.');
    expect(md).toContain(
      'The workflow step that fetches the exported sample (or the export pipeline) fixes it.',
    );
  });

  it('counts an unevaluable share against the pull request only when the head made it grow', () => {
    const failure = {
      rule: 'unevaluable>2%',
      reason: 'p: 28 of 1000 requests unevaluable (unevaluable>2%)',
      policy: 'p',
    };
    const grew = exampleReport({ base_counts: { allowed: 800, denied: 190, unevaluable: 10 } });
    expect(whyItFailsMarkdown([failure], { path: 'p', report: grew, manifests: null })).toContain(
      'caused by this pull request',
    );
    const same = exampleReport();
    expect(whyItFailsMarkdown([failure], { path: 'p', report: same, manifests: null })).toContain(
      'evidence problem',
    );
  });
});

describe('links and subjects', () => {
  it('builds only plain URLs', () => {
    expect(repositoryUrl('https://github.com/', 'acme', 'policies')).toBe('https://github.com/acme/policies');
    expect(repositoryUrl('https://x.example/(a)', 'acme', 'policies')).toBeNull();
    expect(repositoryUrl('https://github.com', 'ac me', 'policies')).toBeNull();
    expect(runUrl('https://github.com/acme/policies', '12')).toBe(
      'https://github.com/acme/policies/actions/runs/12',
    );
    expect(runUrl('https://github.com/acme/policies', '12)')).toBeNull();
    expect(blobUrl('https://g/a/b', 'not-a-sha', 'p.yaml', 1)).toBeNull();
    expect(blobUrl('https://g/a/b', HEAD_SHA, "p/it's (1).yaml", null)).toBe(
      `https://g/a/b/blob/${HEAD_SHA}/p/it%27s%20%281%29.yaml`,
    );
  });

  it('reads a missing subject (none) and a redacted one (masked) with its pseudonym', () => {
    expect(subjectShown(null, false)).toBe('(none)');
    expect(subjectShown(null, true)).toBe('(none)');
    expect(subjectShown('alice', true)).toMatch(/^\(masked\) `sha256:[0-9a-f]{12}`$/);
    expect(subjectShown('a|b', false)).toBe('a\\|b');
  });
});
