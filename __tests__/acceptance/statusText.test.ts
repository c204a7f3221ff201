import { describe, it, expect } from '@jest/globals';
import {
  MAX_STATUS_DESCRIPTION,
  acceptedDescription,
  judgedDescription,
  readOwnStatus,
  statusTargetUrl,
} from '../../src/acceptance/statusText.js';

const DIGEST = '0123456789abcdef'.repeat(4);
const OTHER = 'fedcba9876543210'.repeat(4);
const RUN = 'https://github.com/acme/gateway/actions/runs/42';
const URL = statusTargetUrl(RUN, DIGEST);

const codePoints = (s: string) => [...s].length;

describe('descriptions', () => {
  it('say the short digest and the failed rules, or passed', () => {
    expect(judgedDescription(DIGEST, ['newly-allowed', 'newly-denied'])).toBe(
      'impact 0123456789ab: failed newly-allowed, newly-denied',
    );
    expect(judgedDescription(DIGEST, [])).toBe('impact 0123456789ab: passed');
    expect(acceptedDescription(DIGEST, 'alice')).toBe('accepted by @alice for 0123456789ab');
  });

  it('clip a judged description at 140 code points, ending in an ellipsis', () => {
    const rules = Array.from({ length: 30 }, (_, i) => `rule-${i}`);
    const text = judgedDescription(DIGEST, rules);
    expect(codePoints(text)).toBe(MAX_STATUS_DESCRIPTION);
    expect(MAX_STATUS_DESCRIPTION).toBe(140);
    expect(text.endsWith('…')).toBe(true);
    expect(text.startsWith('impact 0123456789ab: failed rule-0, rule-1')).toBe(true);
  });

  it('count code points, not UTF-16 units, when clipping', () => {
    // 'impact 0123456789ab: failed ' is 28 code points; 112 astral characters make exactly 140.
    const exact = judgedDescription(DIGEST, ['😀'.repeat(112)]);
    expect(codePoints(exact)).toBe(140);
    expect(exact.endsWith('😀')).toBe(true);
    expect(exact.length).toBe(28 + 224);
    const over = judgedDescription(DIGEST, ['😀'.repeat(113)]);
    expect(codePoints(over)).toBe(140);
    expect(over.endsWith('😀…')).toBe(true);
    // An astral character is never cut in half.
    expect(over).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('leave a description of exactly 140 code points unclipped', () => {
    const rule = 'r'.repeat(140 - 28);
    expect(judgedDescription(DIGEST, [rule])).toBe(`impact 0123456789ab: failed ${rule}`);
    expect(judgedDescription(DIGEST, [rule + 'x']).endsWith('r…')).toBe(true);
  });
});

describe('statusTargetUrl', () => {
  it('puts the whole digest in the fragment', () => {
    expect(URL).toBe(`${RUN}#policy-replay-impact=${DIGEST}`);
  });

  it('replaces a fragment the run URL already has', () => {
    expect(statusTargetUrl(`${RUN}#attempt-2`, DIGEST)).toBe(`${RUN}#policy-replay-impact=${DIGEST}`);
    expect(statusTargetUrl(`${RUN}#policy-replay-impact=${OTHER}`, DIGEST)).toBe(
      `${RUN}#policy-replay-impact=${DIGEST}`,
    );
  });
});

describe('readOwnStatus', () => {
  it('reads back a judged failure', () => {
    const description = judgedDescription(DIGEST, ['newly-allowed']);
    expect(readOwnStatus({ state: 'failure', description, targetUrl: URL })).toEqual({
      state: 'failure',
      digest: DIGEST,
      acceptedBy: null,
      targetUrl: URL,
    });
  });

  it('reads back a clipped judged failure', () => {
    const description = judgedDescription(
      DIGEST,
      Array.from({ length: 40 }, (_, i) => `rule-${i}`),
    );
    expect(readOwnStatus({ state: 'failure', description, targetUrl: URL })?.digest).toBe(DIGEST);
  });

  it.each(['success', 'pending', 'error'] as const)('reads back a judged %s', (state) => {
    expect(readOwnStatus({ state, description: judgedDescription(DIGEST, []), targetUrl: URL })).toEqual({
      state,
      digest: DIGEST,
      acceptedBy: null,
      targetUrl: URL,
    });
  });

  it.each(['alice', 'release-bot[bot]', 'A-1'])('reads back an acceptance by %s', (login) => {
    expect(
      readOwnStatus({ state: 'success', description: acceptedDescription(DIGEST, login), targetUrl: URL }),
    ).toEqual({ state: 'success', digest: DIGEST, acceptedBy: login, targetUrl: URL });
  });

  it('refuses a judged description whose 12 hex differ from the fragment', () => {
    const description = judgedDescription(OTHER, ['newly-allowed']);
    expect(readOwnStatus({ state: 'failure', description, targetUrl: URL })).toBeNull();
  });

  it('refuses an acceptance naming another digest than the fragment', () => {
    const description = acceptedDescription(OTHER, 'alice');
    expect(readOwnStatus({ state: 'success', description, targetUrl: URL })).toBeNull();
  });

  it.each(['failure', 'pending', 'error'] as const)('refuses an acceptance on a %s status', (state) => {
    expect(
      readOwnStatus({ state, description: acceptedDescription(DIGEST, 'alice'), targetUrl: URL }),
    ).toBeNull();
  });

  it.each([
    ['no fragment', RUN],
    ['a short fragment', `${RUN}#policy-replay-impact=${DIGEST.slice(0, 63)}`],
    ['a 12-hex fragment', `${RUN}#policy-replay-impact=${DIGEST.slice(0, 12)}`],
    ['uppercase hex', `${RUN}#policy-replay-impact=${DIGEST.toUpperCase()}`],
    ['text after the digest', `${RUN}#policy-replay-impact=${DIGEST}x`],
    ['another fragment name', `${RUN}#impact=${DIGEST}`],
    ['an empty URL', ''],
  ])('refuses a target URL with %s', (_what, targetUrl) => {
    const description = judgedDescription(DIGEST, ['newly-allowed']);
    expect(readOwnStatus({ state: 'failure', description, targetUrl })).toBeNull();
  });

  it.each([
    ['another tool', 'CI failed'],
    ['an empty description', ''],
    ['no separator after the digest', 'impact 0123456789ab failed newly-allowed'],
    ['a longer digest', `impact ${DIGEST.slice(0, 13)}: failed x`],
    ['text before an acceptance', 'not accepted by @alice for 0123456789ab'],
    ['text after an acceptance', 'accepted by @alice for 0123456789ab!'],
    ['an acceptance by no login', 'accepted by @ for 0123456789ab'],
    ['a login with a space', 'accepted by @al ice for 0123456789ab'],
  ])('refuses a foreign description: %s', (_what, description) => {
    expect(readOwnStatus({ state: 'success', description, targetUrl: URL })).toBeNull();
  });
});
