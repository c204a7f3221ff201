import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import {
  evaluateGate,
  ruleText,
  unevaluableAbove,
  type FailOnRule,
  type GateFacts,
} from '../../src/gate/gate.js';
import { gateFactsOf } from '../../src/gate/gateFacts.js';
import type { ReplayReport } from '../../src/replay/report/report.js';

/** A policy that crosses nothing. */
function clean(over: Partial<GateFacts> = {}): GateFacts {
  return {
    path: 'policies/acme.yaml',
    invalid: false,
    noTraffic: false,
    evaluated: 1000,
    unevaluable: 0,
    changesTotal: 0,
    newlyAllowed: 0,
    newlyDenied: 0,
    malformed: 0,
    fidelityWorst: 'exact',
    blockingGaps: 0,
    ...over,
  };
}

const ALL_RULES: FailOnRule[] = [
  { kind: 'invalid-policy' },
  { kind: 'newly-allowed' },
  { kind: 'uncovered-newly-allowed' },
  { kind: 'newly-denied' },
  { kind: 'changes' },
  { kind: 'blocking-gaps' },
  { kind: 'malformed' },
  { kind: 'no-traffic' },
  { kind: 'drift' },
  { kind: 'unevaluable', percent: 0 },
  { kind: 'fidelity', below: 'exact' },
];

describe('evaluateGate', () => {
  it('passes a clean policy under every rule', () => {
    expect(evaluateGate(ALL_RULES, [clean({ driftTotal: 0 })])).toEqual({ verdict: 'pass', failed: [] });
  });

  it('passes anything with no rules (fail-on: none)', () => {
    const bad = clean({ invalid: true, newlyAllowed: 5, noTraffic: true, blockingGaps: 3 });
    expect(evaluateGate([], [bad])).toEqual({ verdict: 'pass', failed: [] });
  });

  it('passes a run with no policies', () => {
    expect(evaluateGate(ALL_RULES, [])).toEqual({ verdict: 'pass', failed: [] });
  });

  const cases: {
    rule: FailOnRule;
    crossed: Partial<GateFacts>;
    notCrossed: Partial<GateFacts>;
    reason: string;
  }[] = [
    {
      rule: { kind: 'invalid-policy' },
      crossed: { invalid: true },
      notCrossed: { invalid: false },
      reason: 'policies/acme.yaml: the policy is invalid (invalid-policy)',
    },
    {
      rule: { kind: 'newly-allowed' },
      crossed: { newlyAllowed: 12, changesTotal: 12 },
      notCrossed: { newlyDenied: 3, changesTotal: 3 },
      reason: 'policies/acme.yaml: 12 requests newly allowed (newly-allowed)',
    },
    {
      rule: { kind: 'uncovered-newly-allowed' },
      crossed: { coverage: { mode: 'exact', uncoveredNewlyAllowed: 3, reasons: [] } },
      notCrossed: { coverage: { mode: 'exact', uncoveredNewlyAllowed: 0, reasons: [] }, newlyAllowed: 2 },
      reason:
        'policies/acme.yaml: 3 kinds of request newly allowed that the sample never contained (uncovered-newly-allowed)',
    },
    {
      rule: { kind: 'newly-denied' },
      crossed: { newlyDenied: 1, changesTotal: 1 },
      notCrossed: { newlyAllowed: 4, changesTotal: 4 },
      reason: 'policies/acme.yaml: 1 request newly denied (newly-denied)',
    },
    {
      rule: { kind: 'changes' },
      crossed: { changesTotal: 7 },
      notCrossed: { changesTotal: 0 },
      reason: 'policies/acme.yaml: 7 requests decided differently by the head policy (changes)',
    },
    {
      rule: { kind: 'blocking-gaps' },
      crossed: { blockingGaps: 2 },
      notCrossed: { blockingGaps: 0, fidelityWorst: 'partial' },
      reason: 'policies/acme.yaml: 2 fidelity gaps block replay (blocking-gaps)',
    },
    {
      rule: { kind: 'malformed' },
      crossed: { malformed: 1 },
      notCrossed: { malformed: 0 },
      reason: 'policies/acme.yaml: 1 malformed traffic record (malformed)',
    },
    {
      rule: { kind: 'no-traffic' },
      crossed: { noTraffic: true, evaluated: 0 },
      notCrossed: { noTraffic: false },
      reason: 'policies/acme.yaml: no traffic to replay (no-traffic)',
    },
    {
      rule: { kind: 'drift' },
      crossed: { driftTotal: 3 },
      notCrossed: { driftTotal: 0 },
      reason: 'policies/acme.yaml: 3 recorded decisions are no longer reproduced (drift)',
    },
    {
      rule: { kind: 'unevaluable', percent: 5 },
      crossed: { unevaluable: 51 },
      notCrossed: { unevaluable: 50 },
      reason: 'policies/acme.yaml: 51 of 1000 requests unevaluable (5.1%, above 5%) (unevaluable>5%)',
    },
    {
      rule: { kind: 'fidelity', below: 'controlled' },
      crossed: { fidelityWorst: 'partial' },
      notCrossed: { fidelityWorst: 'controlled' },
      reason: 'policies/acme.yaml: worst replay fidelity is partial, below controlled (fidelity<controlled)',
    },
  ];

  for (const c of cases) {
    const text = ruleText(c.rule);
    it(`${text}: fails when crossed, with a human reason`, () => {
      const result = evaluateGate([c.rule], [clean(c.crossed)]);
      expect(result.verdict).toBe('fail');
      expect(result.failed).toEqual([{ rule: text, reason: c.reason, policy: 'policies/acme.yaml' }]);
    });
    it(`${text}: passes when not crossed`, () => {
      expect(evaluateGate([c.rule], [clean(c.notCrossed)])).toEqual({ verdict: 'pass', failed: [] });
    });
  }

  describe('uncovered-newly-allowed fails closed', () => {
    const rule: FailOnRule[] = [{ kind: 'uncovered-newly-allowed' }];
    const reasons = (facts: Partial<GateFacts>) =>
      evaluateGate(rule, [clean(facts)]).failed.map((f) => f.reason);

    it('when the analysis was not done, with its reasons', () => {
      expect(
        reasons({
          coverage: {
            mode: 'not_analysed',
            uncoveredNewlyAllowed: 0,
            reasons: ['overlapping paths: claim:a'],
          },
        }),
      ).toEqual([
        'policies/acme.yaml: the coverage analysis could not be done, so an unseen newly allowed kind of request cannot be ruled out: overlapping paths: claim:a (uncovered-newly-allowed)',
      ]);
    });

    it('when it was capped, after the kinds it did find, with at most three reasons', () => {
      const five = ['a', 'b', 'c', 'd', 'e'];
      expect(reasons({ coverage: { mode: 'capped', uncoveredNewlyAllowed: 1, reasons: five } })).toEqual([
        'policies/acme.yaml: 1 kind of request newly allowed that the sample never contained; the coverage analysis was capped, so more unseen newly allowed kinds cannot be ruled out: a; b; c; and 2 more (uncovered-newly-allowed)',
      ]);
      expect(reasons({ coverage: { mode: 'capped', uncoveredNewlyAllowed: 0, reasons: [] } })).toEqual([
        'policies/acme.yaml: the coverage analysis was capped, so more unseen newly allowed kinds cannot be ruled out (uncovered-newly-allowed)',
      ]);
    });

    it('but says nothing of a report without the section (drift, an added or deleted policy)', () => {
      expect(reasons({})).toEqual([]);
    });
  });

  it('gateFactsOf counts uncovered newly allowed kinds over every kind, not only the classes shown', () => {
    const section = {
      mode: 'exact',
      newly_allowed: { kinds: 9, covered: 6 },
      newly_denied: { kinds: 100, covered: 3 },
      classes: [],
      not_analysed: [],
    };
    const report = {
      meta: { head: { path: 'p.yaml' }, base: null, status: 'changed' },
      errors: [],
      result: {
        evaluated: 1,
        unevaluable: 0,
        changes_total: 0,
        newly_allowed: 0,
        newly_denied: 0,
        malformed: { count: 0 },
        coverage: section,
      },
    } as unknown as ReplayReport;
    expect(gateFactsOf(report).coverage).toEqual({ mode: 'exact', uncoveredNewlyAllowed: 3, reasons: [] });
  });

  it('drift is not crossed when the facts carry no drift (pull-request mode)', () => {
    expect(evaluateGate([{ kind: 'drift' }], [clean()]).verdict).toBe('pass');
  });

  it('a deleted policy never fails invalid-policy or no-traffic', () => {
    const deleted = clean({ deleted: true, invalid: true, noTraffic: true, evaluated: 0 });
    expect(evaluateGate([{ kind: 'invalid-policy' }, { kind: 'no-traffic' }], [deleted]).verdict).toBe(
      'pass',
    );
  });

  it('blocking-gaps fails on an invalid manifest, which is graded unreplayable for gating', () => {
    const rule: FailOnRule = { kind: 'blocking-gaps' };
    const invalid = clean({ invalidManifests: 1, fidelityWorst: 'unreplayable' });
    expect(evaluateGate([rule], [invalid]).failed.map((f) => f.reason)).toEqual([
      'policies/acme.yaml: 1 manifest is invalid (unreplayable) (blocking-gaps)',
    ]);
    expect(
      evaluateGate([rule], [clean({ blockingGaps: 2, invalidManifests: 3 })]).failed.map((f) => f.reason),
    ).toEqual([
      'policies/acme.yaml: 2 fidelity gaps block replay; 3 manifests are invalid (unreplayable) (blocking-gaps)',
    ]);
    expect(evaluateGate([rule], [clean({ invalidManifests: 0 })]).verdict).toBe('pass');
  });

  it('gateFactsOf counts the invalid manifests of a report', () => {
    const fidelity = { worst: 'unreplayable', invalid: 2, blocking_gaps: [{ manifests: 1 }] };
    const report = {
      meta: { head: { path: 'policies/acme.yaml' }, status: 'changed' },
      errors: [],
      result: {
        evaluated: 3,
        unevaluable: 0,
        changes_total: 0,
        newly_allowed: 0,
        newly_denied: 0,
        malformed: { count: 0 },
        fidelity,
      },
    } as unknown as ReplayReport;
    expect(gateFactsOf(report)).toMatchObject({ blockingGaps: 1, invalidManifests: 2 });
  });

  it('fidelity<exact fails on anything below exact, and never without manifests', () => {
    const rule: FailOnRule = { kind: 'fidelity', below: 'exact' };
    expect(evaluateGate([rule], [clean({ fidelityWorst: 'controlled' })]).verdict).toBe('fail');
    expect(evaluateGate([rule], [clean({ fidelityWorst: 'unreplayable' })]).verdict).toBe('fail');
    expect(evaluateGate([rule], [clean({ fidelityWorst: 'exact' })]).verdict).toBe('pass');
    expect(evaluateGate([rule], [clean({ fidelityWorst: null })]).verdict).toBe('pass');
    expect(evaluateGate([rule], [clean({ fidelityWorst: undefined })]).verdict).toBe('pass');
  });

  it('fidelity<partial fails only on unreplayable', () => {
    const rule: FailOnRule = { kind: 'fidelity', below: 'partial' };
    expect(evaluateGate([rule], [clean({ fidelityWorst: 'partial' })]).verdict).toBe('pass');
    expect(evaluateGate([rule], [clean({ fidelityWorst: 'unreplayable' })]).verdict).toBe('fail');
  });

  it('unevaluable>N% is strictly greater, and never crossed with nothing evaluated', () => {
    const rule: FailOnRule = { kind: 'unevaluable', percent: 0 };
    expect(evaluateGate([rule], [clean({ unevaluable: 0 })]).verdict).toBe('pass');
    expect(evaluateGate([rule], [clean({ unevaluable: 1 })]).verdict).toBe('fail');
    // The rule itself is not crossed with nothing evaluated; the `no-traffic` it implies is.
    expect(unevaluableAbove(0, 0, 0)).toBe(false);
    expect(
      evaluateGate([rule], [clean({ evaluated: 0, unevaluable: 0, noTraffic: true })]).failed.map(
        (f) => f.rule,
      ),
    ).toEqual(['no-traffic']);
    expect(
      evaluateGate([{ kind: 'unevaluable', percent: 100 }], [clean({ unevaluable: 1000 })]).verdict,
    ).toBe('pass');
  });

  it('a rule that judges traffic implies no-traffic: replaying nothing never passes it', () => {
    const empty = clean({ evaluated: 0 });
    for (const rule of ALL_RULES.filter((r) => r.kind !== 'invalid-policy' && r.kind !== 'no-traffic')) {
      const result = evaluateGate([rule], [empty]);
      expect(result.verdict).toBe('fail');
      expect(result.failed).toEqual([
        {
          rule: 'no-traffic',
          reason: `policies/acme.yaml: the sample replayed no record (no-traffic, implied by ${ruleText(rule)})`,
          policy: 'policies/acme.yaml',
        },
      ]);
    }
    expect(
      evaluateGate([{ kind: 'newly-allowed' }], [clean({ evaluated: 0, noTraffic: true })]).failed,
    ).toEqual([
      {
        rule: 'no-traffic',
        reason: 'policies/acme.yaml: no traffic to replay (no-traffic, implied by newly-allowed)',
        policy: 'policies/acme.yaml',
      },
    ]);
    // Not implied by invalid-policy alone, nor for a deleted policy.
    expect(evaluateGate([{ kind: 'invalid-policy' }], [empty]).verdict).toBe('pass');
    expect(evaluateGate([{ kind: 'newly-allowed' }], [clean({ evaluated: 0, deleted: true })]).verdict).toBe(
      'pass',
    );
    // Written explicitly, it is reported once, without the note.
    expect(
      evaluateGate([{ kind: 'no-traffic' }, { kind: 'newly-allowed' }], [empty]).failed.map((f) => f.reason),
    ).toEqual(['policies/acme.yaml: the sample replayed no record (no-traffic)']);
  });

  it('an invalid head replays nothing, so a gate that judges traffic fails it even without invalid-policy', () => {
    const invalid = clean({ evaluated: 0, invalid: true });
    for (const rule of ALL_RULES.filter((r) => r.kind !== 'invalid-policy')) {
      expect(evaluateGate([rule], [invalid]).failed).toEqual([
        {
          rule: 'invalid-policy',
          reason: `policies/acme.yaml: the policy is invalid (invalid-policy, implied by ${ruleText(rule)})`,
          policy: 'policies/acme.yaml',
        },
      ]);
    }
    // Written explicitly, it is reported once, without the note; a deleted policy is not judged.
    expect(
      evaluateGate([{ kind: 'newly-allowed' }, { kind: 'invalid-policy' }], [invalid]).failed.map(
        (f) => f.reason,
      ),
    ).toEqual(['policies/acme.yaml: the policy is invalid (invalid-policy)']);
    expect(
      evaluateGate([{ kind: 'newly-allowed' }], [clean({ evaluated: 0, invalid: true, deleted: true })])
        .verdict,
    ).toBe('pass');
    expect(evaluateGate([], [invalid]).verdict).toBe('pass');
  });

  it('a blocker (here: the pull request changes its own traffic sample) fails the run whatever fail-on says, an empty fail-on included', () => {
    const blocked = clean({
      evaluated: 0,
      blockers: [{ rule: 'untrusted-evidence', reason: 'the pull request changes traffic/acme.jsonl' }],
    });
    expect(evaluateGate([], [blocked])).toEqual({
      verdict: 'fail',
      failed: [
        {
          rule: 'untrusted-evidence',
          reason: 'policies/acme.yaml: the pull request changes traffic/acme.jsonl (untrusted-evidence)',
          policy: 'policies/acme.yaml',
        },
      ],
    });
    // A blocked policy is not also reported as having replayed nothing.
    expect(evaluateGate([{ kind: 'newly-allowed' }], [blocked]).failed).toHaveLength(1);
  });

  it('orders failures by policy path, then by the order of fail-on', () => {
    const rules: FailOnRule[] = [{ kind: 'newly-allowed' }, { kind: 'invalid-policy' }];
    const result = evaluateGate(rules, [
      clean({ path: 'policies/b.yaml', newlyAllowed: 1, invalid: true }),
      clean({ path: 'policies/a.yaml', invalid: true }),
      clean({ path: 'policies/c.yaml' }),
    ]);
    expect(result.failed.map((f) => `${f.policy} ${f.rule}`)).toEqual([
      'policies/a.yaml invalid-policy',
      'policies/b.yaml newly-allowed',
      'policies/b.yaml invalid-policy',
    ]);
  });

  it('shows enough decimals that the share visibly exceeds the threshold', () => {
    const result = evaluateGate(
      [{ kind: 'unevaluable', percent: 5 }],
      [clean({ evaluated: 100000, unevaluable: 5001 })],
    );
    expect(result.failed[0]?.reason).toContain('(5.001%, above 5%)');
  });
});

describe('unevaluableAbove', () => {
  it('is exact where floating point is not (7 of 100 is not above 7%)', () => {
    expect((7 / 100) * 100 > 7).toBe(true); // the floating-point trap this function avoids
    expect(unevaluableAbove(7, 100, 7)).toBe(false);
    expect(unevaluableAbove(8, 100, 7)).toBe(true);
    expect(unevaluableAbove(1, 3, 33.3333)).toBe(true);
    expect(unevaluableAbove(25, 1000, 2.5)).toBe(false);
    expect(unevaluableAbove(26, 1000, 2.5)).toBe(true);
  });

  it('agrees with exact rational comparison for thresholds of up to 4 decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.nat(),
        fc.integer({ min: 0, max: 1_000_000 }),
        (evaluated, u, scaled) => {
          const unevaluable = u % (evaluated + 1);
          const percent = scaled / 10_000; // 0..100 with 4 decimals
          const exact = BigInt(unevaluable) * 100n * 10_000n > BigInt(scaled) * BigInt(evaluated);
          return unevaluableAbove(unevaluable, evaluated, percent) === exact;
        },
      ),
    );
  });
});
