import { describe, it, expect } from '@jest/globals';
import {
  gitBlobId,
  impactDigest,
  shortDigest,
  type ImpactConfig,
  type ImpactPolicy,
} from '../../src/acceptance/impactDigest.js';

const H = (c: string, n = 64) => c.repeat(n);

function policy(path: string, overrides: Partial<ImpactPolicy> = {}): ImpactPolicy {
  return {
    path,
    previous_path: null,
    status: 'modified',
    base_blob: H('a', 40),
    head_blob: H('b', 40),
    sample_sha256: H('c'),
    manifests_sha256: H('d'),
    changes_sha256: H('e'),
    problems: [],
    ...overrides,
  };
}

const CONFIG: ImpactConfig = {
  fail_on: ['newly-allowed', 'newly-denied'],
  limits: { max_changes: 15, max_records: 100000 },
  mode: 'gate',
  unevaluable: 'fail',
};

const POLICIES = [policy('policies/a.yaml'), policy('policies/b.yaml', { status: 'added', base_blob: null })];

describe('impactDigest', () => {
  it('is 64 lowercase hex digits and deterministic', () => {
    const digest = impactDigest(POLICIES, CONFIG);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(impactDigest(POLICIES, CONFIG)).toBe(digest);
    // Equal values built apart, with the configuration's keys in another order.
    const again = [
      policy('policies/a.yaml'),
      policy('policies/b.yaml', { status: 'added', base_blob: null }),
    ];
    const config: ImpactConfig = {
      unevaluable: 'fail',
      mode: 'gate',
      limits: { max_records: 100000, max_changes: 15 },
      fail_on: ['newly-allowed', 'newly-denied'],
    };
    expect(impactDigest(again, config)).toBe(digest);
  });

  it('does not depend on the order the policies come in, nor change its input', () => {
    const three = [policy('z.yaml'), policy('a.yaml', { status: 'added' }), policy('m/n.yaml')];
    const copy = three.map((p) => ({ ...p }));
    const digest = impactDigest(three, CONFIG);
    expect(impactDigest([three[1]!, three[2]!, three[0]!], CONFIG)).toBe(digest);
    expect(impactDigest([three[2]!, three[0]!, three[1]!], CONFIG)).toBe(digest);
    expect(three).toEqual(copy);
  });

  it('of no policies is still a digest of the configuration', () => {
    expect(impactDigest([], CONFIG)).toMatch(/^[0-9a-f]{64}$/);
    expect(impactDigest([], { ...CONFIG, mode: 'report' })).not.toBe(impactDigest([], CONFIG));
  });

  const policyChanges: Array<[string, Partial<ImpactPolicy>]> = [
    ['path', { path: 'policies/a2.yaml' }],
    ['previous_path', { previous_path: 'policies/old.yaml' }],
    ['status', { status: 'renamed' }],
    ['base_blob', { base_blob: H('f', 40) }],
    ['base_blob to null', { base_blob: null }],
    ['head_blob', { head_blob: H('f', 40) }],
    ['sample_sha256', { sample_sha256: H('f') }],
    ['sample_sha256 to null', { sample_sha256: null }],
    ['manifests_sha256', { manifests_sha256: H('f') }],
    ['manifests_sha256 to null', { manifests_sha256: null }],
    ['changes_sha256', { changes_sha256: H('f') }],
    ['changes_sha256 to null', { changes_sha256: null }],
    ['problems', { problems: ['the sample is unreadable'] }],
  ];

  it.each(policyChanges)('changes when a policy’s %s changes', (_field, change) => {
    const before = impactDigest(POLICIES, CONFIG);
    const after = impactDigest([{ ...POLICIES[0]!, ...change }, POLICIES[1]!], CONFIG);
    expect(after).not.toBe(before);
  });

  it('changes when the problems change, or only their order', () => {
    const one = impactDigest([policy('p', { problems: ['x', 'y'] })], CONFIG);
    expect(impactDigest([policy('p', { problems: ['x', 'z'] })], CONFIG)).not.toBe(one);
    expect(impactDigest([policy('p', { problems: ['x'] })], CONFIG)).not.toBe(one);
    // The caller sorts them; the digest itself keeps their order.
    expect(impactDigest([policy('p', { problems: ['y', 'x'] })], CONFIG)).not.toBe(one);
  });

  it('changes when a policy is added or removed', () => {
    const before = impactDigest(POLICIES, CONFIG);
    expect(impactDigest(POLICIES.slice(0, 1), CONFIG)).not.toBe(before);
    expect(impactDigest([...POLICIES, policy('policies/c.yaml')], CONFIG)).not.toBe(before);
  });

  const configChanges: Array<[string, Partial<ImpactConfig>]> = [
    ['fail_on', { fail_on: ['newly-allowed'] }],
    ['fail_on order', { fail_on: ['newly-denied', 'newly-allowed'] }],
    ['limits: a value', { limits: { max_changes: 16, max_records: 100000 } }],
    ['limits: a key', { limits: { max_changes: 15 } }],
    ['mode', { mode: 'report' }],
    ['unevaluable', { unevaluable: 'warn' }],
  ];

  it.each(configChanges)('changes when the configuration’s %s changes', (_key, change) => {
    expect(impactDigest(POLICIES, { ...CONFIG, ...change })).not.toBe(impactDigest(POLICIES, CONFIG));
  });

  it('gives every single change its own digest', () => {
    const digests = [
      impactDigest(POLICIES, CONFIG),
      ...policyChanges.map(([, c]) => impactDigest([{ ...POLICIES[0]!, ...c }, POLICIES[1]!], CONFIG)),
      ...configChanges.map(([, c]) => impactDigest(POLICIES, { ...CONFIG, ...c })),
    ];
    expect(new Set(digests).size).toBe(digests.length);
  });
});

describe('gitBlobId', () => {
  // Each id computed with `printf '<text>' | git hash-object --stdin`.
  it.each([
    ['the empty text', '', 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391'],
    ['hello and a newline', 'hello\n', 'ce013625030ba8dba906f756967f9e9ca394464a'],
    [
      'a small policy',
      'package policy\n\ndefault allow := false\n',
      'fa704f02870fbffc3f062d8b77a20a2fc0ea9f6e',
    ],
    ['non-ASCII text (sized in UTF-8 bytes)', 'café €\n', 'd399b4f30a8914ef3d9435b50ff247e459292772'],
  ])('equals git hash-object for %s', (_what, text, id) => {
    expect(gitBlobId(text)).toBe(id);
  });
});

describe('shortDigest', () => {
  it('is the first 12 hex digits', () => {
    expect(shortDigest('0123456789abcdef'.repeat(4))).toBe('0123456789ab');
  });
});
