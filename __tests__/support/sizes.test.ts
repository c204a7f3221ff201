import { describe, it, expect } from '@jest/globals';
import { tierOf } from './sizes.js';

describe('the test tier', () => {
  it('is quick by default, full under CI (CI=true, CI=1), and POLICY_REPLAY_TEST_TIER overrides both', () => {
    expect(tierOf({})).toBe('quick');
    expect(tierOf({ CI: 'true' })).toBe('full');
    expect(tierOf({ CI: '1' })).toBe('full');
    expect(tierOf({ CI: 'false' })).toBe('quick');
    expect(tierOf({ CI: '' })).toBe('quick');
    expect(tierOf({ POLICY_REPLAY_TEST_TIER: 'full' })).toBe('full');
    expect(tierOf({ CI: 'true', POLICY_REPLAY_TEST_TIER: 'quick' })).toBe('quick');
    expect(tierOf({ CI: 'true', POLICY_REPLAY_TEST_TIER: '' })).toBe('full');
  });

  it('refuses a tier it does not know', () => {
    expect(() => tierOf({ POLICY_REPLAY_TEST_TIER: 'fast' })).toThrow(/quick or full, not fast/);
  });
});
