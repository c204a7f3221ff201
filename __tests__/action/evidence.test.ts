import { describe, expect, it } from '@jest/globals';

import { evidenceProblems } from '../../src/action/evidence.js';
import { sampledOutcome } from '../../src/action/policyOutcome.js';
import { shownBlockers } from '../../src/action/policyFailure.js';
import { blockerSection } from '../../src/action/runMarkdown.js';
import type { SampleLocation } from '../../src/action/sampleLocator.js';

function sample(overrides: Partial<SampleLocation> = {}): SampleLocation {
  return {
    traffic: 'traffic/acme.jsonl',
    manifests: 'traffic/acme.manifests',
    trafficFiles: null,
    manifestsPath: null,
    manifestsLooked: ['traffic/acme.manifests'],
    looked: ['traffic/acme.jsonl'],
    decisionLog: {} as SampleLocation['decisionLog'],
    found: ['traffic/acme.jsonl'],
    evidencePaths: { traffic: ['traffic'], manifests: ['traffic/acme.manifests'] },
    ...overrides,
  };
}

const TOUCHED = Array.from({ length: 5_000 }, (_, i) => `traffic/f${String(i).padStart(4, '0')}.jsonl`);

describe('evidenceProblems', () => {
  it('is one problem per kind, whatever the number of touched paths, naming the count and five of them', () => {
    const problems = evidenceProblems(sample(), TOUCHED);
    expect(problems.map((p) => p.rule)).toEqual(['untrusted-evidence']);
    const [only] = problems;
    expect(only!.error.file).toBe('traffic/f0000.jsonl');
    expect(only!.error.message).toContain(
      'the pull request changes 5,000 paths (traffic/f0000.jsonl, traffic/f0001.jsonl, traffic/f0002.jsonl, ' +
        'traffic/f0003.jsonl, traffic/f0004.jsonl, and 4,995 more)',
    );
    expect(only!.error.message).not.toContain('traffic/f0005.jsonl');
    expect(only!.error.message.length).toBeLessThan(1_000);
  });

  it('keeps one problem for each kind touched, and the one-path message as before', () => {
    const problems = evidenceProblems(sample(), ['traffic/acme.manifests/m.json', 'traffic/x.jsonl']);
    expect(problems.map((p) => [p.rule, p.error.file])).toEqual([
      ['untrusted-evidence', 'traffic/acme.manifests/m.json'],
      ['untrusted-evidence', 'traffic/acme.manifests/m.json'],
    ]);
    expect(problems[1]!.error.message).toMatch(
      /^the pull request changes traffic\/acme\.manifests\/m\.json, and this policy's manifests is read from traffic\/acme\.manifests:/,
    );
  });
});

describe('a policy with many blockers', () => {
  it('renders a small blocker section and annotates five blockers at most', () => {
    const outcome = sampledOutcome(
      { path: 'policies/acme.yaml', status: 'modified', previous_path: null },
      sample(),
      evidenceProblems(sample(), TOUCHED),
      () => undefined,
    );
    const section = blockerSection(outcome);
    expect(section.length).toBeLessThan(2_000);
    expect(section).toContain('5,000 paths');

    const many = Array.from({ length: 5_000 }, (_, i) => ({
      rule: 'untrusted-evidence',
      file: `traffic/f${i}.jsonl`,
      path: '',
      line: 1,
      column: 1,
      message: `problem ${i}`,
    }));
    expect(shownBlockers(many).shown).toHaveLength(5);
    expect(shownBlockers(many).more).toBe(4_995);
    const big = blockerSection({ ...outcome, blockers: many });
    expect(big.length).toBeLessThan(2_000);
    expect(big).toContain('and 4,995 more');
  });
});
