import { describe, it, expect } from '@jest/globals';
import {
  judgeAcceptance,
  screenRequest,
  type AcceptanceFacts,
  type AcceptanceRequest,
  type AcceptanceVerdict,
} from '../../src/acceptance/judgeAcceptance.js';
import type { OwnStatus } from '../../src/acceptance/statusText.js';

const DIGEST = '0123456789abcdef'.repeat(4);
const HEAD = 'c0ffee'.padEnd(40, '1');
const OTHER_HEAD = 'beef00'.padEnd(40, '2');

function request(overrides: Partial<AcceptanceRequest> = {}): AcceptanceRequest {
  return {
    source: 'comment',
    body: `/policy-replay accept ${DIGEST.slice(0, 12)}`,
    actor: { login: 'maintainer', type: 'User' },
    edited: false,
    reviewState: null,
    // Posted after the status below was set, on the head: what a real acceptance is.
    createdAt: '2026-12-01T12:00:00Z',
    commitId: HEAD,
    ...overrides,
  };
}

function status(overrides: Partial<OwnStatus> = {}): OwnStatus {
  return {
    state: 'failure',
    digest: DIGEST,
    acceptedBy: null,
    targetUrl: `https://github.com/acme/gw/actions/runs/1#policy-replay-impact=${DIGEST}`,
    ...overrides,
  };
}

function facts(overrides: Partial<AcceptanceFacts> = {}): AcceptanceFacts {
  return {
    pullAuthor: 'author',
    headSha: HEAD,
    status: status(),
    permission: 'maintain',
    required: 'maintain',
    listed: false,
    reportedHead: HEAD,
    statusCreatedAt: '2026-12-01T11:00:00Z',
    ...overrides,
  };
}

function reason(verdict: AcceptanceVerdict): string {
  expect(verdict.outcome).toBe('refuse');
  return verdict.outcome === 'refuse' ? verdict.reason : '';
}

describe('judgeAcceptance accepts', () => {
  it('a comment with the 12 hex digits, from a maintainer', () => {
    expect(judgeAcceptance(request(), facts())).toEqual({ outcome: 'accept', digest: DIGEST });
  });

  it('the whole 64-hex digest, in capitals too', () => {
    expect(judgeAcceptance(request({ body: `/policy-replay accept ${DIGEST}` }), facts())).toEqual({
      outcome: 'accept',
      digest: DIGEST,
    });
    expect(
      judgeAcceptance(request({ body: `/policy-replay accept ${DIGEST.toUpperCase()}` }), facts()),
    ).toEqual({ outcome: 'accept', digest: DIGEST });
  });

  it('a prefix longer than 12 digits', () => {
    expect(
      judgeAcceptance(request({ body: `/policy-replay accept ${DIGEST.slice(0, 20)}` }), facts()),
    ).toEqual({ outcome: 'accept', digest: DIGEST });
  });

  it('an approving review', () => {
    expect(judgeAcceptance(request({ source: 'review', reviewState: 'APPROVED' }), facts())).toEqual({
      outcome: 'accept',
      digest: DIGEST,
    });
  });

  it('someone with more than the required permission', () => {
    expect(judgeAcceptance(request(), facts({ permission: 'admin', required: 'write' })).outcome).toBe(
      'accept',
    );
  });

  it('a listed user without any permission', () => {
    expect(judgeAcceptance(request(), facts({ permission: null, listed: true }))).toEqual({
      outcome: 'accept',
      digest: DIGEST,
    });
    expect(judgeAcceptance(request(), facts({ permission: 'read', listed: true })).outcome).toBe('accept');
  });

  it('a bot accept-users names', () => {
    const bot = request({ actor: { login: 'release-bot[bot]', type: 'Bot' } });
    expect(judgeAcceptance(bot, facts({ permission: null, listed: true }))).toEqual({
      outcome: 'accept',
      digest: DIGEST,
    });
  });

  it('when the pull request has no known author, or no reported head', () => {
    expect(judgeAcceptance(request(), facts({ pullAuthor: null })).outcome).toBe('accept');
    expect(judgeAcceptance(request(), facts({ reportedHead: null })).outcome).toBe('accept');
    // The status of the head decides, not the head the comment reported on.
    expect(judgeAcceptance(request(), facts({ reportedHead: OTHER_HEAD })).outcome).toBe('accept');
  });
});

describe('judgeAcceptance ignores', () => {
  it.each([
    'thanks!',
    `see /policy-replay accept ${DIGEST.slice(0, 12)}`,
    `ok\n/policy-replay accept ${DIGEST}`,
  ])('text not addressed to it: %s', (body) => {
    expect(judgeAcceptance(request({ body }), facts())).toEqual({ outcome: 'ignore' });
  });

  it('such text even from the author or on a review that does not approve', () => {
    expect(
      judgeAcceptance(
        request({
          body: 'hi',
          source: 'review',
          reviewState: 'COMMENTED',
          actor: { login: 'author', type: 'User' },
        }),
        facts(),
      ),
    ).toEqual({ outcome: 'ignore' });
  });
});

describe('judgeAcceptance refuses', () => {
  it.each([
    '/policy-replay accept',
    '/policy-replay accept 0123456789a',
    '/policy-replay approve 0123456789ab',
  ])('a malformed command: %s', (body) => {
    const why = reason(judgeAcceptance(request({ body }), facts()));
    expect(why).toContain('not an acceptance');
    expect(why).toContain('/policy-replay accept');
  });

  it.each(['COMMENTED', 'CHANGES_REQUESTED', 'PENDING', 'approved'])(
    'a review in state %s',
    (reviewState) => {
      const why = reason(judgeAcceptance(request({ source: 'review', reviewState }), facts()));
      expect(why).toContain('approving review');
    },
  );

  it('a review without a state', () => {
    expect(reason(judgeAcceptance(request({ source: 'review', reviewState: null }), facts()))).toContain(
      'does not approve',
    );
  });

  it('an edited comment', () => {
    const why = reason(judgeAcceptance(request({ edited: true }), facts()));
    expect(why).toContain('edited');
    expect(why).toContain('new comment');
  });

  it('an edited review, however it approves', () => {
    const why = reason(
      judgeAcceptance(request({ source: 'review', reviewState: 'APPROVED', edited: true }), facts()),
    );
    expect(why).toContain('edited');
  });

  it.each(['author', 'AUTHOR', 'Author'])('the pull request’s author, as %s', (login) => {
    const why = reason(
      judgeAcceptance(request({ actor: { login, type: 'User' } }), facts({ pullAuthor: 'Author' })),
    );
    expect(why).toContain('author');
    expect(why).toContain('cannot accept');
  });

  it('the author even when accept-users lists them and they are admin', () => {
    const verdict = judgeAcceptance(
      request({ actor: { login: 'author', type: 'User' } }),
      facts({ listed: true, permission: 'admin' }),
    );
    expect(reason(verdict)).toContain('author');
  });

  it.each([
    ['by type', { login: 'automation', type: 'Bot' }],
    ['by its [bot] login', { login: 'helper[bot]', type: null }],
  ])('a bot accept-users does not name (%s), whatever its permission', (_what, actor) => {
    const why = reason(judgeAcceptance(request({ actor }), facts({ permission: 'admin' })));
    expect(why).toContain(`@${actor.login} is a bot`);
    expect(why).toContain('accept-users');
  });

  it('too little permission', () => {
    const why = reason(judgeAcceptance(request(), facts({ permission: 'write', required: 'maintain' })));
    expect(why).toContain('@maintainer has write permission');
    expect(why).toContain('needs maintain');
    expect(why).toContain('accept-users');
  });

  it('no permission at all, not listed', () => {
    const why = reason(judgeAcceptance(request(), facts({ permission: null, required: 'triage' })));
    expect(why).toContain('has no permission');
    expect(why).toContain('needs triage');
  });

  it('when policy-replay has no status on the head', () => {
    const why = reason(judgeAcceptance(request(), facts({ status: null })));
    expect(why).toContain('not judged the head c0ffee111111');
    expect(why).toContain('wait');
  });

  it('when the head moved after the report and has no status yet', () => {
    const why = reason(judgeAcceptance(request(), facts({ status: null, reportedHead: OTHER_HEAD })));
    expect(why).toContain('head moved to c0ffee111111');
    expect(why).toContain('new head');
  });

  it('an impact already accepted', () => {
    const verdict = judgeAcceptance(
      request(),
      facts({ status: status({ state: 'success', acceptedBy: 'lead' }) }),
    );
    const why = reason(verdict);
    expect(why).toContain('already accepted by @lead');
    expect(why).toContain('0123456789ab');
  });

  it('a passing check', () => {
    expect(reason(judgeAcceptance(request(), facts({ status: status({ state: 'success' }) })))).toContain(
      'check passes',
    );
  });

  it.each(['pending', 'error'] as const)('a %s check', (state) => {
    const why = reason(judgeAcceptance(request(), facts({ status: status({ state }) })));
    expect(why).toContain(`is ${state}`);
    expect(why).toContain('not a failure');
  });

  it('a digest that is not the impact on the head', () => {
    const body = '/policy-replay accept ffffffffffff';
    const why = reason(judgeAcceptance(request({ body }), facts()));
    expect(why).toContain('is 0123456789ab, not ffffffffffff');
    expect(why).toContain('changed');
  });

  it('a 64-hex digest that differs past its first 12 digits', () => {
    const body = `/policy-replay accept ${DIGEST.slice(0, 63)}0`;
    const why = reason(judgeAcceptance(request({ body }), facts()));
    expect(why).toContain('not 0123456789ab');
  });

  it('a digest matching the head’s impact on no prefix, even if the stale report matched', () => {
    const moved = facts({ status: status({ digest: 'a'.repeat(64) }), reportedHead: OTHER_HEAD });
    expect(reason(judgeAcceptance(request(), moved))).toContain('is aaaaaaaaaaaa, not 0123456789ab');
  });
});

describe('screenRequest', () => {
  it('hands on the prefix, lowercased, when nothing about the sender refuses', () => {
    expect(
      screenRequest(request({ body: `/policy-replay accept ${DIGEST.toUpperCase()}` }), 'author'),
    ).toEqual({
      outcome: 'screened',
      prefix: DIGEST,
    });
  });
});

describe('judgeAcceptance binds an acceptance to what its author could have read', () => {
  const judgedAt = '2026-12-01T10:00:00Z';

  it('a comment posted after the impact was judged accepts; one posted before does not', () => {
    const judged = facts({ statusCreatedAt: judgedAt });
    expect(judgeAcceptance(request({ createdAt: '2026-12-01T10:05:00Z' }), judged).outcome).toBe('accept');
    expect(reason(judgeAcceptance(request({ createdAt: '2026-12-01T09:55:00Z' }), judged))).toMatch(
      /was judged after this comment was posted/,
    );
  });

  it('a comment whose time or whose status time is unknown is refused (fails closed)', () => {
    expect(
      reason(judgeAcceptance(request({ createdAt: 'not a time' }), facts({ statusCreatedAt: judgedAt }))),
    ).toMatch(/judged after this comment/);
    expect(
      reason(judgeAcceptance(request({ createdAt: judgedAt }), facts({ statusCreatedAt: null }))),
    ).toMatch(/judged after this comment/);
  });

  it('a review accepts only the impact of the head it was submitted on', () => {
    const review = { source: 'review' as const, reviewState: 'APPROVED' };
    expect(judgeAcceptance(request({ ...review, commitId: HEAD }), facts()).outcome).toBe('accept');
    expect(reason(judgeAcceptance(request({ ...review, commitId: OTHER_HEAD }), facts()))).toMatch(
      new RegExp(`submitted on ${OTHER_HEAD.slice(0, 12)}, not on the head ${HEAD.slice(0, 12)}`),
    );
    expect(reason(judgeAcceptance(request({ ...review, commitId: null }), facts()))).toMatch(
      /an unknown commit/,
    );
  });

  it('digits two impacts of the pull request share are refused: more are needed', () => {
    expect(reason(judgeAcceptance(request(), facts({ ambiguousPrefix: true })))).toMatch(
      /another impact of this pull request also starts with 0123456789ab: write more digits/,
    );
  });
});
