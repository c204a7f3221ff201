import { describe, expect, it } from '@jest/globals';
import { failureCause } from '../../src/gate/failureCause.js';

describe('failureCause (docs/action.md "Why it fails")', () => {
  it('puts edits on the pull request, the sample and manifests on the evidence, a crash on the run', () => {
    for (const rule of ['newly-allowed', 'newly-denied', 'changes', 'invalid-policy', 'untrusted-evidence'])
      expect(failureCause(rule)).toBe('pull-request');
    for (const rule of [
      'blocking-gaps',
      'malformed',
      'no-traffic',
      'ambiguous-sample',
      'fidelity<controlled',
    ])
      expect(failureCause(rule)).toBe('evidence');
    expect(failureCause('replay-failed')).toBe('error');
    expect(failureCause('some-future-rule')).toBe('pull-request');
  });

  it('judges an unevaluable share by whether the head made it grow', () => {
    expect(failureCause('unevaluable>5%', { head: 30, base: 10 })).toBe('pull-request');
    expect(failureCause('unevaluable>5%', { head: 30, base: 30 })).toBe('evidence');
    expect(failureCause('unevaluable>5%', { head: 30, base: null })).toBe('pull-request');
  });
});
