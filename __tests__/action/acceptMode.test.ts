import { describe, it, expect } from '@jest/globals';
import { eventRequest, withAcceptedHeadline } from '../../src/action/acceptMode.js';
import type { RunContext } from '../../src/action/context.js';
import { impactBlock, readImpactBlock, type ImpactBlock } from '../../src/acceptance/hiddenBlock.js';

function context(eventName: string, event: Record<string, unknown>): RunContext {
  return {
    eventName,
    event,
    owner: 'acme',
    repo: 'gateway',
    workspace: '/tmp/ws',
    apiUrl: 'https://api.github.com',
    serverUrl: 'https://github.com',
    runId: '42',
    runAttempt: '1',
    step: 'accept',
    sha: null,
    ref: null,
    tempDir: '/tmp',
  };
}

const BODY = '/policy-replay accept 0123456789ab';

function commentEvent(overrides: Record<string, unknown> = {}, issue: Record<string, unknown> = {}) {
  return {
    action: 'created',
    issue: {
      number: 7,
      pull_request: { url: 'https://api.github.com/repos/acme/gateway/pulls/7' },
      ...issue,
    },
    comment: { id: 1001, body: BODY },
    ...overrides,
  };
}

function reviewEvent(overrides: Record<string, unknown> = {}) {
  return {
    action: 'submitted',
    pull_request: { number: 8 },
    review: { id: 2002, body: BODY, state: 'approved' },
    ...overrides,
  };
}

describe('eventRequest', () => {
  it('reads a comment created on a pull request', () => {
    expect(eventRequest(context('issue_comment', commentEvent()))).toEqual({
      pullNumber: 7,
      source: 'comment',
      id: 1001,
      body: BODY,
    });
  });

  it('reads a comment without a body as empty', () => {
    expect(eventRequest(context('issue_comment', commentEvent({ comment: { id: 3, body: null } })))).toEqual({
      pullNumber: 7,
      source: 'comment',
      id: 3,
      body: '',
    });
  });

  it('ignores a comment on an issue', () => {
    const event = commentEvent();
    delete (event.issue as Record<string, unknown>).pull_request;
    const result = eventRequest(context('issue_comment', event));
    expect(result).toEqual({ ignored: expect.stringContaining('on an issue') });
  });

  it.each(['edited', 'deleted'])('ignores an issue_comment %s event', (action) => {
    const result = eventRequest(context('issue_comment', commentEvent({ action })));
    expect(result).toEqual({ ignored: expect.stringContaining(`issue_comment ${action}`) });
  });

  it('ignores a comment event naming no comment id or no number', () => {
    expect(eventRequest(context('issue_comment', commentEvent({ comment: { body: BODY } })))).toEqual({
      ignored: expect.stringContaining('names no pull request'),
    });
    expect(eventRequest(context('issue_comment', commentEvent({}, { number: '7' })))).toEqual({
      ignored: expect.stringContaining('names no pull request'),
    });
  });

  it('reads a submitted review', () => {
    expect(eventRequest(context('pull_request_review', reviewEvent()))).toEqual({
      pullNumber: 8,
      source: 'review',
      id: 2002,
      body: BODY,
    });
  });

  it('reads a review without a body as empty', () => {
    expect(
      eventRequest(context('pull_request_review', reviewEvent({ review: { id: 5, body: null } }))),
    ).toEqual({
      pullNumber: 8,
      source: 'review',
      id: 5,
      body: '',
    });
  });

  it.each(['edited', 'dismissed'])('ignores a pull_request_review %s event', (action) => {
    expect(eventRequest(context('pull_request_review', reviewEvent({ action })))).toEqual({
      ignored: expect.stringContaining(`pull_request_review ${action}`),
    });
  });

  it('ignores a review event naming no review', () => {
    expect(eventRequest(context('pull_request_review', reviewEvent({ review: {} })))).toEqual({
      ignored: expect.stringContaining('names no pull request or review'),
    });
  });

  it.each([
    'pull_request',
    'pull_request_target',
    'push',
    'pull_request_review_comment',
    'workflow_dispatch',
  ])('ignores a %s event', (name) => {
    expect(eventRequest(context(name, commentEvent()))).toEqual({
      ignored: expect.stringContaining(`not ${name}`),
    });
  });
});

describe('withAcceptedHeadline', () => {
  const DIGEST = '0123456789abcdef'.repeat(4);
  const BLOCK: ImpactBlock = {
    digest: DIGEST,
    head: 'a'.repeat(40),
    judged: { against: 'base-tip', base: 'b'.repeat(40), head: 'c'.repeat(40) },
    failed: ['newly-allowed'],
    accepted_by: null,
  };
  const body = (headline: string, block = BLOCK) =>
    [
      '<!-- policy-replay -->',
      `## ${headline}`,
      '',
      'Some details.',
      '## Changes',
      '| request | base | head |',
      '',
      impactBlock(block),
      '',
    ].join('\n');

  it('replaces the first headline only, and records the acceptor in the block', () => {
    const before = body('❌ 3 requests newly allowed — review needed');
    const after = withAcceptedHeadline(before, 'lead', DIGEST);
    const lines = after.split('\n');
    expect(lines[1]).toBe('## ✅ accepted by @lead for 0123456789ab — 3 requests newly allowed');
    expect(lines[4]).toBe('## Changes');
    expect(readImpactBlock(after)).toEqual({ ...BLOCK, accepted_by: 'lead' });
    // Nothing else changed.
    const unchanged = (text: string) => text.split('\n').filter((_, i) => i !== 1 && i !== 7);
    expect(unchanged(after)).toEqual(unchanged(before));
  });

  it('keeps a headline already accepted, but updates the block', () => {
    const accepted = '✅ accepted by @first for 0123456789ab — 3 requests newly allowed';
    const after = withAcceptedHeadline(body(accepted, { ...BLOCK, accepted_by: 'first' }), 'second', DIGEST);
    expect(after.split('\n')[1]).toBe(`## ${accepted}`);
    expect(readImpactBlock(after)?.accepted_by).toBe('second');
  });

  it('leaves a body without headline or block as it was', () => {
    const plain = 'no headline here\n# a title\n### a smaller one\n';
    expect(withAcceptedHeadline(plain, 'lead', DIGEST)).toBe(plain);
  });

  it('changes the headline when there is no block', () => {
    const after = withAcceptedHeadline('## ❌ could not be judged — the replay failed\nrest', 'lead', DIGEST);
    expect(after).toBe(
      '## ✅ accepted by @lead for 0123456789ab — could not be judged — the replay failed\nrest',
    );
  });
});
